"""The Spellchrome file format (issue 16; RULES-spellchrome Part 2 "Encounter file", SC1.1,
SC5, Part 3.1, 3.2, 3.4, 3.11): what loads, what derives, and bad files as errors with
their line and column."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from erc.core.encounter import problems_in
from erc.core.encounter.yamlread import read
from erc.rulesets.spellchrome.model import Combatant, Encounter, ability_modifier
from erc.rulesets.spellchrome.rules.armor_class import armor_class
from tests.conftest import ENCOUNTERS
from tests.spellchrome.support import HEADER, WAREHOUSE

PART_2 = """erc: 1
ruleset: spellchrome
rules: {initiative: keep}
combatants:
  - name: Vex
    side: party
    hp: 22                      # maximum; hp_current if not full
    abilities: {strength: 12, dexterity: 16}
    modifiers: {dexterity: 3}   # optional; else (score - 10) // 2
    bab: {melee: 3, ranged: [6, 1]}   # a number or a list of iterative bonuses
    initiative: 0
    speed: 30
    armor: {name: chrome vest, bonus: 4, dr: d6, ex_hp: 10, empowered: true}
    shield: {name: Eldlandrian Heavy Shield, bonus: 1}
    natural_armor: 0
    ac_bonus: 1                 # Combat Awareness and the like; counts for touch AC
    conditions: []              # asleep bound paralyzed unconscious unaware
    weapons:
      - {name: Ceburx 44, kind: ranged, damage: 2d10, range: 60, max_range: 600}
      - {name: knife, kind: thrown, damage: 1d4, range: 10}
      - {name: baton, kind: melee, damage: 1d6}
"""
"""RULES-spellchrome Part 2's example file, verbatim."""


def load(text: str) -> Encounter:
    encounter, problems = problems_in(text, "sc.yaml")
    assert problems == [], problems
    assert isinstance(encounter, Encounter)
    return encounter


def one(text: str) -> Combatant:
    return load(text).combatants[0]


def problems(text: str) -> list[Any]:
    encounter, found = problems_in(text, "sc.yaml")
    assert encounter is None and found
    return found


def combatant_file(fields: str) -> str:
    return (
        HEADER + "combatants:\n  - {name: Vex, hp: 10" + (", " + fields if fields else "") + "}\n"
    )


def test_part_2_example_loads_with_its_derived_values() -> None:
    """Part 2's file: Vex's modifiers, iterative BAB, armour, shield and the three ACs."""
    vex = one(PART_2)
    assert (vex.hp, vex.hp_max, vex.side, vex.speed) == (22, 22, "party", 30)
    assert (vex.mod("strength"), vex.mod("dexterity")) == (1, 3)
    assert (vex.bab_melee, vex.bab_ranged) == ((3,), (6, 1))
    assert (vex.armor_bonus, vex.shield_bonus, vex.dr, vex.ex_hp, vex.ex_hp_max) == (
        4,
        1,
        "d6",
        10,
        10,
    )
    assert [w.kind for w in vex.weapons] == ["ranged", "thrown", "melee"]
    # SC5.1: 10 + armour 4 + shield 1 + natural 0 + Dex 3 + ac_bonus 1
    assert armor_class(vex).value == 19
    assert armor_class(vex, touch=True).value == 14  # SC5.4: 10 + Dex 3 + ac_bonus 1
    assert armor_class(vex, flat_footed=True).value == 16  # SC5.3: no Dex bonus


@pytest.mark.parametrize(("score", "modifier"), [(14, 2), (8, -1), (10, 0), (11, 0), (9, -1)])
def test_sc1_1_modifier_is_score_minus_10_floor_half(score: int, modifier: int) -> None:
    """SC1.1: "`(score - 10) // 2` (14 -> +2, 8 -> -1)"."""
    assert ability_modifier(score) == modifier
    vex = one(combatant_file(f"abilities: {{dexterity: {score}}}"))
    assert vex.mod("dexterity") == modifier


