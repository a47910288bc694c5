"""The desk in a real browser: Debian's chromium, driven through its chromedriver by Selenium.

Each step saves a screenshot under pytest's temporary directory (``desk-screenshots/``), the
artefact to look at when a step fails. The tests skip, saying why, only where no chromium and
chromedriver are installed (``apt-get install chromium chromium-driver``); nothing here may
download a browser or a driver.
"""

from __future__ import annotations

import base64
import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from desk_server import CASES, Desk, chromium, running

FOUND = chromium()
# one browser and one desk for the module, its tests in order: on one pytest-xdist worker
# (--dist loadfile, pyproject.toml)
pytestmark = pytest.mark.skipif(FOUND is None, reason="no chromium and chromedriver installed "
                                "(apt-get install chromium chromium-driver): the desk's browser tests need them")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--no-first-run", "--disable-sync", "--window-size=1400,1000"]

TYPED = (CASES / "euchre" / "revoke-established.ttn").read_text("utf-8").split("[Game", 1)[1]
TYPED = "[Game" + TYPED.replace("deal E: TH QS 9S AD TC", "deal E: TH QS 9S AD TX")  # the typing mistake
MISTAKE_LINE = TYPED.splitlines().index("deal E: TH QS 9S AD TX") + 1
REVOKE_LINE = next(n for n, line in enumerate(TYPED.splitlines(), 1) if line.startswith("trick 3:"))

HOSTILE = """[Game "euchre"]
[Event "<script>alert(1)</script>"]
[Site "><img src=x onerror=alert(2)>"]
[Players "N E S W"]
[Partners "N-S E-W"]

hand 1 dealer W
upcard 9H
N pass, E pass, S order
W discard TS

[Game "euchre"]
[Players "<img src=x onerror=alert(3)> E S W"]
"""


@pytest.fixture(scope="module")
def shots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("desk-screenshots")


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    folder = tmp_path_factory.mktemp("desk-files")
    dispute = folder / "lead-out-of-turn-dispute.ttn"
    dispute.write_text((CASES / "euchre" / "lead-out-of-turn-dispute.ttn").read_text("utf-8"), "utf-8")
    hostile = folder / "hostile.ttn"
    hostile.write_text(HOSTILE, "utf-8")
    return [str(dispute), str(hostile)]


@pytest.fixture(scope="module")
def desk(files: list[str]) -> Iterator[Desk]:
    yield from running(*files)


@pytest.fixture(scope="module")
def downloads(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("desk-downloads")


@pytest.fixture(scope="module")
def browser(downloads: Path) -> Iterator[Any]:
    webdriver = pytest.importorskip("selenium.webdriver", reason="selenium is not installed (pip install -e '.[dev]')")
    from selenium.webdriver.chrome.service import Service

    assert FOUND is not None
    binary, driver_path = FOUND
    os.environ["SE_OFFLINE"] = "true"  # Selenium Manager, should it ever run, may not download anything
    options = webdriver.ChromeOptions()
    options.binary_location = binary
    for flag in FLAGS:
        options.add_argument(flag)
    options.add_experimental_option("prefs", {"download.default_directory": str(downloads),
                                              "download.prompt_for_download": False,
                                              "profile.default_content_setting_values.automatic_downloads": 1})
    options.set_capability("unhandledPromptBehavior", "accept")
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(executable_path=driver_path), options=options)
    driver.set_page_load_timeout(60)
    try:
        yield driver
    finally:
        driver.quit()


def wait(driver: Any, condition: Callable[[Any], Any], what: str, timeout: float = 30) -> Any:
    from selenium.common.exceptions import TimeoutException
    from selenium.webdriver.support.ui import WebDriverWait

    try:
        return WebDriverWait(driver, timeout, poll_frequency=0.1).until(condition)
    except TimeoutException:
        raise AssertionError(f"the page never showed {what}: status {status(driver)!r}") from None


def screenshot(driver: Any, path: Path) -> None:
    """The page as it is, a step's artefact (the viewport, as Selenium's screenshot): a JPEG, which
    the browser encodes in well under half the CPU of Selenium's PNG, which had cost an eighth of
    this file's."""
    shot = driver.execute_cdp_cmd("Page.captureScreenshot",
                                  {"format": "jpeg", "quality": 80, "optimizeForSpeed": True})
    path.write_bytes(base64.b64decode(shot["data"]))


