"""Who plays with whom: one value built once from a game's setup, asked by the replay, the laws
and the settlements, so that no game works out partners, sides or adversaries on its own."""

from __future__ import annotations

from collections.abc import Iterable

from ..notation.records import field, record
from .header import Setup


@record
class Sides:
    """The seats in the direction of play and the partnerships of the `Partners` tag (none in
    a game where each plays for himself, or where sides are formed by a contract)."""

    order: tuple[str, ...]
    teams: tuple[tuple[str, tuple[str, ...]], ...]  # (name, members) as the `Partners` tag writes them
    side_of: dict[str, str] = field(default_factory=dict)  # player → the name of his side
    partner_of: dict[str, str] = field(default_factory=dict)  # player → his partner, in sides of two
    formed: frozenset[str] = frozenset()
    """The side a contract forms against all the others (French Boston's caller and the partner he
    calls), in a game whose sides are not fixed by its setup; empty until a contract forms one."""

    def formed_by(self, side: frozenset[str]) -> Sides:
        """These sides once a contract has formed `side` against the other players."""
        return Sides(self.order, self.teams, self.side_of, self.partner_of, side)

    @classmethod
    def of(cls, setup: Setup, order: tuple[str, ...]) -> Sides:
        teams = tuple((t.name, t.members) for t in setup.teams)
        pairs = [members for _, members in teams if len(members) == 2]
        return cls(order, teams, {member: name for name, members in teams for member in members},
                   {a: b for x, y in pairs for a, b in ((x, y), (y, x))})

    def partner(self, player: str) -> str:
        """In a game of two partnerships of two: the partner (who sits opposite)."""
        return self.partner_of[player]

    def side(self, player: str) -> str:
        """The name of `player`'s side, as the `Partners` tag writes it."""
        return self.side_of[player]

    def other(self, side: str) -> str:
        """In a game of two partnerships: the name of the other side."""
        return next(name for name, _ in self.teams if name != side)

    def members(self, side: str) -> tuple[str, ...]:
        return next(members for name, members in self.teams if name == side)

    def same(self, player: str, other: str) -> bool:
        """Whether two players are one side (the same player, or partners)."""
        if player == other:
            return True
        side = self.side_of.get(player)
        return side is not None and self.side_of.get(other) == side

    def adversaries(self, player: str) -> tuple[str, ...]:
        """Everyone not on `player`'s side, in seat order (a side a contract formed comes first)."""
        formed = self.formed
        if formed:
            return tuple([p for p in self.order if (p in formed) != (player in formed)])
        return tuple([p for p in self.order if not self.same(p, player)])

    def label(self, players: Iterable[str], joined: str = " ") -> str:
        """A side's name when `players` are exactly one side; else the players in seat order, joined
        by spaces (a pending choice's `chooser`, which programs read) or, with `joined=" and "`, as a
        sentence names them ("Y, B and Z")."""
        players = set(players)
        for name, members in self.teams:
            if players == set(members):
                return name
        seated = [p for p in self.order if p in players]
        if joined == " " or len(seated) < 2:
            return " ".join(seated)
        return f"{', '.join(seated[:-1])}{joined}{seated[-1]}"
