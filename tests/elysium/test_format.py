"""The Elysium file format (EL Part 2 "Encounter file", EL1.2, EL Part 3.1): its keys, its
errors with line and column, its schema branch and ``erc check``'s warnings."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema

from erc.core.encounter import problems_in
from erc.core.encounter.schema import json_schema
from erc.core.encounter.yamlread import read
from erc.rulesets.elysium.model import die_sides
from tests.elysium.support import SHIPPED, fighter, write

CONTRACT_EXAMPLE = """erc: 1
ruleset: elysium
rules: {die: d10, initiative: keep, move_ft_per_ap: 5, stand_up_ap: 2, helpless_defense: none}
combatants:
  - name: Kharza
    side: party
    hp: 30                      # maximum; hp_current if not full
    mp: 10
    ap: 6
    abilities: {agility: 3, cunning: 4, muscle: 2, endurance: 2, insight: 2, courage: 1, self_control: 2}
    skills: {dodge: 2, athletics: 1, bluff: 4, discern: 2, hold: 1, escape: 1, hand-to-hand: 2, whip: 3}
    armor_bonus: 1
    mdef: 0
    trumps: [sidestep]          # sidestep, counterattack, focus_casting, speedy_combatant
    schools: {fire: 2}
    weapons:
      - {name: whip, skill: whip, ap: 2, damage_score: 1, disarm_bonus: 3, trip_bonus: 1, parry_bonus: -1}
      - {name: fists, skill: hand-to-hand, ap: 2, damage_score: 0, natural: true}
    spells:
      - {name: Immolate, school: fire, ability: cunning, ap: 4, levels: [{mp: 2, bonus: 1}, {mp: 4, bonus: 3}]}
"""  # noqa: E501 - the contract's own text


def test_the_contracts_example_file_loads(tmp_path: Path) -> None:
    """EL Part 2 "Encounter file": the example as given."""
    encounter, found = problems_in(CONTRACT_EXAMPLE, "x.yaml")
    assert found == [] and encounter is not None and encounter.ruleset == "elysium"
    kharza = encounter.combatants[0]
    assert (kharza.hp, kharza.mp, kharza.ap, kharza.armor_bonus) == (30, 10, 6, 1)
    assert kharza.weapons[0].disarm_bonus == 3 and kharza.weapons[1].natural is True
    assert kharza.spells[0].levels[1].bonus == 3
    assert die_sides(encounter.rules) == 10


def test_only_name_and_hp_are_required_and_missing_values_are_0() -> None:
    """EL Part 2: "Required: ``name``, ``hp``; per weapon ``name``, ``skill``, ``ap``,
    ``damage_score`` ... Missing abilities and skills are 0" (EL1.2)."""
    text = (
        "erc: 1\nruleset: elysium\ncombatants:\n  - {name: A, hp: 5, weapons: "
        "[{name: club, skill: club, ap: 3, damage_score: 2}]}\n"
    )
    encounter, found = problems_in(text)
    assert found == [] and encounter is not None
    a = encounter.combatants[0]
    assert (a.ability("agility"), a.ranks("dodge"), a.ap, a.mp, a.mdef) == (0, 0, 6, 0, 0)
    club = a.weapons[0]
    assert (club.disarm_bonus, club.trip_bonus, club.parry_bonus, club.magic) == (0, 0, 0, 0)
    assert (club.polearm, club.natural) == (False, False)
    missing = problems_in(
        "erc: 1\nruleset: elysium\ncombatants:\n  - {name: A, weapons: [{name: c, ap: 1}]}\n"
    )[1]
    messages = " | ".join(p.message for p in missing)
    assert "missing required key 'hp'" in messages
    assert "missing required key 'skill'" in messages
    assert "missing required key 'damage_score'" in messages
    # the message says what the key holds, its capitals kept: "AP of an attack ..."
    assert "missing required key 'ap' (AP of " in " | ".join(
        p.message
        for p in problems_in(
            "erc: 1\nruleset: elysium\ncombatants:\n  - {name: A, hp: 5, weapons: [{name: c, "
            "skill: whip, damage_score: 1}]}\n"
        )[1]
    )


