"""Initiative (RULES.md R3, seed 000 "Initiative"): ``erc roll-init`` without surprise."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from erc.core.dice import Dice, PhysicalSource, SeededSource
from erc.rulesets.er.model import Combatant, Weapon
from erc.rulesets.er.rules.initiative import Initiative, breakdown, in_hand, roll_init
from tests.conftest import conditioned, encounter_path

AMBUSH = encounter_path("ambush.yaml")
DUEL = encounter_path("duel.yaml")

CLUB = Weapon("greatclub", "melee", "blunt", "heavy")
SWORD = Weapon("sword", "melee", "edged", "medium")
CLAWS = Weapon("claws", "savage", "edged", "heavy")


def fighter(name: str, **kwargs: Any) -> Combatant:
    return Combatant(name, ac=12, body_max=10, body=kwargs.pop("body", 10), **conditioned(kwargs))


def forced(combatants: list[Combatant], *values: int, **kwargs: Any) -> tuple[Initiative, Dice]:
    """Resolve with exactly ``values`` as the dice; every value must be used."""
    source = PhysicalSource(list(values))
    dice = Dice(source)
    result = roll_init(dice, combatants, **kwargs)
    source.check_all_used()
    return result, dice


def names(result: Initiative) -> list[str]:
    return [p.name for p in result.order]


def test_r3_1_d10_plus_agility_plus_other_plus_weapon_and_armour() -> None:
    """R3.1: "d10 + Agility modifier + other modifiers (the file's `initiative`) + weapon and
    armour adjustments"; seed 000: "Initiative = d10 + AgilityMod + Other Modifiers"."""
    ogre = fighter(
        "Ogre",
        scores={"agility": 6},  # R1.2: modifier +2
        initiative=1,
        weapons=(Weapon("greatclub", "melee", "blunt", "heavy", hand="both"),),
        armor="heavy",
    )
    result, _ = forced([ogre], 7)
    (place,) = result.order
    assert place.roll == 7
    parts = place.breakdown
    assert (parts.agility, parts.other, parts.weapon_mod, parts.armor_mod) == (2, 1, -2, -5)
    assert parts.heavy_weapon == "greatclub" and parts.armor_worn == "heavy"
    assert place.modifier == 2 + 1 - 2 - 5
    assert place.total == 7 - 4


def test_r1_2_an_explicit_agility_modifier_wins() -> None:
    """R1.2: "An explicit modifier in the encounter file always wins"."""
    quick = fighter("Quick", scores={"agility": 2}, modifiers={"agility": 3})
    assert breakdown(quick).agility == 3


@pytest.mark.parametrize(
    ("armor", "adjustment"), [("none", 0), ("light", 0), ("medium", -2), ("heavy", -5)]
)
def test_r3_1_armour(armor: str, adjustment: int) -> None:
    """R3.1: "medium armour -2, heavy -5"."""
    assert breakdown(fighter("A", armor=armor)).armor_mod == adjustment


def test_r3_1_a_weapon_is_in_hand_when_it_has_a_hand() -> None:
    """R3.1: "a heavy weapon in hand -2 (a weapon is in hand when it has a `hand`...)"."""
    slung = fighter(
        "A", weapons=(Weapon("sword", "melee", "edged", "medium", hand="primary"), CLUB)
    )
    assert in_hand(slung) == (slung.weapons[0],)
    assert breakdown(slung).weapon_mod == 0  # the greatclub is carried, not held
    held = fighter("B", weapons=(SWORD, Weapon("greatclub", "melee", "blunt", "heavy", hand="off")))
    assert breakdown(held).weapon_mod == -2 and breakdown(held).heavy_weapon == "greatclub"


def test_r3_1_when_no_weapon_has_a_hand_the_first_weapon_is_in_hand() -> None:
    """R3.1: "when no weapon has one, the first weapon is"."""
    assert breakdown(fighter("A", weapons=(CLUB, SWORD))).weapon_mod == -2
    assert breakdown(fighter("B", weapons=(SWORD, CLUB))).weapon_mod == 0
    assert breakdown(fighter("C")).weapon_mod == 0  # no weapon at all


def test_r3_1_two_heavy_weapons_in_hand_cost_2_once() -> None:
    """R3.1: "a heavy weapon in hand -2" (the adjustment is per combatant, not per weapon)."""
    twin = Weapon("axe", "melee", "edged", "heavy", hand="off")
    both = fighter("A", weapons=(Weapon("maul", "melee", "blunt", "heavy", hand="primary"), twin))
    assert breakdown(both).weapon_mod == -2


