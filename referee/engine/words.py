"""A game's words for the parts of it that hold no hand (its auction's reading of a bid): the
sentences its rulebook declares under each rule (`Rule.says`), as `HandReplay.say` gives them to
a hand. The game decides; its rulebook words the decision. Both fill the sentence with
`Rulebook.sentence`: a hand's from the rulebook it was replayed under (`hand.book`), this one
from the game's as loaded."""

from __future__ import annotations

from .auction import Objection
from .rulebook import load


class Words:
    """The sentences of `game`'s rulebook, by rule topic and name; the rulebook is read when first
    asked (and once a run, `rulebook.load`), not when the game is imported."""

    __slots__ = ("game",)

    def __init__(self, game: str) -> None:
        self.game = game

    def say(self, topic: str, sentence: str, **slots: object) -> str:
        """The sentence named `sentence` of the rule ``<game>.<topic>``, its slots filled from `slots`."""
        return load(self.game).sentence(topic, sentence, slots)

    def refused(self, topic: str, sentence: str, **slots: object) -> Objection:
        """A void call, an illegal bid, under the rule ``<game>.<topic>`` and in its sentence named
        `sentence` (`say`): the topic named once, for the finding and for its words."""
        return Objection("illegal-bid", topic, self.say(topic, sentence, **slots))