def test_unknown_keys_and_wrong_types_have_line_column_and_did_you_mean() -> None:
    """EL Part 3.1: "Other rulesets' keys in an Elysium file are unknown-key errors"; the
    format's typos are errors with line, column and a did-you-mean."""
    text = (
        "erc: 1\n"
        "ruleset: elysium\n"
        "combatants:\n"
        "  - name: A\n"
        "    hp: 10\n"
        "    body: 10\n"
        "    abilities: {agilty: 3}\n"
        "    armor_bonus: lots\n"
        "    trumps: [sidestepp]\n"
        "    conditions: [pinned]\n"
    )
    encounter, found = problems_in(text, "x.yaml")
    assert encounter is None
    by_line = {p.line: p for p in found}
    assert set(by_line) == {6, 7, 8, 9, 10}
    assert "unknown key 'body'" in by_line[6].message and by_line[6].column == 5
    assert "did you mean 'agility'" in by_line[7].message
    assert "armor_bonus: expected int, got str" in by_line[8].message
    assert "did you mean 'sidestep'" in by_line[9].message
    assert "'pinned' is not one of" in by_line[10].message


def test_ruleset_elysium_is_required_a_file_without_it_is_er() -> None:
    """CONTRACT: "default `er`, so files without the key keep working": an Elysium combatant
    in a file without ``ruleset:`` is an ER file with ER's errors."""
    text = "erc: 1\ncombatants:\n  - {name: A, hp: 10}\n"
    encounter, found = problems_in(text)
    assert encounter is None and any("unknown key 'hp'" in p.message for p in found)


def test_count_side_initiative_and_skill_abilities_are_accepted() -> None:
    """EL Part 3.1: "``count`` and ``side`` work as in ER; ``initiative`` and
    ``skill_abilities`` (skill -> ability) are accepted"; the file-wide ``skill_abilities``
    and a combatant's own (which wins)."""
    text = (
        "erc: 1\nruleset: elysium\nskill_abilities: {lore: insight, hold: endurance}\n"
        "combatants:\n"
        "  - {name: Rat, hp: 3, count: 3, side: vermin, initiative: 2,\n"
        "     skill_abilities: {hold: agility}}\n"
    )
    encounter, found = problems_in(text)
    assert found == [] and encounter is not None
    assert [c.name for c in encounter.combatants] == ["Rat 1", "Rat 2", "Rat 3"]
    rat = encounter.combatants[0]
    assert (rat.side, rat.initiative) == ("vermin", 2)
    assert rat.skill_abilities == {"lore": "insight", "hold": "agility"}


def test_cross_checks_current_within_maximum_and_unique_names() -> None:
    text = (
        "erc: 1\nruleset: elysium\ncombatants:\n"
        "  - name: A\n    hp: 5\n    hp_current: 6\n    mp_current: 1\n"
        "    weapons: [{name: Axe, skill: axe, ap: 1, damage_score: 1},\n"
        "              {name: axe, skill: axe, ap: 1, damage_score: 1}]\n"
        "  - {name: a, hp: 1}\n"
    )
    _, found = problems_in(text)
    messages = " | ".join(p.message for p in found)
    assert "hp_current 6 is more than hp 5" in messages
    assert "mp_current 1 is more than mp 0" in messages
    assert "'axe' is listed twice" in messages
    assert "the name 'a' is used twice" in messages


