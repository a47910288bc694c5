"""The command line: ``check``, ``explain``, ``report``, ``fmt``, ``new``, ``rules``, ``serve``, ``--version``.

Every command reports unusable input as ``file:line:col: message — hint`` on standard error
with exit status 2, never a traceback. Shell completion comes from Typer
(``referee --install-completion``); game names and rule ids complete too.

What only some runs need — rich's terminal tables, the worker pool, the explanations and
reports — is imported where it is used: about 40 ms of start-up that every
``check --format json`` is spared. A plain ``check`` does not come here at all
(`referee.entry`): Typer alone costs more start-up than a one-hand check.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterable
from contextlib import ExitStack
from enum import Enum
from typing import IO

import typer

from . import __version__
from .check import unreadable
from .engine.header import game_named
from .engine.rulebook import Option, OptionError
from .entry import as_command_line, fail, output_to, rules_text, run_check, unusable
from .games import registry
from .notation.inputs import DAMAGED, STDIN, compressed, expand, open_binary
from .notation.limits import shown
from .notation.suggest import did_you_mean
from .output.fmt import FormatError, format_stream
from .output.render import format_problem
from .output.template import UnknownGame, template

app = typer.Typer(add_completion=True, invoke_without_command=True,
                  help="Replay card-table transcripts, find irregularities, apply the laws and score the hands.")


class Format(str, Enum):
    text = "text"
    json = "json"
    github = "github"


class ReportFormat(str, Enum):
    markdown = "markdown"
    html = "html"


RULES_HELP = ('House rules for every game: inline, e.g. "stick-the-dealer; target=11", or a YAML file '
              "(club.yaml) of option: value lines; a file's [Rules] tag wins over them.")
NO_COLOR_HELP = "Plain text even on a terminal (colour and tables are only ever used on a terminal)."


def _games(incomplete: str) -> list[str]:
    return [name for name in sorted(registry()) if name.startswith(incomplete)]


def _rule_ids(ctx: typer.Context, incomplete: str) -> list[str]:
    game = registry().get(ctx.params.get("game") or "")
    return [r for r in game.rulebook.rules if r.startswith(incomplete)] if game else []


def _one_transcript(path: str, command: str) -> None:
    """`explain` and `report` tell one transcript: a directory gets the fix, not "holds no
    transcript" (which is what the checker, reading it as a file, would say)."""
    if path == STDIN or not os.path.isdir(path):
        return
    first = next(expand([path]))
    if first == path:  # nothing in it to name
        raise fail(f"{path}: {command} takes one transcript, not a directory, and this one holds none "
                   "(*.ttn or *.ttn.gz) — name a transcript file")
    raise fail(f"{path}: {command} takes one transcript, not a directory — name one of its files "
                f"(referee {command} {first}), or check them all with 'referee check {path}'")


def _problem(text: str) -> None:
    """A problem in the transcript, on standard error as soon as it is found."""
    typer.echo(text, err=True)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"referee {__version__}")
        raise typer.Exit()


@app.callback()
def main_options(
    ctx: typer.Context,
    version: bool = typer.Option(False, "--version", callback=_version, is_eager=True, help="Show the version."),
) -> None:
    """referee: a rules referee for Euchre, Auction Pitch, Boston, French Boston and Whist."""
    if ctx.invoked_subcommand is None:  # a bare `referee` asks what it can do: its --help, exit 0
        typer.echo(ctx.get_help())
        raise typer.Exit()


@app.command()
def check(
    files: list[str] = typer.Argument(..., metavar="PATH...",
                                      help="Transcripts (.ttn, .ttn.gz) or directories (searched for them); "
                                           "- reads standard input."),
    format: Format = typer.Option(Format.text, "--format", "-f",
                                  help="text for people, json for programs, github for workflow annotations."),
    rules: str | None = typer.Option(None, "--rules", metavar="RULES", help=RULES_HELP),
    jobs: str = typer.Option("1", "--jobs", "-j", metavar="N",
                             help="Worker processes (0 or auto: one per core; at most twice the cores, and 32); "
                                  "the output is the same, in the same order."),
    output: str | None = typer.Option(None, "--output", "-o", metavar="FILE", help="Write the verdict to this file."),
    quiet: bool = typer.Option(False, "--quiet", "-q",
                               help="Text: only the hands with findings or a choice still open, then the summary."),
    no_color: bool = typer.Option(False, "--no-color", help=NO_COLOR_HELP),
) -> None:
    """Check transcripts. Exit status: 0 clean, 1 irregularities or disagreements, 2 unusable input."""
    raise typer.Exit(run_check(files, format.value, rules, jobs, output, quiet, no_color))


