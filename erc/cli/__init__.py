"""The ``erc`` command line: parse, load, resolve, render. No rule logic lives here.

``run`` is the one place errors are caught: an ``ErcError`` or a usage error becomes exit
code 2 with a clear message (a JSON document on stderr with ``--json``). Which commands and
options a line may use depends on its encounter's ruleset (``erc.cli.dispatch``).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from erc.core.errors import ErcError
from erc.core.outcome import Outcome

TYPE_CHECKING = False  # typing is not imported at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Any


def run(argv: Sequence[str]) -> int:
    """Run one erc command line; return its exit code."""
    args = list(argv)
    as_json = "--json" in args
    try:
        produced = outcome_of(args)
    except ErcError as error:
        report(error, as_json)
        return 2
    except BrokenPipeError:
        return 0
    except Exception as error:
        return click_error(error, args)
    if isinstance(produced, Outcome):
        return emit(produced, as_json)
    return produced if isinstance(produced, int) else 0


def outcome_of(args: list[str]) -> Outcome | int:
    """What one command line produces (an ``Outcome``, or an exit code for help and usage),
    without printing it; ``erc batch`` runs its lines through here."""
    from erc.cli.dispatch import dispatch

    return dispatch(args)


def emit(outcome: Outcome, as_json: bool) -> int:
    """Print ``outcome``: its JSON envelope, or its human table (colour only on a terminal)."""
    if outcome.json if outcome.json is not None else as_json:
        from erc.core.envelope import encode, envelope

        sys.stdout.write(encode(envelope(outcome)).decode())
    else:
        import importlib

        renderer: Any = importlib.import_module(outcome.render)
        if hasattr(renderer, "lines"):
            for line in renderer.lines(outcome):
                sys.stdout.write(line + "\n")
        else:
            from erc.core.human import show

            show(outcome)
    sys.stdout.flush()
    return outcome.code


def usage_error(error: Exception) -> ErcError | None:
    """Typer/click's usage error as an erc error, or None when it is not one."""
    if "typer" not in sys.modules:
        return None
    from typer._click import exceptions as click_exceptions  # typer 0.28 vendors click

    if isinstance(error, click_exceptions.NoArgsIsHelpError):
        return None
    if isinstance(error, click_exceptions.UsageError):
        path = error.ctx.command_path if error.ctx else ""
        hint = (
            f" (try 'erc {path.split(' ', 1)[-1]} --help')"
            if " " in path
            else (" (try 'erc --help')")
        )
        return ErcError("usage", error.format_message() + hint)
    if isinstance(error, click_exceptions.ClickException):
        return ErcError("usage", error.format_message())
    return None


def click_error(error: Exception, args: list[str]) -> int:
    """Typer/click's usage errors as erc errors (exit 2); anything else is a bug: re-raise."""
    if "typer" in sys.modules:
        from typer import exceptions as typer_exceptions
        from typer._click import exceptions as click_exceptions

        if isinstance(error, click_exceptions.NoArgsIsHelpError):
            sys.stdout.write(error.format_message() + "\n")
            return 0
        if isinstance(error, typer_exceptions.Abort):
            sys.stderr.write("aborted\n")
            return 130
    found = usage_error(error)
    if found is None:
        raise error
    report(found, "--json" in args)
    return 2


def report(error: ErcError, as_json: bool) -> None:
    """An error on stderr: one JSON document, or one line per problem for people."""
    if as_json:
        from erc.core.envelope import encode, error_document

        sys.stderr.write(encode(error_document(error)).decode())
        return
    from erc.core.text import safe

    lines = [f"erc: {error.where()}{error.message}"]
    if len(error.problems) > 1:
        lines = [f"erc: {error.path}: {len(error.problems)} problems"] + [
            f"  {error.path}:{p.line}:{p.column}: {p.message}" if p.line else f"  {p.message}"
            for p in error.problems
        ]
    sys.stderr.write("\n".join(safe(line) for line in lines) + "\n")


def main() -> None:
    sys.exit(run(sys.argv[1:]))
