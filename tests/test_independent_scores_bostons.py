"""Boston and French Boston scored twice: by the referee and by an independent scorer written from
the rules digests and seeds (tests/scorers_bostons.py), on random lawful games (and games with
revokes) written in random styles (several tricks a line, labels left out, suit symbols, lower
case, no deal lines) and under the scoring house rules the scorer follows. Every hand's counter
changes, running totals, pool and caller must agree: a disagreement is a scoring mistake on one
side or the other."""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Sequence

import pytest
from scorers_bostons import Scored, score_boston, score_french_boston

from referee import check_text
from referee.engine.generators import Deal, PlayRules, Plays, plain_play_rules
from referee.games.boston.generator import random_game as boston_game
from referee.games.french_boston.generator import own_play_rules
from referee.games.french_boston.generator import random_game as french_boston_game
from referee.notation.cards import Card

BOSTON_RULES = ["", "success-table=american", "failure-table=decimal", "pool-bid=tricks", "pool-limit=5",
                "pool-limit=12; success-table=american; failure-table=decimal; pool-bid=tricks"]
REVOKE_RULES = ["", "caller-revoke=no-forfeit", "caller-revoke=forfeit-instead",
                "opponent-revoke-overtricks=up-to-thirteen", "opponent-revoke-pool=double; pool-limit=5",
                "revoke-wins-pool=false; success-table=american"]
FRENCH_REVOKE_RULES = ["", "super-jack=own-suit", "settlement=one-to-one", "slams=table; failure=stake-plus-tricks",
                       "honours=with-best-jack; jack-bonus=best-jack", "super-jack=own-suit; settlement=one-to-one"]
FRENCH_RULES = ["", "slams=table", "failure=stake-plus-tricks", "honours=with-best-jack", "jack-bonus=best-jack",
                "settlement=one-to-one", "slams=table; failure=stake-plus-tricks; settlement=one-to-one"]


def with_rules(text: str, rules: str) -> str:
    """`text` with a Rules tag before its Players tag."""
    return text.replace("[Players", f'[Rules "{rules}"]\n[Players', 1) if rules else text


def boston_text(seed: int, hands: int, revokes: bool = False) -> str:
    """A random Boston game of `hands` deals (past twelve, the next game's), under house rules
    chosen by the seed; with `revokes`, about half its hands carry one, played on."""
    text = boston_game(random.Random(seed), hands, revokes, style=random.Random(seed))
    choices = REVOKE_RULES if revokes else BOSTON_RULES
    rules = choices[seed % len(choices)]
    if seed % 4 == 3:  # a transcript that starts with a standing and pools, as the tags give them
        pools = "0" if "pool-limit" in rules else "25 25 7"
        text = text.replace("[Players", f'[Pool "{pools}"]\n[Score "A 120, Y -45, B 0, Z 9"]\n[Players', 1)
    return with_rules(text if revokes else without_deals(text, seed), rules)


def boston_careless_text(seed: int, hands: int) -> str:
    """A random Boston game whose players now and then revoke (several in a hand, in misère partout
    too), under the revoke house rules; without deal lines on one seed in three (the plays prove)."""
    rng, careless = random.Random(seed), random.Random(-seed)

    def rules_for(deal: Deal) -> PlayRules:
        return Careless(careless, plain_play_rules(deal))
    text = boston_game(rng, hands, rules_for=rules_for, style=random.Random(seed))
    return with_rules(without_deals(text, seed), REVOKE_RULES[seed % len(REVOKE_RULES)])


def without_deals(text: str, seed: int) -> str:
    """`text` without its deal lines (they are optional) on one seed in three: the play shows the rest."""
    return text if seed % 3 != 2 else "\n".join(line for line in text.split("\n") if not line.startswith("deal "))


class Careless:
    """A game's laws of play (the referee's own: its generator's default), but on some deals a player
    now and then plays any card he holds: a revoke when he could have followed."""

    def __init__(self, rng: random.Random, rules: PlayRules) -> None:
        self.rng, self.rules = rng, rules
        self.rate = rng.choice([0.0, 0.0, 0.02, 0.05, 0.12])

    def lawful(self, player: str, held: Sequence[Card], plays: Plays, trick: int) -> list[Card]:
        return list(held) if self.rng.random() < self.rate else self.rules.lawful(player, held, plays, trick)

    def winner(self, plays: Plays) -> str:
        return self.rules.winner(plays)


