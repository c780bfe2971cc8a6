"""``erc attack`` (issue 4): RULES R5 with R1.3, R1.4, R1.5, R1.6; seed 000 "The Melee
Attack", "The Ranged Attack", "With More Skills"."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from erc.core.dice import Dice, Mode, PhysicalSource
from erc.core.errors import ErcError
from erc.rulesets.er.model import Combatant, Weapon
from erc.rulesets.er.rules.attack import Attack, plan_attack, resolve
from tests.conftest import conditioned, encounter_path

GLADIUS = Weapon("gladius", "melee", "edged", "medium", "primary")
BOW = Weapon("bow", "ranged", "piercing", None, "both")
DAGGER = Weapon("dagger", "melee", "piercing", "light", "off")
CLUB = Weapon("club", "melee", "blunt", "heavy")
BITE = Weapon("bite", "savage", "piercing", "light")


def fighter(
    name: str = "Hero",
    *,
    pools: dict[str, int] | None = None,
    weapons: tuple[Weapon, ...] = (GLADIUS,),
    styles: frozenset[str] = frozenset(),
    **more: Any,
) -> Combatant:
    """seed 000's starting character: Strength 4 and Agility 4 (modifier +1 each)."""
    return Combatant(
        name,
        ac=12,
        body_max=20,
        body=more.pop("body", 20),
        scores=more.pop("scores", {"strength": 4, "agility": 4}),
        pools=pools or {"primary": 1},
        weapons=weapons,
        styles=styles,
        **conditioned(more),
    )


def goblin(name: str = "Goblin", **more: Any) -> Combatant:
    return Combatant(name, ac=more.pop("ac", 12), body_max=7, body=more.pop("body", 7), **more)


def run(rolls: list[int], attacker: Combatant, *targets: Combatant, **options: Any) -> Attack:
    """Resolve with forced dice; every value must be used."""
    source = PhysicalSource(rolls)
    result = resolve(Dice(source), plan_attack(attacker, targets or (goblin(),), **options))
    source.check_all_used()
    return result


def dice_of(result: Attack) -> list[list[tuple[int, bool]]]:
    return [[(d.raw, d.hit) for d in s.dice] for s in result.strikes]


# --- the seed's worked examples -------------------------------------------------------


def test_seed_melee_gladius_3_edged() -> None:
    """seed 000 "The Melee Attack": "the attack is d20+4 ... Therefore, 3 points of edged
    damage wounded the goblin"."""
    result = run([9], fighter())  # 9 + 4 = 13 >= AC 12
    (strike,) = result.strikes
    assert strike.dice[0].total == 13 and strike.hits == 1
    assert (strike.modifier, strike.weight, strike.damage) == (1, 1, 3)
    (target,) = result.targets
    assert (target.damage, target.damage_type) == (3, "edged")


def test_seed_ranged_bow_2_piercing() -> None:
    """seed 000 "The Ranged Attack": Agility 4, "d20+4 ... the total damage inflicted is 2
    points of piercing damage"."""
    archer = fighter(weapons=(BOW,), scores={"strength": 0, "agility": 4})
    result = run([8], archer)
    (strike,) = result.strikes
    assert strike.dice[0].total == 12 and (strike.modifier, strike.weight) == (1, 0)
    assert (result.damage, result.targets[0].damage_type) == (2, "piercing")


def test_seed_bow_needs_both_hands() -> None:
    """seed 000: the bow "requires two hands to operate; thus ... this is not even an
    option"; given explicitly, the off pool is an error, by default it is left out."""
    archer = fighter(weapons=(BOW, DAGGER), pools={"primary": 1, "off": 1})
    with pytest.raises(ErcError) as caught:
        plan_attack(archer, [goblin()], pools=["primary", "off"])
    assert caught.value.code == "two-handed"
    plan = plan_attack(archer, [goblin()])
    assert [s.pool for s in plan.strikes] == ["primary"]
    assert "needs both hands" in plan.notes[0]


