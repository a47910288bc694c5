"""The compiled core (``REFEREE_COMPILE=1 pip install .``, mypyc) gives byte for byte the JSON
of the pure package: on every case, and on random archives of every game (their planted
irregularities included), by one process and by ``--jobs 2``.

It needs a second environment with the compiled build: the interpreter named by
``REFEREE_COMPILED_PYTHON`` (``.ci/run`` builds one in ``.venv-ci-compiled``), else
``.venv-compiled/bin/python`` beside this checkout. Without one the tests skip and say how to
build it. The pure side is this interpreter (run from the compiled one, the tests skip).
"""

from __future__ import annotations

import ast
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from referee.games import registry

ROOT = Path(__file__).resolve().parent.parent
CASES = sorted(str(p) for p in (ROOT / "cases").glob("*/*.ttn"))
COMPILED = Path(os.path.abspath(os.environ.get("REFEREE_COMPILED_PYTHON") or ROOT / ".venv-compiled/bin/python"))
WHERE = "import referee.notation.common_lines as m; print(m.__file__)"


def _compiled_python() -> str:
    import referee.notation.common_lines as here

    if not (here.__file__ or "").endswith(".py"):
        pytest.skip("this interpreter runs the compiled build: run the comparison from the pure environment")
    if not COMPILED.exists():
        pytest.skip(f"no compiled build at {COMPILED}: build one with `python3 -m venv .venv-compiled && "
                    "REFEREE_COMPILE=1 .venv-compiled/bin/pip install .` (or set REFEREE_COMPILED_PYTHON)")
    found = subprocess.run([str(COMPILED), "-c", WHERE], capture_output=True, text=True, cwd="/", timeout=60)
    if found.returncode != 0 or not found.stdout.strip().endswith(".so"):
        pytest.skip(f"{COMPILED} has referee installed without its compiled core (was it built with "
                    f"REFEREE_COMPILE=1 and a C compiler?): {found.stdout.strip() or found.stderr[-300:]}")
    return str(COMPILED)


def _verdicts(python: str, paths: list[str], *options: str) -> subprocess.CompletedProcess[bytes]:
    # run from / so that neither side imports the checkout's sources instead of its install
    return subprocess.run([python, "-m", "referee", "check", "--format", "json", *options, *paths],
                          capture_output=True, cwd="/", timeout=600)


def _same(paths: list[str], *options: str) -> None:
    compiled = _verdicts(_compiled_python(), paths, *options)
    pure = _verdicts(sys.executable, paths, *options)
    assert compiled.returncode == pure.returncode, compiled.stderr[-2000:]
    assert compiled.stdout == pure.stdout
    assert len(pure.stdout) > 1000


def test_every_case_gives_the_same_json() -> None:
    _same(CASES)


@pytest.mark.parametrize("game", sorted(name for name, game in registry().items() if hasattr(game, "random_game")))
def test_random_archives_give_the_same_json(game: str, tmp_path: Path) -> None:
    rules = registry()[game]
    text = "".join(rules.random_game(random.Random(seed), 10) for seed in range(40))  # type: ignore[attr-defined]
    path = tmp_path / f"{game}.ttn"
    path.write_text(text, "utf-8")
    _same([str(path)])


def test_a_long_archive_by_two_workers_gives_the_same_json(tmp_path: Path) -> None:
    """Long enough for lines read again by splitting them (`common_lines.CommonLines._read_known`),
    and the records pickled between the workers and the writer."""
    euchre = registry()["euchre"]
    text = "".join(euchre.random_game(random.Random(1000 + seed), 10) for seed in range(100))  # type: ignore[attr-defined]
    path = tmp_path / "long.ttn"
    path.write_text(text, "utf-8")
    _same([str(path)], "--jobs", "2")


def _setup_lists() -> dict[str, Any]:
    """setup.py's `COMPILED_PACKAGES` and `NOT_COMPILED`, read from its text (importing it would
    run the build)."""
    values = {}
    for node in ast.parse((ROOT / "setup.py").read_text("utf-8")).body:
        if not isinstance(node, ast.Assign):
            continue
        target = node.targets[0]
        if isinstance(target, ast.Name) and target.id in ("COMPILED_PACKAGES", "NOT_COMPILED"):
            values[target.id] = ast.literal_eval(node.value)
    return values