def french_boston_revoke_text(seed: int, hands: int) -> str:
    """A random French Boston game (deals 1, 30 or 38 on) in which players sometimes revoke: by the solo
    caller, his adversaries, either partner or their adversaries, several in a deal, in misères; with
    deal lines or (one seed in three) without them, the plays alone showing a revoke."""
    rng, careless = random.Random(seed), random.Random(-seed)

    def rules_for(deal: Deal) -> PlayRules:
        return Careless(careless, own_play_rules(deal))
    text = french_boston_game(rng, hands, first=random.Random(seed).choice([1, 30, 38]), rules_for=rules_for,
                              style=random.Random(seed))
    return with_rules(without_deals(text, seed), FRENCH_REVOKE_RULES[seed % len(FRENCH_REVOKE_RULES)])


def french_boston_text(seed: int, hands: int) -> str:
    """A random French Boston game from deal 1, 30 or 38 (so that the doubles and the division
    come up), under house rules chosen by the seed; its hand lines after the first unnumbered
    (the referee counts them), on odd seeds a demand openly in belle without its card
    (notation.md: `demand [belle] [C]`), on some no deal lines, as a scorer may write them."""
    rng = random.Random(seed)
    text = french_boston_game(rng, hands, first=random.Random(seed).choice([1, 30, 38]), style=random.Random(seed))
    if seed % 2:
        text = re.sub(r"demand belle (10|[2-9tjqka])[shdc♠♥♦♣]", "demand belle", text, flags=re.IGNORECASE)
    first = re.search(r"^hand \d+", text, re.MULTILINE)
    assert first is not None
    text = text[:first.end()] + re.sub(r"^hand \d+", "hand", text[first.end():], flags=re.MULTILINE)
    return with_rules(without_deals(text, seed), FRENCH_RULES[seed % len(FRENCH_RULES)])


def pools(value: int | list[int]) -> list[int]:
    """A Boston pool as a list of the pools that hold anything (or [0])."""
    return [p for p in (value if isinstance(value, list) else [value]) if p] or [0]


def disagreements(text: str, scorer: Callable[[str], list[Scored]]) -> list[str]:
    """Where the referee's verdict and the independent scorer differ, hand by hand."""
    verdict = check_text(text).to_dict()
    games = verdict["files"][0]["games"]
    assert not verdict["files"][0]["errors"], "an unreadable game"
    hands = [hand for game in games for hand in game["hands"]]
    mine = scorer(text)
    assert len(hands) == len(mine)
    out = []
    for hand, scored in zip(hands, mine):
        # the scorer knows lawful play and established revokes; a revoke still correctable in the
        # transcript's last trick leaves the hand unsettled
        if any(finding["kind"] != "revoke" or finding["status"] != "established" for finding in hand["irregularities"]):
            assert hand is hands[-1], hand["irregularities"]
            assert any(finding["status"] == "correctable" for finding in hand["irregularities"]), hand["irregularities"]
            continue
        contract = hand["contract"]
        callers = tuple(c for c in (contract["caller"], contract.get("partner")) if c)
        pool = pools(hand["pool_after"]) if isinstance(scored.pool_after, list) else hand["pool_after"]
        theirs = (hand["score_delta"], hand["score_after"], pool, callers)
        ours = (scored.delta, scored.score_after, scored.pool_after, scored.callers)
        if scored.revokers is not None:
            revokes = [f for f in hand["irregularities"] if f["kind"] == "revoke"]
            found = sorted((f["line"], f["column"], f["player"]) for f in revokes)  # as played, not as proven
            established = [player for _, _, player in found]
            theirs, ours = (*theirs, list(dict.fromkeys(established))), (*ours, scored.revokers)
        if theirs != ours:
            out.append(f"hand {hand['number']} ({contract}): referee {theirs}, scorer {ours}")
    return out


