"""The ledger of a hand: every movement of points, counters or pool, recorded once.

A hand's score change, its pool, the amounts its penalties show and the words that explain
them are all read from the ledger, so they cannot disagree. Each movement is an `Entry`: who
(a player, a side, or ``pool``), a signed amount, its unit, the rule that moved it and a few
words of cause. A payment from one player to another is two entries that cancel out; a payment
into the pool is the payer's entry in the score's unit and the pool's entry in the pool's unit.

The ledger is built afresh each time a hand is settled (`HandReplay.settle_hand`), so settling
is a pure function of the replayed hand.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from ..notation.records import record


@record
class Part:
    """One part of a payment (the table amount, the over-tricks, the honours): its amount, how it
    is made up in words, and its rule where it is not the contract's (None)."""

    amount: int
    words: str = ""
    rule: str | None = None


@record
class Payment:
    """What each adversary pays for a contract (or is paid), in its `parts`."""

    parts: tuple[Part, ...]

    @classmethod
    def of(cls, *parts: Part) -> Payment:
        return cls(parts)

    @property
    def total(self) -> int:
        return sum(part.amount for part in self.parts)

    @property
    def words(self) -> str:
        """How the amount is made up: the words of the parts that pay anything."""
        return " + ".join(part.words for part in self.parts if part.amount and part.words)

    def by_rule(self, rule: str) -> tuple[tuple[int, str], ...]:
        """What the ledger moves for it, each amount with its rule: the parts under the contract's
        `rule` together, then each part that names its own."""
        own = tuple((part.amount, part.rule) for part in self.parts if part.rule is not None)
        return ((sum(part.amount for part in self.parts if part.rule is None), rule), *own)


POOL = "pool"
"""The `who` of the pool's entries."""

Whom = Callable[[str, Sequence[str]], Sequence[str]]
"""Whom a payer pays of his adversaries, ``whom(payer, adversaries)``, where he does not pay
them all (French Boston's one-to-one payment between partnerships: the nearest on his right)."""


@record
class Entry:
    """One movement: `who` gains `amount` (loses, when negative) `unit`s under `rule`."""

    who: str
    amount: int
    unit: str
    rule: str
    cause: str

    def to_dict(self) -> dict[str, Any]:
        return {"who": self.who, "amount": self.amount, "unit": self.unit, "rule": self.rule, "cause": self.cause}


