"""Encounter files: YAML bytes -> a ruleset's validated encounter, or every problem with its
place.

The file's ``ruleset:`` (default ``er``) picks the format it is validated against; the
ruleset's loader (``Ruleset.loader``) declares that format, its cross-field checks and the
builder of its model.
"""

from __future__ import annotations

import os
import stat

from erc.core.errors import ErcError, Problem

MAX_FILE_BYTES = 1 << 20
"""The largest encounter file read: 1 MiB (README "Limits")."""

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from erc.core.encounter.yamlread import Document
    from erc.core.ruleset import Ruleset


def open_regular(path: str, what: str, code: str = "bad-file") -> int:
    """A read-only descriptor of the regular file at ``path``: a folder, FIFO or device is a
    clean error found without blocking (``O_NONBLOCK``), as is a name with a NUL byte."""
    if "\0" in path:
        raise ErcError(code, f"a file name cannot contain a NUL byte: {path!r}")
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0))
    except FileNotFoundError:
        raise ErcError("file-not-found", f"no such file: {path}", path) from None
    except IsADirectoryError:
        raise ErcError(code, f"{path} is a folder, not {what}", path) from None
    except OSError as exc:
        raise ErcError(code, f"cannot read {path}: {exc.strerror or exc}", path) from None
    mode = os.fstat(fd).st_mode
    if not stat.S_ISREG(mode):
        os.close(fd)
        kind = "a folder" if stat.S_ISDIR(mode) else "not a regular file"
        raise ErcError(code, f"{path} is {kind}, not {what}", path)
    return fd


def read_bytes(path: str) -> bytes:
    """A file's bytes, or an ``ErcError`` saying plainly why it cannot be read."""
    fd = open_regular(path, "an encounter file")
    try:
        with os.fdopen(fd, "rb") as handle:
            data = handle.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        raise ErcError("bad-file", f"cannot read {path}: {exc.strerror or exc}", path) from None
    if len(data) > MAX_FILE_BYTES:
        raise ErcError("file-too-large", f"{path} is larger than {MAX_FILE_BYTES} bytes", path)
    return data


def decode(data: bytes, path: str | None) -> str:
    """UTF-8 text, or an ``ErcError`` with the line and column of the first bad byte."""
    if b"\0" in data:
        raise ErcError("bad-file", f"{path} is a binary file (it has NUL bytes)", path)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        column = exc.start - (data.rfind(b"\n", 0, exc.start) + 1) + 1
        raise ErcError(
            code="bad-file",
            message=f"{path} is not UTF-8 text (byte {exc.start})",
            path=path,
            line=line,
            column=column,
        ) from None


def read_text(path: str) -> str:
    return decode(read_bytes(path), path)


def ruleset_of(doc: Document) -> tuple[Ruleset | None, list[Problem]]:
    """The ruleset a parsed file names (``ruleset:``, default ``er``), or a problem."""
    from erc import rulesets

    data = doc.data
    name: Any = data.get("ruleset", rulesets.DEFAULT) if isinstance(data, dict) else None
    if name is None and not isinstance(data, dict):
        return rulesets.get(rulesets.DEFAULT), []
    if isinstance(name, str) and name in rulesets.NAMES:
        try:
            return rulesets.get(name), []
        except ErcError as error:
            mark = doc.mark(("ruleset",)) or (None, None)
            return None, [Problem(f"ruleset: {error.message}", *mark)]
    from erc.core.errors import did_you_mean

    hint = did_you_mean(str(name), rulesets.NAMES)
    mark = doc.mark(("ruleset",)) or (None, None)
    listed = ", ".join(rulesets.NAMES)
    from erc.core.text import as_written

    shown = as_written(name)
    return None, [Problem(f"ruleset: {shown} is not one of: {listed}{hint}", *mark)]


def checked(text: str, path: str | None = None) -> tuple[Any | None, list[Problem], list[Problem]]:
    """Parse and validate ``text``: the encounter (or None), every problem found, and the
    warnings of a valid file (what would fail in play: ``Ruleset.loader().warnings``)."""
    from erc.core.encounter.validate import current_checks, validate
    from erc.core.encounter.yamlread import read

    doc = read(text)
    ruleset, problems = ruleset_of(doc)
    if ruleset is None:
        return None, problems, []
    loader = ruleset.loader()
    spec, problems = validate(doc, loader.SPEC)
    if doc.data is not None:
        problems = problems + loader.cross_checks(doc) + current_checks(doc, loader.SPEC)
    if spec is None or problems:
        problems = problems + _other_ruleset(doc, ruleset.name, problems)
        ordered = sorted(problems, key=lambda p: (p.line or 0, p.column or 0))
        return None, ordered or [Problem("the file is empty")], []
    encounter = loader.build(spec, path)
    from erc.core.encounter.common import look_alike_names

    return encounter, [], loader.warnings(encounter, doc) + look_alike_names(doc)


def _other_ruleset(doc: Document, name: str, problems: list[Problem]) -> list[Problem]:
    """A file whose unknown keys are all another ruleset's (an Elysium file without
    ``ruleset: elysium``): one more problem naming that ruleset, at ``ruleset:`` or line 1."""
    from erc import rulesets
    from erc.core.encounter.validate import validate

    if not any("unknown key" in p.message for p in problems):
        return []
    for other in rulesets.available():
        if other == name:
            continue
        _, theirs = validate(doc, rulesets.get(other).loader().SPEC)
        if not any("unknown key" in p.message for p in theirs):
            line, column = doc.mark(("ruleset",)) or (1, 1)
            why = f"these are the keys of the {other} ruleset: is `ruleset: {other}` meant?"
            return [Problem(why, line, column)]
    return []


def problems_in(text: str, path: str | None = None) -> tuple[Any | None, list[Problem]]:
    """Parse and validate ``text``: the encounter, or None and every problem found."""
    encounter, problems, _ = checked(text, path)
    return encounter, problems


def parse(text: str, path: str | None = None) -> Any:
    encounter, problems = problems_in(text, path)
    if encounter is None:
        first = problems[0]
        extra = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
        raise ErcError(
            code="invalid-encounter",
            message=f"{first.message}{extra}",
            path=path,
            line=first.line,
            column=first.column,
            problems=problems,
        )
    return encounter


def load(path: str) -> Any:
    """Read and validate one encounter file, served from ``erc.core.encounter.cache`` when
    exactly these bytes were validated before."""
    from erc.core.encounter import cache

    path = os.fspath(path)
    data = read_bytes(path)
    hit = cache.get(data, path)
    if hit is not None:
        return hit
    encounter = parse(decode(data, path), path)
    cache.put(data, encounter)
    return encounter


_loaded: dict[str, tuple[tuple[int, ...], Any]] = {}


def identity(path: str) -> tuple[int, ...] | None:
    """A regular file's identity: device, inode, size, modification and change times (a
    same-size edit with the modification time put back still changes the change time);
    None for anything else or nothing there. What ``erc batch`` keeps is kept while this
    holds (``load_cached``, ``erc.cli.reuse``)."""
    try:
        info = os.stat(path)
    except (OSError, ValueError):
        return None
    if not stat.S_ISREG(info.st_mode):
        return None
    return (info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns, info.st_ctime_ns)


def load_cached(path: str) -> Any:
    """``load``, remembered in this process while the file is unchanged (``erc batch``)."""
    key = identity(path)
    if key is None:
        return load(path)
    hit = _loaded.get(path)
    if hit and hit[0] == key:
        return hit[1]
    encounter = load(path)
    _loaded[path] = (key, encounter)
    return encounter