@pytest.mark.parametrize("seed", range(24))
def test_boston_scores_agree(seed: int) -> None:
    """Twenty deals: a whole game of twelve and the next game's first eight."""
    text = boston_text(seed, 20)
    assert disagreements(text, score_boston) == [], text


@pytest.mark.parametrize("seed", range(12))
def test_boston_revokes_agree(seed: int) -> None:
    """Revokes planted in about half the hands, under the revoke house rules: the first settles."""
    text = boston_text(seed, 12, revokes=True)
    assert disagreements(text, score_boston) == [], text


@pytest.mark.parametrize("seed", range(12))
def test_boston_careless_revokes_agree(seed: int) -> None:
    """Players now and then revoke, several in a hand: the first played settles (digest §9.1, L31)."""
    text = boston_careless_text(seed, 12)
    assert disagreements(text, score_boston) == [], text


def test_boston_extra_grand_agrees() -> None:
    """Under end-of-game=last-trick-grand the thirteenth hand is a grand without bidding whose last
    trick takes every pool: random games whose thirteenth deal nobody bid on, its passes struck out
    (revokes planted in half of them)."""
    checked = 0
    for seed in range(60):
        hands = boston_game(random.Random(seed), 16, bool(seed % 2)).split("\n\n")  # [0] is the header
        if re.search(r" (bid|keep)", hands[13]):
            continue
        hands[13] = "\n".join(line for line in hands[13].split("\n") if not re.fullmatch(r"(\w+ pass(, )?)+", line))
        text = with_rules("\n\n".join(hands), "end-of-game=last-trick-grand")
        assert disagreements(text, score_boston) == [], text
        checked += 1
    assert checked >= 4


@pytest.mark.parametrize("seed", range(28))
def test_french_boston_scores_agree(seed: int) -> None:
    text = french_boston_text(seed, 12)
    assert disagreements(text, score_french_boston) == [], text


@pytest.mark.parametrize("seed", range(24))
def test_french_boston_revokes_agree(seed: int) -> None:
    """Revokes now and then on some deals: each revoker, once, doubles the pool and pays (seed 003, REVOKES)."""
    text = french_boston_revoke_text(seed, 8)
    assert disagreements(text, score_french_boston) == [], text


def test_french_boston_revokes_cover() -> None:
    """The revoking games of the quick test show every kind of revoke the laws price differently."""
    seen: set[str] = set()
    for seed in range(24):
        for scored in score_french_boston(french_boston_revoke_text(seed, 8)):
            for who in scored.revokers or ():
                seen.add(("misere " if scored.contract.startswith(("petite", "grand", "misere")) else "")
                         + ("caller" if who == scored.callers[0] else "partner" if who in scored.callers
                            else "against partners" if len(scored.callers) == 2 else "against solo"))
            seen |= {"several"} if len(scored.revokers or ()) > 1 else set()
    assert seen >= {"caller", "partner", "against partners", "against solo", "several", "misere caller",
                    "misere against solo"}, seen


@pytest.mark.stress
@pytest.mark.parametrize("seed", range(24, 424))
def test_boston_scores_agree_many(seed: int) -> None:
    assert disagreements(boston_text(seed, 30), score_boston) == []


@pytest.mark.stress
@pytest.mark.parametrize("seed", range(12, 312))
def test_boston_revokes_agree_many(seed: int) -> None:
    assert disagreements(boston_text(seed, 24, revokes=True), score_boston) == []


@pytest.mark.stress
@pytest.mark.parametrize("seed", range(12, 312))
def test_boston_careless_revokes_agree_many(seed: int) -> None:
    assert disagreements(boston_careless_text(seed, 24), score_boston) == []


@pytest.mark.stress
@pytest.mark.parametrize("seed", range(24, 324))
def test_french_boston_revokes_agree_many(seed: int) -> None:
    assert disagreements(french_boston_revoke_text(seed, 20), score_french_boston) == []


@pytest.mark.stress
@pytest.mark.parametrize("seed", range(28, 428))
def test_french_boston_scores_agree_many(seed: int) -> None:
    assert disagreements(french_boston_text(seed, 45), score_french_boston) == []
