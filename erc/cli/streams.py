"""Standard streams left non-blocking (``O_NONBLOCK``) by whatever shares them: a terminal
another program set so, a socket. erc reads and writes them as blocking ones: a read waits
for input or its end, a write waits until the other side takes it. erc never clears the
flag itself, since the file description is shared with the programs that set it.

Without this, Python's streams give up on such a descriptor: a read of nothing yet looks
like the end of input (``erc batch`` stopped at once), and an unbuffered write
(``PYTHONUNBUFFERED``) of more than the other side takes lost the rest without a word, a
recorded event's envelope included.
"""

from __future__ import annotations

import io
import os
import sys

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

_STANDARD = ("stdin", "stdout", "stderr")


def patient_standard_streams(descriptors: list[int]) -> None:
    """The standard streams on ``descriptors`` (those ``erc.cli.main`` found non-blocking)
    are replaced by ones over the same descriptors that wait (``_Patient``), with the same
    encoding and error handling; a stream not on its own descriptor is left as it is."""
    for fd in descriptors:
        name = _STANDARD[fd]
        stream = getattr(sys, name)
        try:
            if stream.fileno() != fd:
                continue
        except (OSError, ValueError, AttributeError):  # closed, or not a real stream
            continue
        setattr(sys, name, _wrapped(stream, fd, reading=fd == 0))


def _wrapped(stream: Any, fd: int, *, reading: bool) -> io.TextIOWrapper:
    raw = _Patient(fd, reading=reading)
    if reading:
        buffered: Any = io.BufferedReader(raw)
    else:
        stream.flush()
        buffered = io.BufferedWriter(raw)
    return io.TextIOWrapper(
        buffered,
        encoding=stream.encoding,
        errors=stream.errors,
        line_buffering=stream.line_buffering,
        write_through=getattr(stream, "write_through", False),
    )


class _Patient(io.RawIOBase):
    """A descriptor read or written as if it blocked: where it would block, wait until it
    is ready (``select``) and try again. The descriptor stays the standard stream's: this
    object never closes it."""

    def __init__(self, fd: int, *, reading: bool) -> None:
        super().__init__()
        self._fd = fd
        self._reading = reading

    def fileno(self) -> int:
        return self._fd

    def readable(self) -> bool:
        return self._reading

    def writable(self) -> bool:
        return not self._reading

    def isatty(self) -> bool:
        return os.isatty(self._fd)

    def readinto(self, buffer: Any) -> int:
        while True:
            try:
                data = os.read(self._fd, len(buffer))
            except BlockingIOError:
                _ready(self._fd, reading=True)
                continue
            buffer[: len(data)] = data
            return len(data)

    def write(self, data: Any) -> int:
        while True:
            try:
                return os.write(self._fd, data)
            except BlockingIOError:
                _ready(self._fd, reading=False)


def _ready(fd: int, *, reading: bool) -> None:
    """Wait until ``fd`` can be read (input, or its end) or written."""
    import select

    if reading:
        select.select([fd], [], [])
    else:
        select.select([], [fd], [])
