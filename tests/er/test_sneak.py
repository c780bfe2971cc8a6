"""``erc sneak`` (issue 5): RULES R6.1-R6.5 and R6.6's ``--drop``; seed 001 "Sneak Attack"
and "Getting The Drop"."""

from __future__ import annotations

from typing import Any

import pytest

from erc.core.dice import Dice, Mode, PhysicalSource
from erc.core.errors import ErcError
from erc.rulesets.er.model import Combatant, Weapon
from erc.rulesets.er.rules.attack import plan_attack
from erc.rulesets.er.rules.sneak import Sneak, SneakSetup, prepare, resolve
from tests.conftest import conditioned, encounter_path
from tests.er.test_attack import BOW, DAGGER, GLADIUS, fighter

SPEAR = Weapon("spear", "melee", "piercing", "medium", None, frozenset({"reach"}))
KNIFE = Weapon("knife", "melee", "piercing", "medium", sneak=True)
HAND_AXE = Weapon("hand axe", "melee", "edged", "medium", properties=frozenset({"Light"}))
BITE = Weapon("bite", "savage", "piercing", "light")
AMBUSH = encounter_path("ambush.yaml")
STEALTH = encounter_path("stealth.yaml")


def guard(body: int = 20, **more: Any) -> Combatant:
    """A victim: AC 12, Perception and Resilience modifiers 0 unless given."""
    return Combatant("Guard", ac=more.pop("ac", 12), body_max=body, body=body, **conditioned(more))


def run(rolls: list[int], setup: SneakSetup) -> Sneak:
    """Resolve with forced dice; every value must be used."""
    source = PhysicalSource(rolls)
    result = resolve(Dice(source), setup)
    source.check_all_used()
    return result


def sources(result: Sneak) -> tuple[str, ...]:
    (strike,) = result.strikes
    return tuple(d.source for d in strike.dice)


def dagger_man(pool: int = 1, **more: Any) -> Combatant:
    """seed 001's "character [with] a melee skill, using a dagger" (Strength 4: +4, +1)."""
    return fighter(pools={"primary": pool}, weapons=(DAGGER,), **more)


# --- the chapter's own numbers ----------------------------------------------------------


def test_seed_dagger_with_melee_skill_rolls_3d20() -> None:
    """seed 001: "if a character has a melee skill, using a dagger, performs a sneak attack,
    then 3d20 are rolled for the attack"."""
    result = run([10, 3, 15, 2], prepare(dagger_man(), guard()))
    assert sources(result) == ("pool", "advantage", "sneak")
    assert (result.sneak.advantage_die, result.sneak.sneak_die, result.sneak.n_dice) == (
        True,
        True,
        3,
    )
    (strike,) = result.strikes
    assert [d.hit for d in strike.dice] == [True, False, True]  # 14, 7, 19 against AC 12
    assert (strike.damage, result.targets[0].d3, result.damage) == (3, 2, 5)  # 2+1+0, d3


def test_seed_already_at_advantage_adds_only_the_sneak_die() -> None:
    """seed 001: "If advantage has been granted for another reason, it cannot be gained
    twice ... only the second d20 is added to the attack"."""
    at_advantage = plan_attack(dagger_man(), [guard()], mode=Mode.ADVANTAGE)
    setup = prepare(dagger_man(), guard(), advantage=True)
    assert setup.with_sneak.strikes[0].n_dice == at_advantage.strikes[0].n_dice + 1 == 3
    result = run([10, 3, 15, 2], setup)
    assert (result.sneak.advantage_die, result.sneak.sneak_die) == (False, True)
    assert result.sneak.advantage_from == ("--advantage",)


@pytest.mark.parametrize("condition", ["stunned", "blind", "bound"])
def test_seed_victim_stunned_or_attacked_at_advantage_adds_only_the_sneak_die(
    condition: str,
) -> None:
    """seed 001: "if the victim is stunned or otherwise already to be attacked at advantage,
    then only the second d20 is added" (blind, bound: the ER rulebook's restrictions)."""
    setup = prepare(dagger_man(), guard(conditions=frozenset({condition})))
    result = run([10, 3, 15, 2], setup)
    assert result.sneak.advantage_die is False and result.sneak.sneak_die is True
    assert result.sneak.advantage_from == (f"Guard is {condition}",)
    assert result.sneak.n_dice == 3  # advantage is never gained twice (R1.5)


