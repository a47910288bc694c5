"""The shortcut for common lines must read every line it takes exactly as the grammar does.

`CommonLines` may decline any line (the LALR parser then reads it); what it must never do is
accept a line the grammar rejects, or build a different record from one it accepts.
"""

from __future__ import annotations

import functools
import random
from functools import lru_cache
from pathlib import Path
from typing import TypeVar

from examples import examples
from hypothesis import given, settings
from hypothesis import strategies as st
from lark.exceptions import UnexpectedInput

from referee.notation import events as ev
from referee.notation.cards import parse_card, parse_suit
from referee.notation.common_lines import _CARDS, CommonLines
from referee.notation.grammar import _parser
from referee.notation.reader import Problem, _common_lines, _shortcut, _terminal_patterns, parse_line

CASES = sorted((Path(__file__).resolve().parent.parent / "cases").glob("*/*.ttn"))
CASE_LINES = [line for path in CASES for line in path.read_text("utf-8").splitlines()
              if line.strip() and not line.strip().startswith("#")]


def grammar_reading(text: str, line: int = 7) -> object:
    """The record the LALR parser builds for `text`, or None when it rejects the line."""
    lark, builder = _parser()
    builder.line = line
    try:
        return lark.parse(text)
    except UnexpectedInput:
        return None


def assert_same_as_grammar(text: str, line: int = 7) -> None:
    """Read twice, by a reader of its own: the second time, a line of events or a deal read
    before is split rather than matched (`CommonLines._read_known`): the same records."""
    common = _reader()
    grammar: list[object] = []  # the grammar's record, read once, the first time it is needed
    for _ in range(2):
        quick = common.read(text, line)
        if quick is not None:
            grammar = grammar or [grammar_reading(text, line)]
            assert quick == grammar[0], text


def test_every_case_line_the_shortcut_takes_reads_as_the_grammar_reads_it() -> None:
    taken = 0
    for text in CASE_LINES:
        assert_same_as_grammar(text)
        taken += _common_lines().read(text, 7) is not None
    assert taken > len(CASE_LINES) // 2  # the shortcut does carry the usual lines


def test_a_trick_line_is_read_with_its_columns() -> None:
    line = _common_lines().read("trick 2:  N AH, E 9♠️,S 10h", 4)
    assert line == ev.EventLine(2, (
        ev.Play("N", parse_card("AH"), ev.Span(4, 11)),
        ev.Play("E", parse_card("9S"), ev.Span(4, 17)),
        ev.Play("S", parse_card("10H"), ev.Span(4, 23))), ev.Span(4, 11))
    assert line == grammar_reading("trick 2:  N AH, E 9♠️,S 10h", 4)


def test_a_line_of_plays_is_read_in_one_match_as_event_by_event() -> None:
    common = _common_lines()
    players = ["N", "E", "S", "W", "Zoë", "o'Neil", "N9"]
    cards = ["AS", "10h", "T♦", "9♠️", "qc", "2D", "K♥"]
    for count in range(1, 8):
        plays = [f"{player}{gap}{card}" for player, gap, card in zip(players, [" ", "\t", "  "] * 3, cards)][:count]
        for label in ["", "trick 3: ", "\ttrick  12 :", "trick 4:\t "]:
            for separator in [", ", ",", " ,\t"]:
                text = label + separator.join(plays) + " "
                read = common._read_plays(text, 5)
                assert (read is not None) == (count <= 6), text  # longer lines: event by event
                assert common.read(text, 5) == common._read_events(text, 5) == grammar_reading(text, 5), text
    for text in ["pass AS, E KS", "N AS, trick KS", "trick 1: N AS, dealer KS", "N AS, E pass", "N AS E KS"]:
        assert common._read_plays(text, 5) is None, text
        assert common.read(text, 5) == common._read_events(text, 5), text


