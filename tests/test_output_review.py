"""What `referee` tells a club player settling a dispute, and an engineer reading annotations.

Each test stands for a shortfall found reading the output as they would: the options of an
open choice without the line that takes them, the same choice said twice, the score of a
hand still being played read as its result, a score change in another order than the
standings under it, and a GitHub annotation showing another finding's choice.
"""

from __future__ import annotations

import io
from pathlib import Path

from referee.check import check_files, check_text
from referee.output.explain import explain_file
from referee.output.outputs import GithubWriter
from referee.output.render import TextWriter
from referee.output.report import report
from referee.output.story import story_of_text

CASES = Path(__file__).resolve().parent.parent / "cases"

BOSTON_LEAD = """[Game "boston"]
[Players "A Y B Z"]

hand 1 dealer Z
upcard 9H
A bid 7, Y pass, B pass, Z pass
A name spades
trick 1: A 2H, Y 3H, B 4H, Z AH
trick 2: Y QH
"""

EUCHRE_CLAIM = "[Game ".join((CASES / "euchre" / "revoke-claim-open.ttn").read_text("utf-8").split("[Game ")[:2])
"""N claims during trick 4 that W revoked in trick 3; nothing settles it yet (the case's first game)."""


def check_text_output(path: Path) -> str:
    out = io.StringIO()
    check_files([str(path)], TextWriter(out, io.StringIO()), None)
    return out.getvalue()


def github_output(path: Path) -> str:
    out = io.StringIO()
    check_files([str(path)], GithubWriter(out), None)
    return out.getvalue()


def write(tmp_path: Path, text: str, name: str = "dispute.ttn") -> Path:
    path = tmp_path / name
    path.write_text(text, "utf-8")
    return path


def test_each_option_of_an_open_choice_comes_with_the_line_that_takes_it(tmp_path: Path) -> None:
    text = check_text_output(write(tmp_path, BOSTON_LEAD))
    assert '      suit: write "A call spades", "A call hearts", "A call diamonds" or "A call clubs"\n' in text
    assert '      card: write "A call QH"\n' in text
    assert '      accept: write "A accept"\n' in text


def test_a_line_two_open_choices_share_says_which_it_answers_first(tmp_path: Path) -> None:
    """Two cards out of turn give N-S two choices with the same suit calls; a call answers the one
    listed first (the order a call answers them), so the second says it waits for that one."""
    case = (CASES / "euchre" / "two-choices-answer-order.ttn").read_text("utf-8")
    first_game = "[Game ".join(case.split("[Game ")[:2])
    hand = check_text_output(write(tmp_path, first_game))
    suit = '      suit: write "N call spades", "N call hearts", "N call diamonds" or "N call clubs"'
    assert hand.count(suit + "\n") == 1  # the first choice's: no word of waiting
    assert hand.count(suit + ", once the choice above is answered (the same line answers it first)\n") == 1
    assert '      card: write "N call 9S"\n' in hand  # a card names its own choice


def test_a_choice_is_not_said_again_as_what_happens_next(tmp_path: Path) -> None:
    text = check_text_output(write(tmp_path, BOSTON_LEAD))
    assert "Pending: A to choose: suit | card | accept" in text and "Next: A to choose" not in text


def test_an_open_revoke_claim_is_told_once_then_whose_turn_it_is(tmp_path: Path) -> None:
    text = check_text_output(write(tmp_path, EUCHRE_CLAIM))
    assert text.count("N's claim that W revoked in trick 3 is open") == 1
    assert "    Next: N to play to trick 4\n" in text
    assert "show-hand: write the accused player's cards as a deal line" in text


def test_the_score_of_a_hand_still_being_played_says_so(tmp_path: Path) -> None:
    text = check_text_output(write(tmp_path, BOSTON_LEAD))
    assert "    Score: A 0, Y 0, B 0, Z 0 → A 0, Y 0, B 0, Z 0; pool 4 (so far: the hand is not settled yet)\n" in text
    done = check_text_output(CASES / "euchre" / "revoke-established.ttn")
    assert "so far" not in done


def test_the_score_change_is_in_the_order_of_the_standings() -> None:
    text = check_text_output(CASES / "french-boston" / "caller-lead-out-of-turn-next-renounces.ttn")
    assert "    Score: N -10, E 0, S 0, W 0 → N -10, E 0, S 0, W 0; pool 10" in text


def test_explain_and_report_give_the_lines_too() -> None:
    story = story_of_text(BOSTON_LEAD)
    told = explain_file(story)
    assert 'To choose card: write "A call QH".' in told
    assert "What happens now: A to choose" not in told
    assert "(so far: the hand is not settled yet)." in told
    markdown = report(story, "markdown")
    assert '- To choose accept: write "A accept".' in markdown
    assert "### Score (so far: the hand is not settled yet)" in markdown


