"""YAML text -> plain Python data plus the line and column of every key and value.

Built from the C parser's event stream rather than ``yaml.load``, so that:
- scalars follow YAML 1.2's core schema (``off``, ``no``, ``yes`` stay strings);
- duplicate keys, a second document and non-standard tags (``!!python/...``) are errors;
- nesting depth and alias expansion are bounded (a billion-laughs file fails at once),
  while ordinary anchors, aliases and ``<<`` merge keys work;
- every problem in the file is reported, each with its place.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

import yaml

from erc.core.errors import Problem

try:
    from yaml.cyaml import CParser as _Parser  # type: ignore[attr-defined]
except ImportError:  # pragma: no cover - PyYAML built without libyaml
    from yaml.parser import Parser as _PurePyParser
    from yaml.reader import Reader as _Reader
    from yaml.scanner import Scanner as _Scanner

    class _Parser(_Reader, _Scanner, _PurePyParser):  # type: ignore[no-redef]
        def __init__(self, stream: str) -> None:
            _Reader.__init__(self, stream)
            _Scanner.__init__(self)
            _PurePyParser.__init__(self)


MAX_DEPTH = 32
MAX_NODES = 200_000
"""The most values a file may expand to, aliases counted at their full size."""
MAX_NUMBER_DIGITS = 18

Path = tuple[str | int, ...]
Mark = tuple[int, int]

_INT = re.compile(r"[-+]?[0-9]+\Z")
_OCT = re.compile(r"0o[0-7]+\Z")
_HEX = re.compile(r"0x[0-9a-fA-F]+\Z")
_FLOAT = re.compile(r"[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?\Z")
_NULLS = frozenset({"", "~", "null", "Null", "NULL"})
_TRUE = frozenset({"true", "True", "TRUE"})
_FALSE = frozenset({"false", "False", "FALSE"})
_STD = "tag:yaml.org,2002:"
_SCALAR_TAGS = frozenset(_STD + t for t in ("str", "int", "float", "bool", "null"))


@dataclass
class Document:
    """The data of one YAML document and where each part of it stands.

    Places are recorded only when asked for (``mark``): a valid file is read once without
    them; the first ``mark`` call reads the text again, recording every place.
    """

    data: Any = None
    values: dict[Path, Mark] = field(default_factory=dict)
    keys: dict[Path, Mark] = field(default_factory=dict)
    problems: list[Problem] = field(default_factory=list)
    text: str | None = None
    tracked: bool = False

    def mark(self, path: Path, *, key: bool = False) -> Mark | None:
        """The place of ``path`` (its key if ``key``), else of its nearest ancestor."""
        if not self.tracked and self.text is not None:
            again = read(self.text, track=True)
            self.values, self.keys, self.tracked = again.values, again.keys, True
        if key and path in self.keys:
            return self.keys[path]
        while True:
            if path in self.values:
                return self.values[path]
            if not path:
                return None
            path = path[:-1]


def _mark(event: Any) -> Mark:
    return (event.start_mark.line + 1, event.start_mark.column + 1)


_NUMBER_START = frozenset("0123456789+-.")


def _plain(text: str) -> Any:
    """A plain scalar under YAML 1.2's core schema."""
    if not text or text in _NULLS:
        return None
    if text[0] not in _NUMBER_START:
        if text in _TRUE:
            return True
        if text in _FALSE:
            return False
        return text
    if len(text) <= MAX_NUMBER_DIGITS + 1:
        if _INT.match(text):
            return int(text)
        if _OCT.match(text):
            return int(text[2:], 8)
        if _HEX.match(text):
            return int(text[2:], 16)
        if _FLOAT.match(text):
            return float(text)
    elif _INT.match(text):
        raise ValueError(f"the number {text[:12]}... has more than {MAX_NUMBER_DIGITS} digits")
    if text.lower() in (".inf", "+.inf", "-.inf", ".nan"):
        return float(text.replace(".", "", 1))
    return text


def _tagged(tag: str, text: str) -> Any:
    """A scalar with an explicit standard tag (``!!str 5``)."""
    kind = tag[len(_STD) :]
    if kind == "str":
        return text
    value: Any = _plain(text)
    expected: dict[str, type | tuple[type, ...]] = {
        "int": int,
        "float": (int, float),
        "bool": bool,
        "null": type(None),
    }
    if not isinstance(value, expected[kind]) or (kind == "int" and isinstance(value, bool)):
        raise ValueError(f"{text!r} is not a valid !!{kind}")
    return float(str(value)) if kind == "float" else value


