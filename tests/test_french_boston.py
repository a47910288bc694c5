"""French Boston: the best-trump jack, the rank of proposals, the payment table, and money kept.

The cases in cases/french-boston/ check whole hands against hand-worked verdicts; these tests
pin the pieces those verdicts rest on, and a property test checks over random lawful games
that no counter is ever created or lost.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from examples import examples
from hypothesis import given, settings
from hypothesis import strategies as st
from oracle import oracle

from referee import check_text
from referee.engine.auction import Objection
from referee.games.french_boston import GAME
from referee.games.french_boston.auction import Proposal, read_bid
from referee.games.french_boston.settlement import TABLE
from referee.games.french_boston.tricks import FrenchBostonTricks, best_jack
from referee.notation.cards import Suit, parse_card
from referee.notation.events import Bid, Span


def c(text: str):
    return parse_card(text)


# ---- the best trump -------------------------------------------------------------------------

def test_jack_of_diamonds_is_the_best_trump_and_a_trump_for_following() -> None:
    rules = FrenchBostonTricks(Suit.SPADES, turned=Suit.CLUBS)
    assert rules.suit_of(c("JD")) is Suit.SPADES
    assert rules.power(c("JD"), Suit.SPADES) > rules.power(c("AS"), Suit.SPADES)
    assert rules.power(c("JD"), Suit.HEARTS) > rules.power(c("AH"), Suit.HEARTS)
    assert rules.suit_of(c("JH")) is Suit.HEARTS  # the other red jack is ordinary


def test_jack_of_hearts_is_best_when_diamonds_are_turned() -> None:
    assert best_jack(Suit.DIAMONDS) is c("JH") and best_jack(Suit.HEARTS) is c("JD")
    rules = FrenchBostonTricks(Suit.DIAMONDS, turned=Suit.DIAMONDS)
    assert rules.suit_of(c("JH")) is Suit.DIAMONDS
    led = Suit.DIAMONDS
    assert rules.power(c("JH"), led) > rules.power(c("AD"), led)
    # the jack of diamonds takes its ordinary place, below the queen
    assert rules.power(c("QD"), led) > rules.power(c("JD"), led) > rules.power(c("TD"), led)


def test_misere_has_no_trump_and_both_jacks_are_ordinary() -> None:
    rules = FrenchBostonTricks(None, turned=Suit.HEARTS)
    assert rules.suit_of(c("JD")) is Suit.DIAMONDS
    assert rules.power(c("JD"), Suit.DIAMONDS) < rules.power(c("QD"), Suit.DIAMONDS)
    assert rules.power(c("AS"), Suit.DIAMONDS) < 0


def test_super_jack_own_suit_follows_its_suit_but_still_wins() -> None:
    rules = FrenchBostonTricks(Suit.SPADES, turned=Suit.CLUBS, super_jack_follows_trump=False)
    assert rules.suit_of(c("JD")) is Suit.DIAMONDS
    assert rules.power(c("JD"), Suit.SPADES) > rules.power(c("AS"), Suit.SPADES)


def test_quatre_as_caller_may_renounce_for_ten_tricks_only() -> None:
    rules = FrenchBostonTricks(None, turned=Suit.HEARTS, renouncer="S")
    assert rules.excused("S", c("AS"), Suit.HEARTS, 10)
    assert not rules.excused("S", c("AS"), Suit.HEARTS, 11)
    assert not rules.excused("W", c("AS"), Suit.HEARTS, 1)


# ---- the rank of proposals ---------------------------------------------------------------------

def test_proposals_rank_in_the_digest_order() -> None:
    ladder = [
        Proposal("A", "demand"), Proposal("A", "demand-belle"), Proposal("A", "six", Suit.HEARTS),
        Proposal("A", "petite-misere"), Proposal("A", "eight", Suit.SPADES), Proposal("A", "grand-misere"),
        Proposal("A", "misere-quatre-as"), Proposal("A", "nine", Suit.HEARTS), Proposal("A", "nine-petite", Suit.CLUBS),
        Proposal("A", "nine-belle", Suit.SPADES), Proposal("A", "petite-misere-table"),
        Proposal("A", "grand-misere-table"),
    ]
    keys = [p.key for p in ladder]
    assert keys == sorted(keys) and len(set(keys)) == len(keys)


def test_suits_rank_hearts_diamonds_clubs_spades_for_equal_numbers() -> None:
    sixes = [Proposal("A", "six", s).key for s in (Suit.SPADES, Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS)]
    assert sixes == sorted(sixes) and len(set(sixes)) == 4
    assert Proposal("A", "eight", Suit.SPADES).key > Proposal("A", "six", Suit.HEARTS).key


# ---- the payment table (data in the rulebook) ----------------------------------------------------

def test_payment_table_matches_foster() -> None:
    table = TABLE.data
    assert table["five"]["base"] == [4, 8, 12, 16] and table["five"]["extra-trick"] == [1, 2, 3, 4]
    assert table["six"]["base"] == [6, 12, 18, 24] and table["six"]["three-honours"] == [4, 8, 12, 16]
    assert table["eight"]["base"] == [8, 16, 24, 32] and table["eight"]["extra-trick"] == [4, 8, 12, 16]
    assert table["petite-misere"] == [16, 32, 48, 64] and table["misere-table"] == [64, 128, 192, 256]
    assert table["slam-paragraph"] == {"petite": 24, "belle": 48}
    assert table["contribution"] == 10 and table["jack-bonus"] == 2
    assert table["doubles"] == {"first": 33, "last": 40, "times": 2}
    assert [TABLE.for_deal(n).times for n in (1, 32, 33, 40)] == [1, 1, 2, 2]


# ---- whole hands -------------------------------------------------------------------------------

HEADER = '[Game "french-boston"]\n[Players "N E S W"]\n[Belle "clubs"]\n'


def hand_of(text: str) -> dict:
    return check_text(HEADER + text).to_dict()["files"][0]["games"][0]["hands"][0]


def test_play_goes_to_the_right_and_the_eldest_is_on_the_dealers_right() -> None:
    hand = hand_of("hand 2 dealer N\nupcard 4H\nW bid 6 hearts, S pass, E pass, N pass\n")
    assert hand["irregularities"] == []
    assert hand["contract"]["caller"] == "W" and hand["next"] == "W to lead"


def test_a_nine_named_in_the_belle_or_petite_suit_ranks_as_nine_in_belle_or_petite() -> None:
    # clubs belle (HEADER), hearts petite: nine in clubs is nine in belle, nine in hearts nine in petite
    hand = hand_of("hand 2 dealer N\nupcard 4H\nW bid 9 clubs, S bid 9 petite, S bid 9 belle, S pass, E pass, "
                   "N pass\n")
    assert [i["player"] for i in hand["irregularities"]] == ["S", "S"]
    assert hand["contract"]["caller"] == "W" and hand["contract"]["bid"] == "nine in belle"
    hand = hand_of("hand 2 dealer N\nupcard 4H\nW bid 9 hearts, S bid 9 petite, S bid 9 belle, E pass, N pass, "
                   "W pass\n")
    assert [i["player"] for i in hand["irregularities"]] == ["S"]
    assert hand["contract"]["caller"] == "S" and hand["contract"]["bid"] == "nine in belle"


def test_double_deals_double_the_contribution() -> None:
    simple = hand_of("hand 32 dealer N\nupcard 4H\nW pass, S pass, E pass, N pass\n")
    double = hand_of("hand 33 dealer N\nupcard 4H\nW pass, S pass, E pass, N pass\n")
    assert simple["status"] == double["status"] == "thrown-in"
    assert (simple["score_delta"]["N"], double["score_delta"]["N"]) == (-10, -20)


# ---- money is conserved --------------------------------------------------------------------------

@settings(max_examples=examples(120), deadline=None)
@given(st.integers(min_value=0, max_value=2**32 - 1), st.sampled_from([1, 20, 31, 38]))
def test_money_is_conserved_in_every_hand(seed: int, first: int) -> None:
    text = GAME.random_game(random.Random(seed), hands=4, first=first, rules_for=oracle, style=random.Random(seed))
    verdict = check_text(text).to_dict()
    assert verdict["summary"]["errors"] == 0, text
    assert verdict["summary"]["irregularities"] == 0, text
    pool = int(re.search(r'\[Pool "(\d+)"\]', text).group(1))  # type: ignore[union-attr]
    for hand in verdict["files"][0]["games"][0]["hands"]:
        assert hand["status"] in ("complete", "abandoned", "thrown-in"), text  # abandoned: a misère lost early
        change = hand["pool_after"] - pool
        assert sum(hand["score_delta"].values()) + change == 0, (hand, text)
        pool = hand["pool_after"]


@settings(max_examples=examples(60), deadline=None)
@given(st.integers(min_value=0, max_value=2**32 - 1))
def test_money_is_conserved_with_every_house_rule(seed: int) -> None:
    rng = random.Random(seed)
    rules = ("slams=table; failure=stake-plus-tricks; super-jack=own-suit; pool-end=play-on; "
             "settlement=one-to-one; jack-bonus=best-jack")
    text = GAME.random_game(rng, hands=3, first=rng.choice([1, 38]), rules_for=oracle).replace(
        '[Players "N E S W"]', f'[Players "N E S W"]\n[Rules "{rules}"]')
    verdict = check_text(text).to_dict()
    assert verdict["summary"]["errors"] == 0, text
    pool = int(re.search(r'\[Pool "(\d+)"\]', text).group(1))  # type: ignore[union-attr]
    for hand in verdict["files"][0]["games"][0]["hands"]:
        assert sum(hand["score_delta"].values()) + hand["pool_after"] - pool == 0, (hand, text)
        pool = hand["pool_after"]


def full_game_of_passes(rules: str) -> dict:
    """Forty deals that everybody passes, the deal going to the right each time."""
    right = {"N": "W", "W": "S", "S": "E", "E": "N"}
    lines = ['[Game "french-boston"]', '[Players "N E S W"]', f'[Rules "{rules}"]', ""]
    dealer = "N"
    for number in range(1, 41):
        eldest = right[dealer]
        speakers = [eldest, right[eldest], right[right[eldest]], dealer]
        lines += [f"hand {number} dealer {dealer}", "upcard 4H", ", ".join(f"{p} pass" for p in speakers), ""]
        dealer = right[dealer]
    return check_text("\n".join(lines)).to_dict()["files"][0]["games"][0]


def test_a_full_game_pays_480_into_the_pool_and_divides_it_at_the_end() -> None:
    kept = full_game_of_passes("pool-end=play-on")
    assert kept["pool"] == 32 * 10 + 8 * 20 == 480  # digest example 9
    assert all(h["status"] == "thrown-in" and not h["irregularities"] for h in kept["hands"])
    assert kept["winner"] is None  # the pool has not been won: play goes on
    divided = full_game_of_passes("pool-end=divide")
    assert divided["pool"] == 0
    assert divided["final_score"] == {"N": 0, "E": 0, "S": 0, "W": 0}  # each paid in 120 and got 120 back


def test_header_needs_four_players_and_no_fixed_partners() -> None:
    for header, words in [('[Players "N E S"]', "needs 4 players"),
                          ('[Players "N E S W"]\n[Partners "N-S E-W"]', "no fixed partnerships"),
                          ('[Players "N E S W"]\n[Pool "25 25"]', "single pool")]:
        verdict = check_text(f'[Game "french-boston"]\n{header}\nhand 1 dealer N\nupcard 2C\n').to_dict()
        assert any(words in e["message"] for e in verdict["files"][0]["errors"]), verdict


# ---- a solo caller's corrected revoke ---------------------------------------------------------

SOLO_CORRECTS = """[Game "french-boston"]
[Players "N E S W"]

