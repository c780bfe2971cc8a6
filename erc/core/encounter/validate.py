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
from erc.core.text import as_written

EXTENSION_PREFIX = "x-"
"""Top-level keys starting with it hold anchors for sharing (README "Encounter files"): they
are left out here, and ``erc schema`` allows them."""

_AT = re.compile(r" - at (`key` in )?`\$(.*)`\Z")
_STEP = re.compile(r"\[(\d+)\]|\.([A-Za-z_][A-Za-z0-9_]*)")
"""One step of msgspec's path: ``[3]`` or ``.field``; ``[...]`` (a mapping's value, key not
said) is not one, and the path is followed only up to it."""
_PLAIN_KEY = re.compile(r"[^\s.\[\]'\"]+\Z")


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
        if isinstance(step, int):
            out += f"[{step}]"
        elif not _PLAIN_KEY.match(step):  # a mapping's key such as "" or "a b": quoted
            out += f"[{step!r}]"
        else:
            out += f".{step}" if out else step
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
    container = _container_in(base, value)
    if container is not None and container is not base:  # ``int | list[int]`` given a list
        _walk(value, container, path, doc, out)
        return
    origin = get_origin(base)
    if origin not in _CONTAINERS:
        _leaf(value, typ, path, doc, out)
        return
    kind, noun = _CONTAINERS[origin]
    if not isinstance(value, origin):
        out.append(_problem(doc, path, f"expected {kind}, got {_kind(value)}"))
    elif _length_ok(value, metas, noun, path, doc, out):
        if isinstance(value, list):
            (item,) = get_args(base)
            for i, element in enumerate(value):
                _walk(element, item, (*path, i), doc, out)
        else:
            key_type, value_type = get_args(base)
            for key, element in value.items():
                _leaf(key, key_type, (*path, key), doc, out, key=True)
                _walk(element, value_type, (*path, key), doc, out)


_CONTAINERS: dict[Any, tuple[str, str]] = {list: ("a list", "item"), dict: ("a mapping", "entry")}
"""The containers ``_walk`` goes through itself: how a problem names one, and its items."""


def _container_in(typ: Any, value: Any) -> Any:
    """The one list (or mapping) type in a union such as ``Step | list[Step]``, when
    ``value`` is a list (a mapping), so that each of its items is checked; else None."""
    if get_origin(typ) not in (Union, types.UnionType):
        return typ if get_origin(typ) in (list, dict) else None
    want = list if isinstance(value, list) else dict if isinstance(value, dict) else None
    found = [a for a in get_args(typ) if want is not None and get_origin(_unwrap(a)[0]) is want]
    return found[0] if len(found) == 1 else None


def _length_ok(
    value: list[Any] | dict[Any, Any],
    metas: list[msgspec.Meta],
    noun: str,
    path: Path,
    doc: Document,
    out: list[Problem],
) -> bool:
    """Whether ``value``'s length is within its declaration's bounds, reporting it if not;
    False when it is too long (its items are not looked at then)."""
    for meta in metas:
        if meta.min_length is not None and len(value) < meta.min_length:
            out.append(_problem(doc, path, f"at least {_count(meta.min_length, noun)}"))
        if meta.max_length is not None and len(value) > meta.max_length:
            out.append(_problem(doc, path, f"at most {_count(meta.max_length, noun)}"))
            return False
    return True


def _count(n: int, noun: str) -> str:
    plural = noun if n == 1 else ("entries" if noun == "entry" else f"{noun}s")
    return f"{n} {plural}"


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


def current_checks(doc: Document, spec_type: Any) -> list[Problem]:
    """Each key declared as the value now of a maximum (``Meta(extra={"current": KEY})``:
    ``body_current`` of ``body``) that is more than that maximum (its default when left
    out), wherever in the file it sits; read from the declaration alone, and from the data
    defensively, so ``erc check`` reports it with every other problem."""
    out: list[Problem] = []
    _currents(doc.data, spec_type, (), doc, out)
    return out


def _currents(value: Any, typ: Any, path: Path, doc: Document, out: list[Problem]) -> None:
    base = _unwrap(_optional(_unwrap(typ)[0])[0])[0]
    struct = _struct_in(base)
    if struct is not None and isinstance(value, dict):
        fields = {f.name: f for f in msgspec.structs.fields(struct)}
        for info in fields.values():
            key = info.encode_name
            said = [m.extra or {} for m in _unwrap(info.type)[1]]
            of = next((extra["current"] for extra in said if "current" in extra), None)
            if of is None:
                if key in value:
                    _currents(value[key], info.type, (*path, key), doc, out)
                continue
            most = fields[of]
            top = _whole(value.get(most.encode_name), None if most.required else most.default)
            now = _whole(value.get(key), None)
            if top is not None and now is not None and now > top:
                message = f"{key} {now} is more than {most.encode_name} {top}"
                out.append(_problem(doc, (*path, key), message))
    elif get_origin(base) is list and isinstance(value, list):
        (item,) = get_args(base)
        for i, element in enumerate(value):
            _currents(element, item, (*path, i), doc, out)


def _whole(value: Any, default: Any) -> Any:
    return value if isinstance(value, int) and not isinstance(value, bool) else default


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


def _leaf(
    value: Any, typ: Any, path: Path, doc: Document, out: list[Problem], *, key: bool = False
) -> None:
    """msgspec's word on one value (or with ``key``, on the mapping key ending ``path``)."""
    try:
        msgspec.convert(value, typ)
    except msgspec.ValidationError as exc:
        text = str(exc)
        where = _AT.search(text)
        sub: Path = ()
        of_a_key = False  # msgspec says which mapping, not which of its keys
        if where:
            text = text[: where.start()]
            sub = _steps(where.group(2))
            of_a_key = bool(where.group(1))
        bad = _at(value, sub)
        choices = _choices(typ)
        if choices is not None and text.startswith("Invalid enum value"):
            listed = ", ".join(map(str, choices))
            hint = did_you_mean(str(bad), [str(c) for c in choices])
            text = f"{as_written(bad)} is not one of: {listed}{hint}"
        else:
            text = text[0].lower() + text[1:]
            text = text.replace("`", "")
        if key:
            text = f"the key {value!r}: {text}"
        elif of_a_key:
            text = f"a key: {text}"
        out.append(_problem(doc, (*path, *sub), text, key=key))


def _steps(where: str) -> Path:
    """msgspec's path (``[0].name``, after its ``$``) as far as it names each step."""
    steps: list[str | int] = []
    at = 0
    while step := _STEP.match(where, at):
        index, name = step.groups()
        steps.append(int(index) if index else name)
        at = step.end()
    return tuple(steps)


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
