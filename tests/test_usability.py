"""The command line as a user meets it (issue 16): each convention run as a subprocess."""

from __future__ import annotations

import gzip
import json
import os
import re
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from terminal_output import read_until_closed

try:
    import pty
except ImportError:  # Windows: no pseudo-terminals
    pty = None  # type: ignore[assignment]

CASES = Path(__file__).resolve().parent.parent / "cases"
REVOKE = CASES / "euchre" / "revoke-established.ttn"
ESCAPE = re.compile(r"\x1b\[")
HEADER = '[Game "euchre"]\n[Players "Ann Bob Cy Di"]\n[Partners "Ann-Cy Bob-Di"]\n'


def run(*args: str, stdin: str | None = None, cwd: Path | None = None,
        env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "referee", *args], check=False, input=stdin, capture_output=True,
                          text=True, timeout=300, cwd=cwd, env=env)


# ---- every command reads standard input for "-" ------------------------------------------

@pytest.mark.parametrize("command", [["check"], ["explain"], ["report"], ["report", "--format", "html"]])
def test_every_command_reads_standard_input(command: list[str]) -> None:
    from_file = run(*command, str(REVOKE))
    from_stdin = run(*command, "-", stdin=REVOKE.read_text("utf-8"))
    assert from_stdin.returncode == from_file.returncode == 1, from_stdin.stderr
    assert "Traceback" not in from_stdin.stderr and "revoke" in from_stdin.stdout
    assert from_stdin.stdout == from_file.stdout.replace(str(REVOKE), "-")


def test_fmt_reads_standard_input_and_writes_the_canonical_form() -> None:
    messy = REVOKE.read_text("utf-8").replace("trick 2: ", "trick 2:    ").replace("JH", "jh")
    done = run("fmt", "-", stdin=messy)
    assert done.returncode == 0 and done.stdout == REVOKE.read_text("utf-8")


# ---- check: directories, .gz, -o, --quiet, --jobs ------------------------------------------

def test_check_takes_directories_and_gz_files(tmp_path: Path) -> None:
    (tmp_path / "deep" / "er").mkdir(parents=True)
    shutil.copy(REVOKE, tmp_path / "deep" / "er" / "a.ttn")
    with gzip.open(tmp_path / "deep" / "b.ttn.gz", "wt", encoding="utf-8") as stream:
        stream.write(REVOKE.read_text("utf-8"))
    (tmp_path / "deep" / "notes.txt").write_text("not a transcript")
    done = run("check", "-f", "json", str(tmp_path))
    verdict = json.loads(done.stdout)
    assert [f["path"] for f in verdict["files"]] == [str(tmp_path / "deep" / "b.ttn.gz"),
                                                     str(tmp_path / "deep" / "er" / "a.ttn")]
    assert verdict["summary"]["hands"] == 2 and done.returncode == 1
    parallel = run("check", "-f", "json", "--jobs", "2", str(tmp_path))
    assert parallel.stdout == done.stdout


def test_a_damaged_gz_file_is_an_error_not_a_traceback(tmp_path: Path) -> None:
    path = tmp_path / "bad.ttn.gz"
    path.write_bytes(gzip.compress(REVOKE.read_bytes())[:60])
    done = run("check", str(path))
    assert done.returncode == 2 and "damaged" in done.stderr and "Traceback" not in done.stderr


def test_output_option_writes_the_verdict_to_a_file(tmp_path: Path) -> None:
    out = tmp_path / "verdict.json"
    done = run("check", "-f", "json", "-o", str(out), str(REVOKE))
    assert done.returncode == 1 and done.stdout == ""
    assert json.loads(out.read_text("utf-8"))["summary"]["irregularities"] == 1


def test_quiet_prints_only_hands_with_findings_then_the_summary() -> None:
    clean = CASES / "euchre" / "notation-example-lone-hand.ttn"
    quiet = run("check", "--quiet", str(clean), str(REVOKE))
    assert quiet.returncode == 1
    assert str(clean) not in quiet.stdout and f"{REVOKE}:17:16: revoke by W" in quiet.stdout
    assert quiet.stdout.splitlines()[-1].startswith("2 file(s), 2 game(s), 2 hand(s): 1 irregularity")
    only_clean = run("check", "-q", str(clean))
    assert only_clean.returncode == 0 and len(only_clean.stdout.splitlines()) == 1
    assert run("check", "-q", "-j", "2", str(clean), str(REVOKE)).stdout == quiet.stdout


