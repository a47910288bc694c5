"""Hostile input and a hostile machine (issue 15): nothing from the cache runs, no traceback,
bounded time and memory for every command, workers that end with their parent.

Small reproducers are written here; the large inputs are generated at test time and run in a
child process under `resource` limits, whose peak memory is measured (never the clock). Those, the
threads and the long streams are marked `stress`: left out of the default run, run by
``pytest -m stress`` (.ci/run does).
"""

from __future__ import annotations

import json
import os
import pickle
import resource
import shutil
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from referee import check_text
from referee.check import Checker
from referee.cli import app
from referee.notation.limits import MAX_ERRORS, MAX_FINDINGS, MAX_HAND_CHARS
from referee.output.report import report
from referee.output.story import story_of_text
from referee.parallel import UNIT_BYTES, worker_count

ROOT = Path(__file__).resolve().parent.parent
CASES = sorted((ROOT / "cases").glob("*/*.ttn"))
CASE = ROOT / "cases" / "euchre" / "revoke-established.ttn"
HEADER = '[Game "euchre"]\n[Players "N E S W"]\n[Partners "N-S E-W"]\n'
runner = CliRunner()


def _limit_memory() -> None:  # in the child, before it runs: a runaway is killed, not the machine
    resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))


def run(args: list[str], cache: Path, stdin: int | None = None, stdout: object = subprocess.PIPE,
        timeout: float = 300) -> subprocess.CompletedProcess[str]:
    """``referee ARGS`` in a child process with its own user cache and a memory limit."""
    env = {**os.environ, "XDG_CACHE_HOME": str(cache)}
    env.pop("REFEREE_NO_CACHE", None)
    return subprocess.run([sys.executable, "-m", "referee", *args], env=env, stdin=stdin, stdout=stdout,
                          stderr=subprocess.PIPE, text=True, timeout=timeout, preexec_fn=_limit_memory)


def peak_mib(args: list[str], cache: Path) -> tuple[float, int, str]:
    """The peak resident memory of ``referee ARGS`` and its workers, its exit status and stderr."""
    probe = textwrap.dedent("""
        import resource, subprocess, sys
        resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))
        done = subprocess.run([sys.executable, "-m", "referee", *sys.argv[1:]], stdout=subprocess.DEVNULL,
                              stderr=subprocess.PIPE, text=True)
        print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, done.returncode)
        sys.stderr.write(done.stderr)
    """)
    env = {**os.environ, "XDG_CACHE_HOME": str(cache)}
    done = subprocess.run([sys.executable, "-c", probe, *args], env=env, capture_output=True, text=True,
                          timeout=600)
    kib, status = done.stdout.split()
    return int(kib) / 1024, int(status), done.stderr


# ---- the user cache ------------------------------------------------------------------------

class _Boom:
    """Unpickling this writes a marker file: proof that a planted pickle ran."""

    def __init__(self, marker: str) -> None:
        self.marker = marker

    def __reduce__(self) -> tuple[object, tuple[str, ...]]:
        return (os.system, (f"touch {self.marker}",))


GRAMMAR_LINES = HEADER + "hand 1 dealer W\nupcard 9D  # a comment sends each line to the grammar\nN pass , E pass\n"


FirstCheck = tuple[Path, Path, subprocess.CompletedProcess[str]]
"""The case, the folder of the user cache its first check filled, and what that check said."""


@pytest.fixture(scope="module")
def first_check(tmp_path_factory: pytest.TempPathFactory) -> FirstCheck:
    """A case read by the grammar, checked once with an empty user cache, which the check fills:
    the case, that cache (``referee/`` in it) and what the check said. Each test of a damaged
    cache damages a copy of it (a check with an empty cache builds the parser's tables: 0.5 s)."""
    folder = tmp_path_factory.mktemp("first-check")
    case = folder / "case.ttn"
    case.write_text(GRAMMAR_LINES, "utf-8")
    return case, folder, run(["check", str(case)], folder)