def test_seed_two_dice_both_hit_4_edged() -> None:
    """seed 000 "With More Skills": "Let's assume both die strike ... 2+1+1=4; the goblin is
    struck with 4 points of edged damage"."""
    result = run([10, 15], fighter(pools={"primary": 2}, styles=frozenset({"slashing"})))
    assert dice_of(result) == [[(10, True), (15, True)]]
    assert (result.damage, result.targets[0].damage_type) == (4, "edged")


def test_seed_two_dice_both_miss_0() -> None:
    """seed 000 "With More Skills": "If both die scores miss, no damage occurs"."""
    result = run([3, 7], fighter(pools={"primary": 2}))
    assert dice_of(result) == [[(3, False), (7, False)]]
    assert result.damage == 0 and result.strikes[0].damage == 0
    assert result.targets[0].body_after == result.targets[0].body_before


# --- R1.3, R5.2, R5.3: to hit ---------------------------------------------------------


def test_r1_3_raw_20_hits_and_raw_1_misses() -> None:
    """R1.3: "on an attack die a raw 20 always hits and a raw 1 always misses"."""
    result = run([20, 1], fighter(pools={"primary": 2}), goblin(ac=40))
    assert dice_of(result) == [[(20, True), (1, False)]]
    result = run([1], fighter(scores={"strength": 50}), goblin(ac=2))
    assert dice_of(result) == [[(1, False)]]


def test_r5_2_each_die_against_the_ac_with_the_score() -> None:
    """R5.2: "each d20 + Strength **score** ... Each die is compared with the target's AC on
    its own; each die >= AC (or raw 20) is one point of damage"."""
    strong = fighter(pools={"primary": 3}, scores={"strength": 7, "agility": 0})
    result = run([5, 4, 6], strong, goblin(ac=12))  # 12 hit, 11 miss, 13 hit
    assert [d.total for d in result.strikes[0].dice] == [12, 11, 13]
    assert result.strikes[0].hits == 2
    # Strength 7: modifier +2 (R1.2), used for damage, the score for the to-hit
    assert result.strikes[0].damage == 2 + 2 + 1


def test_r5_2_ranged_uses_agility_and_savage_strength() -> None:
    """R5.2: "Melee and savage: each d20 + Strength score; ranged: each d20 + Agility
    score"."""
    who = fighter(
        pools={"primary": 1, "savage": 1},
        weapons=(BOW, BITE),
        scores={"strength": 2, "agility": 9},
    )
    result = run([5, 5], who)
    assert [s.dice[0].total for s in result.strikes] == [14, 7]


@pytest.mark.parametrize(("size", "bonus"), [("small", 0), ("large", 1), ("colossal", 4)])
def test_r5_3_attacker_size_on_every_die(size: str, bonus: int) -> None:
    """R5.3 / seed 000: "Large creatures gain +1 to hit on all the dice in all their die
    pools ... colossal gain +4"."""
    who = fighter(pools={"primary": 2, "savage": 1}, weapons=(GLADIUS, BITE), size=size)
    result = run([5, 6, 7], who)
    assert [d.total for s in result.strikes for d in s.dice] == [
        9 + bonus,
        10 + bonus,
        11 + bonus,
    ]


@pytest.mark.parametrize(("size", "bonus"), [("medium", 0), ("large", 1), ("giant", 3)])
def test_r5_3_ranged_against_a_large_target(size: str, bonus: int) -> None:
    """R5.3 / seed 000: "firing a bow against a large creature grants a +1 bonus ... +3 when
    firing upon a giant-sized opponent"; melee gets no such bonus."""
    archer = fighter(weapons=(BOW,))
    assert run([5], archer, goblin(size=size)).strikes[0].dice[0].total == 9 + bonus
    assert run([5], fighter(), goblin(size=size)).strikes[0].dice[0].total == 9


# --- R5.1, R5.4, R5.7: pools, weapons, targets, damage ---------------------------------


