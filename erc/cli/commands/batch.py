"""``erc batch``: many erc command lines in one process, one JSON envelope a line out.

Each line runs through the same path as a command line of its own (``erc.cli.outcome_of``)
and its outcome through the same envelope; nothing is printed and scraped back.
"""

from __future__ import annotations

import os
import re
import shlex
import sys

from erc.cli import RECORDING, outcome_of, reuse
from erc.cli.interrupts import end_by, hold_ending, release
from erc.core.envelope import envelope
from erc.core.errors import ErcError
from erc.core.mechanic import Option, shared
from erc.core.outcome import Outcome

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Iterator
    from typing import Any


MAX_LINE = 10_000
MAX_BYTES = 4 * MAX_LINE + 2
"""The most bytes a line of ``MAX_LINE`` characters takes in UTF-8, with its CR LF."""
_PLAIN = re.compile(r"[ \t\r\n!$-&(-\[\]-~]*\Z")
"""Printable ASCII with no quotes, backslashes or ``#`` (``_words``)."""


def _uncommented(line: str) -> str:
    """``line`` without a shell comment: from a ``#`` that begins a word (unquoted, at the
    start or after a blank) to the end; a ``#`` inside a word or quotes is kept."""
    quote = ""
    word_start = True
    i = 0
    while i < len(line):
        c = line[i]
        if quote == "'":
            quote = "" if c == "'" else quote
        elif quote == '"':
            if c == "\\":
                i += 1
            elif c == '"':
                quote = ""
        elif c == "#" and word_start:
            return line[:i]
        elif c == "\\":
            i += 1
        elif c in "'\"":
            quote = c
        word_start = not quote and c in " \t\r\n"
        i += 1
    return line


@shared
def batch(
    encounter: str | None = Option(
        "--encounter",
        "-e",
        metavar="FILE",
        help="The encounter of lines that name none (default: ERC_ENCOUNTER).",
    ),
) -> int:
    """Read erc command lines from stdin (shell-split, without 'erc'); write one JSON envelope
    per line to stdout, in order. Blank lines and lines starting with '#' are skipped. A
    failing line yields its error envelope (with its line number and command) and the batch
    goes on; exit 2 if any line failed."""
    from erc.cli.interrupts import Guard, Held

    _collect_garbage()

    source = getattr(sys.stdin, "buffer", None)
    if source is None:
        raise ErcError(
            "usage", "erc batch reads command lines from standard input, which is closed"
        )
    failed = False
    output = _Output()
    encode = _encoder(ascii_only=not _utf8(sys.stdout))
    reuse.ON = True
    try:
        # one handler for every line; Ctrl-C, SIGTERM or SIGHUP between lines ends the batch
        with Guard(), _Terminable(output) as terminable:
            for number, raw in enumerate(_lines(source, output.flush), 1):
                with Held():  # a line's event and its envelope: both or neither
                    terminable.line = raw
                    document = one(number, raw, encounter, objects=True)
                    if document is not None:
                        failed = failed or "error" in document
                        output.put(encode(document), number, document.get("applied"))
                terminable.line = None
                if terminable.pending:
                    terminable.end()
        output.flush()
    finally:
        reuse.ON = False
    return 2 if failed else 0


class _Terminable:
    """SIGTERM (a script's ``timeout``, ``kill``) and SIGHUP (its terminal gone) as ``Held``
    treats Ctrl-C: during a line that may record (``line``) the signal waits for the line's
    end (``end``), so an event recorded has its envelope written before the batch ends by
    that signal; during any other line (a long ``simulate`` under ``timeout``), or between
    lines, it ends the batch at once, what was written flushed. A signal the batch was
    started ignoring (``nohup``) stays ignored."""

    def __init__(self, output: _Output) -> None:
        self.output = output
        self.line: bytes | None = None
        """The line under way (None: between lines)."""
        self.pending = 0
        """The signal that came during a line that may record (0: none)."""
        self.always = bool(os.environ.get("ERC_APPLY"))
        """Every line may record (``ERC_APPLY``)."""
        self.previous: dict[int, Any] = {}

    def __enter__(self) -> _Terminable:
        self.previous = hold_ending(self._handler)
        return self

    def __exit__(self, *exc: object) -> None:
        release(self.previous)

    def _handler(self, signum: int, frame: Any) -> None:
        line = self.line
        if line is not None and (self.always or _RECORDS.search(line) is not None):
            self.pending = self.pending or signum
        else:
            end_by(signum)

    def end(self) -> None:
        """The line the signal waited for is done: end the batch by it."""
        try:  # noqa: SIM105 - what read-only lines wrote (recorded events: out already)
            self.output.flush()
        except (ErcError, OSError):
            pass  # the signal ends the batch all the same
        end_by(self.pending)