@app.command()
def explain(
    file: str = typer.Argument(..., metavar="FILE", help="A transcript file (.ttn, .ttn.gz); - reads standard input."),
    hand: int | None = typer.Option(None, "--hand", "-n", min=1, metavar="N",
                                    help="Tell only hand N (of each game in the file)."),
    rules: str | None = typer.Option(None, "--rules", metavar="RULES", help=RULES_HELP),
    no_color: bool = typer.Option(False, "--no-color", help=NO_COLOR_HELP),
) -> None:
    """Tell the replay step by step: bidding, tricks, each irregularity and the rule applied, the score.

    Exit status: 0 clean, 1 irregularities or disagreements, 2 unusable input; with --hand, the hand shown's.
    """
    from .output.explain import Explainer
    from .output.story import stream_file

    _one_transcript(file, "explain")
    rules = rules_text(rules)
    tty = sys.stdout.isatty()

    def write(text: str) -> None:
        if tty:
            from .output.terminal import show_explanation

            show_explanation(text, sys.stdout, no_color)
        else:
            sys.stdout.write(text)

    explainer = Explainer(file, write, hand, on_problem=_problem)
    status = stream_file(file, explainer, rules)  # hand by hand: an archive of any size in flat memory
    if hand is not None and hand not in explainer.found:
        numbers = ", ".join(map(str, sorted(explainer.found))) or "none"
        raise fail(f"{file}: there is no hand {hand} — hands: {numbers}")
    raise typer.Exit(explainer.shown_status if hand is not None and status != 2 else status)


@app.command()
def report(
    file: str = typer.Argument(..., metavar="FILE", help="A transcript file (.ttn, .ttn.gz); - reads standard input."),
    hand: int | None = typer.Option(None, "--hand", "-n", min=1, metavar="N",
                                    help="Report only hand N (of each game in the file)."),
    format: ReportFormat = typer.Option(ReportFormat.markdown, "--format", "-f",
                                        help="markdown, or html (one self-contained page)."),
    output: str | None = typer.Option(None, "--output", "-o", metavar="FILE",
                                      help="Write the report to this file instead of standard output."),
    rules: str | None = typer.Option(None, "--rules", metavar="RULES", help=RULES_HELP),
) -> None:
    """A ruling for the notice board: header, hands, auction, tricks, findings, penalties, scores.

    Exit status: 0 clean, 1 irregularities or disagreements, 2 unusable input; with --hand, the hand shown's.
    """
    from .output.report import Reporter
    from .output.story import several_games, stream_file

    _one_transcript(file, "report")
    rules = rules_text(rules)
    with output_to(output, [file], "report") as stream:
        reporter = Reporter(file, format.value, stream.write, several_games(file), on_problem=_problem,
                            hand_number=hand)
        status = stream_file(file, reporter, rules)  # hand by hand: an archive of any size in flat memory
        reporter.close()
        if hand is not None and hand not in reporter.found:
            numbers = ", ".join(map(str, sorted(reporter.found))) or "none"
            raise fail(f"{file}: there is no hand {hand} — hands: {numbers}")
    if status == 2:  # the report of what could be used is written, its problems listed in it
        raise unusable(output)
    raise typer.Exit(reporter.shown_status if hand is not None else status)


@app.command()
def fmt(
    files: list[str] = typer.Argument(..., metavar="FILE...",
                                      help="Transcript files (.ttn), rewritten in place; - reads standard "
                                           "input and writes the canonical form to standard output."),
    check_only: bool = typer.Option(False, "--check",
                                    help="Change nothing; exit 1 if some file is not in canonical form."),
    diff: bool = typer.Option(False, "--diff", help="Change nothing; print what would change, as a unified diff."),
    rules: str | None = typer.Option(None, "--rules", metavar="RULES",
                                     help="The house rules the files are checked under (they decide the tricks)."),
    output: str | None = typer.Option(None, "--output", "-o", metavar="FILE",
                                      help="Write the canonical form of the one transcript to this file instead; "
                                           "the transcript stays as it is."),
) -> None:
    """Rewrite transcripts in canonical form (tag order, one trick per line, card spelling), keeping comments."""
    if output is not None and (len(files) != 1 or check_only or diff):
        raise fail("-o: fmt writes the canonical form of one transcript to a file — give one transcript, "
                   "without --check or --diff")
    rules = rules_text(rules)
    status = 0
    for path in files:
        status = max(status, _fmt_file(path, rules, check_only, diff, output))
    raise typer.Exit(status)


class _Unwritable(Exception):
    """Writing fmt's staged text failed (a full disk): not to be taken for the input's OSError."""

    def __init__(self, error: OSError) -> None:
        super().__init__(error.strerror or str(error))