class Ledger:
    """The movements of one hand, with the running score change and pool they add up to.

    `unit` is what the score is kept in (``points``, ``white``, ``counters``); `pool_unit` what
    the pool is kept in; `rate` how many score units one pool unit is worth when a player pays
    into or takes from the pool (10 white to the red in Boston), or None when a pool payment is
    not taken from the score at all (Auction Pitch's red counters beside its points). Where the
    game keeps its pools to a `limit` (Boston's house rule, whose rule is `limit_rule`), a pool
    won or doubled is the first full one.
    """

    __slots__ = ("delta", "division", "entries", "limit", "limit_rule", "pool", "pool_before", "pool_unit", "rate",
                 "unit")

    def __init__(self, scored: Iterable[str], unit: str, pool: int | None = None,
                 pool_unit: str | None = None, rate: int | None = 1, limit: int | None = None,
                 limit_rule: str = "") -> None:
        self.limit, self.limit_rule = limit, limit_rule
        self.unit = unit
        self.pool_unit = pool_unit or unit
        self.rate = rate
        self.delta = dict.fromkeys(scored, 0)
        self.pool_before = pool
        self.pool = pool
        self.entries: list[Entry] = []
        self.division: dict[str, int] = {}  # what the pool's division at the game's end moved (`divide_pool`)

    @property
    def pool_change(self) -> int | None:
        """What the hand put into the pool (negative: took out), in the pool's unit; None where
        nothing shows it. A transcript that keeps no pool (no ``[Pool]`` tag) still pays into it
        where the payments are not taken from the score (`rate` None): the players' payments say
        what went in, so a table that writes ``recorded … pool +1`` is checked against them."""
        if self.pool is not None and self.pool_before is not None:
            return self.pool - self.pool_before
        if self.rate is None:
            return -sum(e.amount for e in self.entries if e.who != POOL and e.unit == self.pool_unit)
        return None

    @property
    def in_pool(self) -> int:
        """What the pool holds now, in a game that keeps one."""
        assert self.pool is not None, "this game keeps no pool"
        return self.pool

    def credit(self, who: str, amount: int, rule: str, cause: str) -> None:
        """`who` scores `amount` in the score's unit (a negative amount sets him back)."""
        if amount:
            self.entries.append(Entry(who, amount, self.unit, rule, cause))
            self.delta[who] = self.delta.get(who, 0) + amount

    def transfer(self, payer: str, payee: str, amount: int, rule: str, cause: str) -> None:
        """`payer` pays `payee` `amount` in the score's unit."""
        self.credit(payer, -amount, rule, cause)
        self.credit(payee, amount, rule, cause)

    def pays_each(self, payer: str, payees: Iterable[str], amount: int | Payment, rule: str, cause: str) -> None:
        """`payer` pays each of `payees` `amount` (a loser paying every adversary); a `Payment`'s parts
        each under its rule (`Payment.by_rule`), in turn to each payee."""
        moved = ((amount, rule),) if isinstance(amount, int) else amount.by_rule(rule)
        for payee in payees:
            for each, by in moved:
                self.transfer(payer, payee, each, by, cause)

    def each_pays(self, payers: Iterable[str], payee: str, amount: int, rule: str, cause: str) -> None:
        """Each of `payers` pays `payee` `amount` (every adversary paying a winner)."""
        for payer in payers:
            self.transfer(payer, payee, amount, rule, cause)

    def wins(self, payers: Iterable[str], winners: Sequence[str], each: int | Payment, rule: str, cause: str,
             pool_rule: str | None = None, whom: Whom | None = None) -> int:
        """A contract made: each of `payers` pays each of `winners` (those `whom` names) `each`; with
        `pool_rule`, the winners take the (first) pool between them (`take_pool`). What the pool
        held, 0 without."""
        for payer in payers:
            self.pays_each(payer, winners if whom is None else whom(payer, winners), each, rule, cause)
        return self.take_pool(winners, pool_rule, cause) if pool_rule is not None else 0

    def loses(self, losers: Sequence[str], winners: Iterable[str], each: int | Payment, rule: str, cause: str,
              pool_rule: str | None = None, whom: Whom | None = None) -> int:
        """A contract failed, a revoke paid: each of `losers` pays each of `winners` (those `whom`
        names) `each`; with `pool_rule`, the losers double the (first) pool (`double_pool`). What the
        pool held, 0 without."""
        adversaries = tuple(winners)
        for loser in losers:
            self.pays_each(loser, adversaries if whom is None else whom(loser, adversaries), each, rule, cause)
        return self.double_pool(losers, pool_rule, cause) if pool_rule is not None else 0

    def in_score(self, amount: int) -> int:
        """What `amount` in the pool's unit is worth in the score's (Boston's red, ten white each)."""
        assert self.rate is not None, "this game's pool is not kept in the score"
        return amount * self.rate

    def into_pool(self, payer: str, amount: int, rule: str, cause: str) -> None:
        """`payer` puts `amount` (in the pool's unit) into the pool."""
        self._with_pool(payer, amount, rule, cause)

    def out_of_pool(self, payee: str, amount: int, rule: str, cause: str) -> None:
        """`payee` takes `amount` (in the pool's unit) out of the pool."""
        self._with_pool(payee, -amount, rule, cause)

    def first_pool(self, rule: str, cause: str, limit: int | None = None,
                   limit_rule: str = "") -> tuple[int, str, str]:
        """What the pool a payment wins or doubles holds: all of it, or, where pools are kept to a
        `limit` (Boston's; by default the ledger's), the first full pool of several, its entries
        then citing `limit_rule`."""
        if limit is None:
            limit, limit_rule = self.limit, self.limit_rule
        red = self.in_pool
        if limit is None or red <= limit:
            return red, rule, cause
        return limit, limit_rule, f"{cause}: the first of several pools, a full pool of {limit} {self.pool_unit}"

    def take_pool(self, takers: Sequence[str], rule: str, cause: str, limit: int | None = None,
                  limit_rule: str = "") -> int:
        """`takers` win the (first) pool, sharing it equally, an odd counter staying in it; what it held."""
        red, rule, cause = self.first_pool(rule, cause, limit, limit_rule)
        for taker in takers:
            self.out_of_pool(taker, red // len(takers), rule, cause)
        return red

    def double_pool(self, payers: Sequence[str], rule: str, cause: str, limit: int | None = None,
                    limit_rule: str = "") -> int:
        """`payers` double the (first) pool: they pay in what it holds, the first of them any odd
        counter; what it held."""
        red, rule, cause = self.first_pool(rule, cause, limit, limit_rule)
        share, odd = divmod(red, len(payers))
        for i, payer in enumerate(payers):
            self.into_pool(payer, share + (odd if i == 0 else 0), rule, cause)
        return red

    def divide_pool(self, players: Sequence[str], rule: str, cause: str,
                    odd_to: str | None = None) -> tuple[int, int, int]:
        """The pool divided equally among `players` at the end of a game: what it held, each one's
        share in the score's unit, and what was left over (to `odd_to`, else left in the pool)."""
        assert self.pool is not None and self.rate is not None
        red = self.pool
        share, left = divmod(red * self.rate, len(players))
        for player in players:
            self.credit(player, share + (left if player == odd_to else 0), rule, cause)
            self.division[player] = share + (left if player == odd_to else 0)
        paid, odd = divmod(share * len(players) + (left if odd_to is not None else 0), self.rate)
        assert not odd, "a share of the pool in part of a pool unit"
        if paid:
            self.entries.append(Entry(POOL, -paid, self.pool_unit, rule, cause))
            self.pool -= paid
            self.division[POOL] = -paid
        return red, share, left

    def _with_pool(self, player: str, amount: int, rule: str, cause: str) -> None:
        """The player's side of a pool payment, and the pool's. Where the pool is not taken from
        the score (`rate` None), a transcript that does not keep the pool (no ``[Pool]`` tag) still
        shows what the player paid."""
        if not amount:
            return
        if self.rate is None:
            self.entries.append(Entry(player, -amount, self.pool_unit, rule, cause))
        else:
            self.credit(player, -amount * self.rate, rule, cause)
        if self.pool is None:
            assert self.rate is None, "this game keeps no pool"
            return
        self.entries.append(Entry(POOL, amount, self.pool_unit, rule, cause))
        self.pool += amount

    def mark(self) -> int:
        """Where the ledger stands now: `since(mark)` gives the entries made after it."""
        return len(self.entries)

    def since(self, mark: int) -> tuple[Entry, ...]:
        return tuple(self.entries[mark:])

    def totals(self, entries: Iterable[Entry]) -> dict[str, int]:
        """What `entries` add up to per player or side, in the score's unit (the pool left out)."""
        out: dict[str, int] = {}
        for entry in entries:
            if entry.who != POOL and entry.unit == self.unit:
                out[entry.who] = out.get(entry.who, 0) + entry.amount
        return {who: amount for who, amount in out.items() if amount}