_RECORDS = re.compile(b"|".join(re.escape(w.encode()) for w in ("--apply", *RECORDING)))
"""Words of a line that may record, as ``erc.cli.run`` judges a command line (with
``ERC_APPLY``): one that only looks like one (in a name, a comment) costs a wait, never a
lost envelope (``_Terminable``)."""


class _Output:
    """Standard output for envelopes: a recorded event's is flushed before the next line
    runs, the others when the batch is about to wait for input (``_lines``) and at its end.
    A write or flush that fails is ``output-lost`` naming the lines whose envelopes did not
    get out (and the event recorded, if one did); a reader that stopped reading (``| head``)
    ends the batch quietly, as it ends a command."""

    def __init__(self) -> None:
        sys.stdout.flush()
        out = getattr(sys.stdout, "buffer", None)
        self._write = out.write if out is not None else _text_writer(sys.stdout)
        self._flush = out.flush if out is not None else sys.stdout.flush
        self.first = self.last = 0
        """The first and last lines whose envelopes are written but not flushed (0: none)."""

    def put(self, data: bytes, number: int, applied: dict[str, Any] | None) -> None:
        self.first = self.first or number
        self.last = number
        try:
            self._write(data)
            if applied:
                self._flush()
                self.first = 0
        except OSError as exc:
            self._lost(exc, applied)

    def flush(self) -> None:
        if not self.first:
            return
        try:
            self._flush()
        except OSError as exc:
            self._lost(exc, None)
        self.first = 0

    def _lost(self, exc: OSError, applied: dict[str, Any] | None) -> None:
        if isinstance(exc, BrokenPipeError) and not applied:
            raise exc  # the reader stopped reading: erc ends quietly, as a command does
        first, last = self.first, self.last
        lines = f"line {last}" if first == last else f"lines {first} to {last}"
        event = f" (event {applied['event']} was recorded)" if applied else ""
        raise ErcError(
            "output-lost",
            f"the output of batch {lines}{event} could not be written: "
            f"{exc.strerror or exc}; the lines after it were not run",
        ) from None


CHUNK = 1 << 16
"""Bytes asked of standard input at a time."""


def _lines(source: Any, flush: Callable[[], Any]) -> Iterator[bytes]:
    """Standard input's lines, each with its newline (the last may have none). What has
    been written is flushed before each read that may wait for input: a script that writes
    a line and waits for its envelope (``coproc erc batch``) gets it, and input already
    there (a file, a full pipe) is read ``CHUNK`` bytes at a time between flushes. A line
    past ``MAX_BYTES`` is not kept in memory: ``one`` reports it too long (``_overlong``)."""
    read = getattr(source, "read1", None) or source.read
    pending = b""
    long = False  # the line being read is past MAX_BYTES: only its first non-blank is kept
    first = b""
    while True:
        flush()
        try:
            chunk = read(CHUNK)
        except OSError as exc:  # opened for writing only, a terminal hung up, ...
            raise ErcError(
                "usage",
                f"erc batch could not read standard input: {exc.strerror or exc}; "
                "the lines it had read were run, the rest were not",
            ) from None
        if not chunk:
            break
        if long:
            end = chunk.find(b"\n")
            first = first or (chunk if end < 0 else chunk[:end]).lstrip()[:1]
            if end < 0:
                continue
            yield _overlong(first)
            chunk, long, first = chunk[end + 1 :], False, b""
        lines = (pending + chunk).split(b"\n")
        pending = lines.pop()
        for line in lines:
            yield line + b"\n" if len(line) <= MAX_BYTES else _overlong(line.lstrip()[:1])
        if len(pending) > MAX_BYTES:
            long, first, pending = True, pending.lstrip()[:1], b""
    if long:
        yield _overlong(first)
    elif pending:
        yield pending


def _overlong(first: bytes) -> bytes:
    """What ``one`` is given for a line past ``MAX_BYTES`` whose first non-blank byte is
    ``first``: a blank line or a comment, skipped as at any length, else a line too long."""
    if not first:
        return b"\n"
    return b"#\n" if first == b"#" else b"x" * (MAX_BYTES + 1)


def _collect_garbage() -> None:
    """A batch runs on: the cyclic collector back on (``erc.cli.main`` turns it off for a
    one-shot command), with what start-up made frozen out of its walks."""
    import gc

    if not gc.isenabled():
        gc.freeze()
        gc.enable()


def _utf8(stream: Any) -> bool:
    from erc.cli import _utf8 as utf8

    return utf8(stream)


def _text_writer(stream: Any) -> Any:
    return lambda data: stream.write(data.decode("utf-8"))


