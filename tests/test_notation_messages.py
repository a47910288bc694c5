"""docs/notation.md's promise for bad input: every error names the line, the column, the text,
what was expected and a hint. These are the slips a club secretary makes in the lines' own words
(``Trick 1:``, ``Deal N:``, ``Recorded``, ``Upcard``), whose first word the parser would otherwise
read as a player's name and then complain of what follows (``'1' is not a card``)."""

from __future__ import annotations

import pytest

from referee import check_text
from referee.output.fmt import FormatError, format_text

EUCHRE = '[Game "euchre"]\n[Players "Ann Bob Cy Di"]\n[Partners "Ann-Cy Bob-Di"]\nhand 1 dealer Di\n'


def _errors(text: str) -> list[str]:
    return [f"{e.line}:{e.column}: {e.message} — {e.hint}" for e in check_text(text).files[0].errors]


@pytest.mark.parametrize("typed, word, hint", [
    ("Trick 1: Bob JH, Cy 9H", "trick", "write 'trick 1: Bob JH, Cy 9H'"),
    ("TRICK 1: Bob JH", "trick", "write 'trick 1: Bob JH'"),
    ("tric 1: Bob JH   # a comment", "trick", "write 'trick 1: Bob JH'"),
    ("Deal Ann: 9H TH JD AS KC", "deal", "write 'deal Ann: 9H TH JD AS KC'"),
    ("DEAL Ann: 9H TH JD AS KC", "deal", "write 'deal Ann: 9H TH JD AS KC'"),
    ("Recorded Ann-Cy +1", "recorded", "write 'recorded Ann-Cy +1'"),
    ("recored Ann-Cy +1, Bob-Di 0", "recorded", "write 'recorded Ann-Cy +1, Bob-Di 0'"),
    ('Note "Bob says the trick was gathered"', "note", "write 'note \"Bob says the trick was gathered\"'"),
    ("Redeal misdeal", "redeal", "write 'redeal misdeal'"),
    ("edeal misdeal", "redeal", "write 'redeal misdeal'"),  # one letter off 'deal' too: the line chooses
    ("REDEAL MISDEAL", "redeal", "the line looks like: redeal misdeal"),
])
def test_a_line_word_written_wrongly_is_named_with_the_line_to_write(typed: str, word: str, hint: str) -> None:
    errors = _errors(EUCHRE + typed + "\n")
    first = typed.split()[0]
    assert errors == [f"5:1: '{first}' is not a word of the notation; did you mean '{word}'? — {hint} "
                      "(the notation's words are lower case: docs/notation.md)"]


def test_fmt_tells_the_slip_as_check_does() -> None:
    with pytest.raises(FormatError) as raised:
        format_text(EUCHRE + "Trick 1: Bob JH\n")
    told = [p.message for p in raised.value.problems]
    assert told == ["'Trick' is not a word of the notation; did you mean 'trick'?"]


@pytest.mark.parametrize("typed", ["Upcard 9H", "UPCARD 9H", "upcad 9H"])
def test_an_upcard_line_written_wrongly_reads_as_a_play_and_its_hint_says_so(typed: str) -> None:
    errors = _errors(EUCHRE + typed + "\n")
    assert len(errors) == 1 and f"player '{typed.split()[0]}' is not a player of this game" in errors[0]
    assert "did you mean 'upcard'? the line is written 'upcard 9H', in lower case" in errors[0], errors


def test_a_player_named_like_a_line_word_keeps_his_own_error() -> None:
    header = '[Game "euchre"]\n[Players "Trick Bob Cy Di"]\n[Partners "Trick-Cy Bob-Di"]\nhand 1 dealer Di\n'
    errors = _errors(header + "Trick 1: Bob JH\n")
    assert len(errors) == 1 and "'1' is not a card" in errors[0], errors


@pytest.mark.parametrize("typed, message, hint", [
    ('[Game euchre]', "1:7: unexpected 'euchre'; expected a quoted value", 'a tag looks like [Name "value"]'),
    ("upcard: 9H", "5:7: unexpected ':'; expected a card", "the line looks like: upcard 9H"),
    ("note the trick was gathered", "5:6: unexpected 'the'; expected a quoted value",
     'the line looks like: note "Bob says the trick was gathered"'),
    ("recorded: Ann-Cy +1", "5:9: unexpected ':'", "the line looks like: recorded Ann-Cy +1, Bob-Di 0"),
    ("trick 1 Bob JH", "5:9: unexpected 'Bob'; expected ':'", "the line looks like: trick 2: Ann AH, Bob 9S"),
    ("redeal because", "5:8: unexpected 'because'", "the line looks like: redeal misdeal"),
])
def test_a_mistake_in_a_line_is_hinted_with_that_lines_form(typed: str, message: str, hint: str) -> None:
    text = typed + "\n" + EUCHRE.split("\n", 1)[1] if typed.startswith("[") else EUCHRE + typed + "\n"
    errors = _errors(text)
    assert errors[0].startswith(message) and hint in errors[0], errors
    assert "events look like" not in errors[0]


