"""``erc simulate`` in Spellchrome (RULES-spellchrome.md Part 3.16, as ER R15)."""

from __future__ import annotations

from typing import Any

from tests.conftest import ENCOUNTERS

WAREHOUSE = str(ENCOUNTERS / "spellchrome-warehouse.yaml")


def test_asleep_foe_keeps_no_side_in_the_fight(erc: Any) -> None:
    """Part 3.16: the fight ends when fewer than two sides have a combatant above 0 HP who
    can act: the warehouse's asleep Lookout (SC1.4) does not hold the foes' side up, so no
    fight runs to the round limit."""
    ran = erc("simulate", "-e", WAREHOUSE, "-n", "30", "--seed", "3", "--json")
    assert ran.code == 0, ran.err
    result = ran.json["result"]
    assert result["draws"] == 0
    assert result["fight_rounds"]["p90"] < 100
    lookout = next(c for c in result["combatants"] if c["name"] == "Lookout")
    assert lookout["mean_damage_dealt"] == 0  # asleep: it never acts


def test_a_turn_is_a_full_attack_at_0_ft(erc: Any) -> None:
    """Part 3.16: on its turn a combatant that can act makes a full attack (`attack
    --full`) with its first weapon against the chosen foe at 0 ft; initiative kept (rolled
    once, SC2.4)."""
    ran = erc("simulate", "-e", WAREHOUSE, "--seed", "2", "--trace", "1", "--json")
    lines = ran.json["result"]["lines"]
    attacks = [line for line in lines if " attack " in line]
    assert attacks and all("--full" in line and "--distance" not in line for line in attacks)
    assert all("--with" not in line for line in attacks)
    inits = [line for line in lines if " roll-init " in line]
    assert "--rolls" in inits[0]
    assert all("--rolls" not in line for line in inits[1:])  # kept: nothing rolled again
