"""Encounter files (issue 2, CONTRACT.md "Encounter files", R1.2, house rules)."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
from hypothesis import given, settings, strategies as st

from erc.core.encounter import MAX_FILE_BYTES, load, parse, problems_in
from erc.core.encounter.schema import json_schema
from erc.core.encounter.yamlread import read
from erc.core.errors import ErcError
from erc.rulesets.er.model import HouseRules
from tests.conftest import ENCOUNTERS, FIXTURES

MINIMAL = "erc: 1\ncombatants:\n  - {name: A, ac: 10, body: 5}\n"


def problems(text: str) -> list[str]:
    encounter, found = problems_in(text, "t.yaml")
    assert (encounter is None) == bool(found)
    return [p.message for p in found]


def test_shipped_encounters_load() -> None:
    for path in sorted(ENCOUNTERS.glob("*.yaml")):
        encounter = load(str(path))
        assert encounter.combatants, path


def test_shipped_encounters_validate_against_the_published_schema() -> None:
    schema = json_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    for path in sorted(ENCOUNTERS.glob("*.yaml")):
        data = read(path.read_text()).data
        jsonschema.validate(data, schema)


def test_shipped_encounters_use_every_key() -> None:
    """Issue 2: the examples together use every key of the format."""
    import msgspec

    from erc.rulesets.er.format import CombatantSpec, EncounterSpec, WeaponSpec

    used: dict[str, set[str]] = {"top": set(), "combatant": set(), "weapon": set()}
    for path in ENCOUNTERS.glob("*.yaml"):
        data = read(path.read_text()).data
        if data.get("ruleset", "er") != "er":
            continue  # other rulesets' formats are not ER's
        used["top"] |= set(data)
        for c in data["combatants"]:
            used["combatant"] |= set(c)
            for w in c.get("weapons", []):
                used["weapon"] |= set(w)
    for kind, cls in (("top", EncounterSpec), ("combatant", CombatantSpec), ("weapon", WeaponSpec)):
        names = {f.encode_name for f in msgspec.structs.fields(cls)}
        assert names <= used[kind], (kind, names - used[kind])


def test_three_mistakes_three_errors_with_lines() -> None:
    """Issue 2: "a file with three mistakes reports three errors with lines"."""
    text = (FIXTURES / "three_mistakes.yaml").read_text()
    _, found = problems_in(text, "three_mistakes.yaml")
    assert [(p.line, p.column) for p in sorted(found, key=lambda p: p.line or 0)] == [
        (7, 5),
        (9, 46),
        (11, 9),
    ]
    messages = " | ".join(p.message for p in found)
    assert "unknown key 'armour' (did you mean 'armor'?)" in messages
    assert "'hevy' is not one of: light, medium, heavy (did you mean 'heavy'?)" in messages
    assert "expected int, got str" in messages


def test_yaml_1_2_scalars_off_and_no_are_strings() -> None:
    """CONTRACT: "`pools: {off: 1}` and `hand: off` must work; a combatant may be called `No`"."""
    text = """erc: 1
combatants:
  - name: No
    ac: 10
    body: 5
    pools: {primary: 1, off: 1}
    weapons: [{name: knife, kind: melee, weight: light, damage_type: edged, hand: off}]
