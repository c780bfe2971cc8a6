"""The combat journal: append-only JSON lines beside the encounter (CONTRACT "Combat state").

- **A writer is a transaction.** ``Transaction`` takes an exclusive ``flock`` before it
  reads, and holds it while the command checks the state, resolves and appends; so
  concurrent commands act as if one ran after the other. Readers take a shared lock.
- **Whole lines or nothing.** Each event is one line, written with a single ``write`` on an
  ``O_APPEND`` descriptor, then ``fsync``ed before the command reports success. A short or
  failed write is truncated away at once. A torn last line left by a crash (any last line
  without its newline: a reported success always has one) is skipped with a warning by
  readers and truncated away by the next writer, under the lock, saying so on stderr.
- **Bounded.** A write that would take the journal past ``MAX_JOURNAL_BYTES`` is refused
  before anything is written, so a journal that could be read stays readable; the last
  ``UNDO_RESERVE`` bytes are for undo events only.
- **Read only what folding needs.** Writers put ``result`` last; the fold decodes each line
  up to it (``_head``), so a long journal costs little more than its effects.
- Only a regular file is a journal: a FIFO or device is a clean error found without blocking.
  The one exception is ``os.devnull``: an empty journal that keeps nothing (``--journal
  /dev/null`` runs a command with no combat state).
"""

from __future__ import annotations

import fcntl
import json
import os
import stat
import sys

from erc.core.errors import ErcError
from erc.core.value import Value

TYPE_CHECKING = False  # typing is not imported at run time (start-up cost)
if TYPE_CHECKING:
    from collections.abc import Mapping
    from typing import Any, TypeGuard


MAX_JOURNAL_BYTES = 64 << 20
MAX_LINE_BYTES = 1 << 20
UNDO_RESERVE = 64 << 10
"""The last bytes under the limit are kept for undo events, so a full journal can still
take back what filled it."""
_RESULT = b',"result":'


class Entry(Value):
    """One event as the fold reads it: everything but its ``result``."""

    line: int
    id: int
    command: str
    round: int
    key: str | None
    effects: tuple[Any, ...]
    """The raw effect objects; the ruleset's kinds decode them (``erc.core.events``)."""


class Read(Value):
    entries: tuple[Entry, ...]
    torn_line: int | None = None
    size: int = 0


def default_path(encounter_path: str) -> str:
    """``<encounter>.journal.jsonl`` beside the encounter (``ambush.yaml`` ->
    ``ambush.journal.jsonl``)."""
    root, ext = os.path.splitext(encounter_path)
    return (root if ext in (".yaml", ".yml") else encounter_path) + ".journal.jsonl"


def _bad(path: str, line: int, message: str) -> ErcError:
    return ErcError("bad-journal", f"journal line {line}: {message}", path, line)


def _whole(value: Any) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _head(raw: bytes) -> Any:
    """The event on one line, decoded up to its ``result`` when that comes last (as erc
    writes it): JSON text cannot hold an unescaped quote inside a string, so the first
    ``,"result":`` outside strings is a key, and the cut parses only at the top level."""
    cut = raw.find(_RESULT)
    if cut > 0:
        try:
            head = json.loads(raw[:cut] + b"}")
        except ValueError:
            head = None
        if isinstance(head, dict) and "effects" in head:
            return head
    return json.loads(raw)


def _entry(path: str, number: int, event: Any) -> Entry:
    if not isinstance(event, dict):
        raise _bad(path, number, "not an event (a JSON object)")
    ident = event.get("id")
    if not _whole(ident) or ident < 1:
        raise _bad(path, number, f"the event id {ident!r} is not a whole number >= 1")
    round_no = event.get("round", 0)
    if not _whole(round_no) or round_no < 0:
        raise _bad(path, number, f"the round {round_no!r} is not a whole number >= 0")
    effects = event.get("effects", [])
    if not isinstance(effects, list):
        raise _bad(path, number, "an event's effects must be a list")
    key = event.get("key")
    if key is not None and not isinstance(key, str):
        raise _bad(path, number, "an event's key must be text")
    command = event.get("command")
    return Entry(
        number, ident, command if isinstance(command, str) else "", round_no, key, tuple(effects)
    )