def filled_cache(first_check: FirstCheck, home: Path) -> Path:
    """A copy, under `home`, of the cache the first check filled: where the user cache of a
    ``run`` with `home` is."""
    shutil.copytree(first_check[1] / "referee", home / "referee")
    return home / "referee"


def test_a_planted_pickle_in_the_cache_never_runs(tmp_path: Path, first_check: FirstCheck) -> None:
    case, _, first = first_check
    entries = sorted(filled_cache(first_check, tmp_path).iterdir())
    assert any(e.name.startswith("transcript-tables") for e in entries)
    marker = tmp_path / "ran"
    payload = pickle.dumps(_Boom(str(marker)))
    for entry in entries:  # every entry, and the file older versions kept Lark's pickle in
        entry.write_bytes(payload)
    (tmp_path / "referee" / "transcript-python.lark-tables").write_bytes(b"0" * 64 + b"\n" + payload)
    again = run(["check", str(case)], tmp_path)
    assert not marker.exists()
    assert (again.returncode, again.stdout) == (first.returncode, first.stdout)
    for entry in entries:  # each damaged entry was made again, as JSON
        assert isinstance(json.loads(entry.read_text("utf-8")), dict)


@pytest.mark.parametrize("value", ["null", "[]", '{"__type__": "Lark"}', '[{"x": 1}, {"\\u0000map": 3}]'])
def test_a_wrong_shaped_cache_entry_is_rebuilt(tmp_path: Path, value: str, first_check: FirstCheck) -> None:
    case, _, first = first_check
    for entry in filled_cache(first_check, tmp_path).iterdir():
        stamp = json.loads(entry.read_text("utf-8"))["stamp"]  # a stamp that is right, a value that is not
        entry.write_text(f'{{"stamp": "{stamp}", "value": {value}}}', "utf-8")
    again = run(["check", str(case)], tmp_path)
    assert "Traceback" not in again.stderr
    assert (again.returncode, again.stdout) == (first.returncode, first.stdout)
    bare = run(["check", str(case)], tmp_path)  # and the entry written again is used
    assert (bare.returncode, bare.stdout) == (first.returncode, first.stdout)


def test_the_library_never_writes_the_cache(tmp_path: Path) -> None:
    probe = ("import referee, sys\n"
             "v = referee.check_text(open(sys.argv[1], encoding='utf-8').read())\n"
             "print(v.exit_code)\n")
    case = tmp_path / "case.ttn"
    case.write_text(GRAMMAR_LINES, "utf-8")
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path / "cache")}
    env.pop("REFEREE_NO_CACHE", None)
    done = subprocess.run([sys.executable, "-c", probe, str(case)], env=env, capture_output=True, text=True,
                          check=True)
    assert done.stdout.strip() == "0"
    assert not (tmp_path / "cache").exists()


THREADS = textwrap.dedent("""
    import json, sys, threading
    from pathlib import Path
    import referee

    paths = sorted(Path(sys.argv[1]).glob("*/*.ttn"))
    texts = [p.read_text("utf-8") for p in paths]
    # the same transcripts with a comment on every line: each line then goes through the LALR
    # grammar (the regular-expression shortcut declines comments), not only the shortcut
    texts += ["\\n".join(line + "  # c" if line.strip() and not line.lstrip().startswith("#") else line
                        for line in text.splitlines()) for text in texts[::4]]
    # a thread switch every half millisecond rather than every 5: ten times the interleavings,
    # each check cut at more points, for a quarter more CPU (every 50 microseconds cost twice the
    # CPU on an idle second core)
    sys.setswitchinterval(0.5e-3)
    barrier = threading.Barrier(8)
    results = {}

    def work(n):
        # each thread from its own eighth of the list, so the eight start on different games and
        # different cases meet; each checks every other case, so each case is checked by four
        start = n * len(texts) // 8
        order = [i for i in list(range(start, len(texts))) + list(range(start)) if i % 2 == n % 2]
        barrier.wait()  # all eight start at once, on a cold cache and cold parsers
        results[n] = {i: json.dumps(referee.check_text(texts[i]).to_dict()) for i in order}

    threads = [threading.Thread(target=work, args=(n,)) for n in range(8)]
    for t in threads: t.start()
    for t in threads: t.join()
    single = [json.dumps(referee.check_text(t).to_dict()) for t in texts]
    checked = sorted(i for n in results for i in results[n])
    wrong = sum(results[n][i] != single[i] for n in results for i in results[n])
    print(len(texts), wrong, checked == sorted(list(range(len(texts))) * 4))
""")


