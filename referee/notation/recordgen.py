"""Each `record` written out as a plain class, for the compiled build only.

mypyc makes a native class (fields read and written in C, an ``__init__`` called without the
interpreter) only of a class it can see whole; a class made by a decorator at run time, as
`record` makes every record, stays an interpreted class even in a compiled module. So
``REFEREE_COMPILE=1`` (setup.py) runs `native_source` over each module it compiles, in a copy of
the sources, and mypyc compiles that copy: each ``@record`` class is given the methods `record`
would have given it, written out where mypyc sees them. The pure package never uses this module.

What `record` gives and this writes out (tests/test_records.py compares the two on declarations
of each kind, tests/test_compiled.py the compiled classes with the pure ones):

- ``__init__``: the fields in order, by position or keyword, their defaults (evaluated once, as
  `record` evaluates them when the class is made) and default factories (called per record),
  ``init=False`` fields set by ``__post_init__`` (or to their default), then ``__post_init__``;
- ``__eq__`` and ``__hash__`` by the tuple of the compared fields, for records of the same class
  (``eq=False``: neither, so identity), and ``__repr__`` by the shown fields, unless the class
  writes its own (``__hash__``, which `record` always replaces, it may not);
- ``__match_args__``, and ``__record_names__`` for `records.field_names` and `records.replace`;
- ``__reduce__``: a native class is unpickled by calling its ``__init__`` with no arguments, so
  a record pickles as its class and its ``__init__``'s arguments (``--jobs`` sends `Problem` and
  `Summary` between processes), unless it writes its own.

No ``__slots__``: a native class has no ``__dict__`` already. The record's other decorators
(`events.event`) are called after the class, since a decorated class would not be native: they
must return the class they are given. Fields inherited from a record base are read from that
base's declaration, which must be in the same module.
"""

from __future__ import annotations

import ast
import copy
from typing import NamedTuple

_MISSING = "_RECORD_MISSING"
"""The name, in the written module, of the default that stands for "not given" where a
factory makes the default."""

_HEADER = ("from typing import Any as _Any, ClassVar as _ClassVar, Final as _Final",
           f"{_MISSING}: _Final[_Any] = object()")
"""What the written module imports and defines for its records' methods (after its
``from __future__`` imports)."""


class RecordSourceError(ValueError):
    """A ``@record`` declaration this module cannot write out as `record` would make it."""


class Field(NamedTuple):
    """A field as `record` reads it: `default` and `factory` are source text (or None)."""

    name: str
    annotation: str
    default: str | None = None
    factory: str | None = None
    init: bool = True
    compare: bool = True
    repr: bool = True


def native_source(source: str, path: str = "<module>") -> str:
    """`source` with each top-level ``@record`` class written out as a plain class (the rest of
    the module unchanged); `source` itself if it declares none."""
    tree = ast.parse(source, path)
    lines = source.splitlines(keepends=True)
    declared: dict[str, list[Field]] = {}
    replaced: list[tuple[int, int, str]] = []
    for node in tree.body:
        if isinstance(node, ast.ClassDef) and (eq := _record_eq(node, path)) is not None:
            fields = _fields(node, declared, path)
            declared[node.name] = fields
            start = min([node.lineno] + [d.lineno for d in node.decorator_list]) - 1
            replaced.append((start, node.end_lineno or node.lineno, _written(node, fields, eq, path)))
    if not replaced:
        return source
    for start, end, text in reversed(replaced):
        lines[start:end] = [text]
    after = max((node.end_lineno or 0 for node in tree.body
                 if isinstance(node, ast.ImportFrom) and node.module == "__future__"), default=0)
    if not after:
        raise RecordSourceError(f"{path}: a module of records needs `from __future__ import annotations`")
    lines[after:after] = [line + "\n" for line in _HEADER]
    return "".join(lines)


def _record_eq(node: ast.ClassDef, path: str) -> bool | None:
    """None if `node` is not a record; else its `eq` (``@record`` or ``@record(eq=...)``)."""
    for decorator in node.decorator_list:
        if isinstance(decorator, ast.Name) and decorator.id == "record":
            eq: object = True
        elif isinstance(decorator, ast.Call) and isinstance(decorator.func, ast.Name) and decorator.func.id == "record":
            options = {keyword.arg: _literal(keyword.value, path) for keyword in decorator.keywords}
            if decorator.args or set(options) - {"eq"}:
                raise RecordSourceError(f"{path}:{node.lineno}: `record` takes only `eq`")
            eq = options.get("eq", True)
        else:
            continue
        if decorator is not node.decorator_list[-1]:
            raise RecordSourceError(f"{path}:{node.lineno}: `@record` must be the class's innermost decorator")
        return bool(eq)
    return None


def _literal(value: ast.expr, path: str) -> bool:
    if not isinstance(value, ast.Constant) or not isinstance(value.value, bool):
        raise RecordSourceError(f"{path}:{value.lineno}: a record's flags must be written True or False")
    return value.value