def _fmt_file(path: str, rules: str | None, check_only: bool, diff: bool, output: str | None) -> int:
    """Show, write or report one file's canonical form, as black does; the file's exit status.

    The file is formatted as it is read, into a temporary file (so a file of any size costs
    flat memory); nothing is shown or written before the whole file has read cleanly, and the
    file is replaced by a rename (`output.atomic`), so a full disk leaves it as it was.
    """
    try:
        return _fmt_staged(path, rules, check_only, diff, output)
    except (_Unwritable, OSError) as error:  # staging or renaming failed; the file was never opened for writing
        reason = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
        typer.echo(f"{path}: cannot write the formatted text ({reason}); the file is as it was", err=True)
        return 2


def _fmt_staged(path: str, rules: str | None, check_only: bool, diff: bool, output: str | None) -> int:
    import tempfile

    from .output.streamdiff import UnifiedDiff

    if path != STDIN and os.path.isdir(path):
        typer.echo(f"{path}: a directory — fmt rewrites transcript files in place: name them "
                   f"(referee fmt {os.path.join(path, '*.ttn')})", err=True)
        return 2
    if path != STDIN and os.path.exists(path) and not os.path.isfile(path):
        typer.echo(f"{path}: not a regular file (fmt rewrites transcript files in place)", err=True)
        return 2
    problem = unreadable(path)
    if problem is not None:  # a missing or unreadable file, told as check tells it
        typer.echo(format_problem(path, problem), err=True)
        return 2
    with ExitStack() as stack:
        canonical = stack.enter_context(tempfile.TemporaryFile("w+", encoding="utf-8", newline=""))
        shown = stack.enter_context(tempfile.TemporaryFile("w+", encoding="utf-8", newline=""))
        same = _Same()
        differ = UnifiedDiff(shown.write, f"{path} (as written)", f"{path} (formatted)") if diff else None

        def emit(original: str, lines: list[str]) -> None:
            text = "".join(line + "\n" for line in lines)
            try:
                canonical.write(text)
                same.feed(original, text)
                if differ is not None:
                    differ.feed(original.splitlines(True), text.splitlines(True))
            except OSError as error:  # the staging files: distinct from a read error of the input
                raise _Unwritable(error) from None

        try:
            format_stream(stack.enter_context(open_binary(path)), emit, rules)
        except FormatError as error:
            for problem in error.problems:
                typer.echo(format_problem(path, problem), err=True)
            return 2
        except DAMAGED as error:  # no such file, or a damaged .gz file (writing fails past this)
            reason = error.strerror if isinstance(error, OSError) and error.strerror else f"cannot read it ({error})"
            typer.echo(f"{path}: {reason}", err=True)
            return 2
        changed = not same.close()
        if differ is not None and changed:
            differ.close()
            _copy(shown, sys.stdout.write)
        if output is not None or (path == STDIN and not (check_only or diff)):
            with output_to(output, [path], "formatted transcript") as out:  # refused if it names the transcript
                _copy(canonical, out.write)
            return 0
        if not changed:
            typer.echo(f"{path}: already formatted", err=True)
            return 0
        if check_only:
            typer.echo(f"{path}: not in canonical form (run: referee fmt {path})", err=True)
            return 1
        if not diff and compressed(path):
            typer.echo(f"{path}: a compressed transcript is not rewritten in place — "
                       f"see the changes with: referee fmt --diff {path}", err=True)
            return 2
        if not diff:
            from .output.atomic import atomic_writer

            with atomic_writer(path) as out:  # readers see the old file or the new one, never a part
                _copy(canonical, out.write)
            typer.echo(f"{path}: reformatted", err=True)
    return 0


class _Same:
    """Whether two texts fed piece by piece are equal, holding only what one side is ahead by."""

    def __init__(self) -> None:
        self.ahead = ["", ""]
        self.same = True

    def feed(self, first: str, second: str) -> None:
        if self.same:
            a, b = self.ahead[0] + first, self.ahead[1] + second
            common = min(len(a), len(b))
            self.same = a[:common] == b[:common]
            self.ahead = [a[common:], b[common:]] if self.same else ["", ""]

    def close(self) -> bool:
        return self.same and self.ahead[0] == self.ahead[1]


def _copy(source: IO[str], write: Callable[[str], object]) -> None:
    source.seek(0)
    while chunk := source.read(1 << 16):
        write(chunk)


_GAMES_HELP = "One of the games: " + ", ".join(sorted(registry())) + "."
"""The games' names as the registry finds them (no game is imported for it)."""


@app.command()
def new(
    game: str = typer.Argument(..., metavar="GAME", help=_GAMES_HELP, autocompletion=_games),
) -> None:
    """Print a template transcript: the header and one commented hand, ready to fill in."""
    try:
        typer.echo(template(game), nl=False)
    except UnknownGame as error:
        raise fail(str(error)) from None


