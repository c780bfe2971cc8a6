"""The published encounter schema (`erc schema`) and `erc check` agree, file by file.

The real `check-jsonschema` (the `dev` extra) validates the shipped encounters, the docs'
editor example and a set of files written here, broken and not, of every ruleset, with the
schema erc prints; `erc check` validates the same files; both verdicts must be the one each
case expects. Rules JSON Schema cannot state are `KNOWN_DIFFERENCES`: erc refuses those files,
the schema lets them through, and the test keeps both true so the list stays honest.
Also: every property of every ruleset's schema has a title and a description, and the
schema's name pattern is `name_problem` character for character.
"""

from __future__ import annotations

import json
import re
import shlex
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from erc.core.encounter.schema import ID, json_schema
from erc.core.encounter.spec import NAME_PATTERN
from erc.core.text import name_problem
from tests.conftest import ENCOUNTERS, ROOT

CHECK_JSONSCHEMA = Path(sys.executable).parent / "check-jsonschema"

ER = "erc: 1\ncombatants:\n"
SC = "erc: 1\nruleset: spellchrome\ncombatants:\n"
EL = "erc: 1\nruleset: elysium\ncombatants:\n"
ER_KAELA = "  - {name: Kaela, ac: 15, body: 22}\n"
SC_VEX = "  - {name: Vex, hp: 22}\n"
EL_KHARZA = "  - {name: Kharza, hp: 30}\n"

VALID = True
INVALID = False

