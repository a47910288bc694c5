"""The desk's HTTP API, against a real `referee serve` on 127.0.0.1.

`POST /api/check` must answer byte for byte what ``referee check --format json -`` prints for the
same text, for every case; the other routes must keep their promises (templates, the table
view, the lines that settle a choice, reports, the size limit, saving only to a file named at
start, concurrent requests, a clean Ctrl-C).
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from desk_server import CASES, Desk, running
from typer.testing import CliRunner

from referee.cli import app
from referee.desk import DeskError, bind, host_warning
from referee.desk.app import MAX_BODY
from referee.desk.settle import insert_line

ALL_CASES = sorted(CASES.glob("*/*.ttn"))
runner = CliRunner()


def cli_json(text: bytes, rules: str | None = None) -> tuple[str, int]:
    """What ``referee check --format json -`` prints for `text` on standard input."""
    result = runner.invoke(app, ["check", "--format", "json", "-", *(["--rules", rules] if rules else [])], input=text)
    return result.stdout, result.exit_code


@pytest.fixture(scope="module")
def desk() -> Iterator[Desk]:
    yield from running()


@pytest.mark.parametrize("case", ALL_CASES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_check_answers_exactly_what_the_cli_prints(desk: Desk, case: Path) -> None:
    body = case.read_bytes()
    answer = desk.request("api/check", body)
    expected, status = cli_json(body)
    assert answer.status == 200
    assert answer.text() == expected
    assert answer.headers["X-Referee-Exit"] == str(status)


def test_check_matches_the_cli_run_as_a_process_with_house_rules(desk: Desk) -> None:
    body = (CASES / "euchre" / "lead-out-of-turn-dispute.ttn").read_bytes()
    rules = "out-of-turn=somerset; target=11"
    command = [sys.executable, "-m", "referee", "check", "--format", "json", "--rules", rules, "-"]
    done = subprocess.run(command, check=False,
                          input=body, capture_output=True, timeout=120)
    answer = desk.request("api/check", body, {"rules": rules})
    assert answer.body == done.stdout
    assert json.loads(answer.body)["files"][0]["games"][0]["rules"]["target"] == 11


def test_bad_input_is_a_verdict_with_errors_not_a_failure(desk: Desk) -> None:
    for body in (b"", b"\xff\xfe not utf-8", b'[Game "piquet"]\n', b'[Rules "no-such-option"]\n[Game "euchre"]\n'):
        answer = desk.request("api/check", body)
        assert answer.status == 200 and answer.text() == cli_json(body)[0]


def test_a_rules_file_may_not_be_named_by_the_browser(desk: Desk) -> None:
    answer = desk.request("api/check", b"", {"rules": "/etc/club.yaml"})
    assert answer.status == 400 and "inline" in json.loads(answer.body)["error"]


def test_bodies_above_the_limit_get_a_clear_error(desk: Desk) -> None:
    answer = desk.request("api/check", b"#" * (MAX_BODY + 1))
    assert answer.status == 413
    assert "larger than 4 MB" in json.loads(answer.body)["error"]
    assert desk.request("api/check", b"#" * 1000).status == 200


def test_concurrent_checks_give_the_sequential_answers(desk: Desk) -> None:
    bodies = [case.read_bytes() for case in ALL_CASES[::7]] * 3
    expected = [cli_json(body)[0] for body in bodies]
    with ThreadPoolExecutor(8) as pool:
        answers = list(pool.map(lambda body: desk.request("api/check", body).text(), bodies))
    assert answers == expected


def test_templates_are_referee_new(desk: Desk) -> None:
    answer = desk.request("api/template/boston")
    assert answer.status == 200 and answer.text() == runner.invoke(app, ["new", "boston"]).stdout
    assert desk.request("api/template/piquet").status == 404


def test_the_page_and_its_assets_come_from_the_package_and_forbid_foreign_scripts(desk: Desk) -> None:
    page = desk.request("")
    assert page.status == 200 and "/static/desk.js" in page.text()
    assert "script-src 'self'" in page.headers["Content-Security-Policy"]
    assert "http" not in page.text().replace("http-equiv", "")  # nothing fetched from elsewhere
    for name in ("desk.js", "desk.css", "favicon.svg"):
        asset = desk.request(f"static/{name}")
        assert asset.status == 200 and b"http://" not in asset.body.replace(b"http://www.w3.org/2000/svg", b"")
    assert desk.request("static/..%2f__init__.py").status == 404
    assert desk.request("static/app.py").status == 404


def test_a_foreign_host_name_is_refused(desk: Desk) -> None:
    """A web page that renames itself to 127.0.0.1 (DNS rebinding) still sends its own name."""
    assert desk.request("api/state", headers={"Host": "evil.example"}).status == 400


def test_the_view_pins_each_finding_to_its_step(desk: Desk) -> None:
    view = json.loads(desk.request("api/view", (CASES / "euchre" / "revoke-established.ttn").read_bytes()).body)
    hand = view["games"][0]["hands"][0]
    step = hand["steps"][hand["findings"][0]]
    assert (step["line"], step["column"], step["player"], step["card"], step["trick"]) == (17, 16, "W", "KC", 3)
    assert step["table"] == [["S", "AS"], ["W", "KC"]] and "KC" not in step["hands"]["W"]
    last = hand["steps"][-1]
    assert last["won"] == {"N": 1, "E": 1, "S": 3, "W": 0} and last["winner"] == "E"
    assert "9H" not in last["hands"]["W"] and "TS" not in last["hands"]["W"]  # took the upcard, discarded TS
    assert view["games"][0]["rules"]["euchre.revoke.established"]["text"]


def test_only_the_selected_hand_is_sent_step_by_step(desk: Desk) -> None:
    text = (CASES / "euchre" / "two-games-one-file.ttn").read_text("utf-8")
    last = json.loads(desk.request("api/view", text).body)
    games = last["games"]
    assert last["selected"] == [len(games) - 1, len(games[-1]["hands"]) - 1] and games[-1]["hands"][-1]["steps"]
    assert all(h["steps"] is None for g in games[:-1] for h in g["hands"])
    first = json.loads(desk.request("api/view", text, {"game": "0", "hand": "0"}).body)
    assert first["selected"] == [0, 0] and first["games"][0]["hands"][0]["steps"][0]["kind"] == "deal"
    assert json.loads(desk.request("api/view", text, {"game": "0", "hand": "99"}).body)["selected"] == last["selected"]


def test_a_card_taken_back_leaves_the_table_and_the_trick_before_it_stays_won(desk: Desk) -> None:
    text = (CASES / "euchre" / "lead-out-of-turn-dispute.ttn").read_text("utf-8") + "E retract 9S\n"
    steps = json.loads(desk.request("api/view", text).body)["games"][0]["hands"][0]["steps"]
    led, back = steps[-2], steps[-1]
    assert (led["text"], led["trick"], led["table"]) == ("E plays 9S", 2, [["E", "9S"]])
    assert (back["text"], back["trick"], back["table"]) == ("E takes back 9S", 2, [])
    assert "9S" in back["hands"]["E"] and back["won"]["N"] == 1


def test_a_lead_out_of_turn_is_settled_by_taking_the_card_back(desk: Desk) -> None:
    text = (CASES / "euchre" / "lead-out-of-turn-dispute.ttn").read_text("utf-8")
    settle = json.loads(desk.request("api/view", text).body)["settle"]
    assert settle["corrections"] == [{"option": "take-back", "label": "E takes back 9S", "line": "E retract 9S"}]
    after = insert_line(text, settle["after"], "E retract 9S")
    hand = json.loads(desk.request("api/check", after).body)["files"][0]["games"][0]["hands"][0]
    assert hand["next"] == "N to lead to trick 2"
    # under the Somerset rule the innocent side then chooses: a suit or the card, each a line
    settle = json.loads(desk.request("api/view", after, {"rules": "out-of-turn=somerset"}).body)["settle"]
    (choice,) = settle["choices"]
    lines = {o["label"]: o["line"] for o in choice["options"]}
    assert choice["chooser"] == "N-S"
    assert lines == {"call ♠ spades": "N call spades", "call ♥ hearts": "N call hearts",
                     "call ♦ diamonds": "N call diamonds", "call ♣ clubs": "N call clubs", "call 9S": "N call 9S"}
    called = insert_line(after, settle["after"], "N call spades")
    answer = desk.request("api/check", called, {"rules": "out-of-turn=somerset"})
    hand = json.loads(answer.body)["files"][0]["games"][0]["hands"][0]
    assert hand["pending"] == [] and not any(i["kind"] == "inconsistent-transcript" for i in hand["irregularities"])


@pytest.mark.parametrize("case", sorted(p.relative_to(CASES).as_posix() for p in CASES.glob("*/*.ttn")
                                        if "pending" in (p.with_suffix(".expected.yaml").read_text("utf-8")
                                                         if p.with_suffix(".expected.yaml").exists() else "")))
def test_every_answer_offered_for_a_pending_choice_is_accepted_by_the_referee(desk: Desk, case: str) -> None:
    """Each button's line, added to the transcript, answers the choice without a new finding."""
    text = (CASES / case).read_text("utf-8")
    before = json.loads(desk.request("api/check", text).body)
    settle = json.loads(desk.request("api/view", text).body)["settle"]
    if settle is None:
        return  # the pending choice, if any, is not in the last hand: nothing to answer at the end
    for option in [o for c in settle["choices"] for o in c["options"]] + settle["corrections"]:
        if option["line"] is None:
            assert option["note"]
            continue
        after = json.loads(desk.request("api/check", insert_line(text, settle["after"], option["line"])).body)
        assert after["summary"]["errors"] == before["summary"]["errors"]
        hand = after["files"][0]["games"][-1]["hands"][-1]
        old = before["files"][0]["games"][-1]["hands"][-1]
        assert (hand["pending"], hand.get("next"), hand["status"]) != (old["pending"], old.get("next"), old["status"])