def test_simple_events_deal_hand_upcard_and_tags_are_taken() -> None:
    read = _common_lines().read
    assert read("N pass, E order, S alone, W discard 9C, N name S, E bid 3", 1) == grammar_reading(
        "N pass, E order, S alone, W discard 9C, N name S, E bid 3", 1)
    assert read("deal W: 9H TD JS", 3) == ev.DealLine(
        "W", tuple(map(parse_card, ("9H", "TD", "JS"))), ev.Span(3, 6), (9, 12, 15))
    assert read("hand 4 dealer Ann", 2) == ev.HandHeader(4, "Ann", ev.Span(2, 1), ev.Span(2, 15))
    assert read("upcard J♦", 5) == ev.UpcardLine(parse_card("JD"), ev.Span(5, 8))
    assert read('[Game "euchre"]', 1) == ev.Tag("Game", "euchre", ev.Span(1, 2), ev.Span(1, 8))
    assert read("recorded N-S +1, E-W 0, pool -2", 9) == ev.RecordedLine(
        (("N-S", 1, ev.Span(9, 10)), ("E-W", 0, ev.Span(9, 18)), ("pool", -2, ev.Span(9, 25))), ev.Span(9, 10))
    assert read("E name hearts", 1).events[0].suit is parse_suit("H")  # type: ignore[union-attr]


def test_lines_outside_the_usual_shapes_are_left_to_the_grammar() -> None:
    declined = [
        "pass 9H",                       # a player named like a keyword: the grammar decides
        "N 9H, E TH # a comment",        # comments
        "N9H",                           # no break between player and card
        "hand1 dealer N",
        "N look trick 2",                # events beyond the usual ones
        "N claim revoke E trick 2",
        "E call partnership",            # a choice answered by its option's name
        "S call claim",
        "recorded N-S+1",
        "recorded pass 2",
        "trick 1: N XS",                 # mistakes: only the grammar explains them
        "deal N: 9H 9H9C",
        "deal N: " + " ".join(["9H"] * 14),  # more cards than any hand: a misdeal, for the grammar
        "N 9H,",
        "N\f9H",
    ]
    for text in declined:
        assert _common_lines().read(text, 1) is None, text


def test_a_line_the_shortcut_declines_still_gets_the_grammars_error() -> None:
    problem = parse_line("trick 1: N XS, E 9H", 12)
    assert problem is not None and getattr(problem, "message", "") == "'XS' is not a card"
    for text, message in (("N bid 6 colours", "unexpected 'colours'; expected ',', 'belle', a suit (spades, hearts, "
                                              "diamonds, clubs, or S H D C ♠ ♥ ♦ ♣), colour, preference, petite or "
                                              "the end of the line"),
                          ("N demand belle belle", "unexpected 'belle'; expected ',', a card (AS, 10H, TD, 9♣) or the "
                                                   "end of the line"),
                          ("N bid 1234567 colour", "1234567 is too large a number: at most 999,999 here")):
        problem = parse_line(text, 3)
        assert isinstance(problem, Problem) and problem.message == message, (text, problem)


def test_the_bidding_games_usual_events_are_taken() -> None:
    """Boston's and French Boston's bids (with a qualifier, a suit or a contract), keeps and
    demands are read without the grammar, with the fields the grammar gives them."""
    read = _common_lines().read
    text = ("A bid 6 colour, Y keep, B keep-over, Z bid little-misere, A bid 9 hearts, Y bid 7 ♠, "
            "B demand belle JD, Z demand, A accept, Y bid 9 belle, B bid 6 color, Z bid 8")
    line = read(text, 4)
    assert line == grammar_reading(text, 4)
    assert isinstance(line, ev.EventLine)
    assert [(type(e).__name__, *(getattr(e, f) for f in ("number", "qualifier", "contract", "over", "belle", "card")
                                 if hasattr(e, f))) for e in line.events] == [
        ("Bid", 6, "colour", None), ("Keep", False), ("Keep", True), ("Bid", None, None, "little-misere"),
        ("Bid", 9, "H", None), ("Bid", 7, "S", None), ("Demand", True, parse_card("JD")), ("Demand", False, None),
        ("Accept",), ("Bid", 9, "belle", None), ("Bid", 6, "colour", None), ("Bid", 8, None, None)]


# ---- generated lines: near the usual shapes, with every kind of small departure ---------

NAMES = ["N", "E", "S", "W", "Ann", "o'Neil", "Zoë", "pass", "trick", "deal", "hand", "dealer", "name",
         "keep", "win", "belle", "boston", "H", "AS", "N9", "_x", "9", "S-N"]
