"""CONTRACT "JSON envelope": "A key means one thing and has one JSON type wherever it
appears, in every command and ruleset (``dice`` is always a list of objects, one per die
rolled, and a count of dice is ``n_dice``; ``kept`` is always a boolean)".

Two sources, each walked to every depth, collecting for each key name the JSON types its
values have (null aside: a key may be nullable; a list counts as a list of what it holds):
the real ``--json`` outputs of every command of every ruleset (tests/output_corpus.py), and
the declarations, ``erc schema --output`` of every command, generated from the result
classes' annotations, so a key no run reaches is covered too. The keys of a mapping (a
``parts`` term, a damage in a ``distribution``) and of what erc passes on as recorded (the
events ``erc log`` shows) are data, not names, and are not collected.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from typing import Any

import pytest

from erc import rulesets
from erc.cli.outputs import names, output_schema
from tests.output_corpus import Output, collected

KNOWN = {
    "die": "CONTRACT's envelope example has rolls[].die a number (20), while RULES-elysium's "
    "house rule die is 'd10' and the envelope's rules lists the settings as the file gives "
    "them (rules.die 'd10'): a conflict within CONTRACT, reported, not renamed",
    "perception": "CONTRACT lists roll-init's perception as a list of checks and sneak's "
    "sneak.perception as one check or null: a conflict within CONTRACT, reported",
    "target": 'CONTRACT "The table" gives the checks (feat, ability, skill) a `target`, the '
    "Comp, DC or number (an integer), while attacks name their target (a string): a conflict "
    "within CONTRACT, reported",
    "standing": "CONTRACT lists status combatants[].standing (a boolean) and, R13.6, "
    "sides[].standing (the number standing): a conflict within CONTRACT, reported; the "
    "count is also sides[].n_standing",
}
"""Keys CONTRACT itself gives two types; each is reported, awaiting a decision. A key that
no longer conflicts must leave this list (``test_known_conflicts_are_still_there``)."""

Types = dict[str, set[str]]


def value_types(value: Any) -> set[str]:
    """The JSON type of one value: ``array of X`` for a list (``array`` when empty)."""
    if value is None:
        return set()
    if isinstance(value, bool):
        return {"boolean"}
    if isinstance(value, int):
        return {"integer"}
    if isinstance(value, float):
        return {"number"}
    if isinstance(value, str):
        return {"string"}
    if isinstance(value, list):
        inner = set().union(*(value_types(v) for v in value)) if value else set()
        return {f"array of {t}" for t in inner} or {"array"}
    return {"object"}


def conflicts(types: Types) -> dict[str, set[str]]:
    """Keys with two non-null types (an empty list fits a list of anything)."""
    out = {}
    for key, found in types.items():
        kinds = set(found) - {"any"}
        if any(k.startswith("array of") for k in kinds):
            kinds.discard("array")
        if len(kinds) > 1:
            out[key] = kinds
    return out


# --- the declarations ----------------------------------------------------------------


class Declared:
    """Every property of a set of schemas: its types, and whether its keys are data."""

    def __init__(self) -> None:
        self.types: Types = defaultdict(set)
        self.opaque: set[str] = set()
        """Keys whose value is a mapping or any JSON: its own keys are data."""
        self.structured: set[str] = set()
        """Keys whose value is an object with named fields (or a list of them)."""

    def walk(self, document: dict[str, Any]) -> None:
        self._defs = document.get("$defs", {})
        self._seen: set[str] = set()
        self._node(document)

    def _resolve(self, node: dict[str, Any]) -> dict[str, Any]:
        while "$ref" in node:
            node = self._defs[node["$ref"].rsplit("/", 1)[-1]]
        return node

    def _node(self, node: Any) -> None:
        if not isinstance(node, dict):
            return
        ref = node.get("$ref")
        if ref is not None:
            if ref in self._seen:
                return
            self._seen.add(ref)
            self._node(self._resolve(node))
            return
        for key in ("anyOf", "oneOf", "allOf", "prefixItems"):
            for sub in node.get(key, ()):
                self._node(sub)
        self._node(node.get("items"))
        for name, sub in node.get("properties", {}).items():
            self.types[name] |= self.types_of(sub)
            kind = self._kind(sub)
            if kind == "opaque":
                self.opaque.add(name)
                continue
            if kind == "structured":
                self.structured.add(name)
            self._node(sub)

    def _kind(self, node: dict[str, Any]) -> str:
        node = self._resolve(node)
        if node.get("type") == "array" and isinstance(node.get("items"), dict):
            return self._kind(node["items"])
        if "properties" in node:
            return "structured"
        options = node.get("anyOf", [])
        kinds = {self._kind(o) for o in options} - {"plain"}
        if kinds:
            return kinds.pop() if len(kinds) == 1 else "mixed"
        if not options and not ({"type", "const", "enum", "$ref"} & set(node)):
            return "opaque"  # any JSON value
        if node.get("type") == "object" and node.get("maxProperties") != 0:
            return "opaque"  # a mapping
        return "plain"

    def types_of(self, node: dict[str, Any]) -> set[str]:
        node = self._resolve(node)
        found: set[str] = set()
        for key in ("anyOf", "oneOf", "allOf"):
            for sub in node.get(key, ()):
                found |= self.types_of(sub)
        if "const" in node:
            found |= value_types(node["const"])
        for value in node.get("enum", ()):
            found |= value_types(value)
        kinds = node.get("type", [])
        for kind in [kinds] if isinstance(kinds, str) else kinds:
            if kind == "array":
                items = node.get("items")
                inner: set[str] = set()
                if isinstance(items, dict):
                    inner = self.types_of(items) - {"any"}
                for sub in node.get("prefixItems", ()):
                    inner |= self.types_of(sub) - {"any"}
                found |= {f"array of {t}" for t in inner} or {"array"}
            elif kind != "null":
                found.add(kind)
        if not found and not ({"type", "const", "enum", "anyOf", "oneOf", "allOf"} & set(node)):
            found.add("any")
        return found


@pytest.fixture(scope="module")
def declared() -> Declared:
    out = Declared()
    out.walk(output_schema("batch"))  # every envelope of every ruleset, and batch's errors
    out.walk(output_schema("error"))
    return out


# --- the outputs ---------------------------------------------------------------------


def output_types(outputs: Iterable[Output], opaque: set[str]) -> dict[str, dict[str, set[str]]]:
    """key -> JSON type -> where it was seen (``ruleset:command path``)."""
    found: dict[str, dict[str, set[str]]] = defaultdict(lambda: defaultdict(set))

    def walk(value: Any, path: str, where: str) -> None:
        if isinstance(value, list):
            for item in value:
                walk(item, f"{path}[]", where)
        elif isinstance(value, dict):
            for key, item in value.items():
                for kind in value_types(item) or {"null"}:
                    found[key][kind].add(f"{where} {path}.{key}")
                if key not in opaque:
                    walk(item, f"{path}.{key}", where)

    for output in outputs:
        document = dict(output.document)
        if output.command == "schema":
            document["result"] = {}  # a JSON Schema document: its keys are JSON Schema's
        walk(document, "", f"{output.ruleset}:{output.command}")
    return found


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> list[Output]:
    return collected(tmp_path_factory)


def test_every_key_has_one_type_in_the_outputs(corpus: list[Output], declared: Declared) -> None:
    """CONTRACT "JSON envelope": one JSON type per key, over every command's real output."""
    seen = output_types(corpus, declared.opaque - {"result"})
    types = {k: {t for t in v if t != "null"} for k, v in seen.items()}
    assert set(types) <= set(declared.types), set(types) - set(declared.types)
    assert len(types) > 250  # the walk reaches into every result
    found = {k: v for k, v in conflicts(types).items() if k not in KNOWN}
    report = {k: {t: sorted(seen[k][t])[:3] for t in kinds} for k, kinds in found.items()}
    assert not found, report


