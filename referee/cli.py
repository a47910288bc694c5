"""The command line: ``referee check``, ``referee rules``, ``referee --version``."""

from __future__ import annotations

import sys
from enum import Enum
from typing import List, Optional

import typer

from . import __version__
from .check import check_files
from .games import registry
from .parallel import check_files_parallel
from .render import JsonWriter, TextWriter

app = typer.Typer(add_completion=True, no_args_is_help=True,
                  help="Replay card-table transcripts, find irregularities, apply the laws and score the hands.")


class Format(str, Enum):
    text = "text"
    json = "json"


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
    files: List[str] = typer.Argument(..., help="Transcript files (.ttn)."),
    format: Format = typer.Option(Format.text, "--format", "-f", help="text for people, json for programs."),
    rules: Optional[str] = typer.Option(None, "--rules", help='House rules for every game, e.g. "stick-the-dealer; target=11"; a file\'s [Rules] tag wins over them.'),
    jobs: int = typer.Option(1, "--jobs", "-j", min=1, help="Worker processes; the output is the same, in the same order."),
) -> None:
    """Check transcripts. Exit status: 0 clean, 1 irregularities or disagreements, 2 unusable input."""
    defaults = {name: game.rulebook.defaults() for name, game in registry().items()}
    sink: JsonWriter | TextWriter
    if format is Format.json:
        sink = JsonWriter(sys.stdout)
    else:
        sink = TextWriter(sys.stdout, sys.stderr, defaults)
    if jobs > 1:
        summary = check_files_parallel(files, sink, rules, jobs, defaults)
    else:
        summary = check_files(files, sink, rules)
    sys.stdout.flush()
    raise typer.Exit(summary.exit_code)


@app.command()
def rules(
    game: str = typer.Argument(..., help="euchre, auction-pitch, boston or french-boston."),
    rule_id: Optional[str] = typer.Argument(None, help="Show only this rule (or every rule starting with it)."),
) -> None:
    """List a game's rules (ids and plain words) and its house-rule options with defaults."""
    games = registry()
    if game not in games:
        typer.echo(f"unknown game {game!r} — games: {', '.join(sorted(games))}", err=True)
        raise typer.Exit(2)
    book = games[game].rulebook
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
            default = option.default if option.kind != "bool" else ("on" if option.default else "off")
            typer.echo(f"  {option.name} (default {default}; {option.describe_values()})")
            typer.echo(f"    {option.text}")


def main() -> None:
    app()