def _fields(node: ast.ClassDef, declared: dict[str, list[Field]], path: str) -> list[Field]:
    """The fields of `node` in ``__init__`` order: a record base's first (as `record` takes them
    from its ``__record_fields__``), a field declared again keeping its place."""
    fields: dict[str, Field] = {}
    for base in node.bases:
        if isinstance(base, ast.Name) and base.id in declared:
            fields.update((f.name, f) for f in declared[base.id])
    for statement in node.body:
        if isinstance(statement, ast.AnnAssign) and isinstance(statement.target, ast.Name):
            name, annotation = statement.target.id, ast.unparse(statement.annotation)
            fields[name] = _field(name, annotation, statement.value, path)
    return list(fields.values())


def _field(name: str, annotation: str, value: ast.expr | None, path: str) -> Field:
    if value is None:
        return Field(name, annotation)
    if not (isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id == "field"):
        return Field(name, annotation, default=ast.unparse(value))
    if value.args:
        raise RecordSourceError(f"{path}:{value.lineno}: `field` takes keywords only")
    given = {keyword.arg: keyword.value for keyword in value.keywords}
    unknown = set(given) - {"default", "default_factory", "init", "compare", "repr"}
    if unknown:
        raise RecordSourceError(f"{path}:{value.lineno}: `field` does not take {sorted(map(str, unknown))}")
    flags = {flag: _literal(given[flag], path) for flag in ("init", "compare", "repr") if flag in given}
    default = ast.unparse(given["default"]) if "default" in given else None
    factory = ast.unparse(given["default_factory"]) if "default_factory" in given else None
    if not flags.get("init", True) and "default" in given and not isinstance(given["default"], ast.Constant):
        # `record` evaluates it once; written into ``__init__`` it would be evaluated per record
        raise RecordSourceError(f"{path}:{value.lineno}: an init=False field's default must be a constant")
    return Field(name, annotation, default, factory, **flags)


def _written(node: ast.ClassDef, fields: list[Field], eq: bool, path: str) -> str:
    """The class `node` without ``@record``, its fields bare annotations, with `record`'s
    methods; its other decorators called after it."""
    own = {statement.name for statement in node.body if isinstance(statement, ast.FunctionDef)}
    if eq and "__hash__" in own:
        raise RecordSourceError(f"{path}:{node.lineno}: `record` replaces __hash__: write it on a plain class")
    body: list[ast.stmt] = []
    for statement in node.body:
        if isinstance(statement, ast.AnnAssign) and isinstance(statement.target, ast.Name):
            statement = ast.AnnAssign(statement.target, statement.annotation, None, simple=1)
        body.append(statement)
    methods = _methods(node.name, fields, eq, own)
    body += ast.parse(methods, f"<record {node.name}>").body
    others = node.decorator_list[:-1]
    cls = copy.copy(node)  # its name, bases and (3.12) type parameters
    cls.body, cls.decorator_list = body, []
    calls = "".join(f"{ast.unparse(decorator)}({node.name})\n" for decorator in reversed(others))
    return ast.unparse(cls) + "\n" + calls


def _methods(name: str, fields: list[Field], eq: bool, own: set[str]) -> str:
    """The source of `record`'s methods for the class `name` (those it does not write itself)."""
    init = [f for f in fields if f.init]
    arguments, body = ["self"], []
    for f in fields:
        if f.factory is not None:
            made = f"{f.factory}()" if f.factory.isidentifier() else f"({f.factory})()"
            if f.init:
                arguments.append(f"{f.name}: _Any = {_MISSING}")
                made = f"{made} if {f.name} is {_MISSING} else {f.name}"
            body.append(f"self.{f.name} = {made}")
        elif f.init:
            arguments.append(f"{f.name}: {f.annotation}" + (f" = {f.default}" if f.default is not None else ""))
            body.append(f"self.{f.name} = {f.name}")
        elif f.default is not None:
            body.append(f"self.{f.name} = {f.default}")
    if "__post_init__" in own:
        body.append("self.__post_init__()")
    out = [f"__record_names__: _ClassVar[tuple[str, ...]] = {tuple(f.name for f in fields)!r}",
           f"__match_args__: _Final = {tuple(f.name for f in init)!r}",
           f"def __init__({', '.join(arguments)}) -> None:", *_indented(body or ["pass"])]
    compared = [f.name for f in fields if f.compare]
    if eq and "__eq__" not in own:
        out += ["def __eq__(self, other: object) -> bool:",
                f"    if isinstance(other, {name}) and other.__class__ is self.__class__:",
                f"        return {_tuple('self', compared)} == {_tuple('other', compared)}",
                "    return NotImplemented"]
    if eq:
        out += ["def __hash__(self) -> int:", f"    return hash({_tuple('self', compared)})"]
    if "__repr__" not in own:
        shown = ", ".join(f"{f.name}={{self.{f.name}!r}}" for f in fields if f.repr)
        out += ["def __repr__(self) -> str:", f"    return f{f'{name}({shown})'!r}"]
    if "__reduce__" not in own:
        given = _tuple("self", [f.name for f in init])
        out += ["def __reduce__(self) -> tuple[_Any, ...]:", f"    return {name}, {given}"]
    return "\n".join(out) + "\n"


def _tuple(owner: str, names: list[str]) -> str:
    items = [f"{owner}.{name}" for name in names]
    return f"({items[0]},)" if len(items) == 1 else f"({', '.join(items)})"


def _indented(lines: list[str]) -> list[str]:
    return ["    " + line for line in lines]
