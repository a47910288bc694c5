"""The ledger: every movement of points, counters or pool recorded once, and settling is pure.

For every hand of every case the ledger must add up to the score change and the pool's change,
each penalty's points and money must be its own ledger entries, settling twice must give the
same verdict, and in the Boston games money is conserved over thousands of random hands.
"""

from __future__ import annotations

import random
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from referee import check_text
from referee.check import Collector, check_files
from referee.engine.ledger import POOL, Entry, Ledger, Part, Payment
from referee.engine.replay import HandReplay
from referee.engine.scoring import honours, honours_held, side_honours
from referee.games import registry
from referee.notation.cards import ACE, JACK, KING, QUEEN, Suit, card

CASES = Path(__file__).resolve().parent.parent / "cases"
TRANSCRIPTS = sorted(CASES.glob("*/*.ttn"))
RED_IN_WHITE = 10


def score_unit(game: str) -> str:
    """The unit a game keeps its score in, as its hand class declares it (every game, found by name)."""
    module = sys.modules[type(registry()[game]).__module__]
    return next(cls.declared.score_unit for cls in vars(module).values()
                if isinstance(cls, type) and issubclass(cls, HandReplay) and cls is not HandReplay)


def _total(pool: int | list[int] | None) -> int:
    if pool is None:
        return 0
    return sum(pool) if isinstance(pool, list) else pool


def _verdict(path: Path) -> dict[str, Any]:
    collector = Collector()
    check_files([str(path)], collector, None)
    return collector.verdict.to_dict()["files"][0]