BOSTON = '[Game "boston"]\n[Players "A Y B Z"]\nhand 1 dealer Z\n'


@pytest.mark.parametrize("header, typed, hint", [
    (BOSTON, "trick 1: 9H", "the line looks like: trick 2: A AH, Y 9S"),
    (BOSTON, "Trik 1:", "the line looks like: trick 2: A AH, Y 9S"),
    (BOSTON, "deal A 9H TH", "the line looks like: deal A: 9H TH JD AS KC"),
    (BOSTON, "note Y led", 'the line looks like: note "Y says the trick was gathered"'),
    (BOSTON, "recorded A", "the line looks like: recorded A +1, Y 0"),  # no partnerships: scored by player
    (BOSTON, "A 9H, 9S", "every event starts with the acting player, e.g. 'A 9H' or 'Y pass'"),
    (EUCHRE, "Ann 9H, 9S", "every event starts with the acting player, e.g. 'Ann 9H' or 'Bob pass'"),
    (EUCHRE, "recorded Ann-Cy", "the line looks like: recorded Ann-Cy +1, Bob-Di 0"),  # the [Partners] sides
])
def test_a_hints_example_line_is_in_the_transcripts_own_seats(header: str, typed: str, hint: str) -> None:
    errors = _errors(header + typed + "\n")
    assert any(hint in error for error in errors), errors


def test_a_line_read_alone_keeps_the_notations_seats_in_its_hint() -> None:
    from referee.notation.reader import Problem, parse_line

    problem = parse_line("trick 1: 9H", 7)
    assert isinstance(problem, Problem) and problem.hint == "the line looks like: trick 2: N AH, E 9S"


@pytest.mark.parametrize("typed, fixed", [
    ("Ann pass - Bob pass", "Ann pass, Bob pass"),
    ("trick 1: Bob JH – Cy 9H", "trick 1: Bob JH, Cy 9H"),
])
def test_a_dash_between_events_is_told_to_be_a_comma(typed: str, fixed: str) -> None:
    errors = _errors(EUCHRE + typed + "\n")
    assert len(errors) == 1 and "between events" in errors[0] and f"'{fixed}'" in errors[0], errors


@pytest.mark.parametrize("header, told", [
    ('[Players "Ann Bob Cy Di]\n[Partners "Ann-Cy Bob-Di"]\n[Score "Ann-Cy 3"]',
     ["unclosed quotes in tag"]),  # its own error: not also "no [Players] tag" (notation.md §2.1)
    ('[Partners "Ann-Cy Bob-Di"]\n[Score "Ann-Cy 3"]', ["the header has no [Players] tag"]),
    ('[Players "Ann Bob Cy Di"]\n[Partners "Ann-Cy, Bob-Di"]\n[Score "Ann-Cy 3"]',
     ["the partnerships are separated by ',' — separate them with spaces: [Partners \"Ann-Cy Bob-Di\"]"]),
])
def test_a_header_without_its_players_or_sides_is_one_problem_not_one_per_name(header: str, told: list[str]) -> None:
    """The partnerships and scores are not checked against players or sides that could not be read."""
    errors = _errors(f'[Game "euchre"]\n{header}\nhand 1 dealer Di\n')
    assert len(errors) == len(told) and all(t in e for t, e in zip(told, errors, strict=True)), errors


def test_accept_listed_among_a_choices_options_is_written_as_its_own_event() -> None:
    """`pending` lists `accept` with the calls; answered by `call accept`, the finding says how to write it."""
    text = ('[Game "auction-pitch"]\n[Players "A B C D E"]\nhand 1 dealer E\nB bid 2, C bid 3, D pass, E pass\n'
            "A sell\ntrick 1: C 9S, D 2S, E KS, A 4S, B 3S\ntrick 2: E 7H, B 5H\nC call accept\n")
    hand = check_text(text).files[0].games[0].hands[0].to_dict()
    assert "accept" in hand["pending"][0]["options"]
    assert "an acceptance is written 'C accept'" in hand["irregularities"][-1]["explanation"]


@pytest.mark.parametrize("typed, at, told, fix", [
    ("[Game “euchre”]", "1:7", "'“' (left double quotation mark, U+201C) is not one of the notation's characters",
     "type '\"' for it: '[Game \"euchre\"]'"),
    ("trick 1: Bob JH,\u00a0Cy 9H", "5:17", "an invisible character (no-break space, U+00A0) is in the line",
     "type an ordinary space for it: 'trick 1: Bob JH, Cy 9H'"),
    ("trick 1: Bob\u200b JH", "5:13", "an invisible character (zero width space, U+200B) is in the line",
     "delete it: 'trick 1: Bob JH'"),
    ("recorded Ann–Cy \u22121", "5:13", "'–' (en dash, U+2013) is not one of the notation's characters",
     "type '-' for it: 'recorded Ann-Cy -1'"),
    ("trick 1: Bob K♡", "5:15", "'♡' (white heart suit, U+2661) is not one of the notation's characters",
     "type '♥' for it: 'trick 1: Bob K♥'"),
    ("trick 1\uff1a Bob JH", "5:8", "'：' (fullwidth colon, U+FF1A) is not one of the notation's characters",
     "type ':' for it: 'trick 1: Bob JH'"),
])
def test_a_character_that_only_looks_like_the_notations_is_named(typed: str, at: str, told: str, fix: str) -> None:
    """Pasted from a word processor or a web page: curly quotes, dashes, invisible spaces."""
    text = typed + "\n" + EUCHRE.split("\n", 1)[1] if typed.startswith("[") else EUCHRE + typed + "\n"
    assert _errors(text)[0] == f"{at}: {told} — {fix}"


