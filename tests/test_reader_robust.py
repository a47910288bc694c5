"""What an archive audit found in the reader and the input handling: a stray byte, a byte order
mark in mid-file, errors out of line order, gzip on standard input, files a directory walk
passed over in silence, and ``fmt`` calling a file ``check`` refuses "already formatted"."""

from __future__ import annotations

import gzip
import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from referee.check import Collector, check_files
from referee.engine.verdict import Verdict
from referee.notation import inputs
from referee.notation.inputs import expand

CASE = Path(__file__).parent.parent / "cases" / "euchre" / "revoke-established.ttn"
GAME = CASE.read_bytes()  # one game of one hand, 20 lines (the comments first)
GAME_LINES = GAME.count(b"\n")


def check(*paths: str | Path) -> Verdict:
    collector = Collector()
    check_files([str(p) for p in paths], collector)
    return collector.verdict


def run(*args: str, stdin: bytes = b"") -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([sys.executable, "-m", "referee", *args], input=stdin, capture_output=True, timeout=120)


def archive(games: int, spoil: int, line: int, bad: bytes) -> bytes:
    """`games` copies of the case, `bad` put at the end of line `line` of copy `spoil` (0-based)."""
    copies = [GAME] * games
    lines = GAME.split(b"\n")
    lines[line - 1] += bad
    copies[spoil] = b"\n".join(lines)
    return b"".join(copies)


# ---- 1. a stray byte spoils its hand or its header, not the rest of the file ------------------

@pytest.mark.parametrize("bad, words", [(b" \xe9", "this line is not UTF-8 text (byte 0xe9)"),
                                        (b"\x00", "a NUL byte in the line")])
def test_a_stray_byte_in_a_hand_spoils_only_that_hand(tmp_path: Path, bad: bytes, words: str) -> None:
    path = tmp_path / "archive.ttn"
    path.write_bytes(archive(30, 17, 15, bad))  # line 15: trick 1 of the hand
    verdict = check(path)
    [error] = verdict.files[0].errors
    column = len(GAME.split(b"\n")[14]) + (1 if bad == b"\x00" else 2)
    assert (error.line, error.column) == (17 * GAME_LINES + 15, column)
    assert words in error.message and "trick 1: N JH" in error.message  # the offending text
    assert "only the hand" in error.hint
    assert verdict.summary.games == 30 and verdict.summary.hands == 29  # every other hand checked


def test_a_stray_byte_in_a_header_spoils_only_that_game(tmp_path: Path) -> None:
    path = tmp_path / "archive.ttn"
    path.write_bytes(archive(5, 2, 4, b"\xe9"))  # line 4: [Players "N E S W"]
    verdict = check(path)
    lines = [error.line for error in verdict.files[0].errors]
    assert 2 * GAME_LINES + 4 in lines and all(2 * GAME_LINES < line <= 3 * GAME_LINES for line in lines)
    assert verdict.summary.hands == 4


def test_a_file_that_is_not_text_from_its_start_is_still_one_problem(tmp_path: Path) -> None:
    path = tmp_path / "latin1.ttn"
    path.write_bytes(b"# partie de Jos\xe9\n" + b"\xe9\n" * 5000)
    [error] = check(path).files[0].errors
    assert error.line == 1 and error.message == "this file is not UTF-8 text (byte 0xe9)"


def test_a_byte_order_mark_in_mid_file_is_nothing(tmp_path: Path) -> None:
    path = tmp_path / "catbom.ttn"
    path.write_bytes(GAME + b"\xef\xbb\xbf" + GAME + GAME.replace(b"# ", b"\xef\xbb\xbf# ", 1))  # the one cat leaves
    verdict = check(path)
    assert verdict.files[0].errors == [] and verdict.summary.games == 3 and verdict.summary.hands == 3


def test_a_byte_order_mark_opening_a_tag_keeps_the_header(tmp_path: Path) -> None:
    path = tmp_path / "catbom.ttn"
    path.write_bytes(GAME + GAME.replace(b"[Game", b"\xef\xbb\xbf[Game"))
    verdict = check(path)
    assert verdict.files[0].errors == [] and verdict.summary.hands == 2


# ---- 2. errors in the order of their lines -----------------------------------------------------

def test_errors_are_listed_in_the_order_of_their_lines(tmp_path: Path) -> None:
    path = tmp_path / "long.ttn"
    path.write_bytes(b'[Game "euchre"]\n' + b"x" * 10_000 + b'\n[Partners "N-S E-W"]\nN pass\n')
    errors = check(path).files[0].errors
    assert [error.line for error in errors] == sorted(error.line for error in errors)
    assert errors[0].message == "the header has no [Players] tag" and "longer than" in errors[1].message


