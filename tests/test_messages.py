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
    assert "Open: N E S W to choose leave-exposed | redeal." in done.stdout


def test_a_disagreement_with_recorded_is_an_error(tmp_path: Path) -> None:
    path = tmp_path / "wrong.ttn"
    path.write_text((CASES / "euchre" / "revoke-corrected.ttn").read_text("utf-8")
                    .replace("recorded N-S +1", "recorded N-S +2"), "utf-8")
    done = run("check", "--format", "github", str(path))
    assert "::warning " in done.stdout and "::error " in done.stdout
    assert next(line for line in done.stdout.splitlines() if line.startswith("::error ")).count("recorded result")