def _lines(data: bytes) -> tuple[list[tuple[int, bytes]], int | None]:
    """The complete lines of ``data`` with their numbers, and the number of a torn last line
    (one without its newline), if any."""
    lines = data.split(b"\n")
    torn = None
    if lines and lines[-1]:
        torn = len(lines)
    complete = [(n, raw) for n, raw in enumerate(lines[:-1], 1)]
    return complete, torn


def parse(data: bytes, path: str) -> Read:
    """The entries of a journal's bytes; a torn last line is skipped and reported."""
    complete, torn = _lines(data)
    entries: list[Entry] = []
    seen: set[int] = set()
    for number, raw in complete:
        if not raw.strip():
            continue
        if len(raw) > MAX_LINE_BYTES:
            raise _bad(path, number, f"longer than {MAX_LINE_BYTES} bytes")
        try:
            event = _head(raw)
        except (ValueError, UnicodeDecodeError):
            if raw.startswith(b"{") and not raw.rstrip().endswith(b"}"):
                # a torn line an earlier erc closed off with a newline: skipped, reported
                _warn(f"{path}:{number}: a torn line (an interrupted write) was skipped")
                continue
            raise _bad(path, number, "not a valid event (not JSON)") from None
        entry = _entry(path, number, event)
        if entry.id in seen:
            raise _bad(path, number, f"the event id {entry.id} is used twice")
        seen.add(entry.id)
        entries.append(entry)
    return Read(tuple(entries), torn, len(data))


def _warn(message: str) -> None:
    from erc.core.text import safe

    sys.stderr.write(f"erc: warning: {safe(message)}\n")


def _open(path: str, write: bool) -> int | None:
    """A descriptor of the journal, or None when it does not exist (and ``write`` is off)."""
    if "\0" in path:
        raise ErcError("bad-journal", f"a file name cannot contain a NUL byte: {path!r}")
    flags = os.O_NONBLOCK | (os.O_RDWR | os.O_APPEND | os.O_CREAT if write else os.O_RDONLY)
    try:
        fd = os.open(path, flags, 0o644)
    except FileNotFoundError:
        if write:
            raise ErcError(
                "bad-journal", f"cannot create journal {path}: no such folder", path
            ) from None
        return None
    except OSError as exc:
        raise ErcError("bad-journal", f"cannot open journal {path}: {exc.strerror}", path) from None
    mode = os.fstat(fd).st_mode
    if not stat.S_ISREG(mode) and not (stat.S_ISCHR(mode) and path == os.devnull):
        os.close(fd)
        raise ErcError("bad-journal", f"journal {path} is not a regular file", path)
    return fd


def _read_all(fd: int, path: str) -> bytes:
    size = os.fstat(fd).st_size
    if size > MAX_JOURNAL_BYTES:
        raise ErcError(
            "bad-journal", f"journal {path} is larger than {MAX_JOURNAL_BYTES} bytes", path
        )
    chunks = []
    offset = 0
    while True:
        chunk = os.pread(fd, 1 << 20, offset)
        if not chunk:
            break
        chunks.append(chunk)
        offset += len(chunk)
        if offset > MAX_JOURNAL_BYTES:
            raise ErcError(
                "bad-journal", f"journal {path} is larger than {MAX_JOURNAL_BYTES} bytes", path
            )
    return b"".join(chunks)


def read(path: str) -> Read:
    """The journal's entries under a shared lock; a missing journal has none."""
    fd = _open(path, write=False)
    if fd is None:
        return Read(())
    try:
        fcntl.flock(fd, fcntl.LOCK_SH)
        data = _read_all(fd, path)
    finally:
        os.close(fd)
    read = parse(data, path)
    if read.torn_line is not None:
        _warn(f"{path}:{read.torn_line}: a torn line (an interrupted write) was skipped")
    return read


def events(path: str) -> list[dict[str, Any]]:
    """Every event in full, ``result`` included (``erc log``)."""
    fd = _open(path, write=False)
    if fd is None:
        return []
    try:
        fcntl.flock(fd, fcntl.LOCK_SH)
        data = _read_all(fd, path)
    finally:
        os.close(fd)
    return full_events(data)