def test_r3_1_a_natural_weapon_is_not_the_fallback_in_hand() -> None:
    """R3.1's fallback ("the first weapon") reads as the first held weapon: a `kind: savage`
    weapon (claws, a bite) is part of the body, so a heavy one costs nothing."""
    beast = fighter("Beast", weapons=(CLAWS, SWORD))
    assert in_hand(beast) == (SWORD,) and breakdown(beast).weapon_mod == 0
    assert in_hand(fighter("Wolf", weapons=(CLAWS,))) == ()


def test_r3_2_highest_total_first_then_descending() -> None:
    """R3.2: "Highest total acts first, then descending"; seed 000: "The creature or
    character with the highest number takes the turn for the round first"."""
    group = [fighter("A"), fighter("B", initiative=3), fighter("C", armor="heavy")]
    result, _ = forced(group, 5, 4, 10, 3, 12)  # totals 5, 7, 5: C wins the roll-off
    assert names(result) == ["B", "C", "A"]
    totals = [p.total for p in result.order]
    assert totals == sorted(totals, reverse=True)
    assert [p.place for p in result.order] == [1, 2, 3]


def test_r3_3_a_tie_is_rolled_off_on_d20_highest_first() -> None:
    """R3.3: "the tied combatants roll off on d20, highest first"; seed 000: "roll off on a
    d20 with the highest score being the winner"."""
    result, dice = forced([fighter("A"), fighter("B"), fighter("C")], 6, 6, 2, 8, 15)
    assert names(result) == ["B", "A", "C"]
    by_name = {p.name: p.tiebreak for p in result.order}
    assert by_name == {"A": (8,), "B": (15,), "C": ()}
    assert [r.purpose for r in dice.rolls[3:]] == ["A tie-break 1", "B tie-break 1"]
    assert [r.die for r in dice.rolls] == [10, 10, 10, 20, 20]


def test_r3_3_ties_continue_until_decided() -> None:
    """R3.3: "those still tied roll again, until every position is decided"; seed 000: "If
    ties continue to happen, keep rolling until the result is determined"."""
    result, _ = forced([fighter("A"), fighter("B")], 4, 4, 11, 11, 9, 9, 3, 17)
    assert names(result) == ["B", "A"]
    assert [p.tiebreak for p in result.order] == [(11, 9, 17), (11, 9, 3)]


def test_r3_3_a_three_way_tie_is_ordered_by_the_roll_off() -> None:
    """R3.3: "A three-way tie is ordered by the roll-off"."""
    result, _ = forced([fighter("A"), fighter("B"), fighter("C")], 3, 3, 3, 5, 19, 12)
    assert names(result) == ["B", "C", "A"]


def test_r3_3_depth_first_higher_sub_group_first_then_the_next_group() -> None:
    """R3.3: "Groups are settled from the highest total down, depth first: a sub-group that
    ties again re-rolls at once (the higher sub-group first) before the next group rolls";
    CONTRACT: "the roll-off d20s, tied group by tied group from the highest total down, each
    roll-off round in file order"."""
    group = [fighter(n) for n in "ABCDEFG"]
    d10 = [2, 9, 9, 9, 9, 2, 5]  # B C D E tie at 9; A F tie at 2; G alone
    roll_offs = [
        10, 4, 10, 4,  # B C D E: {B, D} on 10 and {C, E} on 4 tie again
        7, 7,  # {B, D} first (the higher sub-group), and tie once more
        1, 20,  # {B, D} again: D wins
        13, 6,  # then {C, E}
        8, 14,  # only now the lower group: A F
    ]  # fmt: skip
    result, dice = forced(group, *d10, *roll_offs)
    assert names(result) == ["D", "B", "C", "E", "G", "F", "A"]
    rolled = [r.purpose for r in dice.rolls[len(d10) :]]
    assert rolled == [
        "B tie-break 1", "C tie-break 1", "D tie-break 1", "E tie-break 1",
        "B tie-break 2", "D tie-break 2",
        "B tie-break 3", "D tie-break 3",
        "C tie-break 2", "E tie-break 2",
        "A tie-break 1", "F tie-break 1",
    ]  # fmt: skip
    assert {p.name: p.tiebreak for p in result.order}["D"] == (10, 7, 20)


def test_r3_4_initiative_is_rolled_anew_and_the_round_labelled() -> None:
    """R3.4: "Initiative is rolled anew every round"; seed 000: "initiative rolls occur every
    round". `--round N` labels the round; every call rolls fresh d10s."""
    result, dice = forced([fighter("A"), fighter("B")], 3, 8, round=4)
    assert result.round == 4 and names(result) == ["B", "A"]
    assert len(dice.rolls) == 2


