"""``erc disarm`` and ``erc free`` (issue 6): RULES.md R8; seed 001 "Weapon Negation"."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import product
from pathlib import Path
from typing import Any

import pytest

from erc.core.dice import Dice, Mode, PhysicalSource, SeededSource
from erc.core.encounter import parse
from erc.core.errors import ErcError
from erc.core.value import replace
from erc.rulesets.er.odds.weapon_negation import disarm_odds
from erc.rulesets.er.rules.weapon_negation import (
    ATTACKER_AT_ADVANTAGE,
    Negation,
    free_cost,
    negation,
    resolve,
)

ARMOURY = """\
erc: 1
name: Weapon negation
combatants:
  - name: Duelist
    side: a
    ac: 14
    body: 20
    attributes: {strength: 5, agility: 4}
    pools: {primary: 3, off: 1}
    weapons:
      - {name: longsword, kind: melee, weight: medium, damage_type: edged, hand: primary}
      - {name: dagger, kind: melee, weight: light, damage_type: piercing, hand: off}
      - {name: maul, kind: melee, weight: heavy, damage_type: blunt}
      - {name: sling, kind: ranged, damage_type: blunt}
  - name: Brute
    side: b
    size: large
    ac: 13
    body: 30
    attributes: {strength: 6, agility: 2}
    pools: {primary: 2}
    weapons:
      - {name: greataxe, kind: melee, weight: heavy, damage_type: edged, hand: both}
      - {name: claws, kind: savage, weight: light, damage_type: edged}
  - {name: Archer, ac: 12, body: 10, attributes: {strength: 2},
     weapons: [{name: bow, kind: ranged, damage_type: piercing, hand: both}]}
  - {name: Ranger, ac: 12, body: 10, attributes: {strength: 3},
     weapons: [{name: bow, kind: ranged, damage_type: piercing, hand: both},
               {name: knife, kind: melee, weight: light, damage_type: piercing}]}
  - {name: Wolf, ac: 12, body: 10, weapons: [{name: bite, kind: savage, weight: light,
     damage_type: piercing}]}
  - {name: Stoneskin, ac: 10, body: 10, attributes: {strength: 2, agility: 4},
     resist: [edged], immune: [blunt], vulnerable: [piercing],
     weapons: [{name: axe, kind: melee, weight: medium, damage_type: edged}]}
  - {name: Frail, ac: 2, body: 3, weapons: [{name: staff, kind: melee, weight: medium,
     damage_type: blunt}]}
  - {name: Fortress, ac: 40, body: 10, weapons: [{name: sword, kind: melee, weight: medium,
     damage_type: edged}]}
  - {name: Unarmed, ac: 10, body: 10}
"""
CHI2_2DF_999 = 13.816
"""The chi-square critical value for 2 degrees of freedom at p = 0.001."""

ENCOUNTER = parse(ARMOURY)


def who(name: str) -> Any:
    return ENCOUNTER.get(name)


@pytest.fixture
def armoury(tmp_path: Path) -> str:
    path = tmp_path / "armoury.yaml"
    path.write_text(ARMOURY)
    return str(path)


@pytest.fixture
def disarm(erc: Any, armoury: str) -> Any:
    """``disarm("Duelist", "Brute", "--rolls", "8")`` -> the JSON result."""

    def call(*args: str) -> Any:
        ran = erc("disarm", "-e", armoury, "--json", *args)
        assert ran.code == 0, ran.err
        return ran.json

    return call


def refused(erc: Any, armoury: str, *args: str) -> Any:
    ran = erc("disarm", "-e", armoury, "--json", *args)
    assert ran.code == 2 and ran.out == "", ran.out
    return ran.error


def forced(setup: Negation, *values: int) -> Any:
    source = PhysicalSource(values)
    result = resolve(setup, Dice(source))
    source.check_all_used()
    return result


# --- R8.1: the attempt ---------------------------------------------------------------


def test_r8_1_attempt_is_d20_plus_strength_score_against_ac(disarm: Any) -> None:
    """R8.1: "one d20 ... + Strength score + the attacker's size modifier against the
    target's AC": Strength 5, medium: 8 + 5 = 13 reaches AC 13; 7 + 5 does not."""
    document = disarm("Duelist", "Brute", "--no-resist", "--rolls", "8")
    result = document["result"]
    assert result["attempt"] == {
        "dice": [{"die": 20, "value": 8, "kept": True}], "roll": 8, "modifier": 5,
        "total": 13, "ac": 13, "hit": True, "advantage": "normal",
    }  # fmt: skip
    assert (result["hit"], result["outcome"], result["reaction"]) == (True, "disarmed", None)
    assert document["rolls"][0]["die"] == 20
    missed = disarm("Duelist", "Brute", "--no-resist", "--rolls", "7")["result"]
    assert (missed["hit"], missed["outcome"], missed["damage_taken"]) == (False, "missed", 0)


