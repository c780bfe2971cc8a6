"""The encounter files' JSON Schema, generated from each ruleset's declared format.

Each ruleset's format (its ``SPEC``, msgspec Structs) is one branch, and ``ruleset:`` selects
it with ``if``/``then``/``else`` (no key: Enchanted Realms), so a validator or an editor
reports the problems of that ruleset's branch only, not of every branch as ``oneOf`` would.
Titles, descriptions and the cross-field rules JSON Schema can state come from the
declarations (``erc.core.encounter.spec``); this module adds what the core decides (top-level
``x-`` keys, ``validate.EXTENSION_PREFIX``), readable titles of the ``$defs``, and rewrites
msgspec's output into shapes editors read better, with the same meaning (``_tidy``).
"""

from __future__ import annotations

import re
from typing import Any

import msgspec

from erc import rulesets
from erc.core.encounter.validate import EXTENSION_PREFIX

FORMAT_VERSION = 1
BASE = "https://erc.invalid/schema/"
ID = f"{BASE}encounter-{FORMAT_VERSION}.json"
"""The whole schema's ``$id``: a name, not a place (``.invalid`` never resolves), stable
while the file format's ``erc:`` version is 1. One ruleset's schema is ``encounter-1-NAME``."""

EXTENSIONS = {
    f"^{EXTENSION_PREFIX}": {
        "title": "Shared definitions",
        "description": f"A top-level key starting with {EXTENSION_PREFIX!r} holds YAML anchors "
        f"to reuse (`{EXTENSION_PREFIX}weapons: {{spear: &spear {{...}}}}`, then `*spear`); "
        "erc leaves it out, so it may hold anything.",
    }
}


def schema_id(only: str | None = None) -> str:
    return ID if only is None else f"{BASE}encounter-{FORMAT_VERSION}-{only}.json"


def json_schema(only: str | None = None) -> dict[str, Any]:
    """Every ruleset's format as one schema (a branch per ``ruleset:`` value), or one."""
    names = [only] if only else list(rulesets.available())
    refs: dict[str, str] = {}
    defs: dict[str, Any] = {}
    for name in names:
        ruleset = rulesets.get(name)
        schema = msgspec.json.schema(ruleset.loader().SPEC)
        root = schema["$ref"].rsplit("/", 1)[-1]
        for key, value in schema.get("$defs", {}).items():
            value = _tidy(_rewrite(value, name))
            value["title"] = f"{ruleset.title} encounter" if key == root else _title(key)
            defs[f"{name}.{key}"] = value
        top = defs[f"{name}.{root}"]
        top["patternProperties"] = {k: dict(v) for k, v in EXTENSIONS.items()}
        refs[name] = f"#/$defs/{name}.{root}"
    document: dict[str, Any] = {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": schema_id(only),
        "title": "erc encounter" if only is None else f"erc encounter ({only})",
        "description": "An encounter file of erc, the combat resolver (`erc check` validates "
        "it; `erc schema` prints this schema).",
    }
    if len(refs) == 1:
        document["$ref"] = next(iter(refs.values()))
    else:
        document["properties"] = {"ruleset": _ruleset_key(list(refs))}
        document.update(_dispatch(refs))
    document["$defs"] = defs
    return document


def _ruleset_key(names: list[str]) -> dict[str, Any]:
    titles = ", ".join(f"{n} ({rulesets.get(n).title})" for n in names)
    return {
        "title": "Ruleset",
        "description": f"Which rules resolve the file: {titles}. Without the key, "
        f"{rulesets.DEFAULT}; it selects the keys the rest of the file may have.",
        "enum": names,
        "default": rulesets.DEFAULT,
    }


def _dispatch(refs: dict[str, str]) -> dict[str, Any]:
    """``if ruleset is A then A's branch else if ... else the default's``."""
    chosen: dict[str, Any] = (
        {"$ref": refs[rulesets.DEFAULT]} if rulesets.DEFAULT in refs else {"not": {}}
    )
    for name in reversed([n for n in refs if n != rulesets.DEFAULT]):
        chosen = {
            "if": {
                "required": ["ruleset"],
                "properties": {
                    "ruleset": {"const": name, "description": f"A file of ruleset {name} ..."}
                },
            },
            "then": {"$ref": refs[name]},
            "else": chosen,
        }
    return chosen


def _title(struct: str) -> str:
    """``SpellLevelSpec`` -> ``Spell level``."""
    words = re.findall(r"[A-Z][a-z0-9]*", struct.removesuffix("Spec")) or [struct]
    return " ".join([words[0], *(w.lower() for w in words[1:])])


_ONLY_FOR = {
    "integer": {"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"},
    "string": {"minLength", "maxLength", "pattern", "patternErrorMessage"},
    "array": {"items", "minItems", "maxItems"},
    "null": set(),
}
"""The keywords that constrain only values of one type (any other value passes them)."""


def _tidy(node: Any) -> Any:
    """The same schema in shapes every editor reads alike. msgspec's ``anyOf`` of one schema
    per type (``int | str | None``) becomes one schema with a list of types, each keyword
    applying to its own type only, or for ``Literal | None`` one ``enum`` with null:
    yaml-language-server repeats an ``anyOf``'s title and reports a mismatched alternative's
    error (``Expected integer`` for a bad dice expression). A ``$ref`` with sibling keywords
    becomes ``allOf: [{$ref}]``: draft 7 and older, which many editors follow, ignore a
    ``$ref``'s siblings."""
    if isinstance(node, list):
        return [_tidy(v) for v in node]
    if not isinstance(node, dict):
        return node
    node = {k: _tidy(v) for k, v in node.items()}
    merged = _one_schema(node.get("anyOf"))
    if merged is not None and not set(merged) & set(node):
        del node["anyOf"]
        node.update(merged)
    if "$ref" in node and len(node) > 1:
        node["allOf"] = [{"$ref": node.pop("$ref")}, *node.get("allOf", [])]
    return node


def _one_schema(options: Any) -> dict[str, Any] | None:
    """``options`` (an ``anyOf``) as one schema of the same meaning, or None."""
    if not isinstance(options, list) or len(options) < 2:
        return None
    others = [o for o in options if o != {"type": "null"}]
    if len(others) == 1 == len(options) - 1 and set(others[0]) == {"enum"}:
        return {"enum": [*others[0]["enum"], None]}
    types: list[str] = []
    merged: dict[str, Any] = {}
    for option in options:
        kind = option.get("type") if isinstance(option, dict) else None
        if kind not in _ONLY_FOR or kind in types:
            return None
        rest = set(option) - {"type"}
        if rest - _ONLY_FOR[kind] or rest & set(merged):
            return None
        types.append(kind)
        merged.update({k: v for k, v in option.items() if k != "type"})  # in order
    return {"type": types, **merged}


def _rewrite(node: Any, prefix: str) -> Any:
    """One ruleset's inner ``$ref``s to the prefixed names of ``$defs``."""
    if isinstance(node, dict):
        return {
            k: (
                f"#/$defs/{prefix}.{v.rsplit('/', 1)[-1]}"
                if k == "$ref" and isinstance(v, str)
                else _rewrite(v, prefix)
            )
            for k, v in node.items()
        }
    if isinstance(node, list):
        return [_rewrite(v, prefix) for v in node]
    return node
