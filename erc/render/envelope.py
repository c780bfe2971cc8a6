"""The versioned JSON envelope (CONTRACT.md): one document per command on stdout."""

from __future__ import annotations

import enum
from fractions import Fraction
from typing import Any

import msgspec

from erc.errors import ErcError
from erc.render import Outcome

VERSION = "1"


def _default(obj: Any) -> Any:
    if isinstance(obj, Fraction):
        return float(obj)
    if isinstance(obj, frozenset | set):
        return sorted(obj)
    if isinstance(obj, enum.Enum):
        return obj.value
    raise NotImplementedError(type(obj).__name__)


_encoder = msgspec.json.Encoder(enc_hook=_default)


def to_data(result: Any) -> Any:
    """A result object as plain JSON data (dataclass fields become keys)."""
    return msgspec.to_builtins(result, enc_hook=_default)


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
    return _encoder.encode(document) + b"\n"


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