def test_r8_1_the_attackers_size_modifier_adds(disarm: Any) -> None:
    """R8.1: "+ the attacker's size modifier": Large +1 (R5.3); Strength 6 + 1 = 7."""
    result = disarm("Brute", "Duelist", "--no-resist", "--rolls", "7")["result"]
    assert (result["attempt"]["modifier"], result["attempt"]["total"], result["hit"]) == (
        7,
        14,
        True,
    )
    assert disarm("Brute", "Duelist", "--no-resist", "--rolls", "6")["result"]["hit"] is False


def test_r8_1_r1_3_raw_20_hits_and_raw_1_misses(disarm: Any) -> None:
    """R8.1: "with raw 20/1 rules" (R1.3: "a raw 20 always hits and a raw 1 always misses")."""
    assert disarm("Duelist", "Fortress", "--no-resist", "--rolls", "20")["result"]["hit"]
    assert not disarm("Duelist", "Fortress", "--no-resist", "--rolls", "19")["result"]["hit"]
    assert disarm("Brute", "Frail", "--no-resist", "--rolls", "2")["result"]["hit"]
    assert not disarm("Brute", "Frail", "--no-resist", "--rolls", "1")["result"]["hit"]


def test_r8_1_advantage_and_disadvantage_roll_two_keep_better_or_worse(disarm: Any) -> None:
    """R8.1: "2 dice, better or worse, with advantage or disadvantage"; R1.5: together they
    cancel."""
    up = disarm("Duelist", "Brute", "--no-resist", "--advantage", "--rolls", "3,15")["result"]
    assert up["attempt"]["dice"] == [
        {"die": 20, "value": 3, "kept": False},
        {"die": 20, "value": 15, "kept": True},
    ]
    assert (up["attempt"]["roll"], up["hit"]) == (15, True)
    down = disarm("Duelist", "Brute", "--no-resist", "--disadvantage", "--rolls", "3,15")
    assert (down["result"]["attempt"]["roll"], down["result"]["hit"]) == (3, False)
    both = disarm(
        "Duelist", "Brute", "--no-resist", "--advantage", "--disadvantage", "--rolls", "9"
    )
    assert [d["value"] for d in both["result"]["attempt"]["dice"]] == [9]


def test_r8_1_no_skill_adds_dice_and_a_rebuff_cannot_stop_it(disarm: Any) -> None:
    """R8.1: "no skill adds dice. A rebuff cannot stop it"; seed 001: "no matter how many
    skills complement these maneuvers ... the success roll is a single d20". The Duelist's
    3-dice pool still rolls one d20, and only d20 + Strength score + size against AC decides."""
    document = disarm("Duelist", "Brute", "--lock", "--no-resist", "--rolls", "8")
    assert [r["die"] for r in document["rolls"]] == [20]
    assert document["result"]["outcome"] == "locked"


def test_r8_1_needs_a_melee_weapon(erc: Any, armoury: str, disarm: Any) -> None:
    """R8.1: "It needs a melee weapon": the primary one if melee, else the first melee one."""
    assert refused(erc, armoury, "Archer", "Brute")["code"] == "no-melee-weapon"
    error = refused(erc, armoury, "Duelist", "Brute", "--with", "sling")
    assert error["code"] == "no-melee-weapon" and "ranged" in error["message"]
    assert refused(erc, armoury, "Duelist", "Brute", "--with", "spear")["code"] == "unknown-weapon"
    assert disarm("Ranger", "Brute", "--no-resist", "--rolls", "9")["result"]["weapon"] == "knife"
    chosen = disarm("Duelist", "Brute", "--with", "MAUL", "--no-resist", "--rolls", "9")
    assert chosen["result"]["weapon"] == "maul"


