"""`record`: how the small records built by the million are declared.

Checking an archive builds a record for every event, every position in the text, every fact
the table reports and every trick of the verdict. A frozen dataclass sets each field through
``object.__setattr__``; for these records that was about 15% of all the work of checking an
archive. A record is therefore a plain slotted class that compares and hashes by value, as a
frozen dataclass does, and is immutable by convention: nothing assigns to a record once built.

It is not made by `dataclasses` either: that writes and compiles four methods a class and then
builds the class a second time for its slots, which for the sixty-odd records was 40% of the
start-up of a one-hand ``check`` (about 250 million instructions). Here each record gets one
compiled ``__init__`` (the method called by the million, so it stays straight-line code) and
shares ``__eq__``, ``__hash__`` and ``__repr__`` written once, which read the fields through one
`operator.attrgetter`. Equality, hashing (the same tuple hashed), the repr and the order of the
``__init__`` arguments are those of the dataclass it replaces; `replace` stands for
`dataclasses.replace`.
"""

from __future__ import annotations

import sys
from operator import attrgetter
from typing import Any, TypeVar, dataclass_transform

T = TypeVar("T")
_MISSING = object()


def _eq(self: Any, other: Any) -> Any:
    if other.__class__ is self.__class__:
        key = self.__record_key__
        return key(self) == key(other)
    return NotImplemented


def _hash(self: Any) -> int:
    return hash(self.__record_key__(self))


def _repr(self: Any) -> str:
    fields = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__record_repr__)
    return f"{self.__class__.__qualname__}({fields})"


def _key(names: tuple[str, ...]) -> Any:
    """A function of a record giving the tuple of its fields `names` (as a dataclass's
    ``__eq__`` and ``__hash__`` build it: a tuple even of one field)."""
    if len(names) == 1:
        one = attrgetter(names[0])
        return lambda record: (one(record),)
    if not names:
        return lambda record: ()
    return attrgetter(*names)


@dataclass_transform(eq_default=True)
def record(cls: type[T]) -> type[T]:
    """Declare `cls` a record: slotted, built by position or keyword, equal and hashed by its
    fields. A field's default may be a `dataclasses.field` with `default`, `default_factory`,
    `compare` or `repr` (nothing else of it is kept)."""
    namespace = dict(cls.__dict__)
    inherited: list[tuple[str, Any, bool, bool]] = list(getattr(cls, "__record_fields__", ()))
    own = [name for name in namespace.get("__annotations__", {}) if name not in ("__slots__",)]
    specs = {spec[0]: spec for spec in inherited}
    field_type = getattr(sys.modules.get("dataclasses"), "Field", None)  # a field(...) implies it is imported
    for name in own:
        value = namespace.pop(name, _MISSING)
        compare = shown = True
        if field_type is not None and isinstance(value, field_type):
            compare, shown = value.compare, value.repr
            missing, factory = _missing_of(value), value.default_factory
            if factory is not missing:
                value = _Factory(factory)
            else:
                value = _MISSING if value.default is missing else value.default
        specs[name] = (name, value, compare, shown)
    fields = list(specs.values())
    names = [spec[0] for spec in fields]
    namespace["__slots__"] = tuple(name for name in own if name not in {spec[0] for spec in inherited})
    namespace.pop("__dict__", None)
    namespace.pop("__weakref__", None)
    namespace["__record_fields__"] = tuple(fields)
    namespace["__record_key__"] = _key(tuple(spec[0] for spec in fields if spec[2]))
    namespace["__record_repr__"] = tuple(spec[0] for spec in fields if spec[3])
    namespace["__match_args__"] = tuple(names)
    namespace["__init__"] = _init(cls.__qualname__, fields)
    namespace.setdefault("__eq__", _eq)
    namespace["__hash__"] = _hash
    if "__repr__" not in cls.__dict__:
        namespace["__repr__"] = _repr
    made: type[T] = type(cls.__name__, cls.__bases__, namespace)
    made.__qualname__ = cls.__qualname__
    return made


class _Factory:
    """A field's `default_factory`, called for each record built without that field."""

    __slots__ = ("make",)

    def __init__(self, make: Any) -> None:
        self.make = make


def _missing_of(value: Any) -> Any:
    """`dataclasses.MISSING` (the marker of a `field` with no factory), from the field's module."""
    return sys.modules[type(value).__module__].MISSING


def _init(qualname: str, fields: list[tuple[str, Any, bool, bool]]) -> Any:
    """The record's ``__init__``: its fields in order, by position or keyword, defaults last."""
    arguments, body, defaults = [], [], {}
    for name, default, _, _ in fields:
        if default is _MISSING:
            arguments.append(name)
            body.append(f"self.{name} = {name}")
        elif isinstance(default, _Factory):
            defaults[f"_factory_{name}"] = default.make
            arguments.append(f"{name}=_MISSING")
            body.append(f"self.{name} = _factory_{name}() if {name} is _MISSING else {name}")
        else:
            defaults[f"_default_{name}"] = default
            arguments.append(f"{name}=_default_{name}")
            body.append(f"self.{name} = {name}")
    source = f"def __init__(self, {', '.join(arguments)}):\n    " + ("\n    ".join(body) or "pass") + "\n"
    scope = {"_MISSING": _MISSING, **defaults}
    exec(compile(source, f"<record {qualname}>", "exec"), scope)  # the one method worth compiling per class
    init = scope["__init__"]
    init.__qualname__ = f"{qualname}.__init__"
    return init


def replace(item: T, **changes: Any) -> T:
    """A copy of the record `item` with the fields `changes` given new values."""
    values = {spec[0]: getattr(item, spec[0]) for spec in type(item).__record_fields__}  # type: ignore[attr-defined]
    values.update(changes)
    return type(item)(**values)
