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
- **Read only what folding needs.** Writers put what the fold reads first (``id``,
  ``command``, ``round``, ``key``, ``effects``) and the rest after ``at`` (the time, the seed,
  the dice, the result); the fold decodes each line up to ``at`` (``_head``), streaming, so a
  long journal costs little more than its effects.
- Only a regular file is a journal: a FIFO or device is a clean error found without blocking.
  The one exception is ``os.devnull``: an empty journal that keeps nothing (``--journal
  /dev/null`` runs a command with no combat state).
"""

from __future__ import annotations

import json
import os
import stat

from erc.core.errors import ErcError, warn
from erc.core.events import MAX_NUMBER
from erc.core.value import Value

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable, Mapping
    from typing import Any, TypeGuard


FOLD_KEYS = ("command", "round", "key", "effects", "ruleset")
"""What the fold reads of an event, written before ``at`` (``_head``)."""
MAX_JOURNAL_BYTES = 64 << 20
MAX_LINE_BYTES = 1 << 20
UNDO_RESERVE = 64 << 10
"""The last bytes under the limit are kept for undo events, so a full journal can still
take back what filled it."""
_CUT = b',"at":'
"""Where a line's fold part ends (``Transaction.append`` writes ``at`` after ``effects``)."""


class Entry(Value):
    """One event as the fold reads it: everything but its ``result``."""

    line: int
    id: int
    command: str
    round: int
    key: str | None
    effects: tuple[Any, ...]
    """The raw effect objects; the ruleset's kinds decode them (``erc.core.events``)."""
    ruleset: str | None = None
    """The ruleset the event was recorded under (None: a journal from before erc wrote it);
    ``same_ruleset`` refuses another's."""


class Read(Value):
    entries: tuple[Entry, ...]
    torn_line: int | None = None
    size: int = 0
    """Where the complete lines end (a torn tail excluded)."""
    lines: int = 0
    """How many complete lines were read, blank ones included."""
    crc: int = 0
    """CRC-32 of the bytes of those complete lines, from the start of the file."""
    whole_tail: bool = False
    """The torn last line is a whole event that only lacks its newline (``_whole_event``)."""


JOURNAL_SUFFIX = ".journal.jsonl"
OTHER_SUFFIX = ".erc-journal.jsonl"
"""The journal of an encounter whose name ends neither ``.yaml`` nor ``.yml``: a suffix no
``.yaml`` or ``.yml`` file's journal ends with, so no two encounters share one."""


def default_path(encounter_path: str) -> str:
    """The journal beside the encounter, one per encounter file whatever its name (the rule
    docs/journal.md states):

    - ``NAME.yaml`` -> ``NAME.journal.jsonl`` (``ambush.yaml`` -> ``ambush.journal.jsonl``);
    - ``NAME.yml`` -> ``NAME.yml.journal.jsonl``, or the older ``NAME.journal.jsonl`` while
      that exists and no ``NAME.yml.journal.jsonl`` or twin ``NAME.yaml`` does (a journal
      once recorded is never left behind);
    - any other name (``fight``, ``x.yml.yaml``, ``x.yaml.yaml``) -> ``NAME.erc-journal.jsonl``.

    No two names map to one journal: the first form's part before ``.journal.jsonl`` never
    ends ``.yml`` or ``.yaml``, the second's always ends ``.yml``, and the third's suffix is
    no other's. A symlinked encounter shares the journal of the file it names (so does
    ``/dev/stdin`` redirected from a file).
    """
    path = os.path.realpath(encounter_path) if os.path.islink(encounter_path) else encounter_path
    root, ext = os.path.splitext(path)
    if ext == ".yaml" and not root.endswith((".yml", ".yaml")):
        return root + JOURNAL_SUFFIX
    if ext == ".yml":
        older, own = root + JOURNAL_SUFFIX, path + JOURNAL_SUFFIX
        if os.path.exists(older) and not os.path.exists(own) and not os.path.exists(root + ".yaml"):
            return older
        return own
    return path + OTHER_SUFFIX


