"""The fight at the table (issue 14; RULES R10-R13): a condition does the same in every
command, a combatant acts once a round, the GM adjusts between mechanics, and ``status``
says who is next and whether the fight is over. Driven through the real CLI, dice forced
with ``--rolls``."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from erc.core.errors import ErcError
from erc.rulesets.er import conditions as table
from erc.rulesets.er.model import Combatant, Weapon
from erc.rulesets.er.rules.attack import plan_attack
from tests.conftest import ENCOUNTERS, ROOT, conditioned

# Hero: Strength 4 (+1), Agility 4; two primary dice; a gladius; Body 20, AC 12.
PIT = """erc: 1
name: The pit
combatants:
  - {name: Hero, side: party, species: human, ac: 12, body: 20,
     attributes: {strength: 4, agility: 4, resilience: 4, perception: 2},
     pools: {primary: 2, savage: 1},
     weapons: [{name: gladius, kind: melee, weight: medium, damage_type: edged, hand: primary},
               {name: crossbow, kind: ranged, damage_type: piercing, properties: [mechanical]},
               {name: dagger, kind: melee, weight: light, damage_type: piercing}]}
  - {name: Brute, side: foes, species: human, ac: 12, body: 20,
     attributes: {strength: 4, agility: 4, resilience: 4},
     pools: {primary: 1},
     weapons: [{name: club, kind: melee, weight: medium, damage_type: blunt}]}
  - {name: Witch, side: foes, species: human, ac: 10, body: 10,
     attributes: {strength: 2, agility: 2},
     pools: {primary: 1},
     weapons: [{name: staff, kind: melee, weight: medium, damage_type: blunt}]}
"""


@pytest.fixture
def pit(tmp_path: Path) -> Path:
    path = tmp_path / "pit.yaml"
    path.write_text(PIT)
    return path


def run(erc: Any, pit: Path, *argv: str) -> Any:
    return erc(*argv, "-e", pit, "--json")


def applied(erc: Any, pit: Path, *argv: str) -> Any:
    ran = run(erc, pit, *argv, "--apply")
    assert ran.code == 0, ran.err
    return ran.json


def row(erc: Any, pit: Path, name: str) -> dict[str, Any]:
    combatants = run(erc, pit, "status").json["result"]["combatants"]
    found: dict[str, Any] = next(c for c in combatants if c["name"] == name)
    return found


def names(row: dict[str, Any]) -> set[str]:
    return {c["name"] for c in row["conditions"]}


def who(name: str = "Hero", **fields: Any) -> Combatant:
    weapons = (Weapon("gladius", "melee", "edged", "medium", "primary"),)
    return Combatant(
        name,
        ac=12,
        body_max=20,
        body=fields.pop("body", 20),
        scores={"strength": 4, "agility": 4},
        pools=fields.pop("pools", {"primary": 2}),
        weapons=fields.pop("weapons", weapons),
        **conditioned(fields),
    )


# --- R10: the conditions table, row by row ------------------------------------------------


@pytest.mark.parametrize(
    "condition", ["asleep", "incapacitated", "paralyzed", "petrified", "unconscious"]
)
def test_r10_who_cannot_act_move_or_react(condition: str, erc: Any, pit: Path) -> None:
    """R10: asleep, incapacitated, paralyzed, petrified, unconscious: "no, no, no"; refused
    as an attacker (``cannot-act``), immobile, and unable to resist a disarm."""
    applied(erc, pit, "condition", "Brute", condition)
    refused = run(erc, pit, "attack", "Brute", "Hero", "--rolls", "20")
    assert refused.code == 2 and refused.error["code"] == "cannot-act"
    assert condition in refused.error["message"]
    assert run(erc, pit, "movement", "Brute", "--hexes", "1").error["code"] == (
        "movement-shortfall"
    )
    disarm = run(erc, pit, "disarm", "Hero", "Brute", "--rolls", "20").json["result"]
    assert disarm["resists"] is False
    assert run(erc, pit, "disarm", "Hero", "Brute", "--resist").error["code"] == "cannot-react"


def test_r10_deaf_perception_dc_plus_3_once_with_blind(erc: Any, pit: Path) -> None:
    """R10 deaf: "yes" (acts, moves, reacts); its checks: "Perception DC +3, once with blind
    (R4.2)"."""
    applied(erc, pit, "condition", "Hero", "deaf")
    deaf = run(erc, pit, "perceive", "Hero", "--dc", "10", "--rolls", "12").json["result"]
    assert (deaf["base_dc"], deaf["dc"], deaf["penalties"]) == (10, 13, [{"why": "deaf", "dc": 3}])
    assert run(erc, pit, "attack", "Hero", "Brute", "--rolls", "15,15,15").code == 0
    applied(erc, pit, "condition", "Hero", "blind")
    both = run(erc, pit, "perceive", "Hero", "--dc", "10", "--rolls", "12").json["result"]
    assert both["dc"] == 13 and both["penalties"] == [{"why": "blind and deaf", "dc": 3}]


def test_r10_paralyzed_rolls_perception_petrified_makes_none(erc: Any, pit: Path) -> None:
    """R10 paralyzed: its checks: "Perception rolls"; petrified: "no Perception roll
    (fails)" (R13.1: no die, ``no_roll`` says why)."""
    applied(erc, pit, "condition", "Brute", "paralyzed")
    rolled = run(erc, pit, "perceive", "Brute", "--dc", "14", "--rolls", "15").json
    assert rolled["rolls"][0]["value"] == 15 and rolled["result"]["success"] is True
    assert rolled["result"]["no_roll"] is None
    applied(erc, pit, "condition", "Witch", "petrified")
    stone = run(erc, pit, "perceive", "Witch", "--dc", "14").json
    assert stone["rolls"] == [] and stone["result"]["no_roll"] == "petrified"
    assert stone["result"]["success"] is False


def test_r10_prone_acts_reacts_and_crawls_or_stands_up(erc: Any, pit: Path) -> None:
    """R10 prone: "yes, crawl or stand up (R9.5-9.6), yes": it attacks and resists; walking
    needs the stand-up cost first, crawling costs x3."""
    applied(erc, pit, "condition", "Hero", "prone")
    assert run(erc, pit, "attack", "Hero", "Brute", "--rolls", "15,15,15").code == 0
    walk = run(erc, pit, "movement", "Hero", "--hexes", "1")
    assert walk.code == 2 and walk.error["code"] == "prone"
    crawl = run(erc, pit, "movement", "Hero", "--crawl", "1").json["result"]
    assert crawl["available_ft"] - crawl["remaining_ft"] == 15  # one hex, x3
    stand = run(erc, pit, "movement", "Hero", "--cost", "stand-up", "--hexes", "1").json
    assert stand["result"]["remaining_ft"] < stand["result"]["available_ft"]
    assert stand["result"]["stood_up"] is True and "prone" in names(row(erc, pit, "Hero"))
    resisted = run(erc, pit, "disarm", "Brute", "Hero", "--rolls", "20,1,12,12").json["result"]
    assert resisted["resists"] is True


