"""Rulebooks are complete: every rule is produced by a case, every generic topic is defined."""

from __future__ import annotations

import ast
import importlib
import sys
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from string import Formatter
from typing import Any, Literal, TypeVar, get_args, get_origin, get_type_hints

import pytest

from referee.engine.replay import GENERIC_RULES, HandReplay
from referee.engine.rulebook import OptionError, Rule, Rulebook, _sentences
from referee.games import registry

CASES = Path(__file__).resolve().parent.parent / "cases"
NO_RULE = Rule("", "", "")
GAMES = sorted(registry())

# Where a verdict cites a rule: these lists of a hand's JSON verdict, each item with its `rule`.
# Words do not count (notes, explanations, the cases' comments): a rule is covered only when a
# case makes the referee apply it.
CITING = ("irregularities", "penalties", "pending", "ledger")

# Rules that state what is lawful, which no verdict cites: a breach of each is cited under the
# rule named beside it, and that rule must be produced by a case (None: the verdict shows the
# rule's effect, as the tricks' winners, the hand's status or contract, or the game's winner).
NEVER_CITED: dict[str, str | None] = {
    "euchre.pack": "euchre.deal.misdeal",
    "euchre.rank.bowers": None,  # the tricks' winners
    "euchre.deal.rotation": "euchre.deal.wrong-dealer",
    "euchre.play.lead": "euchre.play.out-of-turn",
    "euchre.play.follow-suit": "euchre.revoke.established",
    "euchre.concede": None,  # the tricks conceded are scored as taken
    "euchre.game.target": None,  # the game's winner
    "auction-pitch.players": "auction-pitch.deal.wrong-count",
    "auction-pitch.deal.rotation": "auction-pitch.deal.wrong-dealer",
    "auction-pitch.deal.misdeal": "auction-pitch.deal.wrong-count",  # status redeal
    "auction-pitch.wrong-count.play": "auction-pitch.deal.wrong-count",  # the hand stands
    "auction-pitch.bidding.seller": "auction-pitch.bidding.out-of-turn",
    "auction-pitch.bidding.pitch-before-bid": "auction-pitch.score.set-back",  # four to make
    "auction-pitch.bidding.no-bid": None,  # nothing to make: the contract, and no set-back
    "auction-pitch.bidding.board": "auction-pitch.bidding.illegal",
    "auction-pitch.bidding.board-all-pass": None,  # status thrown-in, or the contract
    "auction-pitch.bidding.silent": None,  # a note on the hand: the silent players passed
    "auction-pitch.play.trump": None,  # the contract's trump
    "auction-pitch.play.follow": "auction-pitch.revoke.established",
    "auction-pitch.score.made": None,  # each point won is cited: score.high, .low, .jack, .game
    "auction-pitch.game.target": None,  # the game's winner, as the next two
    "auction-pitch.game.count-out": None,
    "auction-pitch.game.smudge": None,
    "boston.players": "boston.play.out-of-turn",
    "boston.preference": "boston.bidding.illegal",
    "boston.deal.rotation": "boston.deal.wrong-dealer",
    "boston.bidding.order": "boston.bidding.illegal",
    "boston.bidding.keep": "boston.bidding.illegal",
    "boston.partout": None,  # the contract
    "boston.play.lead": "boston.revoke.established",
    "boston.play.early-end": None,  # the tricks played
    "boston.misere.spread": None,  # the contract
    "french-boston.players": "french-boston.play.out-of-turn",
    "french-boston.rank.jack": None,  # the tricks' winners
    "french-boston.belle-petite": None,  # the contract
    "french-boston.deal.doubles": None,  # the contract's deal; each doubled amount cites its own rule
    "french-boston.bidding.forced-alone": None,  # the contract
    "french-boston.play.lead": "french-boston.revoke.established",
    "french-boston.misere.play": None,  # the contract and the tricks played
    "auction-pitch.game.next": None,  # a note on the next game's first hand
    "boston.game.next": None,  # a note on the next game's first hand
    "euchre.game.next": None,  # a note on the next game's first hand
    "french-boston.game.next": None,  # a note on the next game's first hand
    "whist.game.next": None,  # a note on the next game's first hand
}

Produced = tuple[dict[str, frozenset[str]], dict[str, set[tuple[str, object]]]]


@pytest.fixture(scope="module")
def produced(case_verdict: Callable[[Path], Any]) -> Produced:
    """The rule ids each game's cases make the referee cite (see CITING), and the house rules
    (name, value) each game's cases were checked under (their ``cli_rules``, as test_cases)."""
    found: dict[str, set[str]] = defaultdict(set)
    options: dict[str, set[tuple[str, object]]] = defaultdict(set)
    for transcript in sorted(CASES.glob("*/*.ttn")):
        for game in case_verdict(transcript).file()["games"]:
            options[game["game"]].update((name, str(value)) for name, value in game["rules"].items())
            for hand in game["hands"]:
                found[game["game"]].update(item["rule"] for key in CITING for item in hand.get(key) or ()
                                           if item.get("rule"))
    return {game: frozenset(rules) for game, rules in found.items()}, options