def status(driver: Any) -> str:
    return str(driver.execute_script("return document.getElementById('status').textContent"))


def css(driver: Any, selector: str) -> list[Any]:
    from selenium.webdriver.common.by import By

    return list(driver.find_elements(By.CSS_SELECTOR, selector))


def text_of(driver: Any, element_id: str) -> str:
    return str(driver.execute_script(f"return document.getElementById('{element_id}').textContent"))


def text_value(driver: Any) -> str:
    return str(driver.find_element("id", "text").get_attribute("value"))


def checked(driver: Any) -> int:
    return int(driver.execute_script("return Number(document.body.dataset.checked || 0)"))


def replace_text(driver: Any, text: str) -> None:
    """The editor's text replaced, as the page sees a typed change (not a paste)."""
    driver.execute_script("const a = document.getElementById('text'); a.value = arguments[0];"
                          "a.dispatchEvent(new Event('input'));", text)


def open_desk(driver: Any, desk: Desk) -> None:
    # the last test's changes are let go: the page would ask before leaving them
    driver.execute_script("try { desk.baseline = document.getElementById('text').value } catch (e) {}")
    driver.get(desk.url)
    wait(driver, lambda d: checked(d) > 0, "a first check")


def test_typing_marks_the_mistake_at_its_line_then_steps_to_the_revoke(browser: Any, desk: Desk, shots: Path) -> None:
    from selenium.webdriver.common.keys import Keys

    open_desk(browser, desk)
    browser.execute_script("document.getElementById('new').click()")  # the euchre template, then typed over
    wait(browser, lambda d: "Fill it in" in d.find_element("id", "text").get_attribute("value"), "the template")
    screenshot(browser, shots / "1-template.jpg")
    area = browser.find_element("id", "text")
    area.send_keys(Keys.CONTROL, "a")
    area.send_keys(Keys.DELETE)
    area.send_keys(TYPED)
    marker = f'#gutter [data-line="{MISTAKE_LINE}"].error'
    wait(browser, lambda d: css(d, marker), f"the error marker at line {MISTAKE_LINE}")
    assert "'TX' is not a card" in css(browser, marker)[0].get_attribute("title")
    assert any(f"line {MISTAKE_LINE}:" in li.text and "TX" in li.text for li in css(browser, "#problems li.error"))
    screenshot(browser, shots / "2-typing-mistake.jpg")

    # fix it: select the bad card and type the right one
    start = TYPED.index("AD TX") + 3
    browser.execute_script("const a = document.getElementById('text'); a.focus();"
                           "a.setSelectionRange(arguments[0], arguments[1]);",
                           start, start + 2)
    area.send_keys("TC")
    wait(browser, lambda d: not css(d, "#gutter .error") and css(d, f'#gutter [data-line="{REVOKE_LINE}"].finding'),
         f"the mistake's marker gone and the revoke's at line {REVOKE_LINE}")
    screenshot(browser, shots / "3-fixed.jpg")

    # step trick by trick from the deal to the trick with the revoke
    browser.find_element("id", "first").click()
    body = browser.find_element("tag name", "body")
    for _ in range(6):
        if css(browser, '#now .finding-box[data-rule="euchre.revoke.established"]'):
            break
        body.send_keys(Keys.ARROW_DOWN)
    boxes = css(browser, '#now .finding-box[data-rule="euchre.revoke.established"]')
    assert boxes, "stepping trick by trick never showed the revoke"
    assert "trick 3" in text_of(browser, "where")
    assert "W played KC to spades in trick 3" in boxes[0].text and "Penalty:" in boxes[0].text
    assert css(browser, '.trick-card.bad[data-card="KC"]') and css(browser, '.card.red[data-card="QD"]')
    ledger = [row.text for row in css(browser, "#ledger tr")]
    assert ledger[1:] == ["N-S scores 2 points W revoked in trick 3 euchre.revoke.established", "In all: N-S +2 points"]
    assert len(css(browser, "#chart svg polyline")) == 2 and "N-S 2" in text_of(browser, "chart")
    screenshot(browser, shots / "4-revoke.jpg")
    # card by card: one step back is W's KC itself, one more is S's lead, before the revoke
    body.send_keys(Keys.ARROW_LEFT)
    body.send_keys(Keys.ARROW_LEFT)
    body.send_keys(Keys.ARROW_LEFT)
    assert "S plays AS" in text_of(browser, "step-text") and not css(browser, "#now .finding-box")


