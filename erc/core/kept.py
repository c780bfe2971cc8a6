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
    from typing import Any

    from erc.core.model import Condition


class Kept:
    __slots__ = ("by", "most")

    def __init__(self, most: int = 4096) -> None:
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
