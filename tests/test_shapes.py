"""Each event is declared once (`written` and `said` on its class in `events`); the grammar, the
transformer, fmt's text, the renderers' words and the word tables are made from it (`shapes`).
These tests hold the pieces that still name events to the declarations: a new event missing
from one of them fails here, by name."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from game_hands import game_hands

from referee.engine.choices import CHOICE_WORDS, EXPOSED_DEMANDS, PENALTY_WORDS
from referee.engine.header import KEYWORDS
from referee.games.boston import auction as boston_auction
from referee.games.french_boston import auction as french_auction
from referee.notation import events as ev
from referee.notation.cards import parse_card
from referee.notation.grammar import _parser
from referee.notation.reader import Problem, grammar_text, parse_line
from referee.notation.records import field_names
from referee.notation.shapes import EVENTS, GAME_SHAPES, SHAPES, WORD_EVENTS, WORDS, _said_shape, write
from referee.notation.vocabulary import vocabulary
from referee.output.words import event_words

GAMES = Path(__file__).resolve().parent.parent / "referee" / "games"

# Every kind of event, written canonically, with each optional part given and left out, and
# what the renderers say of it. A new event needs its lines here.
LINES = {
    "N AS": "N plays AS",
    "N pass": "N passes",
    "N order": "N orders up",
    "N bid 3": "N bids 3",
    "N bid 6 colour": "N bids 6 colour",
    "N bid 7 hearts": "N bids 7 H",
    "N bid 9 belle": "N bids 9 belle",
    "N bid little-misere": "N bids little-misere",
    "N bid keep-over": "N bids keep-over",
    "N discard 9C": "N discards 9C",
    "N alone": "N goes alone",
    "N name hearts": "N names hearts",
    "N expose QD": "N exposes QD (the table saw it without its being played)",
    "N retract KC": "N takes back KC",
    "N claim revoke E": "N claims that E revoked",
    "N claim revoke E trick 3": "N claims that E revoked in trick 3",
    "N call highest": "N, holding the right to a penalty, chooses: highest",
    "N call spades": "N, holding the right to a penalty, chooses: spades",
    "N call QH": "N, holding the right to a penalty, chooses: QH",
    "N call alone": "N chooses: alone",
    "N accept": "N accepts",
    "N count E": "N draws attention to E's tricks",
    "N concede": "N concedes",
    "N spread": "N lays the hand face up",
    "N sell": "N sells (accepts the highest bid)",
    "N refuse": "N refuses to sell and pitches",
    "N pitch": "N pitches before any bid",
    "N demand": "N demands a partner",
    "N demand belle": "N demands a partner in belle",
    "N demand AS": "N demands a partner, laying AS face down",
    "N demand belle AS": "N demands a partner in belle, laying AS face down",
    "N keep": "N says keep",
    "N keep-over": "N says keep-over",
    "N look": "N looks at the last trick, already quitted",
    "N look trick 2": "N looks at trick 2, already quitted",
    "N claim rest": "N claims the rest of the tricks",
}


def _event(line: str) -> ev.Event:
    parsed = parse_line(line, 1)
    assert isinstance(parsed, ev.EventLine), parsed
    (event,) = parsed.events
    return event


@pytest.mark.parametrize("line", LINES)
def test_each_event_is_read_written_and_said_as_declared(line: str) -> None:
    event = _event(line)
    assert write(event) == line
    assert event_words(event) == LINES[line]
    assert _event(write(event)) == event


def test_every_event_has_lines() -> None:
    shown = {type(_event(line)) for line in LINES}
    assert [kind.__name__ for kind in EVENTS if kind not in shown] == []


@pytest.mark.parametrize("kind", EVENTS, ids=lambda kind: kind.__name__)
def test_the_declaration_names_the_records_fields(kind: type) -> None:
    """What the written form reads, plus the player and the position, is the record's fields."""
    declared = {name for slot in SHAPES[kind].slots for fields, _ in slot.alternatives for name in fields}
    names = list(field_names(kind))
    assert names[0] == "player" and names[-1] == "at"  # the transformer passes the fields in this order
    assert set(names) == {"player", "at"} | declared


