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

from collections.abc import Callable
from operator import attrgetter
from types import CodeType, FunctionType
from typing import Any, TypeVar, dataclass_transform, overload

T = TypeVar("T")
_MISSING: Any = object()


class _Field:
    """What `field` declares of a field (the parts of `dataclasses.field` the records use)."""

    __slots__ = ("compare", "default", "factory", "init", "repr")

    def __init__(self, default: Any, factory: Any, init: bool, compare: bool, repr: bool) -> None:
        self.default, self.factory, self.init, self.compare, self.repr = default, factory, init, compare, repr


def field(*, default: Any = _MISSING, default_factory: Callable[[], Any] = _MISSING, init: bool = True,
          compare: bool = True, repr: bool = True) -> Any:
    """A field's default (`default`, or `default_factory` called for each record), whether
    ``__init__`` takes it (`init`; if not, ``__post_init__`` sets it), and whether equality and
    hashing (`compare`) and the repr (`repr`) include it — as `dataclasses.field`."""
    return _Field(default, default_factory, init, compare, repr)


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


@overload
def record(cls: type[T], /) -> type[T]: ...


@overload
def record(*, eq: bool = True) -> Callable[[type[T]], type[T]]: ...


@dataclass_transform(eq_default=True, field_specifiers=(field,))
def record(cls: type[T] | None = None, /, *, eq: bool = True) -> Any:
    """Declare `cls` a record: slotted, built by position or keyword, equal and hashed by its
    fields (with ``eq=False``: by identity, as any object). Fields take defaults and `field`s;
    a ``__post_init__`` is called once the fields are set, as a dataclass's is."""
    if cls is None:
        return lambda cls: _make(cls, eq)
    return _make(cls, eq)


def _make(cls: type[T], eq: bool) -> type[T]:
    namespace = dict(cls.__dict__)
    inherited: list[tuple[str, Any, bool, bool, bool]] = list(getattr(cls, "__record_fields__", ()))
    own = list(namespace.get("__annotations__", {}))
    specs = {spec[0]: spec for spec in inherited}
    for name in own:
        value = namespace.pop(name, _MISSING)
        init = compare = shown = True
        if isinstance(value, _Field):
            init, compare, shown = value.init, value.compare, value.repr
            value = _Factory(value.factory) if value.factory is not _MISSING else value.default
        specs[name] = (name, value, compare, shown, init)
    fields = list(specs.values())
    namespace["__slots__"] = tuple(name for name in own if name not in {spec[0] for spec in inherited})
    namespace.pop("__dict__", None)
    namespace.pop("__weakref__", None)
    namespace["__record_fields__"] = tuple(fields)
    namespace["__record_repr__"] = tuple(spec[0] for spec in fields if spec[3])
    namespace["__match_args__"] = tuple(spec[0] for spec in fields if spec[4])
    namespace["__init__"] = _init(cls.__qualname__, fields, "__post_init__" in namespace)
    if eq:
        namespace["__record_key__"] = _key(tuple(spec[0] for spec in fields if spec[2]))
        namespace.setdefault("__eq__", _eq)
        namespace["__hash__"] = _hash
    if "__repr__" not in namespace:
        namespace["__repr__"] = _repr
    made: type[T] = type(cls.__name__, cls.__bases__, namespace)
    made.__qualname__ = cls.__qualname__
    return made


class _Factory:
    """A field's `default_factory`, called for each record built without that field."""

    __slots__ = ("make",)

    def __init__(self, make: Any) -> None:
        self.make = make


_CODES: dict[str, CodeType] = {}
"""The compiled ``__init__`` of each shape of record: the same source with its fields numbered."""


def _init(qualname: str, fields: list[tuple[str, Any, bool, bool, bool]], post_init: bool) -> Any:
    """The record's ``__init__``: its fields in order, by position or keyword, defaults last.

    Its source is written with the fields numbered (``f0``, ``f1``, ...) and compiled once for
    each shape (how many fields, which have defaults, factories, ``init=False``); a record gets
    that code with its own names put in (`CodeType.replace`). Compiling one per record was 250,000
    instructions each, for the eighty records a one-hand ``check`` loads: 20 million of its start-up.
    """
    arguments, body, defaults, names = [], [], [], []
    scope: dict[str, Any] = {"_MISSING": _MISSING}
    for number, (name, default, _, _, init) in enumerate(fields):
        field = f"f{number}"
        if isinstance(default, _Factory):
            scope[f"_factory_{number}"] = default.make
            value = f"_factory_{number}()"
            if init:
                arguments.append(field)
                defaults.append(_MISSING)
                value = f"{value} if {field} is _MISSING else {field}"
        elif default is _MISSING:
            if not init:
                continue  # set by __post_init__
            if defaults:
                raise TypeError(f"{qualname}: field {name!r} without a default follows one with a default")
            arguments.append(field)
            value = field
        else:
            scope[f"_default_{number}"] = default
            value = field if init else f"_default_{number}"
            if init:
                arguments.append(field)
                defaults.append(default)
        body.append(f"self.{field} = {value}")
        names.append((field, name))
    if post_init:
        body.append("self.__post_init__()")
    source = f"def __init__(self, {', '.join(arguments)}):\n    " + ("\n    ".join(body) or "pass") + "\n"
    code = _CODES.get(source)
    if code is None:
        made: dict[str, Any] = {}
        # exec of the text, not of compile(): the first compile() of a process builds the
        # interpreter's `ast` types, 9 million instructions of start-up (exec needs none)
        exec(source, made)
        code = _CODES[source] = made["__init__"].__code__
    renamed = dict(names)
    code = code.replace(co_varnames=tuple(renamed.get(name, name) for name in code.co_varnames),
                        co_names=tuple(renamed.get(name, name) for name in code.co_names),
                        co_filename=f"<record {qualname}>")
    method = FunctionType(code, scope, "__init__", tuple(defaults) or None)
    method.__qualname__ = f"{qualname}.__init__"
    return method


def field_names(kind: type) -> tuple[str, ...]:
    """The names of a record class's fields, in the order of its ``__init__`` (as
    `dataclasses.fields` gives them)."""
    return tuple(spec[0] for spec in kind.__record_fields__)  # type: ignore[attr-defined]


def replace(item: T, **changes: Any) -> T:
    """A copy of the record `item` with the fields `changes` given new values."""
    values = {spec[0]: getattr(item, spec[0]) for spec in type(item).__record_fields__}  # type: ignore[attr-defined]
    values.update(changes)
    return type(item)(**values)
