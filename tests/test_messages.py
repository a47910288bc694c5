"""Ordinary slips get a message that names the fix (issue 28): one test per slip.

Each case is what a user types by mistake; the message must say what is wrong and what to
write instead. The parser looks for these fixes only when a line fails to parse.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

CASES = Path(__file__).resolve().parent.parent / "cases"


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "referee", *args], check=False, capture_output=True, text=True,
                          timeout=120)


@pytest.mark.parametrize("command", ["explain", "report"])
def test_a_directory_given_to_explain_says_to_name_one_file_or_use_check(command: str) -> None:
    folder = CASES / "euchre"
    done = run(command, str(folder))
    assert done.returncode == 2 and done.stdout == ""
    assert f"{command} takes one transcript, not a directory" in done.stderr
    assert f"referee {command} {folder}/" in done.stderr and f"'referee check {folder}'" in done.stderr
    assert "holds no transcript" not in done.stderr


def _errors(text: str) -> list[str]:
    """The problems `text` gives, each as ``line:column: message — hint``."""
    from referee.check import check_text

    return [f"{e.line}:{e.column}: {e.message} — {e.hint}" for e in check_text(text).files[0].errors]


EUCHRE = '[Game "euchre"]\n[Players "Ann Bob Cy Di"]\n[Partners "Ann-Cy Bob-Di"]\nhand 1 dealer Di\n'


@pytest.mark.parametrize("name", ["Euchre", "EUCHRE", " euchre "])
def test_a_game_name_is_not_case_sensitive(name: str) -> None:
    from referee.check import check_text

    verdict = check_text(EUCHRE.replace('"euchre"', f'"{name}"') + "Ann pass\n")
    assert not verdict.files[0].errors and verdict.files[0].games[0].game == "euchre"


def test_a_game_name_may_be_written_with_a_space_for_its_hyphen() -> None:
    from referee.check import check_text

    verdict = check_text('[Game "French Boston"]\n[Players "A B C D"]\nhand 1 dealer D\n')
    assert not verdict.files[0].errors and verdict.files[0].games[0].game == "french-boston"
    assert run("rules", "Auction Pitch").returncode == 0 and run("new", "Boston").returncode == 0


# ---- every score says why ----------------------------------------------------------------

def test_the_text_verdict_gives_each_cause_of_the_score_under_it() -> None:
    done = run("check", str(CASES / "euchre" / "lone-euchred.ttn"))
    lines = done.stdout.splitlines()
    score = next(i for i, line in enumerate(lines) if line.startswith("    Score: "))
    assert lines[score + 1] == ("    Why: E-W, the makers (alone), took 2 tricks: euchred: N-S +2 points "
                                "[euchre.score.euchre]")


def test_explain_gives_the_same_causes_as_the_text_and_the_desk_one_line_each() -> None:
    """One source: the verdict's ledger, which the desk shows as a table."""
    from referee.check import check_text
    from referee.output.render import cause_lines

    path = CASES / "boston" / "caller-fails-nine-by-three.ttn"
    hand = check_text(path.read_text("utf-8")).files[0].games[0].hands[0]
    causes = cause_lines(hand)
    assert causes == ["A failed in 9, put in for 3: A -251, Y +57, B +57, Z +57 white; pool +8 red "
                      "[boston.pay.failure, boston.pool.double]"]
    assert {e.cause for e in hand.ledger} == {c.split(":")[0] for c in causes}
    assert f"    Why: {causes[0]}\n" in run("check", str(path)).stdout
    told = " ".join(run("explain", str(path)).stdout.split())
    assert f"Why: {causes[0]}." in told


def test_a_hand_without_movements_has_no_why_line() -> None:
    done = run("check", str(CASES / "euchre" / "lead-out-of-turn-dispute.ttn"))
    assert "Score: N-S 0, E-W 0" in done.stdout and "Why:" not in done.stdout


# ---- --format github: levels ---------------------------------------------------------------

@pytest.mark.parametrize("case, level", [
    ("revoke-established", "error"),  # penalised: N-S score 2
    ("revoke-corrected", "warning"),  # taken back in time: no penalty
    ("bid-out-of-turn", "warning"),  # the call is void, the turn restored
    ("exposed-card-choice-open", "notice"),  # the table still has to choose
])
def test_github_annotations_have_the_level_of_the_finding(case: str, level: str) -> None:
    done = run("check", "--format", "github", str(CASES / "euchre" / f"{case}.ttn"))
    annotations = [line for line in done.stdout.splitlines() if line.startswith("::")]
    assert annotations and all(line.startswith(f"::{level} ") for line in annotations), annotations


