"""What every game shares around its hands: the game object's rulebook, and a session's
running score, next dealer and checks before each hand.

Each game package subclasses `GameRules` and `GameSession` and adds only what its laws make
different: how its hand is replayed (`replay`), what passes to the next hand (`advance`: the
number, the dealer), when the game is won.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any, Generic, TypeVar, get_args, get_origin

from ..notation.reader import HandRecord, Problem
from ..notation.records import replace
from .replay import Declaration, HandContext, HandReplay, pools_shown, unknown_names
from .rulebook import Rulebook, load
from .sides import Sides
from .words import Words

if TYPE_CHECKING:
    import random

    from ..notation.cards import Card, Suit
    from .header import Setup
    from .laws import Pending
    from .ledger import Entry
    from .verdict import HandVerdict


class GameRules:
    """The base of a game object (see `games.Game`): its rulebook is ``games/rulebooks/<name>.yaml``."""

    name: str
    players: tuple[int, int] = (4, 4)  # the fewest and the most players
    players_example: str = 'e.g. [Players "N E S W"]'
    no_partners: tuple[str, str] | None = None  # (message, hint) refusing a [Partners] tag
    single_pool: tuple[str, str] | None = None  # (message, hint) when [Pool] holds one number only
    carried: tuple[str, str, str] | None = None  # (tag, message, hint): what deal 1 decides, for a later start
    reads: frozenset[str] = frozenset()  # [Pool] (it keeps a pool), [Belle]: shared tags its laws read, others refused
    partnerships: bool = False  # two partnerships of two, partners sitting opposite ([Partners] required)
    declared: Declaration | None = None  # what the game's hands declare, where it is asked outside a hand (`card_role`)

    @property
    def rulebook(self) -> Rulebook:
        return load(self.name)

    def session(self, setup: Setup) -> GameSession[Any]:
        """A game being replayed from its setup: every game makes its own session."""
        raise NotImplementedError

    def check_setup(self, setup: Setup) -> list[Problem]:
        """The header against what the game declares (the number of players is checked with the
        tags, `header.read_setup`): two partnerships sitting opposite or none where they are formed
        in play or not at all, one pool, or several that fit the game's pool limit
        (`Declaration.pool_limit`: a pool is full at it before the next starts). Each problem
        points at the tag it is about."""
        if setup.teams and self.no_partners is not None:
            at = setup.tags_at.get("Partners", setup.at)
            return [Problem(at.line, at.column, *self.no_partners)]
        at = setup.tags_at.get("Pool", setup.at)
        if setup.pool is not None and self.single_pool is not None and len(setup.pool) != 1:
            return [Problem(at.line, at.column, *self.single_pool)]
        declared, pools = self.declared, setup.pool or ()
        if declared is not None and declared.pool_limit and len(pools) > 1:  # several pools: full ones but the last
            name, limit = declared.pool_limit, setup.options[declared.pool_limit]
            if set(pools[:-1]) != {limit} or pools[-1] > limit:
                why = "every pool but the last is full" if set(pools[:-1]) != {limit} \
                    else "no pool holds more than the limit"
                return [Problem(at.line, at.column, f"the pools {' '.join(map(str, pools))} do not fit the pool limit "
                                f"of {limit} {declared.pool_unit}: {why}", f'write the total, [Pool "{sum(pools)}"], '
                                f'or the limit they were kept to, [Rules "{name}=..."]')]
        return self.partners_opposite(setup) if self.partnerships else []

    def partners_opposite(self, setup: Setup) -> list[Problem]:
        """The problem when a partnership game's header does not name two partnerships of two
        sitting opposite each other."""
        at, players = setup.tags_at.get("Partners", setup.at), setup.players
        if len(setup.teams) != 2 or any(len(t.members) != 2 for t in setup.teams):
            return [Problem(at.line, at.column, f"{self.name} needs two partnerships of two",
                            f'add [Partners "{players[0]}-{players[2]} {players[1]}-{players[3]}"]')]
        for team in setup.teams:
            if abs(players.index(team.members[0]) - players.index(team.members[1])) != 2:
                return [Problem(at.line, at.column, f"partners {team.name} do not sit opposite each other",
                                "list [Players] clockwise; partners sit two seats apart")]
        return []

    def target(self, options: Mapping[str, Any]) -> int | None:
        """The score that wins a game under the house rules `options`, None where no score ends it:
        by default the game's `target` rule (Euchre's, Auction Pitch's), unless its `deals` rule makes
        it a game of a set number of deals. A header's [Score] at it is a game already won
        (`GameSession.reached`)."""
        target, deals = options.get("target"), options.get("deals")
        return target if isinstance(target, int) and not deals else None

    def random_game(self, rng: random.Random, hands: int, *args: Any, **kwargs: Any) -> str:
        """A transcript of `hands` random lawful hands, for the property tests, the benchmarks and
        `new`: the game's own `generator.random_game`, its module loaded only when asked, so that
        a check never imports it (nor `random`)."""
        generator = importlib.import_module(type(self).__module__ + ".generator")
        text: str = generator.random_game(rng, hands, *args, **kwargs)
        return text

    def card_role(self, card: Card, trump: Suit | None) -> str | None:
        """What a card is in a trick beyond its printed suit, in words ("the left bower, a trump"),
        or None when its printed suit says it all (explanations add "a trump" themselves): as the
        hands declare it (`Declaration.card_role`)."""
        role = self.declared.card_role if self.declared is not None else None
        return role(card, trump) if role is not None else None


Hand = TypeVar("Hand", bound=HandReplay)


class GameSession(Generic[Hand]):
    """One game being replayed: the setup, the score, the pool and the next dealer, kept between
    hands."""

    def __init__(self, game: GameRules, setup: Setup, pool: int | None = None) -> None:
        self.game = game
        self.setup = setup
        self.score = dict(setup.score)
        self.pool_now = pool  # in games that keep a pool
        self.next_dealer: str | None = None
        self.after_spoiled = False  # the last hand was spoiled by a syntax error (`skip_spoiled`)
        self.started_by: str | None = None  # a game begun without a header (`next_game`): its first hand's note
        self.won: str | None = None  # who won the game, once someone has (what `winner` says by default)
        self.over = False  # a game of a set number of deals is over: the player ahead has won it (`winner`)
        self.unread = False  # its last deal could not be read: over, but nobody can be named its winner
        self.dealt = 0  # the deals counted so far (`counted`)
        self.count_begun = False  # a hand, replayed or not, has shown where the count of deals begins (`begin_count`)
        self.sides = Sides.of(setup, setup.players)  # who plays with whom, in the seats' usual order
        self.number = 1  # the next hand's number (0 in a game that takes it from the first header)
        self.begun = False  # a hand has been replayed: until then the first hand's number is taken as written
        self.order = setup.players  # the seats in order of play
        self.reached(game.target(setup.options))

    def reached(self, target: int | None) -> None:
        """A header's [Score] at or past the game's `target`: the game was won before its first hand
        (by the one furthest past it; level there, by nobody), so the hands written start the next
        game (`next_game`), as those written after a game won do (docs/notation.md §5)."""
        past = {who: points for who, points in self.score.items() if target is not None and points >= target}
        if past:
            self.won = sole_leader(past)
            self.over = self.won is None

    def hand(self, record: HandRecord) -> HandVerdict | list[Problem]:
        """Replay the next hand and carry its score and pool forward (or the problems that keep
        it from being replayed)."""
        problems = self.late_start(record) or self.unknown_names(record)
        if problems:
            return problems
        if not self.begun:  # a transcript may begin at any hand of a game (a dispute, a page of the sheet)
            self.begun = True
            self.number = record.header.number or self.number
            self.begin_count(self.number)
        elif self.started_by is not None and record.header.number == 1:  # a game begun without a header
            self.number = 1  # may count its hands from 1 again, as a new sheet would (`next_game`)
        replay, verdict = self.replayed(record)
        if replay.deals_late:  # the cards were dealt before anything happened, wherever their lines are written
            record = record.dealt_first()
            replay, verdict = self.replayed(record)
        if verdict.recorded is not None and not verdict.recorded.agrees:
            replay, verdict = self.as_recorded(record, replay, verdict)
        self.started_by = None
        self.score = dict(verdict.score_after)
        if replay.settled is not None and replay.settled.ledger.pool is not None:
            self.pool_now = replay.settled.ledger.pool
        self.advance(replay, verdict)
        return verdict

    def begin_count(self, number: int) -> None:
        """A transcript may begin at any hand of a game: the deals before its first hand were dealt, as
        far as that hand's `number` shows. The first hand begins the count whether it is replayed (`hand`)
        or its line could not be read (`skip_spoiled`): a game of a set number of deals begun mid-way
        ends where its sheet says, whichever the first hand was."""
        if not self.count_begun:
            self.count_begun, self.dealt = True, max(0, number - 1)

    def late_start(self, record: HandRecord) -> list[Problem]:
        """A transcript starting after deal 1 must give the tag the game declares `carried`: what
        deal 1 decided for the whole game (French Boston's belle), which a guess from a later deal
        would change (its message may name the deal's `number`)."""
        carried = self.game.carried
        if carried is None or self.next_dealer is not None:  # (most games carry nothing: asked on every hand)
            return []
        at, number = record.header.at, record.header.number
        if (number or 1) <= 1 or carried[0] in self.setup.tags_at:
            return []
        return [Problem(at.line, at.column, carried[1].format(number=number), carried[2])]

    def replayed(self, record: HandRecord, shown: bool = False,
                 chosen: tuple[Pending, str, tuple[str, ...]] | None = None,
                 unclaimed: tuple[str, int] | None = None) -> tuple[Hand, HandVerdict]:
        """The next hand replayed, and its verdict; `shown`, `chosen` (a choice, the option taken and any
        others giving the same result) and `unclaimed` say what the table is taken to have done at the
        end without writing it (`as_recorded`); a wrong deal found void before it was used is stopped
        (`DealLaw.voided`), and the verdict told again."""
        replay = self.replay(record)
        replay.shown, replay.chosen, replay.unclaimed = shown or unclaimed is not None, chosen, unclaimed
        if self.started_by is not None:
            replay.notes.append(self.started_by)
        verdict = replay.run()
        return replay, replay.verdict() if replay.penalty_laws.deal.voided(replay) else verdict

    def as_recorded(self, record: HandRecord, replay: Hand, verdict: HandVerdict) -> tuple[Hand, HandVerdict]:
        """A hand whose recorded result disagrees with the hand as written, read as the table may
        have ended it without writing so: its open revoke claims proven by a look at the accused's
        hand (`HandReplay.prove_claims`); failing that, a choice still open made with the one
        option that makes the result agree (`HandReplay.choose_unwritten`; where several options of
        one choice all give that result, the first, said to be one of them), or the one failure to
        follow that no claim names shown a revoke (`HandReplay.unclaimed_failures`). The hand is replayed
        once per reading, which is rare enough to cost little; without one that agrees, the hand
        stands as written."""
        if replay.open_claims:
            shown = self.replayed(record, shown=True)
            if agrees(shown[1]):
                return shown
        chosen = [(choice.pending, option, ()) for choice in replay.choices
                  for option in choice.pending.options if option not in VALUED]
        readings = [self.replayed(record, chosen=made) for made in chosen]
        readings += [self.replayed(record, unclaimed=failure) for failure in replay.unclaimed_failures()]
        agreeing = [index for index, reading in enumerate(readings) if agrees(reading[1])]
        if len(agreeing) == 1:
            return readings[agreeing[0]]
        made = [chosen[index] for index in agreeing if index < len(chosen)]
        if len(made) == len(agreeing) > 1 and len({pending for pending, _, _ in made}) == 1 \
                and len({readings[index][1].result for index in agreeing}) == 1:  # one choice, its options alike
            return self.replayed(record, chosen=(made[0][0], made[0][1], tuple(option for _, option, _ in made[1:])))
        return replay, verdict

    @classmethod
    def event_words(cls) -> frozenset[str] | None:
        """The words of the events the game's hands give a meaning (`HandReplay.event_words`),
        found from the hand class a game's session is declared with (``GameSession[EuchreHand]``);
        None for a session declared without one."""
        for klass in cls.__mro__:
            for base in getattr(klass, "__orig_bases__", ()):
                hand = get_args(base)
                if get_origin(base) is GameSession and hand and isinstance(hand[0], type) \
                        and issubclass(hand[0], HandReplay):
                    return hand[0].event_words()
        return None

    def replay(self, record: HandRecord) -> Hand:
        """Game hook: the replay of the next hand."""
        raise NotImplementedError

    def __deepcopy__(self, memo: dict[int, Any]) -> Any:
        """A copy of the session as it stands, for the desk to replay the last hand from
        (`desk.lasthand`) and a writer for people to replay it with each option's answering line
        (`check.options_replayed`). Written out because a compiled session is a native class, which
        `copy`'s default way cannot make without calling its ``__init__``: the copy is made by
        the game as any new session is, then given a deep copy of each attribute (the rules and
        the setup, which nothing changes, are shared). A native class lists its attributes in
        ``__mypyc_attrs__``; an interpreted one keeps them in its ``__dict__``."""
        import copy  # only the desk and a writer for people copy a session: a JSON check never loads it

        twin = self.game.session(self.setup)
        memo[id(self)] = twin
        names = [name for name in getattr(type(self), "__mypyc_attrs__", ()) if name != "__dict__"]
        names += list(getattr(self, "__dict__", {}))
        for name in names:
            if name not in ("game", "setup") and hasattr(self, name):
                setattr(twin, name, copy.deepcopy(getattr(self, name), memo))
        return twin

    def winner(self) -> str | None:
        """Game hook: who has won the game (None while nobody has): by default `won`, which the game
        sets; in a game of a set number of deals once it is `over` (`last_deal`), the player strictly
        ahead of every other (none on a tie, nor when the last deal could not be read)."""
        if self.won is None and self.over and not self.unread:
            return sole_leader(self.score)
        return self.won

    def last_deal(self, last: bool, status: str | None) -> None:
        """The law of every game of a set number of deals (Boston's twelve, French Boston's forty,
        Euchre's `deals`): it is over once its last deal is over, and only then. `last`: the hand just
        ended is that deal by the game's count (a hand numbered otherwise is found wrong and counted,
        docs/notation.md §2.2), and the count moves on from it (a deal the laws have dealt again is
        not over); `status` its verdict's, None for a hand whose line could not be read. A deal still
        in progress is not over; one that could not be read carries the count on and ends the game
        all the same, but the score lacks it, so nobody is named the winner (§5)."""
        if last and status != "in-progress" and not self.over:
            self.over, self.unread = True, status is None

    def counted(self, number: int) -> bool:
        """Game hook: deal `number` of the game (0 where no line shows it) counted among its deals, as
        one whose line could not be read is too (its line carries the count on, §2.2): whether it is
        the last of a game of a set number of deals. By default the `deals` house rule sets their
        number (Euchre's, as `target` reads it) and they are counted in `dealt`, `number` aside."""
        deals = self.setup.options.get("deals")
        self.dealt += 1
        return isinstance(deals, int) and 0 < deals <= self.dealt

    def advance(self, replay: Hand, verdict: HandVerdict) -> None:
        """Game hook: what passes to the next hand besides the score and the pool (its number, its
        dealer, whether the game is over)."""
        raise NotImplementedError

    def deal_on(self, replay: Hand, verdict: HandVerdict, again: bool, then: str) -> None:
        """After hand `verdict`, in a game whose deal made `again` keeps its number (Boston's, French
        Boston's): that deal by its rightful dealer (`HandReplay.deals_next`, a wrong deal stopped), or
        the next by `then`."""
        self.number = verdict.number + (0 if again else 1)
        self.next_dealer = replay.deals_next if again else then

    def pool(self) -> int | list[int] | None:
        """The pool as the game's verdict shows it: past the limit a game declares (`Declaration.pool_limit`,
        Boston's), the full pools and the one filling up."""
        limit = self.game.declared.pool_limit if self.game.declared is not None else None
        return pools_shown(self.pool_now, self.setup.options[limit]) if limit and self.pool_now is not None \
            else self.pool_now

    def unknown_names(self, record: HandRecord) -> list[Problem]:
        """Names in the hand that are not players of this game: such a hand cannot be replayed."""
        return unknown_names(record, self.setup.players, self.score, "Pool" in self.game.reads)

    def context(self, number: int, order: tuple[str, ...] | None = None) -> HandContext:
        """What the next hand needs from the game: hand `number`, seats in `order` of play."""
        order = order or self.setup.players
        if order != self.sides.order:
            self.sides = Sides.of(self.setup, order)
        return HandContext(self.setup, self.game.rulebook, order, self.next_dealer, number, dict(self.score),
                           self.sides)

    def skip_spoiled(self, record: HandRecord) -> bool:
        """A syntax error spoiled hand `record`: the game goes on as if it had been dealt, so the
        next hand is not charged with it (no wrong number, no wrong dealer). The next hand's own
        number and dealer are taken as written; one that names no dealer gets the seat after the
        spoiled hand's dealer. It counts among the game's deals (`counted`), so it may end a game
        of a set number of deals. True when that dealer is known."""
        self.after_spoiled = True
        number = record.header.number or self.number  # as its line shows it, else by the count
        self.begin_count(number)
        if record.header.number is not None or self.number:
            self.number = number + 1
        self.last_deal(self.counted(number), None)
        dealer = record.header.dealer or self.next_dealer
        order = self.order
        if dealer is None or dealer not in order:
            return False
        self.next_dealer = order[(order.index(dealer) + 1) % len(order)]
        return True

    def take_as_written(self, record: HandRecord) -> None:
        """After a spoiled hand, the next hand's number and dealer are taken as written."""
        if not self.after_spoiled:
            return
        self.after_spoiled = False
        if record.header.number is not None:
            self.number = record.header.number
        if record.header.dealer is not None:
            self.next_dealer = None

    def final_score(self) -> dict[str, int]:
        return dict(self.score)

    def next_game(self, record: HandRecord) -> GameSession[Hand] | None:
        """A hand written after the game is over (won, or its set number of deals played), without
        a new header, starts the next game, as the sitting goes on (docs/notation.md §5); the
        finished game keeps its winner. The new one scores from nothing under the same header (its
        score, pool and belle were the first game's), the deal going round as before, a note on its
        first hand (the game's ``game.next`` rule); its hands are numbered on (or from 1 again, as its
        first hand says: `hand`), but a game of a set number of deals counts them from 1 again. What
        a game's laws carry across besides (Whist's rubber) or do otherwise (Auction Pitch's empty
        pool) is its `fresh_game`."""
        if self.won is None and not self.over:
            return None
        fresh = self.fresh_game(replace(self.setup, score=dict.fromkeys(self.score, 0), pool=None, belle=None))
        fresh.number = 1 if self.over else self.number
        fresh.begun = self.begun  # its first hand's number is checked, unless no hand came before it (`reached`)
        fresh.count_begun = self.count_begun  # its deals counted from 1 again, unless no hand came before it
        fresh.next_dealer, winner, words = self.next_dealer, self.winner(), Words(self.game.name)
        fresh.started_by = words.say("game.next", "won", winner=winner) if winner else \
            unread(words) if self.unread else words.say("game.next", "tied")
        return fresh

    def fresh_game(self, setup: Setup) -> GameSession[Hand]:
        """Game hook: the session of the game after this one (`next_game`), under `setup`. By default the
        counters a game left on the table (a pool not all won or divided: French Boston's odd counter, Boston's
        pool kept after a revoke in the extra grand) begin the next game's pool, with its own stakes; not after
        a last deal that could not be read, whose pool nobody knows. A new header sets its own [Pool]."""
        fresh: GameSession[Hand] = self.game.session(setup)
        if fresh.pool_now is not None and self.pool_now and not self.unread:
            fresh.pool_now += self.pool_now
        return fresh


VALUED = frozenset({"card", "suit"})
"""Options answered with a value the transcript would have to give (`call QH`): no reading guesses one."""


def agrees(verdict: HandVerdict) -> bool:
    """Whether a hand's recorded result agrees with its verdict (a hand with none has nothing to agree)."""
    return verdict.recorded is not None and verdict.recorded.agrees


def unread(words: Words) -> str:
    """The note on a new game's first hand after a game whose last deal could not be read (`last_deal`):
    said only by the games of a set number of deals, which alone declare it."""
    return words.say("game.next", "unread")


def sole_leader(score: Mapping[str, int]) -> str | None:
    """Who is strictly ahead of everyone else (None when two share the lead)."""
    ranked = sorted(score.items(), key=lambda kv: -kv[1])
    return ranked[0][0] if len(ranked) == 1 or ranked[0][1] > ranked[1][1] else None


def first_to_reach(score: Mapping[str, int], entries: Iterable[Entry], target: int) -> str | None:
    """Who has reached `target`, `score` being the score after the hand whose ledger `entries` are
    given: when two sides pass it in one hand, the first to reach it as the entries are counted, in
    their order (Euchre counts revoke penalties first, Somerset 4), so a game always has one winner."""
    reached = [who for who, points in score.items() if points >= target]
    if len(reached) < 2:
        return reached[0] if reached else None
    entries = [e for e in entries if e.who in score]
    running = dict(score)
    for entry in entries:
        running[entry.who] -= entry.amount
    for entry in entries:
        running[entry.who] += entry.amount
        if running[entry.who] >= target:
            return entry.who
    return None
