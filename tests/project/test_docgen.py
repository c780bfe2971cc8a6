"""The docs pages generated from the code (issue 33) are current, and complete: every command
of every ruleset with its options, its dice order and its JSON fields; every encounter key
with a description; every error code. ``make docs-gen`` writes them."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from erc import rulesets
from erc.cli import docgen
from erc.cli.registry import NO_ENCOUNTER, commands
from erc.core.codes import CODES
from tests.conftest import ROOT

DOCS = ROOT / "docs"


@pytest.fixture(scope="module")
def generated() -> dict[str, str]:
    return {str(path.relative_to(ROOT)): text for path, text in docgen.pages(DOCS).items()}


def test_the_generated_pages_are_current(generated: dict[str, str]) -> None:
    stale = [
        name
        for name, text in generated.items()
        if not (ROOT / name).exists() or (ROOT / name).read_text(encoding="utf-8") != text
    ]
    assert stale == [], "run `make docs-gen` (python -m erc.cli.docgen docs)"


def _lines_matching(generated: dict[str, str], pattern: str) -> list[str]:
    """The generated pages' lines that match ``pattern``, each with its page's name."""
    return [
        f"{name}: {line.strip()}"
        for name, text in generated.items()
        for line in text.splitlines()
        if re.search(pattern, line)
    ]


def test_help_texts_carry_no_docstring_markup(generated: dict[str, str]) -> None:
    """A command's docstring is its ``--help``: the terminal shows it as written, so it has
    no double-backtick literals (the reference pages are made from the same text)."""
    assert _lines_matching(generated, r"(?<!`)``(?!`)") == []


def test_whole_number_options_show_a_plain_metavar(generated: dict[str, str]) -> None:
    """``--round N``, not click's ``--round <int range>`` or ``INTEGER``: an int option
    without a metavar of its own shows ``N`` (``erc.cli.app``)."""
    assert _lines_matching(generated, r"<int range>|\bINTEGER\b|<integer>") == []


@pytest.mark.parametrize("ruleset", rulesets.available())
def test_every_command_of_a_ruleset_is_on_its_page(generated: dict[str, str], ruleset: str) -> None:
    page = generated[f"docs/reference/{ruleset}.md"]
    names = [n for n in commands(rulesets.get(ruleset)) if n not in NO_ENCOUNTER]
    assert names
    for name in names:
        section = page.split(f"## `erc {name}`\n", 1)[1].split("\n## `erc ", 1)[0]
        assert "| argument or option | meaning |" in section, name
        assert "`--json`" in section and "JSON field" in section, name
        if "`--rolls N,N,...`" in section:
            assert "**Dice for --rolls" in section, name


def test_the_dice_order_comes_from_the_docstring(generated: dict[str, str]) -> None:
    page = generated["docs/reference/er.md"]
    section = page.split("## `erc attack`\n", 1)[1].split("\n## `erc ", 1)[0]
    assert "then the crit award d20, then the d3 for each target hit" in section
    assert "`result.strikes[].dice[].raw`" in section  # nested JSON fields, from the schema
    assert "`--pool <primary|off|savage>`" in section  # options as --help shows them


def test_every_dice_command_says_its_dice() -> None:
    """A command that takes --rolls and has no `Dice for --rolls` paragraph stops the
    generator: adding a command without it cannot pass."""
    from erc.cli.registry import load_command

    for name in rulesets.available():
        ruleset = rulesets.get(name)
        for command in commands(ruleset):
            func = docgen._original(load_command(ruleset, command))
            traits = getattr(func, "erc_traits", None)
            if (traits is not None and traits.dice) or command == "roll":
                assert docgen.dice_order(func), f"{name} {command}"


def test_every_error_code_is_on_the_scripting_page(generated: dict[str, str]) -> None:
    page = generated["docs/scripting.md"]
    for code, meaning in CODES.items():
        assert f"| `{code}` | {docgen._cell(meaning)} |" in page, code


def test_the_keys_page_lists_every_key_of_every_ruleset(generated: dict[str, str]) -> None:
    from erc.core.encounter.schema import json_schema

    page = generated["docs/reference/encounter-keys.md"]
    for name in rulesets.available():
        title = rulesets.get(name).title
        section = page.split(f"\n## {title}\n", 1)[1].split("\n## ", 1)[0]
        defs = json_schema(name)["$defs"]
        for struct in defs.values():
            for key in struct.get("properties", {}):
                assert re.search(rf"^\| `{re.escape(key)}` \|", section, re.M), (name, key)


def _properties(node: Any, path: str = "") -> list[tuple[str, Any]]:
    """Every (path, schema) of a ``properties`` member anywhere in a schema: top level,
    ``$defs`` and the cross-field ``if``/``then``/``else`` parts alike."""
    found: list[tuple[str, Any]] = []
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "properties" and isinstance(value, dict):
                for name, sub in value.items():
                    found.append((f"{path}.{name}", sub))
                    found += _properties(sub, f"{path}/properties/{name}")
            else:
                found += _properties(value, f"{path}/{key}")
    elif isinstance(node, list):
        for index, value in enumerate(node):
            found += _properties(value, f"{path}[{index}]")
    return found


def test_every_schema_property_has_a_description(erc: Any) -> None:
    """Issue 33: "every key carries a description" (148 of 171 had one), in what editors
    read: `erc schema`, cross-field rules included."""
    schema = json.loads(erc("schema").out)
    found = _properties(schema)
    assert len(found) > 150
    missing = [p for p, sub in found if not (isinstance(sub, dict) and sub.get("description"))]
    assert missing == []
