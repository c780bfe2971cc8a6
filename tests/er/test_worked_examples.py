"""The worked examples of the Enchanted Realms chapters, through the command line with the
chapter's own numbers (the project's rule: "Every worked example in a chapter is a test with
the chapter's numbers, dice forced through `--rolls`").

Seed 000 is ``../shared/seeds/000_76808805388e57ac.txt`` (combat basics), seed 001 is
``001_d4396475a0e4c577.txt`` (depredation). The examples below were tested only at the
rules level (a ``PhysicalSource`` handed to the rule function) or, for a few steps, not at
all; the potion competition, the resisting-a-disarm costs and the quick-stepped dwarf are
already through the command line in tests/er/test_competition.py, tests/er/test_disarm.py and
tests/er/test_movement.py. Dice order: CONTRACT "The order of dice" (`attack`: strike by
strike, each strike's d20s in order, then the advantage d3 per target; `sneak`: the
victim's second Perception d20, then the attack as above)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

ENCOUNTER = """\
erc: 1
name: The chapters' worked examples
combatants:
  # seed 000 "The Melee Attack": "the only skill at this point is melee fighting",
  # "a Strength score of 4", "a gladius sword" ("a gladius is 1 point").
  - name: Swordsman
    side: party
    species: human
    ac: 12
    body: 20
    attributes: {strength: 4}
    pools: {primary: 1}
    weapons:
      - {name: gladius, kind: melee, weight: medium, damage_type: edged, hand: primary}
  # seed 000 "With More Skills": the same character with "style: slashing": two d20.
  - name: Slasher
    side: party
    species: human
    ac: 12
    body: 20
    attributes: {strength: 4}
    pools: {primary: 2}
    styles: [slashing]
    weapons:
      - {name: gladius, kind: melee, weight: medium, damage_type: edged, hand: primary}
  # seed 000 "The Ranged Attack": "ranged fighting", "an Agility score of 4", a bow.
  - name: Archer
    side: party
    species: human
    ac: 12
    body: 20
    attributes: {agility: 4}
    pools: {primary: 1}
    weapons:
      - {name: bow, kind: ranged, damage_type: piercing, hand: both}
  # seed 001 "Sneak Attack": "a character has a melee skill, using a dagger".
  - name: Cutpurse
    side: party
    species: human
    ac: 12
    body: 20
    attributes: {strength: 4}
    pools: {primary: 1}
    weapons:
      - {name: dagger, kind: melee, weight: light, damage_type: piercing, hand: primary,
         properties: [light]}
  # seed 001: "enough skills circumstances exist to reach the 5d20 maximum".
  - name: Assassin
    side: party
    species: human
    ac: 12
    body: 20
    attributes: {strength: 4}
    pools: {primary: 5}
    weapons:
      - {name: dagger, kind: melee, weight: light, damage_type: piercing, hand: primary,
         properties: [light]}
  # seed 001 "Weapon Negation": wielders whose attack skills add up to 3d20, 2d20, melee
  # fighting alone (1d20), and unskilled.
  - {name: Three dice, side: party, ac: 12, body: 20, attributes: {strength: 4},
     pools: {primary: 3},
     weapons: [{name: sword, kind: melee, weight: medium, damage_type: edged, hand: primary}]}
  - {name: Two dice, side: party, ac: 12, body: 20, attributes: {strength: 4},
     pools: {primary: 2},
     weapons: [{name: sword, kind: melee, weight: medium, damage_type: edged, hand: primary}]}
  - {name: Melee fighter, side: party, ac: 12, body: 20, attributes: {strength: 4},
     pools: {primary: 1},
     weapons: [{name: sword, kind: melee, weight: medium, damage_type: edged, hand: primary}]}
  - {name: Unskilled, side: party, ac: 12, body: 20, attributes: {strength: 4},
     weapons: [{name: sword, kind: melee, weight: medium, damage_type: edged, hand: primary}]}
  # The victims: "a goblin in front of the character" (AC 12, Body 7: the chapter gives
  # neither), an unaware guard (Perception 0, Body 40 so that no shock save is drawn),
  # and a stunned one.
  - {name: Goblin, side: foes, ac: 12, body: 7}
  - {name: Guard, side: foes, ac: 12, body: 40}
  - {name: Stunned guard, side: foes, ac: 12, body: 40, conditions: [stunned]}
  # seed 000 "Movement Revisited": a human (50 ft), a dwarf (40 ft), and the human whose
  # "armor and equipment used is so heavy that it lowers his total movement ... to only
  # 40 feet" (medium armour: -10, RULES R9.2).
  - {name: Human, side: party, species: human, ac: 10, body: 10}
  - {name: Dwarf, side: party, species: dwarf, ac: 10, body: 10}
  - {name: Laden human, side: party, species: human, armor: medium, ac: 10, body: 10}