"""
    encounter = parse(text)
    (no,) = encounter.combatants
    assert no.name == "No"
    assert no.pools == {"primary": 1, "off": 1}
    assert no.weapons[0].hand == "off"


def test_yes_is_not_a_boolean() -> None:
    text = MINIMAL.replace(
        "body: 5}",
        "body: 5, weapons: [{name: s, kind: melee, weight: light, damage_type: e, sneak: yes}]}",
    )
    assert any("expected bool" in m for m in problems(text))


def test_duplicate_keys_are_errors_with_place() -> None:
    _, found = problems_in("erc: 1\ncombatants: []\nerc: 1\n")
    assert found[0].message.startswith("duplicate key 'erc'") and found[0].line == 3


@pytest.mark.parametrize(
    "tag", ["!!python/object/apply:os.system ['ls']", "!!binary aGk=", "!custom x", "!!set {a}"]
)
def test_unsafe_or_foreign_tags_are_errors(tag: str) -> None:
    found = problems(f"erc: 1\nname: {tag}\ncombatants: []\n")
    assert any("tag" in m and "not allowed" in m for m in found)


def test_count_expands_names() -> None:
    """CONTRACT: "`count: 3` makes combatants `Goblin 1`, `Goblin 2`, `Goblin 3`"."""
    encounter = parse(
        "erc: 1\ncombatants:\n  - {name: Goblin, count: 3, ac: 12, body: 7}\n"
        "  - {name: Boss, count: 1, ac: 14, body: 20}\n"
    )
    assert [c.name for c in encounter.combatants] == ["Goblin 1", "Goblin 2", "Goblin 3", "Boss"]


def test_names_unique_ignoring_case() -> None:
    found = problems(
        "erc: 1\ncombatants:\n  - {name: Goblin, count: 2, ac: 12, body: 7}\n"
        "  - {name: goblin 2, ac: 12, body: 7}\n"
    )
    assert any("'goblin 2' is used twice" in m for m in found)


def test_r1_2_derived_modifiers_and_explicit_wins() -> None:
    """R1.2: `mod = max(0, score // 2 - 1)`; "An explicit modifier ... always wins"."""
    encounter = parse(
        "erc: 1\ncombatants:\n  - name: A\n    ac: 10\n    body: 5\n"
        "    attributes: {strength: 4, agility: 9, logic: 3, will: 10}\n"
        "    modifiers: {agility: 1}\n"
    )
    (a,) = encounter.combatants
    assert a.mod("strength") == 1  # seed 000: "Strength score of 4 means +1"
    assert a.mod("logic") == 0
    assert a.mod("will") == 4
    assert a.mod("agility") == 1
    assert a.mod("muse") == 0 and a.score("muse") == 0


def test_defaults_of_optional_keys() -> None:
    (a,) = parse(MINIMAL).combatants
    assert (a.side, a.size, a.armor, a.initiative) == ("", "medium", "none", 0)
    assert a.pools == {} and a.weapons == () and a.conditions == ()
    assert a.body == a.body_max == 5


def test_house_rules_defaults_and_overrides() -> None:
    """RULES.md "House rules": defaults d3, reroll, half; unknown keys are an error."""
    assert parse(MINIMAL).rules == HouseRules("d3", "reroll", "half")
    changed = parse(MINIMAL + "rules: {advantage_damage: none, initiative: keep}\n")
    assert changed.rules.advantage_damage == "none" and changed.rules.initiative == "keep"
    assert any(
        "unknown key 'advantage'" in m for m in problems(MINIMAL + "rules: {advantage: d3}\n")
    )


def test_weight_required_unless_ranged() -> None:
    found = problems(
        "erc: 1\ncombatants:\n  - name: A\n    ac: 10\n    body: 5\n"
        "    weapons: [{name: club, kind: melee, damage_type: blunt}]\n"
    )
    assert any("needs a weight" in m for m in found)
    ok = parse(
        "erc: 1\ncombatants:\n  - name: A\n    ac: 10\n    body: 5\n"
        "    weapons: [{name: bow, kind: ranged, damage_type: piercing}]\n"
    )
    assert ok.combatants[0].weapons[0].weight_damage == 0


def test_closed_sets_give_did_you_mean() -> None:
    found = problems(MINIMAL.replace("body: 5}", "body: 5, size: hughe, conditions: [aslep]}"))
    assert any("did you mean 'huge'" in m for m in found)
    assert any("did you mean 'asleep'" in m for m in found)


def test_pool_limit_is_five() -> None:
    """R1.4 / CONTRACT: "pools keys (primary off savage; at most 5 dice each)"."""
    assert any(
        "<= 5" in m for m in problems(MINIMAL.replace("body: 5}", "body: 5, pools: {primary: 6}}"))
    )


def test_required_keys() -> None:
    assert any("missing required key 'erc'" in m for m in problems("combatants: []\n"))
    assert any(
        "missing required key 'ac'" in m
        for m in problems("erc: 1\ncombatants: [{name: A, body: 3}]\n")
    )


def test_anchors_aliases_and_x_keys_for_shared_weapons() -> None:
    """Ordinary anchors and aliases work; top-level ``x-`` keys hold shared definitions."""
    text = """erc: 1
x-weapons:
  spear: &spear {name: spear, kind: melee, weight: medium, damage_type: piercing}
combatants:
  - {name: Guard, ac: 12, body: 8, weapons: [*spear]}
  - {name: Sergeant, ac: 14, body: 9, weapons: [*spear]}
"""
    guard, sergeant = parse(text).combatants
    assert guard.weapons == sergeant.weapons and guard.weapons[0].name == "spear"
    assert any("unknown key 'y-weapons'" in m for m in problems(text.replace("x-", "y-")))


def test_merge_key_template() -> None:
    encounter = parse("""erc: 1
combatants:
  - &guard {name: Guard, ac: 12, body: 8, pools: {primary: 1}}
  - {<<: *guard, name: Sergeant, ac: 14}