def test_reports_download_and_keep_hostile_text_as_text(desk: Desk) -> None:
    hostile = (CASES / "euchre" / "revoke-established.ttn").read_text("utf-8").replace(
        '[Game "euchre"]',
        '[Game "euchre"]\n[Event "<script>alert(1)</script>"]\n[Site "><img src=x onerror=alert(2)>"]')
    html = desk.request("api/report", hostile, {"format": "html"})
    assert html.status == 200 and 'filename="desk-ruling.html"' in html.headers["Content-Disposition"]
    assert "<script>alert(1)" not in html.text() and "&lt;script&gt;alert(1)" in html.text()
    assert "<img src=x" not in html.text()
    markdown = desk.request("api/report", hostile, {"format": "markdown"})
    assert markdown.status == 200 and markdown.headers["Content-Disposition"].endswith('.md"')
    assert desk.request("api/report", hostile, {"format": "pdf"}).status == 400


def test_save_writes_only_to_a_file_named_at_start(tmp_path: Path) -> None:
    named = tmp_path / "tonight.ttn"
    named.write_text("# old\n", "utf-8")
    other = tmp_path / "other.ttn"
    for desk in running(str(named)):
        state = json.loads(desk.request("api/state").body)
        assert [(f["name"], f["text"]) for f in state["files"]] == [("tonight.ttn", "# old\n")]
        header = {"X-Referee-Desk": "save"}
        assert desk.request("api/save", "# new\n", {"file": "0"}).status == 403  # no header: not the desk's page
        assert desk.request("api/save", "# new\n", {"file": "1"}, header).status == 403
        assert desk.request("api/save", "# new\n", {"file": str(other)}, header).status == 403
        assert desk.request("api/save", "# new\n", {"file": "0"}, header).status == 200
    assert named.read_text("utf-8") == "# new\n" and not other.exists()
    for desk in running():
        assert desk.request("api/save", "# new\n", {"file": "0"}, {"X-Referee-Desk": "save"}).status == 403


def test_ctrl_c_stops_the_desk_cleanly() -> None:
    desk = Desk()
    assert desk.request("api/state").status == 200
    status, out, err = desk.stop()
    assert status == 0 and "stopped" in out and "Traceback" not in err


def test_the_command_refuses_what_it_cannot_serve(tmp_path: Path) -> None:
    result = runner.invoke(app, ["serve", "--no-browser", str(tmp_path)])
    assert result.exit_code == 2 and "is a directory" in result.stderr
    taken = bind("127.0.0.1", 0)
    try:
        with pytest.raises(DeskError, match="try another --port"):
            bind("127.0.0.1", taken.getsockname()[1])
    finally:
        taken.close()


def test_a_desk_open_to_the_network_is_announced() -> None:
    assert host_warning("127.0.0.1") is None and host_warning("localhost") is None and host_warning("::1") is None
    warning = host_warning("0.0.0.0")
    assert warning is not None and "anyone" in warning