def test_r8_1_victim_must_hold_a_manufactured_weapon(erc: Any, armoury: str, disarm: Any) -> None:
    """R8.1: "a victim holding a manufactured (non-savage) weapon: its primary one unless
    named"."""
    assert refused(erc, armoury, "Duelist", "Wolf")["code"] == "savage-weapon"
    error = refused(erc, armoury, "Duelist", "Brute", "--victim-weapon", "claws")
    assert error["code"] == "savage-weapon"
    assert refused(erc, armoury, "Duelist", "Unarmed")["code"] == "no-weapon"
    assert disarm("Duelist", "Brute", "--rolls", "1")["result"]["victim_weapon"] == "greataxe"
    named = disarm("Brute", "Duelist", "--victim-weapon", "dagger", "--rolls", "1")
    assert named["result"]["victim_weapon"] == "dagger"


def test_cannot_disarm_oneself(erc: Any, armoury: str) -> None:
    """CONTRACT: bad input is exit 2 with a clean message: the attacker names the victim."""
    assert refused(erc, armoury, "Duelist", "duel")["code"] == "bad-option"


# --- R8.2: weapon lock ---------------------------------------------------------------


def test_r8_2_an_unresisted_lock_holds(disarm: Any) -> None:
    """R8.2: the victim "may" spend its reaction; without it the weapon is locked, and "A
    locked weapon gives no bonuses (no parry, rebuff, riposte); later pull-free reactions
    fail" (said in the result's notes)."""
    result = disarm("Duelist", "Brute", "--lock", "--no-resist", "--rolls", "10")["result"]
    assert (result["outcome"], result["reaction"], result["damage_taken"]) == ("locked", None, 0)
    assert result["resists"] is False
    assert any("parry" in n for n in result["notes"])
    assert any("pull it free fail" in n for n in result["notes"])


def test_r8_2_lock_strength_competition_attacker_at_advantage(disarm: Any) -> None:
    """R8.2: "the victim may spend its reaction on a Strength competition; the attacker rolls
    its d12 at advantage; the victim must win outright to pull free". Dice: the attempt,
    the victim's d12, then the attacker's two."""
    document = disarm("Duelist", "Brute", "--lock", "--rolls", "10,9,4,8")
    result = document["result"]
    assert result["outcome"] == "pulled-free"
    reaction = result["reaction"]
    assert [(s["name"], s["attribute"], [d["value"] for d in s["dice"]], s["roll"], s["total"],
             s["advantage"]) for s in reaction["sides"]] == [
        ("Brute", "strength", [9], 9, 11, "normal"),
        ("Duelist", "strength", [4, 8], 8, 9, "advantage"),
    ]  # fmt: skip
    assert reaction["winner"] == "Brute"
    assert reaction["setup"][1]["advantage_from"] == [ATTACKER_AT_ADVANTAGE]
    assert [r["for"] for r in document["rolls"]] == [
        "Duelist lock attempt",
        "Brute strength competition",
        "Duelist strength competition (advantage 1)",
        "Duelist strength competition (advantage 2)",
    ]


def test_r8_2_a_tied_lock_stays_locked(disarm: Any) -> None:
    """R8.2: "the victim must win outright to pull free": a tie leaves it locked."""
    result = disarm("Duelist", "Brute", "--lock", "--rolls", "10,7,8,3")["result"]
    assert result["reaction"]["winner"] is None and result["outcome"] == "locked"


# --- R8.3: disarm --------------------------------------------------------------------


@pytest.mark.parametrize(("weapon", "damage"), [("dagger", 2), ("longsword", 3), ("maul", 4)])
def test_r8_3_resisting_costs_2_3_4_damage_by_weapon_weight(
    disarm: Any, weapon: str, damage: int
) -> None:
    """R8.3: "it first takes 2/3/4 damage (attacker's weapon light/medium/heavy, of that
    weapon's damage type)"."""
    result = disarm("Duelist", "Brute", "--with", weapon, "--rolls", "10,12,1,1")["result"]
    assert result["damage_taken"] == damage
    assert (result["body_before"], result["body_after"]) == (30, 30 - damage)
    assert result["damage_type"] == who("Duelist").weapon(weapon).damage_type
    assert result["outcome"] == "kept"


