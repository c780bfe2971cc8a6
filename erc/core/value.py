"""Frozen value classes that cost almost nothing to define.

``dataclasses`` is the obvious tool, but importing it pulls in ``inspect`` (and ``ast``,
``dis``, ``tokenize``), and each decorated class compiles an ``__init__`` from source: on the
start-up path of one command that was about a quarter of the run. A ``Value`` subclass is
declared like a dataclass::

    class Strike(Value):
        pool: str
        hits: int = 0

and gets an ``__init__`` taking the fields positionally or by name (defaults from the class
body), ``__eq__``, ``__hash__`` and ``__repr__``, and refuses attribute assignment. A class
starts with a generic ``__init__``; once it has made ``SPECIALISE_AFTER`` instances (``erc
batch``, the odds, long folds) it compiles one of its own that stores each field straight
into the instance's ``__dict__``, several times faster, so a one-shot command pays no
compiling. The fields live in that ``__dict__`` rather than in ``__slots__``: storing there
is cheaper than through a slot's descriptor (which the refusing ``__setattr__`` leaves as
the only way in), and msgspec writes an object with a ``__dict__`` about a third faster
(``erc batch``, ``describe``); a slot is read no faster.
Defaults must be immutable (tuples, frozensets, None, numbers, text).
``replace(value, **changes)`` makes a changed copy; ``fields(cls)`` names the fields in order.
Type checkers see a frozen dataclass (``dataclass_transform``).
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, ClassVar, TypeVar, dataclass_transform

    V = TypeVar("V", bound="Value")
else:

    def dataclass_transform(**_options: object) -> object:
        return lambda cls: cls


_set = object.__setattr__
_NO_DEFAULT = object()
SPECIALISE_AFTER = 32
"""Instances a class makes with the generic ``__init__`` before it compiles its own: about
as many as pay for the compiling (some 0.8M instructions, against some 36K more a value
of eleven fields made by name the generic way; a one-shot command makes at most a few of
each class, and ``erc batch`` reaches its steady pace within a few dozen lines)."""


@dataclass_transform(frozen_default=True, eq_default=True)
class _ValueType(type):
    """Collects the annotated fields of a ``Value`` subclass (``_fields``, ``_defaults``)."""

    def __new__(mcs, name: str, bases: tuple[type, ...], namespace: dict[str, Any]) -> Any:
        # The bookkeeping goes into the namespace before the class is made, not set on it
        # after (each set is a type-cache update; every command defines dozens of these).
        annotations = namespace.get("__annotations__", {})
        own = tuple(
            k for k, v in annotations.items() if k[0] != "_" and not str(v).startswith("ClassVar")
        )
        defaults = {k: namespace.pop(k) for k in own if k in namespace}
        inherited: tuple[str, ...] = ()
        inherited_defaults: dict[str, Any] = {}
        for base in bases:
            inherited += getattr(base, "_fields", ())
            inherited_defaults.update(getattr(base, "_defaults", {}))
        if bases and "__init__" not in namespace and _made_generically(bases):
            namespace["__init__"] = Value.__init__  # not a base's compiled one (its fields)
        namespace["_fields"] = inherited + own
        namespace["_defaults"] = {**inherited_defaults, **defaults}
        namespace["_made"] = 0
        cls: Any = super().__new__(mcs, name, bases, namespace)
        for klass in cls.__mro__[1:]:  # a described class with a subclass is described no more
            if "__dataclass_fields__" in klass.__dict__:
                del klass.__dataclass_fields__  # (the subclass would inherit a wrong one)
        return cls


class Value(metaclass=_ValueType):
    """Base of erc's frozen value classes (module docstring)."""

    __slots__ = ()
    _fields: ClassVar[tuple[str, ...]] = ()
    _defaults: ClassVar[dict[str, Any]] = {}
    _made: ClassVar[int] = 0

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        cls = type(self)
        cls._made += 1
        if cls._made == SPECIALISE_AFTER and cls.__dict__.get("__init__") is Value.__init__:
            cls.__init__ = _specialised(cls)  # type: ignore[method-assign]
        names = self._fields
        if len(args) > len(names):
            raise TypeError(f"{type(self).__name__}() takes {len(names)} fields, not {len(args)}")
        for name, value in zip(names, args):  # noqa: B905 - args may be fewer than fields
            _set(self, name, value)
        if len(args) < len(names):
            defaults = self._defaults
            for name in names[len(args) :]:
                value = kwargs.pop(name, _NO_DEFAULT)
                if value is _NO_DEFAULT:
                    value = defaults.get(name, _NO_DEFAULT)
                    if value is _NO_DEFAULT:
                        raise TypeError(f"{type(self).__name__}() needs {name!r}")
                _set(self, name, value)
        if kwargs:
            unknown = ", ".join(sorted(kwargs))
            raise TypeError(f"{type(self).__name__}() has no field {unknown}")

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"{type(self).__name__} is frozen: cannot set {name!r}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"{type(self).__name__} is frozen: cannot delete {name!r}")

    def _values(self) -> tuple[Any, ...]:
        return tuple(getattr(self, name) for name in self._fields)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self._values() == other._values()

    def __hash__(self) -> int:
        return hash((self.__class__, self._values()))

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self._fields)
        return f"{type(self).__name__}({shown})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (self.__class__, self._values())


