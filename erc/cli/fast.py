"""The fast path: parse an ordinary erc command line without importing typer.

Each command declares its line once, as its parameters' defaults (``erc.core.mechanic``).
Here the declaration is read off the command function about to run, the line is read by the
one tokenizer (``split``, below), and the result is the keyword arguments Typer would
pass. Whatever it does not fully understand (``--help``, an unknown or malformed option, a
value out of range, too few arguments) it leaves to the full Typer path (``erc.cli.app``,
built from the same declaration), which then answers exactly as always. A test runs both
paths over many command lines and requires identical results.
"""

from __future__ import annotations

import os

from erc.core.text import FALSE_WORDS, TRUE_WORDS, whole_number

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence
    from typing import Any

    from erc.core.mechanic import Param


DISABLED = "ERC_NO_FAST_PATH"


class Spec:
    """A command's declared line: its parameters, and each option spelling's parameter."""

    __slots__ = ("options", "params", "takes")

    def __init__(self, params: list[Param]) -> None:
        self.params = params
        options: dict[str, tuple[Param, bool]] = {}
        takes: dict[str, bool] = {}
        for param in params:
            for opt in param.opts:
                options[opt] = (param, True)
                takes[opt] = not param.flag
            for opt in param.secondary:
                options[opt] = (param, False)
                takes[opt] = False
        self.options = options
        self.takes = takes


def parse(argv: Sequence[str], ruleset: str = "er") -> dict[str, Any] | None:
    """The keyword arguments Typer would pass for ``argv`` under ``ruleset``, or None."""
    if not argv or os.environ.get(DISABLED):
        return None
    spec = spec_of(ruleset, argv[0])
    if spec is None:
        return None
    tokens = split(argv[1:], spec.takes)
    if tokens.unknown or tokens.pending is not None:
        return None
    given: dict[str, Any] = {}
    for flag, text, _, _ in tokens.options:
        param, primary = spec.options[flag]
        value: str | bool | None = text
        if param.flag:
            if text is not None:
                return None
            value = primary
        if param.multiple:
            given.setdefault(param.name, []).append(value)
        else:
            given[param.name] = value
    if not _place(spec.params, tokens.words, given):
        return None
    kwargs: dict[str, Any] = {}
    for param in spec.params:
        key = param.name
        if key not in given and param.envvar:
            env = os.environ.get(param.envvar)
            if env and param.flag:  # ERC_APPLY=1: click's words for a boolean
                word = env.strip().lower()
                if word not in TRUE_WORDS and word not in FALSE_WORDS:
                    return None  # Typer says what it takes
                given[key] = word in TRUE_WORDS
            elif env:
                given[key] = [env] if param.multiple else env
        if key not in given and param.required and param.kind == "option":
            return None  # Typer says which option is missing
        if key in given:
            value = _convert(param, given[key])
            if value is _INVALID:
                return None
            kwargs[key] = value
        else:
            kwargs[key] = param.default
    return kwargs


def options_of(name: str, ruleset: str) -> list[str]:
    """The long options of command ``name`` under ``ruleset``, in declaration order."""
    spec = spec_of(ruleset, name)
    if spec is None:
        return []
    return [o for p in spec.params for o in p.opts if o.startswith("--")]


HELP = {"--help": False, "-h": False}


def unknown_flags(argv: Sequence[str], ruleset: str) -> list[str]:
    """The options on ``argv`` that its command does not have under ``ruleset``."""
    spec = spec_of(ruleset, argv[0])
    if spec is None:
        return []
    tokens = split(argv[1:], {**spec.takes, **HELP})
    return [flag for flag, _ in tokens.unknown if flag.lstrip("-")[:1].isalpha()]


_specs: dict[tuple[str, str], Spec | None] = {}


def spec_of(ruleset: str, name: str) -> Spec | None:
    """Command ``name``'s declared line under ``ruleset`` (None: no such command), read once
    per process from the function that runs it."""
    key = (ruleset, name)
    if key not in _specs:
        from erc import rulesets
        from erc.cli.boundary import params
        from erc.cli.registry import commands, load_command

        chosen = rulesets.get(ruleset)
        found = name in commands(chosen)
        _specs[key] = Spec(params(load_command(chosen, name))) if found else None
    return _specs[key]


