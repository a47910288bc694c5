"""``referee new``, house rules from a YAML file (``--rules club.yaml``) and ``referee rules --rules``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from referee.check import check_text
from referee.cli import app
from referee.games import registry
from referee.output.fmt import format_text

CASES = Path(__file__).resolve().parent.parent / "cases"
runner = CliRunner()


@pytest.mark.parametrize("game", sorted(registry()))
def test_new_prints_a_template_that_checks_cleanly(game: str) -> None:
    result = runner.invoke(app, ["new", game])
    assert result.exit_code == 0
    text = result.stdout
    verdict = check_text(text)
    assert verdict.exit_code == 0 and not verdict.files[0].errors
    (checked,) = verdict.files[0].games
    assert checked.game == game and len(checked.hands) == 1
    assert "# deal" in text and "# recorded" in text and f"referee rules {game}" in text
    assert format_text(text) == text  # the template is already in canonical form


def test_new_unknown_game() -> None:
    result = runner.invoke(app, ["new", "bridge"])
    assert result.exit_code == 2 and "unknown game 'bridge'" in result.stderr


def _json(*args: str) -> dict:  # type: ignore[type-arg]
    result = runner.invoke(app, ["check", "-f", "json", *args])
    return json.loads(result.stdout)  # type: ignore[no-any-return]


def test_a_house_rules_file_is_the_inline_text(tmp_path: Path) -> None:
    club = tmp_path / "club.yaml"
    club.write_text("# our club\nstick-the-dealer: true\ntarget: 5\nout-of-turn: somerset\n", "utf-8")
    case = str(CASES / "euchre" / "march.ttn")
    from_file = _json("--rules", str(club), case)
    inline = _json("--rules", "stick-the-dealer; target=5; out-of-turn=somerset", case)
    assert from_file == inline
    assert from_file["files"][0]["games"][0]["rules"]["target"] == 5
    explained = runner.invoke(app, ["explain", "--rules", str(club), case])
    assert "House rules: stick-the-dealer; target=5; out-of-turn=somerset." in explained.stdout


@pytest.mark.parametrize("content, words", [
    ("- stick-the-dealer\n", "a list of 'option: value' lines"),
    ("target: [1, 2]\n", "is not an 'option: value' line"),
    ("target: 11\n  bad: : indent\n", "cannot read the house rules"),
    ("target: eleven\n", "--rules: house rule 'target' takes a whole number"),
    ("stick-the-dealr: true\n", "unknown house rule 'stick-the-dealr'"),
])
def test_bad_house_rules_files_are_clean_messages(tmp_path: Path, content: str, words: str) -> None:
    club = tmp_path / "club.yaml"
    club.write_text(content, "utf-8")
    result = runner.invoke(app, ["check", "--rules", str(club), str(CASES / "euchre" / "march.ttn")])
    assert result.exit_code == 2 and words in result.stderr and "Traceback" not in result.output


def test_missing_house_rules_file() -> None:
    result = runner.invoke(app, ["check", "--rules", "nowhere.yaml", str(CASES / "euchre" / "march.ttn")])
    assert result.exit_code == 2 and "nowhere.yaml: no such house-rules file" in result.stderr


def test_rules_shows_what_a_house_rules_file_changes(tmp_path: Path) -> None:
    club = tmp_path / "club.yml"
    club.write_text("stick-the-dealer: true\ntarget: 5\n", "utf-8")
    result = runner.invoke(app, ["rules", "euchre", "--rules", str(club)])
    assert result.exit_code == 0
    assert "stick-the-dealer (default off;" in result.stdout and "; here on)" in result.stdout
    assert "; here 5)" in result.stdout
    bad = runner.invoke(app, ["rules", "euchre", "--rules", "target=x"])
    assert bad.exit_code == 2 and "target" in bad.stderr