"""


@pytest.fixture
def path(tmp_path: Path) -> str:
    file = tmp_path / "worked_examples.yaml"
    file.write_text(ENCOUNTER)
    return str(file)


def resolved(erc: Any, *args: str) -> Any:
    """Run ``erc ARGS --json``; it must resolve (exit 0); the whole JSON document."""
    ran = erc(*args, "--json")
    assert ran.code == 0, ran.err
    return ran.json


def dice(strike: Any) -> list[tuple[int, int, bool]]:
    return [(d["raw"], d["total"], d["hit"]) for d in strike["dice"]]


# --- seed 000 "The Melee Attack", "The Ranged Attack", "With More Skills" --------------


def test_seed_000_melee_attack_gladius_strength_4_is_3_edged(erc: Any, path: str) -> None:
    """seed 000_76808805388e57ac.txt, "The Melee Attack": "Let's assume the character has a
    Strength score of 4 ... So, the attack is d20+4 ... If the total attack score is equal
    or greater than the opponent's armor class value, then the goblin has been hit ...
    Because the d20 struck, it counts for 1 point of damage. Additionally ... the Strength
    score of 4 means +1 is added to the damage ... a gladius is 1 point. Therefore, 3 points
    of edged damage wounded the goblin." The d20 shows 8: 8 + 4 = 12, equal to AC 12."""
    document = resolved(erc, "attack", "Swordsman", "Goblin", "-e", path, "--rolls", "8")
    assert [(r["die"], r["value"]) for r in document["rolls"]] == [(20, 8)]
    result = document["result"]
    (strike,) = result["strikes"]
    assert dice(strike) == [(8, 12, True)]
    assert (strike["hits"], strike["modifier"], strike["weight"]) == (1, 1, 1)
    assert (strike["damage"], strike["damage_type"]) == (3, "edged")
    (goblin,) = result["targets"]
    assert (goblin["damage"], goblin["damage_type"]) == (3, "edged")
    assert (goblin["body_before"], goblin["body_after"]) == (7, 4)
    assert (result["damage"], result["crit"]) == (3, False)


def test_seed_000_ranged_attack_bow_agility_4_is_2_piercing(erc: Any, path: str) -> None:
    """seed 000_76808805388e57ac.txt, "The Ranged Attack": "Let's assume the character has
    an Agility score of 4 ... So, the attack here is also d20+4 ... every d20 that hits the
    opponent's AC inflicts 1 point of damage ... The Agility modifier brings another +1 to
    the damage. However, an arrow ... ha[s] a weight of zero. In this example, the total
    damage inflicted is 2 points of piercing damage." The d20 shows 8: 8 + 4 = 12."""
    document = resolved(erc, "attack", "Archer", "Goblin", "-e", path, "--rolls", "8")
    result = document["result"]
    (strike,) = result["strikes"]
    assert (strike["pool"], strike["weapon"]) == ("primary", "bow")
    assert dice(strike) == [(8, 12, True)]
    assert (strike["hits"], strike["modifier"], strike["weight"]) == (1, 1, 0)
    assert (result["damage"], result["targets"][0]["damage_type"]) == (2, "piercing")
    assert result["targets"][0]["body_after"] == 7 - 2