def full_events(data: bytes) -> list[dict[str, Any]]:
    """The events of a journal's bytes in full, each with its ``line``."""
    complete, _ = _lines(data)
    out = []
    for number, raw in complete:
        if not raw.strip():
            continue
        try:
            event = json.loads(raw)
        except (ValueError, UnicodeDecodeError):
            continue  # reported by ``read``
        if isinstance(event, dict):
            out.append({**event, "line": number})
    return out


class Transaction:
    """An exclusive hold on the journal from reading it to the end of an append.

    ``entries`` is the journal as it stands under the lock (a torn tail already truncated
    away); ``append`` writes one event durably. Close it (or use ``with``) to release.
    """

    def __init__(self, path: str) -> None:
        self.path = path
        self.fd: int | None = _open(path, write=True)
        try:
            assert self.fd is not None
            fcntl.flock(self.fd, fcntl.LOCK_EX)
            data = _read_all(self.fd, path)
            torn = _lines(data)[1]
            if torn is not None:
                keep = data.rfind(b"\n") + 1
                os.ftruncate(self.fd, keep)
                os.fsync(self.fd)
                _warn(
                    f"{path}:{torn}: a torn line (an interrupted write) was truncated away "
                    f"({len(data) - keep} bytes)"
                )
                data = data[:keep]
            self.read = parse(data, path)
            self.size = len(data)
        except BaseException:
            self.close()
            raise

    @property
    def entries(self) -> tuple[Entry, ...]:
        return self.read.entries

    def events(self) -> list[dict[str, Any]]:
        """Every event in full, read through the held lock (``--key`` replays)."""
        assert self.fd is not None
        return full_events(_read_all(self.fd, self.path))

    def next_id(self) -> int:
        return max((e.id for e in self.entries), default=0) + 1

    def append(self, event: Mapping[str, Any]) -> dict[str, Any]:
        """Append one event (its ``id`` the next free one); durable on return. Refused,
        with nothing written, when it would pass the limit (``UNDO_RESERVE`` below it unless
        it is an undo)."""
        if self.fd is None:
            raise ErcError("journal-write", f"journal {self.path} is closed", self.path)
        from datetime import UTC, datetime

        record: dict[str, Any] = {"id": self.next_id()}
        record.update((k, v) for k, v in event.items() if k != "result")
        record["at"] = datetime.now(UTC).isoformat(timespec="seconds")
        if "result" in event:
            record["result"] = event["result"]  # last: the fold reads up to it (``_head``)
        line = json.dumps(record, separators=(",", ":"), ensure_ascii=False).encode() + b"\n"
        if len(line) > MAX_LINE_BYTES:
            raise ErcError(
                "journal-full",
                f"this event is {len(line)} bytes, more than a journal line may hold "
                f"({MAX_LINE_BYTES}); nothing was written",
                self.path,
            )
        limit = MAX_JOURNAL_BYTES - (0 if event.get("command") == "undo" else UNDO_RESERVE)
        if self.size + len(line) > limit:
            raise ErcError(
                "journal-full",
                f"journal {self.path} would pass its limit of {MAX_JOURNAL_BYTES} bytes "
                f"({self.size} now, this event {len(line)}); nothing was written: start a new "
                "journal (--journal FILE) for the next fight",
                self.path,
            )
        try:
            written = os.write(self.fd, line)
            if written != len(line):
                raise OSError(f"short write ({written} of {len(line)} bytes)")
            if self.path != os.devnull:
                os.fsync(self.fd)
        except OSError as exc:
            self._undo_partial()
            message = getattr(exc, "strerror", None) or str(exc)
            raise ErcError(
                "journal-write", f"cannot write journal {self.path}: {message}", self.path
            ) from None
        self.size += len(line)
        return record

    def _undo_partial(self) -> None:
        """Truncate back a line that was not written whole (the journal stays readable)."""
        try:
            assert self.fd is not None
            os.ftruncate(self.fd, self.size)
            os.fsync(self.fd)
        except OSError:
            pass

    def close(self) -> None:
        if self.fd is not None:
            os.close(self.fd)  # closing releases the lock
            self.fd = None

    def __enter__(self) -> Transaction:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def append(path: str, event: Mapping[str, Any]) -> dict[str, Any]:
    """One event appended in a transaction of its own."""
    with Transaction(path) as txn:
        return txn.append(event)