def test_r10_surprised_cannot_act_in_round_1_only(erc: Any, pit: Path) -> None:
    """R10 surprised: "no, no, no in round 1 (R4.3)"; attacks against it "normal"."""
    applied(erc, pit, "roll-init", "--surprise", "--trigger", "Hero", "--rolls", "1,1,9,5,1")
    assert "surprised" in names(row(erc, pit, "Brute"))  # its Perception 1 failed (R4.3)
    refused = run(erc, pit, "attack", "Brute", "Hero", "--rolls", "20")
    assert refused.code == 2 and refused.error["code"] == "cannot-act"
    assert "surprised" in refused.error["message"]
    against = run(erc, pit, "attack", "Hero", "Brute", "--rolls", "15,15,15").json["result"]
    assert against["mode"] == "normal" and against["advantage_from"] == []
    applied(erc, pit, "roll-init", "--rolls", "9,5,1")  # round 2
    assert "surprised" not in names(row(erc, pit, "Brute"))
    assert run(erc, pit, "attack", "Brute", "Hero", "--rolls", "20").code == 0


def test_r10_down_cannot_act_and_makes_no_check(erc: Any, pit: Path) -> None:
    """R10 down (Body 0): "no, no, no"; "no checks, no competitions"; R13.1: a failed
    Perception check with no die, ``no_roll`` saying why."""
    applied(erc, pit, "damage", "Witch", "10")
    assert run(erc, pit, "attack", "Witch", "Hero").error["code"] == "cannot-act"
    seen = run(erc, pit, "perceive", "Witch").json
    assert seen["rolls"] == [] and seen["result"]["no_roll"] == "down"
    assert seen["result"]["success"] is False
    lost = run(erc, pit, "competition", "Hero", "Witch", "--rolls", "").json["result"]
    assert (lost["contested"], lost["winner"], lost["sides"]) == (False, "Hero", [])


@pytest.mark.parametrize("condition", ["blind", "bound", "stunned"])
def test_r10_attacks_against_blind_bound_stunned_are_at_advantage(
    condition: str, erc: Any, pit: Path
) -> None:
    """R10 "attacks against it": blind, bound, stunned at advantage (seed 001: "if the victim
    is stunned or otherwise already to be attacked at advantage"): one more primary die and
    the d3 (R1.5, R1.6); R10.3: the result names why."""
    applied(erc, pit, "condition", "Brute", condition)
    result = run(erc, pit, "attack", "Hero", "Brute", "--pool", "primary", "--rolls", "15,2,2,3")
    attack = result.json["result"]
    assert attack["mode"] == "advantage" and attack["advantage_from"] == [f"Brute is {condition}"]
    assert len(attack["strikes"][0]["dice"]) == 3
    assert attack["targets"][0]["d3"] == 3 and attack["damage"] == 1 + 1 + 1 + 3


def test_r10_a_blind_attacker_attacks_at_disadvantage(erc: Any, pit: Path) -> None:
    """R10 blind: "its attacks: at disadvantage": one primary die fewer and the d3 off."""
    applied(erc, pit, "condition", "Hero", "blind")
    attack = run(erc, pit, "attack", "Hero", "Brute", "--pool", "primary", "--rolls", "15,1")
    result = attack.json["result"]
    assert result["mode"] == "disadvantage" and result["disadvantage_from"] == ["Hero is blind"]
    assert len(result["strikes"][0]["dice"]) == 1
    assert result["targets"][0]["d3"] == -1 and result["damage"] == 1 + 1 + 1 - 1


def test_r10_a_bound_attacker_with_advantage_rolls_two_dice_and_no_d3(erc: Any, pit: Path) -> None:
    """Issue 14: "a bound attacker with --advantage rolls three dice and adds a d3" was
    wrong: bound puts the hand pools at disadvantage, which cancels --advantage (R1.5): two
    dice, each at -5, no d3."""
    applied(erc, pit, "condition", "Hero", "bound")
    attack = run(erc, pit, "attack", "Hero", "Brute", "--pool", "primary", "--advantage")
    result = run(
        erc, pit, "attack", "Hero", "Brute", "--pool", "primary", "--advantage", "--rolls", "17,9"
    ).json["result"]
    assert attack.code == 0
    assert result["mode"] == "normal" and len(result["strikes"][0]["dice"]) == 2
    assert [d["total"] for d in result["strikes"][0]["dice"]] == [17 + 4 - 5, 9 + 4 - 5]
    assert result["targets"][0]["d3"] is None
    assert result["advantage_from"] == ["given (--advantage)"]
    assert result["disadvantage_from"] == ["Hero is bound"]


def test_r10_bound_savage_pool_strikes_normally_and_mechanical_is_refused(
    erc: Any, pit: Path
) -> None:
    """R10 bound: "the savage pool strikes normally (seed 001: 'a jen'esse could still attack
    with its tail without being at disadvantage')"; "no weapon with property mechanical"."""
    applied(erc, pit, "condition", "Hero", "bound")
    savage = run(erc, pit, "attack", "Hero", "Brute", "--pool", "savage", "--rolls", "10")
    strike = savage.json["result"]["strikes"][0]
    assert savage.json["result"]["mode"] == "normal" and strike["dice"][0]["total"] == 14
    crossbow = run(erc, pit, "attack", "Hero", "Brute", "--with", "crossbow", "--pool", "primary")
    assert crossbow.code == 2 and "mechanical" in crossbow.error["message"]


def test_r10_bound_feats_and_competitions_at_disadvantage() -> None:
    """R10 bound: "Strength, Agility and Resilience feats, and every competition (R7.2), at
    disadvantage"."""
    bound = who(conditions={"bound"})
    for attribute in ("strength", "agility", "resilience"):
        assert table.feat_modes(bound, attribute).disadvantage_from == ("Hero is bound",)
    assert table.feat_modes(bound, "perception").disadvantage_from == ()
    assert table.competition_modes(bound).disadvantage_from


def test_r10_charmed_cannot_target_its_charmer(erc: Any, pit: Path) -> None:
    """R10 charmed (by X): "cannot target X (attack, sneak, disarm, lock, drop)"; R13.5: code
    ``charmed``. It may attack anyone else."""
    applied(erc, pit, "condition", "Hero", "charmed", "--by", "Witch")
    for argv in (
        ("attack", "Hero", "Witch"),
        ("sneak", "Hero", "Witch", "--with", "dagger"),
        ("disarm", "Hero", "Witch"),
        ("disarm", "Hero", "Witch", "--lock"),
    ):
        refused = run(erc, pit, *argv)
        assert refused.code == 2 and refused.error["code"] == "charmed", argv
    assert run(erc, pit, "attack", "Hero", "Brute", "--seed", "1").code == 0


def test_r9_5_r10_prone_standing_up_ends_prone(erc: Any, pit: Path) -> None:
    """R9.5 "stand up from prone 50% of species rate", R10 prone "crawl or stand up": once it
    has paid to stand, it walks the rest of its movement, and it is not prone next round."""
    applied(erc, pit, "condition", "Hero", "prone")
    applied(erc, pit, "roll-init", "--rolls", "5,4,3")
    stood = applied(erc, pit, "movement", "Hero", "--cost", "stand-up", "--hexes", "2")["result"]
    assert (stood["available_ft"], stood["spent_ft"], stood["stood_up"]) == (50, 35, True)
    assert "prone" not in names(row(erc, pit, "Hero"))
    walk = applied(erc, pit, "movement", "Hero", "--hexes", "3")["result"]
    assert (walk["remaining_ft"], walk["stood_up"]) == (0, False)
    applied(erc, pit, "roll-init", "--rolls", "5,4,3")
    assert run(erc, pit, "movement", "Hero", "--hexes", "1").code == 0