def test_seed_000_with_more_skills_both_dice_hit_2_1_1_is_4_edged(erc: Any, path: str) -> None:
    """seed 000_76808805388e57ac.txt, "With More Skills": "The two d20 are rolled. Each die
    is modified with the +4 bonus. Each die separately is compared against the opponent's
    AC ... Let's assume both die strike the goblin's AC. Thus, 2 points of edged damage
    starts the calculation. Next, the Strength modifier is added: +1. Finally, that gladius
    still has a weight of 1. Thus, 2+1+1=4; the goblin is struck with 4 points of edged
    damage." Dice in the pool's order: 8 (12, equal to AC 12) and 15 (19)."""
    document = resolved(erc, "attack", "Slasher", "Goblin", "-e", path, "--rolls", "8,15")
    assert [r["for"] for r in document["rolls"]] == ["Slasher primary 1", "Slasher primary 2"]
    result = document["result"]
    (strike,) = result["strikes"]  # one pool: one strike, the modifier once
    assert dice(strike) == [(8, 12, True), (15, 19, True)]
    assert (strike["hits"], strike["modifier"], strike["weight"]) == (2, 1, 1)
    assert (result["damage"], result["targets"][0]["damage_type"]) == (4, "edged")
    assert (result["targets"][0]["body_before"], result["targets"][0]["body_after"]) == (7, 3)


def test_seed_000_with_more_skills_both_dice_miss_no_damage(erc: Any, path: str) -> None:
    """seed 000_76808805388e57ac.txt, "With More Skills": "If both die scores miss, no
    damage occurs." 3 + 4 = 7 and 7 + 4 = 11, both below AC 12: neither the Strength +1
    nor the gladius's weight is added."""
    document = resolved(erc, "attack", "Slasher", "Goblin", "-e", path, "--rolls", "3,7")
    result = document["result"]
    (strike,) = result["strikes"]
    assert dice(strike) == [(3, 7, False), (7, 11, False)]
    assert (strike["hits"], strike["damage"], result["damage"]) == (0, 0, 0)
    assert result["targets"][0]["body_after"] == 7


# --- seed 000 "Movement Revisited" (no dice: ``movement`` draws none) ------------------


def movement(erc: Any, path: str, *args: str) -> Any:
    document = resolved(erc, "movement", "-e", path, *args)
    assert document["rolls"] == []
    return document["result"]


def test_seed_000_dismounting_costs_a_human_25_and_a_dwarf_20(erc: Any, path: str) -> None:
    """seed 000_76808805388e57ac.txt, "Movement Revisited": "Thus, dismounting a horse for
    a human costs 25 feet of movement, but for a dwarf it costs 20 feet ... remember that
    after dismounting, the human has 25 feet of movement remaining, while the dwarf only has
    20 feet to use.\""""
    human = movement(erc, path, "Human", "--cost", "dismount")
    assert (human["available_ft"], human["spent_ft"], human["remaining_ft"]) == (50, 25, 25)
    dwarf = movement(erc, path, "Dwarf", "--cost", "dismount")
    assert (dwarf["available_ft"], dwarf["spent_ft"], dwarf["remaining_ft"]) == (40, 20, 20)
    assert [s["ft"] for s in human["steps"]] == [50, -25]
    assert [s["ft"] for s in dwarf["steps"]] == [40, -20]


def test_seed_000_encumbered_human_40_shackled_20_ghoul_touched_paralyzed(
    erc: Any, path: str
) -> None:
    """seed 000_76808805388e57ac.txt, "Movement Revisited": "let's use that human for this
    example. It's species rate is 50 feet. However, the armor and equipment used is so heavy
    that it lowers his "total" movement for the round down to only 40 feet. Let's place him
    in shackles, which would reduce his movement to 20 feet. Now if that ghoul touches him,
    his movement becomes negative, and he too is paralyzed." The encumbrance comes from the
    file's medium armour (RULES R9.2); the ghoul's touch is ``--penalty 25``."""
    laden = movement(erc, path, "Laden human")
    assert (laden["available_ft"], laden["immobile"]) == (40, False)
    shackled = movement(erc, path, "Laden human", "--condition", "bound")
    assert (shackled["available_ft"], shackled["immobile"]) == (20, False)
    touched = movement(erc, path, "Laden human", "--condition", "bound", "--penalty", "25")
    assert (touched["available_ft"], touched["remaining_ft"], touched["immobile"]) == (0, 0, True)
    assert [s["after_ft"] for s in touched["steps"][:3]] == [50, 40, 20]  # 20 - 25 < 0