CASES: dict[str, tuple[bool, str]] = {
    # Enchanted Realms
    "er-minimal": (VALID, ER + ER_KAELA),
    "er-ruleset-given": (VALID, "ruleset: er\n" + ER + ER_KAELA),
    "er-x-anchor": (
        VALID,
        "x-weapons:\n"
        "  spear: &spear {name: spear, kind: melee, weight: medium, damage_type: piercing}\n"
        "x-notes: [anything, {at: all}]\n"
        + ER
        + "  - {name: Goblin, count: 3, ac: 12, body: 7, pools: {primary: 1}, weapons: [*spear]}\n",
    ),
    "er-merge-key": (
        VALID,
        "x-base: &base {ac: 12, body: 7, side: foes}\n"
        + ER
        + "  - {<<: *base, name: Goblin}\n  - {<<: *base, name: Hobgoblin, ac: 14}\n",
    ),
    "er-yaml-1.2-scalars": (
        VALID,
        ER + "  - name: 'No'\n    ac: 15\n    body: 22\n    pools: {primary: 2, off: 1}\n"
        "    weapons:\n"
        "      - {name: gladius, kind: melee, weight: medium, damage_type: edged, hand: primary}\n"
        "      - {name: dagger, kind: melee, weight: light, damage_type: piercing, hand: off}\n",
    ),
    "er-ranged-without-weight": (
        VALID,
        ER + "  - {name: Fenn, ac: 13, body: 15, weapons: [{name: bow, kind: ranged, "
        "damage_type: piercing, hand: both}]}\n",
    ),
    "er-melee-without-weight": (
        INVALID,
        ER + "  - {name: A, ac: 12, body: 5, weapons: [{name: club, kind: melee, "
        "damage_type: blunt}]}\n",
    ),
    "er-savage-weight-null": (
        INVALID,
        ER + "  - {name: A, ac: 12, body: 5, weapons: [{name: claws, kind: savage, "
        "damage_type: edged, weight: null}]}\n",
    ),
    "er-weight-misspelt": (
        INVALID,
        ER + "  - {name: A, ac: 12, body: 5, weapons: [{name: club, kind: melee, "
        "damage_type: blunt, weight: heavvy}]}\n",
    ),
    "er-wrong-types": (INVALID, ER + "  - {name: A, ac: twelve, body: 5, count: [2]}\n"),
    "er-unknown-key": (INVALID, ER + "  - {name: A, ac: 12, body: 5, armour: heavy}\n"),
    "er-x-key-inside-a-combatant": (
        INVALID,
        ER + "  - {name: A, ac: 12, body: 5, x-note: only top-level x- keys are left out}\n",
    ),
    "er-too-many-pool-dice": (
        INVALID,
        ER + "  - {name: A, ac: 12, body: 5, pools: {primary: 6}}\n",
    ),
    "er-charmed-by": (
        VALID,
        ER + ER_KAELA + "  - {name: Ogre, ac: 13, body: 40, conditions: [prone, "
        "{condition: charmed, by: Kaela}]}\n",
    ),
    "er-charmed-without-by": (INVALID, ER + ER_KAELA.replace("}", ", conditions: [charmed]}")),
    "er-grappled-by-null": (
        INVALID,
        ER + ER_KAELA.replace("}", ", conditions: [{condition: grappled, by: null}]}"),
    ),
    "er-prone-by": (
        INVALID,
        ER + ER_KAELA + "  - {name: B, ac: 1, body: 1, conditions: [{condition: prone, "
        "by: Kaela}]}\n",
    ),
    "er-name-with-an-end-space": (INVALID, ER + "  - {name: 'Kaela ', ac: 15, body: 22}\n"),
    "er-name-with-a-zero-width-space": (
        INVALID,
        ER + '  - {name: "Ka\\u200bela", ac: 15, body: 22}\n',
    ),
    "er-name-with-inner-spaces-and-accents": (
        VALID,
        ER + "  - {name: Brother Aldo of Ãrnë, ac: 15, body: 22}\n",
    ),
    "er-ruleset-misspelt": (INVALID, "ruleset: spelchrome\n" + ER + ER_KAELA),
    "er-format-version-2": (INVALID, ER.replace("erc: 1", "erc: 2") + ER_KAELA),
    "er-no-format-version": (INVALID, "combatants:\n" + ER_KAELA),
    "er-not-a-mapping": (INVALID, "- erc: 1\n"),
    "er-rules": (VALID, "rules: {advantage_damage: none, initiative: keep}\n" + ER + ER_KAELA),
    "er-rules-unknown-value": (INVALID, "rules: {initiative: sometimes}\n" + ER + ER_KAELA),
    "er-spellchrome-keys": (INVALID, ER + SC_VEX),
    # Spellchrome
    "sc-minimal": (VALID, SC + SC_VEX),
    "sc-x-anchor": (
        VALID,
        "x-guns:\n  pistol: &pistol {name: Ceburx 44, kind: ranged, damage: 2d10, range: 60}\n"
        + SC
        + "  - {name: Vex, hp: 22, bab: {melee: 3, ranged: [6, 1]}, weapons: [*pistol]}\n",
    ),
    "sc-full": (
        VALID,
        SC + "  - name: Vex\n    hp: 22\n    hp_current: -3\n"
        "    armor: {name: vest, bonus: 4, dr: d6, ex_hp: 10, ex_hp_current: 8}\n"
        "    shield: {bonus: 1}\n    conditions: [unaware]\n    weapons:\n"
        "      - {name: knife, kind: thrown, damage: 1d4+1, range: 10, range_bonus: 5}\n"
        "      - {name: baton, kind: melee, damage: 3}\n",
    ),
    "sc-without-the-ruleset-key": (INVALID, ER + SC_VEX),
    "sc-er-keys": (INVALID, SC + "  - {name: Vex, hp: 22, ac: 15}\n"),
    "sc-melee-with-a-range": (
        INVALID,
        SC + "  - {name: Vex, hp: 22, weapons: [{name: baton, kind: melee, damage: 1d6, "
        "range: 10}]}\n",
    ),
    "sc-melee-with-a-range-bonus": (
        INVALID,
        SC + "  - {name: Vex, hp: 22, weapons: [{name: baton, kind: melee, damage: 1d6, "
        "range_bonus: 0}]}\n",
    ),
    "sc-thrown-without-a-range": (
        INVALID,
        SC + "  - {name: Vex, hp: 22, weapons: [{name: knife, kind: thrown, damage: 1d4}]}\n",
    ),
    "sc-ranged-range-null": (
        INVALID,
        SC + "  - {name: Vex, hp: 22, weapons: [{name: gun, kind: ranged, damage: 2d10, "
        "range: null}]}\n",
    ),
    "sc-damage-not-dice": (
        INVALID,
        SC + "  - {name: Vex, hp: 22, weapons: [{name: baton, kind: melee, damage: lots}]}\n",
    ),
    "sc-dr-not-dice": (INVALID, SC + "  - {name: Vex, hp: 22, armor: {dr: one die}}\n"),
    "sc-ex-hp-current-without-ex-hp": (
        INVALID,
        SC + "  - {name: Vex, hp: 22, armor: {bonus: 2, ex_hp_current: 3}}\n",
    ),
    "sc-wrong-types": (INVALID, SC + "  - {name: Vex, hp: lots, abilities: {dexterity: high}}\n"),
    "sc-unknown-ability": (INVALID, SC + "  - {name: Vex, hp: 22, abilities: {wisdom: 12}}\n"),
    "sc-empty-bab-list": (INVALID, SC + "  - {name: Vex, hp: 22, bab: {ranged: []}}\n"),
    # Elysium
    "el-minimal": (VALID, EL + EL_KHARZA),
    "el-x-anchor": (
        VALID,
        "x-fists: &fists {name: fists, skill: hand-to-hand, ap: 2, damage_score: 0, "
        "natural: true}\n"
        + EL
        + "  - {name: Kharza, hp: 30, skills: {hand-to-hand: 2, lore: 1}, weapons: [*fists]}\n"
        "  - {name: Beldo, hp: 20, weapons: [*fists]}\n"
        "skill_abilities: {lore: insight}\n",
    ),
    "el-spell": (
        VALID,
        EL + "  - {name: Kharza, hp: 30, mp: 10, mp_current: 4, schools: {fire: 2}, spells: "
        "[{name: Immolate, school: fire, ability: cunning, ap: 4, levels: [{mp: 2, bonus: 1}]}]}\n",
    ),
    "el-mp-current-without-mp": (INVALID, EL + "  - {name: Kharza, hp: 30, mp_current: 2}\n"),
    "el-spell-without-levels": (
        INVALID,
        EL + "  - {name: K, hp: 30, spells: [{name: S, school: fire, ability: cunning, ap: 4, "
        "levels: []}]}\n",
    ),
    "el-unknown-trump": (INVALID, EL + "  - {name: Kharza, hp: 30, trumps: [sidestepp]}\n"),
    "el-unknown-key-ability": (
        INVALID,
        "skill_abilities: {lore: wisdom}\n" + EL + EL_KHARZA,
    ),
    "el-wrong-types": (
        INVALID,
        EL + "  - {name: Kharza, hp: 30, weapons: [{name: whip, skill: whip, ap: two, "
        "damage_score: 1}]}\n",
    ),
    "el-weapon-without-ap": (
        INVALID,
        EL + "  - {name: Kharza, hp: 30, weapons: [{name: whip, skill: whip, damage_score: 1}]}\n",
    ),
    "el-er-keys": (INVALID, EL + "  - {name: Kharza, hp: 30, body: 5}\n"),
}