def test_the_modules_left_interpreted_exist() -> None:
    """setup.py compiles every module below its packages but those it names: a name left there
    after its module moved or went would quietly stop meaning anything."""
    values = _setup_lists()
    assert values["NOT_COMPILED"]
    for path in values["NOT_COMPILED"]:
        assert (ROOT / path).is_file(), path
        assert any(path.startswith(package + "/") for package in values["COMPILED_PACKAGES"]), path


def _subclasses(cls: type) -> list[type]:
    found, direct = [cls], list[type](cls.__subclasses__())
    for sub in direct:
        found += _subclasses(sub)
    return found


def test_no_hand_class_holds_another_class_s_function() -> None:
    """``on_concede = HandReplay.concede_rest`` in a class body is a method of an interpreted class
    but not of a compiled one ("'getset_descriptor' object is not callable" on the first concede):
    a game's hand writes the method, calling the one it means."""
    from referee.engine.replay import HandReplay

    games = registry()
    assert all(games[name] is not None for name in games)  # each game imported, and so its hand class
    for cls in _subclasses(HandReplay):
        for attr, value in vars(cls).items():
            if callable(value) and hasattr(value, "__qualname__") and not attr.startswith("__"):
                assert value.__qualname__.startswith(cls.__qualname__ + "."), f"{cls.__qualname__}.{attr}"


RECORDS_PROBE = r'''
import importlib, pickle, pkgutil, sys, types
import referee.engine, referee.games, referee.notation
from referee.engine.laws import Effect
from referee.engine.table import PlayedCard, Trick, TrickWon
from referee.engine.verdict import Summary, Verdict
from referee.notation.cards import parse_card
from referee.notation.events import Bid, Play, Span
from referee.notation.problem import Problem
from referee.notation.records import field_names, replace

native = interpreted = 0
left_interpreted = set(sys.argv[1:])
for package in (referee.notation, referee.engine, referee.games):
    for info in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
        if info.name in left_interpreted:
            continue
        for value in list(vars(importlib.import_module(info.name)).values()):
            if isinstance(value, type) and "__record_names__" in vars(value) and value.__module__ == info.name:
                if isinstance(vars(value)["__init__"], types.FunctionType):
                    interpreted += 1
                else:
                    native += 1
print("records", native + interpreted, "native", native)
span, card = Span(3, 4), parse_card("TH")
items = [span, Span(3, 5), Problem(1, 2, "m"), Problem(1, 2, "m", "h"), Summary(hands=3), Verdict(),
         Play("N", card, span), Bid("E", 2, None, None, span), Effect("points", "N", 2),
         PlayedCard("N", card, span), Trick(1, "N", [PlayedCard("N", card, span)], players={"N"}),
         TrickWon(Trick(2, "E")), card]
for item in items:
    again = pickle.loads(pickle.dumps(item))
    try:  # a card, and None in Python 3.11, hash by identity: the same in one process only
        shown = repr(item)
        hashed = hash(item) == hash(again) if "Card(" in shown or "None" in shown else hash(item)
    except TypeError as error:
        hashed = str(error)
    print(type(item).__name__, repr(item), hashed, again == item, repr(again), field_names(type(item)),
          type(item).__match_args__, replace(item) == item if type(item).__hash__ is not object.__hash__ else "")
print([a == b for a in items for b in items], [a != b for a in items for b in items])
'''


def test_the_records_are_native_and_behave_as_the_pure_ones() -> None:
    """The compiled build's records (each written out as a plain class at build time by
    `referee.notation.recordgen`, so that mypyc makes it native) print, compare, hash, pickle and
    `replace` as the pure package's `record` classes do."""
    left_interpreted = [path.removesuffix(".py").replace("/", ".") for path in _setup_lists()["NOT_COMPILED"]]
    runs = [subprocess.run([python, "-c", RECORDS_PROBE, *left_interpreted], capture_output=True, text=True, cwd="/",
                           timeout=120, env={**os.environ, "PYTHONHASHSEED": "0"})
            for python in (_compiled_python(), sys.executable)]
    assert [run.returncode for run in runs] == [0, 0], runs[0].stderr[-2000:] + runs[1].stderr[-2000:]
    compiled, pure = (run.stdout.splitlines() for run in runs)
    assert compiled[1:] == pure[1:]
    found, count, _, native = compiled[0].split()
    # every one native, but those of the modules setup.py leaves interpreted
    assert found == "records" and int(count) >= 80 and native == count, compiled[0]
    assert pure[0] == f"records {count} native 0"
