"""The versioned JSON envelope (CONTRACT.md): one document per command on stdout."""

from __future__ import annotations

import dataclasses
import enum
import json

from erc.errors import ErcError
from erc.render import Outcome

TYPE_CHECKING = False  # typing is not imported at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Any


VERSION = "1"

_FIELDS: dict[type, tuple[str, ...] | None] = {}
_SCALARS = frozenset({str, int, float, bool, type(None)})


def to_data(value: Any) -> Any:
    """A result object as plain JSON data: dataclass fields become keys, tuples lists,
    frozensets sorted lists, enums their values, fractions floats."""
    kind = type(value)
    if kind in _SCALARS:
        return value
    if kind is tuple or kind is list:
        return [to_data(v) for v in value]
    try:
        names = _FIELDS[kind]
    except KeyError:
        names = _FIELDS[kind] = (
            tuple(f.name for f in dataclasses.fields(value))
            if dataclasses.is_dataclass(value)
            else None
        )
    if names is not None:
        return {name: to_data(getattr(value, name)) for name in names}
    if isinstance(value, dict):
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


def envelope(outcome: Outcome) -> dict[str, Any]:
    document = {
        "erc": VERSION,
        "command": outcome.command,
        "encounter": outcome.encounter.path if outcome.encounter else None,
        "seed": outcome.seed,
        "rules": outcome.rules.as_dict(),
        "rolls": [{"die": r.die, "value": r.value, "for": r.purpose} for r in outcome.rolls],
        "result": to_data(outcome.result),
    }
    if outcome.applied is not None:
        document["applied"] = outcome.applied
    return document


def encode(document: Any) -> bytes:
    """One JSON document on one line (no NaN: JSON has none)."""
    return (
        json.dumps(
            document,
            separators=(",", ":"),
            ensure_ascii=False,
            allow_nan=False,
            check_circular=False,
        ).encode()
        + b"\n"
    )


def error_document(error: ErcError) -> dict[str, Any]:
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
    return {"erc": VERSION, "error": body}