CARDS = ["9H", "TD", "10c", "QS", "K♥", "A♠️", "JH", "2D", "XS", "1H", "10", "9Hx", "H9", "9H'"]
SUITS = ["S", "hearts", "Diamonds", "♣", "clubs-", "x", "spades"]
GAPS = [" ", "  ", "\t", "", " \t ", "\f", "\r"]
WORDS = ["pass", "order", "alone", "accept", "concede", "spread", "sell", "refuse", "pitch", "passing", "keep"]


BID_VALUES = ["3", "12", "x", "٣", "6 colour", "6 color", "6  preference", "9 petite", "9\tbelle", "6 hearts",
              "7 S", "8 ♦", "8 ♦️", "6 Spades", "6 HEARTS", "6 colours", "6 colour-", "6colour", "6 s'", "6 belle x",
              "boston", "little-misere", "grand-misere", "grand-misere-table", "petite-misere", "misere-quatre-as",
              "petite-misere-tables", "Boston", "keep", "keep-over", "6 boston", "12345", "0", "06", "6 keep"]
DEMANDS = ["", " belle", " JD", " belle 9H", "  belle\t10♣", " 9H belle", " belles", " bellex", "belle", " JD JH",
           " X", " belle belle", " hearts"]
KEEPS = ["keep", "keep-over", "keep over", "keep-overs", "keeps", "keep-", "Keep", "kept"]


T = TypeVar("T")


def pick(values: list[T]) -> st.SearchStrategy[T]:
    """``st.sampled_from(values)``, made once for each list: the composites below draw from the
    same few lists at every example, and Hypothesis validates each strategy made."""
    return _picks(tuple(values))


@functools.cache
def _picks(values: tuple[T, ...]) -> st.SearchStrategy[T]:
    return st.sampled_from(values)


@st.composite
def event_text(draw: st.DrawFn) -> str:
    name, gap = draw(pick(NAMES)), draw(pick(GAPS))
    kind = draw(st.integers(0, 6))
    if kind == 0:
        return f"{name}{gap}{draw(pick(CARDS))}"
    if kind == 1:
        return f"{name}{gap}{draw(pick(WORDS))}"
    if kind == 2:
        return f"{name}{gap}discard{draw(pick(GAPS))}{draw(pick(CARDS))}"
    if kind == 3:
        return f"{name}{gap}name{draw(pick(GAPS))}{draw(pick(SUITS))}"
    if kind == 4:
        return f"{name}{gap}{draw(pick(KEEPS))}"
    if kind == 5:
        return f"{name}{gap}demand{draw(pick(DEMANDS))}"
    return f"{name}{gap}bid{draw(pick(GAPS))}{draw(pick(BID_VALUES))}"


@st.composite
def near_common_line(draw: st.DrawFn) -> str:
    gap = pick(GAPS)
    kind = draw(st.integers(0, 5))
    if kind == 0:
        label = draw(pick(["", "trick 1:", "trick 12 :", "trick1:", "trick x:", "trick 3"]))
        separator = draw(pick([",", ", ", " ,", ",,", " "]))
        text = label + draw(gap) + separator.join(draw(st.lists(event_text(), min_size=1, max_size=5)))
    elif kind == 1:
        cards = draw(st.lists(pick(CARDS), max_size=15))
        text = f"deal{draw(gap)}{draw(pick(NAMES))}{draw(gap)}:{draw(gap)}" + draw(gap).join(cards)
    elif kind == 2:
        number = draw(pick(["", " 1", " 22", "1", " x"]))
        dealer = draw(pick(["", " dealer N", " dealer", "dealer W", " dealer  Ann", " dealer pass"]))
        text = f"hand{number}{dealer}"
    elif kind == 3:
        text = f"upcard{draw(gap)}{draw(pick(CARDS))}"
    elif kind == 4:
        changes = draw(st.lists(st.tuples(pick(NAMES + ["pool", "N-S", "E-", "-W"]), gap,
                                          pick(["+1", "-12", "0", "+", "3x", "++2"])),
                                min_size=1, max_size=4))
        separator = draw(pick([",", ", ", " ,", ""]))
        text = f"recorded{draw(gap)}" + separator.join(f"{who}{space}{amount}" for who, space, amount in changes)
    else:
        name = draw(pick(["Game", "Players", "hand", "Rules", "9x", ""]))
        value = draw(pick(['"euchre"', '"N E S W"', '"a # b"', '"open', '""']))
        text = f"[{draw(gap)}{name}{draw(gap)}{value}{draw(gap)}]"
    return draw(gap) + text + draw(pick(["", " ", "\t", " # note", "x"]))


