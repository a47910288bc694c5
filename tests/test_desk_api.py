"""The desk's HTTP API, against a real `referee serve` on 127.0.0.1.

`POST /api/check` must answer byte for byte what ``referee check --format json -`` prints for the
same text, for every case; the other routes must keep their promises (templates, the table
view, the lines that settle a choice, reports, the size limit, saving only to a file named at
start, concurrent requests, a clean Ctrl-C).
"""

from __future__ import annotations

import asyncio
import errno
import functools
import itertools
import json
import os
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from desk_server import CASES, Desk, running
from starlette.testclient import TestClient
from typer.testing import CliRunner

from referee.cli import app
from referee.desk import DeskError, access_for, bind, host_warning
from referee.desk.app import MAX_BODY, DeskConfig, create_app
from referee.desk.guard import Access
from referee.desk.settle import insert_line
from referee.desk.work import MAX_HELD_BYTES, Limits, Stopped, Work

ALL_CASES = sorted(CASES.glob("*/*.ttn"))
runner = CliRunner()


@functools.cache
def cli_json(text: bytes, rules: str | None = None) -> tuple[str, int]:
    """What ``referee check --format json -`` prints for `text` on standard input: run once for
    each text (its output is deterministic, tests/test_cli.py), as the concurrent checks compare
    cases that the per-case test has run already."""
    result = runner.invoke(app, ["check", "--format", "json", "-", *(["--rules", rules] if rules else [])], input=text)
    return result.stdout, result.exit_code


@pytest.fixture(scope="module")
def desk() -> Iterator[Desk]:
    yield from running()


def client(*files: str, rules: str | None = None) -> TestClient:
    """The desk's application without a socket, as the page on 127.0.0.1 calls it."""
    return TestClient(create_app(DeskConfig(list(files), rules)), base_url="http://127.0.0.1:8750",
                      raise_server_exceptions=False, headers={"X-Referee-Desk": "desk"})


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
    assert desk.request("api/state", headers={"Host": "evil.example:" + desk.url.rsplit(":", 1)[1][:-1]}).status == 400
    assert desk.request("api/state", headers={"Host": "localhost"}).status == 200


def test_a_desk_on_another_loopback_address_serves_its_own_page() -> None:
    for desk in running("--host", "127.0.0.2"):
        assert desk.url.startswith("http://127.0.0.2:")
        assert desk.request("").status == 200 and desk.request("api/state").status == 200
        assert desk.request("api/state", headers={"Host": "evil.example"}).status == 400


@pytest.mark.parametrize("headers", [{"Origin": "http://evil.example"}, {"Origin": "null"},
                                     {"Sec-Fetch-Site": "cross-site"}, {"Sec-Fetch-Site": "same-site"}])
def test_another_web_page_cannot_spend_the_desk(desk: Desk, headers: dict[str, str]) -> None:
    """Any tab of the browser may POST text/plain to the desk without a preflight: refused."""
    body = (CASES / "euchre" / "revoke-established.ttn").read_bytes()
    for path in ("api/check", "api/view", "api/report"):
        assert desk.request(path, body, headers={"Content-Type": "text/plain", **headers}).status == 403


def test_every_post_needs_the_desk_s_header_or_json(desk: Desk) -> None:
    body = (CASES / "euchre" / "revoke-established.ttn").read_bytes()
    for path in ("api/check", "api/view", "api/report"):
        assert desk.request(path, body, headers={"Content-Type": "text/plain"}, page=False).status == 403
    assert desk.request("api/check", body, headers={"Content-Type": "application/json"}, page=False).status == 200
    own = {"Origin": desk.url.rstrip("/"), "Sec-Fetch-Site": "same-origin"}
    assert desk.request("api/check", body, headers=own).status == 200


