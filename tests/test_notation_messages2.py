"""Bad input gets a clear error, never a traceback: the line, the column, the text, what was
expected and a hint, in the words of the file's game only. These are the slips of a hurried club
secretary: another game's words, a word processor's dashes and quotes, a broken house-rules file,
a header whose player list is short."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from referee import check_text
from referee.cli import app

BOSTON = '[Game "boston"]\n[Players "A Y B Z"]\n\nhand 1 dealer Z\n'
FRENCH_BOSTON = '[Game "french-boston"]\n[Players "N E S W"]\n[Belle "clubs"]\n\nhand 5 dealer N\n'
EUCHRE = '[Game "euchre"]\n[Players "N E S W"]\n[Partners "N-S E-W"]\n\nhand 1 dealer W\n'
WHIST = '[Game "whist"]\n[Players "A Y B Z"]\n[Partners "A-B Y-Z"]\n\nhand 1 dealer Z\n'
CASES = Path(__file__).parent.parent / "cases"


def _errors(text: str) -> list[str]:
    return [f"{e.line}:{e.column}: {e.message} — {e.hint}" for e in check_text(text).files[0].errors]


def test_a_boston_bid_lists_only_bostons_contracts() -> None:
    [error] = _errors(BOSTON + "A bid misere\n")
    assert error.startswith("5:7: unexpected 'misere'; expected a contract (boston, little-misere, grand-misere, "
                            "little-spread, grand-spread), a number"), error
    assert "petite" not in error and "quatre" not in error and "table" not in error


def test_a_french_boston_bid_lists_only_its_own_contracts_and_suggests_from_them() -> None:
    [error] = _errors(FRENCH_BOSTON + "W bid litle-misere\n")
    assert "little" not in error and "spread" not in error and "preference" not in error, error
    assert "petite-misere-table" in error


def test_a_qualifier_is_suggested_from_the_games_own() -> None:
    [error] = _errors(BOSTON + "A bid 6 preferance\n")
    assert "did you mean 'preference'?" in error and "petite" not in error, error
    [error] = _errors(FRENCH_BOSTON + "W bid 9 petit\n")
    assert "did you mean 'petite'?" in error and "preference" not in error, error


def test_a_redeal_reason_of_another_game_is_not_offered() -> None:
    [error] = _errors(EUCHRE + "redeal interupted\n")
    assert "interrupted" not in error and "misdeal, thrown-in, imperfect-pack or faced-card" in error, error
    [error] = _errors(WHIST + "redeal interupted\n")
    assert "did you mean 'interrupted'?" in error, error


def test_a_line_before_the_game_is_known_is_told_with_every_games_words() -> None:
    [error] = _errors(BOSTON.replace("\nhand 1 dealer Z\n", '[Score "A bid misere"\n'))
    assert "unclosed tag" in error, error


@pytest.mark.parametrize("line, mark", [
    ("N pass\u2014E pass", "'\u2014' (em dash, U+2014)"),
    ("N pass \u2014 E pass", "'\u2014' (em dash, U+2014)"),
    ("N pass\u2013E pass", "'\u2013' (en dash, U+2013)"),
    ("N pass-E pass", "'-'"),
    ("N pass;E pass", "';'"),
])
def test_a_mark_between_two_events_is_named_with_the_line_mended(line: str, mark: str) -> None:
    [error] = _errors(EUCHRE + line + "\n")
    assert error == f"6:{line.index(mark[1]) + 1}: unexpected {mark} between events — " \
                    "separate the events of a line with ',': 'N pass, E pass'"


def test_a_dash_between_cards_of_a_trick_is_named() -> None:
    [error] = _errors(EUCHRE + "trick 1: N 9C\u2014E TH\n")
    assert error.startswith("6:14: unexpected '\u2014' (em dash, U+2014) between events"), error
    assert error.endswith("'trick 1: N 9C, E TH'"), error


def test_a_curly_quote_hint_quotes_the_straight_one_readably() -> None:
    [error] = _errors(EUCHRE + "N O\u2019Hara\n")
    assert "type \"'\" for it" in error and "'''" not in error, error
    [error] = _errors(EUCHRE.replace('[Partners "N-S E-W"]', '[Partners \u201cN-S E-W"]'))
    assert "type '\"' for it" in error, error


@pytest.mark.parametrize("content, told", [
    ("stick-the-dealer: true: x\n", "club.yaml:1:23: cannot read the house rules: a second ':' on the line — "),
    ("target: 11\nstick-the-dealer true\nx: 1\n",
     "club.yaml:2:1: cannot read the house rules: a line without ':' after its option — each line is"),
    ("target: 11\n\tstick-the-dealer: true\n", "club.yaml:2:1: cannot read the house rules: a tab — indent with"),
    ('target: "11\n', "club.yaml:1:9: cannot read the house rules: the file ends inside a quoted value"),
    ("{target: 11\n", "club.yaml:1:1: cannot read the house rules: the file ends inside a quoted value"),
    ("a: 1\nb: x\x01\n", "club.yaml:2:5: cannot read the house rules: a control character (U+0001) — delete it"),
    ("target: 11\ntarget: 10\n", "club.yaml:2:1: option 'target' is given twice — write each option once"),
    ("target: !!int 11\nx: !foo y\n", "club.yaml:2:4: cannot read the house rules: a YAML tag ('!...') is not a value"),
])
def test_a_house_rules_file_with_a_syntax_error_says_where_and_what(tmp_path: Path, content: str, told: str) -> None:
    result = _check_with_rules(tmp_path, content)
    assert result.exit_code == 2 and "Traceback" not in result.output
    said = result.stderr.replace(str(tmp_path) + "/", "")
    assert told in said and "<unicode string>" not in said, said


def test_a_list_of_options_with_the_same_value_twice_is_not_a_repeated_option(tmp_path: Path) -> None:
    assert "given twice" not in _check_with_rules(tmp_path, "stick-the-dealer: true\nnine-of-trumps: true\n").output


def _check_with_rules(tmp_path: Path, content: str) -> Result:
    """``referee check --rules club.yaml`` of a euchre case, the club's file holding `content`."""
    (tmp_path / "club.yaml").write_text(content, "utf-8")
    club, case = tmp_path / "club.yaml", CASES / "euchre" / "march.ttn"
    return CliRunner().invoke(app, ["check", "--rules", str(club), str(case)])