def test_every_key_has_one_type_in_the_declarations(declared: Declared) -> None:
    """The same over what every result class declares (``erc schema --output``), so keys
    no run reaches are covered."""
    found = {k: v for k, v in conflicts(declared.types).items() if k not in KNOWN}
    assert not found, found


def test_known_conflicts_are_still_there(declared: Declared) -> None:
    """Each key in ``KNOWN`` still has two types; one that no longer does leaves the list."""
    assert set(conflicts(declared.types)) >= set(KNOWN)


def test_the_contracts_own_examples(declared: Declared) -> None:
    """CONTRACT: "``dice`` is always a list of objects, one per die rolled, and a count of
    dice is ``n_dice``; ``kept`` is always a boolean"; ``events`` the list ``log`` shows and
    ``n_events`` the count ``status`` shows."""
    types = declared.types
    assert types["dice"] == {"array of object"}
    assert types["n_dice"] == {"integer"}
    assert types["kept"] == {"boolean"}
    assert types["events"] == {"array of object"}
    assert types["n_events"] == {"integer"}
    assert types["n_standing"] == {"integer"}


def test_mapping_keys_are_never_names(declared: Declared) -> None:
    """A key whose value is a mapping (its keys data) is one nowhere else with named
    fields, so skipping its keys skips no names. ``result`` is the one exception: ``erc
    schema`` prints a JSON Schema document there (skipped by command in the outputs)."""
    assert declared.opaque & declared.structured == {"result"}


def test_the_corpus_covers_every_command(corpus: list[Output]) -> None:
    """Every command of every ruleset has outputs in the corpus (``batch``: its lines), with
    error envelopes and ``--odds`` wherever a command takes it."""
    ran = {(o.ruleset, o.command) for o in corpus if not o.batch}
    for name in rulesets.available():
        for command in names(rulesets.get(name)):
            if command == "batch":
                assert any(o.batch for o in corpus)
            elif command in ("roll", "check", "schema"):
                assert ("er", command) in ran
            else:
                assert (name, command) in ran, (name, command)
        assert (name, "error") in ran
        assert any(
            o.ruleset == name and o.command == "status" and "applied" not in o.document
            for o in corpus
        )
    odds = {(o.ruleset, o.command) for o in corpus if "odds" in (o.document.get("result") or {})}
    for name in rulesets.available():
        declared_odds = rulesets.get(name).outputs().ODDS
        assert {(name, c) for c in declared_odds} <= odds, name
    assert any(o.batch and o.command == "error" for o in corpus)
    assert any(o.document.get("applied", {}).get("replayed") for o in corpus)