KNOWN_DIFFERENCES: dict[str, tuple[str, str]] = {
    # name: (why JSON Schema cannot say it, a file erc refuses and the schema accepts)
    "er-names-used-twice": (
        "names unique ignoring case: uniqueItems compares whole items, exactly",
        ER + ER_KAELA + "  - {name: kaela, ac: 1, body: 1}\n",
    ),
    "er-count-makes-a-name-twice": (
        "names unique once `count` expands: the schema cannot expand a group",
        ER + "  - {name: Goblin, count: 2, ac: 1, body: 1}\n  - {name: Goblin 2, ac: 1, body: 1}\n",
    ),
    "er-over-500-combatants": (
        "at most 500 combatants counts expanded: the schema cannot add counts",
        ER + "".join(f"  - {{name: G{i}, count: 100, ac: 1, body: 1}}\n" for i in range(6)),
    ),
    "er-body-current-over-body": (
        "body_current within body: JSON Schema compares a value with constants, not with "
        "another value",
        ER + "  - {name: A, ac: 12, body: 5, body_current: 9}\n",
    ),
    "er-by-names-nobody": (
        "by names a combatant of the file: the schema cannot look names up",
        ER + ER_KAELA.replace("}", ", conditions: [{condition: charmed, by: Nobody}]}"),
    ),
    "er-by-itself": (
        "by is not the combatant itself: the same",
        ER + ER_KAELA.replace("}", ", conditions: [{condition: grappled, by: Kaela}]}"),
    ),
    "er-whole-number-as-a-float": (
        "12.0 for an integer: JSON Schema's integer is any number with no fraction",
        ER + "  - {name: A, ac: 12.0, body: 5}\n",
    ),
    "sc-max-range-below-range": (
        "max_range at least range: a comparison of two values",
        SC + "  - {name: Vex, hp: 22, weapons: [{name: gun, kind: ranged, damage: 2d10, "
        "range: 60, max_range: 30}]}\n",
    ),
    "sc-hp-current-over-hp": (
        "hp_current within hp: a comparison of two values",
        SC + "  - {name: Vex, hp: 22, hp_current: 30}\n",
    ),
    "sc-ex-hp-current-over-ex-hp": (
        "ex_hp_current within ex_hp: the schema says it only when ex_hp is missing or 0",
        SC + "  - {name: Vex, hp: 22, armor: {ex_hp: 5, ex_hp_current: 8}}\n",
    ),
    "sc-dice-that-do-not-parse": (
        "a dice expression that parses: the schema's pattern checks its characters only "
        "(parentheses and terms are erc's parser's)",
        SC + "  - {name: Vex, hp: 22, weapons: [{name: baton, kind: melee, damage: 2d+(}]}\n",
    ),
    "el-hp-current-over-hp": (
        "hp_current within hp: a comparison of two values",
        EL + "  - {name: Kharza, hp: 30, hp_current: 31}\n",
    ),
    "el-mp-current-over-mp": (
        "mp_current within mp: the schema says it only when mp is missing or 0",
        EL + "  - {name: Kharza, hp: 30, mp: 4, mp_current: 5}\n",
    ),
    "el-weapon-listed-twice": (
        "weapon and spell names unique per combatant, ignoring case: uniqueItems compares "
        "whole items",
        EL + "  - {name: Kharza, hp: 30, weapons: [{name: whip, skill: whip, ap: 2, "
        "damage_score: 1}, {name: Whip, skill: whip, ap: 3, damage_score: 2}]}\n",
    ),
}

