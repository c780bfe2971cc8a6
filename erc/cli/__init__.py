"""The ``erc`` command line: parse, load, resolve, render. No rule logic lives here.

``run`` is the one place errors are caught: an ``ErcError`` or a usage error becomes exit
code 2 with a clear message (a JSON document on stderr with ``--json``). Which commands and
options a line may use depends on its encounter's ruleset (``erc.cli.dispatch``).
"""

from __future__ import annotations

import os
import sys

from erc.core.errors import ErcError, hold_warnings, released_warnings, show_warnings
from erc.core.outcome import Outcome

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import Any


RECORDING = ("undo",)
"""Commands that always record (others record with ``--apply``)."""


def run(argv: Sequence[str]) -> int:
    """Run one erc command line; return its exit code.

    A command that records holds Ctrl-C, SIGTERM and SIGHUP back until its output is written
    (``erc.cli.interrupts``); an output that cannot be written after the event was recorded
    is reported on stderr with the event's id (exit 2), so a script knows to look.
    """
    args = list(argv)
    if args and args[0] in ("--show-completion", "--install-completion"):
        from erc.cli.completion import command

        try:
            return command(args)
        except ErcError as error:
            report(error, False)
            return 2
    as_json = wants_json(args)
    if "--apply" in args or (args and args[0] in RECORDING) or os.environ.get("ERC_APPLY"):
        from erc.cli.interrupts import Held

        with Held(ending=True):  # Ctrl-C, SIGTERM, SIGHUP wait for the event's output
            return _run(args, as_json)
    return _run(args, as_json)


def _run(args: list[str], as_json: bool) -> int:
    if as_json:  # an error is one JSON document on stderr: warnings meanwhile go in it
        hold_warnings()
    try:
        produced = outcome_of(args)
    except ErcError as error:
        if error.code == "output-lost":  # (erc batch) what stdout still holds goes nowhere
            _quiet_stdout(0)
        report(error, as_json, released_warnings())
        return 2
    except BrokenPipeError:  # help to a reader that stopped reading (``| head``)
        return _quiet_stdout(0)
    except OSError as error:
        if error.errno not in _STDOUT_FAILURES:
            raise
        return _unwritten(error)  # help or version into a full or closed stdout
    except Exception as error:
        return click_error(error, args)
    finally:
        show_warnings(released_warnings())  # those no error document took
    if not isinstance(produced, Outcome):
        return produced if isinstance(produced, int) else 0
    try:
        return emit(produced, as_json)
    except (OSError, ValueError) as exc:  # a closed or full stdout
        return _lost_output(produced, exc)


def _quiet_stdout(code: int) -> int:
    """Point stdout at the null device, so the interpreter's last flush raises nothing."""
    import os

    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
        os.close(null)
    except (OSError, ValueError, AttributeError):
        pass
    return code


_STDOUT_FAILURES = (5, 9, 28, 32, 122)
"""What a write to a full, closed or broken standard output raises (``errno``: EIO, EBADF,
ENOSPC, EPIPE, EDQUOT)."""


def _say(text: str) -> None:
    """One line on stderr, if stderr takes it (when it does not, the exit code says it)."""
    try:
        sys.stderr.write(text)
        sys.stderr.flush()
    except (OSError, ValueError):
        try:
            import os

            null = os.open(os.devnull, os.O_WRONLY)
            os.dup2(null, sys.stderr.fileno())
            os.close(null)
        except (OSError, ValueError, AttributeError):
            pass


def _why(exc: BaseException) -> str:
    return getattr(exc, "strerror", None) or str(exc) or type(exc).__name__


def _unwritten(exc: BaseException) -> int:
    """Output other than a command's result (help, the version) could not be written: one
    line on stderr, exit 2, as for any output (CONTRACT "Errors and exit codes")."""
    _quiet_stdout(0)
    _say(f"erc: cannot write the output: {_why(exc)}\n")
    return 2


