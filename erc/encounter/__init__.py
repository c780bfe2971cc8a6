"""Encounter files: YAML text -> validated ``Encounter``, or every problem with its place."""

from __future__ import annotations

import os

from erc.errors import ErcError, Problem
from erc.rules.model import Encounter

MAX_FILE_BYTES = 1 << 20
"""The largest encounter file read: 1 MiB."""


def read_bytes(path: str) -> bytes:
    """A file's bytes, or an ``ErcError`` saying plainly why it cannot be read."""
    if "\0" in path:
        raise ErcError("bad-file", f"a file name cannot contain a NUL byte: {path!r}")
    try:
        with open(path, "rb") as handle:
            data = handle.read(MAX_FILE_BYTES + 1)
    except FileNotFoundError:
        raise ErcError("file-not-found", f"no such file: {path}", path) from None
    except IsADirectoryError:
        raise ErcError("bad-file", f"{path} is a folder, not an encounter file", path) from None
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
            "bad-file", f"{path} is not UTF-8 text (byte {exc.start})", path, line, column
        ) from None


def read_text(path: str) -> str:
    return decode(read_bytes(path), path)


def problems_in(text: str, path: str | None = None) -> tuple[Encounter | None, list[Problem]]:
    """Parse and validate ``text``: the encounter, or None and every problem found."""
    from erc.encounter.build import build, cross_checks
    from erc.encounter.validate import validate
    from erc.encounter.yamlread import read

    doc = read(text)
    spec, problems = validate(doc)
    if doc.data is not None:
        problems = problems + cross_checks(doc)
    if spec is None or problems:
        ordered = sorted(problems, key=lambda p: (p.line or 0, p.column or 0))
        return None, ordered or [Problem("the file is empty")]
    return build(spec, path), []


def parse(text: str, path: str | None = None) -> Encounter:
    encounter, problems = problems_in(text, path)
    if encounter is None:
        first = problems[0]
        extra = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
        raise ErcError(
            "invalid-encounter", f"{first.message}{extra}", path, first.line, first.column, problems
        )
    return encounter


def load(path: str) -> Encounter:
    """Read and validate one encounter file (served from ``erc.encounter.cache`` when this
    exact file was validated before)."""
    from erc.encounter import cache

    path = os.fspath(path)
    hit = cache.get(path)
    if hit is not None:
        return hit
    encounter = parse(decode(read_bytes(path), path), path)
    cache.put(path, encounter)
    return encounter


_cache: dict[str, tuple[tuple[int, int], Encounter]] = {}


def load_cached(path: str) -> Encounter:
    """``load``, remembered while the file is unchanged (``erc batch`` loads once)."""
    try:
        stat = os.stat(path)
        key = (stat.st_mtime_ns, stat.st_size)
    except (OSError, ValueError):
        return load(path)
    hit = _cache.get(path)
    if hit and hit[0] == key:
        return hit[1]
    encounter = load(path)
    _cache[path] = (key, encounter)
    return encounter