@settings(max_examples=examples(1500), deadline=None)
@given(near_common_line())
def test_generated_lines_near_the_usual_shapes_read_as_the_grammar_reads_them(text: str) -> None:
    assert_same_as_grammar(text)


@st.composite
def bidding_line(draw: st.DrawFn) -> tuple[str, bool]:
    """A line of the bidding games' events written any way the notation allows (a label or none,
    suits as words, letters or signs, in either case, cards in lower case, any usual spacing),
    with whether it is free of near misses (a flaw in one of its parts when not)."""
    flawed = draw(pick(["player", "value", "separator", "end", None, None, None]))
    usual_values = ["5", "6 colour", "6 color", "7 preference", "9 petite", "9 belle", "8 hearts", "8 Hearts", "8 h",
                    "8 H", "10 ♥", "10 ♥️", "6 spades", "6 clubs", "6 diamonds", "6 S", "6 d", "boston", "little-misere",
                    "grand-misere", "little-spread", "grand-spread", "petite-misere", "petite-misere-table",
                    "grand-misere-table", "misere-quatre-as", "13", "0007"]
    usual_events = ["pass", "keep", "keep-over", "demand", "demand belle", "demand JD", "demand jd",
                    "demand belle 10♣", "demand\tbelle  9H", "accept", "bid {value}", "bid  {value}", "bid\t{value}"]
    near = ["bid {value}x", "keep over", "keep-overs", "demand belle belle", "demand 9H belle", "bid", "bid {value} x",
            "bid belle", "demand 9", "accept belle", "bid 6 HEARTS", "bid 6 colour-", "bid 6 s'", "bid 6colour",
            "bid {value},"]
    players = ["N", "E", "S", "W", "A", "Y", "B", "Z", "Ann", "o'Neil", "Zoë"]
    events = []
    for _ in range(draw(st.integers(1, 8))):
        player = draw(pick(players))
        written = draw(pick(usual_events))
        value = draw(pick(usual_values))
        gap = draw(pick([" ", "  ", "\t"]))
        events.append(f"{player}{gap}{written.format(value=value)}")
    if flawed == "player":
        events[draw(st.integers(0, len(events) - 1))] = f"{draw(pick(NAMES))} pass"
    elif flawed == "value":
        events[draw(st.integers(0, len(events) - 1))] = "N " + draw(pick(near)).format(
            value=draw(pick(usual_values)))
    separator = draw(pick([", ", ",", " , ", "\t,\t"]
                                     + ([",,", " ", ", ,"] if flawed == "separator" else [])))
    end = draw(pick(["", " ", "\t"] + (["x", " # note", ","] if flawed == "end" else [])))
    label = draw(pick(["", "trick 1: ", "trick 12 :", "\ttrick 3:\t"]))
    return draw(pick(["", " "])) + label + separator.join(events) + end, flawed is None


@settings(max_examples=examples(1500), deadline=None)
@given(bidding_line())
def test_generated_lines_of_bids_keeps_and_demands_read_as_the_grammar_reads_them(drawn: tuple[str, bool]) -> None:
    text, usual = drawn
    assert_same_as_grammar(text)
    if usual:  # the usual lines are the shortcut's to read, whatever their style
        assert _common_lines().read(text, 7) is not None, text


@st.composite
def plays_line(draw: st.DrawFn) -> str:
    """A line of 1 to 7 plays, written any usual way, or with a near miss in one of its parts."""
    flawed = draw(pick(["label", "play", "separator", "end", None, None]))

    def part(usual: list[str], near: list[str], kind: str) -> st.SearchStrategy[str]:
        return pick(usual + near if kind == flawed else usual)

    label = draw(part(["", "trick 1:", "trick 12 :", " trick\t3:\t"], ["trick1:", "trick x:", "trick 3"], "label"))
    plays = draw(st.lists(st.tuples(pick(["N", "E", "S", "W", "Ann", "o'Neil", "Zoë", "N9"]),
                                    pick([" ", "  ", "\t", " \t "]),
                                    pick(["9H", "TD", "10c", "QS", "K♥", "A♠️", "JH", "2D"])),
                          min_size=1, max_size=7))
    if flawed == "play":
        plays[draw(st.integers(0, len(plays) - 1))] = (
            draw(pick(NAMES)), draw(pick(GAPS)), draw(pick(CARDS)))
    separator = draw(part([",", ", ", " ,", "\t,  "], [",,", " ", ", ,"], "separator"))
    end = draw(part(["", " ", "\t"], [" # note", "x", "\n", ","], "end"))
    written = separator.join(f"{who}{gap}{card}" for who, gap, card in plays)
    return label + draw(pick(["", " ", "\t"])) + written + end