# --- seed 001 "Sneak Attack" ------------------------------------------------------------


def sneak_dice(document: Any) -> list[tuple[int, str]]:
    (strike,) = document["result"]["strikes"]
    return [(d["raw"], d["source"]) for d in strike["dice"]]


def test_seed_001_dagger_with_a_melee_skill_rolls_3d20(erc: Any, path: str) -> None:
    """seed 001_d4396475a0e4c577.txt, "Sneak Attack": "When making a sneak attack, 2d20 is
    added to the attack roll. The first d20 is made for being at advantage. The second d20
    is for striking a vulnerable and unaware victim ... In other words, if a character has a
    melee skill, using a dagger, performs a sneak attack, then 3d20 are rolled for the
    attack." Dice: the pool die 10, the advantage die 3, the sneak die 15, then the
    advantage d3 (RULES R1.6) 2: hits 10+4 and 15+4 against AC 12, 2 + 1 + 0 (light) + 2."""
    document = resolved(erc, "sneak", "Cutpurse", "Guard", "-e", path, "--rolls", "10,3,15,2")
    assert [(r["die"], r["for"]) for r in document["rolls"]] == [
        (20, "Cutpurse primary 1"),
        (20, "Cutpurse primary 2 (advantage)"),
        (20, "Cutpurse primary 3 (sneak)"),
        (3, "Cutpurse advantage d3 vs Guard"),
    ]
    sneak = document["result"]["sneak"]
    assert (sneak["skill_dice"], sneak["n_dice"]) == (1, 3)
    assert (sneak["advantage_die"], sneak["sneak_die"]) == (True, True)
    assert sneak_dice(document) == [(10, "pool"), (3, "advantage"), (15, "sneak")]
    result = document["result"]
    assert [d["hit"] for d in result["strikes"][0]["dice"]] == [True, False, True]
    assert (result["strikes"][0]["damage"], result["targets"][0]["d3"]) == (3, 2)
    assert result["damage"] == 5


def test_seed_001_victim_makes_the_second_perception_only_the_advantage_die(
    erc: Any, path: str
) -> None:
    """seed 001_d4396475a0e4c577.txt, "Sneak Attack": "if closing in to strike in melee ...
    the victim is allowed a second Perception check ... If this second Perception check is
    made by the victim, then only 1d20 is added for advantage, but the second die (the
    sneak die) ... is removed." The dagger-wielder again, the GM's stealth Comp 10: the
    guard's 15 makes it; the pool die 10 and the advantage die 3 remain, then the d3 1."""
    document = resolved(
        erc, "sneak", "Cutpurse", "Guard", "-e", path, "--stealth-dc", "10",
        "--rolls", "15,10,3,1",
    )  # fmt: skip
    assert [r["for"] for r in document["rolls"]] == [
        "Guard second perception",
        "Cutpurse primary 1",
        "Cutpurse primary 2 (advantage)",
        "Cutpurse advantage d3 vs Guard",
    ]
    sneak = document["result"]["sneak"]
    assert (sneak["perception"]["roll"], sneak["perception"]["dc"]) == (15, 10)
    assert sneak["perception"]["success"] is True
    assert (sneak["advantage_die"], sneak["sneak_die"], sneak["n_dice"]) == (True, False, 2)
    assert sneak_dice(document) == [(10, "pool"), (3, "advantage")]
    assert document["result"]["damage"] == 1 + 1 + 0 + 1