def test_r5_1_weapons_per_pool() -> None:
    """R5.1: primary "the weapon with hand: primary (else the first weapon, or --with)", off
    "the weapon with hand: off", savage "the first kind: savage weapon (without one: a body
    weapon, weight 0, blunt)"."""
    who = fighter(pools={"primary": 1, "off": 1, "savage": 1}, weapons=(CLUB, DAGGER, GLADIUS))
    plan = plan_attack(who, [goblin()])
    assert [(s.pool, s.weapon) for s in plan.strikes] == [
        ("primary", "gladius"),
        ("off", "dagger"),
        ("savage", "body weapon"),
    ]
    assert (plan.strikes[2].weight, plan.strikes[2].damage_type) == (0, "blunt")
    plain = fighter(weapons=(CLUB, BITE), pools={"primary": 1, "savage": 1})
    assert [s.weapon for s in plan_attack(plain, [goblin()]).strikes] == ["club", "bite"]
    chosen = plan_attack(who, [goblin()], weapon="CLUB", pools=["primary"])
    assert chosen.strikes[0].weapon == "club"


def test_r5_1_pools_take_targets_in_order_last_takes_the_rest() -> None:
    """R5.1: "with several, the pools take the targets in command-line order and the last
    target takes the pools left over"."""
    who = fighter(pools={"primary": 2, "off": 1, "savage": 1}, weapons=(GLADIUS, DAGGER, BITE))
    a, b = goblin("A"), goblin("B")
    plan = plan_attack(who, [a, b])
    assert [(s.pool, s.target) for s in plan.strikes] == [
        ("primary", "A"),
        ("off", "B"),
        ("savage", "B"),
    ]
    assert [s.target for s in plan_attack(who, [a]).strikes] == ["A", "A", "A"]


def test_r5_1_split_one_pool_among_targets() -> None:
    """R5.1: "Splitting one pool's dice among targets (spinning moves) is an explicit
    option"; the parts are strikes in the order given, taking the targets in order."""
    who = fighter(pools={"primary": 3, "off": 1}, weapons=(GLADIUS, DAGGER))
    a, b, c = goblin("A"), goblin("B"), goblin("C")
    plan = plan_attack(who, [a, b, c], split=("primary", (2, 1)))
    assert [(s.pool, s.part, s.n_dice, s.target) for s in plan.strikes] == [
        ("primary", 1, 2, "A"),
        ("primary", 2, 1, "B"),
        ("off", 0, 1, "C"),
    ]
    result = run([12, 3, 12, 12], who, a, b, c, split=("primary", (2, 1)))
    # each part a strike: A 1+1+1, B 1+1+1, C 1+1+0
    assert [t.damage for t in result.targets] == [3, 3, 2]


def test_r5_4_modifier_once_per_target_weight_once_per_strike() -> None:
    """R5.4: "+ the Strength ... **modifier**, once per target hit + weapon weight, once per
    strike that hit"; R5.7: "weight counts per strike, the attribute modifier once per
    target"."""
    who = fighter(pools={"primary": 2, "off": 1}, weapons=(GLADIUS, DAGGER))
    result = run([12, 12, 12], who)
    primary, off = result.strikes
    assert (primary.hits, primary.modifier, primary.weight, primary.damage) == (2, 1, 1, 4)
    assert (off.hits, off.modifier, off.weight, off.damage) == (1, 0, 0, 1)
    assert result.damage == 5


def test_r5_4_modifier_goes_to_the_first_strike_that_hit() -> None:
    """R5.5: "The once-per-target modifier is added to the first strike that hit that
    target"; R5.4: "A strike with no hitting die deals nothing"."""
    who = fighter(pools={"primary": 1, "off": 1}, weapons=(GLADIUS, DAGGER))
    result = run([2, 12], who)
    primary, off = result.strikes
    assert (primary.hits, primary.modifier, primary.weight, primary.damage) == (0, 0, 0, 0)
    assert (off.modifier, off.damage) == (1, 2)


def test_r5_4_ranged_weight_counts_only_when_given() -> None:
    """R5.4: "a ranged weapon counts 0 unless it gives a `weight`"."""
    heavy_crossbow = Weapon("arbalest", "ranged", "piercing", "heavy", "both")
    assert run([12], fighter(weapons=(heavy_crossbow,))).damage == 1 + 1 + 2