@pytest.mark.parametrize(
    ("weapon", "damage"),
    [("dagger", 4), ("longsword", 1), ("maul", 0)],  # vulnerable, resistant, immune
)
def test_r8_3_the_damage_obeys_the_victims_resistances(
    disarm: Any, weapon: str, damage: int
) -> None:
    """R8.3: "the 2/3/4 damage obeys the victim's resistances" (R5.5: resistant halves,
    floor; immune zeroes; vulnerable doubles)."""
    result = disarm("Duelist", "Stoneskin", "--with", weapon, "--rolls", "10,12,1,1")["result"]
    assert result["damage_taken"] == damage


def test_r8_3_agility_competition_victim_must_win_outright(disarm: Any) -> None:
    """R8.3: "then an Agility competition with the attacker at advantage ... the victim must
    win outright to keep the weapon, otherwise it is flung away"."""
    kept = disarm("Duelist", "Stoneskin", "--rolls", "10,9,5,4")["result"]
    sides = kept["reaction"]["sides"]
    assert [(s["attribute"], s["total"], s["advantage"]) for s in sides] == [
        ("agility", 10, "normal"),  # Agility 4 gives +1
        ("agility", 6, "advantage"),
    ]
    assert kept["outcome"] == "kept"
    tied = disarm("Duelist", "Stoneskin", "--rolls", "10,5,5,4")["result"]
    assert tied["reaction"]["winner"] is None and tied["outcome"] == "disarmed"
    assert any("10 ft" in n for n in tied["notes"])


def test_r8_3_unresisted_disarm_takes_no_damage(disarm: Any) -> None:
    """R8.3: the damage is the price of resisting; a victim that does not resist loses the
    weapon and takes none."""
    result = disarm("Duelist", "Brute", "--no-resist", "--rolls", "10")["result"]
    assert (result["outcome"], result["damage_taken"], result["body_after"]) == (
        "disarmed",
        0,
        30,
    )


@pytest.mark.parametrize(("weapon", "damage"), [("maul", 4), ("longsword", 3)])
def test_r8_3_resisting_damage_that_downs_the_victim_ends_it(
    disarm: Any, weapon: str, damage: int
) -> None:
    """R8.3 with R5.8 ("at 0 the target is down"): a victim brought to 0 Body (Body 3) by the
    price of resisting cannot compete; the weapon is flung away and no d12 is rolled."""
    document = disarm("Duelist", "Frail", "--with", weapon, "--rolls", "10")
    result = document["result"]
    assert (result["damage_taken"], result["body_after"]) == (damage, 0)
    assert result["outcome"] == "disarmed" and result["notes"][0].startswith("the resisting")
    assert result["reaction"] is None and len(document["rolls"]) == 1
    survives = disarm("Duelist", "Frail", "--with", "dagger", "--rolls", "10,12,1,1")["result"]
    assert (survives["body_after"], survives["outcome"]) == (1, "kept")


# --- R8.4: no reaction left ------------------------------------------------------------


def test_r8_4_a_victim_with_its_reaction_resists_by_default(disarm: Any) -> None:
    """Issue 6: "default: resist when the victim has a reaction"."""
    assert disarm("Duelist", "Brute", "--rolls", "1")["result"]["resists"] is True


def test_r8_4_a_victim_without_a_reaction_cannot_resist() -> None:
    """R8.4: "A victim without a reaction left this round cannot resist": by default it does
    not, and asking it to is an error."""
    spent = replace(who("Brute"), reaction_used=True)
    setup = negation(who("Duelist"), spent)
    assert setup.resists is False
    assert forced(setup, 10).outcome == "disarmed"
    with pytest.raises(ErcError) as caught:
        negation(who("Duelist"), spent, resist=True)
    assert caught.value.code == "no-reaction" and "R8.4" in caught.value.message


# --- odds ---------------------------------------------------------------------------