@pytest.mark.parametrize("jobs", ["0", "auto", "AUTO"])
def test_jobs_zero_or_auto_is_one_worker_per_core(jobs: str) -> None:
    assert run("check", "-f", "json", "-j", jobs, str(REVOKE)).stdout == run("check", "-f", "json", str(REVOKE)).stdout


def test_jobs_must_be_a_number() -> None:
    done = run("check", "-j", "many", str(REVOKE))
    assert done.returncode == 2 and "--jobs" in done.stderr and "Traceback" not in done.stderr


# ---- findings where editors and CI look for them --------------------------------------------

def test_findings_start_with_file_line_column() -> None:
    out = run("check", str(REVOKE)).stdout
    assert f"\n{REVOKE}:17:16: revoke by W in trick 3 (established) [euchre.revoke.established]\n" in out


def test_a_disagreement_says_exactly_what_differs(tmp_path: Path) -> None:
    path = tmp_path / "t.ttn"
    path.write_text(REVOKE.read_text("utf-8").replace("recorded N-S +2", "recorded N-S +1"), "utf-8")
    out = run("check", str(path)).stdout
    assert f"{path}:20:1: Recorded: N-S +1 — DISAGREES with the laws: N-S +1 where the laws give +2" in out


def test_a_partial_recorded_line_says_what_is_missing(tmp_path: Path) -> None:
    case = CASES / "boston" / "attention-after-last-trick.ttn"
    text = case.read_text("utf-8")
    recorded = next(line for line in text.splitlines() if line.startswith("recorded"))
    first = recorded.split(",")[0]
    path = tmp_path / "partial.ttn"
    path.write_text(text.replace(recorded, first), "utf-8")
    out = run("check", str(path)).stdout
    line = next(line for line in out.splitlines() if "Recorded:" in line)
    assert line.startswith(f"{path}:") and "DISAGREES with the laws: not recorded: Y -22, B -22, Z -22" in line, line


def test_github_annotations(tmp_path: Path) -> None:
    broken = tmp_path / "broken.ttn"
    broken.write_text(HEADER + "hand 1 dealer Di\nAnn XS\n", "utf-8")
    done = run("check", "--format", "github", str(REVOKE), str(broken))
    lines = done.stdout.splitlines()
    assert done.returncode == 2
    assert lines[0].startswith(f"::error file={REVOKE},line=17,col=16,title=revoke by W in trick 3 (established) "
                               "[euchre.revoke.established]::W played KC")
    assert lines[1].startswith(f"::error file={broken},line=5,col=5,title=unusable input::'XS' is not a card")
    assert lines[2].startswith("2 file(s)")


# ---- colour -----------------------------------------------------------------------------

needs_pty = pytest.mark.skipif(pty is None, reason="no pseudo-terminals on this system")


def _on_a_terminal(*args: str, env: dict[str, str] | None = None) -> str:
    """Run referee with its standard output on a pseudo-terminal; what it printed there."""
    main, child = pty.openpty()
    process = subprocess.Popen([sys.executable, "-m", "referee", *args], stdout=child, stderr=child,
                               env={**os.environ, "TERM": "xterm-256color", "COLUMNS": "400", "NO_COLOR": "",
                                    **(env or {})})
    os.close(child)
    shown = read_until_closed(main)
    process.wait(timeout=120)
    return shown.decode("utf-8", "replace")


@needs_pty
def test_a_terminal_gets_colour_and_no_color_removes_every_escape() -> None:
    assert ESCAPE.search(_on_a_terminal("check", str(REVOKE)))
    plain = _on_a_terminal("check", "--no-color", str(REVOKE))
    assert not ESCAPE.search(plain) and "revoke by W in trick 3" in plain
    assert not ESCAPE.search(_on_a_terminal("check", str(REVOKE), env={"NO_COLOR": "1"}))
    assert not ESCAPE.search(_on_a_terminal("explain", "--no-color", str(REVOKE)))


@needs_pty
def test_the_terminal_and_the_plain_text_use_the_same_words() -> None:
    case = str(CASES / "auction-pitch" / "wrong-count-in-play.ttn")
    plain = run("check", case).stdout
    screen = _on_a_terminal("check", "--no-color", case)
    contract = next(line.strip() for line in plain.splitlines() if "Contract:" in line)
    assert contract in screen.replace("\r\n", "\n")
    assert "points: high A, low B, game B; made" in contract and "{" not in plain and "True" not in plain


