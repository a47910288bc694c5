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