def _bad(path: str, line: int, message: str) -> ErcError:
    return ErcError("bad-journal", f"journal line {line}: {message}", path, line)


def _whole(value: Any) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


_UNREADABLE = (ValueError, UnicodeDecodeError, RecursionError)
"""What decoding a line may raise: not JSON, not UTF-8, or nested past the decoder's depth
(``[[[...]]]`` a thousand deep: a clean error naming the line, never a traceback)."""


def _head(raw: bytes) -> Any:
    """The event on one line, decoded up to ``at`` (as erc writes it): JSON text cannot hold
    an unescaped quote inside a string, so the first ``,"at":`` is a key, and the cut
    parses only at the top level. Any other line is decoded whole."""
    cut = raw.find(_CUT)
    if cut > 0:
        try:
            head = json.loads(raw[:cut].decode() + "}")
        except _UNREADABLE:
            head = None
        if isinstance(head, dict) and "effects" in head:
            return head
    return json.loads(raw)


def _entry(path: str, number: int, event: Any) -> Entry:
    if not isinstance(event, dict):
        raise _bad(path, number, "not an event (a JSON object)")
    ident = event.get("id")
    if not _whole(ident) or not 1 <= ident <= MAX_NUMBER:
        raise _bad(
            path, number, f"the event id {ident!r} is not a whole number from 1 to {MAX_NUMBER}"
        )
    round_no = event.get("round", 0)
    if not _whole(round_no) or not 0 <= round_no <= MAX_NUMBER:
        raise _bad(
            path, number, f"the round {round_no!r} is not a whole number from 0 to {MAX_NUMBER}"
        )
    effects = event.get("effects", [])
    if not isinstance(effects, list):
        raise _bad(path, number, "an event's effects must be a list")
    key = event.get("key")
    if key is not None and not isinstance(key, str):
        raise _bad(path, number, "an event's key must be text")
    ruleset = event.get("ruleset")
    if ruleset is not None and not isinstance(ruleset, str):
        raise _bad(path, number, "an event's ruleset must be text")
    command = event.get("command")
    return Entry(
        line=number,
        id=ident,
        command=command if isinstance(command, str) else "",
        round=round_no,
        key=key,
        effects=tuple(effects),
        ruleset=ruleset,
    )


def same_ruleset(entries: Iterable[Entry], ruleset: str, path: str, encounter: str | None) -> None:
    """Refuse (``bad-journal``) a journal with an event recorded under another ruleset: its
    effects would be read by this ruleset's rules (another system's damage, order and
    conditions folded without a word), and what is recorded next would mix the two."""
    for entry in entries:
        if entry.ruleset is not None and entry.ruleset != ruleset:
            where = f"the encounter {encounter}" if encounter else "this encounter"
            raise ErcError(
                "bad-journal",
                f"journal {path} records a fight of the {entry.ruleset} ruleset (event "
                f"{entry.id}), and {where} is {ruleset}: give it a journal of its own "
                "(--journal FILE), or start a new fight (erc new-fight)",
                path,
                entry.line,
            )


