"""What a club settling a dispute at the table reads next: the score each option of an open choice
leads to, a `Next:` line that does not repeat the choice, and a verdict file written even when one
line of a large archive could not be used.

The score of an option is the referee's own: the hand replayed with the option's line written at
its end (`check.options_replayed`). It is shown to people only (text, explain, report), and only
the hand a game's transcript stops in is replayed, so the tests count the replays and the copies
of a game's state, not the clock.
"""

from __future__ import annotations

import io
import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from referee import check as checking
from referee import parallel
from referee.check import check_files
from referee.engine.laws import Pending, Reply
from referee.engine.verdict import HandVerdict
from referee.entry import run_check
from referee.games import registry
from referee.notation.records import replace
from referee.output.choosing import ALIKE_FROM, alike, answer_lines, news, outcomes
from referee.output.explain import Explainer
from referee.output.outputs import GithubWriter, Quiet
from referee.output.render import JsonWriter, TextWriter
from referee.output.report import Reporter
from referee.output.story import stream_file

CASES = Path(__file__).resolve().parent.parent / "cases"
WHIST_REVOKE = CASES / "whist" / "revoke-english-choice.ttn"  # A-B choose the penalty of Y's revoke
MISERE_LEAD = CASES / "boston" / "little-misere-lead-before-discards.ttn"  # A may claim, or play on
LEAD_OUT_OF_TURN = CASES / "auction-pitch" / "out-of-turn-lead-dispute.ttn"  # B calls C's card, or accepts
WRONG_DEALER = CASES / "auction-pitch" / "wrong-dealer-before-bidding.ttn"  # A, B and D may stop C's deal


def text_of(*paths: Path, quiet: bool = False) -> str:
    out = io.StringIO()
    writer = TextWriter(out, io.StringIO())
    check_files([str(p) for p in paths], Quiet(writer) if quiet else writer, None)
    return out.getvalue()


def explained(path: Path) -> str:
    told: list[str] = []
    stream_file(str(path), Explainer(str(path), told.append))
    return "".join(told)


def reported(path: Path) -> str:
    told: list[str] = []
    reporter = Reporter(str(path), "markdown", told.append, False)
    stream_file(str(path), reporter)
    reporter.close()
    return "".join(told)


class Counted:
    """Counts the copies of a game's state and the replays of a hand with an option's line."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.copies = self.replays = 0
        copied, replayed = checking._copied, checking.options_replayed

        def copy(session: Any) -> Any:
            self.copies += 1
            return copied(session)

        def replay(*args: object) -> dict[str, HandVerdict]:
            self.replays += 1
            return replayed(*args)  # type: ignore[arg-type]

        monkeypatch.setattr(checking, "_copied", copy)
        monkeypatch.setattr(checking, "options_replayed", replay)


@pytest.fixture
def counted(monkeypatch: pytest.MonkeyPatch) -> Iterator[Counted]:
    yield Counted(monkeypatch)


# ---- 1. the score each option leads to ------------------------------------------------------

def test_each_penalty_option_shows_what_the_hand_then_scores() -> None:
    text = text_of(WHIST_REVOKE)
    assert ('      take-three: write "A call take-three" — the hand scores A-B +3, Y-Z 0 '
            "(standings A-B 5, Y-Z 3)\n") in text
    assert ('      deduct-three: write "A call deduct-three" — the hand scores A-B +3, Y-Z -3 '
            "(standings A-B 5, Y-Z 0)\n") in text
    assert "Score: A-B 0, Y-Z 0 → A-B 2, Y-Z 3 (so far: the hand is not settled yet)" in text  # unchanged


def test_boston_pools_past_the_limit_are_spelt_and_compared(tmp_path: Path) -> None:
    """A Boston pool filled to its limit is set aside and another begun: the verdict's pool is then
    a list, which the options' scores compare and every writer spells as the pools they are."""
    text = MISERE_LEAD.read_text("utf-8").replace('[Players "A Y B Z"]', '[Players "A Y B Z"]\n[Pool "25 4"]')
    assert '[Pool "25 4"]' in text
    game = tmp_path / "pools.ttn"
    game.write_text(text, "utf-8")
    told = text_of(game)
    assert 'accept: write "A accept" — play goes on' in told and "(standings A 0, Y 0, B 0, Z 0; pools 25, 4)" in told
    assert "→ A 0, Y 0, B 0, Z 0; pools 25, 4 (so far" in told and "Final: A 0, Y 0, B 0, Z 0; pools 25, 4" in told
    assert "; pools 25, 4" in explained(game) and "[" not in told.split("Final:")[1]