def test_each_revoke_annotation_shows_its_own_open_choice() -> None:
    """Two revokes, each side choosing the penalty of the other's: A's revoke is Y-Z's to
    punish, never shown with A-B's choice about Y's."""
    lines = github_output(CASES / "whist" / "both-revoke-english.ttn").splitlines()
    a, y = lines[0], lines[1]
    assert "revoke by A in trick 4" in a and "Open: Y-Z to choose" in a and "Open: A-B" not in a
    assert "revoke by Y in trick 6" in y and "Open: A-B to choose" in y and "Open: Y-Z" not in y
    assert 'To choose add-three: write "Y call add-three".' in a


def test_a_card_out_of_turn_whose_penalty_was_chosen_is_not_shown_open() -> None:
    """D's card out of turn was answered (B called highest); the choice still open is about E's."""
    lines = github_output(CASES / "auction-pitch" / "dispute-two-cards-out-of-turn.ttn").splitlines()
    d = next(line for line in lines if "play-out-of-turn by D" in line)
    e = next(line for line in lines if "play-out-of-turn by E" in line)
    assert d.startswith("::error ") and "Open:" not in d
    assert e.startswith("::notice ") and "Open: B to choose" in e


def test_the_verdict_json_is_unchanged_by_the_lines() -> None:
    """The lines are the writers' for people: the JSON contract names the options only."""
    verdict = check_text(BOSTON_LEAD)
    pending = verdict.files[0].games[0].hands[0].to_dict()["pending"]
    assert pending[0]["options"] == ["suit", "card", "accept"] and set(pending[0]) == {
        "chooser", "options", "rule", "explanation"}


def test_the_cli_pages_synopsis_names_every_option_of_every_command() -> None:
    """docs/cli.md opens with each command's line; an option `--help` shows must be on it."""
    import typer

    from referee.cli import app

    cli = (CASES.parent / "docs" / "cli.md").read_text("utf-8")
    synopsis = cli[cli.index("```sh\n") + 6:cli.index("```", cli.index("```sh\n") + 6)]
    commands = typer.main.get_command(app).commands  # type: ignore[attr-defined]  # a group's
    assert {"check", "explain", "report", "fmt", "new", "rules", "serve"} <= set(commands)
    for name, command in commands.items():
        joined = synopsis.replace("\n  ", " ")  # a command's line may run on to the next, indented
        line = next(line for line in joined.splitlines() if line.startswith(f"referee {name} "))
        words = set(line.replace("[", " ").replace("]", " ").replace("=", " ").split())
        for param in command.params:
            if param.param_type_name == "option" and "--help" not in param.opts:
                assert words & set(param.opts), f"{name}: {param.opts} missing from docs/cli.md"


def test_quiet_shows_a_hand_whose_revoke_claim_is_still_open(tmp_path: Path) -> None:
    """No finding yet, but a dispute to settle: --quiet hid the very hand the table asked about."""
    from referee.output.outputs import Quiet

    out = io.StringIO()
    check_files([str(write(tmp_path, EUCHRE_CLAIM))], Quiet(TextWriter(out, io.StringIO())), None)
    assert "Pending: N to choose: show-hand | play-on" in out.getvalue()
    clean = io.StringIO()
    check_files([str(CASES / "euchre" / "march.ttn")], Quiet(TextWriter(clean, io.StringIO())), None)
    assert len(clean.getvalue().splitlines()) == 1


def test_report_of_a_hand_the_file_lacks_prints_nothing_but_the_error(tmp_path: Path) -> None:
    """As explain: a report of the header and final score alone, under a missing hand, read as
    if the hand had been found."""
    from referee.output.story import story_of_file

    story = story_of_file(str(write(tmp_path, EUCHRE_CLAIM)))
    assert report(story, "markdown", hand_number=3) == ""
    assert "# Ruling: Euchre" in report(story, "markdown", hand_number=1)
    two = story_of_file(str(CASES / "euchre" / "two-games-one-file.ttn"))
    assert report(two, "markdown", hand_number=2).count("## Final scores") == sum(
        any(h.verdict.number == 2 for h in g.hands) for g in two.games)


def test_the_next_step_after_a_choice_reads_on_from_the_choice() -> None:
    """``B to choose: …; then A to play`` under B's choice says only whose play follows."""
    text = check_text_output(CASES / "auction-pitch" / "out-of-turn-offender-plays-pending.ttn")
    assert "    Next: A to play to trick 2\n" in text and "Next: then" not in text


def test_explain_of_a_directory_without_transcripts_names_no_file_it_lacks(tmp_path: Path) -> None:
    """It suggested ``referee explain DIR/GAME.ttn``, a file that is not there."""
    from typer.testing import CliRunner

    from referee.cli import app

    done = CliRunner().invoke(app, ["explain", str(tmp_path)])
    assert done.exit_code == 2 and "GAME.ttn" not in done.output and "holds none" in done.output
    write(tmp_path, EUCHRE_CLAIM, "tonight.ttn")
    done = CliRunner().invoke(app, ["explain", str(tmp_path)])
    assert done.exit_code == 2 and f"referee explain {tmp_path / 'tonight.ttn'}" in done.output
