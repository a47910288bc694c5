"""The command line: ``check``, ``explain``, ``report``, ``fmt``, ``new``, ``rules``, ``--version``.

Every command reports unusable input as ``file:line:col: message — hint`` on standard error
with exit status 2, never a traceback. Shell completion comes from Typer
(``referee --install-completion``); game names and rule ids complete too.

What only some runs need — rich's terminal tables, the worker pool, the explanations and
reports — is imported where it is used: about 40 ms of start-up that every
``check --format json`` is spared.
"""

from __future__ import annotations

import sys
from enum import Enum
from typing import TYPE_CHECKING

import typer

from . import __version__
from .check import check_files
from .fmt import FormatError, format_text
from .games import registry
from .houserules import HouseRulesError, inline_rules
from .render import JsonWriter, TextWriter, format_problem
from .rulebook import Option, OptionError
from .template import UnknownGame, template

if TYPE_CHECKING:
    from .story import FileStory

app = typer.Typer(add_completion=True, no_args_is_help=True,
                  help="Replay card-table transcripts, find irregularities, apply the laws and score the hands.")


class Format(str, Enum):
    text = "text"
    json = "json"


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


def _fail(message: str) -> typer.Exit:
    """Print `message` on standard error; the caller raises the returned exit (status 2)."""
    typer.echo(message, err=True)
    return typer.Exit(2)


def _rules_text(value: str | None) -> str | None:
    try:
        return inline_rules(value)
    except HouseRulesError as error:
        raise _fail(str(error)) from None


def _story(path: str, rules: str | None) -> FileStory:
    """Check `path` like ``referee check``; its problems go to standard error as check prints them."""
    from .story import story_of_file

    story = story_of_file(path, _rules_text(rules))
    for problem in story.problems:
        typer.echo(problem, err=True)
    return story


def _version(value: bool) -> None:
    if value:
        typer.echo(f"referee {__version__}")
        raise typer.Exit()


@app.callback()
def main_options(
    version: bool = typer.Option(False, "--version", callback=_version, is_eager=True, help="Show the version."),
) -> None:
    """referee: a rules referee for Euchre, Auction Pitch, Boston and French Boston."""


@app.command()
def check(
    files: list[str] = typer.Argument(..., help="Transcript files (.ttn); - reads standard input."),
    format: Format = typer.Option(Format.text, "--format", "-f", help="text for people, json for programs."),
    rules: str | None = typer.Option(None, "--rules", help=RULES_HELP),
    jobs: int = typer.Option(1, "--jobs", "-j", min=1,
                             help="Worker processes; the output is the same, in the same order."),
    no_color: bool = typer.Option(False, "--no-color", help=NO_COLOR_HELP),
) -> None:
    """Check transcripts. Exit status: 0 clean, 1 irregularities or disagreements, 2 unusable input."""
    rules = _rules_text(rules)
    sink: JsonWriter | TextWriter
    if format is Format.json:
        sink = JsonWriter(sys.stdout)
    elif sys.stdout.isatty() and jobs == 1:
        from .terminal import TerminalWriter

        sink = TerminalWriter(sys.stdout, sys.stderr, no_color)
    else:
        sink = TextWriter(sys.stdout, sys.stderr)
    if jobs > 1:
        from .parallel import check_files_parallel

        summary = check_files_parallel(files, sink, rules, jobs)
    else:
        summary = check_files(files, sink, rules)
    sys.stdout.flush()
    raise typer.Exit(summary.exit_code)


@app.command()
def explain(
    file: str = typer.Argument(..., help="A transcript file (.ttn)."),
    hand: int | None = typer.Option(None, "--hand", "-n", min=1, help="Tell only hand N (of each game in the file)."),
    rules: str | None = typer.Option(None, "--rules", help=RULES_HELP),
    no_color: bool = typer.Option(False, "--no-color", help=NO_COLOR_HELP),
) -> None:
    """Tell the replay step by step: bidding, tricks, each irregularity and the rule applied, the score.

    Exit status as for check: 0 clean, 1 irregularities or disagreements, 2 unusable input.
    """
    story = _story(file, rules)
    numbers = sorted({h.verdict.number for g in story.games for h in g.hands})
    if hand is not None and hand not in numbers:
        raise _fail(f"{file}: there is no hand {hand} — hands: {', '.join(map(str, numbers)) or 'none'}")
    from .explain import explain_file

    text = explain_file(story, hand)
    if sys.stdout.isatty():
        from .terminal import show_explanation

        show_explanation(text, sys.stdout, no_color)
    else:
        typer.echo(text, nl=False)
    raise typer.Exit(story.exit_code)


