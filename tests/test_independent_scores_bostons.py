"""Boston and French Boston scored twice: by the referee and by an independent scorer written from
the rules digests and seeds (tests/scorers_bostons.py), on random lawful games (and games with
revokes) written in random styles (several tricks a line, labels left out, suit symbols, lower
case, no deal lines) and under the scoring house rules the scorer follows. Every hand's counter
changes, running totals, pool and caller must agree: a disagreement is a scoring mistake on one
side or the other."""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Collection, Sequence

import pytest
from scorers_bostons import FRENCH_MISERES, MISERES, Scored, score_boston, score_french_boston

from referee import check_text
from referee.engine.generators import Deal, PlayRules, Plays, plain_play_rules, write_in_style
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


SCORED = ("revoke", "wrong-card-count", "lead-out-of-turn", "play-out-of-turn", "premature-lead")
"""The irregularities the scorer settles: established revokes, misdeals, a misère's errors the caller claims."""


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


def misdealt(block: str, rng: random.Random) -> str:
    """A generated hand (one block of lines) misdealt: its deal lines and some of its bidding, then either
    `redeal misdeal` or, with deal lines of the wrong size (a card moved from one hand to another), nothing
    (the referee infers the misdeal)."""
    lines = block.split("\n")
    head = [line for line in lines if line.startswith(("hand", "deal ", "upcard"))]
    calls = lines[len(head)].split(", ")
    calls = calls[:rng.randrange(len(calls) + 1)]
    if rng.random() < 0.5:
        return "\n".join([*head, *([", ".join(calls)] if calls else []), "redeal misdeal"])
    short, long = rng.sample(range(1, 5), 2)  # deal lines: "deal P: cards"; the last may be the card turned
    cards = head[short].split()[2:]
    moved = rng.choice([c for c in cards[:-1] if c not in ", ".join(calls)])  # not a demand's card laid
    head[short], head[long] = " ".join(w for w in head[short].split() if w != moved), f"{head[long]} {moved}"
    return "\n".join([*head, *([", ".join(calls)] if calls else [])])


def thrown_in(block: str) -> str | None:
    """A generated hand that nobody bid on (four passes, misère partout in Boston), thrown in instead
    (`redeal thrown-in`); None for any other hand."""
    lines = block.split("\n")
    head = [line for line in lines if line.startswith(("hand", "deal ", "upcard"))]
    if re.search(r" (bid|keep|demand)", block):
        return None
    return "\n".join([*head, lines[len(head)], "redeal thrown-in"])


def with_misdeals(text: str, seed: int, loses_deal: bool) -> str:
    """`text`, a generated game, with about one hand in five misdealt (in Boston before it is dealt again,
    the same dealer dealing the same deal; in French Boston instead of it, the deal passing on) and
    every hand nobody bid on thrown in on odd seeds; written in a style chosen by the seed."""
    rng = random.Random(seed)
    blocks = text.rstrip("\n").split("\n\n")
    out = blocks[:1]
    for block in blocks[1:]:  # a misdealt first deal keeps its card turned: belle (the referee's reading)
        thrown = thrown_in(block) if seed % 2 else None
        if rng.random() < 0.2:
            out += [misdealt(block, rng)] if loses_deal else [misdealt(block, rng), thrown or block]
        else:
            out.append(thrown or block)
    return write_in_style("\n\n".join(out) + "\n", random.Random(seed))


