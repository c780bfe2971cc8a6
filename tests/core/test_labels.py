"""One meaning per key (issue 32, CONTRACT "a key means one thing ... wherever it appears").

- ``dealt`` in ``damage`` and ``heal``, in every ruleset: the amount as the rules apply it,
  before health's floor and ceiling (damage after resistance; healing as given). It was the
  amount for damage and the change for healing. ``health_change`` (added) is what health
  did: ``after - before``, negative for damage, positive for healing.
- ``minimum_applied`` (Spellchrome): SC6.3's minimum of 1 for melee and thrown hits raised
  the damage; a ranged hit floored at 0 is not that minimum.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.spellchrome.support import DUMMY, VEX, table

FILES = {
    "er": "erc: 1\ncombatants:\n  - {name: Hero, ac: 10, body: 20, attributes: {strength: 4},"
    " pools: {primary: 1}, speed: 30}\n",
    "spellchrome": "erc: 1\nruleset: spellchrome\ncombatants:\n  - {name: Hero, hp: 20}\n",
    "elysium": "erc: 1\nruleset: elysium\ncombatants:\n  - {name: Hero, hp: 20}\n",
}
HEALTH = {"er": "body", "spellchrome": "hp", "elysium": "hp"}


@pytest.mark.parametrize("ruleset", sorted(FILES))
def test_dealt_means_one_thing_in_damage_and_heal(erc: Any, tmp_path: Path, ruleset: str) -> None:
    """Issue 32: "`damage` reports `dealt` as asked while `heal` reports the change"."""
    path = tmp_path / "hero.yaml"
    path.write_text(FILES[ruleset])
    where = ("-e", path, "--journal", tmp_path / "j.jsonl", "--json")
    health = HEALTH[ruleset]
    hit = erc("damage", "Hero", "5", "--apply", *where).json["result"]
    assert (hit["amount"], hit["dealt"], hit["health_change"]) == (5, 5, -5)
    assert (hit[f"{health}_before"], hit[f"{health}_after"]) == (20, 15)
    healed = erc("heal", "Hero", "50", "--apply", *where).json["result"]
    assert (healed["amount"], healed["dealt"], healed["health_change"]) == (50, 50, 5)
    assert (healed[f"{health}_before"], healed[f"{health}_after"]) == (15, 20)
    status = erc("status", *where).json["result"]["combatants"][0]
    assert status[health] == 20
    heal_event = json.loads((tmp_path / "j.jsonl").read_text().splitlines()[1])
    assert heal_event["effects"] == [{"type": "heal", "target": "Hero", "amount": 5}]  # as before
    assert erc("heal", "Hero", "3", "--apply", *where).json["result"]["health_change"] == 0


def test_a_ranged_hit_floored_at_0_applies_no_minimum(erc: Any, tmp_path: Path) -> None:
    """Issue 32: "a Spellchrome ranged hit floored at 0 reports `minimum_applied: true` (the
    minimum is for melee and thrown)"; SC6.3 for melee still applies it."""
    game = table(erc, tmp_path, VEX, DUMMY)
    shot = game.result("attack", "Vex", "Dummy", "--damage-mod", "-30", "--rolls", "15,1,1")
    (ranged,) = shot["attacks"]
    assert (ranged["damage"], ranged["minimum_applied"]) == (0, False)
    swing = game.result(
        "attack", "Vex", "Dummy", "--with", "baton", "--damage-mod", "-30", "--rolls", "15,1"
    )
    (melee,) = swing["attacks"]
    assert (melee["damage"], melee["minimum_applied"]) == (1, True)