def test_r7_3_r9_5_taking_the_item_spends_10_ft_and_needs_them(erc: Any, pit: Path) -> None:
    """R7.3 and seed 000 ("after the 10-ft penalty for grabbing an item"), R9.5 "pick up an
    item 10", R11.3 "Costs (R9.5) spend movement too": the taker spends 10 ft; R10 grappled
    ("moves, no"): a winner that cannot move does not take it, as ``pick-up`` refuses."""
    applied(erc, pit, "roll-init", "--rolls", "5,4,3")
    took = applied(erc, pit, "competition", "Hero", "Brute", "--item", "--rolls", "9,2")
    assert took["result"]["item"]["taken_by"] == "Hero"
    assert row(erc, pit, "Hero")["movement_spent_ft"] == 10
    assert run(erc, pit, "movement", "Hero").json["result"]["remaining_ft"] == 40
    applied(erc, pit, "condition", "Brute", "grappled", "--by", "Witch")
    held = applied(erc, pit, "competition", "Brute", "Witch", "--item", "--rolls", "9,2")
    item = held["result"]["item"]
    assert held["result"]["winner"] == "Brute" and item["taken_by"] is None
    assert "grappled" in item["note"] and row(erc, pit, "Brute")["acted"] is False
    stuck = run(erc, pit, "competition", "Witch", "Brute", "--item", "--no-action", "Witch")
    assert stuck.json["result"]["item"]["taken_by"] is None  # nobody can take it
    assert "cannot take the item" in stuck.json["result"]["item"]["note"]


def test_r10_grappled_cannot_move_and_ends_with_its_grappler(erc: Any, pit: Path) -> None:
    """R10 grappled (by X): "yes, no, yes" (acts, cannot move, reacts); "ends when X cannot act
    or is down"."""
    applied(erc, pit, "condition", "Hero", "grappled", "--by", "Brute")
    assert run(erc, pit, "movement", "Hero", "--hexes", "1").error["code"] == ("movement-shortfall")
    assert run(erc, pit, "attack", "Hero", "Witch", "--seed", "2").code == 0
    assert {"name": "grappled", "by": "Brute", "rounds_left": None, "actions_left": None} in (
        row(erc, pit, "Hero")["conditions"]
    )
    applied(erc, pit, "condition", "Brute", "unconscious")
    assert "grappled" not in names(row(erc, pit, "Hero"))
    applied(erc, pit, "condition", "Brute", "unconscious", "--remove")
    assert "grappled" not in names(row(erc, pit, "Hero"))  # ended, not suspended
    assert run(erc, pit, "movement", "Hero", "--hexes", "1").code == 0


def test_r10_a_grapple_ended_by_its_grappler_going_down_stays_ended(erc: Any, pit: Path) -> None:
    """R10 grappled (by X): "ends when X cannot act or is down": healed, X holds nothing,
    and a condition for N rounds that lapses does not bring the grapple back either."""
    applied(erc, pit, "condition", "Hero", "grappled", "--by", "Brute")
    applied(erc, pit, "damage", "Brute", "20")
    applied(erc, pit, "heal", "Brute", "5")
    assert "grappled" not in names(row(erc, pit, "Hero"))
    applied(erc, pit, "condition", "Witch", "grappled", "--by", "Brute")
    applied(erc, pit, "condition", "Brute", "incapacitated", "--rounds", "1")
    applied(erc, pit, "roll-init", "--rolls", "5,4,3")
    applied(erc, pit, "roll-init", "--rolls", "5,4,3")
    brute = row(erc, pit, "Brute")
    assert "incapacitated" not in names(brute) and "grappled" not in names(row(erc, pit, "Witch"))


def test_r10_a_grapple_the_file_gives_by_one_who_is_down_is_over_before_any_event(
    erc: Any, tmp_path: Path
) -> None:
    """R10 grappled (by X): "ends when X cannot act or is down": a grapple the file gives
    by a grappler at 0 Body has ended before the journal's first event, so healing the
    grappler first does not bring it back (as it does not after any other event)."""
    path = tmp_path / "held.yaml"
    path.write_text(
        PIT.replace(
            "{name: Hero, side: party,", "{name: Hero, side: party, conditions: [{condition: "
            "grappled, by: Brute}],"
        ).replace("{name: Brute, side: foes, species: human, ac: 12, body: 20,",
                  "{name: Brute, side: foes, species: human, ac: 12, body: 20, body_current: 0,")
    )  # fmt: skip
    assert "grappled" not in names(row(erc, path, "Hero"))
    applied(erc, path, "heal", "Brute", "5")
    assert "grappled" not in names(row(erc, path, "Hero"))


def test_r10_2_charmed_and_grappled_need_by(erc: Any, pit: Path) -> None:
    """R10.2: "without it they are an error", on the command line and in a file."""
    for argv in (("condition", "Hero", "charmed"), ("condition", "Hero", "grappled")):
        assert run(erc, pit, *argv).error["code"] == "bad-option"
    nobody = run(erc, pit, "condition", "Hero", "charmed", "--by", "Nobody")
    assert nobody.error["code"] == "unknown-combatant"
    pit.write_text(
        PIT.replace(
            "pools: {primary: 1},\n     weapons: [{name: club",
            ("pools: {primary: 1}, conditions: [charmed],\n     weapons: [{name: club"),
        )
    )
    bad = erc("check", pit, "--format", "json")
    assert bad.code == 1 and "R10.2" in bad.json["result"]["files"][0]["errors"][0]["message"]


def test_r10_a_condition_from_the_file_with_by(tmp_path: Path, erc: Any) -> None:
    """R10.2: ``{condition: charmed, by: NAME}`` in a file's ``conditions``."""
    path = tmp_path / "charmed.yaml"
    path.write_text(
        PIT.replace(
            "weapons: [{name: gladius",
            "conditions: [{condition: charmed, by: Witch}],\n     weapons: [{name: gladius",
            1,
        )
    )
    assert run(erc, path, "attack", "Hero", "Witch").error["code"] == "charmed"


def test_r10_damage_above_zero_wakes_a_sleeper(erc: Any, pit: Path) -> None:
    """R10 asleep: "damage above 0 wakes it", whatever deals it."""
    applied(erc, pit, "condition", "Brute", "asleep")
    applied(erc, pit, "damage", "Brute", "0")
    assert "asleep" in names(row(erc, pit, "Brute"))
    applied(erc, pit, "attack", "Hero", "Brute", "--pool", "primary", "--rolls", "15,2")
    assert "asleep" not in names(row(erc, pit, "Brute"))


def test_r10_1_an_owner_that_cannot_react_has_no_advantage() -> None:
    """R10.1: "A space's owner has advantage only while the owner is aware and able to
    respond (seed 000): an owner that cannot react has none"; it does not roll at all."""
    from erc.rulesets.er.rules.competition import compete, competition_setup

    sleeper = who("Brute", conditions={"asleep"})
    first, second = competition_setup(who(), sleeper, owner="Brute")
    assert second.advantage_from == () and second.blocked == "asleep"
    result = compete(first, second, None)
    assert (result.contested, result.winner) == (False, "Hero")


def test_r13_1_a_competition_started_by_one_that_cannot_act_is_refused(erc: Any, pit: Path) -> None:
    """R13.1: "In competition A B, A starts it: an A that cannot act is refused (exit 2)"."""
    applied(erc, pit, "condition", "Hero", "paralyzed")
    assert run(erc, pit, "competition", "Hero", "Brute").error["code"] == "cannot-act"