def misere_error(block: str, rng: random.Random, miseres: Collection[str]) -> str | None:
    """A generated misère (its tricks one a line, labelled) cut short by an adversary's error after a
    random number of its tricks, a lead out of turn or a card played before his turn, and the caller's
    claim (`call claim`), or in a little misère the eldest's lead before every player has discarded;
    None for any other hand, or when the caller takes the first trick."""
    lines = block.split("\n")
    bids = re.findall(r"(\w) (bid [\w-]+|keep-over|keep|demand)", block)  # the last bid wins the auction
    tricks = [line for line in lines if line.startswith("trick ")]
    if not bids or bids[-1][1][4:] not in miseres or len(tricks) < 2:
        return None
    caller, held = bids[-1][0], {line[5]: line[8:].split() for line in lines if line.startswith("deal ")}
    discards = [event for line in lines if " discard " in line for event in line.split(", ")]
    eldest = tricks[0].split(": ", 1)[1].split()[0]
    if bids[-1][1][4:] in ("little-misere", "petite-misere") and eldest != caller and rng.random() < 0.4:
        done = discards[:rng.randrange(len(discards))]
        lead = rng.choice([c for c in held[eldest] if f"{eldest} discard {c}" not in done])
        before = lines[:next(i for i, line in enumerate(lines) if " discard " in line)]
        return "\n".join([*before, *([", ".join(done)] if done else []), f"{eldest} {lead}", f"{caller} call claim"])
    for line in lines:
        if " discard " in line:
            for event in line.split(", "):
                who, _, thrown = event.split()
                held[who].remove(thrown)
    kept = rng.randrange(1, len(tricks))
    for line in tricks[:kept]:
        for event in line.split(": ", 1)[1].split(", "):
            who, played = event.split()
            held[who].remove(played)
    plays = [event.split() for event in tricks[kept].split(": ", 1)[1].split(", ")]  # the trick the error spoils
    cut = rng.randrange(2)  # 0: a lead out of turn; 1: a card played before his turn, after the lead
    wrong = [p for p in held if p != caller and p not in (plays[0][0], plays[min(cut, 1)][0])]
    offender = rng.choice(wrong)
    following = [c for c in held[offender] if cut and c[1] == plays[0][1][1]]  # no revoke besides
    error = [*(" ".join(p) for p in plays[:cut]), f"{offender} {rng.choice(following or held[offender])}"]
    cut_short = [*lines[:lines.index(tricks[kept])], f"trick {kept + 1}: {', '.join(error)}"]
    return "\n".join([*cut_short, f"{caller} call claim"])


def dealt_short(block: str, rng: random.Random) -> str | None:
    """A generated hand bid and played out, one player's card of the last trick (not its lead) missing
    from the pack: he was dealt twelve, played on, and the last trick is played without him. None for
    a hand nobody bid on, a hand conceded or cut short (a misère lost, a slam lost)."""
    lines = block.split("\n")
    if not re.search(r" (bid|keep|demand)", block) or " concede" in block or not block.startswith("hand"):
        return None
    last = [i for i, line in enumerate(lines) if line.startswith("trick 13: ")]
    if not last:
        return None
    plays = lines[last[0]].split(": ", 1)[1].split(", ")
    who, missing = plays[rng.randrange(1, 4)].split()
    if block.count(missing) > 2:  # a demand's card laid face down, or a discard
        return None
    lines[last[0]] = "trick 13: " + ", ".join(p for p in plays if not p.startswith(who))
    return "\n".join(line.replace(f" {missing}", "") if line.startswith(f"deal {who}:") else line for line in lines)


def with_short_hands(text: str, seed: int) -> str:
    """`text`, a generated game, with a hand now and then dealt short (`dealt_short`), in the seed's style."""
    rng = random.Random(seed)
    blocks = text.rstrip("\n").split("\n\n")
    blocks = [(dealt_short(block, rng) if rng.random() < 0.4 else None) or block for block in blocks]
    return write_in_style("\n\n".join(blocks) + "\n", random.Random(seed))


def boston_short_text(seed: int, hands: int) -> str:
    """A random Boston game in which a hand is now and then dealt short and played out."""
    return with_rules(with_short_hands(boston_game(random.Random(seed), hands), seed),
                      BOSTON_RULES[seed % len(BOSTON_RULES)])


def french_boston_short_text(seed: int, hands: int) -> str:
    """A random French Boston game (deals 1, 30 or 38 on) in which a deal is now and then dealt short
    and played out; on odd seeds a short player forfeits counters to the pool (wrong-count-forfeit)."""
    game = french_boston_game(random.Random(seed), hands, first=random.Random(seed).choice([1, 30, 38]))
    rules = [FRENCH_RULES[seed % len(FRENCH_RULES)]] + (["wrong-count-forfeit=5"] if seed % 2 else [])
    return with_rules(with_short_hands(game, seed), "; ".join(r for r in rules if r))


def with_misere_errors(text: str, seed: int, miseres: Collection[str]) -> str:
    """`text`, a generated game, its misères often cut short by an adversary's error and the caller's
    claim (`misere_error`), written in a style the seed chooses."""
    rng = random.Random(seed)
    blocks = text.rstrip("\n").split("\n\n")
    blocks = [(misere_error(block, rng, miseres) if rng.random() < 0.7 else None) or block for block in blocks]
    return write_in_style("\n\n".join(blocks) + "\n", random.Random(seed))