@pytest.mark.parametrize("game", GAMES)
def test_every_rule_is_produced_by_a_case(game: str, produced: Produced) -> None:
    cited, _ = produced
    excused = set(NEVER_CITED)
    missing = [rule for rule in registry()[game].rulebook.rules if rule not in cited.get(game, ()) | excused]
    assert not missing, f"rules of {game} that no case makes the referee cite: {missing}"


def test_the_excused_rules_are_rules_no_case_cites(produced: Produced) -> None:
    """The list above stays honest: real ids, none cited (drop it from the list once it is), and
    every breach it names cited by some case."""
    cited, _ = produced
    every = {rule for game in GAMES for rule in registry()[game].rulebook.rules}
    all_cited = set().union(*cited.values())
    listed = set(NEVER_CITED)
    assert not listed - every, f"unknown rule ids in the lists: {listed - every}"
    assert not listed & all_cited, f"cited now, remove them from the lists: {listed & all_cited}"
    breaches = {rule for rule in NEVER_CITED.values() if rule is not None}
    assert not breaches - all_cited, f"breaches no case cites: {breaches - all_cited}"


@pytest.mark.parametrize("game", GAMES)
def test_every_option_is_exercised_by_a_case(game: str, produced: Produced) -> None:
    """Some case is checked with each house rule away from its default."""
    _, options = produced
    book = registry()[game].rulebook
    unused = [name for name, option in book.options.items()
              if not {value for used, value in options[game] if used == name} - {str(option.default)}]
    assert not unused, f"house rules of {game} no case sets: {unused}"


@pytest.mark.parametrize("game", GAMES)
def test_generic_topics_are_defined(game: str) -> None:
    book = registry()[game].rulebook
    missing = [topic for topic in GENERIC_RULES if f"{game}.{topic}" not in book.rules]
    assert not missing, f"{game} rulebook lacks {missing}"


def test_options_parse_and_reject() -> None:
    book = registry()["euchre"].rulebook
    chosen = book.parse_options("stick-the-dealer; target=11; revoke-lone=any-lone-hand")
    assert chosen["stick-the-dealer"] is True and chosen["target"] == 11
    assert chosen["revoke-lone"] == "any-lone-hand"
    assert book.parse_options("stick-the-dealer=false")["stick-the-dealer"] is False
    for bad, words in [("no-such-rule", "unknown house rule"), ("target=ten", "whole number"),
                       ("target=0", "out of range"), ("revoke-lone=sometimes", "cannot be"),
                       ("target", "needs a value"), ("stick-the-dealer=maybe", "on or off")]:
        with pytest.raises(OptionError, match=words):
            book.parse_options(bad)


def test_option_error_points_at_the_offending_option() -> None:
    book = registry()["euchre"].rulebook
    with pytest.raises(OptionError) as error:
        book.parse_options("stick-the-dealer;  target=x")
    assert error.value.offset == len("stick-the-dealer;  ")


@pytest.mark.pure_only("reads the type hints of a property, which a native class keeps as a getset descriptor")
@pytest.mark.parametrize("game", GAMES)
def test_the_typed_options_are_the_rulebooks_house_rules(game: str) -> None:
    """Each game declares its house rules as a TypedDict, so that mypy checks every use of one;
    it must name exactly the rulebook's options, each with the rulebook's type and values."""
    rules = registry()[game]
    hand = next(cls for cls in vars(sys.modules[type(rules).__module__]).values()
                if isinstance(cls, type) and issubclass(cls, HandReplay) and cls is not HandReplay)
    typed = get_type_hints(hand.game_options.fget)["return"]  # type: ignore[attr-defined]
    if isinstance(typed, TypeVar):  # a generic base's (`CalledHand[Bid, Options]`): as the game's class binds it
        base = next(b for b in hand.__orig_bases__ if typed in get_origin(b).__parameters__)
        typed = dict(zip(get_origin(base).__parameters__, get_args(base)))[typed]
    declared = get_type_hints(typed)
    options = rules.rulebook.options
    assert set(declared) == set(options)
    for name, option in options.items():
        kind = declared[name]
        if option.kind == "choice":
            assert get_origin(kind) is Literal and set(get_args(kind)) == set(option.values), name
        else:
            assert kind is {"bool": bool, "int": int}[option.kind], name


SAYING = {"say": (0, set()), "found": (3, set()), "penalty": (0, {"effects", "since"}), "refused": (0, set())}
"""The calls that say a rule's sentence: where their topic and sentence are among the positional
arguments (the two last of them), and their own keywords besides the slots."""