def test_a_lead_out_of_turn_is_settled_with_a_click(browser: Any, desk: Desk, shots: Path) -> None:
    from selenium.webdriver.support.ui import Select

    open_desk(browser, desk)  # the first file named at start is opened
    wait(browser, lambda d: css(d, "#settle button.option"), "the settle buttons")
    assert "E takes back 9S" in text_of(browser, "settle")
    before = checked(browser)
    screenshot(browser, shots / "5-lead-out-of-turn.jpg")
    css(browser, '#settle button.option[data-line="E retract 9S"]')[0].click()
    wait(browser, lambda d: checked(d) > before and "E retract 9S" in text_value(d),
         "the answer added and checked")
    assert "N to lead to trick 2" in text_of(browser, "settle")
    screenshot(browser, shots / "6-taken-back.jpg")

    # under the Somerset rule N-S then choose; a click calls the suit
    before = checked(browser)
    rules = browser.find_element("id", "rules")
    rules.send_keys("out-of-turn=somerset")
    call = '#settle button.option[data-line="N call spades"]'
    wait(browser, lambda d: checked(d) > before and css(d, call), "N-S's choice")
    screenshot(browser, shots / "7-somerset-choice.jpg")
    before = checked(browser)
    css(browser, '#settle button.option[data-line="N call spades"]')[0].click()
    wait(browser, lambda d: checked(d) > before, "the check after the call")
    assert browser.find_element("id", "text").get_attribute("value").rstrip().endswith("E retract 9S\nN call spades")
    assert not css(browser, "#settle button.option")
    screenshot(browser, shots / "8-called.jpg")
    Select(browser.find_element("id", "files")).select_by_index(1)  # leave for the next test in a known state


SETTLED_BY_NAME = [  # (case, the option's button, what the ruling shows once it is chosen)
    ("euchre/partner-of-lone-player-choice-open.ttn", "E call alone", ("contract", "alone: S")),
    ("boston/little-misere-lead-before-discards.ttn", "A call claim", ("ledger", "boston.misere.error")),
    ("auction-pitch/dealer-exposes-card-dispute.ttn", "A call deal-stands", ("settle", "B to bid or pass")),
]


@pytest.mark.parametrize("case, line, shown", SETTLED_BY_NAME, ids=[c.split("/")[0] for c, _, _ in SETTLED_BY_NAME])
def test_a_choice_no_penalty_line_answered_is_settled_with_a_click(browser: Any, desk: Desk, shots: Path, case: str,
                                                                   line: str, shown: tuple[str, str]) -> None:
    """The euchre defenders' election, the boston misère claim and auction-pitch's deal-stands
    are answered by `call OPTION`: each option is a button, and the click adds its line."""
    open_desk(browser, desk)
    text = (CASES / case).read_text("utf-8")
    before = checked(browser)
    browser.execute_script("const a = document.getElementById('text'); a.value = arguments[0];"
                           "a.dispatchEvent(new Event('input'));", text)
    button = f'#settle button.option[data-line="{line}"]'
    wait(browser, lambda d: checked(d) > before and css(d, button), f"the button for {line!r}")
    assert not css(browser, "#settle .note")  # every option of the choice has its button
    where, what = shown
    assert what not in text_of(browser, where)
    name = case.split("/")[0]
    screenshot(browser, shots / f"12-{name}-choice.jpg")
    before = checked(browser)
    css(browser, button)[0].click()
    wait(browser, lambda d: checked(d) > before and what in text_of(d, where), f"{what!r} in #{where} after the click")
    assert text_value(browser).rstrip().endswith(line) and not css(browser, "#settle button.option")
    player, _, option = line.split()
    assert f"{player} chooses: {option}" in text_of(browser, "step-text")  # not "the right to a penalty"
    screenshot(browser, shots / f"13-{name}-settled.jpg")