def test_sc1_1_an_explicit_modifier_wins_and_part_3_4_no_score_is_derived_from_it() -> None:
    """SC1.1: "An explicit `modifiers:` value in the file wins"; Part 3.4: "default score 10;
    a score is never derived from a given modifier"."""
    vex = one(combatant_file("abilities: {dexterity: 16}, modifiers: {dexterity: 5, strength: 2}"))
    assert (vex.mod("dexterity"), vex.mod("strength")) == (5, 2)
    assert (vex.score("dexterity"), vex.score("strength")) == (16, 10)


def test_part_3_4_only_strength_and_dexterity() -> None:
    """Part 3.4: "Abilities: only `strength` and `dexterity` (others are unknown keys)"."""
    (found,) = problems(combatant_file("abilities: {dexterity: 12, dextrity: 3}"))
    assert "unknown key 'dextrity' (did you mean 'dexterity'?)" in found.message
    (found,) = problems(combatant_file("abilities: {wisdom: 12}"))
    assert "unknown key 'wisdom'" in found.message and found.line == 4


def test_part_2_defaults_abilities_10_bab_0_speed_30_no_armour() -> None:
    """Part 2: "Everything else optional: abilities 10, `bab` 0, `speed` 30, no armour"."""
    vex = one(combatant_file(""))
    assert (vex.score("strength"), vex.score("dexterity")) == (10, 10)
    assert (vex.bab_melee, vex.bab_ranged, vex.speed) == ((0,), (0,), 30)
    assert (vex.armor, vex.shield, vex.dr, vex.ex_hp) == (None, None, None, 0)
    assert armor_class(vex).value == 10


def test_part_3_1_keys_of_another_ruleset_are_unknown_keys_count_and_side_work() -> None:
    """Part 3.1: "Keys of another ruleset (`ac`, `body`, `pools`, ...) in a Spellchrome file
    are unknown-key errors; `count` and `side` work as in ER"."""
    text = HEADER + "combatants:\n  - {name: Guard, hp: 9, ac: 14, body: 9, pools: {primary: 1}}\n"
    found = problems(text)
    assert sorted(p.message.rsplit(": ", 1)[1] for p in found) == [
        "unknown key 'ac'",
        "unknown key 'body'",
        "unknown key 'pools'",
    ]
    assert all(p.line == 4 and p.column for p in found)
    guards = load(HEADER + "combatants:\n  - {name: Guard, side: foes, count: 2, hp: 9}\n")
    assert [(g.name, g.side) for g in guards.combatants] == [
        ("Guard 1", "foes"),
        ("Guard 2", "foes"),
    ]


def test_the_ruleset_key_is_required_a_file_without_it_is_er() -> None:
    """Part 2's first lines; the contract: files without `ruleset:` are ER. So a
    Spellchrome combatant without the key is read as ER and fails ER's format."""
    found = problems("erc: 1\ncombatants:\n  - {name: Vex, hp: 10}\n")
    assert any("missing required key 'ac'" in p.message for p in found)


def test_bad_input_a_melee_weapon_with_a_range_band() -> None:
    """Issue 16 "Bad input": "a melee weapon with a range band"; SC4.5: melee reaches an
    adjacent square only."""
    text = combatant_file("weapons: [{name: baton, kind: melee, damage: 1d6, range: 30}]")
    (found,) = problems(text)
    assert "weapon 'baton' is a melee weapon: it has no range band" in found.message
    assert "SC4.5" in found.message and (found.line, found.column) == (4, 82)
    text = combatant_file("weapons: [{name: baton, kind: melee, damage: 1d6, max_range: 30}]")
    assert "no 'max_range'" in problems(text)[0].message


