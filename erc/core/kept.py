"""What a pure rule made from frozen values, kept by their identity (``erc simulate``).

A simulated fight hands a rule the same frozen combatants, by identity, fight after fight
(``erc.core.fold.Tracker.frozen``), so a plan made for them once serves again: ``Kept.get``
gives the value ``make()`` gave before for the same inputs (by identity) and options, else
makes and keeps it. The entry holds its inputs, so no id in a key is reused while it is
kept; past ``most`` entries the store starts again. A rule that raises keeps nothing.
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Hashable, Iterable
    from typing import Any, ParamSpec, TypeVar

    from erc.core.model import Condition

    P = ParamSpec("P")
    V = TypeVar("V")
    R = TypeVar("R")


KEPT_MOST = 32_768
"""Results a ``Kept`` store or a ``by_identity`` function keeps before it starts over: as many
as the frozen combatants they are made from (``erc.core.fold.MEMO_MOST``) can give in a long
run (an Elysium fight's combatants vary most: 10,000 fights of a file freeze some 80,000)."""


class Kept:
    __slots__ = ("by", "most")

    def __init__(self, most: int = KEPT_MOST) -> None:
        self.most = most
        self.by: dict[Any, tuple[tuple[Any, ...], Any]] = {}

    def get(self, inputs: tuple[Any, ...], options: Hashable, make: Callable[[], Any]) -> Any:
        """``make()``, or what it made before for these ``inputs`` (by identity) and
        ``options`` (by value)."""
        key = (tuple(map(id, inputs)), options)
        kept = self.by.get(key)
        if kept is not None:
            return kept[1]
        made = make()
        if len(self.by) >= self.most:
            self.by.clear()
        self.by[key] = (inputs, made)
        return made


def condition_terms(conditions: Iterable[Condition]) -> tuple[tuple[Any, ...], ...]:
    """Conditions as plain tuples, for a key of ``Tracker.frozen`` (a frozen value hashes
    its fields one by one, several times slower)."""
    return tuple((c.name, c.by, c.until_round, c.actions) for c in conditions)


KEPT_BY_IDENTITY = KEPT_MOST
"""Results a ``by_identity`` function keeps before it starts over."""


def by_identity(function: Callable[[V], R]) -> Callable[[V], R]:
    """``function`` of one frozen value, its result kept by the value's identity: a pure
    question asked again of the same object (``erc simulate`` asks who stands, who can act
    and who has acted of the same combatants after every action) is answered from the
    table. The table holds each value it answers for, so no id in it is reused."""
    found: dict[int, tuple[V, R]] = {}

    def kept(value: V) -> R:
        entry = found.get(id(value))
        if entry is not None and entry[0] is value:
            return entry[1]
        result = function(value)
        if len(found) >= KEPT_BY_IDENTITY:
            found.clear()
        found[id(value)] = (value, result)
        return result

    return _named(kept, function)


def by_inputs(function: Callable[P, R]) -> Callable[P, R]:
    """``function``, a pure rule of frozen values, kept (``Kept``): the same positional
    inputs, by identity (a list or tuple of them, item by item), and the same options, by
    value, give what it made before. For a plan made again and again for the same
    combatants (``erc simulate``)."""
    store = Kept()

    def kept(*args: P.args, **options: P.kwargs) -> R:
        inputs: list[Any] = []
        shape = []
        given: tuple[Any, ...] = args
        for arg in given:
            if type(arg) in (list, tuple):
                inputs += arg
                shape.append(len(arg))
            else:
                inputs.append(arg)
                shape.append(-1)
        key = (*shape, *((name, hashable(value)) for name, value in options.items()))
        made: R = store.get(tuple(inputs), key, lambda: function(*args, **options))
        return made

    kept.store = store  # type: ignore[attr-defined]  # what it keeps, for a test to read
    return _named(kept, function)


def hashable(value: Any) -> Any:
    """A value as a key: lists and tuples as tuples, sets as frozen sets, mappings as tuples
    of their items, all the way down."""
    kind = type(value)
    if kind is list or kind is tuple:
        return tuple(hashable(item) for item in value)
    if kind is set:
        return frozenset(value)
    if kind is dict:
        return tuple((key, hashable(item)) for key, item in value.items())
    return value


def _named(kept: Callable[P, R], function: Callable[..., Any]) -> Callable[P, R]:
    """``kept`` under ``function``'s name and docstring (``__wrapped__``: the rule itself)."""
    kept.__doc__ = function.__doc__
    kept.__name__ = function.__name__
    kept.__qualname__ = function.__qualname__
    kept.__wrapped__ = function  # type: ignore[attr-defined]
    return kept