@needs_pty
def test_progress_bar_only_on_a_terminal(tmp_path: Path) -> None:
    out = tmp_path / "v.json"
    piped = run("check", "-f", "json", "-o", str(out), str(REVOKE), env={**os.environ, "CI": ""})
    assert piped.stderr == ""
    main, child = pty.openpty()
    process = subprocess.Popen([sys.executable, "-m", "referee", "check", "-f", "json", str(REVOKE)],
                               stdout=subprocess.PIPE, stderr=child, env={**os.environ, "CI": ""})
    os.close(child)
    stdout, _ = process.communicate(timeout=120)
    shown = read_until_closed(main)
    assert json.loads(stdout)["summary"]["hands"] == 1
    assert b"checking" in shown


# ---- fmt ----------------------------------------------------------------------------------

def test_fmt_says_already_formatted_and_shows_a_diff(tmp_path: Path) -> None:
    path = tmp_path / "t.ttn"
    shutil.copy(REVOKE, path)
    done = run("fmt", str(path))
    assert done.returncode == 0 and "already formatted" in done.stderr
    path.write_text(REVOKE.read_text("utf-8").replace("trick 2: ", "trick 2:   "), "utf-8")
    before = path.read_text("utf-8")
    diff = run("fmt", "--diff", str(path))
    assert diff.returncode == 0 and "-trick 2:   N AH" in diff.stdout and "+trick 2: N AH" in diff.stdout
    assert path.read_text("utf-8") == before
    assert run("fmt", "--diff", "--check", str(path)).returncode == 1
    packed = tmp_path / "t.ttn.gz"
    packed.write_bytes(gzip.compress(before.encode("utf-8")))
    refused = run("fmt", str(packed))
    assert refused.returncode == 2 and "not rewritten in place" in refused.stderr
    assert gzip.decompress(packed.read_bytes()).decode("utf-8") == before


# ---- a closed pipe ------------------------------------------------------------------------

@pytest.mark.skipif(not hasattr(signal, "SIGPIPE"), reason="no SIGPIPE on this system")
def test_a_closed_pipe_ends_quietly(tmp_path: Path) -> None:
    big = tmp_path / "big.ttn"
    big.write_text(REVOKE.read_text("utf-8") * 2000, "utf-8")
    process = subprocess.Popen([sys.executable, "-m", "referee", "check", str(big)], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE)
    assert process.stdout is not None and process.stderr is not None
    process.stdout.readline()
    process.stdout.close()
    status = process.wait(timeout=300)
    assert process.stderr.read() == b""
    assert status == -signal.SIGPIPE


# ---- helpful errors -----------------------------------------------------------------------

@pytest.mark.parametrize("text, words", [
    (HEADER + "hand 1 dealer Di\nAnne pass\n", "did you mean 'Ann'?"),
    (HEADER + '[Rules "targte=11"]\nhand 1 dealer Di\n', "did you mean 'target'?"),
    (HEADER + "hand 1 dealer Di\nAnn pas\n", "did you mean 'pass'?"),
    ('[Game "eucher"]\n[Players "N E S W"]\n', "did you mean 'euchre'?"),
    ('[Game "euchre"]\n[Player "N E S W"]\n', "did you mean 'Players'?"),
    (HEADER + "Hand 2, dealer: Ann\n", "write 'hand 2 dealer Ann'"),
])
def test_errors_suggest_the_word_meant(text: str, words: str) -> None:
    done = run("check", "-", stdin=text)
    assert done.returncode == 2 and words in done.stderr, done.stderr


def test_commands_suggest_games_and_rule_ids() -> None:
    assert "did you mean 'euchre'?" in run("rules", "euchr").stderr
    assert "did you mean 'euchre'?" in run("new", "eucher").stderr
    assert "did you mean 'euchre.revoke" in run("rules", "euchre", "euchre.revok").stderr


def test_expected_words_are_never_cut_off() -> None:
    done = run("check", "-", stdin=HEADER + "hand 1 dealer Di\nAnn frobnicate\n")
    assert "…" not in done.stderr and "'accept'" in done.stderr and "'retract'" in done.stderr  # every euchre word
    bid = run("check", "-", stdin='[Game "boston"]\n[Players "A B C D"]\nhand 1 dealer D\nA bid litle-misere\n')
    assert "..." not in bid.stderr and "grand-spread" in bid.stderr and "misere-quatre-as" not in bid.stderr  # Boston's
    assert "did you mean 'little-misere'?" in bid.stderr
    suit = run("check", "-", stdin=HEADER + "hand 1 dealer Di\nAnn name heart\n")
    assert "did you mean 'hearts'?" in suit.stderr