def test_a_desk_open_to_the_network_needs_its_secret(tmp_path: Path) -> None:
    """Beyond loopback the API needs the secret printed in the address (/?token=…), which the
    page receives as a cookie; a foreign name is refused even with the secret."""
    named = tmp_path / "tonight.ttn"
    named.write_text("# the evening so far\n", "utf-8")
    access = Access(frozenset({"desk-laptop", "club.example"}), "s3cret")
    desk = TestClient(create_app(DeskConfig([str(named)]), access), base_url="http://192.168.1.7:8750",
                      headers={"X-Referee-Desk": "save"})
    assert desk.get("/").status_code == 200  # the page itself holds nothing
    refused = desk.get("api/state")
    assert refused.status_code == 403 and "token" in refused.json()["error"]
    assert desk.post("api/save", content="# lost\n", params={"file": "0"}).status_code == 403
    assert desk.post("api/check", content="").status_code == 403
    assert desk.get("api/state", headers={"X-Referee-Token": "guess"}).status_code == 403
    assert desk.get("api/state", headers={"X-Referee-Token": "s3cret"}).status_code == 200
    opened = desk.get("/", params={"token": "s3cret"})
    assert "HttpOnly" in opened.headers["set-cookie"] and "SameSite=Strict" in opened.headers["set-cookie"]
    assert desk.get("api/state").status_code == 200  # the browser now carries the cookie
    assert desk.post("api/save", content="# new\n", params={"file": "0"}).status_code == 200
    assert desk.get("api/state", headers={"Host": "evil.example:8750"}).status_code == 400  # DNS rebinding
    assert desk.get("api/state", headers={"Host": "CLUB.example:8750"}).status_code == 200
    assert named.read_text("utf-8") == "# new\n"


def test_who_may_use_the_desk_depends_on_where_it_listens() -> None:
    assert access_for("127.0.0.1", []).token is None
    assert access_for("127.0.0.2", []).names >= {"127.0.0.2", "127.0.0.1", "localhost"}
    network = access_for("0.0.0.0", ["Club.Example."])
    assert network.token and len(network.token) >= 24 and network.token != access_for("0.0.0.0", []).token
    assert "club.example" in network.names and "evil.example" not in network.names
    result = runner.invoke(app, ["serve", "--help"])
    assert "--allow-host" in result.stdout


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


def test_the_view_says_whose_turn_it_is_even_when_someone_plays_out_of_turn(desk: Desk) -> None:
    """Boston: B deals, so Z (the eldest) bids first and, A having called, leads; Y leads instead.
    The marker stays on Z before Y's card and moves to A, the caller who must choose, after it."""
    view = json.loads(desk.request("api/view", (CASES / "boston" / "lead-out-of-turn-pending.ttn").read_bytes()).body)
    hand = view["games"][0]["hands"][0]
    turns = [(step["text"], step["turn"]) for step in hand["steps"]]
    assert turns == [("The deal", "Z"), ("The card turned up is 9H", "Z"), ("Z passes", "A"), ("A bids 7", "Y"),
                     ("Y passes", "B"), ("B passes", "Z"), ("Z passes", "A"), ("A names spades", "Z"),
                     ("Y plays 3H", "A")]
    assert [s["trump"] for s in hand["steps"]] == [None] * 7 + ["spades"] * 2  # known once A names it
    assert [s["upcard"] for s in hand["steps"]] == [None] + ["9H"] * 8
    assert [(c["player"], c["call"], c["step"]) for c in hand["auction"]] == [
        ("Z", "passes", 2), ("A", "bids 7", 3), ("Y", "passes", 4), ("B", "passes", 5), ("Z", "passes", 6),
        ("A", "names spades", 7)]
    assert hand["tricks"] == [{"number": 1, "leader": "Y", "plays": [["Y", "3H"]], "winner": None, "step": None}]


def test_french_boston_turns_go_to_the_right(desk: Desk) -> None:
    case = CASES / "french-boston" / "lead-out-of-turn-pending.ttn"
    view = json.loads(desk.request("api/view", case.read_bytes()).body)
    hand = view["games"][0]["hands"][0]
    assert hand["order"] == ["W", "S", "E", "N"]  # [Players "N E S W"] read backwards
    won = next(s for s in hand["steps"] if s["winner"])
    assert won["text"] == "N plays JD" and won["turn"] == "N"  # N won trick 1; W's lead to trick 2 is out of turn
    assert hand["tricks"][0]["step"] == hand["steps"].index(won)


