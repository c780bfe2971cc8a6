"""The ``erc`` command line: parse, load, resolve, render. No rule logic lives here.

Every error is caught in one place (``run``): an ``ErcError`` or a usage error becomes
exit code 2 with a clear message (a JSON document on stderr with ``--json``).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from erc.errors import ErcError

TYPE_CHECKING = False  # typing is not imported at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Any


_command: Any = None


def _click_command() -> Any:
    """The click command tree Typer builds from the app, built once per process (``erc
    batch`` runs many lines through it)."""
    global _command
    if _command is None:
        from typer.main import get_command

        from erc.cli.app import app

        _command = get_command(app)
    return _command


def run(argv: Sequence[str]) -> int:
    """Run one erc command line; return its exit code.

    An ordinary command line takes the fast path (``erc.cli.fast``, no typer import);
    anything else, help and usage errors included, goes through Typer.
    """
    from erc.cli.common import fresh_session
    from erc.cli.fast import dispatch

    args = list(argv)
    try:
        with fresh_session():
            code = dispatch(args)
            if code is None:
                code = _click_command().main(args=args, prog_name="erc", standalone_mode=False)
    except ErcError as error:
        report(error, "--json" in args)
        return 2
    except BrokenPipeError:
        return 0
    except Exception as error:
        return _click_error(error, args)
    return code if isinstance(code, int) else 0


def _click_error(error: Exception, args: list[str]) -> int:
    """Typer/click's usage errors as erc errors (exit 2); anything else is a bug: re-raise."""
    from typer import exceptions as typer_exceptions
    from typer._click import exceptions as click_exceptions  # typer 0.28 vendors click

    if isinstance(error, click_exceptions.NoArgsIsHelpError):
        sys.stdout.write(error.format_message() + "\n")
        return 0
    if isinstance(error, click_exceptions.UsageError):
        path = error.ctx.command_path if error.ctx else ""
        hint = (
            f" (try 'erc {path.split(' ', 1)[-1]} --help')"
            if " " in path
            else (" (try 'erc --help')")
        )
        report(ErcError("usage", error.format_message() + hint), "--json" in args)
        return 2
    if isinstance(error, typer_exceptions.Abort):
        sys.stderr.write("aborted\n")
        return 130
    if isinstance(error, click_exceptions.ClickException):
        report(ErcError("usage", error.format_message()), "--json" in args)
        return 2
    raise error


def report(error: ErcError, as_json: bool) -> None:
    """An error on stderr: one JSON document, or one line per problem for people."""
    from erc.cli.common import sink

    collected = sink.get()
    if collected is not None:
        from erc.render.envelope import error_document

        collected.append(error_document(error))
        return
    if as_json:
        from erc.render.envelope import encode, error_document

        sys.stderr.write(encode(error_document(error)).decode())
        return
    from erc.render.human import clean

    lines = [f"erc: {error.where()}{error.message}"]
    if len(error.problems) > 1:
        lines = [f"erc: {error.path}: {len(error.problems)} problems"] + [
            f"  {error.path}:{p.line}:{p.column}: {p.message}" if p.line else f"  {p.message}"
            for p in error.problems
        ]
    sys.stderr.write(clean("\n".join(lines)).replace("\\x0a", "\n") + "\n")


def main() -> None:
    sys.exit(run(sys.argv[1:]))
