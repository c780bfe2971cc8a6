"""How a validated file's value becomes the model's: the conversions a format's keys name.

A key of a ruleset's ``format.py`` names one in its ``Meta(extra={"to": NAME})``; the
generated builder (``erc/rulesets/<name>/from_file.py``, written by
``erc.core.encounter.generate``) calls it, and the generator calls it on the key's default
to declare the model's. A key that names none is copied (a list becomes a tuple, a mapping
a dict, a nested declaration its model class).
"""

from __future__ import annotations

from erc.core.model import Condition
from erc.core.text import ASCII_SPACE

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable, Mapping
    from typing import Any


def as_tuple(values: Iterable[Any]) -> tuple[Any, ...]:
    """A list, in order."""
    return tuple(values)


def as_set(values: Iterable[Any]) -> frozenset[Any]:
    """A list whose order and repeats mean nothing (properties, styles, trumps)."""
    return frozenset(values)


def folded_set(values: Iterable[str]) -> frozenset[str]:
    """Labels matched ignoring case (damage types: resist, immune, vulnerable)."""
    return frozenset(v.casefold() for v in values)


def as_dict(values: Mapping[Any, Any]) -> dict[Any, Any]:
    """A mapping, as given."""
    return dict(values)


def given(values: Any) -> dict[str, Any]:
    """A nested mapping of fixed keys (scores, pools) as the keys given a value other than
    their default; a missing key reads as the rules' default (a score of 0, no dice)."""
    blank = type(values)()
    return {
        key: value
        for key in values.__struct_fields__
        if (value := getattr(values, key)) != getattr(blank, key)
    }


def conditions(values: Iterable[Any]) -> tuple[Condition, ...]:
    """Conditions at the start, each once, in file order: a name, or a mapping with
    ``condition`` and the ``by`` who caused it."""
    return tuple(
        dict.fromkeys(
            Condition(c) if isinstance(c, str) else Condition(c.condition, c.by) for c in values
        )
    )


def text(value: str | int) -> str:
    """A dice expression or a number, as the text the roller reads."""
    return str(value).strip(ASCII_SPACE)


def steps(value: int | Iterable[int]) -> tuple[int, ...]:
    """One number, or a list of them (Spellchrome's attack bonus steps)."""
    return (value,) if isinstance(value, int) else tuple(value)


CONVERTERS = {
    f.__name__: f for f in (as_tuple, as_set, folded_set, as_dict, given, conditions, text, steps)
}