def enumerated(setup: Negation) -> dict[str, Fraction]:
    """Every die sequence the disarm can draw, equally likely, each resolved by ``resolve``
    (after a miss the reaction's d12s are simply not read)."""
    attempt = 1 if setup.mode is Mode.NORMAL else 2
    reaction = 0
    if setup.resists and not setup.downed:
        reaction = sum(1 if side.mode is Mode.NORMAL else 2 for side in setup.reaction())
    tally: Counter[str] = Counter()
    for faces in product(range(1, 21), repeat=attempt):
        for d12s in product(range(1, 13), repeat=reaction):
            result = resolve(setup, Dice(PhysicalSource([*faces, *d12s])))
            tally["hit"] += bool(result.hit)
            tally["success"] += result.outcome in ("locked", "disarmed")
            tally["all"] += 1
    return {
        "p_hit": Fraction(tally["hit"], tally["all"]),
        "p_success": Fraction(tally["success"], tally["all"]),
    }


@pytest.mark.parametrize(
    ("attacker", "victim", "options"),
    [
        ("Duelist", "Brute", {"lock": True}),
        ("Duelist", "Stoneskin", {}),
        ("Brute", "Duelist", {"resist": False, "mode": Mode.ADVANTAGE}),
        ("Duelist", "Brute", {"resist": False, "mode": Mode.DISADVANTAGE}),
        ("Duelist", "Frail", {"weapon": "maul"}),  # resisting would down it
        ("Duelist", "Fortress", {"resist": False}),  # only a raw 20 hits
    ],
)
def test_exact_odds_agree_with_enumeration(
    attacker: str, victim: str, options: dict[str, Any]
) -> None:
    """CONTRACT ``--odds`` for disarm: ``{p_hit, p_success}`` (success: "the weapon ends
    locked or disarmed"), against every die sequence resolved."""
    setup = negation(who(attacker), who(victim), **options)
    assert disarm_odds(setup) == enumerated(setup)


def test_seeded_runs_match_the_exact_odds() -> None:
    """Randomness: 3,000 seeded locks against the exact odds (chi-square, 2 df over missed,
    locked and pulled free)."""
    setup = negation(who("Duelist"), who("Brute"), lock=True)
    exact = disarm_odds(setup)
    expected = {
        "missed": 1 - exact["p_hit"],
        "locked": exact["p_success"],
        "pulled-free": exact["p_hit"] - exact["p_success"],
    }
    runs = 3000
    tally = Counter(resolve(setup, Dice(SeededSource(seed))).outcome for seed in range(runs))
    assert set(tally) <= set(expected)
    chi2 = sum((tally[k] - runs * p) ** 2 / (runs * p) for k, p in expected.items())
    assert float(chi2) < CHI2_2DF_999


def test_odds_alone_draws_no_dice(disarm: Any) -> None:
    """CONTRACT: "``--odds`` ... Alone it draws no dice (``rolls`` is empty)"."""
    document = disarm("Duelist", "Brute", "--lock", "--odds")
    assert document["rolls"] == [] and document["seed"] is None
    result = document["result"]
    assert (result["resolved"], result["hit"], result["outcome"]) == (False, None, None)
    exact = disarm_odds(negation(who("Duelist"), who("Brute"), lock=True))
    assert result["odds"]["exact"] == {
        k: f"{v.numerator}/{v.denominator}" for k, v in exact.items()
    }
    assert result["odds"]["p_hit"] == pytest.approx(float(exact["p_hit"]))
    resolved = disarm("Duelist", "Brute", "--lock", "--odds", "--rolls", "2")["result"]
    assert resolved["resolved"] and resolved["outcome"] == "missed" and resolved["odds"]


# --- R8.2: freeing a locked weapon (``erc free``) -----------------------------------------


@pytest.mark.parametrize(
    ("pool", "steps"),
    [
        (3, [(1, 2, 1)]),
        (2, [(1, 2, 0)]),
        (1, [(1, 1, 0), (2, 1, 0)]),
        (0, [(1, 1, 0), (2, 1, 0)]),
    ],
)
def test_r8_2_freeing_costs_two_attack_dice(pool: int, steps: list[tuple[int, int, int]]) -> None:
    """R8.2: "Freeing it costs 2 attack dice from the wielder's next action (spread over two
    rounds when the pool has fewer than 2 dice)"; seed 001: "if the skills add up to 3d20,
    then on the next action, 2 dice are sacrificed but a 1d20 attack can still be made"."""
    wielder = replace(who("Brute"), pools={"primary": pool} if pool else {})
    freeing = free_cost(wielder)
    assert freeing.weapon == "greataxe" and freeing.pool_dice == pool
    assert [(s.action_number, s.sacrificed, s.attack_dice_left) for s in freeing.schedule] == steps