def _lost_output(outcome: Outcome, exc: BaseException) -> int:
    """The output could not be written: after a recorded event that is an error naming the
    event (exit 2, even when stderr cannot take the message either); a reader that stopped
    reading (``| head``) is not an error, and the command's own verdict stands (``check``
    still exits 1 on an invalid file)."""
    _quiet_stdout(0)
    applied = outcome.applied
    if applied:
        _say(
            f"erc: event {applied.get('event')} was recorded in {applied.get('journal')}, but "
            f"its output could not be written ({_why(exc)}); erc log shows it\n"
        )
        return 2
    if isinstance(exc, BrokenPipeError):
        return outcome.code
    _say(f"erc: cannot write the output: {_why(exc)}\n")
    return 2


def outcome_of(args: list[str]) -> Outcome | int:
    """What one command line produces (an ``Outcome``, or an exit code for help and usage),
    without printing it; ``erc batch`` runs its lines through here."""
    from erc.cli.dispatch import dispatch

    return dispatch(args)


def emit(outcome: Outcome, as_json: bool) -> int:
    """Print ``outcome``: its JSON envelope, or its human table (colour only on a terminal)."""
    if outcome.json if outcome.json is not None else as_json:
        from erc.core.envelope import encode, envelope

        sys.stdout.write(encode(envelope(outcome), ascii_only=not _utf8(sys.stdout)).decode())
    else:
        lines = getattr(outcome.render(), "lines", None)  # plain text: no rich at all
        if lines is not None:
            for line in lines(outcome):
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
        said = error.format_message()
        if said.startswith("Got unexpected extra argument"):
            extra = said.rpartition("(")[2].rpartition(")")[0].split()
            if any(word.startswith("--") for word in extra):  # erc roll -- -1d4 --seed 1
                said += "; after -- every word is an argument: put options before --"
            else:  # erc attack Vessa Bandit 1
                said += "; a name with a space goes in quotes, as one argument"
        return ErcError("usage", said + hint)
    if isinstance(error, click_exceptions.ClickException):
        return ErcError("usage", error.format_message())
    return None


def _utf8(stream: Any) -> bool:
    """Whether ``stream`` takes any text: else JSON escapes what is not ASCII."""
    encoding = str(getattr(stream, "encoding", "") or "").lower().replace("-", "")
    return encoding in ("utf8", "utf8sig")


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
    report(found, wants_json(args))
    return 2


def wants_json(args: list[str]) -> bool:
    """Whether the line asked for JSON: ``--json``, or ``check``'s ``--format json``; its
    errors (a usage error too) are then a JSON document."""
    options = args[: args.index("--")] if "--" in args else args  # after --: arguments
    if "--json" in options:
        return True
    if not options or options[0] != "check":
        return False
    chosen = None  # the last --format given wins, as the parser takes it
    for i, a in enumerate(options):
        if a == "--format" and i + 1 < len(options):
            chosen = options[i + 1]
        elif a.startswith("--format="):
            chosen = a.partition("=")[2]
    return chosen == "json"


def report(error: ErcError, as_json: bool, held: Sequence[str] = ()) -> None:
    """An error on stderr: one JSON document (with the warnings ``held`` back meanwhile), or
    one line per problem for people."""
    if as_json:
        from erc.core.envelope import encode, error_document

        document = error_document(error)
        if held:  # the shape of ``check``'s warnings (one key, one type)
            document["warnings"] = [{"line": None, "column": None, "message": t} for t in held]
        sys.stderr.write(encode(document, ascii_only=not _utf8(sys.stderr)).decode())
        return
    show_warnings(held)
    from erc.core.text import safe

    lines = [f"erc: {error.where()}{error.message}"]
    if len(error.problems) > 1:
        lines = [f"erc: {error.path}: {len(error.problems)} problems"] + [
            f"  {error.path}:{p.line}:{p.column}: {p.message}" if p.line else f"  {p.message}"
            for p in error.problems
        ]
    sys.stderr.write("\n".join(safe(line) for line in lines) + "\n")


