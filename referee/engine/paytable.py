"""A settlement by payment table: what a caller's contract pays, read from the table its game's
rulebook declares (data, not code).

Boston and French Boston pay a contract alike: a row chosen by the contract, an entry in it by the
trump suit (French Boston) or by the tricks taken or fallen short (Boston), more for over-tricks
and honours, each adversary paying the caller's side or paid by it, through the ledger
(`Ledger.wins`, `Ledger.loses`), the pool won or doubled with it. `PayTable` reads the table once
and looks its entries up; the ledger's `Payment` keeps an amount in its parts (French Boston's
table amount, over-tricks and honours), each in words and under its own rule.
"""

from __future__ import annotations

from typing import Any

from ..notation.records import record
from .rulebook import rulebook_data


@record
class PayTable:
    """The payment table of rulebook `game`: its section `section` (Boston's ``tables``, French
    Boston's ``payments``), read once and never changed (`rulebook_data`); every amount read is
    multiplied by `times` (French Boston's double deals: `for_deal`)."""

    game: str
    section: str
    times: int = 1

    def scaled(self, times: int) -> PayTable:
        """The same table, its amounts multiplied by `times` (its numbers are not: `number`)."""
        return PayTable(self.game, self.section, self.times * times)

    def for_deal(self, number: int) -> PayTable:
        """The table as deal `number` pays it: on a deal in the range the table's ``doubles`` declares
        (``first`` to ``last``: French Boston's last eight), every amount multiplied by its ``times``."""
        doubles = self.data.get("doubles")
        return self.scaled(doubles["times"]) if doubles and doubles["first"] <= number <= doubles["last"] else self

    @property
    def data(self) -> dict[str, Any]:
        data: dict[str, Any] = rulebook_data(self.game)[self.section]
        return data

    def entry(self, keys: tuple[str | int, ...]) -> Any:
        """What the table holds at `keys`: a row's name, then within it an entry's name or index."""
        found: Any = self.data
        for key in keys:
            found = found[key]
        return found

    def number(self, *keys: str | int) -> int:
        """The number at `keys` as the table gives it: a count, such as the deals of a game or the
        tricks a row pays for, is never scaled."""
        return int(self.entry(keys))

    def amount(self, *keys: str | int) -> int:
        """The amount at `keys` (as `number`), multiplied by `times`."""
        return self.number(*keys) * self.times

    def by_tricks(self, row: tuple[str | int, ...], index: int) -> int:
        """The amount at `index` of a row of amounts by tricks (the row at the keys `row`), which
        stops where more tricks pay no more: an index past its end reads its last entry, one before
        its start its first (Boston's rows by over-tricks, or by the tricks a caller is put in for,
        at least one and at most his bid)."""
        entries = self.entry(row)
        return int(entries[min(max(index, 0), len(entries) - 1)]) * self.times