# ---- 3. gzip on standard input -----------------------------------------------------------------

def test_gzip_on_standard_input_is_decompressed() -> None:
    plain = run("check", "-f", "json", "-", stdin=GAME)
    packed = run("check", "-f", "json", "-", stdin=gzip.compress(GAME))
    assert packed.returncode == plain.returncode == 1 and packed.stdout == plain.stdout


@pytest.mark.parametrize("buffered", [True, False], ids=["peek", "no-peek"])
def test_gzip_on_standard_input_read_in_process(monkeypatch: pytest.MonkeyPatch, buffered: bool) -> None:
    """A standard input whose first bytes cannot be looked at is read and put back in front."""
    data: io.BytesIO | io.BufferedReader = io.BytesIO(gzip.compress(GAME * 3))
    if buffered:
        data = io.BufferedReader(data)  # type: ignore[arg-type]
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(data))  # type: ignore[arg-type]
    verdict = check("-")
    assert verdict.files[0].errors == [] and verdict.summary.hands == 3


def test_plain_standard_input_without_peek_is_read_whole(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(GAME * 2)))
    verdict = check("-")
    assert verdict.files[0].errors == [] and verdict.summary.hands == 2


# ---- 4. nothing under a directory passed over in silence ---------------------------------------

def test_upper_case_transcripts_are_found(tmp_path: Path) -> None:
    (tmp_path / "sub").mkdir()
    (tmp_path / "A.TTN").write_bytes(GAME)
    (tmp_path / "sub" / "B.TTN.GZ").write_bytes(gzip.compress(GAME))
    assert list(expand([str(tmp_path)])) == [str(tmp_path / "A.TTN"), str(tmp_path / "sub" / "B.TTN.GZ")]
    verdict = check(*expand([str(tmp_path)]))
    assert verdict.summary.hands == 2 and not any(f.errors for f in verdict.files)


def test_a_dangling_link_is_an_input_error_naming_it(tmp_path: Path) -> None:
    (tmp_path / "a.ttn").write_bytes(GAME)
    (tmp_path / "b.ttn").symlink_to(tmp_path / "gone.ttn")
    result = run("check", str(tmp_path))
    assert result.returncode == 2
    assert f"{tmp_path / 'b.ttn'}: a symbolic link to nothing" in result.stderr.decode()


def test_a_subdirectory_that_cannot_be_listed_is_kept(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Simulated (as root every directory can be listed): the walk's error keeps the folder."""
    locked = tmp_path / "locked"
    locked.mkdir()
    (tmp_path / "a.ttn").write_bytes(GAME)
    scandir = os.scandir

    def refusing(path: str) -> object:
        if os.fspath(path) == str(locked):
            raise PermissionError(13, "Permission denied", os.fspath(path))
        return scandir(path)

    monkeypatch.setattr(os, "scandir", refusing)
    assert list(inputs.expand([str(tmp_path)])) == [str(tmp_path / "a.ttn"), str(locked)]


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() == 0, reason="root can list a directory of mode 000")
def test_a_subdirectory_that_cannot_be_listed_exits_2(tmp_path: Path) -> None:
    locked = tmp_path / "locked"
    locked.mkdir()
    (locked / "a.ttn").write_bytes(GAME)
    (tmp_path / "b.ttn").write_bytes(GAME)
    locked.chmod(0)
    try:
        result = run("check", str(tmp_path))
    finally:
        locked.chmod(0o755)
    assert result.returncode == 2 and f"{locked}: the directory cannot be read" in result.stderr.decode()


# ---- 5. fmt and check agree on a file check cannot use -----------------------------------------

@pytest.mark.parametrize("text, words", [
    (b"", "the file is empty"),
    (b"# a comment\n\n# another\n", "the file holds only comments"),
    (b"hand 1 dealer W\nN pass\n", "a hand before any game header"),
])
def test_fmt_refuses_what_check_refuses(tmp_path: Path, text: bytes, words: str) -> None:
    path = tmp_path / "game.ttn"
    path.write_bytes(text)
    checked = run("check", str(path))
    formatted = run("fmt", str(path))
    assert checked.returncode == formatted.returncode == 2
    assert formatted.stderr == checked.stderr and words in formatted.stderr.decode()
    assert path.read_bytes() == text
    assert run("fmt", "--check", str(path)).stderr == checked.stderr