def test_an_open_choice_is_a_notice_that_names_the_options() -> None:
    done = run("check", "--format", "github", str(CASES / "euchre" / "exposed-card-choice-open.ttn"))
    assert "Open: N, E, S and W to choose leave-exposed | redeal." in done.stdout


def test_a_disagreement_with_recorded_is_an_error(tmp_path: Path) -> None:
    path = tmp_path / "wrong.ttn"
    path.write_text((CASES / "euchre" / "revoke-corrected.ttn").read_text("utf-8")
                    .replace("recorded N-S +1", "recorded N-S +2"), "utf-8")
    done = run("check", "--format", "github", str(path))
    assert "::warning " in done.stdout and "::error " in done.stdout
    assert next(line for line in done.stdout.splitlines() if line.startswith("::error ")).count("recorded result")


# ---- ordinary slips: the message names the fix ----------------------------------------------

@pytest.mark.parametrize("typed, message, hint", [
    # a word per event kind, inflected as English would have it, or misspelt
    ("Ann passes", "'passes' is not an event", "did you mean 'pass'? events are written with the word as it is: "
                                               "'Ann pass'"),
    ("Ann passed", "'passed' is not an event", "'Ann pass'"),
    ("Ann pas", "'pas' is not an event", "did you mean 'pass'?"),
    ("Ann Pass", "'Pass' is not an event", "did you mean 'pass'?"),
    ("Bob orders", "'orders' is not an event", "'Bob order'"),
    ("Bob ordered", "'ordered' is not an event", "'Bob order'"),
    ("Di discards TS", "'discards' is not an event", "did you mean 'discard'? events are written with the word "
                                                      "as it is: 'Di discard TS'"),
    ("Di discarded TS", "'discarded' is not an event", "'Di discard TS'"),
    ("Cy names hearts", "'names' is not an event", "'Cy name hearts'"),
    ("Cy named hearts", "'named' is not an event", "'Cy name hearts'"),  # read as 'name' and the suit 'd'
    ("Cy goes alone", "'goes' is not an event", "'Cy alone'"),
    ("Ann exposes KC", "'exposes' is not an event", "'Ann expose KC'"),
    ("Ann retracted KC", "'retracted' is not an event", "'Ann retract KC'"),
    ("Ann calls highest", "'calls' is not an event", "'Ann call highest'"),
    ("Ann accepts", "'accepts' is not an event", "'Ann accept'"),
    ("Ann concedes", "'concedes' is not an event", "'Ann concede'"),
    ("Ann plays JH", "'plays' is not an event", "a card played is written as the player and the card: 'Ann JH'"),
    ("Ann leads JH", "'leads' is not an event", "'Ann JH'"),
    ("Ann order up", "'order up' is written 'order'", "write 'Ann order'"),
    # a card with the suit first
    ("Ann S10", "'S10' is not a card", "did you mean '10S'? a card is its rank, then its suit"),
    ("Ann hj", "'hj' is not a card", "did you mean 'JH'?"),
    ("Ann ♥J", "'♥J' is not a card", "did you mean 'J♥'?"),
    ("deal Ann: SA 9H TH JD KC", "'SA' is not a card", "did you mean 'AS'?"),
    # a ':' after the player, a missing comma
    ("trick 1: Ann: JH", "unexpected ':' after the player 'Ann'", "without ':' — 'Ann JH'"),
    ("Ann pass Bob pass", "a ',' is missing before 'Bob'", "'Ann pass, Bob pass'"),
    ("trick 1: Ann JH, Bob 9H Cy TH", "a ',' is missing before 'Cy'", "'trick 1: Ann JH, Bob 9H, Cy TH'"),
    ("Ann JH Bob 9H Cy TH Di KH", "a ',' is missing before 'Bob'", "'Ann JH, Bob 9H, Cy TH, Di KH'"),  # every one
    ("Ann pass; Bob pass", "unexpected ';' between events", "'Ann pass, Bob pass'"),
    ("Ann pass. Bob order", "unexpected '.' between events", "'Ann pass, Bob order'"),
    ("Ann JH.", "unexpected '.' at the end of the line", "'Ann JH'"),
    ("Ann ordered up", "'ordered' is not an event", "'Ann order'"),
    ("Ann 10 H", "'10' is not a card", "did you mean '10H'? a card is written without a space"),
    ("recorded AnnCy +1", "recorded 'AnnCy' is neither a side of this game nor 'pool'", "did you mean 'Ann-Cy'?"),
])
def test_a_slip_gets_a_message_that_names_the_fix(typed: str, message: str, hint: str) -> None:
    errors = _errors(EUCHRE + "upcard 9H\n" + typed + "\n")
    assert len(errors) == 1 and message in errors[0] and hint in errors[0], errors
    assert errors[0].startswith("6:")


