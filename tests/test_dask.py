"""The Dask recipe: an archive of many files checked with dask.bag gives ``referee check``'s verdict."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from referee.archive import check_path, check_with_dask, merge
from referee.check import Collector, check_files

pytest.importorskip("dask.bag", reason="the dask extra is not installed (pip install -e '.[dask]')")

CASES = Path(__file__).resolve().parent.parent / "cases"


def test_dask_on_the_local_scheduler_matches_referee_check(tmp_path: Path) -> None:
    archive = tmp_path / "archive"
    archive.mkdir()
    for game in sorted(p for p in CASES.iterdir() if p.is_dir()):
        for case in sorted(game.glob("*.ttn"))[:3]:
            shutil.copy(case, archive / f"{game.name}-{case.name}")
    (archive / "broken.ttn").write_text('[Game "euchre"]\n[Players "N E S W"]\n[Partners "N-S E-W"]\nhand 1 dealer '
                                        'W\nN XS\n',
                                        "utf-8")
    paths = [str(p) for p in sorted(archive.iterdir())] + [str(archive / "missing.ttn")]
    verdict = check_with_dask(paths, npartitions=3, scheduler="processes", num_workers=2)
    cli = subprocess.run(check=False, args=[sys.executable, "-m", "referee", "check", "--format", "json", *paths],
                         capture_output=True, text=True, timeout=300)
    assert verdict.to_dict() == json.loads(cli.stdout)
    assert verdict.exit_code == cli.returncode == 2


def test_merge_of_single_files_is_the_run_over_all() -> None:
    paths = [str(p) for p in sorted((CASES / "euchre").glob("*.ttn"))[:4]]
    collector = Collector()
    check_files(paths, collector)
    assert merge([check_path(p) for p in paths]).to_dict() == collector.verdict.to_dict()


def _documented_recipe() -> str:
    library = (CASES.parent / "docs" / "library.md").read_text("utf-8")
    section = library[library.index("## Beyond one machine"):]
    return section[section.index("```python\n") + len("```python\n"):section.index("\n```", section.index("```python"))]


def test_the_documented_recipe_runs_as_a_script_and_prints_the_clis_json(tmp_path: Path) -> None:
    """The recipe as written in docs/library.md, saved as a script: its output is byte for byte
    ``referee check --format json`` on the same files (non-ASCII names included)."""
    archive = tmp_path / "archive" / "club"
    archive.mkdir(parents=True)
    for case in sorted((CASES / "euchre").glob("*.ttn"))[:3]:
        shutil.copy(case, archive / case.name)
    text = (CASES / "euchre" / "revoke-established.ttn").read_text("utf-8")
    for old, new in (("N E S W", "Zoë E S W"), ("N-S", "Zoë-S"), ("\nN ", "\nZoë "), (", N ", ", Zoë "),
                     ("deal N:", "deal Zoë:")):
        text = text.replace(old, new)
    (archive / "zoë.ttn").write_text(text, "utf-8")
    script = tmp_path / "check_archive.py"
    script.write_text(_documented_recipe().replace("num_workers=8", "num_workers=2"), "utf-8")
    done = subprocess.run([sys.executable, str(script)], cwd=tmp_path, capture_output=True, timeout=300)
    assert done.returncode == 0, done.stderr.decode()
    paths = sorted(str(p.relative_to(tmp_path)) for p in archive.glob("*.ttn"))
    cli = subprocess.run([sys.executable, "-m", "referee", "check", "--format", "json", *paths], cwd=tmp_path,
                         capture_output=True, timeout=300)
    assert "Zoë" in cli.stdout.decode("utf-8")
    assert done.stdout == cli.stdout
