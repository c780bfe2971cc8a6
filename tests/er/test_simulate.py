"""``erc simulate`` in Enchanted Realms: the R15 model meeting the R10 conditions of a file
(a red-team pass: each is a valid file a GM may write)."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Any

from erc.core.simulate import wilson

SWORD = "weapons: [{name: s, kind: melee, weight: light, damage_type: edged}]"
Z999 = 3.2905267314919255
"""The normal quantile of a two-sided 99.9% interval."""
FIGHTER = f"ac: 10, attributes: {{strength: 2}}, pools: {{primary: 1}}, {SWORD}"


def _file(tmp_path: Path, *combatants: str) -> Path:
    path = tmp_path / "fight.yaml"
    path.write_text("erc: 1\ncombatants:\n" + "".join(f"  - {{{c}}}\n" for c in combatants))
    return path


def _traced_turns_of_a(erc: Any, path: Path) -> tuple[Any, list[list[str]]]:
    """Fight 1 traced (``--trace 1``), and A's command lines in it, split into words."""
    traced = erc("simulate", "-e", path, "--seed", "1", "--trace", "1", "--json")
    assert traced.code == 0, traced.err
    lines = traced.json["result"]["lines"]
    return traced, [line.split() for line in lines if line.split()[4:5] == ["A"]]


def test_r10_charmed_attacker_picks_the_weakest_foe_it_may_target(tmp_path: Path, erc: Any) -> None:
    """R10 charmed (by X): "cannot target X"; R15.2: the attacker's foe is the weakest
    standing one, so the weakest one it may target: a charmed fighter attacks the other
    foe instead of giving its turn up while the one who charmed it is the weakest."""
    path = _file(
        tmp_path,
        f"name: A, side: x, body: 5, conditions: [{{condition: charmed, by: B}}], {FIGHTER}",
        f"name: B, side: y, body: 5, {FIGHTER}",
        f"name: C, side: y, body: 9, {FIGHTER}",
    )
    _, mine = _traced_turns_of_a(erc, path)
    assert mine and all(words[1] == "attack" and words[5] == "C" for words in mine), mine
    ran = erc("simulate", "-e", path, "-n", "60", "--seed", "1", "--json")
    a = ran.json["result"]["combatants"][0]
    assert a["name"] == "A" and a["mean_damage_dealt"] > 0


def test_r10_charmed_attacker_whose_only_foe_is_the_charmer_gives_its_action_up(
    tmp_path: Path, erc: Any
) -> None:
    """R10 charmed, R15.3: no foe it may target: it does nothing that turn."""
    path = _file(
        tmp_path,
        f"name: A, side: x, body: 5, conditions: [{{condition: charmed, by: B}}], {FIGHTER}",
        f"name: B, side: y, body: 5, {FIGHTER}",
    )
    traced, mine = _traced_turns_of_a(erc, path)
    assert mine and all(words[1] == "spend" for words in mine), mine
    assert traced.json["result"]["winner"] == "y"


def test_r10_bound_archer_with_a_mechanical_weapon_gives_its_action_up(
    tmp_path: Path, erc: Any
) -> None:
    """R10 bound: "no weapon with property mechanical or ammo" (hand pools); R15.3: a
    combatant with no weapon it can use for any pool does nothing that turn. The file is
    valid, so the run plays (exit 0), it is not an error."""
    crossbow = (
        "weapons: [{name: xbow, kind: ranged, damage_type: piercing, properties: [mechanical]}]"
    )
    path = _file(
        tmp_path,
        f"name: A, side: x, ac: 10, body: 5, conditions: [bound], pools: {{primary: 1}}, "
        f"{crossbow}",
        f"name: B, side: y, body: 5, {FIGHTER}",
    )
    ran = erc("simulate", "-e", path, "-n", "20", "--seed", "1", "--json")
    assert ran.code == 0, ran.err
    result = ran.json["result"]
    assert result["combatants"][0]["mean_damage_dealt"] == 0
    assert result["sides"][1]["wins"] == 20
    _, mine = _traced_turns_of_a(erc, path)
    assert mine and all(words[1] == "spend" for words in mine), mine


def test_r10_bound_jenesse_still_strikes_with_its_tail(tmp_path: Path, erc: Any) -> None:
    """R10 bound: "the savage pool strikes normally (seed 001: 'a jen'esse could still
    attack with its tail without being at disadvantage')"; R15.2: every pool it has, each
    with the weapon ``erc attack`` picks: the pools the attack command refuses (the
    crossbow, mechanical) are left out, the others strike (``--pool savage``), and the
    trace line says so."""
    weapons = (
        "weapons: [{name: xbow, kind: ranged, damage_type: piercing, properties: "
        "[mechanical]}, {name: tail, kind: savage, weight: light, damage_type: blunt}]"
    )
    path = _file(
        tmp_path,
        "name: Jen, side: x, ac: 10, body: 9, conditions: [bound], attributes: "
        f"{{strength: 3}}, pools: {{primary: 2, savage: 1}}, {weapons}",
        f"name: B, side: y, body: 5, {FIGHTER}",
    )
    traced = erc("simulate", "-e", path, "--seed", "1", "--trace", "1", "--json")
    assert traced.code == 0, traced.err
    lines = traced.json["result"]["lines"]
    mine = [line.split() for line in lines if line.split()[4:5] == ["Jen"]]
    assert mine and all(w[1] == "attack" and w[6:8] == ["--pool", "savage"] for w in mine), mine
    ran = erc("simulate", "-e", path, "-n", "40", "--seed", "1", "--json")
    assert ran.json["result"]["combatants"][0]["mean_damage_dealt"] > 0


def test_r15_3_a_pool_with_a_weapon_strikes_beside_one_without(tmp_path: Path, erc: Any) -> None:
    """R15.3: only "a combatant with no weapon for any pool" does nothing: a beast with a
    primary pool but no weapon for it strikes with its savage pool (R5.1: without a
    ``kind: savage`` weapon, a body weapon), in the simulation and in ``--exact`` alike."""
    path = _file(
        tmp_path,
        "name: Beast, side: x, ac: 10, body: 9, attributes: {strength: 3}, "
        "pools: {primary: 2, savage: 1}",
        f"name: B, side: y, body: 5, {FIGHTER}",
    )
    ran = erc("simulate", "-e", path, "-n", "400", "--seed", "1", "--exact", "--json")
    assert ran.code == 0, ran.err
    result = ran.json["result"]
    assert result["combatants"][0]["mean_damage_dealt"] > 0
    exact = float(Fraction(result["exact_duel"]["win"]["x"]["exact"]))
    low, high = wilson(result["sides"][0]["wins"], 400, Z999)  # the 99.9% interval
    assert exact > 0 and low <= exact <= high