def test_the_column_points_at_the_slip() -> None:
    assert _errors(EUCHRE + "Ann passes\n")[0].startswith("5:5: 'passes'")
    assert _errors(EUCHRE + "Di discards TS\n")[0].startswith("5:4: 'discards'")
    assert _errors(EUCHRE + "trick 1: Ann: JH\n")[0].startswith("5:13: unexpected ':'")


def test_a_syntax_error_lists_only_the_words_of_this_files_game() -> None:
    """Euchre has no 'pitch', 'sell', 'spread', 'demand' or 'keep-over': they are not offered."""
    error = _errors(EUCHRE + "Ann frobnicate\n")[0]
    assert "'order'" in error and "'alone'" in error and "'pass'" in error
    for other in ("'pitch'", "'sell'", "'spread'", "'demand'", "keep-over", "'bid'"):
        assert other not in error, error
    boston = _errors('[Game "boston"]\n[Players "A B C D"]\nhand 1 dealer D\nA frobnicate\n')[0]
    assert "keep-over" in boston and "'spread'" in boston and "'order'" not in boston


def test_a_word_of_another_game_is_named_as_such() -> None:
    error = _errors(EUCHRE + "Ann sells\n")[0]
    assert "'sells' is not an event of this game" in error and "order, pass" in error


def test_a_bid_of_another_game_is_a_finding_that_lists_this_games_words() -> None:
    from referee.check import check_text

    hand = check_text(EUCHRE + "upcard 9H\nAnn bid 3\n").files[0].games[0].hands[0]
    finding = hand.irregularities[0]
    assert finding.kind == "inconsistent-transcript"
    assert "'bid 3' has no meaning in euchre" in finding.explanation
    assert "euchre's own words: alone, concede, discard, look, name, order, pass" in finding.explanation


@pytest.mark.parametrize("players, typed, hint", [
    ("N E S W", "North pass", "did you mean 'N'?"),
    ("Ann Bob Cy Dan", "North pass", "'North' is a seat: write the name of the player who sat there"),
])
def test_a_seat_name_in_place_of_a_player(players: str, typed: str, hint: str) -> None:
    first, _, third, _ = players.split()
    names = players.split()
    header = (f'[Game "euchre"]\n[Players "{players}"]\n[Partners "{first}-{third} {names[1]}-{names[3]}"]\n'
              f"hand 1 dealer {names[3]}\n")
    error = _errors(header + typed + "\n")[0]
    assert "player 'North' is not a player of this game" in error and hint in error and f"players: {players}" in error


def test_a_recorded_player_in_a_partnership_game_is_an_error_with_the_side_to_write() -> None:
    error = _errors(EUCHRE + "recorded Ann +2\n")
    assert error == ["5:10: recorded 'Ann' is a player, but this game is scored by side — scores are by side "
                     "here: write 'recorded Ann-Cy +2' (sides: Ann-Cy, Bob-Di)"]


def test_the_normal_path_never_asks_for_the_games_words() -> None:
    """The words of the game are worked out only to explain a line that does not parse."""
    from referee.notation.reader import parse_line

    def never() -> frozenset[str]:
        raise AssertionError("asked for the game's words on a line that parses")

    for line in ("trick 1: Ann JH, Bob 9H", "Ann pass, Bob order", "Di discard TS", "recorded Ann-Cy +1"):
        assert not hasattr(parse_line(line, 1, never), "message")


@pytest.mark.parametrize("header, message, hint", [
    ('[Players "Ann, Bob, Cy, Di"]\n[Partners "Ann-Cy Bob-Di"]', "2:14: the players are separated by ','",
     'separate them with spaces: [Players "Ann Bob Cy Di"]'),
    ('[Players "Ann Bob Cy Di"]\n[Partners "Ann/Cy Bob&Di"]', "3:12: partnership 'Ann/Cy' is not written with '-'",
     "write the partners joined by '-': Ann-Cy"),
])
def test_a_header_slip_gets_one_message_with_the_fix(header: str, message: str, hint: str) -> None:
    errors = _errors(f'[Game "euchre"]\n{header}\n')
    assert errors[0].startswith(message) and hint in errors[0], errors
    assert not any("is not a player" in e or "is not a name" in e for e in errors), errors