def test_an_option_that_ends_the_hand_and_one_that_plays_on() -> None:
    text = text_of(MISERE_LEAD)
    assert ('claim: write "A call claim" — the hand is abandoned and scores A +100, Y -60, B -20, Z -20 '
            "(standings A 100, Y -60, B -20, Z -20; pool 4)") in text
    assert ('accept: write "A accept" — play goes on (still to discard: Y and Z; B to play to trick 1); so far '
            "the hand scores A 0, Y 0, B 0, Z 0 (standings A 0, Y 0, B 0, Z 0; pool 4)") in text


def first_game(path: Path, tmp_path: Path) -> Path:
    """The file's first game alone (the cases go on with games that answer the choice)."""
    first = tmp_path / f"first-{path.name}"
    first.write_text("[Game ".join(path.read_text("utf-8").split("[Game ")[:2]), "utf-8")
    return first


def test_the_scores_are_the_referees_own_for_the_transcript_with_the_line_added(tmp_path: Path) -> None:
    """Each option's words are what checking the transcript with its line written gives."""
    dispute = first_game(WHIST_REVOKE, tmp_path)
    text = dispute.read_text("utf-8")
    shown = text_of(dispute)
    for option in ("take-three", "deduct-three", "add-three"):
        answered = tmp_path / f"{option}.ttn"
        answered.write_text(text.rstrip("\n") + f"\nA call {option}\n", "utf-8")
        score = next(line for line in text_of(answered).splitlines() if line.startswith("    Score:")
                     and "so far" not in line)
        change, standings = score.removeprefix("    Score: ").split(" → ")
        assert f'{option}: write "A call {option}" — the hand scores {change} (standings {standings})' in shown


def test_explain_and_report_show_the_same_scores() -> None:
    story = explained(WHIST_REVOKE)
    assert 'To choose deduct-three: write "A call deduct-three" — the hand scores A-B +3, Y-Z -3' in story
    board = reported(MISERE_LEAD)
    assert '- To choose claim: write "A call claim" — the hand is abandoned and scores A +100' in board


def test_quiet_shows_them_too() -> None:
    assert 'deduct-three: write "A call deduct-three" — the hand scores' in text_of(WHIST_REVOKE, quiet=True)


@pytest.mark.parametrize("path", [LEAD_OUT_OF_TURN, WRONG_DEALER])
def test_a_choice_that_leaves_the_score_alone_shows_only_its_lines(path: Path) -> None:
    text = text_of(path)
    assert ": write " in text and " — the hand scores" not in text and "play goes on" not in text


def test_a_line_that_leaves_another_choice_open_is_decided_by_the_next_choice() -> None:
    hand = checking.check_text(WHIST_REVOKE.read_text("utf-8")).files[0].games[0].hands[0]
    choice = hand.pending[0]
    lines = [reply.line for reply in choice.replies if reply.line is not None]
    later = Pending("Y-Z", ("accept",), choice.rule, "another choice")
    settled = replace(hand, status="complete", pending=(), score_delta={"A-B": 3, "Y-Z": 0})
    then = outcomes(hand, {lines[0]: replace(settled, pending=(later,)), lines[1]: settled})
    assert then[lines[0]] == "decided by the next choice"
    assert then[lines[1]].startswith("the hand scores A-B +3, Y-Z 0")
    assert lines[2] not in then  # not replayed: nothing said of it


