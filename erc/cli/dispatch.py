"""Which ruleset a command line is for, and what runs it.

The line's encounter (``-e``/``--encounter``, else ``ERC_ENCOUNTER``) names its ruleset
(``ruleset:``, default ``er``); that ruleset's commands and options are the ones the line may
use. A command or option that only another ruleset has is exit 2 with code
``not-in-ruleset`` (CONTRACT "Commands"); one that no ruleset has is an ordinary usage error.
An ordinary line is parsed by the fast path (``erc.cli.fast``); anything else by Typer.
"""

from __future__ import annotations

import os
import sys

from erc import rulesets
from erc.cli import fast
from erc.cli.registry import NO_ENCOUNTER, commands, load_command
from erc.core.errors import ErcError

TYPE_CHECKING = False
if TYPE_CHECKING:
    from erc.core.outcome import Outcome
    from erc.core.ruleset import Ruleset

_HELP = ("--help", "-h")


def encounter_options(args: list[str], start: int) -> list[tuple[int, int, str]]:
    """Each ``-e FILE``, ``-eFILE``, ``--encounter FILE`` or ``--encounter=FILE`` on the line
    from ``start``, as click reads them (none after ``--``): where it starts and ends, and
    its value. Read before the ruleset, so before the command's other options, are known."""
    tokens = fast.split(args[start:], fast.ENCOUNTER)
    return [(first + start, end + start, value or "") for _, value, first, end in tokens.options]


def encounter_argument(args: list[str], start: int = 1) -> str | None:
    """The value of the last ``-e``/``--encounter`` on the line (as click reads it), looked
    for after the command (``start``: 0 for a line of top-level options, ``erc --help -e
    FILE``)."""
    found = encounter_options(args, start)
    return found[-1][2] if found else None


def ruleset_for(args: list[str]) -> Ruleset:
    """The ruleset of the line's encounter; the default when it names none."""
    name = args[0] if args else ""
    if name in NO_ENCOUNTER:
        return rulesets.get(rulesets.DEFAULT)
    top = name.startswith("-")  # no command: erc --help -e FILE
    path = encounter_argument(args, 0 if top else 1) or os.environ.get("ERC_ENCOUNTER")
    if not path:
        return rulesets.get(rulesets.DEFAULT)
    from erc.core.encounter import load_cached

    try:
        return rulesets.get(load_cached(path).ruleset)
    except ErcError:
        if any(a in _HELP for a in args):
            return rulesets.get(rulesets.DEFAULT)
        raise


def _others(ruleset: Ruleset) -> list[Ruleset]:
    return [rulesets.get(n) for n in rulesets.available() if n != ruleset.name]


def not_in_ruleset(
    ruleset: Ruleset, what: str, elsewhere: list[str], command: str | None = None
) -> ErcError:
    """The error, saying what the file's ruleset offers instead: its commands, or for an
    option the options its ``command`` takes."""
    if command is None:
        offered = f"The {ruleset.name} commands: {', '.join(sorted(commands(ruleset)))}"
    else:
        options = ", ".join(fast.options_of(command, ruleset.name)) or "none"
        offered = f"The {ruleset.name} {command} takes: {options}"
    return ErcError(
        "not-in-ruleset",
        f"{what} is not in the {ruleset.name} ruleset ({ruleset.title}); it is in "
        f"{' and '.join(elsewhere)}. {offered}",
    )


def dispatch(args: list[str]) -> Outcome | int:
    """Run one command line: the fast path when it can, else Typer."""
    if args and args[0] == "roll":
        args = expression_last(args)
    ruleset = ruleset_for(args)
    name = args[0] if args else ""
    table = commands(ruleset)
    if name and not name.startswith("-") and name not in table:
        elsewhere = [r.name for r in _others(ruleset) if name in commands(r)]
        if elsewhere:
            raise not_in_ruleset(ruleset, f"the command {name!r}", elsewhere)
    if name in table:
        reuse = sys.modules.get("erc.cli.reuse")  # imported by erc batch alone
        if reuse is not None and reuse.ON:
            kwargs = reuse.parse(args, ruleset.name)
        else:
            kwargs = fast.parse(args, ruleset.name)
        if kwargs is not None:
            produced: Outcome | int = load_command(ruleset, name)(**kwargs)
            return produced
        for flag in fast.unknown_flags(args, ruleset.name):
            elsewhere = [
                r.name
                for r in _others(ruleset)
                if name in commands(r) and flag not in fast.unknown_flags([name, flag], r.name)
            ]
            if elsewhere:
                raise not_in_ruleset(ruleset, f"{name} {flag}", elsewhere, name)
    if not name or name.startswith("-"):  # top-level options: -e picked the ruleset above
        args = _without_encounter(args)
    return typer_run(ruleset, args)


def expression_last(args: list[str]) -> list[str]:
    """``roll -1d4 --json`` -> ``roll --json -- -1d4``: a word of ``roll`` that starts with
    ``-`` but is none of its options (nor an option's value) is the expression, so it goes
    after ``--``, where click and the fast path read it as the argument."""
    spec = fast.spec_of(rulesets.DEFAULT, "roll")
    assert spec is not None
    for flag, i in fast.split(args[1:], {**spec.takes, **fast.HELP}).unknown:
        if flag.lstrip("+-")[:1] in tuple("0123456789dD(."):
            return [*args[: i + 1], *args[i + 2 :], "--", args[i + 1]]
    return args


def _without_encounter(args: list[str]) -> list[str]:
    """A line of top-level options without its ``-e FILE`` (the app itself takes none)."""
    dropped = {i for first, end, _ in encounter_options(args, 0) for i in range(first, end)}
    return [token for i, token in enumerate(args) if i not in dropped]


def typer_run(ruleset: Ruleset, args: list[str]) -> Outcome | int:
    """The full Typer path: help, usage errors, anything the fast path left."""
    from erc.cli.app import command_for

    command = command_for(ruleset.name)
    produced: Outcome | int = command.main(args=args, prog_name="erc", standalone_mode=False)
    return produced
