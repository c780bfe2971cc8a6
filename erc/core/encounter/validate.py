"""Check plain data against a ruleset's declared format, reporting every problem with its
place.

The fast path is one ``msgspec.convert``; only when it fails does the walk below run, to
report each problem (not only the first) with a did-you-mean for closed sets.
"""

from __future__ import annotations

import re
import types
from typing import Annotated, Any, Literal, Union, get_args, get_origin

import msgspec

from erc.core.encounter.yamlread import Document, Path
from erc.core.errors import Problem, did_you_mean

EXTENSION_PREFIX = "x-"
"""Top-level keys starting with it hold anchors for sharing (README "Encounter files"): they
are left out here, and ``erc schema`` allows them."""

_AT = re.compile(r" - at `\$(.*)`\Z")
_STEP = re.compile(r"\[(\d+)\]|\.([^.\[]+)")


def validate(doc: Document, spec_type: Any) -> tuple[Any | None, list[Problem]]:
    """``doc`` as an instance of ``spec_type`` (a msgspec Struct), or None and every problem.

    Top-level keys starting with ``x-`` hold anchors for sharing and are left out.
    """
    problems = list(doc.problems)
    if doc.data is None and problems:
        return None, problems
    if isinstance(doc.data, dict):
        doc.data = {k: v for k, v in doc.data.items() if not str(k).startswith(EXTENSION_PREFIX)}
    try:
        spec = msgspec.convert(doc.data, spec_type)
    except msgspec.ValidationError as exc:
        found: list[Problem] = []
        _walk(doc.data, spec_type, (), doc, found)
        if not found:  # the walk and msgspec disagree: never hide msgspec's word
            found.append(Problem(str(exc)))
        return None, problems + found
    return (None if problems else spec), problems


def dotted(path: Path) -> str:
    out = ""
    for step in path:
        out += f"[{step}]" if isinstance(step, int) else (f".{step}" if out else step)
    return out or "the file"


def _problem(doc: Document, path: Path, message: str, *, key: bool = False) -> Problem:
    mark = doc.mark(path, key=key)
    return Problem(f"{dotted(path)}: {message}", *(mark or (None, None)))


def _unwrap(typ: Any) -> tuple[Any, list[msgspec.Meta]]:
    metas: list[msgspec.Meta] = []
    while get_origin(typ) is Annotated:
        typ, *extra = get_args(typ)
        metas += [m for m in extra if isinstance(m, msgspec.Meta)]
    return typ, metas


def _optional(typ: Any) -> tuple[Any, bool]:
    if get_origin(typ) in (Union, types.UnionType):
        args = [a for a in get_args(typ) if a is not type(None)]
        if len(args) == 1:
            return args[0], True
    return typ, False


def _is_struct(typ: Any) -> bool:
    return isinstance(typ, type) and issubclass(typ, msgspec.Struct)


def _struct_in(typ: Any) -> Any:
    """The Struct ``typ`` is, or the one Struct in a union such as ``Name | Spec``."""
    if _is_struct(typ):
        return typ
    if get_origin(typ) in (Union, types.UnionType):
        found = [a for a in get_args(typ) if _is_struct(a)]
        return found[0] if len(found) == 1 else None
    return None


def _walk(value: Any, typ: Any, path: Path, doc: Document, out: list[Problem]) -> None:
    base, metas = _unwrap(typ)
    base, nullable = _optional(base)
    base, more = _unwrap(base)
    metas += more
    if value is None and nullable:
        return
    struct = _struct_in(base)
    if struct is not None and (base is struct or isinstance(value, dict)):
        _walk_struct(value, struct, path, doc, out)
        return
    if get_origin(base) is list:
        (item,) = get_args(base)
        if _struct_in(_unwrap(item)[0]) is not None:
            if not isinstance(value, list):
                out.append(_problem(doc, path, f"expected a list, got {_kind(value)}"))
                return
            for meta in metas:
                if meta.max_length is not None and len(value) > meta.max_length:
                    out.append(_problem(doc, path, f"at most {meta.max_length} items"))
                    return
            for i, element in enumerate(value):
                _walk(element, item, (*path, i), doc, out)
            return
    _leaf(value, typ, path, doc, out)


def _walk_struct(value: Any, cls: Any, path: Path, doc: Document, out: list[Problem]) -> None:
    name = cls.__name__.removesuffix("Spec").lower()
    if not isinstance(value, dict):
        out.append(_problem(doc, path, f"expected a mapping ({name}), got {_kind(value)}"))
        return
    fields = {f.encode_name: f for f in msgspec.structs.fields(cls)}
    for key in value:
        if key not in fields:
            hint = did_you_mean(key, fields)
            out.append(_problem(doc, (*path, key), f"unknown key {key!r}{hint}", key=True))
    for field_name, info in fields.items():
        if field_name in value:
            _walk(value[field_name], info.type, (*path, field_name), doc, out)
        elif info.required:
            about = _described(info.type)
            out.append(_problem(doc, path, f"missing required key {field_name!r}{about}"))


def _described(typ: Any) -> str:
    """What a missing key holds, from its declaration's description (``: the damage of a
    hit: a dice expression ...``), so the message says what to write; empty when it has
    none."""
    for meta in _unwrap(typ)[1]:
        if meta.description:
            text = meta.description.replace("`", "").rstrip(".")
            if text[1:2].islower():  # "The damage ..." -> "the damage ...", but "AP of ..."
                text = text[0].lower() + text[1:]
            return f" ({text})"
    return ""


def _leaf(value: Any, typ: Any, path: Path, doc: Document, out: list[Problem]) -> None:
    try:
        msgspec.convert(value, typ)
    except msgspec.ValidationError as exc:
        text = str(exc)
        where = _AT.search(text)
        sub: Path = ()
        if where:
            text = text[: where.start()]
            sub = tuple(int(i) if i else k for i, k in _STEP.findall(where.group(1)))
        bad = _at(value, sub)
        choices = _choices(typ)
        if choices is not None and text.startswith("Invalid enum value"):
            listed = ", ".join(map(str, choices))
            hint = did_you_mean(str(bad), [str(c) for c in choices])
            text = f"{bad!r} is not one of: {listed}{hint}"
        else:
            text = text[0].lower() + text[1:]
            text = text.replace("`", "")
        out.append(_problem(doc, (*path, *sub), text))


def _at(value: Any, sub: Path) -> Any:
    for step in sub:
        try:
            value = value[step]
        except (KeyError, IndexError, TypeError):
            return value
    return value


def _choices(typ: Any) -> tuple[Any, ...] | None:
    base, _ = _unwrap(typ)
    base, _ = _optional(base)
    base, _ = _unwrap(base)
    if get_origin(base) is list:
        base, _ = _unwrap(get_args(base)[0])
    if get_origin(base) in (Union, types.UnionType):  # a closed set of text, or a mapping
        literals = [a for a in get_args(base) if get_origin(a) is Literal]
        base = literals[0] if len(literals) == 1 else base
    if get_origin(base) is Literal:
        return get_args(base)
    return None


def _kind(value: Any) -> str:
    return {dict: "a mapping", list: "a list", str: "text", bool: "a boolean"}.get(
        type(value), "nothing" if value is None else type(value).__name__
    )
