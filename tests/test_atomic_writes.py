"""No command destroys what a person wrote (issue 24, items 1, 2 and 4; issue 28's output on failure).

Every file referee rewrites goes to a temporary file in the same folder and is renamed over the
target only when complete: a full disk (here, a file-size limit) or an unusable input leaves
the old file as it was and no output behind; `-o` naming the transcript itself is refused.
"""

from __future__ import annotations

import os
import resource
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from referee.output.atomic import atomic_writer, same_file, write_atomically

CASES = Path(__file__).resolve().parent.parent / "cases"
REVOKE = CASES / "euchre" / "revoke-established.ttn"
MESSY = CASES / "euchre" / "card-spellings.ttn"  # not in canonical form: fmt rewrites it


def run(*args: str, file_size_limit: int | None = None) -> subprocess.CompletedProcess[str]:
    def limit() -> None:  # in the child: a disk that fills up after `file_size_limit` bytes
        if file_size_limit is not None:
            signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past the limit fails with EFBIG
            resource.setrlimit(resource.RLIMIT_FSIZE, (file_size_limit, file_size_limit))

    # under the limit Python could cache a module's bytecode cut short, breaking every later run: it writes none
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"} if file_size_limit is not None else None
    return subprocess.run([sys.executable, "-m", "referee", *args], check=False, capture_output=True, text=True,
                          timeout=300, preexec_fn=limit, env=env)


def leftovers(folder: Path) -> list[str]:
    return sorted(name.name for name in folder.iterdir() if name.name.endswith(".tmp"))


# ---- the writer itself --------------------------------------------------------------------

def test_the_target_keeps_its_old_text_until_the_new_one_is_complete(tmp_path: Path) -> None:
    target = tmp_path / "game.ttn"
    target.write_text("old\n")
    with atomic_writer(str(target)) as stream:
        stream.write("new\n")
        assert target.read_text() == "old\n"  # a reader polling now sees the old file, never an empty one
    assert target.read_text() == "new\n" and leftovers(tmp_path) == []


def test_an_error_while_writing_leaves_the_target_and_no_temporary_file(tmp_path: Path) -> None:
    target = tmp_path / "game.ttn"
    target.write_text("old\n")
    with pytest.raises(RuntimeError), atomic_writer(str(target)) as stream:
        stream.write("half")
        raise RuntimeError("the disk is full")
    assert target.read_text() == "old\n" and leftovers(tmp_path) == []


def test_nothing_is_created_when_the_writing_fails(tmp_path: Path) -> None:
    with pytest.raises(RuntimeError), atomic_writer(str(tmp_path / "new.txt")):
        raise RuntimeError
    assert list(tmp_path.iterdir()) == []


def test_a_link_is_followed_and_the_permissions_are_kept(tmp_path: Path) -> None:
    target = tmp_path / "game.ttn"
    target.write_text("old\n")
    target.chmod(0o640)
    link = tmp_path / "link.ttn"
    link.symlink_to(target.name)
    write_atomically(str(link), "new\n")
    assert link.is_symlink() and target.read_text() == "new\n"
    assert target.stat().st_mode & 0o777 == 0o640
    assert same_file(str(link), str(target)) and not same_file(str(target), str(tmp_path / "none"))


# ---- -o never replaces the transcript; on exit 2 it holds what could be used -------------

@pytest.mark.parametrize("command", [["check"], ["check", "-f", "json"], ["report"], ["report", "-f", "html"]])
def test_output_naming_the_transcript_is_refused(tmp_path: Path, command: list[str]) -> None:
    game = tmp_path / "game.ttn"
    game.write_text(REVOKE.read_text("utf-8"), "utf-8")
    link = tmp_path / "link.ttn"
    link.symlink_to(game.name)
    hard = tmp_path / "hard.ttn"
    os.link(game, hard)
    for output in (game, link, hard):
        done = run(*command, "-o", str(output), str(game))
        assert done.returncode == 2 and "that is the transcript being read" in done.stderr
        assert len(done.stderr.splitlines()) == 1
        assert game.read_text("utf-8") == REVOKE.read_text("utf-8")


@pytest.mark.parametrize("command", [["check"], ["check", "-f", "json"], ["report", "-f", "html"]])
def test_output_file_on_exit_2(tmp_path: Path, command: list[str]) -> None:
    """Input that cannot be used still gets its verdict written (the auditor's million hands less the
    one line), the problem told and exit 2; a command refused outright writes nothing."""
    out = tmp_path / "out.txt"
    out.write_text("an older verdict\n")
    done = run(*command, str(tmp_path / "nothere.ttn"), "-o", str(out))
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert f"{out}: written, but some input could not be used" in done.stderr
    assert out.read_text() != "an older verdict\n" and leftovers(tmp_path) == []
    if command[0] == "report":
        out.unlink()
        done = run(*command, str(CASES / "euchre"), "-o", str(out))  # refused: report takes one transcript
        assert done.returncode == 2 and "takes one transcript" in done.stderr and not out.exists()


def test_output_on_a_full_disk_is_a_clear_exit_2_and_leaves_no_file(tmp_path: Path) -> None:
    out = tmp_path / "verdict.txt"
    done = run("check", str(REVOKE), "-o", str(out), file_size_limit=100)
    assert done.returncode == 2 and "cannot write the verdict" in done.stderr and "Traceback" not in done.stderr
    assert not out.exists() and leftovers(tmp_path) == []


# ---- fmt ---------------------------------------------------------------------------------

def test_fmt_on_a_full_disk_leaves_the_transcript_whole(tmp_path: Path) -> None:
    game = tmp_path / "game.ttn"
    original = MESSY.read_text("utf-8") * 40  # larger than the limit below
    game.write_text(original, "utf-8")
    done = run("fmt", str(game), file_size_limit=len(original.encode()) // 3)
    assert done.returncode == 2 and "the file is as it was" in done.stderr and "Traceback" not in done.stderr
    assert game.read_text("utf-8") == original and leftovers(tmp_path) == []


def test_fmt_replaces_the_file_by_a_rename(tmp_path: Path) -> None:
    game = tmp_path / "game.ttn"
    game.write_text(MESSY.read_text("utf-8"), "utf-8")
    game.chmod(0o600)
    before = game.stat().st_ino
    done = run("fmt", str(game))
    assert done.returncode == 0 and "reformatted" in done.stderr
    assert game.stat().st_ino != before and game.stat().st_mode & 0o777 == 0o600
    assert game.read_text("utf-8") != MESSY.read_text("utf-8") and leftovers(tmp_path) == []


# ---- explain and report --hand: the exit status of what was shown ----------------------------

@pytest.mark.parametrize("command", ["explain", "report"])
def test_hand_option_exit_status_follows_the_hand_shown(tmp_path: Path, command: str) -> None:
    clean = (CASES / "euchre" / "notation-example-lone-hand.ttn").read_text("utf-8")
    revoke = REVOKE.read_text("utf-8")
    body = revoke[revoke.index("hand 1"):].replace("hand 1", "hand 2", 1)
    game = tmp_path / "two.ttn"
    game.write_text(clean.rstrip("\n") + "\n\n" + body, "utf-8")
    assert run("check", str(game)).returncode == 1
    assert run(command, str(game), "--hand", "1").returncode == 0
    assert run(command, str(game), "--hand", "2").returncode == 1