def test_r13_2_lock_and_disarm_attempts_read_conditions(erc: Any, pit: Path) -> None:
    """R13.2: "a bound or blind attacker rolls it at disadvantage (two d20, the worse) and a
    bound one at -5; against a stunned, blind or bound victim it is at advantage"."""
    applied(erc, pit, "condition", "Hero", "bound")
    worse = run(erc, pit, "disarm", "Hero", "Brute", "--no-resist", "--rolls", "18,9")
    attempt = worse.json["result"]["attempt"]
    assert [d["value"] for d in attempt["dice"]] == [18, 9] and attempt["roll"] == 9
    assert attempt["modifier"] == 4 - 5 and attempt["advantage"] == "disadvantage"
    assert worse.json["result"]["disadvantage_from"] == ["Hero is bound"]
    applied(erc, pit, "condition", "Hero", "bound", "--remove")
    applied(erc, pit, "condition", "Brute", "stunned")
    better = run(erc, pit, "disarm", "Hero", "Brute", "--no-resist", "--rolls", "3,17")
    assert better.json["result"]["attempt"]["roll"] == 17
    assert better.json["result"]["advantage_from"] == ["Brute is stunned"]


# --- R11: turns ---------------------------------------------------------------------------


def test_r11_1_movement_may_be_split_around_the_action(erc: Any, pit: Path) -> None:
    """R11.1: "Each round a combatant has one action and its movement on its turn ...
    Movement may be split around the action"."""
    applied(erc, pit, "roll-init", "--rolls", "9,5,1")
    before = applied(erc, pit, "movement", "Hero", "--hexes", "2")["result"]
    applied(erc, pit, "attack", "Hero", "Brute", "--rolls", "15,15,15")
    after = applied(erc, pit, "movement", "Hero", "--hexes", "2")["result"]
    assert after["spent_earlier_ft"] == before["available_ft"] - before["remaining_ft"] == 10
    assert after["remaining_ft"] == before["remaining_ft"] - 10
    again = run(erc, pit, "attack", "Hero", "Witch", "--rolls", "15,15,15", "--apply")
    assert again.code == 2 and again.error["code"] == "already-acted"  # one action


def test_r11_2_one_applied_action_a_round(erc: Any, pit: Path) -> None:
    """R11.2: "a second applied action in the same round is refused (exit 2, code
    already-acted) unless --extra-action says a skill or magic grants it (recorded as
    such)"; R13.3: a preview resolves, with a note."""
    applied(erc, pit, "roll-init", "--rolls", "9,5,1")
    applied(erc, pit, "attack", "Hero", "Brute", "--seed", "1")
    for argv in (
        ("attack", "Hero", "Witch", "--seed", "2"),
        ("sneak", "Hero", "Witch", "--with", "dagger", "--seed", "2"),
        ("disarm", "Hero", "Witch", "--seed", "2"),
        ("spend", "Hero", "--action"),
    ):
        refused = run(erc, pit, *argv, "--apply")
        assert refused.code == 2 and refused.error["code"] == "already-acted", argv
    preview = run(erc, pit, "attack", "Hero", "Witch", "--seed", "2").json["result"]
    assert any("already acted" in note for note in preview["notes"])
    extra = applied(erc, pit, "attack", "Hero", "Witch", "--extra-action", "--seed", "3")
    assert extra["applied"]["event"] == 3
    assert row(erc, pit, "Hero")["actions_taken"] == 2
    log = run(erc, pit, "log").json["result"]["events"]
    assert {"type": "acted", "who": "Hero", "extra": True} in log[-1]["effects"]


def test_r11_2_an_extra_action_taken_first_leaves_the_one_a_round(erc: Any, pit: Path) -> None:
    """R11.2: the one action a round, and an action a skill or magic grants beyond it
    (``--extra-action``), whichever comes first: an extra action marked first left no room
    for the combatant's own one, which was refused ``already-acted``. Once both are spent,
    a third is refused, and ``status`` moves on only when its own action is spent."""
    applied(erc, pit, "roll-init", "--rolls", "9,5,1")
    applied(erc, pit, "attack", "Hero", "Brute", "--extra-action", "--rolls", "1,1,1")
    hero = row(erc, pit, "Hero")
    assert hero["acted"] is False and hero["actions_taken"] == 1
    assert run(erc, pit, "status").json["result"]["next"] == "Hero"
    applied(erc, pit, "attack", "Hero", "Brute", "--rolls", "1,1,1")
    assert row(erc, pit, "Hero")["acted"] is True
    third = run(erc, pit, "attack", "Hero", "Brute", "--rolls", "1,1,1", "--apply")
    assert third.code == 2 and third.error["code"] == "already-acted"
    refused = run(erc, pit, "pick-up", "Hero", "--apply")  # needs its unspent action (R12.4)
    assert refused.code == 2


def test_r10_a_grapple_by_one_who_cannot_act_is_refused_not_reported_set(
    erc: Any, pit: Path
) -> None:
    """R10 grappled (by X): "ends when X cannot act or is down". ``condition ... grappled
    --by X`` with X down reported the grapple set, and the fold ended it at once; it is
    refused (``cannot-act``), nothing recorded. An X that can act grapples as before."""
    applied(erc, pit, "damage", "Brute", "20")
    for argv in (("--apply",), ()):
        refused = run(erc, pit, "condition", "Hero", "grappled", "--by", "Brute", *argv)
        assert refused.code == 2 and refused.error["code"] == "cannot-act", refused.err
        assert "Brute cannot grapple Hero" in refused.error["message"]
    assert len(run(erc, pit, "log").json["result"]["events"]) == 1
    applied(erc, pit, "condition", "Hero", "grappled", "--by", "Witch")
    assert names(row(erc, pit, "Hero")) == {"grappled"}


def test_r11_3_movement_is_spent_across_calls(erc: Any, pit: Path) -> None:
    """R11.3: "movement --apply records the feet spent; a later movement of the same
    combatant in the same round starts from what is left"; costs spend it too."""
    applied(erc, pit, "roll-init", "--rolls", "9,5,1")
    first = applied(erc, pit, "movement", "Hero", "--hexes", "4")["result"]
    assert (first["available_ft"], first["remaining_ft"]) == (50, 30)
    second = run(erc, pit, "movement", "Hero", "--cost", "draw", "--hexes", "2").json["result"]
    assert (second["spent_earlier_ft"], second["available_ft"]) == (20, 30)
    assert second["remaining_ft"] == 30 - 10 - 10
    short = run(erc, pit, "movement", "Hero", "--hexes", "7")
    assert short.code == 2 and "5 ft short" in short.error["message"]
    assert row(erc, pit, "Hero")["movement_spent_ft"] == 20
    applied(erc, pit, "roll-init", "--rolls", "9,5,1")
    assert row(erc, pit, "Hero")["movement_spent_ft"] == 0  # a new round: movement back


def test_r11_4_reactions_through_spend(erc: Any, pit: Path) -> None:
    """R11.4: "one a round (R8.4); spent ... by erc spend NAME --reaction for any other
    reaction (dodge, flee attack)"."""
    applied(erc, pit, "roll-init", "--rolls", "9,5,1")
    applied(erc, pit, "spend", "Brute", "--reaction")
    assert row(erc, pit, "Brute")["reaction_used"] is True
    assert run(erc, pit, "spend", "Brute", "--reaction", "--apply").error["code"] == ("no-reaction")
    disarm = run(erc, pit, "disarm", "Hero", "Brute", "--rolls", "20").json["result"]
    assert disarm["resists"] is False  # R8.4: no reaction left, no resistance


