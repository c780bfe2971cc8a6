"""Ctrl-C without losing what was recorded (CONTRACT "Combat state", issue 15).

Outside a ``Held`` section an interrupt ends the command at once: ``erc.cli.main`` exits by
SIGINT (130 in a shell), without a traceback. From the moment an event is about to be
appended until its output is written, the interrupt waits (``Held``): a script that sees the
process end by SIGINT knows that every event it recorded was also reported. The handler is
installed only for those sections, so an ordinary command never imports ``signal``.
"""

from __future__ import annotations

import contextlib

TYPE_CHECKING = False  # typing is not imported at run time (start-up cost)
if TYPE_CHECKING:
    from types import FrameType
    from typing import Any


class _Pending:
    depth = 0
    interrupted = False
    previous: Any = None


def _handler(signum: int, frame: FrameType | None) -> None:
    _Pending.interrupted = True


class Held:
    """A section an interrupt waits for (nestable)."""

    def __enter__(self) -> Held:
        if _Pending.depth == 0:
            import signal

            _Pending.previous = signal.signal(signal.SIGINT, _handler)
        _Pending.depth += 1
        return self

    def __exit__(self, *exc: object) -> None:
        _Pending.depth -= 1
        if _Pending.depth:
            return
        import signal

        signal.signal(signal.SIGINT, _Pending.previous)
        if _Pending.interrupted:
            _Pending.interrupted = False
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
