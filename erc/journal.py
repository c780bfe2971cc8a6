"""The combat journal: append-only JSON lines beside the encounter (CONTRACT "Combat state").

Writers take an exclusive ``flock`` on the journal (stdlib ``fcntl``: no import cost on the
start-up path; the journal is a local file). Each event is one line, written whole with a
single ``write`` on an ``O_APPEND`` descriptor, then flushed and ``fsync``ed before the
command reports success. A torn last line (a crash mid-write) is reported and skipped; it is
closed off with a newline by the next writer so it can never merge with a new event.
"""

from __future__ import annotations

import fcntl
import json
import os
import sys
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime

from erc.errors import ErcError

TYPE_CHECKING = False  # typing is not imported at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Any


MAX_JOURNAL_BYTES = 64 << 20
MAX_LINE_BYTES = 1 << 20


@dataclass(frozen=True, slots=True)
class Entry:
    line: int
    event: Mapping[str, Any]


@dataclass(frozen=True, slots=True)
class Read:
    entries: tuple[Entry, ...]
    torn_line: int | None = None


def parse(data: bytes, path: str) -> Read:
    """The events of a journal's bytes; a torn last line is skipped and reported."""
    entries: list[Entry] = []
    lines = data.split(b"\n")
    torn: int | None = None
    complete = data.endswith(b"\n") or not data
    for number, raw in enumerate(lines, 1):
        if not raw.strip():
            continue
        last = number == len(lines)
        try:
            if len(raw) > MAX_LINE_BYTES:
                raise ValueError("line too long")
            event = json.loads(raw)
            if not isinstance(event, dict):
                raise ValueError("not an object")
        except (ValueError, UnicodeDecodeError):
            if last and not complete:
                torn = number
                continue
            if _torn_then_closed(raw):
                torn = number
                continue
            raise ErcError(
                "bad-journal", f"journal line {number} is not a valid event", path, number
            ) from None
        entries.append(Entry(number, event))
    return Read(tuple(entries), torn)


def _torn_then_closed(raw: bytes) -> bool:
    """A torn line a later writer closed off: a line cut short, no closing brace."""
    return raw.startswith(b"{") and not raw.rstrip().endswith(b"}")


def _check_name(path: str) -> None:
    if "\0" in path:
        raise ErcError("bad-journal", f"a file name cannot contain a NUL byte: {path!r}")


def read(path: str) -> Read:
    _check_name(path)
    try:
        with open(path, "rb") as handle:
            data = handle.read(MAX_JOURNAL_BYTES + 1)
    except FileNotFoundError:
        return Read(())
    except OSError as exc:
        raise ErcError("bad-journal", f"cannot read journal {path}: {exc.strerror}", path) from None
    if len(data) > MAX_JOURNAL_BYTES:
        raise ErcError(
            "bad-journal", f"journal {path} is larger than {MAX_JOURNAL_BYTES} bytes", path
        )
    result = parse(data, path)
    if result.torn_line is not None:
        sys.stderr.write(
            f"erc: warning: {path}:{result.torn_line}: a torn line (an interrupted "
            "write) was skipped\n"
        )
    return result


@contextmanager
def _locked(path: str) -> Iterator[int]:
    fd = os.open(path, os.O_RDWR | os.O_APPEND | os.O_CREAT, 0o644)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield fd
    finally:
        os.close(fd)  # closing releases the lock


def append(path: str, event: Mapping[str, Any]) -> dict[str, Any]:
    """Append one event under the lock; its ``id`` is the next free one. Durable on return."""
    _check_name(path)
    try:
        with _locked(path) as fd:
            size = os.fstat(fd).st_size
            data = b""
            if size:
                with open(path, "rb") as handle:
                    data = handle.read()
            existing = parse(data, path)
            last_id = max((int(e.event.get("id", 0)) for e in existing.entries), default=0)
            record = {
                "id": last_id + 1,
                **event,
                "at": datetime.now(UTC).isoformat(timespec="seconds"),
            }
            line = json.dumps(record, separators=(",", ":"), ensure_ascii=False).encode() + b"\n"
            if data and not data.endswith(b"\n"):
                line = b"\n" + line  # close off a torn line; it stays skipped
            written = os.write(fd, line)
            if written != len(line):
                raise OSError("short write")
            os.fsync(fd)
    except OSError as exc:
        raise ErcError("journal-write", f"cannot write journal {path}: {exc}", path) from None
    return record