def _made_generically(bases: tuple[type, ...]) -> bool:
    """Whether a class on these bases would inherit ``Value``'s ``__init__`` or one compiled
    by ``_specialised`` for a base (which knows only that base's fields), not one of its own."""
    init = getattr(bases[0], "__init__", None)
    return init is Value.__init__ or getattr(init, "_specialised", False)


def _specialised(cls: type[Value]) -> Any:
    """An ``__init__`` for ``cls`` alone: its parameters are the fields (defaults bound),
    each stored straight into the instance's ``__dict__``."""
    names = cls._fields
    defaults = cls._defaults
    scope: dict[str, Any] = {}
    params = []
    for i, name in enumerate(names):
        if name in defaults:
            scope[f"_d{i}"] = defaults[name]
            params.append(f"{name}=_d{i}")
        else:
            params.append(name)
    body = "    _d_ = self.__dict__\n" + "".join(f"    _d_[{name!r}] = {name}\n" for name in names)
    source = f"def __init__(self, {', '.join(params)}):\n{body}"
    exec(compile(source, f"<{cls.__qualname__}.__init__>", "exec"), scope)
    init = scope["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init._specialised = True
    return init


def fields(value: Value | type[Value]) -> tuple[str, ...]:
    """The names of a value's fields, in declaration order (inherited ones first)."""
    return value._fields


def replace(value: V, **changes: Any) -> V:
    """A copy of ``value`` with some fields changed: its fields' ``__dict__`` copied and
    updated, as ``__init__`` would have filled it (no class defines an ``__init__`` of its
    own, and a frozen value holds nothing else there); ``erc simulate`` freezes a state
    after every action, and this is most of it."""
    cls = type(value)
    known = _FIELD_SETS.get(cls)
    if known is None:
        known = _FIELD_SETS[cls] = frozenset(cls._fields)
    if not known.issuperset(changes):
        unknown = set(changes) - known
        raise TypeError(f"{cls.__name__} has no field {', '.join(sorted(unknown))}")
    made = _new(cls)
    state = made.__dict__
    state.update(value.__dict__)
    state.update(changes)
    return made


_new = object.__new__
_FIELD_SETS: dict[type, frozenset[str]] = {}


def describe(cls: type[Value]) -> None:
    """Give ``cls`` the standard description of its fields, in order: the
    ``__dataclass_fields__`` a dataclass has (one ``dataclasses.Field`` a field, named and
    marked as a field), which msgspec (and ``dataclasses.fields``, pytest, rich) read, so
    msgspec encodes its values field by field without a dict in between
    (``erc.core.envelope.native_hook``, for ``erc batch``). The fields are made as the
    ``dataclass`` decorator makes them, without the class it would compile around them
    (``make_dataclass``: about 0.6 ms a class, against a few microseconds). A class only: a
    subclass made later takes the description away from its bases (``_ValueType``), since
    it would inherit one without its own fields."""
    import dataclasses

    described = {}
    for name in cls._fields:
        field: Any = dataclasses.field()
        field.name, field.type = name, object
        field._field_type = dataclasses._FIELD  # type: ignore[attr-defined]
        described[name] = field
    cls.__dataclass_fields__ = described


def as_dict(value: Value) -> dict[str, Any]:
    """The value's fields as a dict (one level, not recursive)."""
    return {name: getattr(value, name) for name in value._fields}
