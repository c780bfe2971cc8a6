"""The versioned JSON envelope (CONTRACT "JSON envelope"): one document per command.

Every command's output goes through ``envelope``; errors through ``error_document``.
``to_data`` turns a result (``erc.core.value`` classes, tuples, mappings, enums) into plain
JSON data; ``encode`` writes it with the standard library (no extra import on a one-shot
command).
"""

from __future__ import annotations

import enum
import json

from erc.core.errors import ErcError
from erc.core.outcome import Outcome
from erc.core.text import undecodable_shown
from erc.core.value import Value

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


VERSION = "2"

_SCALARS = frozenset({str, int, float, bool, type(None)})
CONVERT_AFTER = 64
"""Values of a class put in JSON the generic way before ``to_data`` compiles a converter of
its own for that class (``erc batch``; a one-shot command pays no compiling)."""
_converters: dict[type, Any] = {}
_seen: dict[type, int] = {}


def to_data(value: Any) -> Any:
    """A result as plain JSON data: value fields become keys, tuples lists, frozensets
    sorted lists, enums their values, fractions floats."""
    kind = type(value)
    if kind in _SCALARS:
        return value
    convert = _converters.get(kind)
    if convert is not None:
        return convert(value)
    if kind is tuple or kind is list:
        scalars, converters = _SCALARS, _converters
        return [
            v
            if (t := type(v)) in scalars
            else (converters[t](v) if t in converters else to_data(v))
            for v in value
        ]
    if isinstance(value, Value):
        seen = _seen[kind] = _seen.get(kind, 0) + 1
        if seen >= CONVERT_AFTER:
            _converters[kind] = _converter(kind)
        return {name: to_data(getattr(value, name)) for name in value._fields}
    if isinstance(value, dict) or hasattr(value, "items"):
        return {
            str(k.value if isinstance(k, enum.Enum) else k): to_data(v) for k, v in value.items()
        }
    if isinstance(value, (set, frozenset)):
        return sorted(to_data(v) for v in value)
    if isinstance(value, enum.Enum):
        return to_data(value.value)
    if isinstance(value, (str, int, float)):  # subclasses (StrEnum handled above)
        return value
    if hasattr(value, "numerator") and hasattr(value, "denominator"):  # a Fraction (--odds)
        return float(value)
    raise TypeError(f"cannot put a {kind.__name__} in JSON")


def _converter(kind: type[Value]) -> Any:
    """``to_data`` for one ``Value`` class, compiled: its fields read once each, scalars
    kept as they are, anything else through ``to_data``, and a field holding the very
    object it held last time (a batch's attack plan, line after line) given the data made
    then (the same data, several times faster; nothing mutates it)."""
    names = kind._fields
    lines = []
    for i, name in enumerate(names):
        lines += [
            f"    _{i} = value.{name}",
            f"    if type(_{i}) not in scalars:",
            f"        if _{i} is last[{i}]:",
            f"            _{i} = made[{i}]",
            "        else:",
            f"            last[{i}] = _{i}",
            f"            _{i} = made[{i}] = to_data(_{i})",
        ]
    items = ", ".join(f"{name!r}: _{i}" for i, name in enumerate(names))
    source = "def convert(value):\n" + "\n".join(lines) + f"\n    return {{{items}}}\n"
    scope: dict[str, Any] = {
        "scalars": _SCALARS,
        "to_data": to_data,
        "type": type,
        "last": [None] * len(names),
        "made": [None] * len(names),
    }
    exec(compile(source, f"<to_data {kind.__qualname__}>", "exec"), scope)
    return scope["convert"]


_UNPLAIN = ("frozenset", "set[", "Set[", "Mapping", "dict", "Any", "object", "Fraction")
"""Annotation text of a field whose JSON form ``to_data`` decides (a set sorted, a fraction
as a float, a mapping's keys as text): a class with one is never encoded natively."""