def test_bad_input_a_weapon_without_damage_and_a_ranged_weapon_without_range() -> None:
    """Part 2: "Required ... per weapon `name`, `kind` ... and `damage` ..., and `range` for
    ranged and thrown"."""
    found = problems(combatant_file("weapons: [{name: gun, kind: ranged, range: 60}]"))
    (missing,) = found  # says what to write, with the Spellchrome passage
    assert missing.message == (
        "combatants[0].weapons[0]: missing required key 'damage' (the damage of a hit: a dice "
        "expression (2d10, 1d6+1) or a number (SC6.1))"
    )
    found = problems(combatant_file("weapons: [{name: knife, kind: thrown, damage: 1d4}]"))
    assert "weapon 'knife' is thrown: it needs a range in ft" in found[0].message


def test_damage_and_dr_must_be_dice_expressions() -> None:
    """Part 2: `damage` is "a dice expression: `2d10`, `1d6+1`"; "`armor.dr` is a dice
    expression or an integer"."""
    text = combatant_file("weapons: [{name: gun, kind: ranged, damage: 2x10, range: 60}]")
    assert "damage '2x10' is not a dice expression" in problems(text)[0].message
    text = combatant_file("armor: {bonus: 2, dr: d6+}")
    assert "dr 'd6+' is not a dice expression or a number" in problems(text)[0].message
    assert one(combatant_file("armor: {bonus: 2, dr: 3}")).dr == "3"
    assert one(combatant_file("armor: {bonus: 2, dr: 1d6+1}")).dr == "1d6+1"


def test_closed_sets_have_a_did_you_mean() -> None:
    """Part 2: "Closed sets as in ER: unknown keys are errors with did-you-mean"."""
    (found,) = problems(combatant_file("armour: {bonus: 2}"))
    assert "unknown key 'armour' (did you mean 'armor'?)" in found.message
    text = combatant_file("weapons: [{name: knife, kind: thrwon, damage: 1d4, range: 10}]")
    assert "'thrwon' is not one of: melee, ranged, thrown (did you mean 'thrown'?)" in str(
        problems(text)
    )
    (found,) = problems(HEADER + "rules: {initiative: rerol}\ncombatants: []\n")
    assert "did you mean 'reroll'" in found.message


def test_part_3_11_conditions_are_a_closed_set() -> None:
    """Part 3.11: "`asleep bound paralyzed unconscious unaware` (a closed set; ER's others
    have no rule here)"."""
    assert one(combatant_file("conditions: [asleep, unaware]")).condition_names == (
        "asleep",
        "unaware",
    )
    (found,) = problems(combatant_file("conditions: [prone]"))
    assert "'prone' is not one of: asleep, bound, paralyzed, unconscious, unaware" in found.message


def test_part_3_2_armour_is_empowered_by_default_sc5_2_unpowered_gives_nothing() -> None:
    """Part 3.2: "`armor.empowered` defaults to true. A shield is not Spellchrome armour";
    SC5.2: "not empowered gives no bonus, no DR and no EX-HP"."""
    on = one(combatant_file("armor: {bonus: 4, dr: d6, ex_hp: 10}, shield: {bonus: 1}"))
    assert (on.armor_bonus, on.dr, on.ex_hp, armor_class(on).value) == (4, "d6", 10, 15)
    off = one(
        combatant_file("armor: {bonus: 4, dr: d6, ex_hp: 10, empowered: false}, shield: {bonus: 1}")
    )
    assert (off.armor_bonus, off.dr, off.ex_hp, off.ex_hp_max) == (0, None, 0, 0)
    assert armor_class(off).value == 11  # the shield still counts


def test_current_values_stay_within_their_maximums() -> None:
    """Part 2: "`hp: 22  # maximum; hp_current if not full`"; "`ex_hp_current` may be
    given". HP may start below 0 (SC6.5)."""
    assert (
        "hp_current 12 is more than hp 10" in problems(combatant_file("hp_current: 12"))[0].message
    )
    text = combatant_file("armor: {ex_hp: 5, ex_hp_current: 6}")
    assert "ex_hp_current 6 is more than ex_hp 5" in problems(text)[0].message
    assert one(combatant_file("hp_current: -3")).hp == -3
    assert one(combatant_file("armor: {ex_hp: 5, ex_hp_current: 2}")).ex_hp == 2