@pytest.mark.stress
def test_check_text_from_eight_threads_gives_the_single_thread_verdicts(tmp_path: Path) -> None:
    """Issue 13 item 5: no state between calls, nothing mutable shared between threads. Eight
    threads, from a cold start, switching every half millisecond, check every case four times
    in all; every verdict must be the single thread's."""
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path / "cold")}
    env.pop("REFEREE_NO_CACHE", None)
    done = subprocess.run([sys.executable, "-c", THREADS, str(ROOT / "cases")], env=env, capture_output=True,
                          text=True, timeout=900)
    assert done.returncode == 0, done.stderr
    count, wrong, each_four_times = done.stdout.split()
    assert int(count) > len(CASES) and int(wrong) == 0 and each_four_times == "True"
    assert not (tmp_path / "cold").exists()  # and the library wrote nothing to the cache


# ---- what reaches a browser or a terminal -----------------------------------------------------

HOSTILE = (HEADER.replace('[Partners', '[Event "<script>alert(1)</script> \x1b]0;owned\x07"]\n[Partners')
           + 'hand 1 dealer W\nnote "<img src=x onerror=alert(1)> [x](javascript:alert(1)) \x1b[2J '
           + '<iframe src=javascript:alert(1)>"\n'
           + "upcard 9D\nN pass, E pass, S pass, W pass\n")


def test_the_markdown_report_passes_no_html_and_no_link() -> None:
    markdown = report(story_of_text(HOSTILE), "markdown")
    for live in ("<script", "<img", "<iframe", "](javascript"):
        assert live not in markdown
    assert "&lt;script&gt;" in markdown and "&lt;img src=x onerror=alert(1)&gt;" in markdown
    page = report(story_of_text(HOSTILE), "html")
    assert "<script" not in page and "<img" not in page and "\x1b" not in page


def test_terminal_escapes_are_shown_harmlessly(tmp_path: Path) -> None:
    path = tmp_path / "escapes.ttn"
    path.write_text(HOSTILE + "N XS\n" + '[Game "\x1b[31mwhist"]\n', "utf-8")
    for command in (["check"], ["explain"], ["report"], ["check", "--format", "json"]):
        result = run([*command, str(path)], tmp_path)
        assert "\x1b" not in result.stdout + result.stderr, command
        assert "Traceback" not in result.stderr
    assert "\\x1b]0;owned\\x07" in run(["check", str(path)], tmp_path).stdout


def test_the_terminal_writer_escapes_too() -> None:
    import io

    from referee.output.terminal import TerminalWriter, show_explanation

    out, err = io.StringIO(), io.StringIO()
    Checker(TerminalWriter(out, err, no_color=True)).check_text(HOSTILE + "N XS\n", "x.ttn")
    show_explanation("Hand 1 \x1b[2J\n", out, no_color=True)
    shown = out.getvalue() + err.getvalue()  # rich's own bold stays; the transcript's escapes do not
    assert "\x1b]0;" not in shown and "\x1b[2J" not in shown and "\x1b[31m" not in shown
    assert "\\x1b[2J" in shown and "\\x1b]0;owned\\x07" in shown


# ---- no traceback, ever ----------------------------------------------------------------------