def test_new_and_hints_point_at_the_notation_page() -> None:
    assert "docs/notation.md" in run("new", "euchre").stdout
    assert "docs/notation.md" in run("check", "-", stdin=HEADER + "hand 1 dealer Di\nAnn frobnicate\n").stderr


# ---- a syntax error spoils only its own hand ----------------------------------------------

def test_a_syntax_error_spoils_only_its_hand() -> None:
    text = REVOKE.read_text("utf-8")
    body = text[text.index("hand 1 dealer W"):]
    spoiled = body.replace("trick 1: N JH", "trick 1: N XS")
    second = body.replace("hand 1 dealer W", "hand 2")  # no dealer: the seat after the spoiled hand's
    done = run("check", "-", stdin=text[:text.index("hand 1")] + spoiled + "\n" + second)
    assert done.returncode == 2
    assert "'XS' is not a card" in done.stderr and "must name its dealer" not in done.stderr
    assert "inconsistent-transcript" not in done.stdout and "wrong-dealer" not in done.stdout
    assert "Hand 2, dealer N" in done.stdout
    assert "without the hand on line 7, which could not be used" in done.stdout


# ---- report -------------------------------------------------------------------------------

def test_report_bolds_the_winning_card_and_says_so() -> None:
    report = run("report", str(REVOKE)).stdout
    assert "| 2 | N | AH | 9S | **JD** | QH | S |" in report
    assert "The card that won each trick is in bold." in report
    html = run("report", "--format", "html", str(REVOKE)).stdout
    assert "won each trick is in bold" in html


def test_report_hand_n(tmp_path: Path) -> None:
    path = tmp_path / "two.ttn"
    path.write_text(CASES.joinpath("euchre", "misdeal-wrong-count.ttn").read_text("utf-8"), "utf-8")
    two = run("report", "--hand", "2", str(path))
    assert "Hand 2 — dealer W" in two.stdout and "Hand 1 —" not in two.stdout
    missing = run("report", "--hand", "9", str(path))
    assert missing.returncode == 2 and "there is no hand 9 — hands: 1, 2" in missing.stderr


def test_a_six_card_deal_is_one_finding() -> None:
    done = run("check", "-f", "json", str(CASES / "euchre" / "wrong-count-found-in-play.ttn"))
    hand = json.loads(done.stdout)["files"][0]["games"][0]["hands"][0]
    assert [f["rule"] for f in hand["irregularities"]] == ["euchre.deal.wrong-count"]
    assert [p["rule"] for p in hand["penalties"]] == ["euchre.wrong-count.play"]


# ---- the way in -----------------------------------------------------------------------------

ROOT = CASES.parent


def test_ci_installs_exactly_as_the_readme_says() -> None:
    """Every command .ci/run runs to install, check and test is written in the README as it is. A
    README line whose parts (joined by ``&&``) .ci/run runs as consecutive commands, to start a
    step in the background between them, is run whole and in order all the same."""
    readme = (ROOT / "README.md").read_text("utf-8")
    commands = [line.split(" || ")[0] for line in (ROOT / ".ci" / "run").read_text("utf-8").splitlines()
                if line.startswith(("python3 ", ".venv/"))]
    assert len(commands) >= 3
    chains, pending = [], ""
    for command in commands:
        chain = f"{pending} && {command}" if pending else command
        if f"\n{chain}\n" not in readme and f"\n{chain} && " in readme:
            pending = chain  # the README's line goes on in .ci/run's next command
            continue
        chains.append(chain)
        pending = ""
    assert not pending, f"{pending} && ... is not run whole"
    for chain in chains:
        assert f"\n{chain}\n" in readme, chain


def test_the_dev_extra_stays_light() -> None:
    import tomllib

    extras = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"]["optional-dependencies"]
    heavy = ("open-spiel", "dask", "numpy", "scipy")
    assert not [d for d in extras["dev"] if d.startswith(heavy)]
    assert any(d.startswith("open-spiel") for d in extras["oracle"])
    assert any(d.startswith("dask") for d in extras["dask"])