def test_seed_001_stunned_victim_adds_only_the_sneak_die(erc: Any, path: str) -> None:
    """seed 001_d4396475a0e4c577.txt, "Sneak Attack": "If advantage has been granted for
    another reason, it cannot be gained twice. Therefore, if the victim is stunned or
    otherwise already to be attacked at advantage, then only the second d20 is added to the
    attack." The dagger-wielder on a stunned guard: the pool die, the one advantage die
    (from the stun), and the sneak die: still 3d20, never 4."""
    document = resolved(
        erc, "sneak", "Cutpurse", "Stunned guard", "-e", path, "--rolls", "10,3,15,2"
    )
    sneak = document["result"]["sneak"]
    assert (sneak["advantage_die"], sneak["sneak_die"], sneak["n_dice"]) == (False, True, 3)
    assert sneak["advantage_from"] == ["Stunned guard is stunned"]
    assert [s for _, s in sneak_dice(document)] == ["pool", "advantage", "sneak"]
    assert document["result"]["damage"] == 5


def test_seed_001_five_dice_reach_six_or_even_seven(erc: Any, path: str) -> None:
    """seed 001_d4396475a0e4c577.txt, "Sneak Attack": "Nonetheless, these extra dice act
    cumulatively above the normal attack ... Moreover, if enough skills circumstances exist
    to reach the 5d20 maximum, a sneak attack could still exceed that and permit six or even
    seven total dice to be used." A pool of 5: seven dice when both extra dice come (every
    die 3, all missing AC 12, so no d3); six when the guard's second Perception (18 against
    Comp 10) removes the sneak die."""
    seven = resolved(erc, "sneak", "Assassin", "Guard", "-e", path, "--rolls", ",".join(["3"] * 7))
    assert seven["result"]["sneak"]["n_dice"] == 7
    assert [s for _, s in sneak_dice(seven)] == ["pool"] * 5 + ["advantage", "sneak"]
    assert seven["result"]["damage"] == 0
    six = resolved(
        erc, "sneak", "Assassin", "Guard", "-e", path, "--stealth-dc", "10",
        "--rolls", ",".join(["18"] + ["3"] * 6),
    )  # fmt: skip
    assert six["result"]["sneak"]["n_dice"] == 6
    assert [s for _, s in sneak_dice(six)] == ["pool"] * 5 + ["advantage"]


# --- seed 001 "Weapon Negation": the price of freeing a pinned weapon ------------------


@pytest.mark.parametrize(
    ("wielder", "pool_dice", "schedule"),
    [
        ("Three dice", 3, [(1, 2, 1)]),
        ("Two dice", 2, [(1, 2, 0)]),
        ("Melee fighter", 1, [(1, 1, 0), (2, 1, 0)]),
        ("Unskilled", 0, [(1, 1, 0), (2, 1, 0)]),
    ],
    ids=["3d20-attacks-with-1d20", "2d20-whole-action", "melee-two-rounds", "unskilled"],
)
def test_seed_001_freeing_a_pinned_weapon_costs_2_attack_dice(
    erc: Any, path: str, wielder: str, pool_dice: int, schedule: list[tuple[int, int, int]]
) -> None:
    """seed 001_d4396475a0e4c577.txt, "Weapon Negation": "The wielder of the pinned weapon
    can free his or her weapon; however, there is a cost to do so, which is equal to 2 attack
    dice. This means if the skills of his or her attack with that weapon add up to 2d20 for
    an attack, then the next action can be sacrificed in whole to free the held weapon.
    However, if the skills add up to 3d20, then on the next action, 2 dice are sacrificed but
    a 1d20 attack can still be made. Conversely, if the victim only has melee fighting or is
    unskilled, then this sacrifice of dice becomes spread over two rounds." ``erc free``
    draws no dice."""
    document = resolved(erc, "free", wielder, "-e", path)
    assert document["rolls"] == []
    result = document["result"]
    assert (result["weapon"], result["pool_dice"], result["cost"]) == ("sword", pool_dice, 2)
    assert [
        (s["action_number"], s["sacrificed"], s["attack_dice_left"]) for s in result["schedule"]
    ] == schedule
    assert result["freed"] is (len(schedule) == 1)