def test_check_warns_of_a_skill_no_action_uses(erc: Any, tmp_path: Path) -> None:
    """EL Part 3.1: "Skills are an open map of names; a skill no action uses is a ``check``
    warning, so a typo is seen"."""
    path = write(
        tmp_path,
        fighter(
            "A",
            skills={"dodge": 1, "dogde": 2, "lore": 1, "whip": 1},
            schools={"fyre": 1},
            skill_abilities={"lore": "insight"},
        ),
        fighter("B", weapons=[{"name": "whip", "skill": "whip", "ap": 2, "damage_score": 1}]),
    )
    ran = erc("check", str(path), "--format", "json")
    assert ran.code == 0
    (report,) = ran.json["result"]["files"]
    warned = " | ".join(w["message"] for w in report["warnings"])
    assert "'dogde'" in warned and "'fyre'" in warned
    assert "'lore'" not in warned and "'whip'" not in warned and "'dodge'" not in warned
    # each placed at its key, as every check problem is (README "Encounter files")
    lines = path.read_text().splitlines()
    for w in report["warnings"]:
        word = "dogde" if "dogde" in w["message"] else "fyre"
        assert w["line"] is not None and word in lines[w["line"] - 1], w
    assert report["warnings"][0]["message"].startswith("combatants[0].skills.dogde: A: ")
    strict = erc("check", str(path), "--strict", "--format", "json")
    assert strict.code == 1


def test_the_shipped_encounter_checks_clean(erc: Any) -> None:
    ran = erc("check", str(SHIPPED), "--format", "json")
    assert ran.code == 0 and ran.json["result"]["files"][0]["warnings"] == []


def test_schema_has_an_elysium_branch_that_validates_the_shipped_file(erc: Any) -> None:
    """Issue 17: "its schema branch"; the shipped file validates against the whole schema
    (one branch) and the Elysium one."""
    whole = json_schema()
    data = read(SHIPPED.read_text()).data
    jsonschema.validate(data, whole)
    mine = json.loads(erc("schema", "--ruleset", "elysium").out)
    jsonschema.validate(data, mine)
    root = mine["$defs"][mine["$ref"].rsplit("/", 1)[-1]]
    assert root["properties"]["ruleset"]["enum"] == ["elysium"]
    assert "ruleset" in root["required"]


def test_the_envelope_names_the_ruleset_and_its_settings(erc: Any) -> None:
    """CONTRACT: "The envelope carries "ruleset", and rules lists that ruleset's settings"."""
    ran = erc("status", "-e", str(SHIPPED), "--json", "--journal", "/dev/null")
    assert ran.json["ruleset"] == "elysium"
    assert ran.json["rules"] == {
        "die": "d10",
        "initiative": "keep",
        "move_ft_per_ap": 5,
        "stand_up_ap": 2,
        "helpless_defense": "none",
    }


def test_a_cached_encounter_is_the_same_encounter(tmp_path: Path) -> None:
    """The encounter cache thaws Elysium's model (weapons, spells, skill maps) unchanged."""
    from erc.core.encounter import cache, load

    path = tmp_path / "k.yaml"
    path.write_text(CONTRACT_EXAMPLE)
    first = load(str(path))
    data = path.read_bytes()
    hit = cache.get(data, str(path))
    assert hit == first


def test_an_empty_spell_levels_list_is_an_error_with_its_place_never_lost(
    erc: Any, tmp_path: Path
) -> None:
    """CONTRACT: "`erc check` reports every error in a file", each "with line and column":
    ``levels: []`` (one to five levels) next to another mistake is still reported, at its
    value, and alone it has its place too."""
    shipped = SHIPPED.read_text()
    full = "levels: [{mp: 2, bonus: 1}, {mp: 4, bonus: 3}]"
    assert full in shipped and "trumps: [focus_casting]" in shipped
    empty = shipped.replace(full, "levels: []")
    both = empty.replace("trumps: [focus_casting]", "trumps: [sidestepp]")
    lines = both.splitlines()
    row = next(i for i, line in enumerate(lines) if "levels: []" in line) + 1
    column = lines[row - 1].index("[]") + 1
    for text, expected in ((empty, 1), (both, 2)):
        encounter, found = problems_in(text, "x.yaml")
        assert encounter is None and len(found) == expected, found
        (short,) = [p for p in found if "levels" in p.message]
        assert short.message == "combatants[0].spells[0].levels: at least 1 item"
        assert (short.line, short.column) == (row, column)
    too_many = shipped.replace(full, "levels: [" + ", ".join(["{mp: 1, bonus: 1}"] * 6) + "]")
    (long,) = problems_in(too_many)[1]
    assert long.message == "combatants[0].spells[0].levels: at most 5 items" and long.line == row
    path = tmp_path / "both.yaml"
    path.write_text(both)
    ran = erc("check", str(path))
    assert ran.code == 1
    assert f"{row}:{column}: combatants[0].spells[0].levels: at least 1 item" in ran.out
    assert "'sidestepp' is not one of" in ran.out