_SCALAR = yaml.ScalarEvent
_MAP_START = yaml.MappingStartEvent
_MAP_END = yaml.MappingEndEvent
_SEQ_START = yaml.SequenceStartEvent
_SEQ_END = yaml.SequenceEndEvent
_ALIAS = yaml.AliasEvent
_DOC_START = yaml.DocumentStartEvent
_STREAM_END = yaml.StreamEndEvent


@dataclass
class _Frame:
    container: dict[str, Any] | list[Any]
    path: Path
    anchor: str | None
    start: Mark = (0, 0)
    size: int = 1
    key: str | None = None
    key_mark: Mark | None = None
    expect_key: bool = True
    merges: list[Any] = field(default_factory=list)
    first_lines: dict[str, int] = field(default_factory=dict)


class _Reading:
    """One reading of a file (``read``): the document it fills, the containers still open
    (innermost last), the anchors seen and the values counted so far."""

    def __init__(self, text: str, track: bool) -> None:
        self.doc = Document(text=text, tracked=track)
        self.track = track
        self.anchors: dict[str, tuple[Any, int]] = {}
        self.stack: list[_Frame] = []
        self.total = 0
        self.documents = 0

    def run(self, get_event: Any) -> None:
        """Read the parser's events to the end of the stream."""
        while True:
            event: Any = get_event()
            cls = event.__class__
            if cls is _SCALAR:
                self.scalar(event)
            elif cls is _MAP_START or cls is _SEQ_START:
                self.open(event, cls is _MAP_START)
            elif cls is _MAP_END or cls is _SEQ_END:
                frame = self.stack.pop()
                if frame.merges:
                    _merge(frame, self.doc)
                self.place(frame.container, frame.start, frame.size, frame.anchor)
            elif cls is _ALIAS:
                mark = _mark(event)
                if event.anchor not in self.anchors:
                    raise _Stop(f"unknown alias *{event.anchor}", mark)
                value, size = self.anchors[event.anchor]
                self.place(value, mark, size, None)
            elif cls is _DOC_START:
                self.documents += 1
                if self.documents > 1:
                    raise _Stop("one encounter per file: a second YAML document", _mark(event))
            elif event is None or cls is _STREAM_END:
                break

    def scalar(self, event: Any) -> None:
        """A scalar: YAML 1.2's core schema for a plain value, text for a key."""
        stack = self.stack
        mark = (event.start_mark.line + 1, event.start_mark.column + 1)
        tag = event.tag
        try:
            if tag and tag != "!":
                _check_tag(tag, mark, *_SCALAR_TAGS)
                value = _tagged(tag, event.value)
            elif event.implicit[0] and not (
                stack and stack[-1].expect_key and stack[-1].container.__class__ is dict
            ):
                value = _plain(event.value)
            else:
                value = event.value
        except ValueError as exc:
            self.doc.problems.append(Problem(str(exc), *mark))
            value = None
        self.place(value, mark, 1, event.anchor)

    def open(self, event: Any, is_map: bool) -> None:
        """The start of a mapping or a list: a container to fill."""
        stack = self.stack
        mark = _mark(event)
        _check_tag(event.tag, mark, _STD + ("map" if is_map else "seq"))
        if len(stack) >= MAX_DEPTH:
            raise _Stop(f"nesting deeper than {MAX_DEPTH} levels", mark)
        if stack and stack[-1].container.__class__ is dict and stack[-1].expect_key:
            raise _Stop("a key must be plain text, not a list or mapping", mark)
        path = self.child_path() if self.track else ()
        if self.track:
            self.doc.values.setdefault(path, mark)
        stack.append(_Frame({} if is_map else [], path, event.anchor, mark))

    def place(self, value: Any, mark: Mark, size: int, anchor: str | None) -> None:
        """Put a finished value where it belongs: the document, a list, a key or a value."""
        doc, stack = self.doc, self.stack
        self.total += size
        if self.total > MAX_NODES:
            raise _Stop(f"the file expands to more than {MAX_NODES} values (aliases)", mark)
        if anchor:
            self.anchors[anchor] = (value, size)
        if not stack:
            doc.data = value
            doc.values[()] = mark
            return
        frame = stack[-1]
        frame.size += size
        container = frame.container
        if container.__class__ is list:
            if self.track:
                doc.values.setdefault((*frame.path, len(container)), mark)
            container.append(value)
            return
        if frame.expect_key:
            if not isinstance(value, str) or isinstance(value, bool):
                doc.problems.append(Problem("a key must be plain text", *mark))
                value = str(value)
            frame.key, frame.key_mark, frame.expect_key = value, mark, False
            return
        self.put_value(frame, value, mark)

    def put_value(self, frame: _Frame, value: Any, mark: Mark) -> None:
        """A mapping's value, under the key read before it (``<<`` merges come later)."""
        doc = self.doc
        key = frame.key or ""
        frame.expect_key = True
        if key == "<<":
            frame.merges.append((value, mark))
            return
        container = frame.container
        assert isinstance(container, dict)
        if key in container:
            first = frame.first_lines.get(key)
            where = f" (first at line {first})" if first else ""
            doc.problems.append(Problem(f"duplicate key {key!r}{where}", *(frame.key_mark or mark)))
            return
        container[key] = value
        if frame.key_mark:
            frame.first_lines[key] = frame.key_mark[0]
        if self.track:
            path = (*frame.path, key)
            doc.values[path] = mark
            if frame.key_mark:
                doc.keys[path] = frame.key_mark

    def child_path(self) -> Path:
        """The path of the value about to be read."""
        if not self.stack:
            return ()
        frame = self.stack[-1]
        if isinstance(frame.container, list):
            return (*frame.path, len(frame.container))
        return (*frame.path, frame.key or "")