NATIVE_AFTER = 16
"""Envelopes a batch writes with the standard library before it imports msgspec, whose
import costs about as much as a whole command: a short batch starts as fast as one command
does, and a long one writes the rest several times faster."""


def _encoder(ascii_only: bool, native_after: int = NATIVE_AFTER) -> Any:
    """Envelopes (holding their result objects, ``envelope(objects=True)``) as bytes: after
    ``native_after`` of them, msgspec's encoder, which writes result objects without a dict
    in between (``erc.core.envelope.native_hook``; several times faster than ``json``); the
    standard library's before that and for what msgspec declines (text that is not UTF-8, a
    stream that takes only ASCII) or where msgspec would spell a float otherwise
    (``_EXPONENT``). The same bytes either way."""
    from erc.core.envelope import encode as standard, to_data

    if ascii_only:
        return lambda document: standard(to_data(document), ascii_only=True)
    fast: Any = None
    written = 0

    def encode(document: Any) -> bytes:
        nonlocal fast, written
        if fast is None:
            if written < native_after:
                written += 1
                return standard(to_data(document))
            fast = _native()
        try:
            data: bytes = fast(document)
        except (UnicodeEncodeError, TypeError, OverflowError, ValueError):
            return standard(to_data(document))
        if _with_floats(document) and (b"0.0000" in data or _EXPONENT.search(data)):
            return standard(to_data(document))
        return data + b"\n"

    return encode


_EXPONENT = re.compile(rb"e[-0-9]")
"""With ``0.0000``: where msgspec may have spelt a float otherwise than the standard
library, whose ``repr`` a one-shot command writes (``0.00004766666666666667`` for
``4.766666666666667e-05``, ``1e16`` for ``1e+16``, ``1e-7`` for ``1e-07``): ``repr`` writes no
``0.0000`` and an exponent with a sign. Such an envelope (or one whose text looks so, or
that holds a float ``repr`` writes with a negative exponent) is written by the standard
library, so each is byte for byte the line's own (``erc LINE --json``). Both are found
fast: a search that starts with a literal byte."""
FLOAT_RESULTS = ("simulate",)
"""The commands whose results hold floats; any other's are in its ``odds`` alone (a test
reads every command's declared output)."""


def _with_floats(document: dict[str, Any]) -> bool:
    """Whether an envelope may hold a float (its bytes are then looked at: ``_EXPONENT``;
    the others, most lines, are not)."""
    result = document.get("result")
    if isinstance(result, dict) and result.get("odds") is not None:
        return True
    return document.get("command") in FLOAT_RESULTS


def _native() -> Any:
    import msgspec

    from erc.core.envelope import native_hook

    return msgspec.json.Encoder(enc_hook=native_hook).encode


def _error(number: int, command: str | None, error: ErcError) -> dict[str, Any]:
    from erc.core.envelope import error_document

    document = error_document(error)
    return {"erc": document["erc"], "line": number, "command": command, "error": document["error"]}


def one(
    number: int, raw: bytes, encounter: str | None = None, *, objects: bool = False
) -> dict[str, Any] | None:
    """One line's envelope (or error envelope); None for a blank line or a comment. With
    ``objects`` it holds the result objects, for ``_encoder`` (``envelope(objects=True)``)."""
    digits = _SEED.search(raw) if len(raw) <= MAX_LINE else None
    if digits is not None:  # a line met before but for its seed: what it came to, this seed
        found = _seen.get((encounter, raw[: digits.start(1)], raw[digits.end(1) :]))
        if found is not None:
            named, kept = found
            seed = digits.group(1).decode("ascii")
            document = _attempt(number, named, lambda: reuse.quick_for(kept, seed), objects)
            if document is not None:
                return document
    if len(raw) > MAX_BYTES:  # (``_lines`` gives a long blank line or comment shortened)
        message = f"batch line {number} is longer than {MAX_LINE} characters"
        return _error(number, None, ErcError("usage", message))
    line = _decode(raw)
    if not line.strip() or line.lstrip().startswith("#"):
        return None
    if len(line.removesuffix("\n").removesuffix("\r")) > MAX_LINE:
        message = f"batch line {number} is longer than {MAX_LINE} characters"
        return _error(number, None, ErcError("usage", message))
    try:
        words = _words(line)
    except ValueError as exc:
        return _error(number, None, ErcError("usage", f"batch line {number}: {exc}"))
    args = words[1:] if words and words[0] == "erc" else list(words)
    command = args[0] if args else None
    if not args or command == "batch":
        return _error(
            number, command, ErcError("usage", f"batch line {number}: expected an erc command")
        )
    if any(a in ("--help", "-h", "--version") for a in args):
        message = f"batch line {number}: --help has no JSON form; run erc {command} --help"
        return _error(number, command, ErcError("usage", message))
    if encounter and command not in ("roll", "check", "schema") and not _names_encounter(args):
        args[1:1] = ["-e", encounter]  # after the command's name: never taken as the value
    if "--json" not in args and command != "check":  # of a last option the line left open
        args.insert(1, "--json")
    key, given = reuse.without_seed(args) if digits is not None else (None, None)
    document = _attempt(number, command, lambda: reuse.quick(args) or outcome_of(args), objects)
    if key is not None and given is not None and reuse.kept(key) and len(_seen) < MAX_SEEN:
        seen = _seen_key(raw, encounter, words, digits, given)
        if seen is not None:  # a mechanic kept for the line, and its seed's digits found
            _seen[seen] = (command, key)
    if document is None:
        message = f"batch line {number}: {command} printed no JSON document"
        return _error(number, command, ErcError("usage", message))
    return document