# --- R5.5: resistance -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("sets", "expected", "label"),
    [
        ({"resist": frozenset({"edged"})}, 1, "resist"),  # (1+1+1)//2
        ({"vulnerable": frozenset({"edged"})}, 6, "vulnerable"),
        ({"immune": frozenset({"edged"})}, 0, "immune"),
        ({"immune": frozenset({"edged"}), "vulnerable": frozenset({"edged"})}, 0, "immune"),
        ({"resist": frozenset({"edged"}), "vulnerable": frozenset({"edged"})}, 3, "cancelled"),
        ({"resist": frozenset({"fire"})}, 3, "none"),
    ],
)
def test_r5_5_resistance(sets: dict[str, frozenset[str]], expected: int, label: str) -> None:
    """R5.5: "resistant halves that strike's damage (floor), immune zeroes it, vulnerable
    doubles it ... Immune wins; resistant and vulnerable together cancel"."""
    result = run([12], fighter(), goblin(**sets))  # 1 + 1 + 1 = 3 before resistance
    assert result.strikes[0].resistance == label
    assert result.damage == expected


def test_r5_5_resistance_per_strike() -> None:
    """R5.5: "Resistance applies per strike": a resisted edged strike and an unresisted
    piercing one on the same target, the modifier on the first (resisted) strike."""
    who = fighter(pools={"primary": 2, "off": 1}, weapons=(GLADIUS, DAGGER))
    result = run([12, 12, 12], who, goblin(resist=frozenset({"edged"})))
    primary, off = result.strikes
    assert (primary.damage, off.damage) == ((2 + 1 + 1) // 2, 1)
    (target,) = result.targets
    assert target.damage_type == "edged" and target.damage_types == ("edged", "piercing")


# --- R1.4, R1.5, R1.6: advantage ------------------------------------------------------


def test_r1_5_advantage_one_extra_die_in_primary_only() -> None:
    """R1.5: "Advantage on an attack: one extra d20 in the primary pool (only)"."""
    who = fighter(pools={"primary": 2, "off": 1}, weapons=(GLADIUS, DAGGER))
    plan = plan_attack(who, [goblin()], mode=Mode.ADVANTAGE)
    assert [s.sources for s in plan.strikes] == [("pool", "pool", "advantage"), ("pool",)]


def test_r1_5_disadvantage_one_fewer_and_zero_rolls_two_keep_lower() -> None:
    """R1.5: "Disadvantage: one d20 fewer in the primary pool; a pool driven to 0 dice rolls
    2d20 and keeps the lower"."""
    plan = plan_attack(fighter(pools={"primary": 3}), [goblin()], mode=Mode.DISADVANTAGE)
    assert plan.strikes[0].n_dice == 2
    result = run([15, 6], fighter(), mode=Mode.DISADVANTAGE, advantage_damage="none")
    (strike,) = result.strikes
    assert [(d.raw, d.kept, d.hit) for d in strike.dice] == [(15, False, False), (6, True, False)]
    assert strike.hits == 0 and result.damage == 0
    result = run([20, 9, 2], fighter(), mode=Mode.DISADVANTAGE)  # 9 + 4 = 13 hits; d3 2
    assert result.strikes[0].hits == 1 and result.targets[0].damage == 3 - 2


def test_r1_5_advantage_and_disadvantage_cancel() -> None:
    """R1.5: "advantage and disadvantage together cancel (both flags given is not an
    error)"."""
    assert Mode.of(True, True) is Mode.NORMAL
    plan = plan_attack(fighter(), [goblin()], mode=Mode.of(True, True))
    assert plan.strikes[0].n_dice == 1 and not plan.d3


def test_r1_4_extra_dice_may_pass_five() -> None:
    """R1.4: "Dice that come from advantage, sneak attack or a crit award may push it past
    5" (seed 001: "six or even seven total dice")."""
    plan = plan_attack(
        fighter(pools={"primary": 5}),
        [goblin()],
        mode=Mode.ADVANTAGE,
        extra_primary_dice=1,
        extra_label="sneak",
    )
    assert plan.strikes[0].n_dice == 7 and plan.strikes[0].sources[-2:] == ("advantage", "sneak")


def test_r1_6_advantage_d3_per_target_hit() -> None:
    """R1.6: "an attack made at advantage that hits a target adds d3 damage to that target,
    once per target"; no d3 for a target not hit."""
    who = fighter(pools={"primary": 1, "off": 1}, weapons=(GLADIUS, DAGGER))
    a, b = goblin("A"), goblin("B")
    # primary (with the advantage die) on A: 12 hit, 2 miss; off on B: 3 miss; d3 for A: 3
    result = run([12, 2, 3, 3], who, a, b, mode=Mode.ADVANTAGE)
    assert [(t.d3, t.damage) for t in result.targets] == [(3, 3 + 3), (None, 0)]


def test_r1_6_disadvantage_subtracts_never_below_zero() -> None:
    """R1.6: "at disadvantage it subtracts d3 (never below 0)"."""
    result = run(
        [12, 12, 3],
        fighter(weapons=(Weapon("knife", "melee", "piercing", "light"),)),
        mode=Mode.DISADVANTAGE,
    )
    (target,) = result.targets
    assert (target.strike_damage, target.d3, target.damage) == (2, -3, 0)


def test_r1_6_d3_added_after_resistance() -> None:
    """R1.6: "It is added to the target's total after per-strike resistance"."""
    result = run([12, 2, 2], fighter(), goblin(resist=frozenset({"edged"})), mode=Mode.ADVANTAGE)
    (target,) = result.targets
    assert (target.strike_damage, target.d3, target.damage) == (3 // 2, 2, 1 + 2)


def test_r1_6_house_rule_none_turns_it_off() -> None:
    """R1.6 / House rules: "`none` turns this off" (no d3 drawn)."""
    result = run([12, 2], fighter(), mode=Mode.ADVANTAGE, advantage_damage="none")
    assert result.targets[0].d3 is None and result.damage == 3


# --- R5.6: crits ----------------------------------------------------------------------

SLASHER = fighter(
    pools={"primary": 2, "off": 1}, weapons=(GLADIUS, DAGGER), styles=frozenset({"slashing"})
)


def test_r5_6_crit_award_die_after_all_strike_dice() -> None:
    """R5.6: a raw 20 on a primary die "one award d20 joins the primary strike ... drawn
    after the strike dice"; CONTRACT: strike by strike, "then a crit award die"."""
    source = PhysicalSource([20, 3, 12, 15])
    dice = Dice(source)
    result = resolve(dice, plan_attack(SLASHER, [goblin()]))
    assert [r.purpose for r in dice.rolls] == [
        "Hero primary 1",
        "Hero primary 2",
        "Hero off 1",
        "Hero crit award",
    ]
    primary, off = result.strikes
    assert result.crit and [d.source for d in primary.dice] == ["pool", "pool", "crit"]
    assert (primary.hits, off.hits) == (2, 1)


def test_r5_6_one_award_however_many_20s_and_it_does_not_crit_again() -> None:
    """R5.6: "One award per attack however many 20s; the award die does not crit again"."""
    result = run([20, 20, 1, 20], SLASHER)
    assert result.crit and len(result.strikes[0].dice) == 3
    assert result.strikes[0].hits == 3


@pytest.mark.parametrize(
    ("who", "why"),
    [
        (fighter(pools={"primary": 1}, styles=frozenset({"slashing"})), "one skill die"),
        (fighter(pools={"primary": 2}), "no crit style"),
        (
            fighter(
                pools={"primary": 2}, weapons=(BOW,), styles=frozenset({"archery", "slashing"})
            ),
            "ranged",
        ),
    ],
)
def test_r5_6_no_crit(who: Combatant, why: str) -> None:
    """R5.6: needs "at least 2 skill dice", "a crit style", and "Ranged attacks never
    crit"."""
    result = run([20] * len(plan_attack(who, [goblin()]).strikes[0].sources), who)
    assert not result.crit, why


def test_r5_6_skill_dice_counted_before_advantage() -> None:
    """R5.6: skill dice "counted before advantage, disadvantage and sneak dice": one skill
    die plus the advantage die does not crit; two skill dice at disadvantage still do."""
    one = fighter(styles=frozenset({"slashing"}))
    assert not run([3, 20, 1], one, mode=Mode.ADVANTAGE).crit
    two = fighter(pools={"primary": 2}, styles=frozenset({"slashing"}))
    result = run([20, 5, 1], two, mode=Mode.DISADVANTAGE)  # 1 die, award 5, d3 1
    assert result.crit and [d.source for d in result.strikes[0].dice] == ["pool", "crit"]


def test_r5_6_award_joins_the_split_part_that_rolled_20() -> None:
    """R5.6: the award die "joins the primary strike"; with a split primary pool, the first
    part that kept a raw 20 (here the second part, on B)."""
    who = fighter(pools={"primary": 2}, styles=frozenset({"polearms"}))
    result = run([3, 20, 9], who, goblin("A"), goblin("B"), split=("primary", (1, 1)))
    first, second = result.strikes
    assert [d.source for d in second.dice] == ["pool", "crit"] and len(first.dice) == 1
    assert [t.damage for t in result.targets] == [0, 2 + 1 + 1]


def test_r5_6_savage_twenty_does_not_crit() -> None:
    """R5.6: "crits when any primary die shows a raw 20"."""
    who = fighter(
        pools={"primary": 2, "savage": 1}, weapons=(GLADIUS, BITE), styles=frozenset({"cleaving"})
    )
    assert not run([3, 3, 20], who).crit


# --- R5.8: Body -----------------------------------------------------------------------


def test_r5_8_body_not_below_zero() -> None:
    """R5.8: "damage lowers the target's Body, not below 0; at 0 the target is down"."""
    result = run([12, 12], fighter(pools={"primary": 2}), goblin(body=2))
    (target,) = result.targets
    assert (target.damage, target.body_before, target.body_after, target.down) == (4, 2, 0, True)


def test_a_target_at_zero_body_may_be_attacked() -> None:
    """Issue 4 leaves it open: allowed, with a note; Body stays 0."""
    result = run([12], fighter(), goblin(body=0))
    assert result.targets[0].body_after == 0 and "already at 0 Body" in result.notes[0]


# --- bad input ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("options", "targets", "code"),
    [
        ({"weapon": "axe"}, 1, "unknown-weapon"),
        ({"pools": ["off"]}, 1, "empty-pool"),
        ({}, 3, "too-many-targets"),
        ({"split": ("primary", (1, 1))}, 1, "bad-split"),
        ({"split": ("primary", (1, 2))}, 2, "bad-split"),
        ({"split": ("off", (1, 1))}, 2, "bad-split"),
        ({"pools": ["savage"], "mode": Mode.ADVANTAGE}, 1, "bad-option"),
        ({"pools": ["savage"], "weapon": "gladius"}, 1, "bad-option"),
    ],
)
def test_bad_plans(options: dict[str, Any], targets: int, code: str) -> None:
    who = fighter(pools={"primary": 2, "savage": 1})
    with pytest.raises(ErcError) as caught:
        plan_attack(who, [goblin(f"G{i}") for i in range(targets)], **options)
    assert caught.value.code == code


def test_no_weapon_and_no_dice() -> None:
    """R5.1: each pool strikes with its weapon; a combatant without one, or without dice,
    cannot attack (a clear error, not a guess)."""
    for who, code in [
        (fighter(weapons=()), "no-weapon"),
        (fighter(pools={"off": 1}), "empty-pool"),  # its off pool has no off-hand weapon
        (Combatant("Rock", ac=5, body_max=1, body=1), "empty-pool"),
    ]:
        with pytest.raises(ErcError) as caught:
            plan_attack(who, [goblin()])
        assert caught.value.code == code, who.name


def test_bad_targets() -> None:
    who = fighter()
    for targets in ([who], [goblin(), goblin()], []):
        with pytest.raises(ErcError) as caught:
            plan_attack(who, targets)
        assert caught.value.code == "bad-target"


# --- the command line -----------------------------------------------------------------

DUEL = encounter_path("duel.yaml")


def test_cli_json_fields(erc) -> None:  # type: ignore[no-untyped-def]
    """CONTRACT `attack`: strikes {pool, target, weapon, dice: [{raw, total, hit}], hits,
    damage}; targets {name, damage, damage_type, body_before, body_after}; damage; crit."""
    ran = erc("attack", "-e", DUEL, "Kaela", "Ogre", "--json", "--rolls", "12,2,9,14")
    assert ran.code == 0, ran.err
    document = ran.json
    result = document["result"]
    assert {"pool", "target", "weapon", "dice", "hits", "damage"} <= set(result["strikes"][0])
    assert {"raw", "total", "hit"} <= set(result["strikes"][0]["dice"][0])
    assert {"name", "damage", "damage_type", "body_before", "body_after"} <= set(
        result["targets"][0]
    )
    # Kaela: Strength 5 (+5 to hit, modifier +1), AC 13: 17, 7, 14 -> 2 hits; off 19 hit
    assert [s["hits"] for s in result["strikes"]] == [2, 1]
    assert result["damage"] == (2 + 1 + 1) + (1 + 0 + 0) and result["crit"] is False
    assert result["targets"][0]["body_after"] == 40 - 5
    assert [r["for"] for r in document["rolls"]] == [
        "Kaela primary 1",
        "Kaela primary 2",
        "Kaela primary 3",
        "Kaela off 1",
    ]


def test_cli_rolls_order_strikes_crit_then_d3_per_target(erc) -> None:  # type: ignore[no-untyped-def]
    """CONTRACT "The order of dice": "strike by strike (primary, off, savage; targets in
    command-line order) ...; then a crit award die; then the advantage d3 per target"."""
    ran = erc(
        "attack", "-e", DUEL, "Kaela", "Ogre", "Fenn", "--split", "2,1", "--advantage",
        "--json", "--rolls", "20,5,5,9,9,11,2,3",
    )  # fmt: skip
    assert ran.code == 0, ran.err
    labels = [r["for"] for r in ran.json["rolls"]]
    assert labels == [
        "Kaela primary part 1 1",
        "Kaela primary part 1 2",
        "Kaela primary part 1 3 (advantage)",
        "Kaela primary part 2 1",
        "Kaela off 1",
        "Kaela crit award",
        "Kaela advantage d3 vs Ogre",
        "Kaela advantage d3 vs Fenn",
    ]
    result = ran.json["result"]
    assert [(s["pool"], s["target"]) for s in result["strikes"]] == [
        ("primary", "Ogre"),
        ("primary", "Fenn"),
        ("off", "Fenn"),
    ]


def test_cli_bad_input_exits_2(erc, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """Issue 4: "a weapon the attacker lacks, a pool with no dice, an attacker targeting
    itself, more targets than strikes: clear errors, exit 2"; "A bow needs both hands: no
    off-hand pool with it"."""
    archer = tmp_path / "archer.yaml"
    archer.write_text(
        "erc: 1\ncombatants:\n"
        "  - {name: Ada, ac: 12, body: 9, pools: {primary: 1, off: 1}, weapons: [\n"
        "     {name: bow, kind: ranged, damage_type: piercing, hand: both},\n"
        "     {name: knife, kind: melee, weight: light, damage_type: piercing, hand: off}]}\n"
        "  - {name: Orc, ac: 12, body: 9}\n"
    )
    ran = erc(
        "attack", "-e", str(archer), "Ada", "Orc", "--pool", "primary", "--pool", "off", "--json"
    )
    assert ran.code == 2 and ran.error["code"] == "two-handed"
    cases = {
        "unknown-weapon": ["Kaela", "Ogre", "--with", "greatclub"],
        "empty-pool": ["Fenn", "Ogre", "--pool", "savage"],
        "bad-target": ["Kaela", "Kaela"],
        "too-many-targets": ["Fenn", "Ogre", "Kaela"],
        "bad-split": ["Kaela", "Ogre", "--split", "2,x"],
    }
    for code, args in cases.items():
        ran = erc("attack", "-e", DUEL, *args, "--json")
        assert ran.code == 2 and ran.out == "", (code, ran.out)
        assert ran.error["code"] == code, ran.error
        plain = erc("attack", "-e", DUEL, *args)
        assert plain.code == 2 and "Traceback" not in plain.err and plain.err.startswith("erc:")


def test_cli_odds_alone_draws_no_dice(erc) -> None:  # type: ignore[no-untyped-def]
    """CONTRACT `--odds`: "Alone it draws no dice (`rolls` is empty); with `--seed` or
    `--rolls` it also resolves"."""
    alone = erc("attack", "-e", DUEL, "Fenn", "Ogre", "--odds", "--json").json
    assert alone["rolls"] == [] and alone["seed"] is None
    result = alone["result"]
    assert result["strikes"] == [] and result["damage"] is None
    # Fenn: Agility 6 + 2 against a huge Ogre: hits on 5+ (16/20 a die), 2 dice, mod +2
    assert result["odds"]["exact"]["p_hit"] == "24/25"
    assert result["odds"]["exact"]["distribution"] == {"0": "1/25", "3": "8/25", "4": "16/25"}
    both = erc("attack", "-e", DUEL, "Fenn", "Ogre", "--odds", "--seed", "4", "--json").json
    assert len(both["rolls"]) == 2 and both["result"]["damage"] in (0, 3, 4)
    assert both["result"]["odds"] == result["odds"]


def test_cli_human_output(erc) -> None:  # type: ignore[no-untyped-def]
    """Issue 4: "per strike the dice (raw, total, hit or miss), damage per target with its
    parts ..., body before and after"; with --odds a bar chart."""
    ran = erc("attack", "-e", DUEL, "Kaela", "Ogre", "--rolls", "12,2,9,14")
    assert ran.code == 0
    for piece in ("12→17 hit", "2→7 miss", "2+1+1 = 4", "40 → 35", "total damage 5"):
        assert piece in ran.out, piece
    odds = erc("attack", "-e", DUEL, "Fenn", "Ogre", "--odds").out
    assert "at least one hit 96.0%" in odds and "█" * 40 in odds and "64.00%" in odds


def test_cli_house_rule_from_the_file(erc, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """House rules: `advantage_damage: none` in the encounter's `rules:` turns the d3 off."""
    ran = erc("attack", "-e", encounter_path("stealth.yaml"), "Pip", "Gate guard 1",
              "--advantage", "--rolls", "15,15,15", "--json")  # fmt: skip
    assert ran.code == 0, ran.err
    assert ran.json["result"]["targets"][0]["d3"] is None and len(ran.json["rolls"]) == 3


@pytest.mark.parametrize(
    ("primary", "options"),
    [
        (3, {}),
        (3, {"mode": Mode.ADVANTAGE}),
        (1, {"mode": Mode.DISADVANTAGE}),  # 2d20, the lower kept
        (3, {"split": ("primary", (2, 1))}),
        (3, {"extra_primary_dice": 2}),
    ],
)
def test_one_resolver_over_many_seeds_equals_resolving_afresh(
    primary: int, options: dict[str, Any]
) -> None:
    """``resolver(plan)`` (a batch resolves one plan line after line) makes each kept die's
    value once per face and die position: whatever it kept, every result equals what
    ``resolve`` gives from nothing, dice and their purposes included."""
    from erc.core.dice import SeededSource
    from erc.rulesets.er.rules.attack import resolver

    who = fighter(pools={"primary": primary, "off": 1}, weapons=(GLADIUS, DAGGER))
    targets = (goblin("A", ac=9), goblin("B", ac=15))
    plan = plan_attack(who, targets if "split" in options else targets[:1], **options)
    resolve_kept = resolver(plan)
    faces, drawn = set(), 0
    for seed in range(400):
        kept, fresh = Dice(SeededSource(seed)), Dice(SeededSource(seed))
        result = resolve_kept(kept)
        assert result == resolve(fresh, plan)
        assert kept.rolls == fresh.rolls
        for i, strike in enumerate(result.strikes):
            faces.update((i, d.raw, d.source) for d in strike.dice)
            drawn += len(strike.dice)
    assert drawn > 5 * len(faces)  # each strike met its faces again and again