def test_a_quoted_value_or_a_comment_may_hold_any_character() -> None:
    """Only what lies outside the quotes and the comment is blamed: here, the missing ','."""
    errors = _errors(EUCHRE + 'note "Bob – “sure”" x\ntrick 1: Bob JH Cy 9H   # Cy’s 9H\n')
    assert [e.split(":")[0] for e in errors] == ["5", "6"] and "quoted value" not in errors[1], errors
    assert "a ',' is missing before 'Cy'" in errors[1] and "U+" not in "".join(errors), errors


def test_a_file_whose_lines_end_in_cr_alone_is_told_so() -> None:
    errors = _errors(EUCHRE.replace("\n", "\r"))
    assert errors[0].startswith("1:16: a carriage return (CR) inside the line"), errors


def test_a_utf16_file_is_told_to_be_saved_as_utf8() -> None:
    """Windows Notepad's "Unicode": its NUL bytes are half its letters, so it is not "not text"."""
    import io

    from referee.notation.reader import FileProblem, read_transcript

    for data in (EUCHRE.encode("utf-16"), b"\xfe\xff" + EUCHRE.encode("utf-16-be")):
        items = list(read_transcript(io.BytesIO(data)))
        assert isinstance(items[0], FileProblem) and items[0].problem.message == "this file is UTF-16 text, not UTF-8"


def test_house_rules_separated_by_a_comma_are_shown_with_semicolons() -> None:
    errors = _errors(EUCHRE.replace("hand 1", '[Rules "stick-the-dealer, target=11"]\nhand 1'))
    assert len(errors) == 1 and "unknown house rule 'stick-the-dealer, target'" in errors[0]
    assert "house rules are separated by ';', not ',': 'stick-the-dealer; target=11'" in errors[0], errors


def test_another_games_event_that_does_not_read_is_named_as_such() -> None:
    """``S bid hearts`` in euchre: the bid words of every game were listed, as if a contract were missing."""
    errors = _errors(EUCHRE + "upcard 9H\nAnn pass, Bob pass, Cy pass, Di pass\nAnn bid hearts\n")
    assert len(errors) == 1 and errors[0].startswith("7:5: 'bid' is not an event of this game"), errors
    assert "name" in errors[0] and "little-misere" not in errors[0]


def test_a_player_called_hand_is_told_of_his_own_mistake_not_of_a_hand_line() -> None:
    """docs/notation.md §2.2: his broken line stays an error in its own hand; its message said the
    line was a hand line written wrongly and that the hand was left out with the others kept."""
    header = '[Game "euchre"]\n[Players "Hand Bob Cy Di"]\n[Partners "Hand-Cy Bob-Di"]\nhand 1 dealer Di\n'
    errors = _errors(header + "Hand 2, Bob pass\n")
    assert errors == ["5:6: '2' is not a card — cards look like AS, 10H, TD, 9♣ (rank A K Q J T/10 9-2, then suit "
                      "S H D C or ♠ ♥ ♦ ♣)"]
    assert "is not a hand line" in _errors(EUCHRE + "Hand 2, dealer: Bob\n")[0]


def test_a_side_written_twice_on_a_recorded_line_is_an_error() -> None:
    """``recorded Ann-Cy +2, Ann-Cy +1``: the verdict took the last and compared it in silence."""
    errors = _errors(EUCHRE + "recorded Ann-Cy +2, Ann-Cy +1\n")
    assert errors == ["5:21: recorded 'Ann-Cy' is written twice on the line — write each side or player once, "
                      "with the table's change for it"]


def test_a_side_given_twice_in_the_score_tag_is_an_error() -> None:
    errors = _errors(EUCHRE.replace("hand 1", '[Score "Ann-Cy 6, Ann-Cy 8"]\nhand 1'))
    assert errors == ["4:19: 'Ann-Cy' is given twice in [Score] — write each one's standing once"]


def test_a_remark_written_as_a_tag_between_hands_is_told_how_to_write_it() -> None:
    """A tag line after a hand starts a new game (docs/notation.md §2): [Note "tea break"] there
    lacks a [Game] tag, and the hint says why, and how a remark is written."""
    errors = _errors(EUCHRE + "Ann pass\n[Note \"tea break\"]\nhand 2\nBob pass\n")
    assert len(errors) == 1 and "the header has no [Game] tag" in errors[0], errors
    assert "a tag line after a hand starts a new game; a remark is written: note \"...\"" in errors[0]
