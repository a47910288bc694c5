"""The styles a scorer who never saw our code writes, and the words of the errors he then meets.

test_styles.py respells cards, suits and comments; test_reflow.py splits and joins lines. This
file writes every case of cases/ with the white space and the invisible marks the notation also
allows (notation.md §1): tabs and runs of spaces between words, around ``,`` and ``:``, before and
after a line; a byte-order mark opening any line, two on the first (``cat`` of a file that holds
nothing but one); a suit symbol followed by either variation selector (``♥️``, ``♥︎``). The verdict
must be the case's own, lines and columns aside (an error's words may quote the line: its
count is kept); so must it with the players named in lower case. Then the messages of slips
(a word after a Boston bid's number, a side written ``N/S`` in a ``recorded`` line, a curly quote
around a house rule's value, a mark for another) and of their line written right: it must read.
"""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest
from expectations import expected_verdict
from reflow import positionless
from typer.testing import CliRunner

from referee import check_text
from referee.cli import app
from referee.notation.comment import comment_start

CASES = Path(__file__).resolve().parent.parent / "cases"
TRANSCRIPTS = sorted(CASES.glob("*/*.ttn"))

_GAPS = (" ", "  ", "\t", " \t ", "\t\t")
_SYMBOL = re.compile(r"([♠♥♦♣])")
_WORD_BREAK = re.compile(r" *([,:]) *| +")


def spaced(text: str, seed: str) -> str:
    """`text` with random white space between its words and around its marks, byte-order marks
    opening random lines and a variation selector after random suit symbols; quoted values and
    comments are kept as they are."""
    rng = random.Random(seed)

    def gap(match: re.Match[str]) -> str:
        mark = match.group(1) or ""
        return (rng.choice(("", *_GAPS)) + mark + rng.choice(_GAPS)) if mark else rng.choice(_GAPS)

    out = []
    for number, line in enumerate(text.splitlines()):
        start = comment_start(line)
        code, comment = (line, "") if start < 0 else (line[:start], line[start:])
        if '"' not in code:
            code = _WORD_BREAK.sub(gap, code.strip())
            code = _SYMBOL.sub(lambda m: m.group(1) + rng.choice(("", "\ufe0f", "\ufe0e")), code)
            code = rng.choice(("", *_GAPS)) + code + (rng.choice(_GAPS) if code or comment else "")
        bom = "\ufeff\ufeff" if number == 0 else "\ufeff" if rng.random() < 0.1 else ""
        out.append(bom + code + comment)
    return "\n".join(out) + "\n"


def _verdict(text: str, rules: str | None) -> Any:
    verdict = positionless(check_text(text, rules).to_dict())
    for file in verdict["files"]:
        file["errors"] = len(file["errors"])
    return verdict


