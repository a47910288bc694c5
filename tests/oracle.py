"""An independent statement of the laws of play, for the random hands of the property tests.

The property tests replay random hands and expect no finding (or exactly the planted one). If
the generator that makes those hands asked the referee's own trick rules which cards may be
played and who won, a mistake there would be made by both and never seen. So the generators
take their answers from here instead (``rules_for=oracle``): written from the rules digests
(``/work/shared/rules/*.md``), reading nothing of ``referee.engine.table``, ``referee.engine.generators`` or
the games' trick rules — not even ``Suit.partner`` or ``Card.rank``; it works from the cards'
canonical text (``JD``, ``TS``). ``test_oracle.py`` checks the referee's trick rules against it.
"""

from __future__ import annotations

from collections.abc import Sequence

from referee.engine.generators import Deal
from referee.notation.cards import Card

ORDER = "23456789TJQKA"  # low to high; every game here ranks aces high
RED = "HD"
GAMES = ("euchre", "auction-pitch", "boston", "french-boston", "whist")


def _suit(card: Card) -> str:
    return card.text[-1]


def _rank(card: Card) -> int:
    return ORDER.index(card.text[0])


class Oracle:
    """Following suit and trick winners of one hand, as the digests state them:

    - euchre: the jack of trumps (right bower) is the highest trump, the other jack of the
      same colour (left bower) the next and a trump for every purpose; follow suit if able.
    - auction pitch: trumps are the suit of the pitch; a plain suit led may be followed or
      trumped at will, a trump led must be followed if able.
    - boston and whist: follow suit if able, the highest trump or else the highest card of the
      suit led wins; a boston misère has no trumps.
    - french boston: the jack of diamonds (the jack of hearts when diamonds are turned) is the
      best trump and a trump (the generator's setting), except in a misère, which has no
      trumps; the caller of the misère des quatre as may renounce in the first ten tricks.
    """

    def __init__(self, deal: Deal) -> None:
        assert deal.game in GAMES, deal.game
        self.game = deal.game
        self.trump = deal.trump.value if deal.trump is not None else None
        self.renouncer = deal.renouncer
        self.top: str | None = None  # the text of the card above every other trump
        self.second: str | None = None  # euchre's left bower
        if self.trump is not None and self.game == "euchre":
            self.top = "J" + self.trump
            same_colour = [s for s in "SHDC" if s != self.trump and (s in RED) == (self.trump in RED)]
            self.second = "J" + same_colour[0]
        elif self.trump is not None and self.game == "french-boston":
            turned = deal.turned.value if deal.turned is not None else None
            self.top = "JH" if turned == "D" else "JD"

    def suit_of(self, card: Card) -> str:
        """The suit a card belongs to for following and winning."""
        if card.text in (self.top, self.second):
            assert self.trump is not None
            return self.trump
        return _suit(card)

    def lawful(self, player: str, held: Sequence[Card], plays: Sequence[tuple[str, Card]], trick: int) -> list[Card]:
        if not plays:
            return list(held)
        if self.game == "french-boston" and player == self.renouncer and trick <= 10:
            return list(held)
        led = self.suit_of(plays[0][1])
        if not any(self.suit_of(c) == led for c in held):
            return list(held)
        may_trump = self.game == "auction-pitch" and led != self.trump
        return [c for c in held if self.suit_of(c) == led or (may_trump and self.suit_of(c) == self.trump)]

    def strength(self, card: Card, led: str) -> tuple[int, int]:
        """(class, rank): a trump beats the suit led, which beats any other suit."""
        if card.text == self.top:
            return 3, 0
        if card.text == self.second:
            return 2, 99
        suit = self.suit_of(card)
        if suit == self.trump:
            return 2, _rank(card)
        return (1 if suit == led else 0), _rank(card)

    def winner(self, plays: Sequence[tuple[str, Card]]) -> str:
        led = self.suit_of(plays[0][1])
        return max(plays, key=lambda play: self.strength(play[1], led))[0]


def oracle(deal: Deal) -> Oracle:
    """The `rules_for` the property tests give the generators."""
    return Oracle(deal)