@app.command()
def rules(
    game: str = typer.Argument(..., metavar="GAME", help=_GAMES_HELP, autocompletion=_games),
    rule_id: str | None = typer.Argument(None, metavar="[RULE_ID]",
                                         help="Show only this rule (or every rule starting with it).",
                                         autocompletion=_rule_ids),
    house: str | None = typer.Option(None, "--rules", metavar="RULES",
                                     help="Also show the value each option takes under these "
                                          "house rules (inline, or a YAML file)."),
) -> None:
    """List a game's rules (ids and plain words) and its house-rule options with defaults."""
    games = registry()
    found = game_named(game, games)
    if found is None:
        typer.echo(f"unknown game {shown(game, 40)!r} — {did_you_mean(game, games)}"
                   f"games: {', '.join(sorted(games))}", err=True)
        raise typer.Exit(2)
    book = found.rulebook
    chosen_options = book.defaults()
    if house is not None:
        try:
            chosen_options = book.parse_options(rules_text(house) or "")
        except OptionError as error:
            raise fail(f"--rules: {error} — {error.hint}") from None
    chosen = [r for r in book.rules.values() if rule_id is None or r.id == rule_id or r.id.startswith(rule_id + ".")]
    if rule_id is not None and not chosen:
        typer.echo(f"no rule {shown(rule_id, 60)!r} in {found.name} — "
                   f"{did_you_mean(rule_id, _with_prefixes(book.rules))}the whole list: referee rules {found.name}",
                   err=True)
        raise typer.Exit(2)
    typer.echo(book.title)
    typer.echo("")
    for rule in chosen:
        typer.echo(f"{rule.id} — {rule.title}")
        typer.echo(f"    {rule.text}")
    if rule_id is None and book.options:
        typer.echo("")
        typer.echo('House rules (write them in [Rules "opt; opt=value"] or --rules):')
        for option in book.options.values():
            default = _on_off(option, option.default)
            value = chosen_options[option.name]
            now = "" if value == option.default else f"; here {_on_off(option, value)}"
            typer.echo(f"  {option.name} (default {default}; {option.describe_values()}{now})")
            typer.echo(f"    {option.text}")


def _with_prefixes(rule_ids: Iterable[str]) -> set[str]:
    """Rule ids and the prefixes they share (``euchre.revoke``), which `rules` also accepts."""
    return {".".join(parts[:n]) for parts in (r.split(".") for r in rule_ids) for n in range(2, len(parts) + 1)}


@app.command()
def serve(
    files: list[str] | None = typer.Argument(None, metavar="[FILE...]",
                                             help="Transcript files to open; the desk saves only to these."),
    port: int = typer.Option(8750, "--port", "-p", min=0, max=65535, metavar="N", help="The port (0: any free port)."),
    host: str = typer.Option("127.0.0.1", "--host", metavar="ADDR",
                             help="The address to listen on; anything but 127.0.0.1 "
                                  "opens the desk to the network (a warning says so)."),
    rules: str | None = typer.Option(None, "--rules", metavar="RULES", help=RULES_HELP),
    no_browser: bool = typer.Option(False, "--no-browser", help="Do not open a web browser."),
    allow_host: list[str] | None = typer.Option(None, "--allow-host", metavar="NAME",
                                                help="Another name the desk answers to (a club's own DNS name); "
                                                     "it answers to this machine's names and addresses already."),
) -> None:
    """The referee's desk: a local web page to write a transcript, watch the hand and settle the dispute."""
    from .desk import DeskError
    from .desk import serve as run_desk

    house = rules_text(rules)
    if house is not None:
        _refuse_rules_of_no_game(house)
    try:
        run_desk(list(files or []), host, port, house, rules, not no_browser, list(allow_host or []))
    except DeskError as error:
        raise fail(str(error)) from None


def _refuse_rules_of_no_game(house: str) -> None:
    """The desk applies ``--rules`` to each transcript by its game, so it cannot tell a misspelt rule
    until one is checked; rules that no game takes are refused before the desk starts, with the error
    of the game they suit best."""
    errors: list[OptionError] = []
    for game in registry().values():
        try:
            game.rulebook.parse_options(house)
            return
        except OptionError as error:
            errors.append(error)
    nearest = max(errors, key=lambda error: error.offset)  # the game that read furthest into them
    raise fail(f"--rules: no game takes {shown(house, 60)!r}: {nearest} — {nearest.hint}")


def _on_off(option: Option, value: object) -> str:
    return str(value) if option.kind != "bool" else ("on" if value else "off")


def main() -> None:
    """Run the Typer application (`referee.entry.main`, the console script, comes here for every
    command line but the plain ``check``): the same signal, cache and output handling as there."""
    as_command_line(app)