def test_two_choices_answered_by_the_same_words_still_show_what_each_pair_of_answers_scores() -> None:
    """Two revokes, each with its penalty for Y-Z to choose by the same three words: a line answers the
    first choice and leaves the second open, so alone it scores nothing new, and the second choice's
    lines answer the first one first. The first choice's lines are each followed by the three answers
    to the second and what the hand then scores (nine replays), so the table sees every penalty's cost."""
    text = text_of(CASES / "whist" / "revoke-english-two-choices-order.ttn")
    first = text[text.index("penalty of B's revoke"):text.index("penalty of A's revoke")]
    for answer in ("take-three", "deduct-three", "add-three"):
        line = next(said for said in first.splitlines() if said.strip().startswith(f"{answer}:"))
        assert " — decided by the next choice: then " in line
        assert [line.count(f'then "Y call {second}", the hand scores ') for second in
                ("take-three", "deduct-three", "add-three")] == [1, 1, 1]
    assert 'deduct-three: write "Y call deduct-three", once the choice above is answered' in text


def test_an_option_whose_replay_fails_is_left_out_and_nothing_crashes(monkeypatch: pytest.MonkeyPatch) -> None:
    class Broken:
        def hand(self, record: object) -> object:
            raise RuntimeError("a bug in a law")

    real = checking._copied
    calls = iter(range(10**6))

    def copy(session: Any) -> object:
        return real(session) if next(calls) == 0 else Broken()  # the first is the state kept; replays fail

    monkeypatch.setattr(checking, "_copied", copy)
    text = text_of(WHIST_REVOKE)
    assert 'take-three: write "A call take-three"\n' in text and "the hand scores" not in text


def test_json_and_annotations_are_unchanged_and_cost_nothing(counted: Counted) -> None:
    out = io.StringIO()
    check_files([str(WHIST_REVOKE), str(MISERE_LEAD)], JsonWriter(out), None)
    check_files([str(WHIST_REVOKE)], GithubWriter(io.StringIO()), None)
    assert counted.copies == counted.replays == 0
    assert "scores" not in json.dumps([h["pending"] for f in json.loads(out.getvalue())["files"]
                                       for g in f["games"] for h in g["hands"]])


def test_an_archive_pays_a_copy_per_game_and_no_replay(counted: Counted, tmp_path: Path) -> None:
    archive = tmp_path / "evening.ttn"
    game: Any = registry()["euchre"]
    archive.write_text(game.random_game(random.Random(7), 60), "utf-8")
    text_of(archive)
    assert counted.replays == 0 and counted.copies <= text_of(archive).count(": euchre")
    counted.copies = 0
    text_of(first_game(WHIST_REVOKE, tmp_path))
    assert counted.replays == 1 and counted.copies == 1 + 3  # the state kept, then one copy per line


def test_a_worker_of_jobs_shows_the_same_words() -> None:
    """A ``--jobs`` worker renders its part with the writer a sequential run uses, so it replays the
    options too (tested in this process: the worker's own function, with no pool)."""
    for path in (WHIST_REVOKE, MISERE_LEAD, LEAD_OUT_OF_TURN, WRONG_DEALER):
        part = parallel._check_part(parallel._Task(str(path), 1, path.read_bytes(), None, "text", False))
        whole = text_of(path)
        assert part.out == whole[:whole.rindex("1 file(s)")]  # the same, but the run's summary line
    assert "the hand is abandoned and scores" in parallel._check_part(
        parallel._Task(str(MISERE_LEAD), 1, None, None, "text", False)).out  # a file to a worker, read by it


# ---- 2. a wrong deal's Next: line does not repeat the choice ---------------------------------

def test_the_wrong_dealer_choice_is_said_once() -> None:
    text = text_of(WRONG_DEALER)
    hand = text[text.index("  Hand 2, dealer C"):text.index("  Final:")]
    assert "A, B and D choose: the deal stands, or it is stopped and A deals instead" in hand
    assert "decide whether" not in hand and "Next:" not in hand
    assert 'redeal: write "redeal"' in hand and 'deal-stands: write "A call deal-stands"' in hand
    story = explained(WRONG_DEALER)
    assert "decide whether" not in story