def test_a_regular_hand_passes_the_turn_to_whoever_acts_next(desk: Desk) -> None:
    text = (CASES / "euchre" / "revoke-established.ttn").read_text("utf-8")
    steps = json.loads(desk.request("api/view", text).body)["games"][0]["hands"][0]["steps"]
    acting = [s for s in steps if s.get("player")]
    for step, after in itertools.pairwise(acting):
        assert step["turn"] == after["player"], step["text"]
    assert steps[-1]["turn"] is None  # the hand is over


def test_the_ledger_is_one_line_per_payment_with_totals(desk: Desk) -> None:
    text = (CASES / "boston" / "boston-played-out-takes-pool.ttn").read_text("utf-8")
    view = json.loads(desk.request("api/view", text).body)
    paid = view["games"][0]["hands"][-1]["payments"]
    assert [line["words"] for line in paid["lines"]] == [
        "Y pays A 12 white", "B pays A 12 white", "Z pays A 12 white", "A takes 4 red from the pool (40 white)"]
    assert paid["lines"][0]["cause"] == "A made boston with 6 tricks"
    assert {t["who"]: t["amounts"] for t in paid["totals"]} == {
        "Y": {"white": -12}, "A": {"white": 76}, "B": {"white": -12}, "Z": {"white": -12}, "pool": {"red": -4}}
    gave_up = json.loads(desk.request("api/view", (CASES / "boston" / "caller-gives-up.ttn").read_bytes()).body)
    lines = [line["words"] for line in gave_up["games"][0]["hands"][-1]["payments"]["lines"]]
    assert lines == ["A pays Y 23 white", "A pays B 23 white", "A pays Z 23 white",
                     "A puts 4 red into the pool (40 white)"]
    euchre = json.loads(desk.request("api/view", (CASES / "euchre" / "revoke-established.ttn").read_bytes()).body)
    assert [line["words"] for line in euchre["games"][0]["hands"][0]["payments"]["lines"]] == ["N-S scores 2 points"]


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
    before = json.loads(cli_json(text.encode("utf-8"))[0])  # what the desk answers (the first test here)
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
    assert html.status == 200 and 'filename="euchre--script-alert-1-script.ruling.html"' in html.headers[
        "Content-Disposition"]
    assert "<script>alert(1)" not in html.text() and "&lt;script&gt;alert(1)" in html.text()
    assert "<img src=x" not in html.text()
    markdown = desk.request("api/report", hostile, {"format": "markdown"})
    assert markdown.status == 200
    assert 'filename="euchre--script-alert-1-script.ruling.md"' in markdown.headers["Content-Disposition"]
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
        assert desk.request("api/save", "# new\n", {"file": str(other)}, header).status == 400  # not a number
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


@pytest.mark.parametrize(("path", "params"), [
    ("api/view", {"game": "\u00b2", "hand": "0"}), ("api/view", {"game": "0", "hand": "\u00b9"}),
    ("api/view", {"game": "0", "hand": "9" * 5000}), ("api/view", {"game": "0", "hand": "1000000"}),
    ("api/report", {"file": "\u00b2"}), ("api/save", {"file": "\u00b2"}), ("api/save", {"file": "/etc/passwd"})])
def test_numbers_in_parameters_are_ascii_digits_and_bounded(tmp_path: Path, path: str, params: dict[str, str]) -> None:
    """str.isdigit() takes "²", which int() refuses: the command line's rule holds, a clear 400."""
    named = tmp_path / "tonight.ttn"
    answer = client(str(named)).post(path, content=b"", params=params, headers={"X-Referee-Desk": "save"})
    assert answer.status_code == 400
    error = answer.json()["error"]
    assert "digits 0-9, at most 999,999" in error and len(error) < 120
    assert not named.exists()