@settings(max_examples=examples(1500), deadline=None)
@given(plays_line())
def test_generated_lines_of_plays_read_as_event_by_event_and_as_the_grammar(text: str) -> None:
    assert_same_as_grammar(text)
    quick = _common_lines()._read_plays(text, 7)
    if quick is not None:
        assert quick == _common_lines()._read_events(text, 7), text


@settings(max_examples=examples(500), deadline=None)
@given(st.sampled_from(CASE_LINES), st.integers(0, 2**32 - 1))
def test_mutated_case_lines_read_as_the_grammar_reads_them(text: str, seed: int) -> None:
    rng = random.Random(seed)
    chars = list(text)
    for _ in range(rng.randint(1, 3)):
        position = rng.randrange(len(chars) + 1)
        choice = rng.random()
        if choice < 0.4 and chars:
            del chars[min(position, len(chars) - 1)]
        elif choice < 0.8:
            chars.insert(position, rng.choice(" \t,:#9HSNx'-\f♠"))
        elif chars:
            chars[min(position, len(chars) - 1)] = rng.choice("0AJTsdpE ")
    assert_same_as_grammar("".join(chars))


@lru_cache(maxsize=1)
def _reader() -> CommonLines:
    return _reading()


def _reading() -> CommonLines:
    """A shortcut of its own, which has read nothing yet (made anew, not copied: the compiled
    build's reader is a native class, which `copy` cannot make)."""
    return _shortcut(_terminal_patterns())


def test_a_line_of_events_read_again_is_built_at_its_own_line() -> None:
    """A line of events is kept by its text and built again for the next line of that text: the
    records are the grammar's, at the new line."""
    common = _common_lines()
    for text in ("N pass, E order", "trick 2: S order, W 9H", "W discard QC", "N bid 3, E name hearts"):
        first, again = common.read(text, 3), common.read(text, 40)
        assert first == grammar_reading(text, 3) and again == grammar_reading(text, 40), text
        assert again is not first


def test_a_line_of_events_already_seen_is_read_by_splitting_as_the_grammar_reads_it() -> None:
    """Events read once are kept by their text; a later line of them only, written the usual
    way, is split rather than matched, and must still read exactly as the grammar does."""
    common = _reading()
    assert common.read("trick 1: S QS, W KS, N TD, E TS", 2) == grammar_reading("trick 1: S QS, W KS, N TD, E TS", 2)
    assert common.read("A bid 6 colour, Y keep, B demand belle JD", 3) == grammar_reading(
        "A bid 6 colour, Y keep, B demand belle JD", 3)
    assert {"S QS", "W KS", "N TD", "E TS", "A bid 6 colour", "Y keep", "B demand belle JD"} <= set(
        common._events_known)
    for text in ("trick 12: W KS, S QS", "trick 1:  S QS", "trick 1: S QS,W KS", "trick 1: S QS, W KS ",
                 "trick \u00b2: S QS", "trick 0001: E TS", "trick 999999: S QS", "trick 1: ", "trick 1: S QS, S QS",
                 "trick 1: S QS, W KS, N TD, E TS, S QS, W KS, N TD", "Y keep, A bid 6 colour", "S QS, Y keep",
                 "trick 3: B demand belle JD, S QS", " Y keep", "Y keep, ", "Y keep,A bid 6 colour"):
        assert common.read(text, 9) == grammar_reading(text, 9) or common.read(text, 9) is None, text
    for text in ("trick 12: W KS, S QS", "Y keep, A bid 6 colour, S QS", "trick 3: B demand belle JD, S QS"):
        assert common._read_known(text, 9) == grammar_reading(text, 9), text