def test_r11_5_order_next_standing_over(erc: Any, pit: Path) -> None:
    """R11.5: "Next is the first combatant in that order that can act and has not acted. A
    combatant is standing while its Body is above 0 and it is neither unconscious nor
    petrified; the fight is over when fewer than two sides have a standing combatant";
    R13.6: "`next` is a name or null; `sides` is a list of `{side, standing}` with `standing`
    the number of standing combatants"."""
    # d10s in file order: Hero 9, Brute 5, Witch 1 (Agility 4: +1 for Hero and Brute)
    applied(erc, pit, "roll-init", "--rolls", "9,5,1")
    status = run(erc, pit, "status").json["result"]
    assert [p["name"] for p in status["order"]] == ["Hero", "Brute", "Witch"]
    assert status["next"] == "Hero" and status["over"] is False
    applied(erc, pit, "attack", "Hero", "Brute", "--seed", "4")
    assert run(erc, pit, "status").json["result"]["next"] == "Brute"
    applied(erc, pit, "condition", "Brute", "paralyzed")
    status = run(erc, pit, "status").json["result"]
    assert status["next"] == "Witch"  # Brute cannot act: it is passed over
    assert {p["name"]: p["can_act"] for p in status["order"]} == {
        "Hero": True,
        "Brute": False,
        "Witch": True,
    }
    applied(erc, pit, "condition", "Witch", "petrified")
    sides = {s["side"]: s["standing"] for s in run(erc, pit, "status").json["result"]["sides"]}
    assert sides == {"party": 1, "foes": 1}  # paralyzed still stands; petrified does not
    applied(erc, pit, "damage", "Brute", "20")
    status = run(erc, pit, "status").json["result"]
    assert {s["side"]: s["standing"] for s in status["sides"]} == {"party": 1, "foes": 0}
    assert status["over"] is True
    assert status["next"] is None  # Hero has acted; Brute is down, Witch petrified


def test_r11_5_a_free_for_all_without_sides_is_over_when_one_stands(
    erc: Any, tmp_path: Path
) -> None:
    """R11.5 "the fight is over when fewer than two sides have a standing combatant", with
    the file's `side` left out ("Default "" (no side)"): a combatant on no side is nobody's
    ally, a side of its own, so two standing keep the fight going; with sides, the
    no-side ones count alone beside them."""
    path = tmp_path / "brawl.yaml"
    path.write_text(PIT.replace(" side: party,", "").replace(" side: foes,", ""))
    status = run(erc, path, "status").json["result"]
    assert [(s["side"], s["standing"]) for s in status["sides"]] == [("", 3)]
    assert status["over"] is False
    applied(erc, path, "damage", "Brute", "20")
    assert run(erc, path, "status").json["result"]["over"] is False
    applied(erc, path, "damage", "Witch", "10")
    assert run(erc, path, "status").json["result"]["over"] is True
    mixed = tmp_path / "mixed.yaml"
    mixed.write_text(PIT.replace(" side: foes,", ""))  # Hero on a side, the others on none
    applied(erc, mixed, "damage", "Hero", "20")
    assert run(erc, mixed, "status").json["result"]["over"] is False  # Brute against Witch


def test_status_human_marks_the_next_to_act(erc: Any, pit: Path) -> None:
    """CONTRACT: "Human output is the table a GM keeps beside the map, the next to act
    marked"."""
    applied(erc, pit, "roll-init", "--rolls", "9,5,1")
    out = erc("status", "-e", pit).out
    assert "Hero is next" in out and "▶ 1" in out


# --- R12: adjustments ------------------------------------------------------------------


def test_r12_1_damage_with_resistance_and_a_drop_holders_note(erc: Any, pit: Path) -> None:
    """R12.1: "resistance, immunity and vulnerability apply (R5.5); Body never below 0 ...
    on a drop's holder, calls for the R6.6 check (a note)"."""
    pit.write_text(
        PIT.replace("name: Witch, side: foes,", "name: Witch, side: foes, resist: [fire],")
    )
    preview = run(erc, pit, "damage", "Witch", "7", "--type", "fire").json["result"]
    assert (preview["dealt"], preview["body_after"], preview["resistance"]) == (3, 7, "resist")
    assert row(erc, pit, "Witch")["body"] == 10  # a preview records nothing
    applied(erc, pit, "damage", "Witch", "30")
    assert row(erc, pit, "Witch")["body"] == 0
    applied(
        erc, pit, "sneak", "Hero", "Brute", "--with", "dagger", "--drop", "--rolls", "20,20,20,20,3"
    )
    held = run(erc, pit, "damage", "Hero", "2").json["result"]
    assert any("--holder-damaged" in note for note in held["notes"])


def test_r6_6_any_damage_to_a_drops_holder_calls_for_its_check(erc: Any, pit: Path) -> None:
    """R6.6: "Damage to the holder forces a Resilience, Mind or Muse check"; R12.1 gave the
    note for ``erc damage`` only. An attack that deals the holder damage notes it too, as
    does a disarm the holder resists at the cost of Body; one that misses does not."""
    applied(
        erc, pit, "sneak", "Hero", "Brute", "--with", "dagger", "--drop", "--rolls", "20,20,20,20,3"
    )
    hit = run(erc, pit, "attack", "Witch", "Hero", "--rolls", "18").json["result"]
    assert hit["damage"] > 0
    assert [n for n in hit["notes"] if "R6.6" in n] == [
        "Hero holds the drop on Brute: damage calls for its R6.6 check "
        "(erc drop 'Hero' 'Brute' --holder-damaged body)"
    ]
    missed = run(erc, pit, "attack", "Witch", "Hero", "--rolls", "2").json["result"]
    assert missed["damage"] == 0 and not [n for n in missed["notes"] if "R6.6" in n]
    others = run(erc, pit, "attack", "Hero", "Witch", "--rolls", "18,18,18").json["result"]
    assert not [n for n in others["notes"] if "R6.6" in n]  # the holder deals, not takes
    resisted = run(erc, pit, "disarm", "Witch", "Hero", "--resist", "--rolls", "20,1,12,12")
    result = resisted.json["result"]  # resisting a disarm costs the holder Body (R8.3)
    assert result["damage_taken"] > 0 and [n for n in result["notes"] if "R6.6" in n]


def test_r6_6_a_sneak_that_damages_a_drops_holder_notes_its_check(erc: Any, tmp_path: Path) -> None:
    """R6.6 (and R12.1) for a sneak attack: it resolves its attack by the same resolver but
    wrote its own notes, leaving the holder's check out; damage held (``--drop``) deals none
    now, so it calls for none."""
    encounter = tmp_path / "stealth.yaml"
    shutil.copy(ENCOUNTERS / "stealth.yaml", encounter)
    enc = ["-e", str(encounter), "--journal", str(tmp_path / "j.jsonl"), "--json"]
    assert erc("roll-init", *enc, "--apply", "--seed", "1").code == 0
    assert erc("sneak", "Pip", "Gate guard 1", "--drop", *enc, "--seed", "2", "--apply").code == 0
    hit = erc("sneak", "Gate guard 2", "Pip", *enc, "--seed", "1").json["result"]
    assert hit["damage"] > 0
    assert [n for n in hit["notes"] if "R6.6" in n] == [
        "Pip holds the drop on Gate guard 1: damage calls for its R6.6 check "
        "(erc drop 'Pip' 'Gate guard 1' --holder-damaged body)"
    ]
    held = erc("sneak", "Gate guard 2", "Pip", "--drop", *enc, "--seed", "1").json["result"]
    assert not [n for n in held["notes"] if "R6.6 check" in n]


