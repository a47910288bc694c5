"""The package's folders are layers, and a lower layer never imports a higher one.

notation (text → records) < engine (the shared hand, ledger, verdict) < games (the laws) <
the library call (`referee.check`) < output (render, story, report, fmt…) < the command line and
the desk. A game's laws that reached into the output, or a parser that knew a game, would show
up here as an import that goes the wrong way.
"""

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "referee"

#: Each layer, lowest first; a module may import its own layer and the ones below.
LAYERS = ("notation", "engine", "games", "check", "output", "top")


def layer_of(module: str) -> str:
    """``referee.engine.replay`` → ``engine``; the top-level modules are the top layer, except
    ``referee.check`` (the library call that the output layer builds on)."""
    parts = module.split(".")
    if len(parts) > 1 and parts[1] in LAYERS:
        return parts[1]
    if parts[1:2] == ["check"]:
        return "check"
    return "top"


def module_name(path: Path) -> str:
    relative = path.relative_to(PACKAGE.parent).with_suffix("")
    parts = list(relative.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports_of(path: Path) -> list[tuple[int, str]]:
    """Every module ``path`` imports from the package, resolved to its absolute name."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    found = []
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            if target.startswith("referee"):
                found.append((node.lineno, target))
                # `from ..notation import events` imports the module referee.notation.events
                for alias in node.names:
                    submodule = f"{target}.{alias.name}"
                    if (PACKAGE.parent / submodule.replace(".", "/")).with_suffix(".py").exists():
                        found.append((node.lineno, submodule))
        elif isinstance(node, ast.Import):
            found.extend((node.lineno, alias.name) for alias in node.names if alias.name.startswith("referee"))
    return found


MODULES = sorted(PACKAGE.rglob("*.py"))


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_imports_go_down_the_layers(path: Path) -> None:
    own = LAYERS.index(layer_of(module_name(path)))
    upward = [f"line {line}: {target} ({layer_of(target)})" for line, target in imports_of(path)
              if target != "referee" and LAYERS.index(layer_of(target)) > own]
    assert not upward, f"{path.relative_to(PACKAGE)} ({LAYERS[own]}) imports a higher layer: {upward}"


def test_every_layer_has_modules() -> None:
    """The layers are folders that exist, so a module moved back to the top would be noticed."""
    for layer in ("notation", "engine", "games", "output"):
        modules = [p for p in (PACKAGE / layer).iterdir() if p.suffix == ".py" or (p / "__init__.py").exists()]
        assert len(modules) > 1, layer  # a module or a package (each game is one)
    loose = sorted(p.stem for p in PACKAGE.glob("*.py"))
    assert loose == ["__init__", "__main__", "archive", "check", "cli", "entry", "parallel"]


def _defined_twice(body: list[ast.stmt]) -> list[str]:
    """The functions a class or module body defines more than once (overloads and property
    setters aside): Python keeps only the last, silently."""
    seen: set[str] = set()
    twice = []
    for statement in body:
        if isinstance(statement, ast.FunctionDef | ast.AsyncFunctionDef):
            decorators = [ast.unparse(d) for d in statement.decorator_list]
            if any("overload" in d or d.endswith((".setter", ".deleter")) for d in decorators):
                continue
            if statement.name in seen:
                twice.append(f"{statement.name} (line {statement.lineno})")
            seen.add(statement.name)
    return twice


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_no_method_is_defined_twice(path: Path) -> None:
    """Two branches once each gave the replay a `looked_at`, and the later one (which returned a
    pair) quietly replaced the earlier for the games that called it: ruff does not see a method
    redefined under a decorator such as ``@final``."""
    tree = ast.parse(path.read_text("utf-8"))
    scopes = [tree, *(node for node in ast.walk(tree) if isinstance(node, ast.ClassDef))]
    twice = [f"{getattr(scope, 'name', 'module')}.{name}" for scope in scopes for name in _defined_twice(scope.body)]
    assert not twice, f"{path.relative_to(PACKAGE)} defines twice: {twice}"
