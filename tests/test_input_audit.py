"""The slips of a club secretary met by the input audit: each is told once, at its line and
column, quoting the text, with what was expected and a hint that fixes it (docs/notation.md,
docs/cli.md "Errors and exit codes"); a mistake never costs a hand that was written correctly."""

from __future__ import annotations

import io

import pytest

from referee import check_text
from referee.notation.reader import FileProblem, GameStart, read_transcript

EUCHRE = '[Game "euchre"]\n[Players "N E S W"]\n[Partners "N-S E-W"]\n'
HAND = "hand 1 dealer W\nN pass, E pass, S pass, W pass\n"


def _errors(text: str) -> list[str]:
    return [f"{e.line}:{e.column}: {e.message} — {e.hint}" for e in check_text(text).files[0].errors]


def _read_errors(data: bytes) -> list[str]:
    """The problems of a file's bytes as read (`check_text` takes text, and these are not)."""
    items = list(read_transcript(io.BytesIO(data)))
    problems = [p for i in items if isinstance(i, GameStart) for p in i.problems]
    problems += [i.problem for i in items if isinstance(i, FileProblem)]
    return [f"{p.line}:{p.column}: {p.message} — {p.hint}" for p in problems]


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


@pytest.mark.parametrize("written, meant", [("S-N", "N-S"), ("W-E", "E-W"), ("NS", "N-S")])
def test_a_side_written_in_another_order_is_offered_as_written_in_partners(written: str, meant: str) -> None:
    errors = _errors(EUCHRE + HAND + f"recorded {written} 0\n")
    assert errors == [f"6:10: recorded {written!r} is neither a side of this game nor 'pool' — "
                      f"did you mean {meant!r}? write the result per E-W, N-S"]


def test_a_latin1_line_is_shown_as_the_windows_text_it_is() -> None:
    """The byte is quoted as it stands, and the hint shows the letter meant and the way out."""
    errors = _read_errors((EUCHRE + '[Site "Café René"]\n' + HAND).encode("latin-1"))
    assert len(errors) == 1 and errors[0].startswith("4:11: this line is not UTF-8 text (byte 0xe9): "), errors
    assert "where it reads '[Site \"Café René\"]': in Notepad, Save As, Encoding UTF-8)" in errors[0]


def test_a_binary_file_is_not_offered_as_windows_text() -> None:
    """An image's first bytes read as no letters in Latin-1 either: no reading of them is offered."""
    errors = _read_errors(b"\x89PNG\r\n\x1a\nabc")
    assert errors == ["1:1: this file is not UTF-8 text (byte 0x89) — save the transcript as UTF-8 text"]


FULL_WIDTH = {"N \uff31H": ("5:3", "fullwidth latin capital letter q, U+FF31", "Q", "N QH"),
              "N pass\uff0cE pass": ("5:7", "fullwidth comma, U+FF0C", ",", "N pass,E pass")}
"""A line typed on an East Asian keyboard: where its error is, the character's name, the one to
type and the line mended."""


@pytest.mark.parametrize("line", list(FULL_WIDTH))
def test_a_full_width_character_is_named_with_the_one_to_type(line: str) -> None:
    at, name, plain, mended = FULL_WIDTH[line]
    char = line[int(at.split(":")[1]) - 1]
    assert _errors(EUCHRE + "hand 1 dealer W\n" + line + "\n") == [
        f"{at}: {char!r} ({name}) is not one of the notation's characters — type {plain!r} for it: {mended!r}"]


@pytest.mark.parametrize("card", ["1OS", "lOS", "I0S"])
def test_a_ten_typed_with_letters_is_offered_in_digits(card: str) -> None:
    assert _errors(EUCHRE + f"hand 1 dealer W\nN {card}\n") == [
        f"5:3: '{card}' is not a card — did you mean '10S'? a ten is written with the digits 1 and 0, or T: 10S, TS"]


def test_an_indented_broken_tag_line_stays_in_its_hand_as_a_part_of_the_file_reads_it() -> None:
    """``--jobs`` cuts a file only after a ``[`` opening a line: an indented broken tag line opens
    no game, so the whole file and its parts read alike (it spoils the hand it is in)."""
    result = check_text(EUCHRE + HAND + '  [Game euchre]\n[Players "N E S W"]\n[Partners "N-S E-W"]\n' + HAND)
    assert [(e.line, e.message) for e in result.files[0].errors][:2] == [
        (6, "unexpected 'euchre'; expected a quoted value (\"...\")"), (7, "the header has no [Game] tag")]