@pytest.mark.parametrize(("line", "column", "words"), [
    ('[Pool "²"]', 8, "not a number of counters"),
    ('[Pool "①"]', 8, "not a number of counters"),
    ('[Pool "699999999999999999999999999999999999999999999999999"]', 8, "more than 9,999 counters"),  # fuzz 5/14031
    ('[Pool "123456789012345"]', 8, "more than 9,999 counters"),
    ('[Pool "9999 1"]', 13, "more than 9,999 counters"),
    ('[Score "N-S 1234567"]', 9, "too large a number"),
    ('[Score "N-S ３"]', 9, "cannot read score"),
    ('[Rules "target=１２"]', 9, "takes a whole number"),
    ('[Rules "target=1_0"]', 9, "takes a whole number"),
    ("hand 1234567 dealer W", 6, "too large a number"),
    ("hand ① dealer W", 1, "is not a hand line"),  # the hand line's own message, with its form
    ("trick ²: N 9H", 7, "not written in the digits 0-9"),
    ("trick 99999999: N 9H", 7, "too large a number"),
    ("N bid 12345678", 7, "too large a number"),
    ("N bid ３", 7, "not written in the digits 0-9"),
    ("recorded N-S +1234567", 14, "too large a number"),
    ("recorded N-S +１", 14, "not written in the digits 0-9"),
    ("N claim revoke E trick 1234567", 24, "too large a number"),
])
def test_numbers_are_ascii_digits_and_bounded(tmp_path: Path, line: str, column: int, words: str) -> None:
    tags, body = (line + "\n", "") if line.startswith("[") else ("", line + "\n")
    header = '[Game "boston"]\n[Players "N E S W"]\n' if line.startswith("[Pool") else HEADER  # euchre keeps no pool
    text = header + tags + "hand 1 dealer W\n" + body
    path = tmp_path / "numbers.ttn"
    path.write_text(text, "utf-8")
    number = text.splitlines().index(line) + 1
    result = runner.invoke(app, ["check", str(path)])
    assert result.exit_code == 2
    assert f"{path}:{number}:{column}: " in result.stderr and words in result.stderr and " — " in result.stderr


def test_every_game_refuses_a_huge_pool() -> None:
    for game, players in (("boston", "N E S W"), ("french-boston", "N E S W"), ("auction-pitch", "N E S W")):
        verdict = check_text(f'[Game "{game}"]\n[Players "{players}"]\n[Pool "10000000000"]\nhand 1 dealer W\n')
        assert verdict.exit_code == 2 and "9,999" in verdict.files[0].errors[0].message


@pytest.mark.parametrize("yaml_text", [
    "a: &a [x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]\n"
    "c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]\nd: [*c, *c, *c, *c, *c, *c, *c, *c, *c]\n",  # billion laughs
    "[" * 20_000 + "]" * 20_000,  # deep nesting
    "target: " + "9" * 5_000 + "\n",  # a number Python will not read
    "".join(f"key{i}: {i}\n" for i in range(20_000)),  # too large a file
    "target: 11\nevil: !!python/object/apply:os.system [touch x]\n",  # an object tag
    "\x00\x01",
])
def test_a_hostile_house_rules_file_is_refused(tmp_path: Path, yaml_text: str) -> None:
    rules = tmp_path / "club.yaml"
    rules.write_text(yaml_text, "utf-8")
    result = run(["check", "--rules", str(rules), str(CASE)], tmp_path, timeout=60)
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert result.stderr.startswith(f"{rules}:") and len(result.stderr) < 400  # "club.yaml:2:7: " where known
    assert not (tmp_path / "x").exists()


def test_a_huge_house_rule_name_is_not_echoed_whole() -> None:
    """An error quotes what the user wrote cut short, as it quotes a huge number (issue 24)."""
    for rules in ("x" * 100_000, "stick-the-dealer=" + "y" * 100_000, "turned-down-suit=" + "z" * 100_000):
        result = runner.invoke(app, ["check", "--rules", rules, str(CASE)])
        assert result.exit_code == 2 and len(result.stderr) < 600, result.stderr[:600]


def test_a_full_disk_is_exit_2_at_once(tmp_path: Path) -> None:
    if not os.path.exists("/dev/full"):
        pytest.skip("no /dev/full")
    for command in (["check"], ["check", "--format", "json"], ["explain"], ["report"]):
        with open("/dev/full", "w") as full:
            result = run([*command, str(CASE)], tmp_path, stdout=full)
        assert result.returncode == 2, command
        assert result.stderr == "referee: cannot write the output: No space left on device\n"


