"""The payment table read from a rulebook: its entries by name and index, a row by tricks that
stops where more tricks pay no more, and a table scaled for a double deal, its counts not."""

from __future__ import annotations

import pytest

from referee.engine.paytable import PayTable

BOSTON = PayTable("boston", "tables")
FRENCH = PayTable("french-boston", "payments")


def test_an_entry_by_names_and_index() -> None:
    assert BOSTON.amount("misere", "grand-misere") == 40 and BOSTON.number("game-deals") == 12
    assert FRENCH.amount("six", "base", 3) == 24 and FRENCH.amount("slam-paragraph", "belle") == 48


@pytest.mark.parametrize(("index", "amount"), [(-2, 18), (0, 18), (2, 21), (6, 26), (9, 26)])
def test_a_row_by_tricks_reads_its_first_and_last_entry_beyond_it(index: int, amount: int) -> None:
    """Boston's seven: from seven taken to thirteen; more over-tricks (or fewer) read the row's ends."""
    assert BOSTON.by_tricks(("success", "standard", 7), index) == amount


def test_only_a_row_by_tricks_is_read_beyond_its_ends() -> None:
    """A suit's column past the last is an error, not the last suit's amount."""
    with pytest.raises(IndexError):
        FRENCH.amount("six", "base", 4)


def test_a_scaled_table_multiplies_every_amount() -> None:
    double = FRENCH.scaled(2)
    assert double.amount("eight", "extra-trick", 1) == 16 and double.amount("jack-bonus") == 4
    assert double.data is FRENCH.data and FRENCH.amount("jack-bonus") == 2
    assert double.number("game-deals") == FRENCH.number("game-deals") == 40  # a count, not an amount
    assert double.scaled(2).amount("jack-bonus") == 8


def test_the_table_for_a_deal_is_scaled_on_the_double_deals_it_declares() -> None:
    """French Boston's deals 33 to 40 pay double; a table that declares no doubles pays every deal alike."""
    assert [FRENCH.for_deal(n).amount("jack-bonus") for n in (1, 32, 33, 40, 41)] == [2, 2, 4, 4, 2]
    assert BOSTON.for_deal(12) is BOSTON