@app.command()
def report(
    file: str = typer.Argument(..., help="A transcript file (.ttn)."),
    format: ReportFormat = typer.Option(ReportFormat.markdown, "--format", "-f",
                                        help="markdown, or html (one self-contained page)."),
    output: str | None = typer.Option(None, "--output", "-o",
                                      help="Write the report to this file instead of standard output."),
    rules: str | None = typer.Option(None, "--rules", help=RULES_HELP),
) -> None:
    """A ruling for the notice board: header, hands, auction, tricks, findings, penalties, scores.

    Exit status as for check: 0 clean, 1 irregularities or disagreements, 2 unusable input.
    """
    from .report import report as build_report

    story = _story(file, rules)
    text = build_report(story, format.value)
    if output is None:
        typer.echo(text, nl=False)
    else:
        try:
            with open(output, "w", encoding="utf-8") as stream:
                stream.write(text)
        except OSError as error:
            raise _fail(f"{output}: cannot write the report: {error.strerror}") from None
    raise typer.Exit(story.exit_code)


@app.command()
def fmt(
    files: list[str] = typer.Argument(..., help="Transcript files (.ttn), rewritten in place."),
    check_only: bool = typer.Option(False, "--check",
                                    help="Change nothing; exit 1 if some file is not in canonical form."),
    rules: str | None = typer.Option(None, "--rules",
                                     help="The house rules the files are checked under (they decide the tricks)."),
) -> None:
    """Rewrite transcripts in canonical form (tag order, one trick per line, card spelling), keeping comments."""
    rules = _rules_text(rules)
    status = 0
    for path in files:
        try:
            with open(path, "rb") as stream:
                text = stream.read().decode("utf-8")
            canonical = format_text(text, rules)
        except FormatError as error:
            for problem in error.problems:
                typer.echo(format_problem(path, problem), err=True)
            status = 2
            continue
        except (OSError, UnicodeDecodeError) as error:
            reason = error.strerror if isinstance(error, OSError) else "this file is not UTF-8 text"
            typer.echo(f"{path}: {reason}", err=True)
            status = 2
            continue
        if canonical == text:
            continue
        if check_only:
            typer.echo(f"{path}: not in canonical form (run: referee fmt {path})", err=True)
            status = max(status, 1)
        else:
            with open(path, "w", encoding="utf-8", newline="\n") as stream:
                stream.write(canonical)
            typer.echo(f"{path}: reformatted", err=True)
    raise typer.Exit(status)


@app.command()
def new(
    game: str = typer.Argument(..., help="euchre, auction-pitch, boston or french-boston.", autocompletion=_games),
) -> None:
    """Print a template transcript: the header and one commented hand, ready to fill in."""
    try:
        typer.echo(template(game), nl=False)
    except UnknownGame as error:
        raise _fail(str(error)) from None


@app.command()
def rules(
    game: str = typer.Argument(..., help="euchre, auction-pitch, boston or french-boston.", autocompletion=_games),
    rule_id: str | None = typer.Argument(None, help="Show only this rule (or every rule starting with it).",
                                         autocompletion=_rule_ids),
    house: str | None = typer.Option(None, "--rules", help="Also show the value each option takes under these "
                                     "house rules (inline, or a YAML file)."),
) -> None:
    """List a game's rules (ids and plain words) and its house-rule options with defaults."""
    games = registry()
    if game not in games:
        typer.echo(f"unknown game {game!r} — games: {', '.join(sorted(games))}", err=True)
        raise typer.Exit(2)
    book = games[game].rulebook
    chosen_options = book.defaults()
    if house is not None:
        try:
            chosen_options = book.parse_options(_rules_text(house) or "")
        except OptionError as error:
            raise _fail(f"--rules: {error} — {error.hint}") from None
    chosen = [r for r in book.rules.values() if rule_id is None or r.id == rule_id or r.id.startswith(rule_id + ".")]
    if rule_id is not None and not chosen:
        typer.echo(f"no rule {rule_id!r} in {game} — try 'referee rules {game}'", err=True)
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


def _on_off(option: Option, value: object) -> str:
    return str(value) if option.kind != "bool" else ("on" if value else "off")


def main() -> None:
    app()