def test_r12_2_healing_up_to_the_maximum(erc: Any, pit: Path) -> None:
    """R12.2: "Body up to its maximum"."""
    applied(erc, pit, "damage", "Hero", "5")
    healed = applied(erc, pit, "heal", "Hero", "50")["result"]
    # issue 32: ``dealt`` the healing as given, ``health_change`` what Body did
    assert (healed["dealt"], healed["health_change"], healed["body_after"]) == (50, 5, 20)
    assert run(erc, pit, "heal", "Nobody", "3").error["code"] == "unknown-combatant"
    assert not any("revived" in note for note in healed["notes"])


def test_seed_001_shackling_one_revived_from_0_body_may_be_bound(erc: Any, pit: Path) -> None:
    """Seed 001 "Shackling": "When a character is brought to zero Body and then revived ...
    the victim placed in a combat restriction of 'bound'": a captor's choice, so healing
    from 0 notes it and binds no one (an ally's healing must not)."""
    applied(erc, pit, "damage", "Brute", "20")
    revived = applied(erc, pit, "heal", "Brute", "3")["result"]
    assert any("bound" in note and "R12.2" in note for note in revived["notes"])
    assert "bound" not in names(row(erc, pit, "Brute"))
    again = applied(erc, pit, "heal", "Brute", "3")["result"]
    assert not any("revived" in note for note in again["notes"])


def test_r12_3_r13_4_conditions_for_n_rounds(erc: Any, pit: Path) -> None:
    """R12.3: "--rounds N ends them after N rounds of combat"; R13.4: "it ends when roll-init
    --apply starts the round N rounds after the one it was set in (set before combat, in
    round 0: at the start of round N)"."""
    applied(erc, pit, "condition", "Brute", "stunned", "--rounds", "2")  # round 0
    applied(erc, pit, "roll-init", "--rolls", "9,5,1")  # round 1
    stunned = next(c for c in row(erc, pit, "Brute")["conditions"] if c["name"] == "stunned")
    assert stunned["rounds_left"] == 1
    applied(erc, pit, "roll-init", "--rolls", "9,5,1")  # round 2 starts: it ends
    assert "stunned" not in names(row(erc, pit, "Brute"))
    applied(erc, pit, "condition", "Hero", "prone")
    applied(erc, pit, "condition", "Hero", "prone", "--remove")
    assert "prone" not in names(row(erc, pit, "Hero"))
    assert run(erc, pit, "condition", "Hero", "prone", "--remove").error["code"] == "bad-option"
    unknown = run(erc, pit, "condition", "Hero", "stuned")
    assert unknown.error["code"] == "unknown-condition" and "stunned" in unknown.error["message"]


def test_r12_4_picking_up_a_disarmed_weapon(erc: Any, pit: Path) -> None:
    """R12.4 (R8.3): "erc pick-up NAME [WEAPON] recovers it (10 ft of movement and an unspent
    action, which it does not spend)"."""
    applied(erc, pit, "roll-init", "--rolls", "9,5,1")
    applied(erc, pit, "disarm", "Hero", "Brute", "--no-resist", "--rolls", "20")
    assert run(erc, pit, "attack", "Brute", "Hero").error["code"] == "no-weapon"
    assert run(erc, pit, "pick-up", "Hero", "gladius").error["code"] == "nothing-to-pick-up"
    picked = applied(erc, pit, "pick-up", "Brute", "club")["result"]
    assert (picked["weapon"], picked["movement_ft"]) == ("club", 10)
    assert (picked["owner"], picked["held_as"]) == ("Brute", "club")
    brute = row(erc, pit, "Brute")
    assert brute["disarmed_weapons"] == [] and brute["movement_spent_ft"] == 10
    assert brute["acted"] is False  # it does not spend the action
    assert run(erc, pit, "attack", "Brute", "Hero", "--seed", "1").code == 0
    applied(erc, pit, "disarm", "Hero", "Brute", "--no-resist", "--extra-action", "--rolls", "20")
    applied(erc, pit, "spend", "Brute", "--action")
    after_acting = run(erc, pit, "pick-up", "Brute")
    assert after_acting.code == 2 and after_acting.error["code"] == "already-acted"


def flung(erc: Any, pit: Path, by: str, victim: str, weapon: str) -> None:
    """``by`` disarms ``victim`` of ``weapon``, unresisted (R8.3), with a raw 20."""
    applied(
        erc, pit, "disarm", by, victim, "--victim-weapon", weapon, "--no-resist", "--rolls", "20"
    )


def test_seed_001_a_disarmed_weapon_is_up_for_grabs(erc: Any, pit: Path) -> None:
    """Seed 001: "the weapon is up for grabs ... one must still have an action remaining for
    the round to pick up a free item. This means the attacker could not grab the weapon in
    the same action he or she disarmed the weapon, but if the victim still has an action,
    then it could be retrieved". Anyone may pick it up (10 ft, an unspent action, R12.4); a
    weapon picked up from another is held by whose it is and what it is, strikes with
    ``--with``, and its owner no longer has it; flung away again, it lies on the ground as
    its owner's. Undone, all of it is as it was."""
    applied(erc, pit, "roll-init", "--rolls", "9,5,1")
    applied(erc, pit, "disarm", "Hero", "Brute", "--no-resist", "--rolls", "20")
    same_action = run(erc, pit, "pick-up", "Hero", "--apply")
    assert same_action.code == 2 and same_action.error["code"] == "already-acted"
    applied(erc, pit, "roll-init", "--rolls", "9,5,1")
    grabbed = applied(erc, pit, "pick-up", "Hero")["result"]  # the only weapon on the ground
    assert (grabbed["weapon"], grabbed["owner"], grabbed["held_as"]) == (
        "club",
        "Brute",
        "Brute's club",
    )
    assert grabbed["movement_ft"] == 10 and "up for grabs" in grabbed["notes"][0]
    status = run(erc, pit, "status").json["result"]
    assert status["taken"] == [
        {"owner": "Brute", "weapon": "club", "holder": "Hero", "held_as": "Brute's club"}
    ]
    assert row(erc, pit, "Brute")["disarmed_weapons"] == []
    assert run(erc, pit, "pick-up", "Brute").error["code"] == "nothing-to-pick-up"
    assert run(erc, pit, "attack", "Brute", "Hero").error["code"] == "no-weapon"
    struck = run(erc, pit, "attack", "Hero", "Brute", "--with", "brute's CLUB", "--rolls", "15,2,2")
    strike = struck.json["result"]["strikes"][0]  # 15 + 4 hits AC 12: 1 + 1 (Str) + 1 (medium)
    assert (strike["weapon"], strike["damage_type"], strike["damage"]) == (
        "Brute's club",
        "blunt",
        3,
    )
    flung(erc, pit, "Witch", "Hero", "Brute's club")
    assert run(erc, pit, "status").json["result"]["taken"] == []
    assert row(erc, pit, "Brute")["disarmed_weapons"] == ["club"]  # on the ground, Brute's
    assert row(erc, pit, "Hero")["disarmed_weapons"] == []
    back = applied(erc, pit, "pick-up", "Brute")["result"]
    assert (back["owner"], back["held_as"]) == ("Brute", "club")
    assert run(erc, pit, "attack", "Brute", "Hero", "--rolls", "2").code == 0
    for _ in range(3):  # the pick-up, the disarm, Hero's pick-up
        assert run(erc, pit, "undo").code == 0
    assert row(erc, pit, "Brute")["disarmed_weapons"] == ["club"]
    assert run(erc, pit, "status").json["result"]["taken"] == []