def test_every_event_of_one_word_is_read_by_the_fast_path() -> None:
    assert sorted(WORD_EVENTS) == ["accept", "alone", "concede", "forgot", "order", "pass", "pitch", "refuse",
                                   "sell", "spread"]
    for word, kind in WORD_EVENTS.items():
        assert word in GAME_SHAPES or WORDS[kind] == (word,)  # type: ignore[index]


def _rule_words() -> set[str]:
    """The words the grammar's rules spell (not its terminals: contract words, reasons...)."""
    rules = [line for line in grammar_text().splitlines() if re.match(r"\s*[?a-z_|]", line)]
    return set(re.findall(r'"([a-z][a-z-]*)"', "\n".join(line.split("//")[0] for line in rules)))


def test_no_player_may_be_named_like_a_word_of_the_grammar() -> None:
    words = {word for word in _rule_words() if "-" not in word}
    assert sorted(words - KEYWORDS) == []
    assert {"sell", "claim", "rest", "belle", "keep"} <= KEYWORDS


def test_the_word_of_an_unsupported_event() -> None:
    assert SHAPES[ev.ClaimRest].word == "claim rest"
    assert SHAPES[ev.NameSuit].word == "name"
    assert SHAPES[ev.Sell].word == "sell"
    assert SHAPES[ev.Keep].word == "keep"


# ---- each game declares its own words -----------------------------------------------------

def _declared(game: str) -> dict[str, object]:
    data: dict[str, object] = json.loads((GAMES / game / "words.json").read_text("utf-8"))
    return data


def test_the_shared_grammar_spells_no_games_contract() -> None:
    shared = (Path(__file__).resolve().parent.parent / "grammars" / "transcript.lark").read_text("utf-8")
    code = "\n".join(line.split("//")[0] for line in shared.splitlines())
    for word in (*vocabulary().contracts, *vocabulary().qualifier_words):
        assert f'"{word}"' not in code, word


def test_each_game_declares_the_contracts_its_auction_reads() -> None:
    for game, ladder in (("boston", boston_auction.LADDER), ("french_boston", french_auction.LADDER)):
        said = {rung.said for rung in ladder.rungs.values() if rung.said is not None}
        assert said == set(_declared(game)["contracts"])  # type: ignore[arg-type]
    assert {"colour", "preference"} <= set(_declared("boston")["qualifiers"])  # type: ignore[arg-type]
    assert "petite" in _declared("french_boston")["qualifiers"]  # type: ignore[operator]


@pytest.mark.parametrize("word", vocabulary().contracts)
def test_every_declared_contract_is_read(word: str) -> None:
    event = _event(f"N bid {word}")
    assert isinstance(event, ev.Bid) and event.contract == word


def test_another_spelling_is_read_as_the_word() -> None:
    event = _event("N bid 6 color")
    assert isinstance(event, ev.Bid) and event.qualifier == "colour"


def test_a_misspelt_contract_is_pointed_to_the_declared_word() -> None:
    problem = parse_line("N bid litle-misere", 3)
    assert isinstance(problem, Problem)
    assert "little-misere" in problem.message and "did you mean 'little-misere'" in problem.hint


# ---- the words of `call` ------------------------------------------------------------------

def test_the_words_of_a_choice_are_some_games_call_words_and_no_penalty() -> None:
    declared = {word for hand in game_hands() for word in hand.declared.call_words}
    assert declared >= CHOICE_WORDS
    assert not CHOICE_WORDS & PENALTY_WORDS
    assert EXPOSED_DEMANDS <= PENALTY_WORDS


def test_a_syntax_error_lists_the_shared_words_of_call() -> None:
    """The notation cannot import the engine's `PENALTY_WORDS`: its message is held to them here."""
    from referee.notation.grammar import _TERMINAL_WORDS, _WORDS_OF

    listed = set(re.split(r", | or ", _TERMINAL_WORDS["CALL_WORD"]))
    assert listed == PENALTY_WORDS
    assert set(_WORDS_OF["CALL_WORD"]) <= PENALTY_WORDS


# ---- a game's own events (words.json "events") ----------------------------------------------

GAME_LINES = {
    "N ask S": "N asks S: having none of the suit led?",
    "S name 5H": "S names the trump card, 5H",
    "W forgot": "W says he has forgotten the trump card",
}