def test_a_download_named_in_any_script_keeps_its_name(tmp_path: Path) -> None:
    """An HTTP header is Latin-1: the name goes as RFC 6266's filename*, with an ASCII fallback."""
    named = tmp_path / "Партия.ttn"
    named.write_text((CASES / "euchre" / "revoke-established.ttn").read_text("utf-8"), "utf-8")
    answer = client(str(named)).post("api/report", content=named.read_bytes(), params={"file": "0"})
    assert answer.status_code == 200
    assert answer.headers["Content-Disposition"] == (
        "attachment; filename=\"______.ruling.html\"; "
        "filename*=UTF-8''%D0%9F%D0%B0%D1%80%D1%82%D0%B8%D1%8F.ruling.html")


def test_a_full_disk_leaves_the_saved_file_as_it_was(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    named = tmp_path / "tonight.ttn"
    named.write_text("# the evening so far\n", "utf-8")

    def full(descriptor: int) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "fsync", full)
    answer = client(str(named)).post("api/save", content="# new\n" * 1000, params={"file": "0"},
                                     headers={"X-Referee-Desk": "save"})
    assert answer.status_code == 507 and "the file is as it was" in answer.json()["error"]
    assert named.read_text("utf-8") == "# the evening so far\n"
    assert [p.name for p in tmp_path.iterdir()] == ["tonight.ttn"]  # no temporary file left behind


def test_a_huge_house_rule_name_is_not_echoed_whole() -> None:
    name = "x" * 10_000
    answer = client().post("api/check", content=(CASES / "euchre" / "revoke-established.ttn").read_bytes(),
                           params={"rules": name})
    (problem,) = answer.json()["files"][0]["errors"]
    assert "unknown house rule 'xxxxxxxx" in problem["message"] and len(problem["message"]) < 100
    answer = client().post("api/check", content=b"", params={"rules": name + ".yaml"})
    assert answer.status_code == 400 and len(answer.json()["error"]) < 200


def padded_dispute(copies: int) -> str:
    """A dispute hand padded with comments past what the last hand may hold alone, after `copies`
    short games: each line the desk proposes must then be checked with the whole transcript."""
    dispute = (CASES / "euchre" / "lead-out-of-turn-dispute.ttn").read_text("utf-8")
    head, tail = dispute.split("trick 1:")
    padding = ("#" + "x" * 3999 + "\n") * 30
    games = (CASES / "euchre" / "two-games-one-file.ttn").read_text("utf-8") * copies
    return games + head + padding + "trick 1:" + tail + "E retract 9S\n"


