"""The console script's entry: ``referee check`` written the usual way runs without Typer.

Importing Typer (and through it click, the completion machinery and the inspection of every
command's signature) costs more start-up than the referee's own code and a one-hand check
together: about 150 million instructions of a one-hand ``check``. So `main` reads the command
line itself when it is a ``check`` with only the options below, each written in full or short
(``--format json``, ``--format=json``, ``-f json``), and runs it here; anything else — another
command, ``--help``, ``--version``, an option it does not know, a value Typer would refuse,
shell completion — goes to the Typer application in `referee.cli`, which stays the definition
of the command line (``referee check --help`` is its text). The check itself is `run_check`,
which both call, so the two ways in cannot differ in what they do.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterable, Iterator
from contextlib import ExitStack, contextmanager, suppress
from typing import TYPE_CHECKING, Any, NoReturn, TextIO, TypeVar

from .notation import usercache

if TYPE_CHECKING:
    import signal as _signal
else:  # the module under `signal`, which builds enums of every signal on import (3 million instructions)
    import _signal
from .notation.inputs import STDIN

FORMATS = ("text", "json", "github")
T = TypeVar("T")

_VALUED = {"--format": "format", "-f": "format", "--rules": "rules", "--jobs": "jobs", "-j": "jobs",
           "--output": "output", "-o": "output"}
_FLAGS = {"--quiet": "quiet", "-q": "quiet", "--no-color": "no_color"}


def main() -> None:
    """The console script. A closed pipe (``referee check big.ttn | head``) ends the run as it ends
    ``cat``'s: quietly, by the SIGPIPE signal (status 141 in the shell)."""
    options = plain_check(sys.argv[1:])
    if options is None or any(name.startswith("_REFEREE_COMPLETE") for name in os.environ):
        from .cli import main as typer_main

        typer_main()
        return
    try:
        status = as_command_line(lambda: run_check(**options))
    except KeyboardInterrupt:  # Ctrl-C: as the Typer commands end on it, quietly with status 130
        leave(130)
    leave(status)


def as_command_line(command: Callable[[], T]) -> T:
    """Run `command` as the console runs every command (the plain ``check`` here, the others through
    Typer): output that cannot be opened or written ends it with status 2 and one line, a closed pipe
    ends it quietly, and start-up work is kept in the user cache (the library never writes there)."""
    output_open()
    if hasattr(_signal, "SIGPIPE"):  # not on Windows
        _signal.signal(_signal.SIGPIPE, _signal.SIG_DFL)
    usercache.allow_writes()
    try:
        try:
            return command()
        finally:
            sys.stdout.flush()
    except OSError as error:
        unwritable_output(error)


def output_open() -> None:
    """A program started with standard output closed (``>&-``, as some schedulers start them) has
    no sys.stdout at all: exit 2 at once, saying so, as for a full disk."""
    if sys.stdout is None:
        if sys.stderr is not None:
            print("referee: cannot write the output: standard output is closed", file=sys.stderr, flush=True)
        raise SystemExit(2)


def leave(status: int) -> NoReturn:
    """End the run with `status`, at once when nothing is left to do at exit.

    The interpreter's own ending frees every module, class and record one by one: 21 million
    instructions after a one-hand check, more than the hand. Once the output is flushed it
    changes nothing anyone can see, unless something still waits for the end: an exit handler
    (`atexit`, as coverage, a worker pool or a caller's own code registers), another thread, a
    tracer or profiler, or ``python -i``. Then, or if a stream cannot be flushed, or when `main`
    was called by another program than the console script or ``python -m referee`` (whose
    ``__main__`` holds `main`), it ends as usual.
    """
    import atexit  # built into the interpreter: importing it costs nothing

    threading = sys.modules.get("threading")
    if (getattr(sys.modules.get("__main__"), "main", None) is main and atexit._ncallbacks() == 0
            and (threading is None or threading.active_count() == 1)
            and sys.gettrace() is None and sys.getprofile() is None and not sys.flags.inspect):
        try:
            sys.stdout.flush()
            sys.stderr.flush()
        except (OSError, ValueError):
            raise SystemExit(status) from None
        os._exit(status)
    raise SystemExit(status)


def plain_check(argv: list[str]) -> dict[str, Any] | None:
    """The arguments of `run_check` when `argv` is a ``check`` Typer would read the same way, else None."""
    if not argv or argv[0] != "check":
        return None
    options: dict[str, Any] = {"files": [], "format": "text", "rules": None, "jobs": "1", "output": None,
                               "quiet": False, "no_color": False}
    rest = iter(argv[1:])
    for word in rest:
        if word == "-" or not word.startswith("-"):
            options["files"].append(word)
            continue
        name, equals, value = word.partition("=")
        if name in _FLAGS and not equals:
            options[_FLAGS[name]] = True
        elif name in _VALUED:
            if not equals:
                value = next(rest, "")
                if not value or (value.startswith("-") and value != "-"):
                    return None  # a missing value, or one that looks like an option: Typer says what it makes of it
            elif not name.startswith("--"):
                return None  # -f=json: click reads the value as "=json"
            options[_VALUED[name]] = value
        else:
            return None
    if not options["files"] or options["format"] not in FORMATS:
        return None
    return options


def fail(message: str) -> SystemExit:
    """Print `message` on standard error; the caller raises the returned exit (status 2)."""
    print(message, file=sys.stderr, flush=True)
    return SystemExit(2)


def rules_text(value: str | None) -> str | None:
    """``--rules``: inline house rules, or the text of the YAML file it names."""
    if value is None:  # no --rules: the module that reads them is not imported
        return None
    from .notation.houserules import HouseRulesError, inline_rules

    try:
        return inline_rules(value)
    except HouseRulesError as error:
        raise fail(str(error)) from None