def test_seed_five_skill_dice_reach_six_or_seven() -> None:
    """seed 001: "if enough skills circumstances exist to reach the 5d20 maximum, a sneak
    attack could still exceed that and permit six or even seven total dice" (R1.4)."""
    setup = prepare(dagger_man(5), guard(), stealth_dc=10)
    assert setup.with_sneak.strikes[0].n_dice == 7
    assert setup.without_sneak is not None and setup.without_sneak.strikes[0].n_dice == 6
    kept = run([2, *[3] * 7], setup)  # the check fails: seven dice, all missing
    lost = run([18, *[3] * 6], setup)  # the check is made: six
    assert (kept.sneak.n_dice, len(kept.strikes[0].dice)) == (7, 7)
    assert (lost.sneak.n_dice, len(lost.strikes[0].dice)) == (6, 6)


def test_seed_second_perception_made_leaves_2d20() -> None:
    """seed 001: "If this second Perception check is made by the victim, then only 1d20 is
    added for advantage, but the second die (the sneak die) ... is removed"."""
    result = run([15, 10, 3, 1], prepare(dagger_man(), guard(), stealth_dc=10))
    check = result.sneak.perception
    assert check is not None and (check.roll, check.dc, check.success) == (15, 10, True)
    assert sources(result) == ("pool", "advantage")
    assert (result.sneak.advantage_die, result.sneak.sneak_die, result.sneak.n_dice) == (
        True,
        False,
        2,
    )
    assert result.damage == 3  # one hit: 1 + 1 + 0, and the advantage d3 stays


def test_seed_second_perception_failed_keeps_the_sneak_die() -> None:
    """R6.3: the sneak die is lost only "if it succeeds"."""
    result = run([9, 10, 3, 15, 1], prepare(dagger_man(), guard(), stealth_dc=10))
    assert result.sneak.perception is not None and not result.sneak.perception.success
    assert sources(result) == ("pool", "advantage", "sneak")


def test_seed_shock_comp_is_5_plus_damage() -> None:
    """seed 001: "The Comp of the save is a base of 5 plus a point per inflicted point of
    damage. If the victim fails ... incapacitated restriction for its next d3 actions"."""
    result = run([15, 15, 15, 2, 10, 2], prepare(dagger_man(), guard(body=12)))
    assert result.damage == 6  # 3 hits + 1 + 0, then d3 2
    shock = result.shock
    assert shock is not None
    assert (shock.triggered, shock.threshold, shock.comp) == (True, 6, 11)
    assert (shock.roll, shock.total, shock.saved, shock.incapacitated_actions) == (
        10,
        10,
        False,
        2,
    )


def test_r6_5_shock_saved_draws_no_d3() -> None:
    """R6.5: only "on a failure" is the victim incapacitated: Comp 11 met, no d3 drawn."""
    result = run([15, 15, 15, 2, 11], prepare(dagger_man(), guard(body=12)))
    assert result.shock is not None and result.shock.saved is True
    assert result.shock.incapacitated_actions == 0


def test_r6_5_shock_save_is_a_resilience_feat() -> None:
    """R6.5 with R2.1: d20 + the Resilience **modifier** (score 6: +2) against the Comp."""
    victim = guard(body=12, scores={"resilience": 6})
    result = run([15, 15, 15, 2, 9], prepare(dagger_man(), victim))
    assert result.shock is not None
    assert (result.shock.modifier, result.shock.total, result.shock.saved) == (2, 11, True)