def test_a_deal_of_a_player_and_cards_already_seen_is_read_by_splitting_as_the_grammar_reads_it() -> None:
    common = _reading()
    assert common.read("deal N: AS KS QS", 2) == grammar_reading("deal N: AS KS QS", 2)
    for text in ("deal N: QS AS", "deal N: QS  AS", "deal N: QS AS ", "deal N:QS", "deal  N: QS", "deal N : QS",
                 "deal N: ", "deal N:", "deal E: AS", "deal N: " + " ".join(["AS"] * 14), "deal N: AS KS xS"):
        assert common.read(text, 9) == grammar_reading(text, 9) or common.read(text, 9) is None, text
    assert common._read_known_deal("deal N: QS AS KS", 9) == grammar_reading("deal N: QS AS KS", 9)
    assert common._read_known_deal("deal Zoë: AS", 9) is None  # no deal of hers read yet: left to the patterns


def taught_line() -> st.SearchStrategy[str]:
    """A line that may teach `CommonLines` events or a deal (or, being flawed, teach nothing).
    (Built once: Hypothesis validates each strategy made, which cost more than the example.)"""
    usual_deal = st.builds(lambda player, cards: f"deal {player}: {' '.join(cards)}",
                           st.sampled_from(["N", "E", "Ann", "o'Neil", "Zoë"]),
                           st.lists(st.sampled_from(["9H", "TD", "10c", "QS", "K♥", "A♠️", "JH", "2D"]), max_size=13))
    return st.one_of(near_common_line(), bidding_line().map(lambda drawn: drawn[0]), plays_line(), usual_deal)


SPELLINGS_READ = (*(rank + suit for rank in ("A", "K", "Q", "J", "T", "10", "9", "8", "7", "6", "5", "4", "3", "2")
                    for suit in "SHDC"), "10c", "jd", "qc", "K♥", "A♠", "A♠️", "T♦", "9♠️")
"""Card spellings a reader has met (`_CARDS`): the cards of the deals below are drawn from
these, a fixed list, for `_CARDS` itself grows as lines are read (Hypothesis must draw alike
when it replays an example; and the test must not depend on what the worker read before it)."""

_LABELS = st.sampled_from(["", "trick 4: ", "trick 12: ", "trick x: ", "trick 4 : ", " "])
_ENDS = st.sampled_from(["", "", " ", ",", "x"])
_DEALT = st.lists(st.sampled_from(SPELLINGS_READ), min_size=1, max_size=14)
_DEALT_GAPS = st.sampled_from([" ", " ", "  "])
"""The test's draws that depend on nothing it has read, made once (not at each example)."""


@settings(max_examples=examples(1000), deadline=None)
@given(st.lists(taught_line(), min_size=1, max_size=6), st.data())
def test_events_and_deals_read_before_read_again_anywhere_as_the_grammar_reads_them(lines: list[str],
                                                                                    data: st.DataObject) -> None:
    """Whatever events and deals were read before, a line made of them, in any order, reads as
    the grammar reads it; written the usual way, it is read by splitting it."""
    common = _reading()
    for spelling in SPELLINGS_READ:
        _CARDS[spelling]  # met, as a read line of it would have it
    for text in lines:
        common.read(text, 2)
    label = data.draw(_LABELS)
    end = data.draw(_ENDS)
    if common._events_known:
        events = data.draw(st.lists(st.sampled_from(sorted(common._events_known)), min_size=1, max_size=8))
        text = label + ", ".join(events) + end
        assert_same_as_grammar(text)
        known = common._read_known(text, 9)
        assert known is None or known == grammar_reading(text, 9), text
        if label in ("", "trick 4: ", "trick 12: ") and not end:
            assert known is not None, text
    if common._deals_known:
        player = data.draw(st.sampled_from(sorted(common._deals_known.values())))
        cards = data.draw(_DEALT)
        gap = data.draw(_DEALT_GAPS)
        text = f"deal {player}: " + gap.join(cards) + end
        assert_same_as_grammar(text)
        dealt = common._read_known_deal(text, 9)
        assert dealt is None or dealt == grammar_reading(text, 9), text
        if gap == " " and not end and len(cards) <= 13:
            assert dealt is not None, text