def test_a_view_costs_a_small_multiple_of_one_check(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each line proposed for a choice once cost a check of the whole transcript: 32 of them."""
    from referee.check import Checker
    from referee.desk.library import desk_view

    text = padded_dispute(100)
    checks = []
    original = Checker.check_stream

    def counted(self: Checker, *args: object) -> bool:
        checks.append(1)
        return original(self, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(Checker, "check_stream", counted)
    view = desk_view(text, "out-of-turn=somerset")
    assert len(checks) <= 3  # the view's own check and two more
    options = [o for c in view["settle"]["choices"] for o in c["options"]]
    assert any(o["line"] is None and o["note"].startswith("not tried") for o in options)


def test_work_stops_when_its_request_is_stopped() -> None:
    from referee.desk.library import check_json, desk_view

    text = padded_dispute(20)
    for job in (lambda w: desk_view(text, "out-of-turn=somerset", None, w),
                lambda w: check_json(text.encode(), None, w)):
        left = Work()
        left.stop()
        with pytest.raises(Stopped, match="left"):
            job(left)
        with pytest.raises(Stopped, match="time"):
            job(Work(0))
    answer = TestClient(create_app(DeskConfig(limits=Limits(work=0))), base_url="http://127.0.0.1:8750").post(
        "api/check", content=text, headers={"X-Referee-Desk": "page"})
    assert answer.status_code == 503 and "stopped this request" in answer.json()["error"]


def _cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads the desk's CPU time from /proc")
def test_the_work_stops_when_the_client_leaves() -> None:
    """A client that gives up (a timeout, a closed tab) once left the desk 20 CPU-seconds of work."""
    body = padded_dispute(3000).encode()
    for desk in running():
        host, port = desk.url[len("http://"):-1].split(":")
        with socket.create_connection((host, int(port)), timeout=10) as client:
            client.sendall(b"POST /api/view?rules=out-of-turn%%3Dsomerset HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                           b"X-Referee-Desk: page\r\nContent-Length: %d\r\n\r\n" % len(body) + body)
            time.sleep(1.5)  # the desk is at work
        time.sleep(0.5)
        before = _cpu_seconds(desk.process.pid)
        time.sleep(3)
        assert _cpu_seconds(desk.process.pid) - before < 0.3
        assert desk.request("api/check", b"").status == 200


def test_heavy_requests_share_a_bounded_load(monkeypatch: pytest.MonkeyPatch) -> None:
    """8 views of 3 MB at once took the desk to 1.19 GB: the transcripts in work at once add up
    to 4 MB at most, and past what the desk may hold a request is told it is busy (503)."""
    import httpx2

    from referee.desk import app as desk_app

    running_now, most = [0], [0]
    lock = threading.Lock()

    def slow_view(text: str, rules: str | None, selected: object, work: Work | None = None) -> dict[str, object]:
        with lock:
            running_now[0] += 1
            most[0] = max(most[0], running_now[0])
        time.sleep(0.3)
        with lock:
            running_now[0] -= 1
        return {"games": []}

    monkeypatch.setattr(desk_app, "desk_view", slow_view)
    application = create_app(DeskConfig())

    async def views(size: int, count: int) -> list[int]:
        transport = httpx2.ASGITransport(app=application)
        async with httpx2.AsyncClient(transport=transport, base_url="http://127.0.0.1:8750") as client:
            answers = await asyncio.gather(*(client.post("/api/view", content=b"#" * size,
                                                         headers={"X-Referee-Desk": "page"}) for _ in range(count)))
        return [a.status_code for a in answers]

    assert asyncio.run(views(1_500_000, 8)) == [200] * 8 and most[0] == 2
    most[0] = 0
    statuses = asyncio.run(views(3_000_000, 8))
    assert most[0] == 1 and 503 in statuses and statuses.count(200) >= MAX_HELD_BYTES // 3_000_000


def test_slow_and_idle_connections_are_closed_and_a_full_table_is_said_once() -> None:
    """With 64 descriptors, 100 connections that send half a request once locked everyone out,
    and each refused accept() was logged with a traceback. Probes 127.0.0.1 only, 100 sockets."""
    desk = Desk(limits={"head": 1, "gap": 1, "body": 3}, descriptors=64)
    host, port = desk.url[len("http://"):-1].split(":")
    idle: list[socket.socket] = []
    try:
        slow = socket.create_connection((host, int(port)), timeout=10)
        idle.append(slow)
        slow.sendall(b"POST /api/check HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Referee-Desk: page\r\n"
                     b"Content-Length: 1000\r\n\r\n# only the start")
        assert slow.recv(64).startswith(b"HTTP/1.1 408")
        for _ in range(100):
            try:
                connection = socket.create_connection((host, int(port)), timeout=2)
                connection.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")  # and nothing more
            except OSError:
                break
            idle.append(connection)
        time.sleep(2)
        assert idle[1].recv(1) == b""  # closed by the desk
        assert desk.request("api/state", timeout=20).status == 200
    finally:
        for connection in idle:
            connection.close()
        status, _, err = desk.stop()
    assert status == 0 and "Traceback" not in err and err.count("out of file descriptors") <= 1 and len(err) < 1000, err


def test_a_pasted_transcript_s_ruling_is_named_after_its_game_and_date(desk: Desk) -> None:
    """Not desk-ruling.html every time (issue 27): the page and the API name it alike."""
    text = (CASES / "euchre" / "revoke-established.ttn").read_text("utf-8").replace(
        '[Game "euchre"]', '[Game "euchre"]\n[Date "2026-11-30"]')
    html = desk.request("api/report", text, {"format": "html"})
    assert 'filename="euchre-2026-11-30.ruling.html"' in html.headers["Content-Disposition"]
    assert "euchre-2026-11-30.ttn" in html.text() and "desk.ttn" not in html.text()