def test_a_bad_value_in_a_skill_map_names_its_key_and_the_valid_values() -> None:
    """CONTRACT: wrong types are errors "with line and column (with a did-you-mean ...)":
    ``skill_abilities`` (file-wide and a combatant's), ``skills`` and ``schools`` are maps, and
    a bad value is placed at its key's path and value, with the closed set listed."""
    text = (
        "erc: 1\n"
        "ruleset: elysium\n"
        "skill_abilities: {hold: luck, lore: insigt}\n"
        "combatants:\n"
        "  - name: A\n"
        "    hp: 10\n"
        "    skill_abilities: {hold: luck}\n"
        "    skills: {dodge: lots, '': 1}\n"
        "    schools: {fire: 200}\n"
    )
    lines = text.splitlines()

    def at(row: int, word: str) -> tuple[int, int]:
        return row, lines[row - 1].index(word) + 1

    encounter, found = problems_in(text, "x.yaml")
    assert encounter is None
    got = {p.message.split(": ")[0]: p for p in found}
    assert set(got) == {
        "skill_abilities.hold",
        "skill_abilities.lore",
        "combatants[0].skill_abilities.hold",
        "combatants[0].skills.dodge",
        "combatants[0].skills['']",
        "combatants[0].schools.fire",
    }, found
    places = {path: (p.line, p.column) for path, p in got.items()}
    abilities = "agility, cunning, muscle, endurance, insight, courage, self_control"
    assert got["skill_abilities.hold"].message == (
        f"skill_abilities.hold: 'luck' is not one of: {abilities}"
    )
    assert places["skill_abilities.hold"] == at(3, "luck")
    assert got["skill_abilities.lore"].message.endswith("(did you mean 'insight'?)")
    assert places["skill_abilities.lore"] == at(3, "insigt")
    own = got["combatants[0].skill_abilities.hold"]
    assert own.message.endswith(f"'luck' is not one of: {abilities}")
    assert places["combatants[0].skill_abilities.hold"] == at(7, "luck")
    assert got["combatants[0].skills.dodge"].message.endswith(": expected int, got str")
    assert places["combatants[0].skills.dodge"] == at(8, "lots")
    assert got["combatants[0].skills['']"].message.endswith(
        ": the key '': expected str of length >= 1"
    )
    assert places["combatants[0].skills['']"] == at(8, "''")  # the key's place
    assert got["combatants[0].schools.fire"].message.endswith(": expected int <= 100")
    assert places["combatants[0].schools.fire"] == at(9, "200")


def test_a_weapon_costs_at_least_1_ap() -> None:
    """EL3.3: an attack costs "the weapon's `ap`" and EL3.2 lets a combatant act "until you
    run out": a weapon of 0 AP could attack without end (``erc simulate`` played such a turn
    forever), so its cost is at least 1."""
    text = (
        "erc: 1\nruleset: elysium\ncombatants:\n"
        "  - name: A\n    hp: 5\n"
        "    weapons: [{name: claw, skill: claw, ap: 0, damage_score: 0}]\n"
    )
    encounter, found = problems_in(text)
    assert encounter is None
    assert [(p.line, p.message) for p in found] == [
        (6, "combatants[0].weapons[0].ap: expected int >= 1")
    ]
