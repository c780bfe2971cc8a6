"""The encounter files' JSON Schema, generated from each ruleset's declared format."""

from __future__ import annotations

from typing import Any

import msgspec

from erc import rulesets

ID = "https://erc.invalid/schema/encounter.json"


def json_schema(only: str | None = None) -> dict[str, Any]:
    """Every ruleset's format as one schema (a branch per ``ruleset:`` value), or one."""
    names = [only] if only else list(rulesets.available())
    branches = []
    defs: dict[str, Any] = {}
    for name in names:
        ruleset = rulesets.get(name)
        schema = msgspec.json.schema(ruleset.loader().SPEC)
        for key, value in schema.get("$defs", {}).items():
            defs[f"{name}.{key}"] = value
        root = schema["$ref"].rsplit("/", 1)[-1]
        branches.append((name, f"#/$defs/{name}.{root}"))
    document: dict[str, Any] = {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": ID,
        "title": "erc encounter",
    }
    if len(branches) == 1:
        document["$ref"] = branches[0][1]
    else:
        document["oneOf"] = [{"$ref": ref} for _, ref in branches]
    document["$defs"] = _prefixed(defs)
    return document


def _prefixed(defs: dict[str, Any]) -> dict[str, Any]:
    """Rewrite each ruleset's inner ``$ref``s to the prefixed names."""
    out: dict[str, Any] = {}
    for key, value in defs.items():
        prefix = key.split(".", 1)[0]
        out[key] = _rewrite(value, prefix)
    return out


def _rewrite(node: Any, prefix: str) -> Any:
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