def test_r8_2_free_cli_uses_the_locked_weapons_pool(erc: Any, armoury: str) -> None:
    """R8.2: the dice come from the attack with that weapon: an off-hand weapon's pool."""
    ran = erc("free", "-e", armoury, "Duelist", "--with", "dagger", "--json")
    assert ran.code == 0 and ran.json["rolls"] == []
    result = ran.json["result"]
    assert (result["pool"], result["pool_dice"], result["weapon"]) == ("off", 1, "dagger")
    assert len(result["schedule"]) == 2
    assert any("third party" in n for n in result["notes"])
    human = erc("free", "-e", armoury, "Duelist")
    assert "Freeing Duelist's longsword" in human.out and "next" in human.out
    assert erc("free", "-e", armoury, "Wolf", "--json").error["code"] == "savage-weapon"


def test_r8_2_free_preview_of_a_weapon_not_locked_says_so(erc: Any, armoury: str) -> None:
    """R8.2 prices freeing "a locked weapon"; a preview of ``erc free`` on a weapon that is
    not locked prices it (``--apply`` is refused, ``not-locked``) and says it is not locked,
    rather than only "the weapon is free" as if a lock had been broken."""
    ran = erc("free", "-e", armoury, "Duelist", "--json")
    assert ran.code == 0
    assert any("is not locked" in n for n in ran.json["result"]["notes"])
    assert "is not locked" in erc("free", "-e", armoury, "Duelist").out


# --- human output -------------------------------------------------------------------


def test_human_output_names_dice_totals_and_outcome(erc: Any, armoury: str) -> None:
    """Issue 6: "Human output: both sides' dice, kept die, totals, outcome in words"."""
    ran = erc("disarm", "-e", armoury, "Duelist", "Stoneskin", "--rolls", "10,9,5,4")
    assert ran.code == 0
    for piece in (
        "Disarm: Duelist (longsword) on Stoneskin's axe",
        "hit",
        "Stoneskin takes 1 edged to resist: Body 10 -> 9",
        "5 4",
        "Stoneskin wins 10 to 6",
        "kept: Stoneskin resists and keeps the axe",
        "rolls 10,9,5,4",
    ):
        assert piece in ran.out, piece
    lock = erc("disarm", "-e", armoury, "Duelist", "Brute", "--lock", "--odds")
    assert "Weapon lock" in lock.out and "locked" in lock.out and "%" in lock.out


def test_r8_2_a_locked_weapon_cannot_lock_or_disarm() -> None:
    """R8.2: "A locked weapon gives no bonuses ... the weapon is held useless": it cannot
    make a lock or disarm either."""
    from erc.core.errors import ErcError
    from erc.rulesets.er.rules.weapon_negation import negation

    enc = parse("""erc: 1
combatants:
  - {name: A, ac: 10, body: 9, weapons: [{name: sword, kind: melee, weight: medium,
     damage_type: edged}]}
  - {name: B, ac: 10, body: 9, weapons: [{name: axe, kind: melee, weight: heavy,
     damage_type: edged}]}
""")
    a, b = enc.combatants
    with pytest.raises(ErcError) as caught:
        negation(replace(a, locked_weapons=frozenset({"sword"})), b)
    assert caught.value.code == "weapon-locked"


def test_r8_1_default_victim_weapon_is_its_first_manufactured_one() -> None:
    """R8.1: "a victim holding a manufactured (non-savage) weapon: its primary one unless
    named": with no hand given and a claw listed first, the sword is the one at stake."""
    from erc.rulesets.er.rules.weapon_negation import negation

    enc = parse("""erc: 1
combatants:
  - {name: A, ac: 10, body: 9, weapons: [{name: sword, kind: melee, weight: medium,
     damage_type: edged}]}
  - {name: B, ac: 10, body: 9, weapons: [{name: claw, kind: savage, weight: light,
     damage_type: edged}, {name: sword, kind: melee, weight: medium, damage_type: edged}]}
""")
    a, b = enc.combatants
    assert negation(a, b).victim_weapon.name == "sword"