def run_check(files: list[str], format: str, rules: str | None, jobs: str, output: str | None, quiet: bool,
              no_color: bool) -> int:
    """``referee check``: the exit status (0 clean, 1 irregularities or disagreements); unusable
    input or a bad option raises SystemExit(2)."""
    from .check import check_files
    from .notation.inputs import expand

    rules = rules_text(rules)
    count = workers(jobs)
    paths = list(expand(files))
    with output_to(output, paths, "verdict") as out:
        terminal = out is sys.stdout and out.isatty()
        with ExitStack() as stack:
            bar = None
            if not terminal and sys.stderr.isatty() and not os.environ.get("CI"):
                from .output.progress import progress_bar

                bar = stack.enter_context(progress_bar(len(paths)))
            sink = writer(format, out, quiet, terminal and count == 1, no_color)
            if bar is not None:
                from .output.progress import Counting

                sink = Counting(sink, bar, bar.task)
            if count > 1:
                from .parallel import check_files_parallel

                summary = check_files_parallel(paths, sink, rules, count, format)
            else:
                summary = check_files(paths, sink, rules)
        out.flush()
    if summary.exit_code == 2:  # the verdict of all that could be used is written all the same
        raise unusable(output, format == "text")
    return summary.exit_code


def workers(jobs: str) -> int:
    """``--jobs``: a number of worker processes, or 0 / auto for one per core."""
    if jobs.strip().lower() in ("0", "auto"):
        count = os.cpu_count() or 1
        jobs = str(count)
    try:
        count = int(jobs)
    except ValueError:
        count = -1
    if count < 0:
        from .notation.limits import shown

        raise fail(f"--jobs: {shown(jobs)!r} is not a number of worker processes — "
                   "give 1, 2, … or 0 / auto for one per core")
    if count > 1:  # capped at what can help: twice the cores, and 32
        from .parallel import worker_count

        count = worker_count(count)
    return count


@contextmanager
def output_to(path: str | None, inputs: Iterable[str], what: str) -> Iterator[TextIO]:
    """Standard output, or the file of ``--output`` (UTF-8 whatever the locale), written all or
    nothing: to a temporary file renamed over `path` only when the block ends without error.

    `path` may not be one of the `inputs` (by inode, so through a link too; for ``-``, the file
    standard input reads): the verdict would replace the transcript it is about. An exit inside
    the block (a bad option, Ctrl-C) leaves no file; input that could not be used is told after
    it (`unusable`), once the verdict of the rest is written.
    """
    if path is None or path == STDIN:
        yield sys.stdout
        return
    from .output.atomic import atomic_writer, same_file  # only for -o: tempfile is costly to import

    if os.path.isdir(path):
        raise fail(f"{path}: a directory — give -o the name of a file to write the {what} to")
    for source in inputs:
        if _standard_input_is(path) if source == STDIN else same_file(path, source):
            raise fail(f"{path}: that is the transcript being read; give -o another file for the {what}")
    try:
        with atomic_writer(path) as stream:
            yield stream
    except OSError as error:
        raise fail(f"{path}: cannot write the {what}: {_why_unwritable(path, error)}") from None


def _why_unwritable(path: str, error: OSError) -> str:
    """Why -o cannot be written, and what to do: "No such file or directory" reads as if the file
    had to exist already, when it is its folder that is missing."""
    import errno

    folder = os.path.dirname(path)
    if error.errno == errno.ENOENT and folder and not os.path.isdir(folder):
        return f"there is no folder {folder!r} — create it, or give -o a file in another folder"
    if error.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
        return f"{error.strerror} — give -o a file in a folder you may write to"
    return str(error.strerror or error)


def _standard_input_is(path: str) -> bool:
    """Whether standard input reads the file `path` (``check - -o game.ttn < game.ttn``): the
    verdict renamed over it would replace the transcript, as with the file named itself."""
    try:
        return os.path.samestat(os.fstat(sys.stdin.fileno()), os.stat(path))
    except (OSError, ValueError, AttributeError):  # no such file; standard input closed, absent or not a file
        return False


def unusable(path: str | None, shown_above: bool = True) -> SystemExit:
    """Exit 2 after `output_to` has written the file of ``--output``: an auditor of a million hands
    wants the verdict of every hand that could be used, and the one line that could not told (the
    file lists it too: in JSON the file's `errors`, a report's problems). Standard error says the
    file was written all the same, so that nobody takes exit 2 for a run that wrote nothing.
    `shown_above`: the problems were printed on standard error too (text, report)."""
    if path is None or path == STDIN:
        return SystemExit(2)
    where = "they are listed above" if shown_above else "the file lists them"
    return fail(f"{path}: written, but some input could not be used ({where})")


def writer(format: str, out: TextIO, quiet: bool, terminal: bool, no_color: bool) -> Any:
    """The sink for `format`: JSON, annotations, or text (tables and colour on a terminal)."""
    if format == "json":
        from .output.render import JsonWriter

        return JsonWriter(out)
    if format == "github":
        from .output.outputs import GithubWriter

        return GithubWriter(out)
    if terminal:
        from .output.terminal import TerminalWriter

        text: Any = TerminalWriter(out, sys.stderr, no_color)
    else:
        from .output.render import TextWriter

        text = TextWriter(out, sys.stderr)
    if quiet:
        from .output.outputs import Quiet

        return Quiet(text)
    return text


def unwritable_output(error: OSError) -> NoReturn:
    """A full disk (``> /dev/full``): one line on standard error and exit 2 at once (the output still
    buffered is dropped, so that leaving cannot fail again)."""
    with suppress(OSError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    with suppress(OSError):
        sys.stderr.write(f"referee: cannot write the output: {error.strerror or error}\n")
        sys.stderr.flush()
    raise SystemExit(2)