def _hands(verdict: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    return [(game["game"], hand) for game in verdict["games"] for hand in game["hands"]]


def assert_ledger_adds_up(game: str, hand: dict[str, Any]) -> None:
    unit = score_unit(game)
    sums: dict[str, int] = {}
    pool = 0
    for entry in hand["ledger"]:
        if entry["who"] == "pool":
            pool += entry["amount"]
        elif entry["unit"] == unit:
            sums[entry["who"]] = sums.get(entry["who"], 0) + entry["amount"]
    assert set(sums) <= set(hand["score_delta"]), (sums, hand["score_delta"])
    assert {who: sums.get(who, 0) for who in hand["score_delta"]} == hand["score_delta"]
    assert pool == _total(hand["pool_after"]) - _total(hand.get("pool_before"))
    for penalty in hand["penalties"]:
        money: dict[str, int] = {}
        for effect in penalty["effects"]:
            if effect["kind"] in ("points", "set-back", "counters") and effect["detail"] == unit:
                money[effect["who"]] = money.get(effect["who"], 0) + effect["amount"]
        assert {k: v for k, v in money.items() if v} == penalty["points"], penalty
        entries = Counter((e["who"], e["amount"], e["unit"]) for e in hand["ledger"])
        moved = Counter((e["who"], e["amount"], e["detail"]) for e in penalty["effects"]
                        if e["kind"] in ("points", "set-back", "counters", "pool"))
        assert not moved - entries, (penalty, hand["ledger"])  # each money effect is a ledger entry


@pytest.mark.parametrize("transcript", TRANSCRIPTS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_the_ledger_adds_up_to_the_score_and_the_pool(transcript: Path, case_verdict: Callable[[Path], Any]) -> None:
    for game, hand in _hands(case_verdict(transcript).file()):
        assert_ledger_adds_up(game, hand)


@pytest.mark.pure_only("patches a method of HandReplay, which a native class does not allow")
def test_every_case_settles_the_same_twice(monkeypatch: pytest.MonkeyPatch) -> None:
    """Settling is a pure function of the replayed hand: a second verdict of the same replay
    is the same verdict (it once added a hand's penalties or moved its money again)."""
    original = HandReplay.verdict
    calls = []

    def twice(self: HandReplay) -> Any:
        first = original(self)
        second = original(self)
        assert second.to_dict() == first.to_dict(), self.record.header
        calls.append(1)
        return second

    monkeypatch.setattr(HandReplay, "verdict", twice)
    for transcript in TRANSCRIPTS:
        _verdict(transcript)
    assert len(calls) > len(TRANSCRIPTS)


@pytest.mark.stress  # volume: the default run keeps test_boston and test_french_boston's money tests
@pytest.mark.parametrize("game", ["boston", "french-boston"])
def test_money_is_conserved_over_five_thousand_random_hands(game: str) -> None:
    """Players' changes plus the pool's change, in one unit, sum to zero in every hand: 2,500
    random hands of each game, 5,000 in all (half the Boston games with planted revokes)."""
    rate = RED_IN_WHITE if game == "boston" else 1
    rng = random.Random(13)
    hands = 0
    for number in range(25):
        rules = registry()[game]
        text = (rules.random_game(rng, 100, plant_revokes=number % 2 == 1) if game == "boston"
                else rules.random_game(rng, 100))
        for name, hand in _hands(check_text(text).to_dict()["files"][0]):
            players = sum(hand["score_delta"].values())
            pool = _total(hand["pool_after"]) - _total(hand["pool_before"])
            assert players + rate * pool == 0, hand
            assert sum(e["amount"] * (rate if e["who"] == "pool" else 1) for e in hand["ledger"]) == 0, hand
            assert_ledger_adds_up(name, hand)
            hands += 1
    assert hands >= 2_500


# ---- what several games pay alike ----------------------------------------------------------------
def test_payments_to_and_from_several() -> None:
    book = Ledger(("A", "B", "C", "D"), "counters", 0)
    book.pays_each("A", ["B", "C"], 3, "r", "A pays each")
    book.each_pays(["B", "C", "D"], "A", 2, "r", "each pays A")
    assert book.delta == {"A": 0, "B": 1, "C": 1, "D": -2}
    assert [(e.who, e.amount) for e in book.entries[:4]] == [("A", -3), ("B", 3), ("A", -3), ("C", 3)]


def test_the_pool_won_doubled_and_divided() -> None:
    book = Ledger(("A", "B", "C", "D"), "counters", 9)
    assert book.double_pool(["A", "B"], "r", "they failed") == 9 and book.pool == 18
    assert book.delta["A"] == -5 and book.delta["B"] == -4  # the odd counter paid by the first
    assert book.take_pool(["C", "D"], "r", "they made it") == 18 and book.pool == 0
    assert book.delta["C"] == book.delta["D"] == 9
    book = Ledger(("A", "B", "C", "D"), "counters", 7)
    assert book.take_pool(["C", "D"], "r", "they made it") == 7 and book.pool == 1  # the odd one stays
    assert book.divide_pool(["A", "B", "C", "D"], "end", "the last deal") == (1, 0, 1) and book.pool == 1
    book = Ledger(("A", "B", "C", "D"), "white", 3, "red", 10)
    assert book.divide_pool(["A", "B", "C", "D"], "end", "the last deal", odd_to="B") == (3, 7, 2)
    assert book.pool == 0 and book.delta == {"A": 7, "B": 9, "C": 7, "D": 7}


def test_a_contract_made_takes_the_pool_and_one_failed_doubles_it() -> None:
    book = Ledger(("A", "B", "C", "D"), "white", 5, "red", 10)
    assert book.wins(["B", "C", "D"], ["A"], 12, "made", "A made it", "pool") == 5 and book.pool == 0
    assert book.delta == {"A": 36 + 50, "B": -12, "C": -12, "D": -12}
    assert book.loses(["A"], ["B", "C", "D"], 20, "failed", "A failed") == 0 and book.pool == 0  # no pool rule
    assert book.delta["A"] == 86 - 60 and book.in_score(4) == 40
    book = Ledger(("A", "B", "C", "D"), "counters", 9)
    assert book.loses(["A", "B"], (p for p in "CD"), 3, "failed", "they failed", "double") == 9 and book.pool == 18
    assert [(e.who, e.amount) for e in book.entries[:4]] == [("A", -3), ("C", 3), ("A", -3), ("D", 3)]
    assert book.delta == {"A": -6 - 5, "B": -6 - 4, "C": 6, "D": 6}  # the odd counter doubled by the first


def test_a_payment_in_parts_and_to_the_nearest_adversary() -> None:
    """Each part under its rule, in turn to each payee; `payees` names whom each payer pays (French
    Boston's one-to-one: the nearest on his right)."""
    honours = Part(3, "3 for honours", "honours")
    payment = Payment.of(Part(8, "8"), Part(0, "nothing over"), Part(2, "2 over"), honours)
    assert payment.total == 13 and payment.words == "8 + 2 over + 3 for honours"
    assert payment.by_rule("table") == ((10, "table"), (3, "honours"))
    book = Ledger(("A", "B", "C", "D"), "counters", 6)
    nearest = {"B": ["C"], "D": ["A"]}
    assert book.wins(["B", "D"], ["A", "C"], payment, "table", "made", "win", lambda p, _: nearest[p]) == 6
    assert [(e.who, e.amount, e.rule) for e in book.entries[:4]] == [
        ("B", -10, "table"), ("C", 10, "table"), ("B", -3, "honours"), ("C", 3, "honours")]
    assert book.delta == {"A": 13 + 3, "B": -13, "C": 13 + 3, "D": -13}
    book = Ledger(("A", "B", "C", "D"), "counters", 0)
    book.loses(["A", "C"], ("B", "D"), 4, "failed", "they failed", whom=lambda p, them: [them[p == "C"]])
    assert book.delta == {"A": -4, "B": 4, "C": -4, "D": 4}


def test_the_first_pool_of_several_cites_the_limit() -> None:
    book = Ledger(("A", "B"), "white", 30, "red", 10)
    assert book.take_pool(["A"], "win", "A made it", 25, "limit") == 25 and book.pool == 5
    cause = "A made it: the first of several pools, a full pool of 25 red"
    assert book.entries[-1] == Entry(POOL, -25, "red", "limit", cause)
    assert book.double_pool(["B"], "double", "B failed", 25, "limit") == 5 and book.pool == 10
    book = Ledger(("A", "B"), "white", 30, "red", 10, limit=25, limit_rule="limit")  # the game's limit, declared
    assert book.wins(["B"], ["A"], 1, "made", "A made it", "win") == 25 and book.entries[-1].rule == "limit"
    assert book.loses(["A"], ["B"], 1, "failed", "A failed", "double") == 5 and book.entries[-1].rule == "double"


def test_honours_held_by_a_side() -> None:
    spades = honours(Suit.SPADES)
    deals = {"A": [card(ACE, Suit.SPADES), card(2, Suit.HEARTS)], "B": [card(KING, Suit.SPADES)],
             "C": [card(QUEEN, Suit.SPADES), card(JACK, Suit.SPADES)]}
    assert len(spades) == 4 and honours_held(deals, ["A", "C"], spades) == 3
    assert honours_held(deals, ["B", "D"], spades) == 1  # a player whose deal is not known holds none


def test_the_honours_a_side_counts() -> None:
    """Four at most, a house rule's fifth among them; none without trumps or with a deal unwritten."""
    spades = sorted(honours(Suit.SPADES), key=lambda c: c.rank)
    deals = {"A": [*spades[:2], card(JACK, Suit.HEARTS)], "B": [], "C": spades[2:], "D": []}
    assert side_honours(deals, ["A", "C"], Suit.SPADES) == 4
    assert side_honours(deals, ["A", "C"], Suit.SPADES, [card(JACK, Suit.HEARTS)]) == 4  # five held, four count
    assert side_honours(deals, ["A"], Suit.SPADES, [card(JACK, Suit.HEARTS)]) == 3
    assert side_honours(deals, ["A", "C"], None) == 0
    assert side_honours({"A": deals["A"]}, ["A", "C"], Suit.SPADES) == 0