@pytest.mark.parametrize(
    ("damage_rolls", "damage", "triggered"),
    [([15, 15, 3, 2], 5, True), ([15, 3, 3, 2], 4, False)],
)
def test_r6_5_at_least_half_is_twice_the_damage_reaching_maximum_body(
    damage_rolls: list[int], damage: int, triggered: bool
) -> None:
    """R6.5 (seed 001: "at least (equal or greater than) 50% of the victim's total Body
    maximum"), a comparison, not a floored half: 2 x damage >= maximum Body, so a Body-9
    victim needs 5 (2 x 5 = 10 >= 9); 4 does not shock it (8 < 9) and draws no save."""
    victim = guard(body=9)
    rolls = damage_rolls + ([20] if triggered else [])
    result = run(rolls, prepare(dagger_man(), victim))
    assert result.shock is not None and result.shock.threshold == 5
    assert result.damage == damage
    assert result.shock.triggered is triggered


def test_r6_5_body_7_needs_4() -> None:
    """R6.5: "Body 7: 4 or more" (2 x 4 = 8 >= 7)."""
    result = run([15, 3, 3, 2, 20], prepare(dagger_man(), guard(body=7)))
    assert result.damage == 4 and result.shock is not None and result.shock.triggered
    assert result.shock.threshold == 4


def test_r6_5_a_victim_left_at_0_body_makes_no_shock_save() -> None:
    """R6.5: "a victim the damage leaves at 0 Body is down and makes no shock save": no die is
    drawn for it (every value of --rolls is used by the attack)."""
    victim = Combatant("Guard", ac=12, body_max=9, body=5)
    result = run([15, 15, 3, 2], prepare(dagger_man(), victim))  # 5 damage: Body 5 -> 0
    assert result.damage == 5 and result.targets[0].body_after == 0
    assert result.shock is not None and not result.shock.triggered


def test_r6_5_threshold_uses_maximum_not_current_body() -> None:
    """R6.5: "half the victim's maximum Body": a wounded victim (Body 7 of 12) needs 6."""
    victim = Combatant("Guard", ac=12, body_max=12, body=7)
    result = run([15, 3, 3, 3], prepare(dagger_man(), victim))  # 2 + d3 3 = 5 < 6
    assert result.shock is not None and not result.shock.triggered
    assert result.targets[0].body_after == 2


def test_r6_5_no_damage_no_shock() -> None:
    """R6.5: "No damage, no shock", even for a Body-1 victim (threshold 1)."""
    result = run([2, 2, 2], prepare(dagger_man(), guard(body=1)))
    assert result.damage == 0 and result.shock is not None
    assert (result.shock.threshold, result.shock.triggered) == (1, False)


# --- R6.1, R6.2: who may be sneak attacked, and the dice ------------------------------


def test_r6_1_sleeper_gets_both_dice() -> None:
    """R6.1: a victim "asleep" is unaware; asleep is not being attacked at advantage, so
    both dice are added (R6.2)."""
    result = run([10, 3, 15, 2], prepare(dagger_man(), guard(conditions=frozenset({"asleep"}))))
    assert (result.sneak.advantage_die, result.sneak.sneak_die, result.sneak.n_dice) == (
        True,
        True,
        3,
    )


def test_r6_1_surprised_victim_is_not_attacked_at_advantage() -> None:
    """R6.1 and seed 000: "surprised targets are not at advantage to be attacked; however,
    they are potential targets for a sneak attack" (a fresh check for this attacker)."""
    setup = prepare(dagger_man(), guard(conditions=frozenset({"surprised"})))
    assert setup.advantage_from == ()
    assert any("fresh failed check" in n for n in setup.notes)


def test_r6_2_sneak_attack_is_at_advantage_with_the_d3() -> None:
    """R6.2 and R1.6: "A sneak attack is an attack at advantage": the d3 is added to a hit
    target; house rule ``advantage_damage: none`` turns it off."""
    with_d3 = run([10, 3, 3, 3], prepare(dagger_man(), guard()))
    without = run([10, 3, 3], prepare(dagger_man(), guard(), advantage_damage="none"))
    assert (with_d3.damage, with_d3.mode) == (5, "advantage")
    assert without.damage == 2 and without.targets[0].d3 is None


