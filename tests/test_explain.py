"""``referee explain``: every case's story names every hand, trick, finding and rule, in order."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from referee.cli import app
from referee.games import registry
from referee.output.choosing import named
from referee.output.explain import explain_file
from referee.output.story import story_of_file

CASES = Path(__file__).resolve().parent.parent / "cases"
TRANSCRIPTS = sorted(CASES.glob("*/*.ttn"))
runner = CliRunner()


@pytest.mark.parametrize("transcript", TRANSCRIPTS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_the_story_tells_everything_the_verdict_says(transcript: Path, case_story: Callable[[Path], Any]) -> None:
    story = case_story(transcript)
    text = explain_file(story)
    for game in story.games:
        rules = registry()[game.verdict.game].rulebook.rules
        for hand in game.hands:
            v = hand.verdict
            assert f"Hand {v.number} — {v.dealer} deals ({v.status})" in text
            for trick in v.tricks:
                leader, card = trick.plays[0]
                assert f"Trick {trick.number}: {leader} leads {card}" in text
                if trick.winner:
                    assert f"{trick.winner} wins it with" in text
            for finding in v.irregularities:
                assert f"Line {finding.at.line}, column {finding.at.column}: {finding.kind}" in text
                assert f"Rule {finding.rule}" in text
                if finding.rule in rules:  # the plain words are quoted once, the first time
                    assert " ".join(rules[finding.rule].text.split()[:6]) in " ".join(text.split())
            for pending in v.pending:
                assert f"Still to choose: {named(pending.chooser)} may choose" in text
    assert text.count("Score for the hand:") == sum(len(g.hands) for g in story.games)


def test_steps_follow_the_transcript_and_the_revoke_is_told_where_it_happened() -> None:
    text = explain_file(story_of_file(str(CASES / "euchre" / "revoke-established.ttn")))
    order = ["The deal:", "Line 13: N passes, E passes, S orders up.", "Contract: trump hearts",
             "Trick 3: S leads AS", "! Line 17, column 16: revoke by W in trick 3 (established).",
             "Rule euchre.revoke.established — Revoke established:", "Trick 4:", "Penalty:",
             "Score for the hand: N-S +2, E-W 0", "The table recorded N-S +2: that agrees with the laws."]
    positions = [text.index(part) for part in order]
    assert positions == sorted(positions)


def test_cli_hand_option_and_exit_status() -> None:
    path = str(CASES / "euchre" / "revoke-established.ttn")
    result = runner.invoke(app, ["explain", path, "--hand", "1"])
    assert result.exit_code == 1 and "Hand 1 — W deals" in result.stdout
    missing = runner.invoke(app, ["explain", path, "--hand", "7"])
    assert missing.exit_code == 2 and "there is no hand 7" in missing.stderr
    clean = runner.invoke(app, ["explain", str(CASES / "euchre" / "notation-example-lone-hand.ttn")])
    assert clean.exit_code == 0 and "goes alone" in clean.stdout


def test_unusable_input_is_a_clean_message(tmp_path: Path) -> None:
    result = runner.invoke(app, ["explain", str(tmp_path / "nope.ttn")])
    assert result.exit_code == 2 and "no such file" in result.stderr and "Traceback" not in result.output
    bad = tmp_path / "bad.ttn"
    bad.write_text('[Game "euchre"]\n[Players "N E S W"]\n[Partners "N-S E-W"]\nhand 1 dealer W\nN XS\n', "utf-8")
    result = runner.invoke(app, ["explain", str(bad)])
    assert result.exit_code == 2 and f"{bad}:5:3: 'XS' is not a card" in result.stderr


def test_the_readme_gallery_shows_real_output(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(CASES.parent)  # the gallery names the case from the repository's root
    readme = Path("README.md").read_text("utf-8")
    command = "$ referee explain cases/euchre/lead-out-of-turn-dispute.ttn\n"
    shown = readme[readme.index(command) + len(command):].split("```", 1)[0]
    assert shown == explain_file(story_of_file("cases/euchre/lead-out-of-turn-dispute.ttn"))


def test_a_trick_won_by_a_bower_says_it_is_a_trump() -> None:
    """Hearts are trump: the JD is the left bower, a trump, though its printed suit is diamonds."""
    text = explain_file(story_of_file(str(CASES / "euchre" / "revoke-corrected.ttn")))
    assert "N wins it with JH, the right bower, a trump." in text
    assert "S wins it with JD, the left bower, a trump." in text
    assert "S wins it with AS, the best card of the suit led." in text


def test_a_game_begun_without_a_header_is_told_as_a_game_of_its_own() -> None:
    """Auction Pitch: a hand after the game was won starts a new game; the story tells both."""
    story = story_of_file(str(CASES / "auction-pitch" / "play-after-game-won.ttn"))
    assert [[h.verdict.number for h in g.hands] for g in story.games] == [[1], [2]]
    text = explain_file(story)
    assert "A wins the game." in text and "Hand 2 — D deals (complete)" in text


def test_a_game_the_header_shows_won_is_told_as_won_before_its_hands() -> None:
    """A [Score] at the target: that game has no hand, and the story says why it is won, not 'wins'."""
    text = explain_file(story_of_file(str(CASES / "whist" / "score-tag-past-target.ttn")))
    assert "A-B won it before any hand written here: the header's score stands at the game's target." in text
    assert "Y-Z won it before any hand written here" in text and "A-B wins the game." not in text