@pytest.mark.parametrize("line", GAME_LINES)
def test_a_games_event_is_read_written_and_said_as_declared(line: str) -> None:
    event = _event(line)
    assert isinstance(event, ev.Said) and event.word == line.split()[1]
    assert write(event) == line
    assert event_words(event) == GAME_LINES[line]
    assert _event(write(event)) == event
    whole = f"E pass, {line}, E 2C"
    lark, builder = _parser()
    builder.line = 1
    assert lark.parse(whole) == parse_line(whole, 1)  # the fast path (for `forgot`) reads it as the grammar does


def test_a_games_event_is_read_with_its_fields_in_order() -> None:
    event = _event("S name 10D")
    assert isinstance(event, ev.Said) and event.args == (parse_card("TD"),)
    assert _event("N name hearts") == ev.NameSuit("N", ev.Suit.HEARTS, ev.Span(1, 1))  # the shared `name` stays


def test_the_shared_grammar_spells_no_games_event_or_reason() -> None:
    shared = (Path(__file__).resolve().parent.parent / "grammars" / "transcript.lark").read_text("utf-8")
    code = "\n".join(line.split("//")[0] for line in shared.splitlines())
    for word in ("ask", "forgot", "interrupted"):
        assert f'"{word}"' not in code, word
    assert {"ask", "forgot"} <= KEYWORDS  # no player may be named like them


def test_a_games_redeal_reason_is_read() -> None:
    line = parse_line("redeal interrupted", 1)
    assert isinstance(line, ev.RedealLine) and line.reason == "interrupted"
    problem = parse_line("redeal interupted", 1)
    assert isinstance(problem, Problem) and "interrupted" in problem.message


def test_only_the_game_that_declares_an_event_gives_it_a_meaning() -> None:
    from referee.games.euchre.hand import EuchreHand
    from referee.games.whist.hand import WhistHand

    assert {"ask", "name", "forgot"} <= WhistHand.event_words()
    assert not {"ask", "forgot"} & EuchreHand.event_words()


def test_a_games_event_is_meaningless_in_another_game() -> None:
    from referee.check import check_text

    text = """[Game "euchre"]
[Players "N E S W"]
[Partners "N-S E-W"]

hand 1 dealer W
N ask S
"""
    (hand,) = check_text(text).files[0].games[0].hands
    found = [finding.explanation for finding in hand.irregularities]
    assert any("'ask' has no meaning in euchre" in words for words in found), found


@pytest.mark.parametrize(("written", "said"), [("ask {partner:CALL_WORD}", "x"), ("ask {a,b:bid_value}", "x")])
def test_a_games_event_reads_only_cards_suits_names_and_numbers(written: str, said: str) -> None:
    with pytest.raises(ValueError, match="a game's event reads"):
        _said_shape("ask", written, said)


def test_a_bad_declaration_is_a_clear_error(tmp_path: Path) -> None:
    from referee.notation.vocabulary import _events

    with pytest.raises(ValueError, match="needs \"written\""):
        _events({"ask": {"written": "question {p:NAME}", "said": "x"}}, tmp_path)
    with pytest.raises(ValueError, match="expected"):
        _events(["ask"], tmp_path)


CASE = Path(__file__).resolve().parent.parent / "cases" / "whist" / "partner-asks.ttn"


def test_fmt_writes_a_games_events_back_and_the_verdict_is_the_same() -> None:
    from referee import check_text
    from referee.output.fmt import format_text

    text = CASE.read_text("utf-8").replace("B ask A", "B  ask   A # having none?")
    formatted = format_text(text)
    assert ", B ask A  # having none?\n" in formatted  # joined to its trick's line, as fmt does any event
    assert check_text(formatted).to_dict()["summary"] == check_text(text).to_dict()["summary"]


def test_a_games_event_means_the_same_on_any_line() -> None:
    """Reflow (notation.md §2.4): `B ask A` joined to the trick line it follows means the same."""
    from reflow import positionless

    from referee import check_text

    text = CASE.read_text("utf-8")
    joined = text.replace("trick 3: Z 6C, A QH, Y AC, B 2C\nB ask A\ntrick 4: Y 7S\n",
                          "trick 3: Z 6C, A QH, Y AC, B 2C, B ask A, Y 7S\n", 1)
    assert joined != text
    assert positionless(check_text(joined).to_dict()) == positionless(check_text(text).to_dict())