PAGE = (ROOT / "docs" / "encounters.md").read_text()


def readme_example() -> tuple[str, str]:
    """The docs' modeline example (docs/encounters.md): the YAML block and the schema path
    it names."""
    blocks = re.findall(r"```yaml\n(# yaml-language-server: \$schema=(\S+)\n.*?)```", PAGE, re.S)
    assert len(blocks) == 1, "docs/encounters.md shows one modeline example"
    return blocks[0]


def run_check_jsonschema(schema: Path, files: list[Path]) -> dict[str, bool]:
    """check-jsonschema's verdict on each file: True valid, False invalid or unreadable."""
    if not CHECK_JSONSCHEMA.exists():
        pytest.fail("check-jsonschema is not installed: .venv/bin/pip install -e '.[dev]'")
    ran = subprocess.run(
        [str(CHECK_JSONSCHEMA), "--schemafile", str(schema), "-o", "JSON", "-v"]
        + [str(f) for f in files],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert ran.returncode in (0, 1), ran.stderr
    report = json.loads(ran.stdout)
    verdict = {str(Path(f).resolve()): True for f in report.get("successes", [])}
    for failure in report.get("errors", []) + report.get("parse_errors", []):
        verdict[str(Path(failure["filename"]).resolve())] = False
    return verdict


def run_erc_check(files: list[Path]) -> dict[str, bool]:
    """`erc check`'s verdict on each file, as a user's shell runs it."""
    ran = subprocess.run(
        [sys.executable, "-m", "erc", "check", "--format", "json", *map(str, files)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,
    )
    assert ran.returncode in (0, 1), ran.stderr
    report = json.loads(ran.stdout)["result"]["files"]
    return {str(Path(f["path"]).resolve()): f["ok"] for f in report}


@pytest.fixture(scope="module")
def verdicts(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """Every file's verdict by check-jsonschema and by `erc check`, keyed by case name."""
    folder = tmp_path_factory.mktemp("agreement")
    schema_file = folder / "erc-encounter.schema.json"
    printed = subprocess.run(
        [sys.executable, "-m", "erc", "schema"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
    )
    schema_file.write_text(printed.stdout)
    files: dict[str, Path] = {}
    for name, (_, text) in CASES.items():
        files[name] = folder / f"{name}.yaml"
        files[name].write_text(text, encoding="utf-8")
    for name, (_, text) in KNOWN_DIFFERENCES.items():
        files[name] = folder / f"{name}.yaml"
        files[name].write_text(text, encoding="utf-8")
    for path in sorted(ENCOUNTERS.glob("*.yaml")):
        files[f"shipped {path.name}"] = path
    example, modeline_path = readme_example()
    files["docs modeline example"] = folder / "readme-example.yaml"
    files["docs modeline example"].write_text(example)
    assert (folder / modeline_path).resolve() == schema_file.resolve()

    by_erc = run_erc_check(list(files.values()))
    by_schema = run_check_jsonschema(schema_file, list(files.values()))
    return {
        name: (by_erc[str(path.resolve())], by_schema[str(path.resolve())])
        for name, path in files.items()
    }


def test_cases_cover_every_ruleset_both_ways() -> None:
    for prefix in ("er-", "sc-", "el-"):
        kinds = {valid for name, (valid, _) in CASES.items() if name.startswith(prefix)}
        assert kinds == {VALID, INVALID}, prefix
        assert any(n.startswith(prefix) and "x-anchor" in n for n in CASES), prefix


@pytest.mark.parametrize("name", sorted(CASES))
def test_check_jsonschema_and_erc_check_agree(name: str, verdicts: dict[str, Any]) -> None:
    expected = CASES[name][0]
    by_erc, by_schema = verdicts[name]
    assert by_erc == expected, f"erc check says {'valid' if by_erc else 'invalid'}"
    assert by_schema == expected, f"check-jsonschema says {'valid' if by_schema else 'invalid'}"


def test_shipped_encounters_and_the_readme_example_are_valid_for_both(
    verdicts: dict[str, Any],
) -> None:
    shown = {n: v for n, v in verdicts.items() if n.startswith("shipped ") or "docs" in n}
    assert len(shown) == len(list(ENCOUNTERS.glob("*.yaml"))) + 1
    assert all(v == (True, True) for v in shown.values()), shown


@pytest.mark.parametrize("name", sorted(KNOWN_DIFFERENCES))
def test_known_differences_are_still_differences(name: str, verdicts: dict[str, Any]) -> None:
    """What JSON Schema cannot say: erc refuses the file, the schema lets it through. When
    the schema learns to say it, move the case to CASES."""
    assert verdicts[name] == (False, True), KNOWN_DIFFERENCES[name][0]


def _properties(schema: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    found = [(f"(top) {k}", v) for k, v in schema.get("properties", {}).items()]
    for def_name, body in schema["$defs"].items():
        for key, prop in {
            **body.get("properties", {}),
            **body.get("patternProperties", {}),
        }.items():
            found.append((f"{def_name}.{key}", prop))
    return found


@pytest.mark.parametrize("only", [None, "er", "spellchrome", "elysium"])
def test_every_property_has_a_title_and_a_description(only: str | None) -> None:
    schema = json_schema(only)
    props = _properties(schema)
    assert len(props) > 40
    missing = [n for n, p in props if not p.get("title") or not p.get("description")]
    assert not missing, f"properties without a title or a description: {missing}"
    for def_name, body in schema["$defs"].items():
        assert body.get("title") and body.get("description"), def_name
        assert not body["title"].endswith("Spec"), def_name


def test_the_schema_has_a_stable_id_and_one_per_ruleset(erc: Any) -> None:
    whole = json.loads(erc("schema").out)
    assert whole["$id"] == ID == "https://erc.invalid/schema/encounter-1.json"
    ids = {json.loads(erc("schema", "--ruleset", n).out)["$id"] for n in ("er", "elysium")}
    assert ids == {
        "https://erc.invalid/schema/encounter-1-er.json",
        "https://erc.invalid/schema/encounter-1-elysium.json",
    }


def test_ruleset_picks_one_branch() -> None:
    """`ruleset:` selects a branch (if/then/else), so an ER file's problem is reported as
    ER's, not as "'ruleset' is a required property" of another branch."""
    import jsonschema

    schema = json_schema()
    data = {"erc": 1, "combatants": [{"name": "A", "ac": "x", "body": 5}]}
    errors = list(jsonschema.Draft202012Validator(schema).iter_errors(data))
    messages = [e.message for e in errors]
    assert messages == ["'x' is not of type 'integer'"], messages
    for name in ("er", "spellchrome", "elysium"):
        branch = json_schema(name)
        root = branch["$defs"][branch["$ref"].rsplit("/", 1)[-1]]
        assert root["additionalProperties"] is False
        assert list(root["patternProperties"]) == ["^x-"]


@pytest.mark.parametrize("where", ["start", "middle", "end"])
def test_name_pattern_is_name_problem(where: str) -> None:
    """The schema's name pattern refuses exactly what `name_problem` refuses, for every
    character of the Basic Multilingual Plane at the start, in the middle and at the end."""
    pattern = re.compile(NAME_PATTERN)
    wrong = []
    for code in range(0x10000):
        if 0xD800 <= code <= 0xDFFF:
            continue  # surrogates: never in decoded text
        ch = chr(code)
        name = {"start": f"{ch}ab", "middle": f"a{ch}b", "end": f"ab{ch}"}[where]
        if (pattern.search(name) is not None) != (name_problem(name) is None):
            wrong.append(f"U+{code:04X}")
    assert not wrong, wrong[:20]


def test_readme_shows_how_to_save_the_schema() -> None:
    section = PAGE.split("## Editors", 1)[1].split("\n## ", 1)[0]
    commands = re.findall(r"^(erc schema[^\n#]*)", section, re.M)
    assert any(shlex.split(c)[-1].endswith(".schema.json") for c in commands), commands
    assert "yaml.schemas" in section and "yaml-language-server: $schema=" in section


def test_the_printed_schema_is_the_same_bytes_every_time() -> None:
    """A saved schema file changes only when erc's formats do (set order is per process)."""
    import os

    printed = {
        subprocess.run(
            [sys.executable, "-m", "erc", "schema"],
            capture_output=True,
            text=True,
            cwd=ROOT,
            env={**os.environ, "PYTHONHASHSEED": seed},
            check=True,
        ).stdout
        for seed in ("1", "2")
    }
    assert len(printed) == 1


@pytest.mark.parametrize("head", [ER, SC, EL])
def test_a_file_with_no_combatants_is_refused_by_the_schema_too(head: str) -> None:
    import jsonschema
    import yaml

    document = yaml.safe_load(head.replace("combatants:\n", "combatants: []\n"))
    assert not jsonschema.Draft202012Validator(json_schema()).is_valid(document)