@pytest.mark.parametrize("transcript", TRANSCRIPTS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_a_case_means_the_same_with_any_white_space_and_invisible_marks(transcript: Path) -> None:
    text = transcript.read_text("utf-8")
    rules = expected_verdict(transcript).get("cli_rules")
    styled = spaced(text, transcript.name)
    assert _verdict(styled, rules) == _verdict(text, rules), styled


EUCHRE = '[Game "euchre"]\n[Players "N E S W"]\n[Partners "N-S E-W"]\n\nhand 1 dealer W\n'
BOSTON = '[Game "boston"]\n[Players "A Y B Z"]\n\nhand 1 dealer Z\n'
FRENCH_BOSTON = '[Game "french-boston"]\n[Players "N E S W"]\n[Belle "clubs"]\n\nhand 5 dealer N\n'


def _errors(text: str, rules: str | None = None) -> list[str]:
    return [f"{e.line}:{e.column}: {e.message} — {e.hint}" for e in check_text(text, rules).files[0].errors]


@pytest.mark.parametrize("line", ["", "\ufeff\ufeff", "  \ufeff# a comment", "\ufeff\ufeff\t# a comment"])
def test_a_line_of_byte_order_marks_white_space_and_a_comment_is_a_blank_line(line: str) -> None:
    assert _errors(EUCHRE.replace("\n\n", f"\n{line}\n") + "N pass\n") == []


@pytest.mark.parametrize("selector", ["\ufe0f", "\ufe0e"])
def test_a_suit_symbol_may_carry_either_variation_selector(selector: str) -> None:
    text = EUCHRE + f"upcard 9♥{selector}\nN pass, E pass, S pass, W pass\nN name ♠{selector}\n"
    [hand] = check_text(text).to_dict()["files"][0]["games"][0]["hands"]
    assert hand["contract"]["trump"] == "spades" and hand["contract"]["upcard"] == "9H"


def test_after_a_boston_bids_number_only_bostons_words_are_offered() -> None:
    [error] = _errors(BOSTON + "A bid 7 foo\n")
    assert error.startswith("5:9: unexpected 'foo'; expected ',', colour, preference or the end of the line — "), error
    assert "belle" not in error and "suit" not in error and "petite" not in error, error


def test_after_a_french_boston_bids_number_belle_and_a_suit_are_still_offered() -> None:
    [error] = _errors(FRENCH_BOSTON + "W bid 9 foo\n")
    assert "'belle'" in error and "a suit (spades" in error and "preference" not in error, error


def _suggested(error: str) -> str:
    """The line an error's hint offers, written right: its last quoted text."""
    found = re.search(r"'([^']*)'\??(?: [^']*)?$", error)
    assert found is not None, error
    return found.group(1)


def _reads(head: str, line: str) -> bool:
    """Whether `line`, suggested by a hint, is taken without error after `head` (referee is the judge)."""
    return _errors(head + line + "\n") == []


@pytest.mark.parametrize("line", ["A bid 7 foo, Y pass", "A bid 7 foo bar, Y pass", "A bid 7 foo, Y bid 8, B pass"])
def test_a_word_after_a_boston_bids_number_is_told_alike_with_events_after_it(line: str) -> None:
    """Not a ',' missing before ``foo`` (``A bid 7, foo, Y pass`` does not read either)."""
    assert _errors(BOSTON + line + "\n") == _errors(BOSTON + "A bid 7 foo\n")


@pytest.mark.parametrize("head, line, told, written", [
    (BOSTON, "A bid 7 Y pass", "5:9: a ',' is missing before 'Y' — separate the events of a line with ','",
     "A bid 7, Y pass"),
    (EUCHRE, "N pass E pass S pass W pass", "6:8: a ',' is missing before 'E' — separate the events of a line "
                                            "with ','", "N pass, E pass, S pass, W pass"),
    (EUCHRE, "N pass E pass, S 9X", "6:8: a ',' is missing before 'E' — separate the events of a line with ','", None),
    (EUCHRE, "N passes E passes", "6:3: 'passes' is not an event — did you mean 'pass'? events are written with the "
                                  "word as it is", None),
    (EUCHRE, "N: pass E pass", "6:2: unexpected ':' after the player 'N' — an event is the player then the card or "
                               "word, without ':'", None),
])
def test_a_hint_offers_the_line_written_right_only_when_it_reads(head: str, line: str, told: str,
                                                                  written: str | None) -> None:
    assert _errors(head + line + "\n") == [told + (f": '{written}'" if written else "")]
    assert written is None or _reads(head, written)


WRITTEN_RIGHT = [  # a line with a slip, and its error: the line offered must read
    ("recorded N/S4", "6:11: unexpected '/' in the side 'N/S' — a side is written with '-' between its players, "
                      "as in [Partners], then its signed score: 'recorded N-S +4'"),
    ("recorded N/S +4 E/W -4", "6:11: unexpected '/' in the side 'N/S' — a side is written with '-' between its "
                               "players, as in [Partners]: 'recorded N-S +4, E-W -4'"),
    ("recorded N-S4", "6:14: the line ends too early; expected a signed number (+2, -3) — "
                      "did you mean 'recorded N-S +4'? the line looks like: recorded N-S +1, E-W 0"),
    ("recorded N-S: +1", "6:13: unexpected ':'; expected a signed number (+2, -3) — "
                         "did you mean 'recorded N-S +1'? the line looks like: recorded N-S +1, E-W 0"),
    ("recorded N-S + 1;E-W -1.", "6:14: unexpected '+'; expected a signed number (+2, -3) — "
                                 "did you mean 'recorded N-S +1, E-W -1'? the line looks like: recorded N-S +1, E-W 0"),
    ("recorded N-S +1 E-W -1", "6:17: unexpected 'E-W'; expected ',' or the end of the line — "
                               "did you mean 'recorded N-S +1, E-W -1'? the line looks like: recorded N-S +1, E-W 0"),
    ("recorded N-S +2 // x", "6:17: '//' does not start a comment — a comment starts with '#': 'recorded N-S +2 # x'"),
    ("upcard 9H // x", "6:11: '//' does not start a comment — a comment starts with '#': 'upcard 9H # x'"),
    ("redeal misdeal.", "6:15: unexpected '.'; expected the end of the line — did you mean 'redeal misdeal'? "
                        "the line looks like: redeal misdeal"),
    ("trick 1 N 9H, E 10H", "6:9: unexpected 'N'; expected ':' — did you mean 'trick 1: N 9H, E 10H'? "
                            "the line looks like: trick 2: N AH, E 9S"),
    ("deal N 9H TH JH QH KH", "6:8: unexpected '9H'; expected ':' — did you mean 'deal N: 9H TH JH QH KH'? "
                              "the line looks like: deal N: 9H TH JD AS KC"),
    ("note Bob led", "6:6: unexpected 'Bob'; expected a quoted value (\"...\") — did you mean 'note \"Bob led\"'? "
                     "the line looks like: note \"E says the trick was gathered\""),
]


@pytest.mark.parametrize("line, told", WRITTEN_RIGHT)
def test_a_slip_in_a_line_of_its_own_kind_is_told_with_the_line_written_right(line: str, told: str) -> None:
    [error] = _errors(EUCHRE + line + "\n")
    assert error == told
    assert _reads(EUCHRE, _suggested(error)), error


def test_a_side_written_with_a_slash_is_told_how_a_side_is_written() -> None:
    hint = "a side is written with '-' between its players, as in [Partners]"
    assert _errors(EUCHRE + "recorded N/S +4\n") == [
        f"6:11: unexpected '/' in the side 'N/S' — {hint}: 'recorded N-S +4'"]
    assert _errors(EUCHRE + "recorded N-S +1,E&W -1  # N/S\n") == [
        f"6:18: unexpected '&' in the side 'E&W' — {hint}: 'recorded N-S +1,E-W -1'"]


CURLY = "'\u201c' (left double quotation mark, U+201C) is a curly quote: a house rule's value is written without quotes"


def test_every_look_alike_in_the_rules_tag_is_mended_in_the_one_error() -> None:
    """A curly quote and an en dash (and a full-width '=') in one value: the hint's rules read."""
    text = EUCHRE.replace("\n\n", '\n[Rules "target=\u201c11\u201d; revoke\u2013points\uff1d3"]\n\n')
    mended = '[Rules "target=11; revoke-points=3"]'
    assert _errors(text) == [f"4:16: {CURLY} — write {mended}"]
    assert _errors(EUCHRE.replace("\n\n", f"\n{mended}\n\n")) == []


def test_a_guillemet_is_named_as_such() -> None:
    assert _errors(EUCHRE, "target=\u00ab11\u00bb; revoke\u2013points=3") == [
        "0:8: --rules: '\u00ab' (left-pointing double angle quotation mark, U+00AB) is a guillemet (an angle quote): "
        "a house rule's value is written without quotes — write 'target=11; revoke-points=3'"]
    assert _errors(EUCHRE, "target=11; revoke-points=3") == []


def test_a_curly_quote_in_the_rules_tag_is_named_once() -> None:
    text = EUCHRE.replace("\n\n", '\n[Rules "stick-the-dealer; target=\u201c11\u201d"]\n\n')
    assert _errors(text) == [f"4:34: {CURLY} — write [Rules \"stick-the-dealer; target=11\"]"]


def test_a_curly_quote_in_inline_house_rules_is_named() -> None:
    assert _errors(EUCHRE, "target=\u201c11\u201d") == [f"0:8: --rules: {CURLY} — write 'target=11'"]


def test_a_curly_quote_in_a_house_rules_file_is_named_at_its_line(tmp_path: Path) -> None:
    rules = tmp_path / "club.yaml"
    rules.write_text("# the club\u2019s rules\nstick-the-dealer: true\ntarget: \u201c11\u201d\n", "utf-8")
    game = tmp_path / "game.ttn"
    game.write_text(EUCHRE, "utf-8")
    result = CliRunner().invoke(app, ["check", "--rules", str(rules), str(game)])
    assert result.exit_code == 2
    assert f"club.yaml:3:9: {CURLY} — write 'target: 11'" in result.output, result.output


QUOTED = 'expected a quoted value ("...") — a tag looks like [Name "value"], one to a line:'
HEAD = '[Players "N E S W"]\n'
REST = '[Partners "N-S E-W"]\n\nhand 1 dealer W\nN pass\n'


@pytest.mark.parametrize("tag, told", [
    ('Game "euchre"]', "2:1: a tag line starts with '[' and ends with ']' — write"),
    ('(Game "euchre")', "2:1: a tag line starts with '[' and ends with ']' — write"),
    ('[Game: "euchre"]', f"2:6: unexpected ':'; {QUOTED}"),
    ("[Game euchre]", f"2:7: unexpected 'euchre'; {QUOTED}"),
    ("[Game 'euchre']", f"2:7: unexpected ''euchre''; {QUOTED}"),
    ("[Game \u2018euchre\u2019]", f"2:7: unexpected '\u2018euchre\u2019'; {QUOTED}"),
])
def test_a_tag_written_nearly_right_is_shown_as_it_is_written(tag: str, told: str) -> None:
    """A header whose tag line was refused is not also told it has no [Game] (notation.md §2.1),
    where the refused line starts like a tag, with its '['."""
    errors = _errors(HEAD + tag + "\n" + REST)
    assert f"{told} '[Game \"euchre\"]'" in errors, errors
    assert len(errors) == 1 or not tag.startswith("["), errors


@pytest.mark.parametrize("tag", ['[Game "euchre"])', '[Game "euchre"]]'])
def test_something_after_a_tag_is_told_as_such(tag: str) -> None:
    assert _errors(HEAD + tag + "\n" + REST) == [
        f"2:16: unexpected '{tag[-1]}' after the tag — a tag line holds one tag (a comment after '#' aside): "
        "'[Game \"euchre\"]'"]


def test_a_variation_selector_not_after_a_suit_symbol_is_named() -> None:
    assert _errors(EUCHRE + "N pass, E\ufe0f pass\n") == [
        "6:10: an invisible character (variation selector-16, U+FE0F) is in the line — delete it: 'N pass, E pass'"]


@pytest.mark.parametrize("word", ["trick2:", "Trick2:"])
def test_a_trick_label_run_together_with_its_number_is_told_so(word: str) -> None:
    assert _errors(EUCHRE + f"{word} N 9H  # first\n") == [
        f"6:1: '{word[:-1]}' runs the word and its number together — write 'trick 2: N 9H'"]


BOSTON_HINT = "events look like 'P CARD', 'P pass', 'P bid 3', 'P name hearts'"


@pytest.mark.parametrize("line, told", [
    ("A bid 6 colours", "5:9: unexpected 'colours'; expected ',', colour, preference or the end of the line — "
                        "did you mean 'colour'? "),
    ("A bid 6 preferences, Y pass", "5:9: unexpected 'preferences'; expected ',', colour, preference or the end of "
                                    "the line — did you mean 'preference'? "),
])
def test_a_word_the_lexer_cut_short_is_told_whole(line: str, told: str) -> None:
    [error] = _errors(BOSTON + line + "\n")
    assert error.startswith(told) and BOSTON_HINT in error, error


@pytest.mark.parametrize("line, told", [
    ("N pass  // comment", "6:9: '//' does not start a comment — a comment starts with '#': 'N pass  # comment'"),
    ("trick 1 - N 9H", "6:9: unexpected '-' after the label — a label ends with ':': 'trick 1: N 9H'"),
    ("N pass, E - pass", "6:11: unexpected '-' after the player 'E' — an event is the player then the card or word: "
                         "'N pass, E pass'"),
])
def test_a_mark_written_for_another_is_told_with_the_line_written_right(line: str, told: str) -> None:
    assert _errors(EUCHRE + line + "\n") == [told]


@pytest.mark.parametrize("line, told", [
    ("upcard 9H+", "6:10: unexpected '+'; expected the end of the line"),
    ("N pass, E 9H @", "6:14: unexpected '@'; expected ',' or the end of the line"),
    ("N pass, E p\ufeffass", "6:12: an invisible character (zero width no-break space, U+FEFF) is in the line"),
])
def test_a_stray_character_is_told_with_what_the_parser_takes_there(line: str, told: str) -> None:
    [error] = _errors(EUCHRE + line + "\n")
    assert error.startswith(told + " — "), error


_PLAYER = r"(?<![\w']){}(?![\w'♠♥♦♣])"


def lower_case_players(text: str) -> tuple[str, dict[str, str]] | None:
    """`text` with its players named in lower case (``N`` → ``nq``), everywhere but comments and
    notes, and the names given; None for a transcript of several [Players] lists or none."""
    lists = re.findall(r'^\[Players "([^"]*)"\]', text, re.MULTILINE)
    if len(set(lists)) != 1:
        return None
    names = {name: f"{name.lower()}q" for name in lists[0].split()}
    out = []
    for line in text.splitlines():
        start = comment_start(line)
        code, comment = (line, "") if start < 0 else (line[:start], line[start:])
        if not code.lstrip().startswith(("note", "[Event", "[Note", "[Site", "[Table", "[Date")):
            for name, lower in names.items():
                code = re.sub(_PLAYER.format(re.escape(name)), lower, code)
        out.append(code + comment)
    return "\n".join(out) + "\n", names


@pytest.mark.parametrize("transcript", TRANSCRIPTS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_a_case_means_the_same_with_its_players_named_in_lower_case(transcript: Path) -> None:
    """Names are case-sensitive and may be written in any case (notation.md §1): a table of
    ``nq eq sq wq`` plays as ``N E S W`` does, its verdict the same with the names put back."""
    text = transcript.read_text("utf-8")
    renamed = lower_case_players(text)
    if renamed is None:
        pytest.skip("not one list of players")
    lowered, names = renamed
    rules = expected_verdict(transcript).get("cli_rules")
    told = repr(_verdict(lowered, rules))
    for name, lower in names.items():
        told = re.sub(rf"\b{lower}\b", name, told)
    assert told == repr(_verdict(text, rules)), lowered