# --- R6.3: ranged and melee -------------------------------------------------------------


def test_r6_3_ranged_both_dice_automatically_no_check() -> None:
    """R6.3: "Ranged: both dice automatically": no Perception die is drawn."""
    archer = fighter(weapons=(BOW,))
    result = run([10, 3, 15, 2], prepare(archer, guard()))
    assert result.sneak.approach == "ranged" and result.sneak.perception is None
    assert sources(result) == ("pool", "advantage", "sneak")


def test_r6_3_melee_with_reach_gets_the_second_check() -> None:
    """R6.3: "Melee (reach included) ... the victim gets a second Perception check"."""
    spearman = fighter(weapons=(SPEAR,))
    result = run([20, 10, 3, 1], prepare(spearman, guard(), stealth_dc=18))
    assert result.sneak.perception is not None and result.sneak.perception.success
    assert result.sneak.sneak_die is False and result.sneak.weapon_allows == "reach"


def test_r6_3_melee_approach_at_half_movement_noted() -> None:
    """R6.3: "the approach is at half movement" (erc movement --sneak-approach)."""
    assert any("half movement" in n for n in prepare(dagger_man(), guard()).notes)
    assert not any("half movement" in n for n in prepare(fighter(weapons=(BOW,)), guard()).notes)


def test_r6_3_second_check_uses_the_victims_perception_modifier() -> None:
    """R6.3 with R2.3: d20 + the victim's Perception modifier (score 6: +2) against the DC;
    R1.3: a raw 20 succeeds and a raw 1 fails."""
    victim = guard(scores={"perception": 6})
    made = run([8, 10, 3, 1], prepare(dagger_man(), victim, stealth_dc=10))
    assert made.sneak.perception is not None
    assert (made.sneak.perception.total, made.sneak.perception.success) == (10, True)
    raw_one = run(
        [1, 10, 3, 15, 1], prepare(dagger_man(), guard(modifiers={"perception": 30}), stealth_dc=5)
    )
    assert raw_one.sneak.perception is not None and not raw_one.sneak.perception.success


def test_r6_3_sleeper_checks_at_dc_plus_3() -> None:
    """R6.3 with R4.2 (as erc perceive and roll-init): asleep raises the DC by 3, blind or
    deaf by 3 once."""
    sleeper = guard(conditions=frozenset({"asleep", "blind", "deaf"}))
    result = run([15, 10, 3, 15, 1], prepare(dagger_man(), sleeper, stealth_dc=10))
    check = result.sneak.perception
    assert check is not None and (check.dc, check.success) == (16, False)
    assert result.sneak.sneak_die is True


def test_r6_3_victim_that_cannot_perceive_keeps_the_sneak_die() -> None:
    """R6.3 with R4.2: an unconscious victim rolls nothing and notices nothing."""
    victim = guard(conditions=frozenset({"unconscious"}))
    result = run([10, 3, 15, 1], prepare(dagger_man(), victim, stealth_dc=10))
    check = result.sneak.perception
    assert check is not None and (check.roll, check.no_roll) == (None, "unconscious")
    assert result.sneak.sneak_die is True


# --- R6.4: restrictions -----------------------------------------------------------------


def test_r6_4_not_allowed_at_disadvantage() -> None:
    """R6.4: "Not allowed at disadvantage", even when advantage would cancel it."""
    for advantage in (False, True):
        with pytest.raises(ErcError) as caught:
            prepare(dagger_man(), guard(), disadvantage=True, advantage=advantage)
        assert caught.value.code == "sneak-disadvantage"


@pytest.mark.parametrize("condition", ["blind", "bound"])
def test_r6_4_attacker_at_disadvantage_for_any_reason(condition: str) -> None:
    """R6.4 (seed 001: "cannot be at disadvantage either for any reason"): a blind or bound
    attacker attacks at disadvantage (the ER rulebook's restrictions)."""
    with pytest.raises(ErcError) as caught:
        prepare(dagger_man(conditions=frozenset({condition})), guard())
    assert caught.value.code == "sneak-disadvantage" and condition in caught.value.message


