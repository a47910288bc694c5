"""An archive audited as an engineer would audit a million hands, and the command line as a club
secretary meets it the first time: what goes wrong with real files and real machines (a directory
that cannot be listed, a disk that fails while a file is read, a compressed archive, a run killed
half-way, an archive checked by several workers) is told in words and costs flat memory.

Work is counted and memory measured, never the clock: a test that waits, waits for a state (a
file appearing, a process blocked on its input)."""

from __future__ import annotations

import gzip
import importlib
import io
import json
import os
import random
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from test_hostile import peak_mib
from typer.testing import CliRunner

from referee.check import Collector, check_files
from referee.cli import app

CASES = Path(__file__).resolve().parent.parent / "cases"
CASE = CASES / "euchre" / "revoke-established.ttn"
runner = CliRunner()


# ---- input that cannot be read ---------------------------------------------------------------

def test_a_directory_that_cannot_be_listed_is_told_so_not_called_empty(tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """A directory without read permission may hold transcripts: "holds no transcript" would send
    the auditor looking in the wrong place. (Patched: the tests may run as root, who reads all.)"""
    locked = tmp_path / "locked"
    locked.mkdir()
    real_access = os.access
    monkeypatch.setattr(os, "access", lambda path, mode: path != str(locked) and real_access(path, mode))
    collector = Collector()
    check_files([str(locked)], collector)
    [problem] = collector.verdict.files[0].errors
    assert problem.message == "the directory cannot be read (permission denied)"
    assert problem.hint == "check the directory's permissions"


class _FailingDisk(io.BytesIO):
    """A file whose disk fails once its first `good` bytes are read."""

    def __init__(self, data: bytes, good: int) -> None:
        super().__init__(data)
        self.good = good

    def _check(self) -> None:
        if self.tell() >= self.good:
            raise OSError(5, "Input/output error")

    def read(self, size: int | None = -1) -> bytes:
        self._check()
        left = self.good - self.tell()
        return super().read(left if size is None or size < 0 else min(size, left))

    def read1(self, size: int = -1) -> bytes:
        return self.read(size)

    def readline(self, size: int | None = -1) -> bytes:
        self._check()
        return super().readline(size)


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_disk_error_while_reading_is_told_and_the_archive_goes_on(tmp_path: Path, jobs: str,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """An I/O error reading one file was told as "cannot write the output" and ended the run: the
    other files of the archive went unchecked. Now the games before it are checked, the file's
    error is told, and the next file is checked; exit 2."""
    failing = tmp_path / "failing.ttn"
    text = CASE.read_bytes()
    failing.write_bytes(text + text)  # two games: the disk fails in the second
    import referee.check

    real_open = referee.check.open_binary

    def open_binary(path: str) -> io.BytesIO:
        if path != str(failing):
            return real_open(path)
        return _FailingDisk(failing.read_bytes(), len(text) + len(text) // 2)

    monkeypatch.setattr(referee.check, "open_binary", open_binary)
    result = runner.invoke(app, ["check", "--format", "json", "--jobs", jobs, str(failing), str(CASE)])
    assert result.exit_code == 2, result.output
    verdict = json.loads(result.stdout)
    first, second = verdict["files"]
    assert [e["message"] for e in first["errors"]] == ["the file could not be read to its end (Input/output error)"]
    assert first["games"][0]["hands"][0]["irregularities"]  # the game read before the failure
    assert first["games"][1]["hands"] == []  # the game it broke: ended as at the end of a file
    assert second["games"][0]["hands"][0]["irregularities"] and not second["errors"]  # the next file


@pytest.mark.skipif(not os.path.exists("/proc/self/mem"), reason="needs Linux's /proc/self/mem, which fails to read")
@pytest.mark.parametrize("command", [["check"], ["check", "--jobs", "2"], ["check", "--format", "json"],
                                     ["explain"], ["report"]])
def test_a_file_that_fails_to_read_is_not_an_output_error(command: list[str]) -> None:
    """/proc/self/mem fails on its first read (EIO), as a failing disk or a dropped share does."""
    paths = ["/proc/self/mem", str(CASE)] if command[0] == "check" else ["/proc/self/mem"]
    done = subprocess.run([sys.executable, "-m", "referee", *command, *paths], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 2
    assert "cannot write the output" not in done.stderr and "Traceback" not in done.stderr
    told = done.stderr + done.stdout  # JSON and the report hold the problem in their output
    assert "/proc/self/mem" in told and "could not be read to its end (Input/output error)" in told
    if command[0] == "check":
        assert "1 irregularity" in done.stdout or '"irregularities": 1,' in done.stdout  # the next file


def test_fmt_tells_a_missing_file_as_check_does(tmp_path: Path) -> None:
    missing = str(tmp_path / "tonight.ttn")
    fmt, check = runner.invoke(app, ["fmt", missing]), runner.invoke(app, ["check", missing])
    assert fmt.exit_code == check.exit_code == 2
    assert fmt.stderr == check.stderr == f"{missing}: no such file — check the path and its spelling\n"


@pytest.mark.parametrize("command", [["check"], ["check", "--format", "json", "--jobs", "2"], ["explain"],
                                     ["report"], ["fmt"]])
def test_standard_input_closed_is_told_not_a_traceback(command: list[str]) -> None:
    """Started with standard input closed (``<&-``, as some schedulers start programs), Python
    has no sys.stdin: ``-`` raised AttributeError in every command."""
    done = subprocess.run([sys.executable, "-m", "referee", *command, "-"], capture_output=True, text=True,
                          timeout=120, preexec_fn=lambda: os.close(0))
    assert done.returncode == 2 and "Traceback" not in done.stderr, done.stderr
    assert "standard input is closed" in done.stderr + done.stdout


@pytest.mark.parametrize("command", [["check"], ["explain"]])
def test_standard_output_closed_is_exit_2_in_one_line(command: list[str]) -> None:
    done = subprocess.run([sys.executable, "-m", "referee", *command, str(CASE)], stderr=subprocess.PIPE,
                          text=True, timeout=120, preexec_fn=lambda: os.close(1))
    assert (done.returncode, done.stderr) == (2, "referee: cannot write the output: standard output is closed\n")


def test_output_over_the_file_standard_input_reads_is_refused(tmp_path: Path) -> None:
    """``referee check - -o game.ttn < game.ttn`` renamed the verdict over the transcript."""
    game = tmp_path / "game.ttn"
    game.write_bytes(CASE.read_bytes())
    for command in (["check"], ["report"]):
        with open(game, "rb") as stdin:
            done = subprocess.run([sys.executable, "-m", "referee", *command, "-", "-o", str(game)], stdin=stdin,
                                  capture_output=True, text=True, timeout=120)
        assert done.returncode == 2 and "that is the transcript being read" in done.stderr
        assert game.read_bytes() == CASE.read_bytes()


# ---- compressed archives ----------------------------------------------------------------------

@pytest.mark.parametrize("games", [1, 2])
def test_report_numbers_the_games_of_a_compressed_file_as_of_a_plain_one(tmp_path: Path, games: int) -> None:
    """The report numbers its games when the file holds several: it looked for their headers in
    the compressed bytes of a .gz file, and so numbered them or not by chance."""
    plain, packed = tmp_path / "night.ttn", tmp_path / "night.ttn.gz"
    text = "\n".join([CASE.read_text("utf-8")] * games)
    plain.write_text(text, "utf-8")
    packed.write_bytes(gzip.compress(text.encode("utf-8")))
    shown = [runner.invoke(app, ["report", str(path)]) for path in (plain, packed)]
    headings = [[line for line in report.stdout.splitlines() if line.startswith("# Ruling")] for report in shown]
    assert headings[0] == headings[1] and len(headings[0]) == games
    assert all(heading.endswith(f"— game {n}") for n, heading in enumerate(headings[0], 1)) == (games > 1)


def _archive(games: int) -> bytes:
    """`games` games (of one hand, with a revoke), enough of them to be cut into several parts;
    each with a comment of random digits, so that the archive compresses as a real one does."""
    rng = random.Random(7)
    return b"\n".join(f"# {rng.getrandbits(160):048d}\n".encode() + CASE.read_bytes() for _ in range(games))


def test_jobs_share_a_compressed_archive_out_to_the_workers(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A .ttn.gz file was checked in the parent alone, whatever --jobs said: an archive kept
    compressed, as large ones are, got no worker. It is now cut into parts as it is read."""
    import referee.parallel

    packed = tmp_path / "archive.ttn.gz"
    packed.write_bytes(gzip.compress(_archive(1200)))  # 720 KB once decompressed: three parts
    started: list[bool] = []
    real_executor = referee.parallel._Pool.executor
    monkeypatch.setattr(referee.parallel._Pool, "executor", lambda pool: started.append(True) or real_executor(pool))
    outputs = [runner.invoke(app, ["check", "--format", "json", "--jobs", jobs, str(packed)]) for jobs in ("1", "2")]
    assert started and outputs[0].stdout == outputs[1].stdout
    assert json.loads(outputs[1].stdout)["summary"]["games"] == 1200


def test_jobs_share_an_archive_of_small_files_out_to_the_workers(tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """An archive kept as a file an evening is a run of small files, each one part: --jobs
    checked every one in the parent and started no worker. Now a worker takes a file whole
    (reading it itself); the output is the sequential run's, byte for byte, whatever the files
    hold (findings, nothing, noise past the problems listed, bytes that are not text)."""
    import referee.parallel

    folder = tmp_path / "evenings"
    folder.mkdir()
    for n in range(6):
        (folder / f"night-{n}.ttn").write_bytes(_archive(n + 1))
    (folder / "night-empty.ttn").write_bytes(b"")
    (folder / "night-noise.ttn").write_bytes(b"zz ?\n" * 1100)
    (folder / "night-nuls.ttn").write_bytes(b"\x00" * 64)
    started: list[bool] = []
    real_executor = referee.parallel._Pool.executor
    monkeypatch.setattr(referee.parallel._Pool, "executor", lambda pool: started.append(True) or real_executor(pool))
    for format in ("json", "text", "github"):
        runs = [runner.invoke(app, ["check", "--format", format, "--jobs", jobs, str(folder), str(CASE)])
                for jobs in ("1", "2")]
        assert runs[0].exit_code == runs[1].exit_code == 2
        assert (runs[0].stdout, runs[0].stderr) == (runs[1].stdout, runs[1].stderr)
    assert started


@pytest.mark.parametrize("fraction", [0.5, 0.9])
def test_jobs_tell_a_file_failing_in_mid_archive_as_one_process_does(tmp_path: Path, fraction: float,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """A .gz file damaged, or a disk failing, in a later part: the parts before it come from the
    workers, the rest is read in the parent up to the failure, so the output is byte for byte a
    sequential run's (the games before the failure, the one it broke ended, the problem)."""
    import referee.check

    data = _archive(1200)
    packed, failing = tmp_path / "damaged.ttn.gz", tmp_path / "failing.ttn"
    compressed = gzip.compress(data)
    packed.write_bytes(compressed[: int(len(compressed) * fraction)])
    failing.write_bytes(data)
    real_open = referee.check.open_binary

    def open_binary(path: str) -> io.BytesIO:
        return _FailingDisk(data, int(len(data) * fraction)) if path == str(failing) else real_open(path)

    monkeypatch.setattr(referee.check, "open_binary", open_binary)
    for path in (packed, failing):
        for format in ("text", "json"):
            runs = [runner.invoke(app, ["check", "--format", format, "--jobs", jobs, str(path), str(CASE)])
                    for jobs in ("1", "2")]
            assert runs[0].exit_code == runs[1].exit_code == 2
            assert (runs[0].stdout, runs[0].stderr) == (runs[1].stdout, runs[1].stderr)
        first, second = json.loads(runs[1].stdout)["files"]
        assert 500 < len(first["games"]) < 1200 and len(first["errors"]) == 1  # parts, then the failure
        assert second["games"][0]["hands"][0]["irregularities"]


# ---- a run ended half-way ---------------------------------------------------------------------

def _blocked_check(args: list[str], cwd: Path) -> subprocess.Popen[bytes]:
    """``referee check ARGS -`` reading a game from a pipe held open: it waits there, whatever the
    machine's speed, until it is signalled. The signals are as a terminal's shell leaves them.
    Forty games: their verdict fills the output's buffer, so some of it is written at once."""
    def defaults() -> None:
        for number in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
            signal.signal(number, signal.SIG_DFL)

    process = subprocess.Popen([sys.executable, "-m", "referee", "check", *args, "-"], cwd=cwd,
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               preexec_fn=defaults)
    assert process.stdin is not None
    process.stdin.write(b"\n".join([CASE.read_bytes()] * 40))
    process.stdin.flush()
    return process


def _wait_for_temporary(folder: Path, process: subprocess.Popen[bytes]) -> None:
    """Until the temporary file of ``-o`` is there (the run has begun writing), or the run ends."""
    while not any(p.name.endswith(".tmp") for p in folder.iterdir()) and process.poll() is None:
        os.sched_yield()


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
@pytest.mark.parametrize("number", [signal.SIGTERM, signal.SIGHUP, signal.SIGINT], ids=["TERM", "HUP", "INT"])
def test_a_run_killed_half_way_leaves_no_file_behind(tmp_path: Path, number: int) -> None:
    """``kill`` or a closed terminal ended the run at once and left ``.verdict.json.XXXX.tmp``
    behind; the docs promise that an interrupted run leaves none. The run still ends by the
    signal (Ctrl-C: status 130, as the other commands end on it, without a traceback)."""
    out = tmp_path / "verdict.json"
    process = _blocked_check(["--format", "json", "-o", str(out)], tmp_path)
    _wait_for_temporary(tmp_path, process)
    process.send_signal(number)
    _, err = process.communicate(timeout=60)
    assert process.returncode == (130 if number == signal.SIGINT else -number), err
    assert b"Traceback" not in err
    assert list(tmp_path.iterdir()) == []


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_ctrl_c_on_a_plain_check_prints_no_traceback(tmp_path: Path) -> None:
    """A plain ``check`` does not go through Typer (`referee.entry`), which ends on Ctrl-C
    quietly with 130; it printed a KeyboardInterrupt traceback."""
    process = _blocked_check([], tmp_path)
    assert process.stdout is not None
    process.stdout.read1(1)  # the first game's verdict is out: the run is under way
    process.send_signal(signal.SIGINT)
    _, err = process.communicate(timeout=60)
    assert process.returncode == 130 and err == b""


# ---- memory with workers ----------------------------------------------------------------------

@pytest.mark.stress
def test_jobs_memory_stays_flat_when_the_archive_grows_eightfold(tmp_path: Path) -> None:
    """With --jobs the parent splices each part's output, a megabyte-sized string; glibc then
    served such blocks from the heap, which grew with the archive: 51 MB for 5 MB of transcript,
    89 MB for 40 MB. Here 7 MB more of archive (the five games, 14,000 hands more) raised the
    parent's peak (the largest process) by some 16 MiB; now by less than 8 (about 2). Measured
    once the user cache is made."""
    rng = random.Random(21)
    games = [importlib.import_module(f"referee.games.{name}.generator")
             for name in ("euchre", "auction_pitch", "boston", "french_boston", "whist")]
    piece = "\n".join(games[n % len(games)].random_game(rng, 50) for n in range(40))  # about 1 MB
    small, large = tmp_path / "small.ttn", tmp_path / "large.ttn"
    small.write_text(piece, "utf-8")
    large.write_text("\n".join([piece] * 8), "utf-8")
    peak_mib(["check", str(CASE)], tmp_path)
    small_peak, status, _ = peak_mib(["check", "--format", "json", "--jobs", "2", str(small)], tmp_path)
    large_peak, _, _ = peak_mib(["check", "--format", "json", "--jobs", "2", str(large)], tmp_path)
    assert status == 0 and large_peak < small_peak + 8, (small_peak, large_peak)


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_compressed_file_damaged_in_mid_game_still_gives_whole_json(tmp_path: Path, jobs: str) -> None:
    """The game being read when the .gz file broke was begun in the JSON and never closed: the
    verdict of the whole archive could not be parsed. It is now ended as at the end of a file."""
    data = gzip.compress(CASE.read_bytes() + b"\n" + CASE.read_bytes())
    damaged = tmp_path / "night.ttn.gz"
    damaged.write_bytes(data[: len(data) * 3 // 4])
    result = runner.invoke(app, ["check", "--format", "json", "--jobs", jobs, str(damaged), str(CASE)])
    verdict = json.loads(result.stdout)
    assert result.exit_code == 2 and verdict["summary"]["errors"] == 1
    assert verdict["files"][0]["errors"][0]["message"].startswith("this compressed file is damaged (")
    assert verdict["files"][1]["games"][0]["hands"][0]["irregularities"]