def boston_misere_error_text(seed: int, hands: int) -> str:
    """A random Boston game whose misères an opponent's error sometimes cuts short, the caller claiming."""
    text = with_misere_errors(boston_game(random.Random(seed), hands), seed, MISERES)
    return with_rules(text, BOSTON_RULES[seed % len(BOSTON_RULES)])


def french_boston_misere_error_text(seed: int, hands: int) -> str:
    """A random French Boston game (deals 1, 30 or 38 on) whose misères an adversary's error sometimes
    cuts short, the caller claiming."""
    game = french_boston_game(random.Random(seed), hands, first=random.Random(seed).choice([1, 30, 38]))
    return with_rules(with_misere_errors(game, seed, FRENCH_MISERES), FRENCH_RULES[seed % len(FRENCH_RULES)])


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
        settled = [f for f in hand["irregularities"] if f["status"] in (None, "established")]  # the scorer's part
        if any(f not in settled or f["kind"] not in SCORED for f in hand["irregularities"]):
            assert hand is hands[-1], hand["irregularities"]
            assert any(finding["status"] == "correctable" for finding in hand["irregularities"]), hand["irregularities"]
            continue
        contract = hand["contract"]
        callers = tuple(c for c in (contract["caller"], contract.get("partner")) if c)
        if hand["status"] in ("redeal", "thrown-in"):  # a deal void: who bid before it ended pays nothing
            callers = scored.callers
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


def boston_misdeal_text(seed: int, hands: int) -> str:
    """A random Boston game with misdeals and deals thrown in (`with_misdeals`), under the seed's house rules."""
    return with_rules(with_misdeals(boston_game(random.Random(seed), hands), seed, False), BOSTON_RULES[seed % 6])


def french_boston_misdeal_text(seed: int, hands: int) -> str:
    """A random French Boston game (deals 1, 30 or 38 on) with misdeals and deals thrown in."""
    game = french_boston_game(random.Random(seed), hands, first=random.Random(seed).choice([1, 30, 38]))
    return with_rules(with_misdeals(game, seed, True), FRENCH_RULES[seed % len(FRENCH_RULES)])


@pytest.mark.parametrize("seed", range(28))
def test_french_boston_scores_agree(seed: int) -> None:
    text = french_boston_text(seed, 12)
    assert disagreements(text, score_french_boston) == [], text


IRREGULAR = {  # the irregular random games: their transcripts, scorer, and hands in the quick test and under stress
    "boston-revokes": (boston_careless_text, score_boston, 12, 24),
    "french-boston-revokes": (french_boston_revoke_text, score_french_boston, 8, 20),
    "boston-misere-errors": (boston_misere_error_text, score_boston, 14, 26),
    "french-boston-misere-errors": (french_boston_misere_error_text, score_french_boston, 10, 20),
    "boston-misdeals": (boston_misdeal_text, score_boston, 14, 26),
    "boston-short-hands": (boston_short_text, score_boston, 14, 26),
    "french-boston-short-hands": (french_boston_short_text, score_french_boston, 10, 20),
    "french-boston-misdeals": (french_boston_misdeal_text, score_french_boston, 10, 20)}


@pytest.mark.parametrize("seed", range(16))
@pytest.mark.parametrize("kind", IRREGULAR)
def test_irregular_games_agree(kind: str, seed: int) -> None:
    """Random games with irregularities the laws settle in money: revokes (several a hand, by anyone,
    in misères), misère errors the caller claims, misdeals and deals thrown in."""
    make, scorer, hands, _ = IRREGULAR[kind]
    text = make(seed, hands)
    assert disagreements(text, scorer) == [], text


@pytest.mark.stress
@pytest.mark.parametrize("seed", range(16, 216))
@pytest.mark.parametrize("kind", IRREGULAR)
def test_irregular_games_agree_many(kind: str, seed: int) -> None:
    make, scorer, _, hands = IRREGULAR[kind]
    assert disagreements(make(seed, hands), scorer) == []


def test_french_boston_revokes_cover() -> None:
    """The revoking games of the quick test show every kind of revoke the laws price differently."""
    seen: set[str] = set()
    for seed in range(16):
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
@pytest.mark.parametrize("seed", range(28, 428))
def test_french_boston_scores_agree_many(seed: int) -> None:
    assert disagreements(french_boston_text(seed, 45), score_french_boston) == []
