"""The games are found by name, and a game's package is imported only when a transcript needs it."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import referee.games
from referee.games import registry

CASE = Path(__file__).resolve().parent.parent / "cases" / "euchre" / "revoke-established.ttn"


def test_every_package_plays_the_game_of_its_name() -> None:
    games = registry()
    packages = Path(referee.games.__file__).parent
    found = sorted(p.name.replace("_", "-") for p in packages.iterdir() if (p / "__init__.py").is_file())
    assert sorted(games) == found and {"euchre", "auction-pitch", "boston", "french-boston", "whist"} <= set(found)
    for name in games:
        assert games[name].name == name


def test_checking_a_euchre_transcript_imports_no_other_game() -> None:
    """A game is a dozen modules: a run that checks one game pays for that one only."""
    probe = ("import sys\nfrom referee.check import check_text\n"
             f"check_text(open({str(CASE)!r}).read())\n"
             "print(' '.join(sorted(m for m in sys.modules if m.count('.') == 2 and m.startswith('referee.games.'))))")
    loaded = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout.split()
    assert loaded == ["referee.games.euchre"], loaded