""")
    _guard, sergeant = encounter.combatants
    assert sergeant.ac == 14 and sergeant.body == 8 and sergeant.pools == {"primary": 1}


def test_load_errors_name_the_file(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("erc: 1\ncombatants: [\n")
    with pytest.raises(ErcError) as caught:
        load(str(bad))
    assert caught.value.code == "invalid-encounter"
    assert caught.value.path == str(bad) and caught.value.line is not None
    with pytest.raises(ErcError, match="no such file"):
        load(str(tmp_path / "missing.yaml"))
    with pytest.raises(ErcError, match="folder"):
        load(str(tmp_path))
    big = tmp_path / "big.yaml"
    big.write_bytes(b"#" * (MAX_FILE_BYTES + 1))
    with pytest.raises(ErcError, match="larger than"):
        load(str(big))
    binary = tmp_path / "bin.yaml"
    binary.write_bytes(b"erc: 1\x00\xff")
    with pytest.raises(ErcError, match="binary"):
        load(str(binary))
    latin = tmp_path / "latin.yaml"
    latin.write_bytes(b"erc: 1\nname: caf\xe9\n")
    with pytest.raises(ErcError, match="not UTF-8") as caught:
        load(str(latin))
    assert (caught.value.line, caught.value.column) == (2, 10)


def test_empty_file_is_an_error() -> None:
    assert problems("") == ["the file is empty"] or problems("")


def test_billion_laughs_is_refused_fast() -> None:
    lines = ["erc: 1", "a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    lines += [f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 10) + "]" for i in range(1, 9)]
    found = problems("\n".join(lines) + "\ncombatants: []\n")
    assert any("expands to more than" in m for m in found)


def test_deep_nesting_is_refused() -> None:
    found = problems("erc: 1\nname: " + "[" * 200 + "]" * 200 + "\ncombatants: []\n")
    assert any("nesting" in m for m in found)


yaml_text = st.one_of(
    st.text(max_size=300),
    st.lists(
        st.sampled_from(
            [
                "erc: 1\n",
                "combatants:\n",
                "  - ",
                "name: A",
                "{",
                "}",
                "[",
                "]",
                ": ",
                "&a ",
                "*a ",
                "<<: ",
                "ac: 10",
                "body: 5",
                "\n",
                "  ",
                "- ",
                "off",
                "!!str ",
                "'x'",
                '"\\u0000"',
                "1e999",
                "#",
            ]
        ),
        max_size=40,
    ).map("".join),
)


@settings(max_examples=300, deadline=None)
@given(yaml_text)
def test_any_text_ends_as_model_or_problems(text: str) -> None:
    """Issue 2: "any text given as an encounter file ends as a model or as errors"."""
    encounter, found = problems_in(text, "fuzz.yaml")
    assert (encounter is None) != (found == [])
    for p in found:
        assert isinstance(p.message, str) and p.message


def test_schema_command_prints_json(erc) -> None:  # type: ignore[no-untyped-def]
    ran = erc("schema")
    assert ran.code == 0
    schema = json.loads(ran.out)
    assert "er.EncounterSpec" in schema["$defs"]


def test_cross_checks_are_reported_with_schema_problems() -> None:
    """CONTRACT: "`erc check` reports every error in a file, not only the first": a missing
    weight, a name used twice and body_current over body come with a wrong type."""
    text = """erc: 1
combatants:
  - name: A
    ac: twelve
    body: 5
    weapons: [{name: club, kind: melee, damage_type: blunt}]
  - {name: a, ac: 3, body: 2, body_current: 9}
