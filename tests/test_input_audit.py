"""The slips of a club secretary met by the input audit: each is told once, at its line and
column, quoting the text, with what was expected and a hint that fixes it (docs/notation.md,
docs/cli.md "Errors and exit codes"); a mistake never costs a hand that was written correctly."""

from __future__ import annotations

import pytest

from referee import check_text

EUCHRE = '[Game "euchre"]\n[Players "N E S W"]\n[Partners "N-S E-W"]\n'
HAND = "hand 1 dealer W\nN pass, E pass, S pass, W pass\n"


def _errors(text: str) -> list[str]:
    return [f"{e.line}:{e.column}: {e.message} — {e.hint}" for e in check_text(text).files[0].errors]


@pytest.mark.parametrize("header, told", [
    ('[Game euchre]\n[Players "N E S W"]\n[Partners "N-S E-W"]\n',
     "1:7: unexpected 'euchre'; expected a quoted value"),
    ('[Game "euchre"]\n[Players “N E S W”]\n[Partners "N-S E-W"]\n', "2:10: '“' (left double quotation mark"),
    ('[Game "euchre"]\n[Players="N E S W"]\n[Partners "N-S E-W"]\n', "2:9: unexpected '=\"N'"),
    ('[Game "euchre"]\nPlayers "N E S W"]\n[Partners "N-S E-W"]\n',
     "2:1: a tag line starts with '[' and ends with ']' — write '[Players \"N E S W\"]'"),
])
def test_a_tag_line_that_cannot_be_read_is_its_one_error(header: str, told: str) -> None:
    """Not also "the header has no [Game] tag" or "no [Players] tag" for the tag the line meant,
    nor a partnership naming players the header could not read (notation.md §2.1)."""
    errors = _errors(header + HAND)
    assert len(errors) == 1 and errors[0].startswith(told), errors


def test_a_broken_tag_line_after_a_hand_starts_the_next_game_and_spares_the_hand() -> None:
    """``[Game "euchre"`` (its ``]`` missing) opens the next game, as the tag read would: the
    hand before it keeps its verdict, and the next header is not told it has no [Game]."""
    result = check_text(EUCHRE + HAND + '[Game "euchre"\n[Players "N E S W"]\n[Partners "N-S E-W"]\n' + HAND)
    file = result.files[0]
    assert [(e.line, e.column) for e in file.errors] == [(6, 15)]
    assert "unclosed tag '[Game \"euchre\"'" in file.errors[0].message
    assert [[hand.status for hand in game.hands] for game in file.games] == [["in-progress"]]


def test_a_line_in_brackets_that_opens_no_tag_stays_its_hands_problem() -> None:
    """Only a line that opens as a tag would (a tag's name after ``[``) starts a game: a trick
    written in brackets spoils its own hand, and the lines after it stay in that hand."""
    result = check_text(EUCHRE + HAND + "[N 9H, E TH]\nN pass\nhand 2\nE pass\n")
    file = result.files[0]
    assert [e.line for e in file.errors] == [6]
    assert len(file.games) == 1 and [hand.number for hand in file.games[0].hands] == [2]
