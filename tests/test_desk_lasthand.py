"""The desk's shortcut for settling: a proposed line replayed on the last hand alone must be
judged exactly as a check of the whole transcript judges it (`referee.desk.lasthand`)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

from referee.check import Collector
from referee.desk.lasthand import LastHand, NotAlone, SessionKeeper, last_hand_line
from referee.desk.settle import settle
from referee.games import registry
from referee.output.story import FileStory, story_of_text

ROOT = Path(__file__).resolve().parent.parent
CASES = ROOT / "cases"
sys.path.insert(0, str(ROOT / "benchmarks"))
from desk import DISPUTES, ending_in_dispute  # noqa: E402

OPEN = sorted(p.relative_to(CASES).as_posix() for p in CASES.glob("*/*.ttn")
              if "in-progress" in (p.with_suffix(".expected.yaml").read_text("utf-8")
                                   if p.with_suffix(".expected.yaml").exists() else ""))


def _kept(text: str) -> tuple[FileStory, SessionKeeper]:
    keepers: list[SessionKeeper] = []

    def keeper(sink: Collector, rules: str | None) -> SessionKeeper:
        keepers.append(SessionKeeper(sink, rules, last_hand_line(text)))
        return keepers[-1]

    return story_of_text(text, None, "-", keeper), keepers[-1]


def _last(text: str) -> LastHand | None:
    story, keeper = _kept(text)
    return LastHand.of(keeper, story.games[-1].hands[-1], text)


def _both_ways(text: str) -> tuple[Any, Any]:
    """The settle with the last hand replayed alone, and with whole checks only."""
    story, keeper = _kept(text)
    return settle(story, text, None, keeper), settle(story, text, None)


@pytest.mark.parametrize("case", OPEN)
def test_each_case_left_open_is_settled_alike_by_the_last_hand_and_by_the_whole(case: str) -> None:
    text = (CASES / case).read_text("utf-8")
    assert _last(text) is not None  # the shortcut is taken, so the comparison below means something
    quick, whole = _both_ways(text)
    assert quick == whole


@pytest.mark.parametrize("name", sorted(DISPUTES))
def test_a_ten_hand_game_ending_in_a_dispute_replays_only_its_last_hand(name: str) -> None:
    text = ending_in_dispute(registry()[name], name, 10, 17)
    assert _last(text) is not None
    quick, whole = _both_ways(text)
    assert quick is not None and quick == whole
    assert any(o["line"] for c in quick["choices"] for o in c["options"]) or quick["corrections"]


def test_a_hand_spoilt_after_the_last_one_replayed_sends_back_to_the_whole_check() -> None:
    text = (CASES / "euchre" / "lead-out-of-turn-dispute.ttn").read_text("utf-8") + "\nhand 2\nN XX\n"
    story, keeper = _kept(text)
    assert story.problems and LastHand.of(keeper, story.games[-1].hands[-1], text) is None


def test_a_line_is_judged_as_the_whole_check_judges_it() -> None:
    text = (CASES / "euchre" / "lead-out-of-turn-dispute.ttn").read_text("utf-8")
    story, keeper = _kept(text)
    hand = story.games[-1].hands[-1]
    last = LastHand.of(keeper, hand, text)
    end = max(line.at.line for line in hand.record.lines)
    assert last is not None
    assert last.verdict("E retract 9X", end) is None  # the grammar refuses it: a problem, no answer
    taken_back = last.verdict("E retract 9S", end)
    assert taken_back is not None and taken_back.next == "N to lead to trick 2"
    with pytest.raises(NotAlone):
        last.verdict("hand 2", end)  # starts a hand: only the whole transcript says what that does


def test_the_last_hand_is_found_by_its_line_and_a_wrong_guess_costs_only_the_shortcut() -> None:
    assert last_hand_line("hand 1 dealer W\nN pass\n  hand\t2\nhandy 9H\n# hand 3\n") == 3
    assert last_hand_line('[Game "euchre"]\n') is None
    text = (CASES / "euchre" / "lead-out-of-turn-dispute.ttn").read_text("utf-8")
    keepers: list[SessionKeeper] = []

    def wrong(sink: Collector, rules: str | None) -> SessionKeeper:
        keepers.append(SessionKeeper(sink, rules, 1))  # line 1 is a comment: no hand starts there
        return keepers[-1]

    story = story_of_text(text, None, "-", wrong)
    assert keepers[0].kept is None and LastHand.of(keepers[0], story.games[-1].hands[-1], text) is None
    quick, whole = settle(story, text, None, keepers[0]), settle(story, text, None)
    assert quick == whole and quick is not None


@pytest.mark.parametrize("case", OPEN)
def test_each_open_choice_gives_each_option_its_answering_line(case: str) -> None:
    """The replay that opens a choice says which line answers each option (`Pending.replies`),
    written by one of the choosers, so that the desk guesses nothing."""
    story, _ = _kept((CASES / case).read_text("utf-8"))
    game = story.games[-1]
    for pending in game.hands[-1].verdict.pending:
        assert [r.option for r in pending.replies if r.option != "suit"] == \
            [o for o in pending.options if o != "suit"]
        assert len([r for r in pending.replies if r.option == "suit"]) == 4 * ("suit" in pending.options)
        for reply in pending.replies:
            if reply.line is not None and reply.line != "redeal":
                assert reply.line.split()[0] in game.players


@pytest.mark.parametrize("case", OPEN)
def test_the_desk_checks_each_answering_line_once_and_guesses_none(case: str,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """The desk once proposed every line that might answer an option and checked each (32 checks
    for one view); it now checks only the replay's own lines and the take-backs due, each once."""
    from referee.desk import settle as module

    text = (CASES / case).read_text("utf-8")
    story, keeper = _kept(text)
    hand = story.games[-1].hands[-1]
    checked: list[str] = []
    measure = module._Prover._measure

    def counted(self: Any, line: str) -> Any:
        checked.append(line)
        return measure(self, line)

    monkeypatch.setattr(module._Prover, "_measure", counted)
    settle(story, text, None, keeper)
    given = {r.line for p in hand.verdict.pending for r in p.replies if r.line is not None}
    due = {f"{player} retract {card}" for trick in hand.verdict.tricks[-1:] for player, card in trick.plays}
    assert len(checked) == len(set(checked)) and set(checked) <= given | due


def test_a_correctable_revoke_is_answered_by_its_take_back() -> None:
    """A guess from the cards on the table found no line once the trick was complete; the replay knows it."""
    text = (CASES / "auction-pitch" / "revoke-correctable-pending.ttn").read_text("utf-8")
    story, keeper = _kept(text)
    answer = settle(story, text, None, keeper)
    assert answer is not None
    assert [o["line"] for c in answer["choices"] for o in c["options"]] == ["D retract 2H"]