def test_a_step_after_the_choosers_decision_is_kept() -> None:
    choice = Pending("A B D", ("redeal", "deal-stands"), "auction-pitch.deal.wrong-dealer", "A, B and D choose.")
    assert news("A, B and D decide whether A deals instead, or the deal stands; meanwhile E waits",
                [choice]) == "meanwhile E waits"
    assert news("A B D decide whether the deal stands or C deals again", [choice]) is None
    assert news("A to bid or pass", [choice]) == "A to bid or pass"
    assert news("Ann decides whether to claim", [Pending("Bob", ("claim",), "r", "Bob may claim.")]) \
        == "Ann decides whether to claim"  # another player's decision is news


# ---- 3. -o with one unusable line writes the verdict of the rest -----------------------------

@pytest.mark.parametrize("fmt", ["text", "json"])
def test_output_file_holds_the_verdict_of_the_rest(tmp_path: Path, fmt: str,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    good = (CASES / "euchre" / "revoke-established.ttn").read_text("utf-8")
    archive = tmp_path / "archive.ttn"
    archive.write_text(good + "\n" + good.replace("trick 3:", "trick 3: S XS,", 1), "utf-8")
    out = tmp_path / "verdict.out"
    out.write_text("last week's verdict\n")
    with pytest.raises(SystemExit) as leaving:
        run_check([str(archive)], fmt, None, "1", str(out), False, True)
    told = capsys.readouterr().err
    assert leaving.value.code == 2 and f"{out}: written, but some input could not be used" in told
    written = out.read_text("utf-8")
    if fmt == "json":
        verdict = json.loads(written)
        assert verdict["summary"]["errors"] == 1 and verdict["summary"]["hands"] == 1
        assert "'XS' is not a card" in verdict["files"][0]["errors"][0]["message"]
    else:
        assert "revoke by W in trick 3" in written and "1 error(s)" in written and "'XS' is not a card" in told
    assert sorted(p.name for p in tmp_path.iterdir()) == ["archive.ttn", "verdict.out"]  # no temporary file left


def test_a_refused_command_still_writes_nothing(tmp_path: Path) -> None:
    out = tmp_path / "verdict.out"
    out.write_text("last week's verdict\n")
    with pytest.raises(SystemExit):
        run_check([str(WHIST_REVOKE)], "text", None, "many", str(out), False, True)  # --jobs many: refused
    assert out.read_text() == "last week's verdict\n"


def _card_choice(card: str, chooser: str = "W", rule: str = "boston.exposed.card") -> Pending:
    return Pending(chooser, ("card", "highest"), rule, f"W may call {card}.",
                   (Reply("card", f"call {card}", f"W call {card}"), Reply("highest", "highest", "W call highest")))


def test_a_run_of_card_choices_alike_is_told_as_its_first_and_one_for_the_rest() -> None:
    """A claim of the rest lays a dozen callable cards: people read the first choice in full and
    the others as one, with every card's own line once; fewer than ALIKE_FROM stay as they are."""
    run = [_card_choice(card) for card in ("TC", "5C", "8D", "6D", "3D")]
    other = _card_choice("AS", rule="boston.revoke.corrected")
    told = alike([*run, other])
    assert [p.explanation for p in told] == [
        "W may call TC.", "Likewise for each of the 4 other cards, each a choice of its own in the same terms: "
        "5C 8D 6D 3D.", "W may call AS."]
    assert answer_lines(told[1], told[:1]) == [
        'card: write "W call 5C", "W call 8D", "W call 6D" or "W call 3D"',
        'highest: write "W call highest", once the choice above is answered (the same line answers it first)']
    assert alike(run[:ALIKE_FROM - 1]) == run[:ALIKE_FROM - 1]
