"""What a club secretary meets first: the help's words, and the errors of an output that cannot be
written, told so that the fix is plain; and ``fmt -o``, which writes a canonical copy."""

from __future__ import annotations

import errno
import gzip
import shutil
import signal
from pathlib import Path

import pytest
from typer.testing import CliRunner

from referee.cli import app
from referee.entry import _why_unwritable

CASES = Path(__file__).resolve().parent.parent / "cases"
REVOKE = CASES / "euchre" / "revoke-established.ttn"
runner = CliRunner()


@pytest.mark.parametrize(("command", "names"), [
    ("check", ["PATH...", "RULES", " N ", "FILE"]),
    ("explain", ["FILE", " N "]),
    ("report", ["FILE", " N "]),
    ("fmt", ["FILE...", "RULES"]),
    ("rules", ["GAME", "[RULE_ID]", "RULES"]),
    ("serve", ["[FILE...]", "ADDR", "NAME"]),
])
def test_help_names_what_each_argument_is(command: str, names: list[str]) -> None:
    """Typer named them after the code's variables ("{files}", "rule_id") and every option's value
    "<str>": words a club player cannot act on."""
    shown = runner.invoke(app, [command, "--help"], terminal_width=100).stdout
    for name in names:
        assert name in shown, (command, name)
    assert "{files}" not in shown and "rule_id" not in shown


def test_output_into_a_missing_folder_names_the_folder(tmp_path: Path) -> None:
    out = tmp_path / "nothere" / "verdict.json"
    for command in (["check", "-f", "json"], ["report"]):
        done = runner.invoke(app, [*command, str(REVOKE), "-o", str(out)])
        assert done.exit_code == 2 and f"there is no folder '{out.parent}'" in done.stderr
        assert "Traceback" not in done.stderr and not out.parent.exists()


def test_why_an_output_cannot_be_written(tmp_path: Path) -> None:
    """Read-only folders are tested by the error they raise: the suite may run as root, who may
    write anywhere."""
    denied = PermissionError(errno.EACCES, "Permission denied")
    assert _why_unwritable(str(tmp_path / "v.json"), denied) == (
        "Permission denied — give -o a file in a folder you may write to")
    assert _why_unwritable("v.json", FileNotFoundError(errno.ENOENT, "No such file or directory")) == (
        "No such file or directory")
    assert _why_unwritable("v.json", OSError(errno.ENOSPC, "No space left on device")) == "No space left on device"


def _spoilt(tmp_path: Path) -> Path:
    path = tmp_path / "game.ttn"
    path.write_text(REVOKE.read_text("utf-8").replace("trick 2: N AH,", "trick 2: N ah,"), "utf-8")
    return path


def test_fmt_output_writes_the_canonical_copy_and_keeps_the_transcript(tmp_path: Path) -> None:
    path = _spoilt(tmp_path)
    written = path.read_bytes()
    out = tmp_path / "canonical.ttn"
    done = runner.invoke(app, ["fmt", str(path), "-o", str(out)])
    assert done.exit_code == 0 and path.read_bytes() == written
    assert out.read_text("utf-8") == REVOKE.read_text("utf-8")
    packed = tmp_path / "old.ttn.gz"
    packed.write_bytes(gzip.compress(written))
    done = runner.invoke(app, ["fmt", str(packed), "-o", str(out)])  # not rewritten in place; -o is the way
    assert done.exit_code == 0 and out.read_text("utf-8") == REVOKE.read_text("utf-8")
    done = runner.invoke(app, ["fmt", "-", "-o", str(out)], input=written.decode())
    assert done.exit_code == 0 and out.read_text("utf-8") == REVOKE.read_text("utf-8")


def test_fmt_reads_standard_input_that_cannot_be_peeked_at() -> None:
    """Standard input whose first bytes are not there at once (a pipe whose writer gave one byte
    first, or the test runner's stream) is read through a wrapper that was no context manager:
    ``fmt -`` ended in a traceback."""
    done = runner.invoke(app, ["fmt", "-"], input=REVOKE.read_text("utf-8"))
    assert done.exit_code == 0 and done.stdout == REVOKE.read_text("utf-8")


def test_fmt_output_is_refused_where_it_would_lose_a_file(tmp_path: Path) -> None:
    path = _spoilt(tmp_path)
    written = path.read_bytes()
    other = tmp_path / "other.ttn"
    shutil.copy(REVOKE, other)
    for argv in ([str(path), "-o", str(path)], [str(path), str(other), "-o", str(tmp_path / "x.ttn")],
                 ["--check", str(path), "-o", str(tmp_path / "x.ttn")]):
        done = runner.invoke(app, ["fmt", *argv])
        assert done.exit_code == 2 and done.stderr and "Traceback" not in done.stderr, argv
    assert path.read_bytes() == written and not (tmp_path / "x.ttn").exists()
    empty = tmp_path / "empty.ttn"
    empty.write_text("")
    done = runner.invoke(app, ["fmt", str(empty), "-o", str(tmp_path / "x.ttn")])
    assert done.exit_code == 2 and "the file is empty" in done.stderr and not (tmp_path / "x.ttn").exists()


def test_fmt_given_a_directory_says_to_name_its_files(tmp_path: Path) -> None:
    done = runner.invoke(app, ["fmt", str(tmp_path)])
    assert done.exit_code == 2 and "a directory — fmt rewrites transcript files in place" in done.stderr


def _dispositions() -> tuple[object, object]:
    return signal.getsignal(signal.SIGINT), signal.getsignal(signal.SIGTERM)


def test_workers_leave_ctrl_c_and_kill_to_the_run(tmp_path: Path) -> None:
    """Ctrl-C in a terminal reaches `--jobs`' workers as well as the run: each printed a traceback
    under the run's quiet exit 130, and a worker forked while `-o`'s file was being written even
    ran its handlers (``_Ended: 15`` when the pool ended it)."""
    from referee.output.atomic import atomic_writer
    from referee.parallel import _Pool

    with atomic_writer(str(tmp_path / "verdict.json")), _Pool(2) as pool:
        assert pool.executor().submit(_dispositions).result() == (signal.SIG_IGN, signal.SIG_DFL)


@pytest.mark.parametrize(("rules", "said"), [
    ("bogus", "unknown house rule 'bogus'"),
    ("stick-the-dealer; target=abc", "'target' takes a whole number, not 'abc'"),
])
def test_serve_refuses_rules_no_game_takes_before_starting(rules: str, said: str) -> None:
    """The desk reads --rules per transcript, by its game: a misspelt rule used to start a desk whose
    every check then failed. It is refused at once, with the error of the game it suits best."""
    result = runner.invoke(app, ["serve", "--rules", rules, "--no-browser", "--port", "0"])
    assert result.exit_code == 2
    assert said in result.stderr and "no game takes" in result.stderr


def test_serve_takes_rules_that_one_game_knows() -> None:
    """Rules of one game are fine for the desk: its transcripts of other games report them then."""
    from referee.cli import _refuse_rules_of_no_game

    for rules in ("stick-the-dealer; target=11", "slams=table", "code=english"):
        assert _refuse_rules_of_no_game(rules) is None