def test_every_problem_is_reported_at_once() -> None:
    """`erc check` reports every error in a file, not only the first."""
    text = combatant_file(
        "ac: 3, conditions: [prone], weapons: [{name: baton, kind: melee, damage: 1d6, range: 5}]"
    )
    assert len(problems(text)) == 3


def test_the_cli_reports_a_bad_file_with_exit_2_and_its_place(erc: Any, tmp_path: Path) -> None:
    """CONTRACT "Errors": "exit 2 ... The message names the file, line and column"; `erc
    check` is exit 1."""
    path = tmp_path / "bad.yaml"
    path.write_text(combatant_file("weapons: [{name: baton, kind: melee, damage: 1d6, range: 30}]"))
    ran = erc("attack", "Vex", "Vex", "-e", path, "--json")
    assert ran.code == 2 and "Traceback" not in ran.err
    assert ran.error["code"] == "invalid-encounter"
    assert (ran.error["line"], ran.error["column"]) == (4, 82)
    checked = erc("check", path, "--format", "json")
    assert checked.code == 1
    assert json.loads(checked.out)["result"]["files"][0]["errors"][0]["line"] == 4


def test_the_shipped_spellchrome_encounters_are_valid_and_use_every_key(erc: Any) -> None:
    """Issue 16: "A shipped `encounters/` example with a Spellchrome fight"; together the
    Spellchrome examples use every key of the format."""
    import msgspec

    from erc.rulesets.spellchrome import format as spec

    shipped = sorted(ENCOUNTERS.glob("spellchrome-*.yaml"))
    assert shipped and erc("check", *shipped).code == 0
    used: dict[type, set[str]] = {}
    kinds = {
        "armor": spec.ArmorSpec,
        "shield": spec.ShieldSpec,
        "abilities": spec.Abilities,
        "modifiers": spec.AbilityModifiers,
        "bab": spec.BabSpec,
    }
    for path in shipped:
        data = read(path.read_text()).data
        used.setdefault(spec.EncounterSpec, set()).update(data)
        for c in data["combatants"]:
            used.setdefault(spec.CombatantSpec, set()).update(c)
            for key, cls in kinds.items():
                used.setdefault(cls, set()).update(c.get(key) or {})
            for w in c.get("weapons", []):
                used.setdefault(spec.WeaponSpec, set()).update(w)
    for cls in (spec.EncounterSpec, spec.CombatantSpec, spec.WeaponSpec, *kinds.values()):
        names = {f.encode_name for f in msgspec.structs.fields(cls)}
        assert names <= used[cls], (cls.__name__, names - used[cls])


def test_schema_has_a_spellchrome_branch_that_requires_the_ruleset(erc: Any) -> None:
    """Issue 16: "its JSON Schema branch"; the shipped file validates against it."""
    import jsonschema

    whole = json.loads(erc("schema").out)
    mine = json.loads(erc("schema", "--ruleset", "spellchrome").out)
    root = mine["$defs"][mine["$ref"].rsplit("/", 1)[-1]]
    assert root["properties"]["ruleset"]["enum"] == ["spellchrome"]
    assert "ruleset" in root["required"]
    assert set(mine["$defs"]) <= set(whole["$defs"])
    data = read(Path(WAREHOUSE).read_text()).data
    jsonschema.validate(data, whole)
    jsonschema.validate(data, mine)


def test_check_warns_about_two_weapons_with_one_name(erc: Any, tmp_path: Path) -> None:
    """`erc check`'s warnings: valid, but `--with` could not tell them apart."""
    path = tmp_path / "twins.yaml"
    path.write_text(
        combatant_file(
            "weapons: [{name: knife, kind: melee, damage: 1d4},"
            " {name: Knife, kind: melee, damage: 1d6}]"
        )
    )
    report = json.loads(erc("check", path, "--format", "json").out)["result"]["files"][0]
    assert report["ok"] and "two weapons are called 'Knife'" in report["warnings"][0]["message"]
    assert erc("check", path, "--strict").code == 1