def _place(params: list[Param], positional: list[str], given: dict[str, Any]) -> bool:
    """Share the positional words among the arguments as click does (one may take many)."""
    arguments = [p for p in params if p.kind == "argument"]
    fixed = sum(1 for p in arguments if p.nargs == 1)
    variadic = [p for p in arguments if p.nargs == -1]
    optional = [p for p in arguments if p.nargs == 1 and not p.required]
    if optional:  # trailing optional arguments (``pick-up NAME [WEAPON]``), no variadic one
        singles = [p for p in arguments if p.nargs == 1]
        required = len(singles) - len(optional)
        if variadic or singles[required:] != optional or not required <= len(positional) <= fixed:
            return False
        for param, word in zip(singles, positional, strict=False):
            given[param.name] = word
        return True
    if len(variadic) > 1 or len(positional) < fixed:
        return False
    if not variadic and len(positional) > fixed:
        return False
    rest = len(positional) - fixed
    index = 0
    for param in arguments:
        if param.nargs == -1:
            taken = positional[index : index + rest]
            index += rest
            if not taken and param.required:
                return False
            given[param.name] = taken
        else:
            given[param.name] = positional[index]
            index += 1
    return True


_INVALID = object()


def _convert(param: Param, raw: Any) -> Any:
    if param.multiple or param.nargs == -1:
        values = [_one(param, item) for item in raw]
        if any(v is _INVALID for v in values):
            return _INVALID
        return values or None
    return _one(param, raw)


def _one(param: Param, raw: Any) -> Any:
    kind = param.type
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
        low, high = param.low, param.high
        if (low is not None and number < low) or (high is not None and number > high):
            return _INVALID
        return number
    if kind == "choice":
        if raw not in param.choices:
            return _INVALID
        return param.enum(raw)
    return _INVALID


# --- the tokenizer ------------------------------------------------------------------------
# An argument list read as click reads it, once for everything that looks at one: the fast
# parser (above), the ruleset's ``-e`` lookup and the not-in-ruleset check
# (``erc.cli.dispatch``), ``erc batch`` and shell completion. (Here, not in a module of its
# own: each module on the start-up path costs about 0.6M instructions.)


class Tokens:
    """One argument list, read."""

    __slots__ = ("dashes", "options", "pending", "unknown", "words")

    def __init__(self) -> None:
        self.options: list[tuple[str, str | None, int, int]] = []
        """Each known option: its flag, its value (None: a flag given alone), and the
        indexes of its first word and just past its last."""
        self.words: list[str] = []
        """The positional words, in order (after ``--`` too)."""
        self.unknown: list[tuple[str, int]] = []
        """Each word that starts with ``-`` but is no known option (before ``--``): its flag
        (``--x`` of ``--x=1``) and its index."""
        self.dashes: int | None = None
        """The index of ``--``, after which every word is positional."""
        self.pending: str | None = None
        """A value-taking option last on the line, its value not given yet."""


def split(words: Sequence[str], takes: Mapping[str, bool]) -> Tokens:
    """Read ``words`` against ``takes`` (each known option spelling: takes a value?)."""
    out = Tokens()
    options, positional = out.options, out.words
    i = 0
    count = len(words)
    while i < count:
        word = words[i]
        start = i
        i += 1
        if word[:1] != "-" or word == "-":
            positional.append(word)
            continue
        if word == "--":
            out.dashes = start
            positional.extend(words[i:])
            break
        if word[:2] == "--":
            flag, eq, inline = word.partition("=")
        elif len(word) > 2 and takes.get(word[:2]):  # -eFILE
            flag, eq, inline = word[:2], "=", word[2:]
        else:
            flag, eq, inline = word, "", ""
        value_taken = takes.get(flag)
        if value_taken is None:
            out.unknown.append((flag, start))
        elif eq:
            options.append((flag, inline, start, i))
        elif not value_taken:
            options.append((flag, None, start, i))
        elif i < count:
            options.append((flag, words[i], start, i + 1))
            i += 1
        else:
            out.pending = flag
    return out


ENCOUNTER = {"-e": True, "--encounter": True}
"""The spellings of the encounter option, which every command that reads one takes: read
before the ruleset (and so the command's other options) is known."""
