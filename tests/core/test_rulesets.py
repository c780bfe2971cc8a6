"""The ruleset seam (issue 13, CONTRACT "Commands"): an encounter file's ``ruleset:`` picks
the rules; the envelope and the schema say which."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from erc import rulesets
from erc.core.encounter import problems_in
from erc.core.value import fields
from tests.conftest import ENCOUNTERS

MINIMAL = "erc: 1\n{ruleset}combatants:\n  - {{name: A, ac: 10, body: 5}}\n"


def test_er_is_the_default_and_may_be_named() -> None:
    """CONTRACT: "default `er`, so files without the key keep working"."""
    for line in ("", "ruleset: er\n"):
        encounter, found = problems_in(MINIMAL.format(ruleset=line))
        assert found == [] and encounter is not None and encounter.ruleset == "er"


def test_a_misspelt_ruleset_is_an_error_with_its_place_and_a_did_you_mean() -> None:
    encounter, found = problems_in(MINIMAL.format(ruleset="ruleset: spelchrome\n"), "x.yaml")
    assert encounter is None
    (problem,) = found
    assert "did you mean 'spellchrome'" in problem.message
    assert (problem.line, problem.column) == (2, 10)


def test_an_unknown_ruleset_lists_the_known_ones() -> None:
    _, found = problems_in(MINIMAL.format(ruleset="ruleset: gurps\n"))
    assert all(name in found[0].message for name in rulesets.NAMES)


def test_the_envelope_names_the_ruleset_and_its_settings(erc: Any) -> None:
    """CONTRACT: "The envelope carries "ruleset", and rules lists that ruleset's settings"."""
    duel = ENCOUNTERS / "duel.yaml"
    document = erc("status", "-e", duel, "--json", "--journal", "/dev/null").json
    assert document["ruleset"] == "er"
    assert set(document["rules"]) == set(fields(rulesets.get("er").model_module().Settings))


def test_schema_has_the_ruleset_key_and_one_ruleset_on_request(erc: Any, tmp_path: Path) -> None:
    whole = json.loads(erc("schema").out)
    er = json.loads(erc("schema", "--ruleset", "er").out)
    root = er["$defs"][er["$ref"].rsplit("/", 1)[-1]]
    assert root["properties"]["ruleset"]["enum"] == ["er"]
    assert set(er["$defs"]) <= set(whole["$defs"])
    refused = erc("schema", "--ruleset", "spelchrome", "--json")
    assert refused.code == 2 and "did you mean 'spellchrome'" in refused.error["message"]