def _check_tag(tag: str | None, mark: Mark, *allowed: str) -> None:
    if tag and tag != "!" and tag not in allowed:
        raise _Stop(f"the tag {tag!r} is not allowed in an encounter file", mark)


def read(text: str, *, track: bool = False) -> Document:
    """Parse ``text``; syntax errors end the reading, other problems are collected.

    With ``track``, the place of every key and value is recorded.
    """
    reading = _Reading(text, track)
    doc = reading.doc
    try:
        parser = _Parser(text)
        try:
            reading.run(parser.get_event)
        finally:
            dispose = getattr(parser, "dispose", None)
            if dispose:
                dispose()
    except _Stop as stop:
        doc.problems.append(Problem(stop.message, *stop.mark))
        doc.data = None
    except yaml.MarkedYAMLError as exc:
        yaml_mark = exc.problem_mark or exc.context_mark
        where = _within(text, yaml_mark.line, yaml_mark.column) if yaml_mark else (None, None)
        said = exc.problem or exc.context
        if _is_tab(text, *where):
            said = "a tab: tabs are not allowed for indentation in YAML; indent with spaces"
        doc.problems.append(Problem(f"YAML syntax: {said}", *where))
        doc.data = None
    except yaml.YAMLError as exc:
        doc.problems.append(Problem(f"YAML: {exc}"))
        doc.data = None
    return doc


_BREAK = "\r\n|[\r\n\x85\u2028\u2029]"
"""The line breaks YAML's reader counts (libyaml's and PyYAML's alike): CR LF, CR, LF, NEL,
LS and PS."""


def _is_tab(text: str, line: int | None, column: int | None) -> bool:
    """Whether the character at ``line``, ``column`` (from 1) is a tab, or a tab starts
    that line: YAML's own words for it ("found character that cannot start any token")
    do not say so."""
    if line is None or column is None:
        return False
    lines = re.split(_BREAK, text)
    if line > len(lines):
        return False
    row = lines[line - 1]
    return row[column - 1 : column] == "\t" or row[: len(row) - len(row.lstrip())].count("\t") > 0


def _within(text: str, line: int, column: int) -> tuple[int, int]:
    """A YAML mark (0-based) as a line and column of ``text``, its lines counted at the
    breaks YAML counts (``_BREAK``: a CR alone ends a line too): the end of the input (after
    its last break, where a file cut short ends) is the end of its last line, and a mark on
    a line's break is just past its last character (a CR LF is one break, no column)."""
    lines = re.split(_BREAK, text)
    while len(lines) > 1 and not lines[-1]:
        lines.pop()
    if line >= len(lines):
        line, column = len(lines) - 1, len(lines[-1])
    return line + 1, min(column, len(lines[line])) + 1


def _merge(frame: _Frame, doc: Document) -> None:
    """``<<: *base`` and ``<<: [*a, *b]``: keys given here win, then earlier sources."""
    assert isinstance(frame.container, dict)
    for value, mark in frame.merges:
        sources = value if isinstance(value, list) else [value]
        for source in sources:
            if not isinstance(source, dict):
                doc.problems.append(
                    Problem("a '<<' merge takes a mapping or a list of them", *mark)
                )
                continue
            for key, item in source.items():
                if key not in frame.container:
                    frame.container[key] = item
                    doc.values.setdefault((*frame.path, key), mark)


class _Stop(Exception):
    def __init__(self, message: str, mark: Mark) -> None:
        super().__init__(message)
        self.message = message
        self.mark = mark
