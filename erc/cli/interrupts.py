"""Ctrl-C without losing what was recorded (CONTRACT "Combat state", issue 15).

Outside a ``Held`` section an interrupt ends the command at once: ``erc.cli.main`` exits by
SIGINT (130 in a shell), without a traceback. From the moment an event is about to be
appended until its output is written, the interrupt waits (``Held``): a script that sees the
process end by SIGINT knows that every event it recorded was also reported. The handler is
installed only for those sections, so an ordinary command never imports ``signal``.
"""

from __future__ import annotations

import contextlib

TYPE_CHECKING = False
if TYPE_CHECKING:
    from types import FrameType
    from typing import Any


class _Pending:
    installed = 0
    previous: Any = None
    critical = 0
    interrupted = False


def _handler(signum: int, frame: FrameType | None) -> None:
    if _Pending.critical:
        _Pending.interrupted = True  # the section ends first (``Held``)
    else:
        raise KeyboardInterrupt


class Guard:
    """Ctrl-C handled by erc for this extent (nestable): outside a ``Held`` section it
    interrupts at once, as Python's own handler does; inside one it waits for its end.
    ``erc batch`` installs it once for all its lines."""

    def __enter__(self) -> Guard:
        if _Pending.installed == 0:
            import signal

            _Pending.previous = signal.signal(signal.SIGINT, _handler)
        _Pending.installed += 1
        return self

    def __exit__(self, *exc: object) -> None:
        _Pending.installed -= 1
        if _Pending.installed == 0:
            import signal

            signal.signal(signal.SIGINT, _Pending.previous)


class Held:
    """A section an interrupt waits for (nestable; a ``Guard`` of its own when none is
    installed)."""

    def __enter__(self) -> Held:
        self.guard = Guard().__enter__() if _Pending.installed == 0 else None
        _Pending.critical += 1
        return self

    def __exit__(self, *exc: object) -> None:
        _Pending.critical -= 1
        interrupted = _Pending.critical == 0 and _Pending.interrupted
        if interrupted:
            _Pending.interrupted = False
        if self.guard is not None:
            self.guard.__exit__()
        if interrupted:
            raise KeyboardInterrupt


def exit_by_interrupt() -> None:
    """End the process by SIGINT, as an interrupted program should (the shell sees 130)."""
    import os
    import signal
    import sys

    with contextlib.suppress(OSError, ValueError):
        sys.stdout.flush()
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    os.kill(os.getpid(), signal.SIGINT)
    sys.exit(130)  # where the signal did not end us