def test_partners_not_opposite_points_at_the_partners_line() -> None:
    [error] = _errors('[Game "euchre"]\n[Players "N E S W"]\n[Partners "N-E S-W"]\nhand 1 dealer W\n')
    assert error.startswith("3:2: partners N-E do not sit opposite each other"), error


def test_partners_in_a_game_without_them_point_at_the_partners_line() -> None:
    [error] = _errors('[Game "boston"]\n[Players "A Y B Z"]\n[Partners "A-B Y-Z"]\nhand 1 dealer Z\n')
    assert error.startswith("3:2: boston has no partnerships"), error


def test_three_players_in_euchre_are_three_players_not_a_partnership_naming_a_fourth() -> None:
    errors = _errors('[Game "euchre"]\n[Players "N E S"]\n[Partners "N-S E-W"]\nhand 1 dealer S\n')
    assert errors == ['2:11: euchre needs 4 players, the header names 3 — e.g. [Players "N E S W"]'], errors


def test_a_games_contract_is_not_offered_as_an_event() -> None:
    [error] = _errors(BOSTON + "A bostn\n")
    assert "'boston'" not in error and "A boston" not in error, error


@pytest.mark.parametrize("line", ["N pass, E \u2018pass\u2019", 'N pass, E "pass"', "N pass, E \u201cpass\u201d"])
def test_an_event_word_in_quotes_is_told_to_be_written_without_them(line: str) -> None:
    [error] = _errors(EUCHRE + line + "\n")
    assert error.startswith("6:11: ") and error.endswith("events are written without quotes: 'E pass'"), error


def test_a_refused_partners_line_is_the_only_error_not_a_check_of_the_header_it_left_short() -> None:
    errors = _errors('[Game "euchre"]\n[Players "N E S W"]\n[Partners \u201cN-S E-W"]\nhand 1 dealer W\n')
    assert len(errors) == 1 and errors[0].startswith("3:11: '\u201c' (left double quotation mark, U+201C)"), errors



@pytest.mark.parametrize("line, told", [
    ("up card 9H", "6:1: 'up card' is not a word of the notation; did you mean 'upcard'? — write 'upcard 9H'"),
    ("re deal misdeal",
     "6:1: 're deal' is not a word of the notation; did you mean 'redeal'? — write 'redeal misdeal'"),
])
def test_a_line_word_written_as_two_words_is_named(line: str, told: str) -> None:
    [error] = _errors(EUCHRE + line + "\n")
    assert error.startswith(told), error


def test_a_recorded_line_is_not_taken_for_a_line_word_written_as_two() -> None:
    [error] = _errors(EUCHRE + "recorded N-S \uff0b1, E-W 0\n")
    assert error.startswith("6:14: '\uff0b' (fullwidth plus sign, U+FF0B)") and "type '+' for it" in error, error


@pytest.mark.parametrize("tag, column", [('[Players "N E S W\u201d]', 18), ('[Note "he said \u201cno\u201d]', 19)])
def test_a_tag_closed_with_a_curly_quote_names_it(tag: str, column: int) -> None:
    [error] = _errors(EUCHRE + tag + "\n")
    assert error.startswith(f"6:{column}: ") and "closes the tag's value" in error and "type '\"' for it" in error


def test_a_word_processors_dash_in_a_tag_value_is_named_once_not_misread() -> None:
    errors = _errors('[Game "euchre"]\n[Players "N E S W"]\n[Partners "N\u2013S E-W"]\n[Event "Club \u2013 night"]\n'
                     "hand 1 dealer W\n")
    assert errors == ["3:13: '\u2013' (en dash, U+2013) in [Partners] is not one of the notation's characters — "
                      "type '-' for it"], errors


@pytest.mark.parametrize("line, told", [
    ("S go alone", "6:3: 'go' is not an event — did you mean 'alone'? events are written with the word alone: "
                   "'S alone'"),
    ("deal N: 9C, TD, KS, AD, QC", "6:11: unexpected ',' between the cards of a deal — separate them with spaces: "
                                   "'deal N: 9C TD KS AD QC'"),
    ("N pass, E pass,  # x", "6:15: unexpected ',' at the end of the line — a line needs nothing after its last "
                             "event: 'N pass, E pass'"),
])
def test_a_hurried_secretarys_slips_get_the_line_to_write(line: str, told: str) -> None:
    assert _errors(EUCHRE + line + "\n") == [told]


def test_a_number_written_in_words_is_told_in_digits() -> None:
    [error] = _errors(BOSTON + "A bid Seven spades\n")
    assert error.startswith("5:7: 'Seven' is not a number;") and error.endswith("in digits: 'A bid 7 spades'"), error