def test_conditions_keep_the_place_but_not_the_action() -> None:
    """R3.4: combatants that cannot act "still appear in the order"; R9.7 lists asleep,
    unconscious, paralysed, incapacitated and surprised as immobile; R5.8: Body 0 is down.
    A `surprised` condition is what the journal folds in for round 1 (CONTRACT). R3.5: "A
    combatant that is not standing (R11.5) rolls no initiative: it draws no die, is listed
    after everyone who rolled (in file order)": Fallen (Body 0) and Stone (petrified) draw
    none of the three d10s."""
    group = [
        fighter("Sleeper", conditions=frozenset({"asleep", "deaf"})),
        fighter("Stunned", conditions=frozenset({"stunned", "prone"})),
        fighter("Caught", conditions=frozenset({"surprised"})),
        fighter("Fallen", body=0),
        fighter("Stone", conditions=frozenset({"petrified"})),
    ]
    result, _ = forced(group, 1, 2, 3)
    assert [p.name for p in result.order][3:] == ["Fallen", "Stone"]
    assert [p.rolled for p in result.order] == [True, True, True, False, False]
    status = {p.name: (p.status, p.acts) for p in result.order}
    assert status == {
        "Sleeper": ("asleep", False),
        "Stunned": ("acts", True),
        "Caught": ("surprised", False),
        "Fallen": ("down", False),
        "Stone": ("petrified", False),
    }


def test_d10_faces_are_uniform_over_many_seeds() -> None:
    """Issue 3: "over many seeds each d10 face appears uniformly" (chi-square, 9 df)."""
    runs = 10_000
    lone = [fighter("A")]
    faces = Counter(roll_init(Dice(SeededSource(seed)), lone).order[0].roll for seed in range(runs))
    assert set(faces) == set(range(1, 11))
    stat = sum((faces[f] - runs / 10) ** 2 / (runs / 10) for f in range(1, 11))
    assert stat < 27.88  # chi-square 99.9th percentile, 9 degrees of freedom


class TiedSource:
    """Every d10 shows 5, so all combatants tie; the d20 roll-offs come from a seed."""

    def __init__(self, seed: int) -> None:
        self.seeded = SeededSource(seed)

    def draw(self, sides: int, purpose: str) -> int:
        return 5 if sides == 10 else self.seeded.draw(sides, purpose)


@pytest.mark.parametrize(("k", "critical"), [(2, 10.83), (3, 13.82), (5, 18.47)])
def test_among_k_tied_each_is_first_one_time_in_k(k: int, critical: float) -> None:
    """Issue 3: "among k tied combatants each is first about 1/k of the time" (chi-square,
    k-1 df, 99.9th percentile); R3.3's roll-off favours no file position."""
    runs = 3_000
    group = [fighter(f"F{i}") for i in range(k)]
    first = Counter(roll_init(Dice(TiedSource(s)), group).order[0].name for s in range(runs))
    stat = sum((first[c.name] - runs / k) ** 2 / (runs / k) for c in group)
    assert stat < critical


def test_three_tied_every_order_equally_likely() -> None:
    """R3.3: the whole order of a three-way tie is decided by the roll-off: each of the 6
    orders about 1/6 of the time (chi-square, 5 df, 99.9th percentile 20.52)."""
    runs = 6_000
    group = [fighter(n) for n in "ABC"]
    orders = Counter(
        "".join(names(roll_init(Dice(TiedSource(s)), group))) for s in range(runs, 2 * runs)
    )
    assert len(orders) == 6
    stat = sum((n - runs / 6) ** 2 / (runs / 6) for n in orders.values())
    assert stat < 20.52


# --- the command line -------------------------------------------------------------------