def _sayings(folder: Path) -> list[tuple[Path, str, int, str, str, set[str]]]:
    """Every ``say("topic", "sentence", slot=...)`` call in the sources under `folder` (and every
    ``found(kind, who, at, "topic", "sentence", slot=...)`` and ``penalty("topic", "sentence",
    slot=..., effects=..., since=...)`` and ``refused("topic", "sentence", slot=...)``, which find,
    penalise or refuse a call in those words): where it is (its file, the class it is said in, if
    any, and its line), the topic and sentence it names, and the slots it fills. A call that names
    them otherwise (a variable, ``**slots``) is refused: nothing here could check it, but for the
    calls by which the engine's own `found`, `penalty` and `refused` say what they are given."""
    found = []
    for path in sorted(folder.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        passing = {id(n) for f in ast.walk(tree) if isinstance(f, ast.FunctionDef) and f.name in SAYING
                   for n in ast.walk(f)} if path.parent.name == "engine" else set()  # the engine's own
        owner = {id(n): c.name for c in ast.walk(tree) if isinstance(c, ast.ClassDef) for n in ast.walk(c)}
        for node in ast.walk(tree):
            if id(node) in passing:
                continue
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in SAYING:
                first, own = SAYING[node.func.attr]
                named = node.args[first:]
                assert len(named) == 2 and all(isinstance(a, ast.Constant) and isinstance(a.value, str)
                                               for a in named) and all(k.arg for k in node.keywords), \
                    f"{path.name}:{node.lineno}: {node.func.attr}() names its topic and sentence in words, " \
                    "and its slots by name"
                topic, sentence = (str(a.value) for a in named if isinstance(a, ast.Constant))
                slots = {str(k.arg) for k in node.keywords} - own
                found.append((path, owner.get(id(node), ""), node.lineno, topic, sentence, slots))
    return found


WORDING_LAWS = "callerlaws"
"""The engine's laws that word every ruling of theirs in the game's rulebook (a caller's game's):
a game that declares one of them declares every sentence it says."""


def _engine_laws(package: str) -> set[str]:
    """The classes of `WORDING_LAWS` that the penalty laws of the game in `package` are."""
    laws = importlib.import_module(f"{package}.penalties").LAWS
    return {cls.__name__ for name in type(laws).__match_args__ for cls in type(getattr(laws, name)).__mro__
            if cls.__module__ == f"referee.engine.{WORDING_LAWS}"}


@pytest.mark.parametrize("game", GAMES)
def test_every_sentence_said_is_declared_with_the_slots_it_fills(game: str) -> None:
    """A game's `say` calls name sentences of its own rulebook and fill exactly their slots; so do
    the engine's: every one its laws for a caller's game say, in a game that declares them
    (`WORDING_LAWS`), and elsewhere every one of a class's under a rule, in a game that declares
    any of that class's sentences under that rule (Boston's deal faults and late revokes: a game
    that words one words them all); the engine fills every slot a game's sentence has, maybe
    more (the slots of any game's sentence). Every sentence the rulebook declares is said by the
    game or the engine (no dead words)."""
    book = registry()[game].rulebook
    root = CASES.parent  # the checkout's sources, whichever build is installed
    module = type(registry()[game]).__module__
    package = root.joinpath(*module.split(".")[:3])
    engine, laws = _sayings(root / "referee" / "engine"), _engine_laws(".".join(module.split(".")[:3]))
    worded = {(path, owner, topic) for path, owner, _, topic, sentence, _ in engine
              if sentence in book.rules.get(f"{game}.{topic}", NO_RULE).says}
    required = [s for s in engine if (s[0].stem == WORDING_LAWS and s[1] in laws) or (s[0], s[1], s[3]) in worded]
    said: set[tuple[str, str]] = set()
    for path, _, line, topic, sentence, slots in required + _sayings(package):
        where = f"{path.name}:{line}"
        rule = book.rules.get(f"{game}.{topic}")
        assert rule is not None and sentence in rule.says, f"{where}: {game}.{topic} declares no sentence {sentence!r}"
        wanted = {slot for _, slot, _, _ in Formatter().parse(rule.says[sentence]) if slot}
        filled = slots == wanted if path.parent.name != "engine" else slots >= wanted
        assert filled, f"{where}: {game}.{topic} says.{sentence} has the slots {sorted(wanted)}, given {sorted(slots)}"
        said.add((rule.id, sentence))
    unsaid = [(rule.id, name) for rule in book.rules.values() for name in rule.says if (rule.id, name) not in said]
    assert not unsaid, f"sentences of {game}'s rulebook nothing says: {unsaid}"


def test_a_rules_sentences_are_folded_and_must_be_templates() -> None:
    folded = _sentences({"id": "g.t", "says": {"plain": "one\n  two {who}\n"}})
    assert dict(folded) == {"plain": "one two {who}"}
    assert _sentences({"id": "g.t"}) == {}
    with pytest.raises(AssertionError, match="unnamed slot"):
        _sentences({"id": "g.t", "says": {"bad": "{} pays"}})


def test_a_sentence_takes_any_slot_name_even_its_own_parameters() -> None:
    """Slots are the rulebook's words: one called `sentence`, `rule_id` or `self` must not collide
    with the parameters of the methods that fill it (Boston says `{name}` of a contract)."""
    rule = Rule("g.t", "T", "text", _sentences({"id": "g.t", "says": {"s": "{sentence} {rule_id} {self} {name}"}}))
    book = Rulebook("g", "G", {"g.t": rule}, {})
    assert book.sentence("t", "s", {"sentence": "a", "rule_id": "b", "self": "c", "name": "d"}) == "a b c d"