"""
    _, found = problems_in(text, "t.yaml")
    assert [p.line for p in found] == [4, 6, 7, 7]
    joined = " | ".join(p.message for p in found)
    assert "expected int" in joined and "needs a weight" in joined
    assert "used twice" in joined and "more than body" in joined


def test_every_bad_item_of_a_list_and_every_length_bound_is_reported_with_its_place() -> None:
    """CONTRACT: "`erc check` reports every error in a file, not only the first", each with
    line and column: each wrong item of a list of names or numbers (not only its first), and
    a list shorter than its declaration allows (Spellchrome's ``bab: {melee: []}``)."""
    er = MINIMAL.replace("body: 5}", "body: 5, styles: [slashin, cleavin]}")
    found = problems_in(er, "t.yaml")[1]
    assert [(p.message.split(":")[0], p.line) for p in found] == [
        ("combatants[0].styles[0]", 3),
        ("combatants[0].styles[1]", 3),
    ]
    assert "(did you mean 'cleaving'?)" in found[1].message
    assert found[1].column == er.splitlines()[2].index("cleavin") + 1
    sc = (
        "erc: 1\nruleset: spellchrome\ncombatants:\n"
        "  - {name: A, hp: 5, bab: {melee: [], ranged: [6, x, 200]}}\n"
    )
    line = sc.splitlines()[3]
    found = problems_in(sc, "t.yaml")[1]
    assert [(p.message, p.line, p.column) for p in found] == [
        ("combatants[0].bab.melee: at least 1 item", 4, line.index("[]") + 1),
        ("combatants[0].bab.ranged[1]: expected int, got str", 4, line.index("x") + 1),
        ("combatants[0].bab.ranged[2]: expected int <= 100", 4, line.index("200") + 1),
    ]


@pytest.mark.parametrize(
    ("given", "shown"),
    [("null", "null"), ("[er]", '["er"]'), ("true", "true"), ("erx", "'erx'")],
)
def test_a_bad_value_is_quoted_as_the_file_writes_it(given: str, shown: str) -> None:
    """CONTRACT "wrong types are errors with line and column": the message shows the value
    as YAML would (``null``, ``["er"]``), not as Python does (``None``, ``['er']``)."""
    text = f"erc: 1\nruleset: {given}\ncombatants: [{{name: A, ac: 10, body: 5}}]\n"
    _, found = problems_in(text, "t.yaml")
    assert [p.message.split(" is not one of")[0] for p in found] == [f"ruleset: {shown}"]


@pytest.mark.parametrize("ending", ["", "\n", "\n\n\n", "\r\n", "\r\n\r\n"])
def test_a_file_cut_short_is_placed_at_its_end(ending: str) -> None:
    """CONTRACT: errors name the line and column. A file cut short (``combatants: [`` and
    nothing after) was placed on a line after the last (``3:1`` in a two-line file); it is
    placed at the end of the last line, whose CR (a CR LF file) is no column."""
    text = "erc: 1\ncombatants: [" + ending
    for source in (text, text.replace("\n", "\r\n").replace("\r\r", "\r")):
        _, found = problems_in(source, "t.yaml")
        assert [(p.line, p.column) for p in found] == [(2, 14)], source


@pytest.mark.parametrize(
    "text",
    [
        "erc: 1\ncombatants:\n  - {name: A, ac: 10, body: 5\n",
        'erc: 1\ncombatants:\n  - name: A\n    ac: 10\n    body: "5\n',
        "erc: 1\nname: x\ncombatants\n  - {name: Bo, ac: 10, body: 5}\n",
    ],
)
def test_a_syntax_error_at_a_line_end_has_one_column_with_lf_or_cr_lf(text: str) -> None:
    """CONTRACT: lines and columns count from 1. YAML reads CR LF as one line break, and a
    CR alone (or NEL, LS, PS) as one too: a syntax error is placed on the same line and
    column whichever a file uses (CR LF used to count the CR as a column; a CR-only file
    put every error on line 1), just past the last character when found at a line's end."""
    _, lf = problems_in(text, "t.yaml")
    assert len(lf) == 1
    for ending in ("\r\n", "\r", "\u2028"):
        _, other = problems_in(text.replace("\n", ending), "t.yaml")
        assert [(p.line, p.column) for p in other] == [(lf[0].line, lf[0].column)], ending
    mixed = text.replace("\n", "\r", 1)  # one CR-only line among LF ones
    _, found = problems_in(mixed, "t.yaml")
    assert [(p.line, p.column) for p in found] == [(lf[0].line, lf[0].column)]
    line = text.split("\n")[lf[0].line - 1]
    assert lf[0].column <= len(line) + 1


@pytest.mark.parametrize(
    ("shipped", "written", "meant"),
    [
        ("elysium-ogre.yaml", None, "elysium"),
        ("elysium-ogre.yaml", "spellchrome", "elysium"),
        ("spellchrome-warehouse.yaml", None, "spellchrome"),
    ],
)
def test_another_rulesets_keys_name_that_ruleset(
    shipped: str, written: str | None, meant: str
) -> None:
    """A file of another ruleset's keys (its ``ruleset:`` forgotten or wrong) says which
    ruleset they are, besides each unknown key with its line and column."""
    lines = (ENCOUNTERS / shipped).read_text(encoding="utf-8").splitlines()
    kept = [line for line in lines if not line.startswith("ruleset:")]
    if written is not None:
        kept.insert(kept.index("erc: 1") + 1, f"ruleset: {written}")
    encounter, found = problems_in("\n".join(kept) + "\n", "t.yaml")
    assert encounter is None
    hints = [p for p in found if f"`ruleset: {meant}`" in p.message]
    assert len(hints) == 1 and hints[0].line is not None and hints[0].column is not None
    assert any("unknown key" in p.message for p in found)


def test_an_unknown_key_of_no_ruleset_names_none() -> None:
    assert not any("ruleset" in m for m in problems(MINIMAL.replace("ac: 10", "ac: 10, hpp: 3")))