@pytest.mark.parametrize("command", [["check"], ["check", "--jobs", "3"], ["explain"], ["report"], ["fmt", "--check"]])
def test_dev_zero_is_not_a_text_file(tmp_path: Path, command: list[str]) -> None:
    result = run([*command, "/dev/zero"], tmp_path, timeout=60)
    assert result.returncode == 2 and "/dev/zero" in result.stderr
    assert "not a text file" in result.stderr or "not a regular file" in result.stderr
    if command[0] == "check":
        with open("/dev/zero", "rb") as zero:
            piped = run([*command[:1], "-"], tmp_path, stdin=zero.fileno(), timeout=60)
        assert piped.returncode == 2 and "-:1:1: this is not a text file" in piped.stderr


def test_a_file_of_nuls_is_not_a_text_file(tmp_path: Path) -> None:
    path = tmp_path / "nuls.ttn"
    path.write_bytes(b"\x00" * (20 << 20))
    result = runner.invoke(app, ["check", str(path)])
    assert result.exit_code == 2 and f"{path}:1:1: this is not a text file" in result.stderr


@pytest.mark.parametrize("value", [b'[Game "euchre"]', None, ["a"], 3])
def test_check_text_says_what_it_takes(value: object) -> None:
    with pytest.raises(TypeError, match="takes the transcript as str"):
        check_text(value)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="house rules as str"):
        check_text("", rules=3)  # type: ignore[arg-type]


# ---- bounded time and memory -----------------------------------------------------------------

def _huge_hand(path: Path, lines: int) -> None:
    with open(path, "w", encoding="utf-8") as out:
        out.write(HEADER + "hand 1 dealer W\n")
        for _ in range(lines):
            out.write("N pass, E pass, S pass, W pass, N pass, E pass, S pass, W pass\n")
        out.write("hand 2 dealer N\nupcard 9D\nE pass\n")


def test_one_hand_may_hold_only_so_much(tmp_path: Path) -> None:
    lines = MAX_HAND_CHARS // len("N pass, E pass") + 5
    text = HEADER + "hand 1 dealer W\n" + "N pass, E pass\n" * lines + "hand 2 dealer N\nE pass\n"
    verdict = check_text(text)
    [error] = verdict.files[0].errors
    overflowing = MAX_HAND_CHARS // len("N pass, E pass") + 1  # the first line past the limit
    assert error.line == 4 + overflowing and f"more than {MAX_HAND_CHARS:,} characters" in error.message
    assert [h.number for h in verdict.files[0].games[0].hands] == [2]  # the next hand is checked


def test_a_hand_lists_at_most_so_many_findings() -> None:
    text = HEADER + "hand 1 dealer W\nupcard 9D\n" + "S pass\n" * (MAX_FINDINGS + 40)
    verdict = check_text(text)
    [hand] = verdict.files[0].games[0].hands
    assert len(hand.irregularities) == MAX_FINDINGS
    assert verdict.summary.irregularities > MAX_FINDINGS
    assert any(note.startswith("… and ") and "more irregularities" in note for note in hand.notes)


def test_a_file_lists_at_most_so_many_problems(tmp_path: Path) -> None:
    path = tmp_path / "noise.ttn"
    path.write_text("zz ?\n" * (MAX_ERRORS + 500), "utf-8")
    text = runner.invoke(app, ["check", str(path)])
    data = json.loads(runner.invoke(app, ["check", "--format", "json", str(path)]).stdout)
    errors = data["files"][0]["errors"]
    assert len(errors) == MAX_ERRORS + 1 and errors[-1]["message"].startswith("… and ")
    assert text.stderr.count("\n") == MAX_ERRORS + 1 and "more problems in this file" in text.stderr