def test_hostile_text_stays_text(browser: Any, desk: Desk, shots: Path) -> None:
    from selenium.common.exceptions import NoAlertPresentException
    from selenium.webdriver.support.ui import Select

    open_desk(browser, desk)
    before = checked(browser)
    Select(browser.find_element("id", "files")).select_by_visible_text("hostile.ttn")
    wait(browser, lambda d: checked(d) > before, "the hostile file checked")
    wait(browser, lambda d: "<script>alert(1)</script>" in text_of(d, "contract"), "the event shown")
    assert "Site: ><img src=x onerror=alert(2)>" in text_of(browser, "contract")
    problems = text_of(browser, "problems")
    assert "player '<img' is not a name" in problems and "'onerror=alert(3)>'" in problems
    assert not css(browser, "img") and not css(browser, "script:not([src])")
    with pytest.raises(NoAlertPresentException):
        _ = browser.switch_to.alert.text
    screenshot(browser, shots / "9-hostile.jpg")


def test_another_hand_is_chosen_and_replayed(browser: Any, desk: Desk, shots: Path) -> None:
    from selenium.webdriver.support.ui import Select

    open_desk(browser, desk)
    text = (CASES / "euchre" / "two-games-one-file.ttn").read_text("utf-8")
    before = checked(browser)
    browser.execute_script("const a = document.getElementById('text'); a.value = arguments[0];"
                           "a.dispatchEvent(new Event('input'));", text)
    wait(browser, lambda d: checked(d) > before and len(css(d, "#hand option")) == 3, "three hands to choose from")
    before = checked(browser)
    Select(browser.find_element("id", "hand")).select_by_value("0:0")
    wait(browser, lambda d: checked(d) > before, "the first hand checked")
    assert browser.find_element("id", "hand").get_attribute("value") == "0:0"
    assert text_of(browser, "step-text") == "The deal" and len(css(browser, ".seat")) == 4
    browser.find_element("id", "last").click()
    assert "step" in text_of(browser, "where") and css(browser, ".trick-card")
    screenshot(browser, shots / "10-another-hand.jpg")


def test_an_uploaded_transcript_is_checked_but_never_saved(browser: Any, desk: Desk, shots: Path,
                                                           tmp_path: Path) -> None:
    upload = tmp_path / "from-the-club.ttn"
    upload.write_text((CASES / "auction-pitch" / "notation-example-dispute.ttn").read_text("utf-8"), "utf-8")
    open_desk(browser, desk)
    before = checked(browser)
    browser.find_element("id", "upload").send_keys(str(upload))
    wait(browser, lambda d: checked(d) > before and "from-the-club.ttn" in text_of(d, "filename"), "the upload checked")
    assert browser.find_element("id", "text").get_attribute("value") == upload.read_text("utf-8")
    assert browser.find_element("id", "save").text == "Save over lead-out-of-turn-dispute.ttn…"  # it asks first
    assert css(browser, "#settle button.option") and len(css(browser, ".seat")) == 5
    screenshot(browser, shots / "11-uploaded.jpg")


def test_the_ruling_and_the_verdict_download(browser: Any, desk: Desk, shots: Path, downloads: Path) -> None:
    import time

    open_desk(browser, desk)  # the lead out of turn, named first at start
    for button in ("dl-html", "dl-md", "dl-json"):
        browser.find_element("id", button).click()
    names = ("lead-out-of-turn-dispute.ruling.html", "lead-out-of-turn-dispute.ruling.md",
             "lead-out-of-turn-dispute.verdict.json")
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and not all((downloads / name).exists() for name in names):
        time.sleep(0.2)
    text = browser.find_element("id", "text").get_attribute("value")
    assert (downloads / names[2]).read_text("utf-8") == desk.request("api/check", text).text()
    assert "<h1>Ruling:" in (downloads / names[0]).read_text("utf-8")
    assert "lead-out-of-turn" in (downloads / names[1]).read_text("utf-8")


# ---- the table as a hand viewer, at a desktop's size and a phone's --------------------------------
SIZES = {"1400x1000": (1400, 1000), "390x844": (390, 844), "1600x1000": (1600, 1000), "360x740": (360, 740)}
"""The issue's two sizes, and the widest and narrowest it names."""
GAMES = ("euchre", "auction-pitch", "boston", "french-boston")
IN_TURN = ("play", "pass", "bid", "order", "discard", "namesuit", "alone", "sell", "refuse", "pitch", "demand",
           "accept", "keep")

