"""``erc simulate`` in Elysium (RULES-elysium.md Part 3.18, as ER R15)."""

from __future__ import annotations

import shlex
from typing import Any

from tests.conftest import ENCOUNTERS

OGRE = str(ENCOUNTERS / "elysium-ogre.yaml")


def test_a_turn_attacks_while_the_ap_pay_then_gives_the_rest_up(erc: Any) -> None:
    """Part 3.18: on its turn a combatant that can act attacks with its first weapon as
    long as its AP cover the weapon's cost (EL3), each defender taking its default defence
    (Part 3.6: no --defense); the AP left over are given up, so the turn ends. The Ogre
    (6 AP, greatsword 5 AP) attacks once a round and gives up 1 AP; Kharza (whip 2 AP)
    attacks up to three times."""
    ran = erc("simulate", "-e", OGRE, "--seed", "4", "--trace", "1", "--json")
    assert ran.code == 0, ran.err
    words = [shlex.split(line)[1:] for line in ran.json["result"]["lines"]]
    assert all("--defense" not in w and "--with" not in w for w in words)
    ogre = [w for w in words if w[0] in ("attack", "spend") and w[3] == "Ogre"]
    for i, w in enumerate(ogre):
        if w[0] == "attack" and i + 1 < len(ogre) and ogre[i + 1][0] == "spend":
            assert ogre[i + 1][4:6] == ["--ap", "1"]
    runs, current = [], 0
    for w in words:
        if w[0] == "attack" and w[3] == "Kharza":
            current += 1
        elif current:
            runs.append(current)
            current = 0
    assert runs and max(runs) <= 3


def test_the_fight_ends_with_one_side_able_to_act(erc: Any) -> None:
    """Part 3.18: the fight ends when fewer than two sides have a combatant above 0 HP who
    can act; Reaction order as EL2 and the file's `initiative: keep` (rolled once)."""
    ran = erc("simulate", "-e", OGRE, "--seed", "4", "--trace", "2", "--json")
    result = ran.json["result"]
    status = result["final_status"]
    able = {c["side"] for c in status["combatants"] if c["hp"] > 0 and c["can_act"]}
    assert len(able) <= 1
    assert result["winner"] in (able.pop() if able else None, None)
    inits = [line for line in result["lines"] if " roll-init " in line]
    assert "--rolls" in inits[0] and all("--rolls" not in line for line in inits[1:])