def test_cli_json_order_fields_and_dice_order(erc) -> None:  # type: ignore[no-untyped-def]
    """CONTRACT: `order`: list of `{name, total, roll, modifier, tiebreak}` first to last;
    dice: "one d10 per combatant in file order; then the roll-off d20s"."""
    # duel.yaml: Kaela Agi 4 (+1) medium armour (-2); Fenn Agi 6 (+2); Ogre initiative -1,
    # greatclub (heavy, both hands) -2: totals 9-1=8, 6+2=8, 4-3=1; Kaela and Fenn roll off.
    ran = erc("roll-init", "-e", DUEL, "--rolls", "9,6,4,3,12", "--json")
    assert ran.code == 0, ran.err
    document = ran.json
    assert document["command"] == "roll-init" and document["seed"] is None
    assert [(r["die"], r["for"]) for r in document["rolls"]] == [
        (10, "Kaela initiative"),
        (10, "Fenn initiative"),
        (10, "Ogre initiative"),
        (20, "Kaela tie-break 1"),
        (20, "Fenn tie-break 1"),
    ]
    result = document["result"]
    assert result["round"] == 1 and result["surprise"] is False
    assert result["surprised"] == [] and result["perception"] == []
    order = result["order"]
    assert {"name", "total", "roll", "modifier", "tiebreak"} <= set(order[0])
    assert [(p["name"], p["total"], p["roll"], p["modifier"], p["tiebreak"]) for p in order] == [
        ("Fenn", 8, 6, 2, [12]),
        ("Kaela", 8, 9, -1, [3]),
        ("Ogre", 1, 4, -3, []),
    ]
    assert order[2]["breakdown"] == {
        "agility": 0,
        "other": -1,
        "weapon_mod": -2,
        "armor_mod": 0,
        "heavy_weapon": "greatclub",
        "armor_worn": "none",
    }


def test_cli_round_label_and_replay(erc) -> None:  # type: ignore[no-untyped-def]
    first = erc("roll-init", "-e", AMBUSH, "--round", "3", "--json", "--seed", "11")
    again = erc("roll-init", "-e", AMBUSH, "--round", "3", "--json", "--seed", "11")
    assert first.code == 0 and first.out == again.out
    assert first.json["result"]["round"] == 3
    assert len(first.json["result"]["order"]) == 7


def test_cli_human_table_shows_the_arithmetic(erc) -> None:  # type: ignore[no-untyped-def]
    """Issue 3: "a turn-order table (place, name, total, the roll and each modifier,
    tie-break, status)"."""
    ran = erc("roll-init", "-e", DUEL, "--rolls", "9,6,4,3,12")
    assert ran.code == 0
    for piece in ("Round 1 initiative", "tie-break", "status", "greatclub -2", "armor -2"):
        assert piece in ran.out, piece
    assert "Agi +2" in ran.out and "rolls 9,6,4,3,12" in ran.out


@pytest.mark.parametrize(
    ("args", "code"),
    [
        (["--round", "0"], "usage"),
        (["--rolls", "9,6"], "rolls-exhausted"),
        (["--rolls", "9,11,4"], "bad-rolls"),  # a d10 cannot show 11
        (["--rolls", "5,6,4,1"], "bad-rolls"),  # no tie: the 1 is left over
    ],
)
def test_cli_bad_input_exits_2(erc, args: list[str], code: str) -> None:  # type: ignore[no-untyped-def]
    ran = erc("roll-init", "-e", DUEL, "--json", *args)
    assert ran.code == 2 and ran.out == ""
    assert ran.error["code"] == code


def test_cli_an_encounter_without_combatants_is_an_error(erc, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """Issue 3: "an empty encounter: clear errors, exit 2"."""
    empty = tmp_path / "empty.yaml"
    empty.write_text("erc: 1\ncombatants: []\n")
    ran = erc("roll-init", "-e", str(empty), "--json")
    assert ran.code == 2 and ran.error["code"] == "no-combatants"
    assert "no combatants" in ran.error["message"]
    human = erc("roll-init", "-e", str(empty))
    assert human.code == 2 and "Traceback" not in human.err and "no combatants" in human.err


def test_house_rule_keep_rolls_off_a_tie_the_kept_dice_do_not_settle() -> None:
    """R3.3 "Ties: the tied combatants roll off" also under house rule `initiative: keep`:
    kept roll-offs settle only the group they settled; a newcomer to the tie means a fresh
    roll-off for the whole group."""
    from erc.core.dice import Dice, PhysicalSource
    from erc.rulesets.er.model import Combatant
    from erc.rulesets.er.rules.initiative import roll_init

    people = [
        Combatant(n, ac=10, body_max=5, body=5, initiative=i)
        for n, i in (("A", 0), ("B", 0), ("C", 3))
    ]
    kept = {"A": (5, (15,)), "B": (5, (3,)), "C": (2, ())}
    settled = roll_init(Dice(PhysicalSource([])), people[:2], round=2, kept=kept)
    assert [p.name for p in settled.order] == ["A", "B"] and settled.kept
    source = PhysicalSource([4, 9, 12])  # fresh roll-off d20s for A, B, C in file order
    fresh = roll_init(Dice(source), people, round=2, kept=kept)
    assert [p.name for p in fresh.order] == ["C", "B", "A"]
    assert [p.tiebreak for p in fresh.order] == [(12,), (9,), (4,)]
    source.check_all_used()