MEASURE = (Path(__file__).resolve().parent / "desk_measure.js").read_text("utf-8")


CHART_LABELS = """
const problems = [];
for (const chart of document.querySelectorAll("#chart svg")) {
  const frame = chart.getBoundingClientRect();
  const boxes = [...chart.querySelectorAll("text.legend")].map((t) => [t.textContent, t.getBoundingClientRect()]);
  boxes.forEach(([text, r], k) => {
    if (r.top < frame.top || r.bottom > frame.bottom || r.right > frame.right + 1) problems.push(`${text} is clipped`);
    for (const [other, q] of boxes.slice(k + 1)) {
      if (r.top < q.bottom - 1 && q.top < r.bottom - 1) problems.push(`${text} overlaps ${other}`);
    }
  });
}
return problems;
"""


@pytest.fixture(scope="module")
def club_nights(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    import random

    from referee.games import registry

    return {game: registry()[game].random_game(random.Random(11), 10) for game in GAMES}


def measured(browser: Any, size: str) -> list[str]:
    """The table measured at every step of the hand shown, the window at `size`: a resize reflows
    the page as a load at that size lays it out (the layout is CSS only, the chart an SVG with a
    viewBox), so each game's page is loaded once and measured at every size."""
    browser.set_window_size(*SIZES[size])
    return [f"{size}: {problem}" for problem in browser.execute_script(MEASURE, list(IN_TURN))]


@pytest.mark.parametrize("game", GAMES)
def test_a_ten_hand_game_fits_reads_sorted_and_marks_the_turn(browser: Any, desk: Desk, shots: Path,
                                                              club_nights: dict[str, str], game: str) -> None:
    """Every step of the last hand and of the fifth, at each size: nothing outside the page, no
    seat over another, under a trick card or over the stepping buttons, each hand by suit (trumps
    first, colours alternating) high to low, and the turn marker on the player who acts next."""
    from selenium.webdriver.support.ui import Select

    try:
        open_desk(browser, desk)
        before = checked(browser)
        browser.execute_script("const a = document.getElementById('text'); a.value = arguments[0];"
                               "a.dispatchEvent(new Event('input'));", club_nights[game])
        wait(browser, lambda d: checked(d) > before and len(css(d, "#hand option")) == 10, "ten hands")
        assert not browser.execute_script("return desk.verdict.files[0].errors.length")
        problems = [problem for size in SIZES for problem in measured(browser, size)]
        assert problems == [], problems[:8]
        before = checked(browser)
        Select(browser.find_element("id", "hand")).select_by_index(4)
        wait(browser, lambda d: checked(d) > before, "the fifth hand")
        for size in SIZES:
            problems = measured(browser, size)
            assert problems == [], problems[:8]
            screenshot(browser, shots / f"20-{game}-{size}.jpg")
            # the chart: the pool on a panel of its own (the bostons), no label over another or outside its panel
            assert bool(css(browser, "#chart svg.pool")) == (game in ("boston", "french-boston"))
            labels = browser.execute_script(CHART_LABELS)
            assert labels == [], (size, labels)
        assert [e for e in browser.get_log("browser") if e["level"] == "SEVERE"] == []  # no console errors
    finally:
        browser.set_window_size(1400, 1000)


def test_seven_players_fit_too(browser: Any, desk: Desk) -> None:
    """Auction Pitch for seven, at each size: three edges hold two seats each, and seven cards
    share the middle."""
    try:
        open_desk(browser, desk)
        before = checked(browser)
        replace_text(browser, (CASES / "auction-pitch" / "seed-bidder-goes-out-first.ttn").read_text("utf-8"))
        wait(browser, lambda d: checked(d) > before and len(css(d, ".seat")) == 7, "seven seats")
        problems = [problem for size in SIZES for problem in measured(browser, size)]
        assert problems == [], problems[:8]
    finally:
        browser.set_window_size(1400, 1000)


def test_the_auction_tricks_and_last_trick_are_shown(browser: Any, desk: Desk) -> None:
    open_desk(browser, desk)
    text = (CASES / "euchre" / "revoke-established.ttn").read_text("utf-8")
    before = checked(browser)
    browser.execute_script("const a = document.getElementById('text'); a.value = arguments[0];"
                           "a.dispatchEvent(new Event('input'));", text)
    wait(browser, lambda d: checked(d) > before and css(d, "#tricks button"), "the tricks")
    assert [th.text for th in css(browser, "table.auction th")] == ["N", "E", "S", "W"]
    assert [td.text for td in css(browser, "table.auction td[data-step]")] == ["passes", "passes", "orders up"]
    css(browser, '#tricks button[data-trick="2"]')[0].click()
    assert "trick 2" in text_of(browser, "where") and len(css(browser, ".trick-card")) == 4
    browser.find_element("id", "forward").click()  # the first card of trick 3: trick 2 is the last quitted
    browser.find_element("id", "last-trick").click()
    assert "last trick: 2" in text_of(browser, "felt") and len(css(browser, ".trick-card")) == 4
    assert "turned" in text_of(browser, "felt") and "trump ♥" in text_of(browser, "felt")

    # Boston: B bids before Y has spoken; the call is marked, Y's turn left empty in the table
    before = checked(browser)
    replace_text(browser, (CASES / "boston" / "bid-out-of-turn.ttn").read_text("utf-8"))
    wait(browser, lambda d: checked(d) > before and css(d, "table.auction td.bad"), "the bid out of turn marked")
    rows = [[td.text for td in tr.find_elements("css selector", "td")] for tr in css(browser, "table.auction tr")[1:]]
    assert [th.text for th in css(browser, "table.auction th")] == ["A", "Y", "B", "Z"]
    assert rows[0] == ["6", "", "7 !", "passes"] and rows[1][:2] == ["passes", "passes"]
    assert "bid-out-of-turn" in css(browser, "table.auction td.bad")[0].get_attribute("title")


def test_a_typo_and_bad_house_rules_keep_the_hands_and_say_what_is_wrong(browser: Any, desk: Desk) -> None:
    open_desk(browser, desk)
    assert len(css(browser, ".seat")) == 4
    before = checked(browser)
    browser.execute_script("const a = document.getElementById('text'); a.value = arguments[0];"
                           "a.dispatchEvent(new Event('input'));", TYPED)
    wait(browser, lambda d: checked(d) > before, "the typo checked")
    trouble = text_of(browser, "trouble")
    assert f"line {MISTAKE_LINE}" in trouble and "'TX' is not a card" in trouble and "as it last read" in trouble
    assert len(css(browser, ".seat")) == 4  # the table as it last read
    before = checked(browser)
    browser.execute_script("const a = document.getElementById('text'); a.value = arguments[0];"
                           "a.dispatchEvent(new Event('input'));", TYPED.replace("AD TX", "AD TC"))
    wait(browser, lambda d: checked(d) > before and not text_of(d, "trouble"), "the typo put right")
    before = checked(browser)
    browser.find_element("id", "rules").send_keys("stick-the-deale")
    wait(browser, lambda d: checked(d) > before and text_of(d, "rules-error"), "the house rules' error")
    said = text_of(browser, "rules-error")
    assert "no rule 'stick-the-deale'" in said and "did you mean 'stick-the-dealer'?" in said, said
    assert "--rules" not in said and len(css(browser, ".seat")) == 4 and css(browser, "#tricks button")
    browser.find_element("id", "rules").clear()


def test_unsaved_changes_are_marked_and_kept_unless_discarded(browser: Any, desk: Desk) -> None:
    from selenium.webdriver.support.ui import Select

    open_desk(browser, desk)
    assert "unsaved" not in text_of(browser, "filename")
    assert browser.find_element("id", "save").text == "Save to lead-out-of-turn-dispute.ttn"
    browser.find_element("id", "text").send_keys("# a note")
    wait(browser, lambda d: "unsaved changes" in text_of(d, "filename"), "the unsaved mark")
    assert browser.title.startswith("●")
    browser.find_element("id", "new").click()
    alert = browser.switch_to.alert
    assert "unsaved changes" in alert.text
    alert.dismiss()
    assert text_value(browser).endswith("# a note") and "lead-out-of-turn-dispute.ttn" in text_of(browser, "filename")
    Select(browser.find_element("id", "files")).select_by_visible_text("hostile.ttn")  # Open asks too
    alert = browser.switch_to.alert
    assert "Open hostile.ttn" in alert.text
    alert.dismiss()
    assert text_value(browser).endswith("# a note")
    assert browser.find_element("id", "files").get_attribute("value") == "0"


def test_a_pasted_transcript_is_not_saved_over_the_file_without_asking(browser: Any, tmp_path: Path,
                                                                       downloads: Path) -> None:
    import time

    club = tmp_path / "club.ttn"
    original = (CASES / "euchre" / "lead-out-of-turn-dispute.ttn").read_text("utf-8")
    club.write_text(original, "utf-8")
    pasted = (CASES / "boston" / "lead-out-of-turn-pending.ttn").read_text("utf-8")
    pasted = pasted.replace('[Players "A Y B Z"]', '[Date "2026-11-30"]\n[Players "A Y B Z"]')
    for own in running(str(club)):
        open_desk(browser, own)
        first = checked(browser)
        browser.execute_script("""
            const a = document.getElementById('text'), data = new DataTransfer();
            data.setData('text/plain', arguments[0]);
            a.focus(); a.select();
            a.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
            a.value = arguments[0]; a.dispatchEvent(new Event('input'));""", pasted)
        wait(browser, lambda d, first=first: checked(d) > first and "pasted" in text_of(d, "filename"), "a paste")
        save = browser.find_element("id", "save")
        assert save.text == "Save over club.ttn…" and "unsaved changes" in text_of(browser, "filename")
        browser.find_element("id", "dl-html").click()  # not in a file: named after its game and date
        ruling = downloads / "boston-2026-11-30.ruling.html"
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and not ruling.exists():
            time.sleep(0.2)
        assert "<h1>Ruling:" in ruling.read_text("utf-8")
        save.click()
        alert = browser.switch_to.alert
        assert "club.ttn" in alert.text
        alert.dismiss()
        assert club.read_text("utf-8") == original and "not saved" in status(browser)
        save.click()
        browser.switch_to.alert.accept()
        wait(browser, lambda d: "saved" in status(d) and "not" not in status(d), "the save")
        assert club.read_text("utf-8") == pasted
        assert browser.find_element("id", "save").text == "Save to club.ttn"
        assert "unsaved" not in text_of(browser, "filename")


def test_a_save_on_a_full_disk_leaves_the_file_as_it_was(browser: Any, tmp_path: Path) -> None:
    """The desk's Save on a full disk (here, a file-size limit on the desk): the page says it was
    not saved, the transcript on disk is whole, and no temporary file is left (issue 27)."""
    club = tmp_path / "club.ttn"
    original = (CASES / "euchre" / "lead-out-of-turn-dispute.ttn").read_text("utf-8")
    club.write_text(original, "utf-8")
    desk = Desk(str(club), file_size=len(original.encode()) + 200)
    try:
        open_desk(browser, desk)
        longer = original + "".join(f"# a note on the evening, line {n}\n" for n in range(200))
        first = checked(browser)
        replace_text(browser, longer)
        wait(browser, lambda d, first=first: checked(d) > first, "the check of the longer text")
        browser.find_element("id", "save").click()
        wait(browser, lambda d: "not saved" in status(d) or "full" in status(d), "the refused save")
        assert club.read_text("utf-8") == original
        assert sorted(p.name for p in tmp_path.iterdir()) == ["club.ttn"]
        assert "unsaved" in text_of(browser, "filename")  # the text is still the page's, marked unsaved
    finally:
        desk.stop()


def test_tied_scores_share_a_label_and_the_pool_has_its_own_panel(browser: Any, desk: Desk) -> None:
    open_desk(browser, desk)
    before = checked(browser)
    replace_text(browser, (CASES / "boston" / "i-pay-boston.ttn").read_text("utf-8"))
    wait(browser, lambda d: checked(d) > before and css(d, "#chart svg.scores"), "the chart")
    assert [t.text for t in css(browser, "#chart svg.scores text.legend")] == ["A 36", "Y, B, Z -12"]
    assert [t.text for t in css(browser, "#chart svg.pool text.legend")] == ["pool (red) 4"]
    assert len(css(browser, "#chart svg.scores polyline")) == 4 and len(css(browser, "#chart svg.pool polyline")) == 1
    assert browser.execute_script(CHART_LABELS) == []
