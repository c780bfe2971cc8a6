"""Ctrl-C without losing what was recorded, and without a crash (CONTRACT "Combat state",
issues 15 and 32).

In the ``erc`` process an interrupt ends the command at once, by SIGINT (130 in a shell),
without a traceback: from erc's first instruction (``erc/__init__.py`` sets the system's
default action, which needs no Python code, until ``take_over``) to the end of the
command. It is never raised as ``KeyboardInterrupt`` into code
that may swallow it: an interrupt raised inside an extension's import (msgspec 0.23) was
swallowed by it, left it half set up, and its next call crashed the process (SIGSEGV).

From the moment an event is about to be appended until its output is written, the interrupt
waits (``Held``): a script that sees the process end by SIGINT knows that every event it
recorded was also reported. Once the command is done, an interrupt still ends the process
at once, by SIGINT (its output is written by then): what runs after the command, the exit
handlers and the streams' flush (``erc.cli.leave``), or the interpreter's own exit under
``python -m erc``, never shows a ``KeyboardInterrupt`` traceback.

Outside the ``erc`` process (erc's functions called by a program, the tests), ``Guard``
installs the handler for its extent only, and an interrupt outside ``Held`` is an ordinary
``KeyboardInterrupt``. The ``_signal`` module is the interpreter's own, loaded before any
code runs: importing ``signal`` would cost every command ``enum``.
"""

from __future__ import annotations

import _signal  # type: ignore[import-not-found]  # the interpreter's own (no stub)

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from types import FrameType
    from typing import Any


class _Pending:
    installed = 0
    previous: Any = None
    critical = 0
    interrupted = False
    ending = 0
    """A SIGTERM or SIGHUP that came during a section holding them (``Held(ending=True)``)."""
    process = False
    """The handler is the ``erc`` process's own (``take_over``): outside ``Held`` an
    interrupt ends it at once."""


def _handler(signum: int, frame: FrameType | None) -> None:
    if _Pending.critical:
        _Pending.interrupted = True  # the section ends first (``Held``)
    elif _Pending.process:
        exit_by_interrupt()
    else:
        raise KeyboardInterrupt


def take_over() -> None:
    """The ``erc`` process's handler from now on (``erc.cli.main``); an interrupt that the
    parent has the process ignore (a job started in the background) stays ignored."""
    _Pending.process = True
    _Pending.installed += 1
    if _signal.getsignal(_signal.SIGINT) != _signal.SIG_IGN:
        _Pending.previous = _signal.signal(_signal.SIGINT, _handler)


class Guard:
    """Ctrl-C handled by erc for this extent (nestable): outside a ``Held`` section it
    interrupts at once (in the ``erc`` process, by ending it; else as Python's own handler
    does); inside one it waits for its end. ``erc batch`` installs it once for all its
    lines."""

    def __enter__(self) -> Guard:
        if _Pending.installed == 0:
            _Pending.previous = _signal.signal(_signal.SIGINT, _handler)
        _Pending.installed += 1
        return self

    def __exit__(self, *exc: object) -> None:
        _Pending.installed -= 1
        if _Pending.installed == 0:
            _signal.signal(_signal.SIGINT, _Pending.previous)


class Held:
    """A section an interrupt waits for (nestable; a ``Guard`` of its own when none is
    installed). With ``ending``, SIGTERM and SIGHUP (a script's ``timeout`` or ``kill``, a
    terminal gone) wait too, and then end the process by that signal: a command that records
    (``erc.cli.run``) reports its event before it goes. A signal the process was started
    ignoring (``nohup``) stays ignored."""

    def __init__(self, ending: bool = False) -> None:
        self.ending = ending
        self.previous: dict[int, Any] = {}

    def __enter__(self) -> Held:
        self.guard = Guard().__enter__() if _Pending.installed == 0 else None
        _Pending.critical += 1
        if self.ending:
            self.previous = hold_ending(_defer)
        return self

    def __exit__(self, *exc: object) -> None:
        _Pending.critical -= 1
        release(self.previous)
        ending = _Pending.ending if _Pending.critical == 0 else 0
        if ending:
            _Pending.ending = 0
            end_by(ending)
        interrupted = _Pending.critical == 0 and _Pending.interrupted
        if interrupted:
            _Pending.interrupted = False
        if self.guard is not None:
            self.guard.__exit__()
        if interrupted:
            raise KeyboardInterrupt


ENDING = ("SIGTERM", "SIGHUP")
"""The signals a recording command holds back to its end (``Held(ending=True)``; ``erc
batch`` for a line that may record)."""


def hold_ending(handler: Callable[[int, FrameType | None], None]) -> dict[int, Any]:
    """``handler`` for each of ``ENDING`` the process has at its default (one it was started
    ignoring, ``nohup``, stays ignored); the handlers it replaced, for ``release``. None is
    installed outside the main thread (erc called by a program: the signals are its own)."""
    previous: dict[int, Any] = {}
    for name in ENDING:
        number = getattr(_signal, name, None)  # (no SIGHUP on Windows)
        if number is not None and _signal.getsignal(number) == _signal.SIG_DFL:
            try:
                previous[number] = _signal.signal(number, handler)
            except ValueError:  # not the main thread
                break
    return previous


def release(previous: dict[int, Any]) -> None:
    """The handlers ``hold_ending`` replaced, back."""
    for number, handler in previous.items():
        _signal.signal(number, handler)


def _defer(signum: int, frame: FrameType | None) -> None:
    if _Pending.critical:
        _Pending.ending = _Pending.ending or signum
    else:
        end_by(signum)


def end_by(number: int) -> None:
    """End the process by signal ``number`` (143 in a shell for SIGTERM), what stdout holds
    flushed first; never a traceback."""
    import os
    import sys

    try:  # noqa: SIM105 - contextlib costs an import
        sys.stdout.flush()
    except Exception:  # never a traceback here (a closed stdout, a flush under way)
        pass
    _signal.signal(number, _signal.SIG_DFL)
    os.kill(os.getpid(), number)
    sys.exit(128 + number)  # where the signal did not end us


def exit_by_interrupt() -> None:
    """End the process by SIGINT, as an interrupted program should (the shell sees 130).
    What stdout holds is flushed first: a whole document (``emit`` writes one in a single
    call) or lines already made; never a traceback, whatever the flush meets."""
    import os
    import sys

    try:  # noqa: SIM105 - not contextlib.suppress: importing contextlib costs ~3M instructions
        sys.stdout.flush()
    except Exception:  # never a traceback here
        pass
    _signal.signal(_signal.SIGINT, _signal.SIG_DFL)
    os.kill(os.getpid(), _signal.SIGINT)
    sys.exit(130)  # where the signal did not end us
