"""The fast path: parse an ordinary erc command line without importing typer.

Typer declares every command (``erc.cli.app``, one app per ruleset); ``make spec`` reads the
click commands it builds into plain data (``erc/cli/spec/<ruleset>.py``). Here a small
parser applies that data to the command line and gives the same keyword arguments Typer
would. Whatever it does not fully understand (``--help``, an unknown or malformed option,
a value out of range, too few arguments) it leaves to the full Typer path, which then
answers exactly as always. A test runs both paths over many command lines and requires
identical results.
"""

from __future__ import annotations

import os

from erc.core import module
from erc.core.text import whole_number

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import Any


DISABLED = "ERC_NO_FAST_PATH"


def parse(argv: Sequence[str], ruleset: str = "er") -> dict[str, Any] | None:
    """The keyword arguments Typer would pass for ``argv`` under ``ruleset``, or None."""
    if not argv or os.environ.get(DISABLED):
        return None
    name, *rest = argv
    spec = _spec(ruleset, name)
    if spec is None:
        return None
    params: list[dict[str, Any]] = spec["params"]
    options: dict[str, tuple[dict[str, Any], bool]] = spec["options"]
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
            if env and param["flag"]:  # ERC_APPLY=1: click's words for a boolean
                word = env.strip().lower()
                if word not in _TRUE and word not in _FALSE:
                    return None  # Typer says what it takes
                given[key] = word in _TRUE
            elif env:
                given[key] = [env] if param["multiple"] else env
        if key not in given and param.get("required") and param["kind"] == "option":
            return None  # Typer says which option is missing
        if key in given:
            value = _convert(param, given[key])
            if value is _INVALID:
                return None
            kwargs[key] = value
        else:
            kwargs[key] = _default(spec["defaults"].get(key))
    return kwargs


def options_of(name: str, ruleset: str) -> list[str]:
    """The long options of command ``name`` under ``ruleset``, in declaration order."""
    spec = _spec(ruleset, name)
    if spec is None:
        return []
    opts = [o for p in spec["params"] if p["kind"] == "option" for o in p["opts"]]
    return [o for o in opts if o.startswith("--")]


def option_words(name: str, ruleset: str) -> tuple[set[str], set[str]]:
    """Every spelling of the options of command ``name``, and those that take a value."""
    spec = _spec(ruleset, name)
    if spec is None:
        return set(), set()
    options: dict[str, tuple[dict[str, Any], bool]] = spec["options"]
    return set(options), {o for o, (param, _) in options.items() if not param["flag"]}


def unknown_flags(argv: Sequence[str], ruleset: str) -> list[str]:
    """The options on ``argv`` that its command does not have under ``ruleset``."""
    name, *rest = argv
    spec = _spec(ruleset, name)
    if spec is None:
        return []
    known = {opt for p in spec["params"] if p["kind"] == "option" for opt in p["opts"]}
    known |= {opt for p in spec["params"] if p["kind"] == "option" for opt in p["secondary"]}
    known |= {"--help", "-h"}
    found = []
    for token in rest:
        if token == "--":
            break
        flag = token.partition("=")[0] if token.startswith("--") else token
        named = flag.lstrip("-")[:1].isalpha()  # not a negative number
        if token.startswith("-") and token != "-" and flag not in known and named:
            found.append(flag)
    return found


_specs: dict[tuple[str, str], dict[str, Any] | None] = {}


def _spec(ruleset: str, name: str) -> dict[str, Any] | None:
    """One command's spec under ``ruleset``, decoded once per process."""
    key = (ruleset, name)
    if key not in _specs:
        import json

        try:
            table: dict[str, str] = module(f"erc.cli.spec.{ruleset}").SPEC
        except ModuleNotFoundError:
            table = {}
        text = table.get(name)
        spec = json.loads(text) if text else None
        if spec is not None:  # each option's spellings, once
            options: dict[str, tuple[dict[str, Any], bool]] = {}
            for param in spec["params"]:
                if param["kind"] == "option":
                    options.update((opt, (param, True)) for opt in param["opts"])
                    options.update((opt, (param, False)) for opt in param["secondary"])
            spec["options"] = options
        _specs[key] = spec
    return _specs[key]


def _place(params: list[dict[str, Any]], positional: list[str], given: dict[str, Any]) -> bool:
    """Share the positional words among the arguments as click does (one may take many)."""
    arguments = [p for p in params if p["kind"] == "argument"]
    fixed = sum(1 for p in arguments if p["nargs"] == 1)
    variadic = [p for p in arguments if p["nargs"] == -1]
    optional = [p for p in arguments if p["nargs"] == 1 and not p["required"]]
    if optional:  # trailing optional arguments (``pick-up NAME [WEAPON]``), no variadic one
        singles = [p for p in arguments if p["nargs"] == 1]
        required = len(singles) - len(optional)
        if variadic or singles[required:] != optional or not required <= len(positional) <= fixed:
            return False
        for param, word in zip(singles, positional, strict=False):
            given[param["name"]] = word
        return True
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
_TRUE = frozenset({"1", "true", "t", "yes", "y", "on"})
_FALSE = frozenset({"0", "false", "f", "no", "n", "off"})


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
        number = whole_number(raw)
        if number is None:
            return _INVALID  # "--5", "1_000", other scripts' digits: Typer gives the error
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
    where, _, name = path.partition(":")
    return getattr(module(where), name)(value)


def _default(default: Any) -> Any:
    if isinstance(default, dict) and "enum" in default:
        return _enum(default["enum"], default["value"])
    return default
