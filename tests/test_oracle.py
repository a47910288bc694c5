"""The property tests' oracle (tests/oracle.py): hand-worked checks of it, then the referee's own
trick rules against it over random tricks of every game."""

from __future__ import annotations

import random

import pytest
from oracle import GAMES, oracle

from referee.engine.generators import Deal, PlayRules
from referee.games import auction_pitch, boston, french_boston, whist
from referee.games.auction_pitch import generator as auction_pitch_generator
from referee.games.boston import generator as boston_generator
from referee.games.euchre import cards as euchre_cards
from referee.games.euchre import generator as euchre_generator
from referee.games.french_boston import generator as french_boston_generator
from referee.games.whist import generator as whist_generator
from referee.notation.cards import Card, Suit, parse_card

OWN = {"euchre": euchre_generator.own_play_rules, "auction-pitch": auction_pitch_generator.own_play_rules,
       "boston": boston_generator.own_play_rules, "french-boston": french_boston_generator.own_play_rules,
       "whist": whist_generator.own_play_rules}
PACKS = {game: sorted(pack, key=str) for game, pack in [
    ("euchre", euchre_cards.PACKS["24"]), ("auction-pitch", auction_pitch.hand.AuctionPitchHand.declared.pack),
    ("boston", boston.BostonHand.declared.pack), ("french-boston", french_boston.FrenchBostonHand.declared.pack),
    ("whist", whist.WhistHand.declared.pack)]}


def cards(text: str) -> list[Card]:
    return [parse_card(t) for t in text.split()]


def plays(text: str) -> list[tuple[str, Card]]:
    """``"N JD, E AH"`` as (player, card) pairs."""
    return [(p, parse_card(c)) for p, c in (item.split() for item in text.split(", "))]


def test_euchre_bowers() -> None:
    hearts = oracle(Deal("euchre", Suit.HEARTS))
    # the left bower is a heart: it must follow a heart lead, and cannot follow diamonds
    assert hearts.lawful("E", cards("JD AD 9S"), plays("N 9H"), 1) == cards("JD")
    assert hearts.lawful("E", cards("JD AD 9S"), plays("N KD"), 1) == cards("AD")
    assert hearts.lawful("E", cards("JD 9S"), plays("N KD"), 1) == cards("JD 9S")
    # right bower over left bower over the ace of trumps; a trump over the ace led
    assert hearts.winner(plays("N AH, E JD, S JH, W KH")) == "S"
    assert hearts.winner(plays("N AH, E JD, S QH, W KH")) == "E"
    assert hearts.winner(plays("N AS, E 9H, S KS, W JC")) == "E"
    assert hearts.winner(plays("N QS, E AC, S KS, W JC")) == "S"  # the jack of clubs is no bower here


def test_auction_pitch_may_trump_a_plain_suit_but_must_follow_trumps() -> None:
    hearts = oracle(Deal("auction-pitch", Suit.HEARTS))
    held = cards("AH 2S 3S 4C")
    assert hearts.lawful("B", held, plays("A KS"), 2) == cards("AH 2S 3S")
    assert hearts.lawful("B", held, plays("A KH"), 2) == cards("AH")
    assert hearts.lawful("B", held, plays("A KD"), 2) == held
    assert hearts.lawful("B", held, [], 2) == held
    assert hearts.winner(plays("A KS, B 2H, C AS")) == "B"
    assert hearts.winner(plays("A KS, B 2D, C AS")) == "C"


def test_boston_is_whist_and_a_misere_has_no_trumps() -> None:
    spades = oracle(Deal("boston", Suit.SPADES, Suit.HEARTS))
    assert spades.winner(plays("A AH, Y 2S, B KH, Z 3S")) == "Z"
    assert spades.lawful("Y", cards("2S 3H"), plays("A AH"), 1) == cards("3H")
    misere = oracle(Deal("boston", None))
    assert misere.winner(plays("A 2H, Y AS, B 3H, Z KD")) == "B"


def test_french_boston_super_jack_and_the_quatre_as_renounce() -> None:
    spades = oracle(Deal("french-boston", Suit.SPADES, Suit.CLUBS))
    assert spades.winner(plays("N AS, E JD, S KS, W 2S")) == "E"  # the jack of diamonds, best trump
    assert spades.lawful("E", cards("JD AD"), plays("N 2S"), 1) == cards("JD")  # and a spade
    assert spades.lawful("E", cards("JD AD"), plays("N 2D"), 1) == cards("AD")
    diamonds_turned = oracle(Deal("french-boston", Suit.SPADES, Suit.DIAMONDS))
    assert diamonds_turned.winner(plays("N AS, E JD, S JH, W 2S")) == "S"  # now the jack of hearts
    misere = oracle(Deal("french-boston", None, Suit.CLUBS))
    assert misere.winner(plays("N 2D, E JD, S AD, W 3D")) == "S"  # an ordinary diamond
    quatre_as = oracle(Deal("french-boston", None, Suit.CLUBS, renouncer="E"))
    assert quatre_as.lawful("E", cards("2D 3C"), plays("N AD"), 10) == cards("2D 3C")
    assert quatre_as.lawful("E", cards("2D 3C"), plays("N AD"), 11) == cards("2D")
    assert quatre_as.lawful("S", cards("2D 3C"), plays("N AD"), 1) == cards("2D")


def _random_deal(game: str, rng: random.Random) -> Deal:
    trump = None if rng.random() < 0.2 and game in ("boston", "french-boston") else rng.choice(list(Suit))
    renouncer = rng.choice(["N", None]) if game == "french-boston" and trump is None else None
    return Deal(game, trump, rng.choice(list(Suit)), renouncer)


@pytest.mark.parametrize("game", GAMES)
def test_the_referees_trick_rules_agree_with_the_oracle(game: str) -> None:
    """Random deals, holdings and tricks: the same lawful cards, the same winner."""
    rng = random.Random(game)
    for _ in range(2000):
        deal = _random_deal(game, rng)
        own: PlayRules = OWN[game](deal)
        independent = oracle(deal)
        dealt = rng.sample(PACKS[game], 4 + 5)
        trick, held = [(p, c) for p, c in zip("NESW", dealt[:4])], dealt[4:]
        number, partial = rng.randint(1, 13), trick[:rng.randint(0, 3)]
        for player in ("N", "E"):
            assert own.lawful(player, held, partial, number) == independent.lawful(player, held, partial, number), \
                (deal, held, partial, number)
        assert own.winner(trick) == independent.winner(trick), (deal, trick)