def _decode(raw: bytes) -> str:
    """A line's text as the system decodes a command's own arguments: in its file-name
    encoding (UTF-8 but in an unusual locale), the bytes it cannot decode kept as Python
    keeps them in arguments (lone surrogates). So the line's words are the words the same
    bytes make on a command line of their own: a file it names is the file the shell names
    (a name that is not UTF-8 works, and one that is not ASCII in a C locale with
    ``PYTHONUTF8=0`` was a traceback that ended the batch), a combatant's name in UTF-8 is
    read as the file's (``erc.core.text.normal``), and text an event would record must be
    Unicode (``bad-text``), as for a command alone."""
    return raw.decode(sys.getfilesystemencoding(), "surrogateescape")


def _words(line: str) -> list[str]:
    """A line's words as a shell splits them (a line with no quoting or escapes is split on
    its blanks, which is the same and faster)."""
    return line.split() if _PLAIN.match(line) else shlex.split(_uncommented(line))


MAX_SEEN = 256
_SEED = re.compile(rb"--seed ([0-9]{1,19})(?![0-9])")
"""The digits of the first ``--seed N`` in a line's bytes (a seed has at most 19)."""
_seen: dict[tuple[str | None, bytes, bytes], tuple[str | None, tuple[str, ...]]] = {}
"""Lines run before, by their bytes before and after their seed's digits (and the ``-e``
the batch was given): the command and what ``erc.cli.reuse`` keeps such a line under. A
line with other digits there has the same words but for its seed (``_seen_key`` makes sure
of it), and every decision ``one`` makes before running a line depends on the words alone:
none it looks for (``erc``, ``batch``, ``--help``, ``-e``, ``--json``, ``--seed``) is digits."""


def _seen_key(
    raw: bytes, encounter: str | None, words: list[str], digits: Any, seed: str
) -> tuple[str | None, bytes, bytes] | None:
    """The ``_seen`` key of a line whose ``--seed`` is ``seed``; None unless the digits
    ``_SEED`` found in its bytes are that seed's word: the line with another number there
    must split into the same words but that one, which follows a ``--seed``. Digits split
    alike wherever they stand (in quotes, in a word, after a blank), so one other number
    shows it for all."""
    if digits.group(1).decode("ascii") != seed:
        return None
    before, after = raw[: digits.start(1)], raw[digits.end(1) :]
    other = "1" if seed == "0" else "0"
    try:
        probe = _words(_decode(before + other.encode() + after))
    except ValueError:
        return None
    changed = [i for i, (a, b) in enumerate(zip(words, probe, strict=False)) if a != b]
    if len(probe) != len(words) or len(changed) != 1:
        return None
    at = changed[0]
    if (words[at], probe[at]) != (seed, other) or at == 0 or words[at - 1] != "--seed":
        return None
    return encounter, before, after


def _attempt(
    number: int, command: str | None, run: Callable[[], Any], objects: bool
) -> dict[str, Any] | None:
    """The envelope of what ``run()`` produced, or its error envelope; None when it produced
    None (``reuse.quick_for``: nothing kept)."""
    try:
        produced = run()
    except ErcError as error:
        return _error(number, command, error)
    except Exception as exc:
        from erc.cli import usage_error

        usage = usage_error(exc)
        if usage is None:
            raise
        return _error(number, command, usage)
    if produced is None:
        return None
    if isinstance(produced, Outcome):
        return envelope(produced, objects=objects)
    message = f"batch line {number}: {command} printed no JSON document"
    return _error(number, command, ErcError("usage", message))


def _names_encounter(args: list[str]) -> bool:
    """Whether the line gives its own ``-e`` (read as dispatch reads it; a last ``-e``
    without its file too, which the command then reports)."""
    from erc.cli.dispatch import encounter_options

    return bool(encounter_options(args, 1)) or args[-1] in ("-e", "--encounter")
