"""``referee new GAME``: a transcript to fill in — the header and one commented hand.

The template is made from what the game itself declares (its rulebook, whether it scores by
team or by player) and its seating is found by asking the game: the first table size whose
header the game accepts is used, so a game added tomorrow gets a working template too.
"""

from __future__ import annotations

from ..check import check_text
from ..engine.game import Game
from ..engine.header import game_named
from ..games import registry
from ..notation.limits import shown
from ..notation.suggest import did_you_mean

COMPASS = ("N", "E", "S", "W")
EXAMPLE = ("AS", "KS", "QS", "JS", "TS", "9S", "8S", "7S")  # cards for the example trick line


class UnknownGame(ValueError):
    """Raised with a message naming the games there are."""


def _seats(n: int) -> tuple[str, ...]:
    return COMPASS if n == 4 else tuple(chr(ord("A") + i) for i in range(n))


def _teams(game: Game, players: tuple[str, ...]) -> list[str]:
    """Partners sit opposite, as in every partnership game of the notation."""
    if game.scored_by != "team" or len(players) % 2:
        return []
    half = len(players) // 2
    return [f"{players[i]}-{players[i + half]}" for i in range(half)]


def _header(game: Game, players: tuple[str, ...]) -> list[str]:
    teams = _teams(game, players)
    return [f'[Game "{game.name}"]', f'[Players "{" ".join(players)}"]'] + (
        [f'[Partners "{" ".join(teams)}"]'] if teams else [])


def _seating(game: Game) -> tuple[tuple[str, ...], list[str]]:
    """The seats and header lines of the first table size the game accepts (four preferred)."""
    for n in (4, 2, 3, 5, 6, 7, 8):
        players = _seats(n)
        header = _header(game, players)
        if not check_text("\n".join(header) + "\n").files[0].errors:
            return players, header
    raise AssertionError(f"{game.name} accepts no table of 2 to 8 players")  # a game's own bug


def template(name: str) -> str:
    """The template transcript of game `name`; raises `UnknownGame` for a name not registered."""
    games = registry()
    game = game_named(name, games)
    if game is None:
        raise UnknownGame(f"unknown game {shown(name, 40)!r} — {did_you_mean(name, games)}"
                          f"games: {', '.join(sorted(games))}")
    players, header = _seating(game)
    units = _teams(game, players) or list(players)
    dealer = players[-1]
    book = game.rulebook
    bidding = f"{name}.bidding"
    has_bidding = any(r.startswith(bidding) for r in book.rules)  # a game without bidding gets no line for it
    lines = [
        f"# {book.title}: a new transcript. Fill it in, then run:  referee check THIS-FILE",
        "# Lines starting with # are comments: the referee ignores them, so delete or keep them as you like.",
        header[0],
        '# [Event "Thursday club"]   (optional, echoed in the ruling: Event, Site, Date, Table, Note)',
        f'# [Rules "option; option=value"]   (house rules: see  referee rules {name})',
        f'# [Score "{", ".join(f"{u} 0" for u in units)}"]   (the standing before the first hand)',
        f"{header[1]}  # the players' names, clockwise from any seat",
        *header[2:],
        "",
        f"hand 1 dealer {dealer}",
        *(f"# deal {p}: …   (optional: {p}'s cards; with every hand written the referee finds revokes itself)"
          for p in players),
        "# upcard CARD   (the card turned face up after the deal, in the games that turn one)",
        *([f"# the bidding, in the order it was spoken, one round per line   (the words: docs/notation.md §3; "
           f"referee rules {name} {bidding})"] if has_bidding else []),
        f"# the play, one trick per line, e.g.   trick 1: {', '.join(f'{p} {c}' for p, c in zip(players, EXAMPLE))}",
        "# mistakes are written as they happened, e.g.   P retract CARD   (every word: docs/notation.md)",
        f"# recorded {units[0]} +1   (optional: the result the table wrote down; the referee checks it)",
    ]
    return "\n".join(lines) + "\n"