class _Closed:
    """Standard output or error closed when erc started (``>&-``): writing fails cleanly
    (stdout, so a recorded event is reported) or is dropped (stderr, nowhere to report)."""

    encoding = "utf-8"

    def __init__(self, fails: bool) -> None:
        self.fails = fails

    def write(self, text: str) -> int:
        if self.fails:
            import errno

            raise OSError(errno.EBADF, "standard output is closed")
        return len(text)

    def flush(self) -> None:
        return None

    def isatty(self) -> bool:
        return False

    def fileno(self) -> int:
        import io

        raise io.UnsupportedOperation("closed stream")


def _hold_closed_descriptors() -> None:
    """A standard descriptor closed at start-up is pointed at the null device, so no file erc
    opens (a journal) can take its number and receive what was meant for the terminal."""
    import os

    for fd in (0, 1, 2):
        try:
            os.fstat(fd)
        except OSError:
            try:
                null = os.open(os.devnull, os.O_RDWR)
                if null != fd:
                    os.dup2(null, fd)
                    os.close(null)
            except OSError:
                return


def _blocking(fd: int) -> bool:
    """Whether standard descriptor ``fd`` blocks (a closed one counts as blocking: nothing
    to wait on)."""
    import os

    try:
        return os.get_blocking(fd)
    except OSError:
        return True


def main() -> None:
    import gc
    import os

    from erc.cli.interrupts import take_over

    take_over()  # Ctrl-C ends the command at once, by SIGINT, outside a held section

    # One command is one short process whose objects all live until it ends: the cyclic
    # collector would only walk them (about 4% of a command's instructions, measured).
    # Reference counting still frees everything acyclic; erc batch, which runs on, turns
    # the collector back on (erc.cli.commands.batch).
    gc.disable()

    if sys.stdin is None or sys.stdout is None or sys.stderr is None:
        _hold_closed_descriptors()
    if sys.stderr is None:
        sys.stderr = _Closed(fails=False)
    if sys.stdout is None:
        sys.stdout = _Closed(fails=True)
    waiting = [fd for fd in (0, 1, 2) if not _blocking(fd)]  # set so by what shares them
    if waiting:
        from erc.cli.streams import patient_standard_streams

        patient_standard_streams(waiting)
    if "_ERC_COMPLETE" in os.environ:  # a shell's completion script asks (erc.cli.completion)
        from erc.cli.completion import respond

        sys.exit(respond(os.environ["_ERC_COMPLETE"]))
    for stream in (sys.stdout, sys.stderr):  # any terminal encoding: escape what it lacks
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="backslashreplace")
    try:
        code = run(sys.argv[1:])
    except KeyboardInterrupt:
        from erc.cli.interrupts import exit_by_interrupt

        exit_by_interrupt()
        return
    sys.exit(code)  # an interrupt from now on still ends the process by SIGINT, no traceback


def entry() -> None:
    """The ``erc`` executable: ``main``, then the end of the process (``leave``). ``main``
    itself ends by ``SystemExit``, for a program that calls it (``python -m erc`` too, so
    ``runpy`` and the tools that run erc through it get control back)."""
    try:
        main()
    except SystemExit as end:
        if isinstance(end.code, int):
            leave(end.code)
        raise


def leave(code: int) -> None:
    """End the process with ``code`` as the interpreter would, without its teardown.

    The exit handlers run and the standard streams are flushed, as at any exit; then the
    process ends, and the operating system reclaims the memory the interpreter would
    otherwise free object by object (in a one-shot command that teardown was an eighth of
    all its instructions, measured). Nothing erc opens needs more: a journal's events are
    written by ``os.write`` before the command's output, its lock is the kernel's, and every
    other file is closed where it is used. Under a tracer or a profiler, which report at the
    interpreter's exit, and where a stream cannot be flushed (the interpreter reports it as
    usual), the interpreter ends it. An interrupt now, the command done, ends it at once.
    """
    import os

    if sys.gettrace() is not None or sys.getprofile() is not None:
        sys.exit(code)
    try:
        import atexit

        atexit._run_exitfuncs()
        for stream in (sys.stdout, sys.stderr):
            if stream is not None:
                stream.flush()
    except KeyboardInterrupt:
        pass
    except Exception:
        sys.exit(code)
    os._exit(code)