hand 1 dealer N
deal N: KS 7S 5H 2H QD JD 9D 6D 9C 6C 4C 3C 2C
deal E: QS JS TS AH QH JH TH 9H AD TD QC JC 8C
deal S: AS 6S 4S 3S 2S 7H 6H KD 7D 5D AC KC 7C
deal W: 9S 8S 5S KH 8H 4H 3H 8D 4D 3D 2D TC 5C
upcard 2C
W pass, S pass, E bid 6 hearts, N pass, W pass, S pass
E name hearts
trick 1: W KH, S 6H, E 8C
E retract 8C
"""


def test_solo_caller_correcting_before_an_adversary_plays_after_him_goes_free() -> None:
    hand = check_text(SOLO_CORRECTS).to_dict()["files"][0]["games"][0]["hands"][0]
    assert [(i["kind"], i["status"]) for i in hand["irregularities"]] == [("revoke", "corrected")]
    assert "incurs no penalty" in hand["irregularities"][0]["explanation"]
    assert hand["pending"] == [] and hand["penalties"] == []


def test_solo_caller_correcting_after_an_adversary_played_may_have_his_card_called() -> None:
    text = SOLO_CORRECTS.replace("E 8C\nE retract", "E 8C, N JD\nE retract")
    hand = check_text(text).to_dict()["files"][0]["games"][0]["hands"][0]
    assert [(p["chooser"], p["options"]) for p in hand["pending"]] == [("W S N", ["card"])]


def test_a_player_still_without_a_discard_when_trick_one_is_complete_is_reported() -> None:
    cases = Path(__file__).resolve().parent.parent / "cases" / "french-boston"
    path = cases / "misere-lead-before-discards-played-on.ttn"
    text = path.read_text(encoding="utf-8").replace("N discard 5C, N 6S", "N 6S")
    hand = check_text(text).to_dict()["files"][0]["games"][0]["hands"][0]
    late = [i for i in hand["irregularities"] if i["kind"] == "illegal-discard"]
    assert [(i["player"], i["rule"]) for i in late] == [("N", "french-boston.misere.discard")]


def test_a_replayed_deal_is_freed_without_the_garbage_collector() -> None:
    """A regular deal's parts (the auction, the discards) must not refer back to the hand in a
    cycle: an archive of a million deals would otherwise wait for the collector to free each
    one. Petite misères are among the random deals, so the discards are exercised."""
    import gc

    from referee.games.french_boston.hand import FrenchBostonHand

    text = GAME.random_game(random.Random(7), 12)
    assert " discard " in text
    gc.collect()
    gc.disable()
    try:
        check_text(text)
        assert not [o for o in gc.get_objects() if isinstance(o, FrenchBostonHand)]
    finally:
        gc.enable()


# ---- a `redeal` line: who deals next ----------------------------------------------------------------
REDEAL_HEAD = '[Game "french-boston"]\n[Players "N E S W"]\n[Belle "clubs"]\n\nhand 5 dealer N\nupcard 2C\n'


def _deals(text: str) -> list[tuple[str, str, int, list[str]]]:
    """Each hand's dealer, status, what its dealer paid and its findings' kinds."""
    hands = check_text(text).to_dict()["files"][0]["games"][0]["hands"]
    return [(h["dealer"], h["status"], h["score_delta"][h["dealer"]], [i["kind"] for i in h["irregularities"]])
            for h in hands]


def test_a_bare_redeal_after_four_passes_is_a_deal_thrown_in() -> None:
    """Nobody proposed: the deal passes to the right and W pays his own 10."""
    text = REDEAL_HEAD + "W pass, S pass, E pass, N pass\nredeal\n\nhand 6\n"
    assert _deals(text) == [("N", "thrown-in", -10, []), ("W", "in-progress", -10, [])]


def test_a_deal_thrown_in_with_a_proposal_standing_counts_as_a_misdeal() -> None:
    """A proposal binds (play or pay): the redeal is a misdeal, which loses the deal all the same."""
    text = REDEAL_HEAD + "W bid 6 hearts, S pass, E pass, N pass\nredeal thrown-in\n\nhand 6\n"
    assert _deals(text) == [("N", "redeal", -10, ["inconsistent-transcript"]), ("W", "in-progress", -10, [])]


def test_a_bare_redeal_on_a_deal_that_shows_nothing_wrong_is_dealt_again_by_the_same_dealer() -> None:
    """Neither the line nor the deal lines give a reason: no misdeal (which would pass the deal to W)."""
    text = REDEAL_HEAD + "W pass\nredeal\n\nhand 5\n"
    assert _deals(text) == [("N", "redeal", -10, []), ("N", "in-progress", 0, [])]


def test_an_imperfect_pack_is_dealt_again_by_the_same_dealer_without_paying_again() -> None:
    text = REDEAL_HEAD + "redeal imperfect-pack\n\nhand 5\n"
    assert _deals(text) == [("N", "redeal", -10, []), ("N", "in-progress", 0, [])]


@pytest.mark.parametrize(("number", "qualifier", "belle", "petite", "read"), [
    (9, "belle", Suit.HEARTS, Suit.CLUBS, ("nine-belle", Suit.HEARTS)),
    (9, "H", Suit.HEARTS, Suit.CLUBS, ("nine-belle", Suit.HEARTS)),     # the suit that is belle
    (9, "petite", Suit.HEARTS, Suit.CLUBS, ("nine-petite", Suit.CLUBS)),
    (9, "C", Suit.HEARTS, Suit.CLUBS, ("nine-petite", Suit.CLUBS)),
    (9, "S", Suit.HEARTS, Suit.CLUBS, ("nine", Suit.SPADES)),
    (6, "belle", Suit.HEARTS, None, ("six", Suit.HEARTS)),
    (9, "petite", Suit.HEARTS, None, "There is no petite in this deal to bid nine in."),
    (8, "petite", Suit.HEARTS, None, "'petite' names no suit of this deal."),
    (6, "x", Suit.HEARTS, None, "'x' names no suit of this deal."),
])
def test_a_bid_names_its_suit_belle_or_petite(number: int, qualifier: str, belle: Suit, petite: Suit | None,
                                              read: tuple[str, Suit] | str) -> None:
    """A nine named by belle (petite), or by the suit that is belle (petite), is the nine in belle (petite)."""
    proposal = read_bid(Bid("N", number, qualifier, None, Span(1, 1)), belle, petite)
    if isinstance(read, str):
        assert isinstance(proposal, Objection) and proposal.text == read
    else:
        assert isinstance(proposal, Proposal) and (proposal.kind, proposal.suit) == read


# ---- looking back at an earlier trick (as in Boston: french-boston.play.look-back) ----------------------
CASES = Path(__file__).resolve().parent.parent / "cases" / "french-boston"


def looks(text: str) -> tuple[list[str], list[dict]]:
    hand = check_text(text).to_dict()["files"][0]["games"][0]["hands"][0]
    return [i["explanation"] for i in hand["irregularities"] if i["kind"] == "looked-at-trick"], hand["pending"]


def test_a_partners_look_at_an_earlier_trick_lets_the_other_side_call_a_suit_from_his() -> None:
    """W and E are partners: E's look lets N and S call a suit from whichever of W and E next leads."""
    text = (CASES / "exposed-card-called-disobeyed.ttn").read_text("utf-8")
    text = text[:text.index("S expose 9H")] + "trick 2: N 8C, W JC, S 4C, E TC\ntrick 3: W KC\n"
    found, pending = looks(text + "E look trick 1\n")
    assert found == ["E looked at trick 1, an earlier trick than the last one quitted. As for a lead out of turn, "
                     "S and N may call a suit from W and E, whichever of them next leads."]
    assert [(p["chooser"], p["options"]) for p in pending] == [("S N", ["suit"])]
    assert looks(text + "E look trick 2\n") == ([], [])  # the last trick


def test_a_solo_callers_look_at_an_earlier_trick_carries_no_penalty() -> None:
    text = (CASES / "look-at-earlier-trick.ttn").read_text("utf-8")
    found, pending = looks(text[:text.index("N look")] + "W look trick 2\n")
    assert found == ["W looked at trick 2, an earlier trick than the last one quitted: no penalty, as for the solo "
                     "caller's lead out of turn."] and pending == []