def test_seed_001_which_weapon_on_the_ground_is_picked_up(erc: Any, pit: Path) -> None:
    """R12.4 ``pick-up NAME [WEAPON]`` "(default: the only one)": the picker's own weapon
    first; among others' weapons of one name, ``--from OWNER`` says whose; a weapon that
    does not lie there is named with what does."""
    applied(erc, pit, "disarm", "Hero", "Brute", "--no-resist", "--rolls", "20")
    flung(erc, pit, "Witch", "Hero", "dagger")
    mine = run(erc, pit, "pick-up", "Hero").json["result"]
    assert (mine["weapon"], mine["owner"]) == ("dagger", "Hero")  # its own before Brute's
    which = run(erc, pit, "pick-up", "Witch")
    assert (
        which.error["code"] == "bad-option"
        and "Hero's dagger, Brute's club" in which.error["message"]
    )
    assert run(erc, pit, "pick-up", "Witch", "club").json["result"]["held_as"] == "Brute's club"
    assert run(erc, pit, "pick-up", "Witch", "--from", "hero").json["result"]["weapon"] == "dagger"
    missing = run(erc, pit, "pick-up", "Witch", "axe").error
    assert (
        missing["code"] == "nothing-to-pick-up"
        and "Hero's dagger, Brute's club" in missing["message"]
    )
    none_of_his = run(erc, pit, "pick-up", "Hero", "--from", "Witch").error
    assert (
        none_of_his["code"] == "nothing-to-pick-up"
        and "no weapon of Witch's lies" in none_of_his["message"]
    )


TWO_HANDS = """erc: 1
combatants:
  - {name: Kaela, side: party, species: human, ac: 15, body: 22,
     attributes: {strength: 5}, pools: {primary: 3, off: 1},
     weapons: [{name: longsword, kind: melee, weight: medium, damage_type: edged, hand: primary},
               {name: hand axe, kind: melee, weight: light, damage_type: edged, hand: off},
               {name: "Orc's greataxe", kind: melee, weight: light, damage_type: blunt}]}
  - {name: Orc, side: foes, species: human, ac: 12, body: 30,
     attributes: {strength: 4}, pools: {primary: 3, off: 1},
     weapons: [{name: greataxe, kind: melee, weight: heavy, damage_type: edged, hand: both},
               {name: dagger, kind: melee, weight: light, damage_type: piercing, hand: off}]}
"""


def test_seed_001_a_weapon_picked_up_is_wielded_as_its_file_says(erc: Any, tmp_path: Path) -> None:
    """Seed 000: a weapon that "requires two hands" leaves no off-hand strike, picked up by
    another or not (R5.1); the picker's own weapons keep their hands. Another's weapon is
    never held by a name of the picker's own: ``Orc's greataxe`` is taken by a weapon of
    Kaela's file, so the Orc's is held as ``greataxe of Orc``."""
    path = tmp_path / "two.yaml"
    path.write_text(TWO_HANDS)
    applied(erc, path, "disarm", "Kaela", "Orc", "--no-resist", "--rolls", "20")
    picked = applied(erc, path, "pick-up", "Kaela")["result"]
    assert (picked["weapon"], picked["held_as"]) == ("greataxe", "greataxe of Orc")
    own = run(erc, path, "attack", "Kaela", "Orc", "--rolls", "2,2,2,2").json["result"]
    assert [(s["pool"], s["weapon"]) for s in own["strikes"]] == [
        ("primary", "longsword"),
        ("off", "hand axe"),
    ]
    argv = ("attack", "Kaela", "Orc", "--with", "greataxe of orc", "--rolls", "20,2,2")
    both = run(erc, path, *argv).json["result"]
    assert [(s["pool"], s["weapon"]) for s in both["strikes"]] == [("primary", "greataxe of Orc")]
    assert both["strikes"][0]["weight"] == 2 and any("both hands" in n for n in both["notes"])


def test_a_hand_edited_weapon_taken_that_is_not_on_the_ground_is_a_bad_journal(
    erc: Any, pit: Path
) -> None:
    """CONTRACT: a malformed journal is a clean error with its line: a ``weapon-taken``
    effect for a weapon not lying on the ground, or for one its owner does not have (even
    when an edited line put it on the ground)."""
    journal = pit.with_name("pit.journal.jsonl")
    flung_halberd = {"type": "weapon", "who": "Brute", "weapon": "halberd", "state": "disarmed"}
    for weapon, before in (("club", []), ("halberd", [flung_halberd])):
        taken = {"type": "weapon-taken", "who": "Hero", "owner": "Brute", "weapon": weapon}
        lines = [
            {"id": n, "command": "pick-up", "round": 0, "effects": effects}
            for n, effects in enumerate([*([e] for e in before), [{**taken, "held_as": "x"}]], 1)
        ]
        journal.write_text("".join(json.dumps(line) + "\n" for line in lines))
        ran = run(erc, pit, "status")
        assert ran.code == 2 and ran.error["code"] == "bad-journal", ran.err
        assert ran.error["line"] == len(lines)


def test_r12_5_spend_and_every_adjustment_is_undoable(erc: Any, pit: Path) -> None:
    """R12.5 ("erc spend NAME [--action] [--reaction] [--ft N]"); R12: "each in the journal's
    fold and undoable"."""
    applied(erc, pit, "roll-init", "--rolls", "9,5,1")
    applied(erc, pit, "spend", "Hero", "--action", "--ft", "15")
    assert (row(erc, pit, "Hero")["acted"], row(erc, pit, "Hero")["movement_spent_ft"]) == (
        True,
        15,
    )
    assert run(erc, pit, "spend", "Hero").error["code"] == "bad-option"
    for argv in (("damage", "Hero", "3"), ("heal", "Hero", "1"), ("condition", "Hero", "deaf")):
        applied(erc, pit, *argv)
    undone = [run(erc, pit, "undo").json["result"]["command"] for _ in range(4)]
    assert undone == ["condition", "heal", "damage", "spend"]
    hero = row(erc, pit, "Hero")
    assert (hero["body"], hero["acted"], names(hero)) == (20, False, set())
    log = run(erc, pit, "log").json["result"]["events"]
    assert [e["undone"] for e in log if e["command"] != "undo"] == [False] + [True] * 4


def test_r12_previews_record_nothing(erc: Any, pit: Path) -> None:
    """R12: "without it [--apply], it shows what would change and records nothing"."""
    for argv in (
        ("damage", "Hero", "3"),
        ("heal", "Hero", "1"),
        ("condition", "Hero", "deaf"),
        ("spend", "Hero", "--action"),
    ):
        assert run(erc, pit, *argv).code == 0
    assert not pit.with_name("pit.journal.jsonl").exists()


# --- the lock kept only while its hands are spared ------------------------------------------


