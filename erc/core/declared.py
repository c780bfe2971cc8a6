"""Checking plain data against a value class's declaration.

``coerce`` turns plain data (a JSON object, a cache entry's lists) into the type a field
declares, checking it on the way; the annotations are read as text (``from __future__
import annotations``), so nothing here imports ``typing``. Used where data comes back from
outside: the encounter cache, the journal's events, the output schema.
"""

from __future__ import annotations

from erc.core.value import Value

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


def annotations_of(cls: type) -> dict[str, str]:
    """Each field's annotation as text, inherited ones included."""
    out: dict[str, str] = {}
    for klass in reversed(cls.__mro__):
        out.update({k: str(v) for k, v in getattr(klass, "__annotations__", {}).items()})
    return out


def split_outside_brackets(text: str, sep: str) -> list[str]:
    """Split at ``sep`` outside brackets."""
    if sep not in text:
        return [text.strip()]
    if "[" not in text:
        return [part.strip() for part in text.split(sep)]
    parts, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        depth += ch == "["
        depth -= ch == "]"
        if depth == 0 and text.startswith(sep, i):
            parts.append(text[start:i].strip())
            start = i + len(sep)
    parts.append(text[start:].strip())
    return parts


_SCALARS: dict[str, type] = {"str": str, "int": int, "bool": bool, "float": float}
_checkers: dict[tuple[str, int, bool], Any] = {}


def coerce(raw: Any, annotation: str, namespace: dict[str, Any], *, from_json: bool) -> Any:
    """``raw`` as the declared type, checked; ``ValueError`` says what does not fit.

    Handles the simple forms erc's values declare: ``str``, ``int``, ``bool``, ``float``,
    ``None``, unions, ``tuple[X, ...]``, fixed tuples, ``frozenset[X]``, ``Mapping[K, V]``,
    ``Value`` subclasses named in ``namespace`` (from a JSON object, or from the list form of
    ``erc.core.encounter.cache``), and closed sets of text declared for the type checker only.
    JSON lists stand for tuples and frozensets when ``from_json``. Each annotation is read
    once and kept as a checking function (``checker``).
    """
    return checker(annotation, namespace, from_json)(raw)


def checker(annotation: str, namespace: dict[str, Any], from_json: bool) -> Any:
    """The function that checks and converts plain data for ``annotation``."""
    key = (annotation, id(namespace), from_json)
    found = _checkers.get(key)
    if found is None:
        found = _checkers[key] = _compile(annotation, namespace, from_json)
    return found


def _compile(annotation: str, namespace: dict[str, Any], from_json: bool) -> Any:
    options = split_outside_brackets(annotation, "|")
    if len(options) > 1:
        return _union(annotation, options, namespace, from_json)
    if annotation == "None":

        def none(raw: Any) -> Any:
            if raw is None:
                return None
            raise ValueError(f"{raw!r} is not None")

        return none
    head, _, inner_text = annotation.partition("[")
    inner_text = inner_text[:-1]
    if head in _SCALARS:
        return _scalar(head)
    if head in _CONTAINERS:
        return _CONTAINERS[head](inner_text, namespace, from_json)
    target = namespace.get(head)
    if isinstance(target, type) and issubclass(target, Value):
        cls = target

        def value(raw: Any) -> Any:
            return _build(raw, cls, namespace, from_json)

        return value
    if head in ("Any", "object"):
        return lambda raw: raw
    if head == "Literal" or (target is None and head[:1].isupper()):

        def text(raw: Any) -> Any:  # a closed set of text declared for the checker only
            if isinstance(raw, str):
                return raw
            raise ValueError(f"{raw!r} is not text")

        return text
    raise ValueError(f"cannot check {annotation!r}")


def _union(annotation: str, options: list[str], namespace: dict[str, Any], from_json: bool) -> Any:
    if len(options) == 2 and "None" in options:  # the common ``X | None``
        inner = checker(next(o for o in options if o != "None"), namespace, from_json)

        def optional(raw: Any) -> Any:
            return None if raw is None else inner(raw)

        return optional
    each = [checker(o, namespace, from_json) for o in options]

    def union(raw: Any) -> Any:
        for check in each:
            try:
                return check(raw)
            except ValueError:
                continue
        raise ValueError(f"{raw!r} is not {annotation}")

    return union


def _scalar(head: str) -> Any:
    kind = _SCALARS[head]

    def scalar(raw: Any) -> Any:
        if type(raw) is kind or (kind is float and type(raw) is int):
            return raw
        raise ValueError(f"{raw!r} is not {head}")

    return scalar


def _tuple(inner_text: str, namespace: dict[str, Any], from_json: bool) -> Any:
    sequence = (list, tuple) if from_json else (tuple,)
    items = split_outside_brackets(inner_text, ",")
    if len(items) == 2 and items[1] == "...":
        item = checker(items[0], namespace, from_json)

        def many(raw: Any) -> Any:
            if not isinstance(raw, sequence):
                raise ValueError(f"{raw!r} is not a list")
            return tuple(item(v) for v in raw)

        return many
    fixed = [checker(i, namespace, from_json) for i in items]

    def exact(raw: Any) -> Any:
        if not isinstance(raw, sequence) or len(raw) != len(fixed):
            raise ValueError(f"{raw!r} is not a list of {len(fixed)} items")
        return tuple(check(v) for check, v in zip(fixed, raw, strict=True))

    return exact


def _frozenset(inner_text: str, namespace: dict[str, Any], from_json: bool) -> Any:
    member = checker(inner_text, namespace, from_json)
    sets = (list, frozenset) if from_json else (frozenset,)

    def setof(raw: Any) -> Any:
        if not isinstance(raw, sets):
            raise ValueError(f"{raw!r} is not a set")
        return frozenset(member(v) for v in raw)

    return setof


def _mapping(inner_text: str, namespace: dict[str, Any], from_json: bool) -> Any:
    key_text, value_text = split_outside_brackets(inner_text, ",")
    key_check = checker(key_text, namespace, from_json)
    value_check = checker(value_text, namespace, from_json)

    def mapping(raw: Any) -> Any:
        if not isinstance(raw, dict):
            raise ValueError(f"{raw!r} is not a mapping")
        return {key_check(k): value_check(v) for k, v in raw.items()}

    return mapping


_CONTAINERS = {"tuple": _tuple, "frozenset": _frozenset, "Mapping": _mapping, "dict": _mapping}
"""The checker of each container's annotation, from the text inside its brackets."""


def _build(raw: Any, cls: type[Value], namespace: dict[str, Any], from_json: bool) -> Value:
    annotations = annotations_of(cls)
    if from_json:
        if not isinstance(raw, dict):
            raise ValueError(f"{raw!r} is not a {cls.__name__} object")
        unknown = set(raw) - set(cls._fields)
        if unknown:
            raise ValueError(f"{cls.__name__} has no field {', '.join(sorted(unknown))}")
        values = {
            n: checker(annotations[n], namespace, True)(raw[n]) for n in cls._fields if n in raw
        }
        missing = [n for n in cls._fields if n not in values and n not in cls._defaults]
        if missing:
            raise ValueError(f"{cls.__name__} needs {', '.join(missing)}")
        return cls(**values)
    if not isinstance(raw, list) or not raw or raw[0] != cls.__name__:
        raise ValueError(f"{raw!r} is not a {cls.__name__}")
    if len(raw) - 1 != len(cls._fields):
        raise ValueError(f"{cls.__name__} has {len(cls._fields)} fields")
    return cls(
        *(
            checker(annotations[n], namespace, False)(v)
            for n, v in zip(cls._fields, raw[1:], strict=True)
        )
    )
