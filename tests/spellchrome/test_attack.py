"""``erc attack`` and ``erc sneak`` on Spellchrome files (issue 16): SC4 attack rolls, SC5
AC, SC6 damage, SC7 range, SC8 DR and EX-HP, SC9 the drop, Part 3.3, 3.6, 3.8-3.10; every
number of the chapter with its dice forced through the real CLI (``--rolls``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.spellchrome.support import DUMMY, GUARD, VEX, WAREHOUSE, Table, table

WEAK = (
    "  - {name: Weakling, side: party, hp: 8, abilities: {strength: 3},"
    " bab: {melee: 1, ranged: 1},"
    " weapons: [{name: baton, kind: melee, damage: 1d6},"
    " {name: knife, kind: thrown, damage: 1d4, range: 10}]}"
)
"""Strength 3: modifier -4 ("A melee attack from a weak opponent still potentially causes
damage")."""
TANK = "  - {name: Tank, side: foes, hp: 50, natural_armor: 30}"
"""AC 40: only a natural 20 hits it."""
ASH = (
    "  - {name: Ash, side: party, hp: 20, bab: {ranged: 10},"
    " weapons: [{name: pistol, kind: ranged, damage: 2d10, range: 60}]}"
)
PLATED = "  - {name: Plated, side: foes, hp: 40, armor: {bonus: 0, dr: d6}}"
"""AC 10 with DR d6, so every roll of 10+ hits it."""


@pytest.fixture
def game(erc: Any, tmp_path: Path) -> Table:
    return table(erc, tmp_path, VEX, DUMMY, GUARD, WEAK, TANK, ASH, PLATED)


@pytest.fixture
def warehouse(erc: Any, tmp_path: Path) -> Table:
    """encounters/spellchrome-warehouse.yaml with a journal of the test's own."""
    return Table(erc, WAREHOUSE, str(tmp_path / "warehouse.journal.jsonl"))


def one_attack(result: dict[str, Any]) -> dict[str, Any]:
    (attack,) = result["attacks"]
    return attack  # type: ignore[no-any-return]


# --- the chapter's numbers -------------------------------------------------------------


def test_chapter_the_ceburx_44_does_2d10(game: Table) -> None:
    """SC6.1, seed 002 "Damage": "the Ceburx 44 Heavy Spellchrome Pistol does 2d10 damage, which
    means that two ten-sided dice are rolled with the results added together"."""
    document = game.ok("attack", "Vex", "Dummy", "--rolls", "15,7,8")
    attack = one_attack(document["result"])
    assert (attack["damage_dice"], attack["damage_roll"], attack["damage"]) == ("2d10", 15, 15)
    assert [(r["die"], r["value"], r["for"]) for r in document["rolls"]] == [
        (20, 15, "Vex attack 1"),
        (10, 7, "Vex damage 2d10 1"),
        (10, 8, "Vex damage 2d10 2"),
    ]
    (target,) = document["result"]["targets"]
    assert (target["name"], target["hp_before"], target["hp_after"]) == ("Dummy", 100, 85)
    assert document["result"]["damage"] == 15


def test_chapter_three_hits_of_10_against_dr_5_deal_15(erc: Any, tmp_path: Path) -> None:
    """SC8.2: "three hits of 10 with DR 5 in one round deal 5 + 5 + 5 = 15", three shooters
    in one round, the DR die rolled once, at the first hit (SC8.1)."""
    shooters = [ASH.replace("Ash", name) for name in ("Ash", "Bo", "Cy")]
    game = table(erc, tmp_path, *shooters, PLATED)
    game.ok("roll-init", "--apply", "--seed", "1")
    taken = []
    for name, rolls in (("Ash", "15,5,5,5"), ("Bo", "15,5,5"), ("Cy", "15,5,5")):
        document = game.ok("attack", name, "Plated", "--rolls", rolls, "--apply")
        attack = one_attack(document["result"])
        assert (attack["damage"], attack["dr"]["value"]) == (10, 5)
        taken.append(attack["hp_damage"])
    assert taken == [5, 5, 5] and sum(taken) == 15
    assert game.status("Plated")["hp"] == 40 - 15
    assert game.status("Plated")["dr_this_round"] == 5


def test_chapter_three_hits_in_one_full_attack_deal_15(erc: Any, tmp_path: Path) -> None:
    """SC8.2 within one command: a full attack of three iterative attacks (SC4.4), each 10,
    against DR 5 rolled at the first hit: 15."""
    trio = ASH.replace("Ash", "Trio").replace("ranged: 10", "ranged: [10, 5, 0]")
    game = table(erc, tmp_path, trio, PLATED)
    result = game.result("attack", "Trio", "Plated", "--full", "--rolls", "15,5,5,5,15,5,5,15,5,5")
    assert [a["hp_damage"] for a in result["attacks"]] == [5, 5, 5]
    assert [a["dr"]["rolled"] for a in result["attacks"]] == [True, False, False]
    assert result["damage"] == 15 and result["targets"][0]["hp_after"] == 25


# --- SC4: the attack roll ---------------------------------------------------------------


def test_sc4_1_equal_to_the_ac_hits(game: Table) -> None:
    """SC4.1: "If your result equals or beats the target's Armor Class, you hit"."""
    hit = one_attack(game.result("attack", "Vex", "Guard", "--rolls", "7,1,1,1"))
    assert (hit["total"], hit["ac"], hit["hit"]) == (16, 16, True)
    miss = one_attack(game.result("attack", "Vex", "Guard", "--rolls", "6"))
    assert (miss["total"], miss["hit"]) == (15, False)


def test_sc4_2_a_natural_20_hits_and_deals_normal_damage(game: Table) -> None:
    """SC4.2: "A natural 20 (the d20 comes up 20) is always a hit"; "No critical hits: ... a
    natural 20 deals normal damage"."""
    document = game.ok("attack", "Vex", "Tank", "--rolls", "20,3,4")
    attack = one_attack(document["result"])
    assert (attack["total"], attack["ac"]) == (29, 40)
    assert (attack["hit"], attack["natural"], attack["damage"]) == (True, True, 7)
    assert len(document["rolls"]) == 3  # no extra dice: no critical


def test_sc4_2_a_natural_1_always_misses(game: Table) -> None:
    """SC4.2: "A natural 1 (the d20 comes up 1) on an attack roll is always a miss"."""
    attack = one_attack(game.result("attack", "Vex", "Dummy", "--mod", "50", "--rolls", "1"))
    assert (attack["total"], attack["hit"], attack["natural"]) == (60, False, True)
    ordinary = one_attack(game.result("attack", "Vex", "Dummy", "--rolls", "2,1,1"))
    assert (ordinary["hit"], ordinary["natural"]) == (True, False)


@pytest.mark.parametrize(
    ("target", "face", "options", "total", "hit", "natural"),
    [
        ("Tank", 20, (), 29, True, True),  # the total misses AC 40: the 20 decided
        ("Dummy", 20, (), 29, True, False),  # the total beats AC 10 anyway
        ("Dummy", 1, ("--mod", "50"), 60, False, True),  # the total would hit: the 1 decided
        ("Tank", 1, (), 10, False, False),  # the total misses anyway
    ],
)
def test_part_2_natural_is_true_only_when_the_natural_rule_decided_the_hit(
    game: Table,
    target: str,
    face: int,
    options: tuple[str, ...],
    total: int,
    hit: bool,
    natural: bool,
) -> None:
    """Part 2: "`natural` true when a natural 1 or 20 decided the hit", with SC4.2 "A
    natural 1 always misses, a natural 20 always hits": it decided when the total alone
    gives the other outcome; a 20 whose total beats the AC anyway decided nothing."""
    rolls = f"{face},3,4" if hit else str(face)
    attack = one_attack(game.result("attack", "Vex", target, *options, "--rolls", rolls))
    assert (attack["roll"], attack["total"], attack["hit"]) == (face, total, hit)
    assert attack["natural"] is natural


def test_sc4_3_melee_bab_and_strength_ranged_bab_and_dexterity(game: Table) -> None:
    """SC4.3: "melee = melee BAB + Strength modifier; ranged = ranged BAB + Dexterity
    modifier"; a thrown weapon attacks as ranged and adds Strength to damage (SC6.2: "When
    you hit with a melee or thrown weapon, add your Strength modifier")."""
    baton = one_attack(game.result("attack", "Vex", "Dummy", "--with", "baton", "--rolls", "9,4"))
    assert (baton["parts"], baton["bonus"]) == ({"bab": 3, "strength": 1}, 4)
    assert baton["damage"] == 5  # 1d6 4 + Strength 1 (SC6.2)
    gun = one_attack(game.result("attack", "Vex", "Dummy", "--rolls", "9,4,4"))
    assert (gun["parts"], gun["bonus"], gun["damage"]) == ({"bab": 6, "dexterity": 3}, 9, 8)
    knife = one_attack(game.result("attack", "Vex", "Dummy", "--with", "knife", "--rolls", "9,2"))
    assert (knife["parts"], knife["damage_roll"], knife["damage"]) == (
        {"bab": 6, "dexterity": 3},
        2,
        3,
    )


def test_sc4_4_full_rolls_one_attack_per_iterative_bonus_in_order(game: Table) -> None:
    """SC4.4: "`--full` rolls one attack per bonus, in order, and takes both actions";
    "Without `--full`, one attack at the first bonus". Dice: per attack its d20, then on a
    hit its damage dice, then the DR die at the target's first hit (Part 2)."""
    single = game.result("attack", "Vex", "Guard", "--rolls", "15,4,5,3")
    assert [a["parts"]["bab"] for a in single["attacks"]] == [6]
    assert single["actions"] == ["standard"]
    document = game.ok("attack", "Vex", "Guard", "--full", "--rolls", "5,15,4,5,3")
    first, second = document["result"]["attacks"]
    assert (first["number"], first["parts"]["bab"], first["hit"]) == (1, 6, False)
    assert first["damage"] is None and first["dr"] is None
    assert (second["number"], second["parts"]["bab"], second["total"], second["hit"]) == (
        2,
        1,
        19,
        True,
    )
    assert (second["damage"], second["dr"], second["hp_damage"]) == (
        9,
        {"value": 3, "rolled": True},
        6,
    )
    assert [r["for"] for r in document["rolls"]] == [
        "Vex attack 1",
        "Vex attack 2",
        "Vex damage 2d10 1",
        "Vex damage 2d10 2",
        "Guard DR 1d6",
    ]
    assert document["result"]["actions"] == ["standard", "move"]


def test_sc4_5_melee_reaches_5_ft(game: Table) -> None:
    """SC4.5: "`--distance` over 5 ft with a melee weapon is an error"."""
    near = one_attack(
        game.result(
            "attack", "Vex", "Dummy", "--with", "baton", "--distance", "5", "--rolls", "9,4"
        )
    )
    assert near["range_band"] == "within"
    error = game.error("attack", "Vex", "Dummy", "--with", "baton", "--distance", "10")
    assert error["code"] == "out-of-reach" and "SC4.5" in error["message"]


def test_part_3_6_out_of_reach_or_range_is_refused_before_any_die(warehouse: Table) -> None:
    """Part 3.6: "An attack out of reach or past `max_range` is refused before any die is
    drawn" (SC4.5, SC7.4). `--rolls 25` is no d20 face: reading it for the attack roll would
    be a `bad-rolls` error, so the range error proves no die was read."""
    unread = warehouse.error("attack", "Vex", "Sentinel", "--rolls", "25")
    assert unread["code"] == "bad-rolls" and "d20" in unread["message"]
    past = warehouse.error("attack", "Vex", "Sentinel", "--distance", "601", "--rolls", "25")
    assert past["code"] == "out-of-range" and "600" in past["message"]
    reach = warehouse.error(
        "attack", "Vex", "Sentinel", "--with", "baton", "--distance", "10", "--rolls", "25"
    )
    assert reach["code"] == "out-of-reach" and "SC4.5" in reach["message"]
    sneak = warehouse.error("sneak", "Wren", "Sentinel", "--distance", "10", "--rolls", "25")
    assert sneak["code"] == "out-of-reach"


def test_sc4_6_mod_adds_a_situational_modifier(game: Table) -> None:
    """SC4.6: "`--mod N` adds a situational modifier to the roll"."""
    attack = one_attack(game.result("attack", "Vex", "Guard", "--mod", "-2", "--rolls", "8"))
    assert attack["parts"] == {"bab": 6, "dexterity": 3, "mod": -2}
    assert (attack["bonus"], attack["total"], attack["hit"]) == (7, 15, False)


# --- SC5: Armour Class -------------------------------------------------------------------


SHIELDED = (
    "  - {name: Knight, side: foes, hp: 30, abilities: {dexterity: 16}, ac_bonus: 1,"
    " armor: {name: chrome vest, bonus: 4}, shield: {name: Eldlandrian Heavy Shield, bonus: 1}}"
)
HUSK = "  - {name: Husk, side: foes, hp: 30, armor: {bonus: 4, dr: 3, ex_hp: 5, empowered: false}}"
SLEEPER = (
    "  - {name: Sleeper, side: foes, hp: 30, abilities: {dexterity: 16}, ac_bonus: 1,"
    " armor: {bonus: 2}, conditions: [asleep]}"
)
CLUMSY = "  - {name: Clumsy, side: foes, hp: 30, abilities: {dexterity: 6}, armor: {bonus: 2}}"


@pytest.fixture
def targets(erc: Any, tmp_path: Path) -> Table:
    return table(erc, tmp_path, VEX, SHIELDED, HUSK, SLEEPER, CLUMSY, GUARD)


def ac_of(game: Table, target: str, *options: str) -> tuple[int, str]:
    """The AC and its kind an attack on ``target`` meets (a natural 1: nothing else drawn)."""
    attack = one_attack(game.result("attack", "Vex", target, *options, "--rolls", "1"))
    return attack["ac"], attack["ac_kind"]


def test_sc5_1_ac_is_10_armour_shield_natural_dex_and_ac_bonus(targets: Table) -> None:
    """SC5.1: "AC = 10 + armour bonus + shield bonus + natural armour + Dexterity modifier +
    the file's `ac_bonus`"; seed 002: "The Eldlandrian Heavy Shield can effectively be
    combined with other armour, adding +1"."""
    assert ac_of(targets, "Knight") == (10 + 4 + 1 + 3 + 1, "normal")


def test_sc5_2_armour_that_is_not_empowered_gives_nothing(targets: Table) -> None:
    """SC5.2: "Spellchrome armour that is not empowered gives no bonus, no DR and no
    EX-HP" (seed 002: "Spellchrome armour needs to be empowered for it to be effective")."""
    assert ac_of(targets, "Husk") == (10, "normal")
    attack = one_attack(targets.result("attack", "Vex", "Husk", "--rolls", "15,5,5"))
    assert (attack["dr"], attack["ex_hp_absorbed"], attack["hp_damage"]) == (
        {"value": 0, "rolled": False},
        0,
        10,
    )


def test_sc5_3_flat_footed_loses_the_dexterity_bonus(targets: Table) -> None:
    """SC5.3: "A flat footed character receives no Dexterity bonus to their Armour Class";
    only when completely unaware: asleep ... or `--flat-footed` when the GM rules it."""
    assert ac_of(targets, "Sleeper") == (10 + 2 + 1, "flat-footed")  # Dex +3 gone
    assert ac_of(targets, "Knight", "--flat-footed") == (10 + 4 + 1 + 1, "flat-footed")
    result = targets.result("attack", "Vex", "Sleeper", "--rolls", "1")
    assert result["flat_footed"] and result["flat_footed_from"] == ["asleep"]


def test_part_3_10_a_negative_dexterity_still_counts_when_flat_footed(targets: Table) -> None:
    """SC5.3 "a negative modifier still counts"; Part 3.10: "Flat-footed keeps `ac_bonus`
    and a negative Dex modifier"."""
    assert ac_of(targets, "Clumsy") == (10 + 2 - 2, "normal")
    assert ac_of(targets, "Clumsy", "--flat-footed") == (10 + 2 - 2, "flat-footed")
    assert ac_of(targets, "Clumsy", "--touch", "--flat-footed") == (10 - 2, "touch-flat-footed")


def test_sc5_4_touch_ac_drops_armour_shield_and_natural_armour(targets: Table) -> None:
    """SC5.4: "AC without armour, shield and natural armour; Dexterity and `ac_bonus`
    apply"; Part 3.10: touch and flat-footed "are 10 + min(0, Dex modifier) + `ac_bonus`"."""
    assert ac_of(targets, "Knight", "--touch") == (10 + 3 + 1, "touch")
    assert ac_of(targets, "Guard", "--touch") == (10 + 1, "touch")
    assert ac_of(targets, "Sleeper", "--touch") == (10 + 0 + 1, "touch-flat-footed")


@pytest.mark.parametrize("condition", ["bound", "paralyzed", "unconscious", "asleep", "unaware"])
def test_sc5_3_each_condition_of_being_unaware_makes_the_target_flat_footed(
    erc: Any, tmp_path: Path, condition: str
) -> None:
    """SC5.3: flat-footed "Only when completely unaware of an enemy: `asleep`, `unconscious`,
    `paralyzed`, `bound` ("tied securely to a chair") or `unaware`" (seed 002: "sleeping or
    completely immobilized"). Dex 16 (+3) and armour 4: AC 17, flat-footed 10 + 4 = 14."""
    tied = (
        "  - {name: Tied, hp: 30, abilities: {dexterity: 16}, armor: {bonus: 4},"
        f" conditions: [{condition}]}}"
    )
    free = "  - {name: Free, hp: 30, abilities: {dexterity: 16}, armor: {bonus: 4}}"
    game = table(erc, tmp_path, VEX, tied, free)
    assert ac_of(game, "Free") == (17, "normal")
    assert ac_of(game, "Tied") == (14, "flat-footed")
    result = game.result("attack", "Vex", "Tied", "--rolls", "1")
    assert result["flat_footed"] and result["flat_footed_from"] == [condition]
    assert result["armor_class"]["parts"]["dexterity"] == 0


def test_sc5_4_touch_ac_drops_natural_armour(warehouse: Table) -> None:
    """SC5.4: touch AC is "without armour, shield and natural armour" (seed 002: "your AC
    doesn't include any armour bonus, shield bonus, or natural armour bonus"): the
    warehouse's Thug 1, natural armour 1 and Dex 11, is AC 11, touch AC 10."""
    assert ac_of(warehouse, "Thug 1") == (11, "normal")
    assert ac_of(warehouse, "Thug 1", "--touch") == (10, "touch")
    touch = warehouse.result("attack", "Vex", "Thug 1", "--touch", "--rolls", "1")
    assert "natural_armor" not in touch["armor_class"]["parts"]


def test_sc5_3_sc3_2_not_having_acted_is_not_flat_footed(targets: Table) -> None:
    """SC5.3 "never for not having acted yet"; SC3.2: "There is no surprise round and nobody
    is flat-footed for being surprised" (seed 002: "Characters who have not yet acted in
    combat are not considered flat footed")."""
    targets.ok("roll-init", "--apply", "--bonus", "Vex=10", "--seed", "3")
    assert not targets.status("Knight")["standard_used"]
    assert ac_of(targets, "Knight") == (19, "normal")


# --- SC6: damage -------------------------------------------------------------------------


def test_sc6_3_a_weak_melee_hit_deals_at_least_1_and_dr_may_soak_it(game: Table) -> None:
    """SC6.3: "A melee attack's initial damage is always 1 or higher. Damage reduction can
    soak this damage as normal"."""
    attack = one_attack(game.result("attack", "Weakling", "Dummy", "--rolls", "15,2"))
    assert (attack["damage_roll"], attack["damage"], attack["minimum_applied"]) == (2, 1, True)
    assert attack["hp_damage"] == 1
    soaked = one_attack(game.result("attack", "Weakling", "Plated", "--rolls", "15,2,4"))
    assert (soaked["damage"], soaked["dr"]["value"], soaked["hp_damage"]) == (1, 4, 0)


def test_sc6_4_other_hits_never_below_0(game: Table) -> None:
    """SC6.4: "the minimum of 1 for melee and thrown hits (other hits never below 0)"; the
    floor of 0 of a ranged hit is not that minimum: ``minimum_applied`` stays false (issue
    32: "a Spellchrome ranged hit floored at 0 reports `minimum_applied: true`")."""
    attack = one_attack(
        game.result("attack", "Vex", "Dummy", "--damage-mod", "-10", "--rolls", "15,1,2")
    )
    assert (attack["damage"], attack["minimum_applied"], attack["hp_damage"]) == (0, False, 0)


def test_sc6_4_halving_comes_before_the_minimum(game: Table) -> None:
    """SC6.4: "dice + Strength + `--damage-mod`; halving for range (SC7.3); the minimum of 1
    for melee and thrown hits": the weak thrower's knife past double range still deals 1."""
    weak = one_attack(
        game.result("attack", "Weakling", "Dummy", "--with", "knife", "--distance", "25",
                    "--rolls", "19,4")
    )  # fmt: skip
    assert (weak["range_band"], weak["halved"], weak["damage_roll"]) == ("beyond-double", True, 4)
    assert (weak["damage"], weak["minimum_applied"]) == (1, True)  # (4 - 4) // 2 = 0 -> 1
    vex = one_attack(
        game.result("attack", "Vex", "Dummy", "--with", "knife", "--distance", "25",
                    "--damage-mod", "2", "--rolls", "19,4")
    )  # fmt: skip
    assert (vex["damage"], vex["minimum_applied"]) == ((4 + 1 + 2) // 2, False)


def test_sc6_5_hp_may_fall_below_0_and_the_target_is_down(erc: Any, tmp_path: Path) -> None:
    """SC6.5: "HP may fall below 0 and is reported as it is; at 0 or below the combatant is
    `down` and cannot act"."""
    game = table(erc, tmp_path, VEX, "  - {name: Frail, side: foes, hp: 5}")
    result = game.result("attack", "Vex", "Frail", "--rolls", "15,7,8", "--apply")
    assert result["targets"][0]["hp_after"] == -10 and result["targets"][0]["down"]
    assert game.status("Frail")["hp"] == -10 and game.status("Frail")["down"]
    assert game.error("attack", "Frail", "Vex")["code"] == "cannot-act"


# --- SC7: range --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("distance", "band", "bonus", "halved"),
    [
        (0, "within", 9, False),  # Part 3.6: "no --distance is 0 ft"
        (60, "within", 9, False),  # "exactly the effective range is within"
        (61, "beyond", 3, False),  # SC7.2: -6, once
        (120, "beyond", 3, False),  # "exactly double the listed range is not halved"
        (121, "beyond-double", 3, True),  # SC7.3: halved, and still -6 once
        (600, "beyond-double", 3, True),  # "exactly max_range is allowed"
    ],
)
def test_sc7_range_bands(game: Table, distance: int, band: str, bonus: int, halved: bool) -> None:
    """SC7.1, SC7.2 (-6 to hit, once), SC7.3 and SC7.4 with Part 3.6: the Ceburx 44, range
    60 and max_range 600; seed 002: "A weapon fired beyond its effective range has a -6
    penalty to hit. Beyond double its original unmodified range, the damage is halved"."""
    attack = one_attack(
        game.result("attack", "Vex", "Dummy", "--distance", distance, "--rolls", "18,7,8")
    )
    assert (attack["range_band"], attack["bonus"], attack["halved"]) == (band, bonus, halved)
    assert attack["damage"] == (15 // 2 if halved else 15)
    assert ("range" in attack["parts"]) == (band != "within")


def test_sc7_4_past_max_range_is_refused_before_any_die(game: Table) -> None:
    """SC7.4: "A weapon's `max_range`, when given, is the limit; beyond it the attack is an
    error"; Part 3.6: "refused before any die is drawn"."""
    error = game.error("attack", "Vex", "Dummy", "--distance", "601", "--rolls", "20,5,5")
    assert error["code"] == "out-of-range" and "600" in error["message"]


def test_sc7_4_without_max_range_line_of_sight_decides(game: Table) -> None:
    """SC7.4: "Without one, the GM's line of sight decides"; seed 002: "Its maximum range is
    line of sight, or whatever the GM feels is appropriate". Ash's pistol (range 60) has no
    `max_range`: erc sets no limit, so the farthest `--distance` the option takes still
    resolves, -6 once and halved (SC7.2, SC7.3), and is never `out-of-range`."""
    far = 1_000_000  # the largest --distance the option accepts
    result = game.result("attack", "Ash", "Dummy", "--distance", far, "--rolls", "18,7,8")
    check = result["range_check"]
    assert (check["distance"], check["max_range"], check["range"]) == (far, None, 60)
    attack = one_attack(result)
    assert (attack["range_band"], attack["parts"]["range"], attack["halved"]) == (
        "beyond-double",
        -6,
        True,
    )
    assert attack["hit"] and attack["damage"] == 15 // 2


def test_sc7_1_sc7_3_range_bonus_extends_the_effective_range_not_the_listed_one(
    erc: Any, tmp_path: Path
) -> None:
    """SC7.1: "Some feats and equipment add to a weapons effective range"; SC7.3: halved only
    "Beyond double the weapon's listed (unmodified) range **and** beyond the effective
    range"; Part 3.6: "`range_bonus` may be on the weapon or the combatant (they add)"."""
    sniper = (
        "  - {name: Sniper, hp: 10, range_bonus: 30, weapons: [{name: rifle, kind: ranged,"
        " damage: 2d10, range: 60, range_bonus: 40}]}"
    )
    game = table(erc, tmp_path, sniper, DUMMY)
    for distance, band in ((130, "within"), (131, "beyond-double")):
        attack = one_attack(
            game.result("attack", "Sniper", "Dummy", "--distance", distance, "--rolls", "18,7,8")
        )
        assert (attack["range_band"], attack["halved"]) == (band, band != "within")
    result = game.result("attack", "Sniper", "Dummy", "--distance", "130", "--rolls", "1")
    assert result["range_check"]["effective"] == 130 and result["range_check"]["range"] == 60


# --- SC8: damage reduction and Extraordinary HP ------------------------------------------


def test_sc8_1_dr_is_rolled_at_the_first_hit_after_its_damage_and_kept(game: Table) -> None:
    """SC8.1: dice DR "is rolled at the defender's first hit of a round, after that hit's
    damage, and that value applies to every hit on it for the rest of the round, from
    anyone"; "The journal keeps the round's roll; `roll-init --apply` clears it"."""
    game.ok("roll-init", "--apply", "--seed", "1")
    missed = game.ok("attack", "Vex", "Guard", "--rolls", "2", "--apply")
    assert len(missed["rolls"]) == 1  # a miss rolls no DR
    first = game.ok("attack", "Ash", "Guard", "--rolls", "15,5,5,4", "--apply")
    assert [r["for"] for r in first["rolls"]][-1] == "Guard DR 1d6"
    assert one_attack(first["result"])["dr"] == {"value": 4, "rolled": True}
    assert game.status("Guard")["dr_this_round"] == 4
    log = game.result("log")["events"]
    assert {"type": "sc-dr", "target": "Guard", "value": 4} in log[-1]["effects"]
    later = game.ok("attack", "Weakling", "Guard", "--rolls", "19,6")  # from anyone
    assert len(later["rolls"]) == 2
    assert one_attack(later["result"])["dr"] == {"value": 4, "rolled": False}
    game.ok("roll-init", "--apply", "--seed", "1")
    assert game.status("Guard")["dr_this_round"] is None
    again = game.ok("attack", "Ash", "Guard", "--rolls", "15,5,5,2")
    assert one_attack(again["result"])["dr"] == {"value": 2, "rolled": True}


def test_sc8_1_a_number_dr_applies_to_every_hit_and_is_never_rolled(
    erc: Any, tmp_path: Path
) -> None:
    """SC8.1: "A number (`dr: 3`) applies to every hit"."""
    game = table(erc, tmp_path, ASH, "  - {name: Wall, hp: 50, armor: {dr: 3}}")
    document = game.ok("attack", "Ash", "Wall", "--rolls", "15,5,5", "--apply")
    assert one_attack(document["result"])["dr"] == {"value": 3, "rolled": False}
    assert document["result"]["dr_rolled"] is None
    assert game.status("Wall")["hp"] == 50 - 7 and game.status("Wall")["dr_this_round"] is None


def test_sc8_3_extraordinary_hp_come_off_first(erc: Any, tmp_path: Path) -> None:
    """SC8.3: "Extraordinary HP are removed before HP" (seed 002: "Remove these
    Extraordinary Hit Points before they come off your normal current Hit Points")."""
    chrome = "  - {name: Chrome, hp: 20, armor: {bonus: 0, dr: d6, ex_hp: 10, ex_hp_current: 8}}"
    game = table(erc, tmp_path, ASH, chrome)
    document = game.ok("attack", "Ash", "Chrome", "--rolls", "15,10,5,5", "--apply")
    attack = one_attack(document["result"])
    assert (attack["damage"], attack["dr"]["value"]) == (15, 5)
    assert (attack["ex_hp_absorbed"], attack["hp_damage"]) == (8, 2)
    (target,) = document["result"]["targets"]
    assert (target["ex_hp_before"], target["ex_hp_after"], target["hp_after"]) == (8, 0, 18)
    assert document["result"]["damage"] == 2  # Part 2: "`damage`: HP lost in all"
    row = game.status("Chrome")
    assert (row["hp"], row["ex_hp"], row["ex_hp_max"]) == (18, 0, 10)


def test_sc6_4_sc8_3_damage_reduction_comes_off_before_extraordinary_hp(
    warehouse: Table,
) -> None:
    """SC6.4: "minus damage reduction (SC8, never below 0); Extraordinary HP absorb first;
    then HP"; seed 002: "Say the damage was 10 and the DR result was 5. You take 5 damage".
    The warehouse's Sentinel (AC 17, DR d6, EX-HP 12): a hit of 10 with DR 5 costs 5 EX-HP,
    with DR 3 it costs 7 (EX-HP first would absorb all 10, leaving 2)."""
    for dr, absorbed, left in ((5, 5, 7), (3, 7, 5)):
        document = warehouse.ok("attack", "Vex", "Sentinel", "--rolls", f"15,5,5,{dr}")
        attack = one_attack(document["result"])
        assert (attack["hit"], attack["damage"], attack["dr"]) == (
            True,
            10,
            {"value": dr, "rolled": True},
        )
        assert (attack["ex_hp_absorbed"], attack["hp_damage"]) == (absorbed, 0)
        (target,) = document["result"]["targets"]
        assert (target["ex_hp_before"], target["ex_hp_after"]) == (12, left)
        assert (target["hp_before"], target["hp_after"]) == (30, 30)


# --- SC9: getting the drop ---------------------------------------------------------------


def test_sc9_sneak_adds_4_and_the_victim_is_flat_footed(targets: Table) -> None:
    """SC9: "there is a possible +4 bonus to hit resulting from a successful use of the Hide
    and Move Silently Skill"; `sneak` is "an attack with +4 to hit against a victim unaware
    of the attacker, who is therefore flat-footed (SC5.3) unless `--victim-aware`"."""
    result = targets.result("sneak", "Vex", "Knight", "--rolls", "6,1,1")
    attack = one_attack(result)
    assert attack["parts"] == {"bab": 6, "dexterity": 3, "drop": 4}
    assert (attack["ac"], attack["ac_kind"], attack["total"], attack["hit"]) == (
        16,
        "flat-footed",
        19,
        True,
    )
    assert result["sneak"] == {"bonus": 4, "victim_aware": False}
    assert result["actions"] == ["standard"]


def test_part_3_3_victim_aware_removes_only_flat_footedness(targets: Table) -> None:
    """Part 3.3: "`sneak --victim-aware` removes only flat-footedness; the +4 stays"; a
    victim asleep stays flat-footed (its condition, SC5.3)."""
    attack = one_attack(targets.result("sneak", "Vex", "Knight", "--victim-aware", "--rolls", "5"))
    assert attack["parts"]["drop"] == 4 and (attack["ac"], attack["ac_kind"]) == (19, "normal")
    assert attack["total"] == 5 + 13
    assert attack["hit"] is False
    asleep = one_attack(targets.result("sneak", "Vex", "Sleeper", "--victim-aware", "--rolls", "1"))
    assert asleep["ac_kind"] == "flat-footed"


def test_part_3_3_victim_aware_also_cancels_an_unaware_condition(erc: Any, tmp_path: Path) -> None:
    """Part 3.3: "`sneak --victim-aware` removes only flat-footedness; the +4 stays (it comes
    from the skill, flat-footedness from being unaware)"; SC5.3: flat-footed "Only when
    completely unaware of an enemy". A victim aware of this attacker is not, so its
    `unaware` condition does not make it flat-footed against that sneak; sleep and binding
    are not about awareness and stay; a plain attack still finds it flat-footed."""
    mark = (
        "  - {name: Mark, hp: 30, abilities: {dexterity: 16}, armor: {bonus: 4},"
        " conditions: [unaware]}"
    )
    tied = mark.replace("Mark", "Tied").replace("[unaware]", "[bound, unaware]")
    game = table(erc, tmp_path, VEX, mark, tied)
    unaware = game.result("sneak", "Vex", "Mark", "--rolls", "1")
    assert one_attack(unaware)["ac"] == 14 and "unaware" in unaware["flat_footed_from"]
    aware = game.result("sneak", "Vex", "Mark", "--victim-aware", "--rolls", "4,1,1")
    attack = one_attack(aware)
    assert (attack["ac"], attack["ac_kind"], attack["parts"]["drop"]) == (17, "normal", 4)
    assert (attack["total"], attack["hit"]) == (4 + 13, True)
    assert (aware["flat_footed"], aware["flat_footed_from"]) == (False, [])
    assert any("SC-P3" in note for note in aware["notes"])
    odds = game.result("sneak", "Vex", "Mark", "--victim-aware", "--odds")["odds"]
    assert odds["p_hit"] == 17 / 20  # faces 4-20 reach AC 17 at +13
    bound = game.result("sneak", "Vex", "Tied", "--victim-aware", "--rolls", "1")
    assert one_attack(bound)["ac_kind"] == "flat-footed" and bound["flat_footed_from"] == ["bound"]
    plain = game.result("attack", "Vex", "Mark", "--rolls", "1")
    assert one_attack(plain)["ac_kind"] == "flat-footed"


# --- Part 3: settled points --------------------------------------------------------------


def test_part_3_8_the_first_weapon_by_default_none_cannot_attack(game: Table) -> None:
    """Part 3.8: "Default weapon: the first listed. A combatant with no weapon cannot
    attack"."""
    assert game.result("attack", "Vex", "Dummy", "--rolls", "1")["weapon"] == "Ceburx 44"
    error = game.error("attack", "Dummy", "Vex")
    assert error["code"] == "no-weapon" and "SC-P8" in error["message"]
    error = game.error("attack", "Vex", "Dummy", "--with", "batton")
    assert error["code"] == "unknown-weapon" and "did you mean 'baton'" in error["message"]


def test_part_3_9_who_cannot_act_is_refused_a_downed_target_is_not_flat_footed(
    erc: Any, tmp_path: Path
) -> None:
    """Part 3.9: "Who cannot act (SC1.4) is refused as the actor of `attack`, `sneak` ...";
    "A downed target is not flat-footed unless a listed condition says so"."""
    down = "  - {name: Down, hp: 10, hp_current: 0, abilities: {dexterity: 16}}"
    bound = (
        "  - {name: Tied, hp: 10, conditions: [bound],"
        " weapons: [{name: fist, kind: melee, damage: 1}]}"
    )
    game = table(erc, tmp_path, VEX, down, bound)
    attack = one_attack(game.result("attack", "Vex", "Down", "--rolls", "1"))
    assert (attack["ac"], attack["ac_kind"]) == (13, "normal")
    for command in ("attack", "sneak"):
        error = game.error(command, "Tied", "Vex")
        assert error["code"] == "cannot-act" and "bound" in error["message"]
        assert game.error(command, "Down", "Vex")["code"] == "cannot-act"


def test_part_2_attack_fields_and_types(game: Table) -> None:
    """Part 2 "JSON `result` fields": every field of `attacks` and `targets`, one JSON type
    per key, the damage fields null on a miss."""
    fields = {
        "weapon", "roll", "natural", "bonus", "parts", "total", "ac", "ac_kind", "hit",
        "range_band", "damage_dice", "damage_roll", "damage", "minimum_applied", "halved",
        "dr", "ex_hp_absorbed", "hp_damage",
    }  # fmt: skip
    result = game.result("attack", "Vex", "Guard", "--full", "--rolls", "2,15,5,5,3")
    miss, hit = result["attacks"]
    assert fields <= set(hit) and fields <= set(miss)
    damage = ("damage_roll", "damage", "minimum_applied", "halved", "dr", "ex_hp_absorbed")
    assert all(miss[k] is None for k in (*damage, "hp_damage"))
    assert isinstance(miss["roll"], int) and miss["hit"] is False
    assert isinstance(hit["natural"], bool) and isinstance(hit["parts"], dict)
    assert hit["ac_kind"] in ("normal", "touch", "flat-footed", "touch-flat-footed")
    assert hit["range_band"] in ("within", "beyond", "beyond-double")
    assert set(hit["dr"]) == {"value", "rolled"}
    (target,) = result["targets"]
    assert {"name", "hp_before", "hp_after", "ex_hp_before", "ex_hp_after", "down"} <= set(target)
    assert isinstance(result["damage"], int)


def test_odds_alone_draws_nothing_and_applies_nothing(game: Table) -> None:
    """CONTRACT `--odds`: "Alone it draws no dice (`rolls` is empty); with `--seed` or
    `--rolls` it also resolves"."""
    alone = game.ok("attack", "Vex", "Guard", "--full", "--odds")
    assert alone["rolls"] == [] and not alone["result"]["resolved"]
    assert [a["roll"] for a in alone["result"]["attacks"]] == [None, None]
    assert alone["result"]["damage"] is None and alone["result"]["targets"] == []
    assert 0 < alone["result"]["odds"]["p_hit"] < 1
    assert game.error("attack", "Vex", "Guard", "--odds", "--apply")["code"] == "nothing-to-apply"
    both = game.ok("attack", "Vex", "Guard", "--full", "--odds", "--rolls", "2,2")
    assert both["result"]["resolved"] and both["result"]["odds"] == alone["result"]["odds"]


@pytest.mark.parametrize("other", ["asleep", "bound", "paralyzed", "unconscious"])
def test_part_3_13_victim_aware_wins_over_a_listed_unaware(
    erc: Any, tmp_path: Path, other: str
) -> None:
    """Part 3.13: "`sneak --victim-aware` is the GM's word for this attack and wins over a
    listed `unaware` condition (the victim is not flat-footed from being unaware; `asleep`,
    `bound`, `paralyzed` and `unconscious` still make it flat-footed)"."""
    mark = (
        "  - {name: Mark, hp: 30, abilities: {dexterity: 16}, armor: {bonus: 4},"
        " conditions: [unaware]}"
    )
    held = mark.replace("Mark", "Held").replace("[unaware]", f"[{other}, unaware]")
    game = table(erc, tmp_path, VEX, mark, held)
    aware = game.result("sneak", "Vex", "Mark", "--victim-aware", "--rolls", "4,1,1")
    assert (aware["flat_footed"], aware["flat_footed_from"]) == (False, [])
    assert one_attack(aware)["ac_kind"] == "normal"
    still = game.result("sneak", "Vex", "Held", "--victim-aware", "--rolls", "1")
    assert still["flat_footed"] is True and still["flat_footed_from"] == [other]
    assert one_attack(still)["ac_kind"] == "flat-footed"
    unaware = game.result("sneak", "Vex", "Mark", "--rolls", "1")
    assert "unaware" in unaware["flat_footed_from"]