@pytest.mark.parametrize(
    ("weapon", "why"),
    [(BOW, "ranged"), (DAGGER, "light"), (HAND_AXE, "light"), (SPEAR, "reach"), (KNIFE, "sneak")],
)
def test_r6_4_weapons_that_may_sneak_attack(weapon: Weapon, why: str) -> None:
    """R6.4: "Weapon must be ranged (kind), light (weight), reach (properties), or marked
    sneak: true" (seed 001: "the light or reach property")."""
    assert prepare(fighter(weapons=(weapon,)), guard()).weapon_allows == why


@pytest.mark.parametrize("weapon", [GLADIUS, BITE])
def test_r6_4_other_weapons_are_a_clear_error(weapon: Weapon) -> None:
    """R6.4: "Violations are a clear error, not a silent normal attack"; a savage weapon
    is not a primary-pool weapon."""
    with pytest.raises(ErcError) as caught:
        prepare(fighter(weapons=(weapon, DAGGER)), guard(), weapon=weapon.name)
    assert caught.value.code == "sneak-weapon"
    assert "could use: dagger" in caught.value.message


def test_r6_4_one_strike_primary_pool_only() -> None:
    """R6.4: "A sneak attack is one strike: the primary pool only", whatever other pools
    the attacker has."""
    twin = fighter(pools={"primary": 1, "off": 1, "savage": 1}, weapons=(DAGGER, KNIFE))
    result = run([10, 3, 15, 2], prepare(twin, guard()))
    assert [s.pool for s in result.strikes] == ["primary"]


def test_r6_4_no_stealth_dc_no_second_check() -> None:
    """R6.4: "Without a stealth DC there is no second check": no Perception die."""
    result = run([10, 3, 15, 2], prepare(dagger_man(), guard()))
    assert result.sneak.perception is None and result.sneak.stealth_dc is None


def test_r6_4_stealth_dc_with_a_ranged_weapon_is_an_error() -> None:
    """R6.4: "a stealth DC with a ranged weapon is an error"."""
    with pytest.raises(ErcError) as caught:
        prepare(fighter(weapons=(BOW,)), guard(), stealth_dc=12)
    assert caught.value.code == "bad-option"


# --- R6.6: --drop -----------------------------------------------------------------------


def test_r6_6_drop_holds_the_damage() -> None:
    """R6.6: "roll the sneak attack but hold the damage"; R6.5: "Held damage (the drop)
    shocks when it is inflicted, not when it is held": no shock die is drawn."""
    result = run([15, 15, 15, 2], prepare(dagger_man(), guard(body=12), drop=True))
    assert result.drop is not None and result.drop.held_damage == 6
    (target,) = result.targets
    assert target.body_after == target.body_before == 12 and not target.down
    assert result.shock is not None and result.shock.pending and not result.shock.triggered


# --- the command line -------------------------------------------------------------------

KNIFE_ATTACK = ("sneak", "-e", AMBUSH, "Vessa", "Bandit 1", "--with", "knife",
                "--stealth-dc", "12", "--rolls", "5,15,15,15,1,2,3,2")  # fmt: skip
"""Vessa's knife (light, sneak: true) on a bandit: the check fails on 5, three hits + d3 2 =
5 damage reaches half of Body 9 (R6.5: 2 x 5 >= 9), and the shock save (3 against Comp 10)
fails: 2 actions."""