@pytest.mark.stress
@pytest.mark.parametrize("command", [["check"], ["check", "--format", "json"], ["explain"], ["report"],
                                     ["report", "--format", "html"], ["check", "--jobs", "2"]])
def test_a_hand_of_two_million_events_in_bounded_memory(tmp_path: Path, command: list[str]) -> None:
    path = tmp_path / "huge-hand.ttn"
    _huge_hand(path, 250_000)  # 2 million events, 15 MB
    peak, status, errors = peak_mib([*command, str(path)], tmp_path)
    assert status == 2 and (f"more than {MAX_HAND_CHARS:,} characters" in errors or "json" in command)
    assert peak < 120, f"{peak:.0f} MiB"


@pytest.mark.stress
@pytest.mark.parametrize("command", [["explain"], ["report"], ["check", "--format", "json"]])
def test_explain_and_report_stream_like_check(tmp_path: Path, command: list[str]) -> None:
    """Memory flat in the hands: 2,400 hands more raise the peak by less than 3 MiB, where keeping
    each hand's verdict (some 4.5 KB) or story (22 KB) would raise it by 10 MiB or more. Measured
    once the user cache is made: the run that makes it peaks higher."""
    import random

    from referee.games.euchre import GAME

    rng = random.Random(15)
    small, large = tmp_path / "small.ttn", tmp_path / "large.ttn"
    game = "".join(GAME.random_game(rng, 10) for _ in range(10))
    small.write_text(game, "utf-8")
    large.write_text(game * 25, "utf-8")
    peak_mib([*command, str(CASE)], tmp_path)
    small_peak, _, _ = peak_mib([*command, str(small)], tmp_path)
    large_peak, _, _ = peak_mib([*command, str(large)], tmp_path)
    assert large_peak < small_peak + 3, (small_peak, large_peak)


OLD_FMT_LIMIT = 2 << 20
"""``fmt`` refused files larger than this until it streamed."""


@pytest.mark.stress
@pytest.mark.parametrize("command", [["fmt"], ["fmt", "--diff"]])
def test_fmt_streams_a_file_past_its_old_limit(tmp_path: Path, command: list[str]) -> None:
    """Past the old limit, in flat memory: a file three times as large (4.4 MB more) raises the
    peak by less than 3 MiB, where holding it would take 4.4 MB as text alone, and much more as
    lines. The bulk is comments, so the test stays quick, and it is one piece per game, so the
    whole result is known. Measured once the user cache is made: the run that makes it peaks
    higher."""
    import random

    from referee.games.euchre import GAME
    from referee.output.fmt import format_text

    rng = random.Random(16)
    piece = "".join(f"# {n:6} {'-' * 64}\n" for n in range(1500))  # 110 KB of comments before each game
    piece += GAME.random_game(rng, 2).replace("trick 2: ", "trick 2:  ")
    warm = tmp_path / "warm.ttn"
    warm.write_text(piece, "utf-8")
    peak_mib([*command, str(warm)], tmp_path)
    peaks = []
    for size in (OLD_FMT_LIMIT, 3 * OLD_FMT_LIMIT):
        copies = size // len(piece) + 1
        path = tmp_path / f"past-{copies}.ttn"
        path.write_text(piece * copies, "utf-8")
        assert path.stat().st_size > size
        peak, status, errors = peak_mib([*command, str(path)], tmp_path)
        assert status == 0 and "Traceback" not in errors, errors
        peaks.append(peak)
    assert peaks[1] < peaks[0] + 3, peaks
    formatted = format_text(piece)
    assert formatted != piece
    expected = formatted + ("\n" + formatted) * (copies - 1)  # each later header after a blank line
    with open(path, encoding="utf-8") as result:
        assert result.read() == (piece * copies if "--diff" in command else expected)