def test_a_lock_ends_when_the_locker_uses_the_locking_weapons_hands(erc: Any, pit: Path) -> None:
    """Seed 001: "any action requiring the hands used to wield the weapon must be sacrificed
    to maintain the hold": striking with the locking weapon frees the locked one; a savage
    strike (no hands) keeps it."""
    applied(erc, pit, "disarm", "Hero", "Brute", "--lock", "--no-resist", "--rolls", "20")
    assert row(erc, pit, "Brute")["locked_weapons"] == ["club"]
    kept = applied(erc, pit, "attack", "Hero", "Witch", "--pool", "savage", "--rolls", "2")
    assert not any("lock" in note for note in kept["result"]["notes"])
    assert row(erc, pit, "Brute")["locked_weapons"] == ["club"]
    gave_up = applied(erc, pit, "attack", "Hero", "Witch", "--pool", "primary", "--rolls", "2,2")
    assert any("the lock on Brute's club ends" in note for note in gave_up["result"]["notes"])
    assert row(erc, pit, "Brute")["locked_weapons"] == []


def test_r8_2_the_wielder_may_drop_its_locked_weapon_as_a_reaction(erc: Any, pit: Path) -> None:
    """R8.2: "the victim may drop it as a reaction"; seed 001: "Obviously, this does not free
    the weapon, but it would allow switching to a different one on his or her person".
    ``free --drop --apply`` spends the reaction; the lock holds on, the wielder strikes with
    another weapon, and once the lock ends the weapon lies on the ground (``pick-up``).
    Undone, the weapon is back in the wielder's locked hand."""
    applied(erc, pit, "roll-init", "--rolls", "9,5,1")
    applied(erc, pit, "disarm", "Brute", "Hero", "--lock", "--no-resist", "--rolls", "20")
    dropped = applied(erc, pit, "free", "Hero", "--drop")["result"]
    assert (dropped["weapon"], dropped["locker"]) == ("gladius", "Brute")
    hero = row(erc, pit, "Hero")
    assert hero["locked_weapons"] == [] and hero["reaction_used"] is True
    (lock,) = run(erc, pit, "status").json["result"]["locks"]
    assert (lock["wielder"], lock["weapon"], lock["dropped"]) == ("Hero", "gladius", True)
    strike = run(erc, pit, "attack", "Hero", "Brute", "--rolls", "2,2,2").json["result"]
    assert "gladius" not in {s["weapon"] for s in strike["strikes"]}
    again = run(erc, pit, "free", "Hero", "--drop", "--apply")
    assert again.code == 2 and again.error["code"] == "not-locked"
    assert run(erc, pit, "undo").code == 0
    assert row(erc, pit, "Hero")["locked_weapons"] == ["gladius"]
    applied(erc, pit, "free", "Hero", "--drop")
    applied(erc, pit, "roll-init", "--rolls", "9,5,1")
    applied(erc, pit, "attack", "Brute", "Hero", "--rolls", "2")  # its hands: the lock ends
    assert run(erc, pit, "status").json["result"]["locks"] == []
    assert row(erc, pit, "Hero")["disarmed_weapons"] == ["gladius"]
    applied(erc, pit, "pick-up", "Hero")
    assert row(erc, pit, "Hero")["disarmed_weapons"] == []


def test_r8_2_dropping_a_locked_weapon_needs_the_reaction(erc: Any, pit: Path) -> None:
    """R8.2 with R8.4/R11.4: dropping is a reaction: without one left this round it is
    refused, as it is with ``--extra-action`` (it is no action)."""
    applied(erc, pit, "roll-init", "--rolls", "9,5,1")
    applied(erc, pit, "disarm", "Brute", "Hero", "--lock", "--no-resist", "--rolls", "20")
    applied(erc, pit, "spend", "Hero", "--reaction")
    refused = run(erc, pit, "free", "Hero", "--drop", "--apply")
    assert refused.code == 2 and refused.error["code"] == "no-reaction", refused.err
    extra = run(erc, pit, "free", "Hero", "--drop", "--extra-action")
    assert extra.code == 2 and extra.error["code"] == "bad-option"


def test_rules_level_the_table_answers_each_question() -> None:
    """R10, one function per question, as the mechanics ask them."""
    asleep, stone = who(conditions={"asleep"}), who(conditions={"petrified"})
    assert table.cannot_act(asleep) == "asleep" and table.cannot_move(asleep) == "asleep"
    assert table.standing(asleep) and not table.standing(stone)
    grappled = who(conditions={"grappled"})
    assert table.cannot_act(grappled) is None and table.cannot_move(grappled) == "grappled"
    assert table.die_penalty(who(conditions={"bound"}), "savage") == 0
    assert table.die_penalty(who(conditions={"bound"}), "off") == -5
    plan = plan_attack(who(), [who("Brute", conditions={"stunned"})])
    assert plan.modes.advantage_from == ("Brute is stunned",)
    with pytest.raises(ErcError):
        table.refuse_actor(who(body=0))


# --- a whole fight, to the end -----------------------------------------------------------


@pytest.mark.skipif(shutil.which("jq") is None, reason="the example script needs jq")
@pytest.mark.parametrize("seed", ["1", "2"])
def test_a_whole_fight_to_over_from_a_shipped_encounter(tmp_path: Path, seed: str) -> None:
    """Issue 14: "a test plays a whole fight to `over` through the CLI from a shipped
    encounter"; `examples/fight.sh` is the README's fight loop (roll-init, next, act,
    status) with jq. Every applied attack was the next combatant's one action (R11.2), and
    the last status says the fight is over (R11.5)."""
    journal = tmp_path / "j.jsonl"
    env = {**os.environ, "ERC": f"{sys.executable} -m erc", "ERC_JOURNAL": str(journal)}
    done = subprocess.run(
        ["bash", str(ROOT / "examples" / "fight.sh"), str(ENCOUNTERS / "duel.yaml"), seed],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "over in round" in done.stdout
    status = subprocess.run(
        [sys.executable, "-m", "erc", "status", "-e", str(ENCOUNTERS / "duel.yaml"), "--json"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        check=True,
    )
    result = json.loads(status.stdout)["result"]
    assert result["over"] is True
    assert sum(1 for s in result["sides"] if s["standing"]) < 2
    events = [json.loads(line) for line in journal.read_text().splitlines()]
    per_round: dict[tuple[int, str], int] = {}
    for event in events:
        if event["command"] == "attack":
            key = (event["round"], event["result"]["attacker"])
            per_round[key] = per_round.get(key, 0) + 1
    assert per_round and set(per_round.values()) == {1}


def test_r8_3_attack_with_a_disarmed_weapon_says_it_lies_on_the_ground(erc: Any, pit: Path) -> None:
    """R8.3: a disarmed weapon "is flung away. Picking it up costs 10 ft of movement and needs
    an unused action" (R12.4). ``attack --with`` that weapon is refused (``no-weapon``) with
    where it is and the way back (``erc pick-up``), as ``attack`` without ``--with`` says it;
    not "no weapon called 'gladius'", as if the file had none."""
    applied(erc, pit, "disarm", "Brute", "Hero", "--no-resist", "--rolls", "20")
    ran = run(erc, pit, "attack", "Hero", "Brute", "--with", "Gladius", "--rolls", "2,2")
    assert ran.code == 2
    assert ran.error["code"] == "no-weapon"
    assert "on the ground" in ran.error["message"] and "pick-up" in ran.error["message"]
    lock = run(erc, pit, "disarm", "Hero", "Brute", "--with", "gladius", "--rolls", "2")
    assert lock.error["code"] == "no-weapon" and "on the ground" in lock.error["message"]
    assert run(erc, pit, "attack", "Hero", "Brute", "--with", "sabre").error["code"] == (
        "unknown-weapon"
    )