def test_cli_json_fields_and_dice_order(erc: Any) -> None:
    """CONTRACT sneak: "the victim's second Perception d20 (melee, with --stealth-dc), then
    the attack as above, then the shock save d20, then the incapacitation d3"; the JSON
    ``sneak``, ``shock`` and ``drop`` fields."""
    ran = erc(*KNIFE_ATTACK, "--json")
    assert ran.code == 0, ran.err
    document = ran.json
    assert [r["for"] for r in document["rolls"]] == [
        "Bandit 1 second perception",
        "Vessa primary 1",
        "Vessa primary 2",
        "Vessa primary 3 (advantage)",
        "Vessa primary 4 (sneak)",
        "Vessa advantage d3 vs Bandit 1",
        "Bandit 1 shock resilience feat",
        "Bandit 1 incapacitated actions",
    ]
    result = document["result"]
    assert result["sneak"]["advantage_die"] is True and result["sneak"]["sneak_die"] is True
    assert result["sneak"]["perception"]["roll"] == 5
    assert result["sneak"]["perception"]["success"] is False
    assert result["damage"] == 5  # knife: 3 hits + Strength modifier 0 + weight 0, d3 2
    assert result["targets"][0]["body_after"] == 4
    assert result["shock"] == {
        "triggered": True,
        "threshold": 5,
        "damage": 5,
        "comp": 10,
        "roll": 3,
        "dice": [{"die": 20, "value": 3, "kept": True}],
        "modifier": 0,
        "total": 3,
        "saved": False,
        "incapacitated_actions": 2,
        "pending": False,
    }
    assert result["drop"] is None and result["attacker"] == "Vessa"


def test_cli_drop_json(erc: Any) -> None:
    """CONTRACT: "with --drop ``drop``: {held_damage}"; Body untouched."""
    ran = erc(
        "sneak", "-e", AMBUSH, "Vessa", "Bandit 1", "--drop", "--json", "--rolls", "10,10,1,1,1"
    )
    result = ran.json["result"]
    assert result["drop"] == {"held_damage": 5}
    assert result["targets"][0]["body_before"] == result["targets"][0]["body_after"] == 9
    assert result["shock"]["pending"] is True and len(ran.json["rolls"]) == 5


@pytest.mark.parametrize(
    ("args", "code"),
    [
        (("Vessa", "Bandit 1", "--disadvantage"), "sneak-disadvantage"),
        (("Brother Aldo", "Bandit 1"), "sneak-weapon"),
        (("Vessa", "Bandit 1", "--stealth-dc", "12"), "bad-option"),
        (("Vessa", "Bandit 1", "--with", "sword"), "unknown-weapon"),
        (("Vessa", "Vessa"), "bad-target"),
        (("Vessa", "Nobody"), "unknown-combatant"),
    ],
)
def test_cli_bad_input_exit_2(erc: Any, args: tuple[str, ...], code: str) -> None:
    """R6.4: violations are "a clear error, not a silent normal attack" (exit 2)."""
    ran = erc("sneak", "-e", AMBUSH, *args, "--json", "--seed", "1")
    assert ran.code == 2 and ran.out == ""
    assert ran.error["code"] == code


def test_cli_odds_alone_draws_nothing(erc: Any) -> None:
    """CONTRACT `--odds`: "Alone it draws no dice"; the sneak odds add the chance of keeping
    the sneak die and of the shock."""
    ran = erc(
        "sneak", "-e", STEALTH, "Pip", "Gate guard 1", "--stealth-dc", "15", "--odds", "--json"
    )
    document = ran.json
    assert document["rolls"] == [] and document["result"]["resolved"] is False
    assert document["result"]["sneak"]["sneak_die"] is None
    odds = document["result"]["odds"]
    assert {"p_hit", "expected_damage", "distribution", "p_sneak_die", "p_shock", "exact"} <= set(
        odds
    )
    assert odds["exact"]["p_sneak_die"] == "7/10"  # the guard notices on 15+ (+0): 6 faces


def test_cli_human_output_tells_the_story(erc: Any) -> None:
    """Issue 5: "Human output tells the story: the dice added and why, the victim's check,
    damage, shock"."""
    ran = erc(*KNIFE_ATTACK)
    out = " ".join(ran.out.split())
    assert ran.code == 0
    for words in (
        "Vessa sneak attacks Bandit 1 with knife",
        "advantage die (the sneak attack) + sneak die = 4d20",
        "second Perception check (stealth DC 12)",
        "does not notice Vessa: the sneak die stays",
        "total damage 5",
        "Resilience feat 3+0 = 3 vs Comp 10",
        "incapacitated for its next 2 actions",
    ):
        assert words in out, words