@pytest.mark.stress
def test_jobs_on_a_file_without_game_boundaries_costs_what_one_process_costs(tmp_path: Path) -> None:
    nuls, few = tmp_path / "nuls.ttn", tmp_path / "few.ttn"
    nuls.write_bytes(b"\x00" * (60 << 20))
    few.write_bytes(b"\x00" * 1024)
    _, status, _ = peak_mib(["check", str(nuls)], tmp_path)
    many, status_jobs, _ = peak_mib(["check", "--jobs", "4", str(nuls)], tmp_path)
    base, _, _ = peak_mib(["check", "--jobs", "4", str(few)], tmp_path)
    assert status == status_jobs == 2
    # The 60 MiB are never held: the workers' peak is what they cost on a 1 KiB file. (Against
    # one process the margin was 16 MiB for a constant 12-17 MiB of worker start-up, which the
    # lighter start-up of a plain `check` made flaky.)
    assert many < base + 16, (base, many)
    path = tmp_path / "one-game.ttn"
    import random

    from referee.games.euchre import GAME

    game = GAME.random_game(random.Random(4), 2)
    head, _, body = game.partition("hand 1")
    hands = ("hand 1" + body).replace("hand 1", "hand", 1).replace("hand 2", "hand", 1)
    # one game of some 1,700 hands: two of the parts --jobs cuts a file into, with no boundary in them
    path.write_text(head + hands * (2 * UNIT_BYTES // len(hands) + 1), "utf-8")
    assert path.stat().st_size > 2 * UNIT_BYTES
    sequential, jobs = run(["check", str(path)], tmp_path), run(["check", "--jobs", "4", str(path)], tmp_path)
    assert (sequential.returncode, sequential.stdout, sequential.stderr) == (jobs.returncode, jobs.stdout, jobs.stderr)


def test_jobs_is_capped() -> None:
    assert worker_count(1000) <= min(32, 2 * (os.cpu_count() or 1))
    assert worker_count(1) == 1 and worker_count(0) == 1
    import inspect

    from referee import cli

    assert "at most twice the cores" in inspect.signature(cli.check).parameters["jobs"].default.help


def _children(pid: int) -> set[int]:
    found: set[int] = set()
    for task in Path(f"/proc/{pid}/task").glob("*"):
        with open(task / "children") as listing:
            found.update(int(n) for n in listing.read().split())
    return found


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().split(") ")[1][0] != "Z"
    except OSError:
        return False


@pytest.mark.stress
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
@pytest.mark.parametrize("sig", [signal.SIGKILL, signal.SIGTERM])
def test_workers_end_when_their_parent_is_killed(tmp_path: Path, sig: signal.Signals) -> None:
    import random

    from referee.games.euchre import GAME

    rng = random.Random(9)
    archive = tmp_path / "archive.ttn"
    games = "".join(GAME.random_game(rng, 10) for _ in range(30))
    archive.write_text(games * 100, "utf-8")  # 30,000 hands: the workers are killed long before the end
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path)}
    parent = subprocess.Popen([sys.executable, "-m", "referee", "check", "--jobs", "2", str(archive)], env=env,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    workers: set[int] = set()
    for _ in range(600):  # wait for the workers to start (polling, not timing)
        workers = {w for w in _children(parent.pid) if _alive(w)}
        if len(workers) >= 2 or parent.poll() is not None:
            break
        time.sleep(0.05)
    assert len(workers) >= 2, "the workers never started"
    parent.send_signal(sig)
    parent.wait()
    for _ in range(600):
        if not any(_alive(w) for w in workers):
            break
        time.sleep(0.05)
    leftover = [w for w in workers if _alive(w)]
    for w in leftover:
        os.kill(w, signal.SIGKILL)
    assert not leftover


@pytest.mark.parametrize("arguments", [["new", "x" * 100_000], ["rules", "x" * 100_000],
                                       ["rules", "euchre", "x" * 100_000], ["check", "--jobs", "x" * 100_000, "-"]])
def test_a_huge_command_line_value_is_not_echoed_whole(arguments: list[str]) -> None:
    done = subprocess.run([sys.executable, "-m", "referee", *arguments], input="", capture_output=True, text=True,
                          timeout=120, check=False)
    assert done.returncode == 2 and "Traceback" not in done.stderr and len(done.stderr) < 2_000