def out_of_numbers(path: str, writing: bool = True) -> ErcError:
    """The error of an event whose id or round would pass ``MAX_NUMBER`` (``writing``: one
    about to be written, which is not)."""
    written = "nothing was written: " if writing else ""
    return ErcError(
        "journal-full",
        f"journal {path} has run out of event ids or rounds (at most {MAX_NUMBER}); "
        f"{written}start a new journal (--journal FILE)",
        path,
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
    import io

    return scan(io.BytesIO(data), path)


class _Lines:
    """The complete lines of a file without their newlines, a chunk at a time, counting
    the bytes and their CRC-32 as they go; a last line without its newline ends it."""

    def __init__(self, handle: Any, offset: int, crc: int) -> None:
        self.handle = handle
        self.offset = offset
        self.crc = crc
        self.torn = False
        self.tail = b""

    def __iter__(self) -> Any:
        rest = b""
        while True:
            chunk = self.handle.read(_CHUNK)
            if not chunk:
                break
            import zlib  # (a C extension to load: not for an empty journal)

            data = rest + chunk
            end = data.rfind(b"\n") + 1
            whole, rest = data[:end], data[end:]
            if whole:
                self.offset += len(whole)
                self.crc = zlib.crc32(whole, self.crc)
                parts = whole.split(b"\n")
                parts.pop()  # after the last newline: nothing
                yield from parts
        self.torn = bool(rest)
        self.tail = rest[: len(_EVENT_START)]
        """The first bytes of an unfinished last line."""
        self.whole_tail = bool(rest) and len(rest) <= MAX_LINE_BYTES and _whole_event(rest)


def scan(
    handle: Any,
    path: str,
    start: int = 0,
    first_line: int = 0,
    crc: int = 0,
    seen: set[int] | None = None,
) -> Read:
    """The entries of a journal read from ``handle`` (positioned at byte ``start``, after
    ``first_line`` lines whose bytes have CRC-32 ``crc`` and whose ids are ``seen``); memory:
    the entries, not the file. A last line without its newline is torn: skipped, reported."""
    import gc

    entries: list[Entry] = []
    seen = set() if seen is None else seen
    block: list[tuple[int, bytes]] = []
    lines = _Lines(handle, start, crc)
    number = first_line
    collecting = gc.isenabled()
    gc.disable()  # many small objects and no cycles: the collector would only walk them
    try:
        for raw in lines:
            number += 1
            block.append((number, raw))
            if len(block) == _BLOCK:
                entries += _block(path, block, seen)
                block = []
        entries += _block(path, block, seen)
    finally:
        if collecting:
            gc.enable()
    torn = number + 1 if lines.torn else None
    if torn is not None and not _may_begin_an_event(lines.tail):
        raise _bad(path, torn, _NOT_TORN)
    return Read(
        entries=tuple(entries),
        torn_line=torn,
        size=lines.offset,
        lines=number,
        crc=lines.crc,
        whole_tail=lines.whole_tail,
    )


_BLOCK = 2048
_CHUNK = 1 << 20


def _block(path: str, lines: list[tuple[int, bytes]], seen: set[int]) -> list[Entry]:
    """The entries of many lines: their fold parts decoded by one ``json.loads`` (a call a
    line costs more than its text); a block that does not parse so is read line by line,
    which finds the bad line and says where."""
    heads: list[bytes] = []
    kept: list[tuple[int, bytes, Entry | None]] = []
    cut_at = _CUT
    for number, raw in lines:
        if not raw or len(raw) > MAX_LINE_BYTES or raw[:1] != b"{":
            entry = _line(path, number, raw, seen)  # blank, too long or not an object
            if entry is not None:  # (read already: a line with a blank or BOM before it)
                kept.append((number, raw, entry))
            continue
        cut = raw.find(cut_at)
        heads.append(raw[:cut] + b"}" if cut > 0 else raw)
        kept.append((number, raw, None))
    if not kept:
        return []
    try:  # joined by newlines, which no JSON string holds: no line runs into the next
        decoded = json.loads(b"[" + b",\n".join(heads) + b"]") if heads else []
    except _UNREADABLE:
        decoded = None
    if decoded is not None and not _aligned(decoded, kept):
        decoded = None  # a line holding two values, or one running on: each read on its own
    out = []
    at = 0
    for number, raw, ready in kept:
        if ready is not None:
            out.append(ready)
            continue
        event = decoded[at] if decoded is not None else None
        at += 1
        if not (isinstance(event, dict) and "effects" in event):
            entry = _line(path, number, raw, seen)  # the slow, exact way, with its errors
            if entry is not None:
                out.append(entry)
            continue
        entry = _entry(path, number, event)
        if entry.id in seen:
            raise _bad(path, number, f"the event id {entry.id} is used twice")
        seen.add(entry.id)
        out.append(entry)
    return out


def _aligned(decoded: list[Any], kept: list[tuple[int, bytes, Entry | None]]) -> bool:
    """Whether the values decoded at once are the lines' own, one a line: as many, and each
    line erc wrote (``{"id":N,``) holding the event with its id."""
    lines = [raw for _, raw, ready in kept if ready is None]
    if len(decoded) != len(lines):
        return False
    start = len(_EVENT_START)
    for event, raw in zip(decoded, lines, strict=True):
        if raw.startswith(_EVENT_START):
            ident = event.get("id") if isinstance(event, dict) else None
            end = raw.find(b",", start)
            if not isinstance(ident, int) or raw[start:end] != b"%d" % ident:
                return False
    return True


def _line(path: str, number: int, raw: bytes, seen: set[int]) -> Entry | None:
    """One complete line's entry; None for a blank line or an old torn one."""
    if not raw.strip():
        return None
    if len(raw) > MAX_LINE_BYTES:
        raise _bad(path, number, f"longer than {MAX_LINE_BYTES} bytes")
    try:
        event = _head(raw)
    except _UNREADABLE:
        if raw.startswith(b"{") and not raw.rstrip().endswith(b"}"):
            # a torn line an earlier erc closed off with a newline: skipped, reported
            warn(f"{path}:{number}: a torn line (an interrupted write) was skipped")
            return None
        raise _bad(path, number, "not a valid event (not JSON, or nested too deeply)") from None
    entry = _entry(path, number, event)
    if entry.id in seen:
        raise _bad(path, number, f"the event id {entry.id} is used twice")
    seen.add(entry.id)
    return entry


def _open(path: str, write: bool) -> tuple[int | None, bool]:
    """A descriptor of the journal, or None when it does not exist (and ``write`` is off);
    and whether this call created the file."""
    if "\0" in path:
        raise ErcError("bad-journal", f"a file name cannot contain a NUL byte: {path!r}")
    flags = os.O_NONBLOCK | (os.O_RDWR | os.O_APPEND | os.O_CREAT if write else os.O_RDONLY)
    created = False
    try:
        if write and path != os.devnull:
            try:
                fd = os.open(path, flags | os.O_EXCL, 0o644)
                created = True
            except FileExistsError:
                fd = os.open(path, flags, 0o644)
        else:
            fd = os.open(path, flags, 0o644)
    except FileNotFoundError:
        if write:
            raise ErcError(
                "bad-journal", f"cannot create journal {path}: no such folder", path
            ) from None
        return None, False
    except OSError as exc:
        raise ErcError("bad-journal", f"cannot open journal {path}: {exc.strerror}", path) from None
    mode = os.fstat(fd).st_mode
    if not stat.S_ISREG(mode) and not (stat.S_ISCHR(mode) and path == os.devnull):
        os.close(fd)
        raise ErcError("bad-journal", f"journal {path} is not a regular file", path)
    return fd, created


def _size(fd: int, path: str) -> int:
    size = os.fstat(fd).st_size
    if size > MAX_JOURNAL_BYTES:
        raise ErcError(
            "bad-journal", f"journal {path} is larger than {MAX_JOURNAL_BYTES} bytes", path
        )
    return size


def _scan_fd(
    fd: int, path: str, start: int, first_line: int, crc: int, seen: set[int] | None
) -> Read:
    """``scan`` of the file behind ``fd`` from byte ``start``, through a descriptor of its
    own."""
    _size(fd, path)
    copy = os.dup(fd)
    with os.fdopen(copy, "rb") as handle:
        handle.seek(start)
        return scan(handle, path, start, first_line, crc, seen)


def crc_of(fd: int, end: int) -> int:
    """CRC-32 of the first ``end`` bytes of the file behind ``fd``."""
    import zlib

    crc, offset = 0, 0
    while offset < end:
        chunk = os.pread(fd, min(_CHUNK, end - offset), offset)
        if not chunk:
            break
        crc = zlib.crc32(chunk, crc)
        offset += len(chunk)
    return crc


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
    with Handle(path, write=False) as handle:
        return handle.scan()


def events(path: str) -> list[dict[str, Any]]:
    """Every event in full, ``result`` included (``erc log``)."""
    fd, _ = _open(path, write=False)
    if fd is None:
        return []
    try:
        import fcntl

        fcntl.flock(fd, fcntl.LOCK_SH)
        data = _read_all(fd, path)
    finally:
        os.close(fd)
    return full_events(data, path)


def full_events(data: bytes, path: str = "") -> list[dict[str, Any]]:
    """The events of a journal's bytes in full, each with its ``line``; a line the fold reads
    but that cannot be decoded whole (its result nested too deeply) is an error naming it."""
    complete, _ = _lines(data)
    out = []
    for number, raw in complete:
        if not raw.strip():
            continue
        try:
            event = _shallow(json.loads(raw))
        except _UNREADABLE:
            if raw.startswith(b"{") and not raw.rstrip().endswith(b"}"):
                continue  # an old torn line: ``read`` reports it
            raise _bad(path, number, "not a valid event (not JSON, or nested too deeply)") from None
        if isinstance(event, dict):
            out.append({**event, "line": number})
    return out


MAX_DEPTH = 64
"""The deepest an event line may nest (erc writes a few levels): deeper is a bad line, not a
recursion in whatever reads it next (``erc log``, a ``--key`` replay)."""


def _shallow(value: Any) -> Any:
    """``value`` when it nests at most ``MAX_DEPTH`` deep; else ``ValueError``."""
    level = [value]
    for _ in range(MAX_DEPTH + 1):
        level = [
            child
            for node in level
            if isinstance(node, (dict, list))
            for child in (node.values() if isinstance(node, dict) else node)
        ]
        if not level:
            return value
    raise ValueError(f"nested more than {MAX_DEPTH} deep")


_EVENT_START = b'{"id":'
"""How every line erc writes begins: a torn last line is a prefix of one (or begins so)."""
_NOT_TORN = (
    "not an event erc wrote, and no newline ends it: not a torn event to truncate; is this "
    "file a journal? Nothing was changed"
)


def _may_begin_an_event(start: bytes) -> bool:
    """Whether an unfinished last line starting ``start`` can be an event erc was writing."""
    return start.startswith(_EVENT_START) or _EVENT_START.startswith(start)


def _not_in_use(fd: int, path: str, encounter: str | None) -> None:
    """Refuse a journal that is the encounter file, standard output or standard error (any
    name for the same file: its device and inode), before anything is read or written: a
    journal there would be overwritten by erc's own output, or would rewrite the encounter
    (CONTRACT: "The encounter file itself is never rewritten")."""
    if path == os.devnull:
        return
    ours = os.fstat(fd)
    same = (ours.st_dev, ours.st_ino)
    if encounter is not None:
        try:
            theirs = os.stat(encounter)
        except (OSError, ValueError):
            theirs = None
        if theirs is not None and (theirs.st_dev, theirs.st_ino) == same:
            raise ErcError(
                "bad-journal",
                f"the journal {path} is the encounter file itself: give --journal (or "
                "ERC_JOURNAL) another file",
                path,
            )
    for number, stream in ((1, "standard output"), (2, "standard error")):
        try:
            info = os.fstat(number)
        except OSError:
            continue
        if stat.S_ISREG(info.st_mode) and (info.st_dev, info.st_ino) == same:
            raise ErcError(
                "bad-journal",
                f"the journal {path} is erc's {stream}, which erc writes its own output to: "
                "give --journal (or ERC_JOURNAL) another file; nothing was written",
                path,
            )


_TORN_READ = "a torn line (an interrupted write) was skipped"
_UNENDED = "the last line holds a whole event but no newline ends it"
_KEEP_IT = "add the newline to keep the event, or delete the line"
_WHOLE_BUT_UNENDED_READ = (
    f"{_UNENDED}: it was left out; {_KEEP_IT} (erc writes nothing here until then)"
)
_WHOLE_BUT_UNENDED = (
    f"{_UNENDED}: an edit that dropped the newline, or a write cut just before it, and erc "
    f"cannot tell which; nothing was written: {_KEEP_IT}"
)


def _whole_event(raw: bytes) -> bool:
    """Whether ``raw`` is a whole event (a JSON object with its effects), as no write cut
    short can be: a proper prefix of a JSON object is never one."""
    try:
        event = json.loads(raw)
    except _UNREADABLE:
        return False
    return isinstance(event, dict) and "effects" in event


class Handle:
    """The journal held under its lock: shared to read, exclusive to write (from reading the
    state a command checks to the end of its append). A writer first truncates a torn tail
    away. ``scan`` reads entries (from an offset, for a verified snapshot); ``append`` writes
    one event durably. Close it (or use ``with``) to release the lock.
    """

    def __init__(self, path: str, write: bool, encounter: str | None = None) -> None:
        """``encounter``: the encounter file, which the journal must not be (CONTRACT: "The
        encounter file itself is never rewritten")."""
        self.path = path
        self.write = write
        self.fd: int | None = None
        self.created = False
        """This writer created the file: it takes it away again if it appends nothing, so a
        refused ``--apply`` leaves no empty journal behind."""
        self.size = 0
        self.next = 1
        try:
            self._lock()
            if self.fd is not None:
                _not_in_use(self.fd, path, encounter)
                if write:
                    self._repair()
                self.size = _size(self.fd, path)
        except BaseException:
            self.close()
            raise

    def _lock(self) -> None:
        """Open and lock; a writer whose file was taken away while it waited for the lock
        (an empty journal its creator removed) opens the path again."""
        while True:
            self.fd, self.created = _open(self.path, self.write)
            if self.fd is None:
                return
            import fcntl  # here: a command without a journal takes no lock

            fcntl.flock(self.fd, fcntl.LOCK_EX if self.write else fcntl.LOCK_SH)
            if self._still_there():
                return
            os.close(self.fd)

    def _still_there(self) -> bool:
        """The file locked is still the one at the path: not removed, and not moved aside
        (``erc new-fight``) while this command waited for the lock."""
        assert self.fd is not None
        held = os.fstat(self.fd)
        if self.write and held.st_nlink == 0:
            return False
        try:
            return os.path.samestat(held, os.stat(self.path))
        except OSError:
            return not self.write  # a reader reads what it opened

    @property
    def regular(self) -> bool:
        """A journal file (not missing, not the null device)."""
        return self.fd is not None and self.path != os.devnull

    def scan(
        self, start: int = 0, first_line: int = 0, crc: int = 0, seen: set[int] | None = None
    ) -> Read:
        """The entries from byte ``start`` on (``scan``); a reader reports a torn tail."""
        if self.fd is None:
            return Read(())
        read = _scan_fd(self.fd, self.path, start, first_line, crc, seen)
        if read.torn_line is not None and not self.write:
            what = _WHOLE_BUT_UNENDED_READ if read.whole_tail else _TORN_READ
            warn(f"{self.path}:{read.torn_line}: {what}")
        return read

    def crc(self, end: int) -> int:
        return crc_of(self.fd, end) if self.fd is not None else 0

    def _repair(self) -> None:
        """Truncate a torn tail away (a last line without its newline: never a reported
        success), saying so."""
        assert self.fd is not None
        size = _size(self.fd, self.path)
        if not size or os.pread(self.fd, 1, size - 1) == b"\n":
            return
        keep = size
        while keep > 0:
            start = max(0, keep - (1 << 16))
            chunk = os.pread(self.fd, keep - start, start)
            found = chunk.rfind(b"\n")
            if found >= 0:
                keep = start + found + 1
                break
            keep = start
        line = 1 + _count_newlines(self.fd, keep)
        if not _may_begin_an_event(os.pread(self.fd, len(_EVENT_START), keep)):
            raise _bad(self.path, line, _NOT_TORN)
        if size - keep <= MAX_LINE_BYTES and _whole_event(os.pread(self.fd, size - keep, keep)):
            raise _bad(self.path, line, _WHOLE_BUT_UNENDED)
        os.ftruncate(self.fd, keep)
        os.fsync(self.fd)
        warn(
            f"{self.path}:{line}: a torn line (an interrupted write) was truncated away "
            f"({size - keep} bytes)"
        )

    def event(self, ident: int) -> dict[str, Any] | None:
        """The event with id ``ident`` in full, read through the held lock (``--key``
        replays): only the line erc wrote for it is decoded (each line starts with its id)."""
        if self.fd is None:
            return None
        copy = os.dup(self.fd)
        with os.fdopen(copy, "rb") as handle:
            handle.seek(0)
            start = b'{"id":%d,' % ident
            for raw in _Lines(handle, 0, 0):
                if raw.startswith(start):
                    try:
                        event = _shallow(json.loads(raw))
                    except _UNREADABLE:
                        raise ErcError(
                            "bad-journal",
                            f"the event {ident} cannot be read whole (not JSON, or nested "
                            "too deeply)",
                            self.path,
                        ) from None
                    return event if isinstance(event, dict) else None
        read_all = _read_all(self.fd, self.path)
        found = [e for e in full_events(read_all, self.path) if e.get("id") == ident]
        return found[0] if found else None  # a hand-written line, keys in another order

    def append(self, event: Mapping[str, Any]) -> dict[str, Any]:
        """Append one event with id ``next`` (the caller's next free id); durable on return.
        Refused, with nothing written, when it would pass the limit (``UNDO_RESERVE`` below
        it unless it is an undo). A part the fold reads that is None (no ``key``) is left
        out."""
        if self.fd is None or not self.write:
            raise ErcError("journal-write", f"journal {self.path} is not open to write", self.path)
        from datetime import UTC, datetime

        round_no = event.get("round", 0)
        if self.next > MAX_NUMBER or (_whole(round_no) and round_no > MAX_NUMBER):
            raise out_of_numbers(self.path)
        record: dict[str, Any] = {"id": self.next}
        record.update((k, event[k]) for k in FOLD_KEYS if event.get(k) is not None)
        record["at"] = datetime.now(UTC).isoformat(timespec="seconds")  # the fold stops here
        record.update((k, v) for k, v in event.items() if k not in FOLD_KEYS)
        text = json.dumps(record, separators=(",", ":"), ensure_ascii=False)
        try:
            line = text.encode() + b"\n"
        except UnicodeEncodeError:  # an argument's bytes that were not UTF-8
            raise ErcError(
                "bad-text",
                "an argument recorded in the event (such as --key or --type) holds bytes "
                "that are not UTF-8 text; nothing was written",
                self.path,
            ) from None
        if len(line) > MAX_LINE_BYTES:
            raise ErcError(
                "journal-full",
                f"this event is {len(line)} bytes, more than a journal line may hold "
                f"({MAX_LINE_BYTES}); nothing was written",
                self.path,
            )
        undoing = event.get("command") in ("undo", "undo-to")
        limit = MAX_JOURNAL_BYTES - (0 if undoing else UNDO_RESERVE)
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
        self.next += 1
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
            if self.created and self.size == 0:
                try:  # created for this command, which appended nothing: leave no file
                    if os.fstat(self.fd).st_size == 0:
                        os.unlink(self.path)
                except OSError:
                    pass
            os.close(self.fd)  # closing releases the lock
            self.fd = None

    def __enter__(self) -> Handle:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _count_newlines(fd: int, end: int) -> int:
    count, offset = 0, 0
    while offset < end:
        chunk = os.pread(fd, min(1 << 20, end - offset), offset)
        if not chunk:
            break
        count += chunk.count(b"\n")
        offset += len(chunk)
    return count


def append(path: str, event: Mapping[str, Any]) -> dict[str, Any]:
    """One event appended under a lock of its own, with the next free id."""
    with Handle(path, write=True) as handle:
        handle.next = max((e.id for e in handle.scan().entries), default=0) + 1
        return handle.append(event)
