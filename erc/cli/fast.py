"""The fast path: run an ordinary erc command line without importing typer.

Typer declares every command (``erc.cli.app``); ``make spec`` reads the click commands it
builds into plain data (``erc.cli.fastspec``). Here a small parser applies that data to the
command line and calls the same function Typer would, with the same arguments. Whatever it
does not fully understand (``--help``, an unknown or malformed option, a value out of range,
too few arguments) it leaves to the full Typer path, which then answers exactly as always.
A test runs both paths over many command lines and requires identical results.
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Sequence

from erc.cli.registry import COMMANDS, load_command

TYPE_CHECKING = False  # typing is not imported at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Any


_DISABLED = "ERC_NO_FAST_PATH"


def dispatch(argv: Sequence[str]) -> int | None:
    """Run ``argv`` if the fast path can; None to hand it to Typer."""
    if not argv or os.environ.get(_DISABLED):
        return None
    kwargs = parse(argv)
    if kwargs is None:
        return None
    code = load_command(argv[0])(**kwargs)
    return code if isinstance(code, int) else 0


def parse(argv: Sequence[str]) -> dict[str, Any] | None:
    """The keyword arguments Typer would pass for ``argv``, or None."""
    name, *rest = argv
    spec = _spec(name)
    if spec is None:
        return None
    params: list[dict[str, Any]] = spec["params"]
    options: dict[str, tuple[dict[str, Any], bool]] = {}
    for param in params:
        if param["kind"] == "option":
            for opt in param["opts"]:
                options[opt] = (param, True)
            for opt in param["secondary"]:
                options[opt] = (param, False)
    given: dict[str, Any] = {}
    positional: list[str] = []
    i = 0
    only_positional = False
    while i < len(rest):
        token = rest[i]
        i += 1
        if only_positional or not token.startswith("-") or token == "-":
            positional.append(token)
            continue
        if token == "--":
            only_positional = True
            continue
        flag, has_value, inline = (
            token.partition("=") if token.startswith("--") else (token, "", "")
        )
        if flag not in options:
            return None
        param, primary = options[flag]
        if param["flag"]:
            if has_value:
                return None
            value: Any = primary
        elif has_value:
            value = inline
        elif i < len(rest):
            value = rest[i]
            i += 1
        else:
            return None
        if param["multiple"]:
            given.setdefault(param["name"], []).append(value)
        else:
            given[param["name"]] = value
    if not _place(params, positional, given):
        return None
    kwargs: dict[str, Any] = {}
    for param in params:
        key = param["name"]
        if key not in given and param.get("envvar"):
            env = os.environ.get(param["envvar"])
            if env:
                given[key] = [env] if param["multiple"] else env
        if key in given:
            value = _convert(param, given[key])
            if value is _INVALID:
                return None
            kwargs[key] = value
        else:
            kwargs[key] = _default(spec["defaults"].get(key))
    return kwargs


_specs: dict[str, dict[str, Any] | None] = {}


def _spec(name: str) -> dict[str, Any] | None:
    """One command's spec, decoded once per process."""
    if name not in _specs:
        import json

        from erc.cli.fastspec import SPEC

        text = SPEC.get(name) if name in COMMANDS else None
        _specs[name] = json.loads(text) if text else None
    return _specs[name]


def _place(params: list[dict[str, Any]], positional: list[str], given: dict[str, Any]) -> bool:
    """Share the positional words among the arguments as click does (one may take many)."""
    arguments = [p for p in params if p["kind"] == "argument"]
    fixed = sum(1 for p in arguments if p["nargs"] == 1)
    variadic = [p for p in arguments if p["nargs"] == -1]
    if len(variadic) > 1 or len(positional) < fixed:
        return False
    if not variadic and len(positional) > fixed:
        return False
    rest = len(positional) - fixed
    index = 0
    for param in arguments:
        if param["nargs"] == -1:
            taken = positional[index : index + rest]
            index += rest
            if not taken and param["required"]:
                return False
            given[param["name"]] = taken
        else:
            given[param["name"]] = positional[index]
            index += 1
    return True


_INVALID = object()


def _convert(param: dict[str, Any], raw: Any) -> Any:
    if param["multiple"] or param.get("nargs") == -1:
        values = [_one(param, item) for item in raw]
        if any(v is _INVALID for v in values):
            return _INVALID
        return values or None
    return _one(param, raw)


def _one(param: dict[str, Any], raw: Any) -> Any:
    kind = param["type"]
    if kind == "bool":
        return bool(raw) if isinstance(raw, bool) else _INVALID
    if not isinstance(raw, str):
        return _INVALID
    if kind == "str":
        return raw
    if kind == "int":
        text = raw.strip()
        if not text or len(text) > 25 or not text.lstrip("+-").isdigit() or not text.isascii():
            return _INVALID
        number = int(text)
        low, high = param.get("min"), param.get("max")
        if (low is not None and number < low) or (high is not None and number > high):
            return _INVALID
        return number
    if kind == "choice":
        if raw not in param["choices"]:
            return _INVALID
        return _enum(param["enum"], raw) if param.get("enum") else raw
    return _INVALID


def _enum(path: str, value: Any) -> Any:
    module, _, name = path.partition(":")
    return getattr(importlib.import_module(module), name)(value)


def _default(default: Any) -> Any:
    if isinstance(default, dict) and "enum" in default:
        return _enum(default["enum"], default["value"])
    return default