def native_hook(value: Any) -> Any:
    """msgspec's ``enc_hook`` for envelopes holding result objects (``erc batch``).

    msgspec calls it for what it cannot encode itself: the first value of each ``Value``
    class, among others. A class with no subclasses whose fields are all text, numbers,
    booleans, tuples and other values is then given the dataclass description of its fields
    (``erc.core.value.describe``), and msgspec writes its values field by field, in order,
    from then on, with no dict in between: the same JSON as ``to_data`` gives, key for key
    in the same order (msgspec spells some floats differently: ``0.00001`` for ``1e-05``).
    For anything else ``to_data`` decides, as for every one-shot command. A test compares
    both encodings over every command's outputs.
    """
    kind = type(value)
    if (
        isinstance(value, Value)
        and "__dataclass_fields__" not in kind.__dict__
        and not kind.__subclasses__()
    ):
        from erc.core.declared import annotations_of
        from erc.core.value import describe

        declared = annotations_of(kind)
        if not any(word in declared[n] for n in kind._fields for word in _UNPLAIN):
            describe(kind)
    return to_data(value)


def result_data(outcome: Outcome) -> Any:
    """The ``result`` object: the command's result, with ``odds`` beside its fields."""
    data = to_data(outcome.result)
    if outcome.odds is not None and isinstance(data, dict):
        data["odds"] = to_data(outcome.odds)
    return data


def envelope(outcome: Outcome, *, objects: bool = False) -> dict[str, Any]:
    """The envelope as JSON data; with ``objects``, ``rules`` and ``result`` are left as the
    result objects themselves, for an encoder with ``native_hook`` (``to_data`` of the
    document is the same data)."""
    encounter = outcome.encounter
    rules: Any = {}
    if encounter is not None:
        rules = encounter.rules if objects else to_data(encounter.rules)
    document: dict[str, Any] = {
        "erc": VERSION,
        "command": outcome.command,
        "encounter": encounter.path if encounter is not None else None,
        "ruleset": encounter.ruleset if encounter is not None else None,
        "seed": outcome.seed,
        "rules": rules,
        "rolls": [{"die": r.die, "value": r.value, "for": r.purpose} for r in outcome.rolls],
        "result": outcome.result
        if objects and outcome.odds is None and isinstance(outcome.result, Value)
        else result_data(outcome),
    }
    if outcome.applied is not None:
        document["applied"] = dict(outcome.applied)
    return document


def encode(document: Any, *, ascii_only: bool = False) -> bytes:
    """One JSON document on one line (no NaN: JSON has none); ``ascii_only`` escapes
    everything that is not ASCII, for a stream in another encoding. A file name's bytes
    that are not UTF-8 (surrogate escapes) are written as the text ``\\xff``, as the human
    output shows them: a lone surrogate is not Unicode, and strict JSON readers refuse it."""
    text = _dumps(document, ascii_only)
    if ascii_only:
        if "\\udc" not in text:  # (where a surrogate escape would be: \udcNN)
            return text.encode("ascii") + b"\n"
    else:
        try:
            return text.encode("utf-8") + b"\n"
        except UnicodeEncodeError:
            pass
    return _dumps(_bytes_shown(document), ascii_only).encode("utf-8") + b"\n"


def _dumps(document: Any, ascii_only: bool) -> str:
    return json.dumps(
        document,
        separators=(",", ":"),
        ensure_ascii=ascii_only,
        allow_nan=False,
        check_circular=False,
    )


def _bytes_shown(value: Any) -> Any:
    """``value`` with every surrogate escape in its text written as ``\\xNN``."""
    if isinstance(value, str):
        return undecodable_shown(value)
    if isinstance(value, dict):
        return {_bytes_shown(k): _bytes_shown(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_bytes_shown(v) for v in value]
    return value


def error_document(error: ErcError, **extra: Any) -> dict[str, Any]:
    body: dict[str, Any] = {
        "code": error.code,
        "message": error.message,
        "path": error.path,
        "line": error.line,
        "column": error.column,
    }
    if error.problems:
        body["problems"] = [
            {"line": p.line, "column": p.column, "message": p.message} for p in error.problems
        ]
    body.update(extra)
    return {"erc": VERSION, "error": body}
