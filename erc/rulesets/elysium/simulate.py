"""Elysium in ``erc simulate`` (RULES-elysium.md point 18): which commands a fight runs.

Reaction order as EL2 and the file's ``initiative`` (``roll-init``); on its turn a
combatant that can act attacks with its first weapon (``attack``, the defender taking its
default defense) as long as its AP cover the weapon's cost and a foe stands, then gives up
the AP it has left (``spend --ap N``), so its turn is over. A side is out of the fight when
none of its combatants is above 0 HP and able to act. Who is next is ``erc status``'s own
answer (``erc.core.status.turns``).
"""

from __future__ import annotations

from erc.core import simulate
from erc.core.status import progress, turns
from erc.rulesets.elysium import conditions
from erc.rulesets.elysium.conditions import cannot_act

TYPE_CHECKING = False
if TYPE_CHECKING:
    from fractions import Fraction

    from erc.core.fold import State
    from erc.core.status import Turns
    from erc.rulesets.elysium.model import Combatant


class Model(simulate.Model):
    health_word = "HP"

    def health(self, combatant: Combatant) -> int:
        return combatant.hp

    def standing(self, combatant: Combatant) -> bool:
        """Above 0 HP and not unconscious (``erc status``)."""
        return conditions.standing(combatant)

    def counts(self, combatant: Combatant) -> bool:
        """Point 18: above 0 HP and able to act."""
        return cannot_act(combatant) is None  # (down included)

    def fight(self, state: State) -> Turns:
        return turns(
            state,
            acted=conditions.acted,
            can_act=conditions.can_act,
            standing=self.counts,
            done=conditions.done,
        )

    def progress(self, state: State) -> tuple[bool, str | None]:
        return progress(
            state, can_act=conditions.can_act, standing=self.counts, done=conditions.done
        )

    def roll_init(self, table: simulate.Table) -> None:
        from erc.rulesets.elysium.commands.roll_init import roll_init

        table.act("", ("roll-init",), roll_init)

    def turn(self, table: simulate.Table, name: str) -> None:
        from erc.rulesets.elysium.commands.adjust import spend
        from erc.rulesets.elysium.commands.attack import attack

        while True:
            who = table.state.encounter.get(name)
            if not who.weapons or who.ap_left < who.weapons[0].ap or cannot_act(who):
                break
            target = table.pick(name)
            if target is None or table.over():
                break
            table.act(name, ("attack", name, target), attack, name, target)
        who = table.state.encounter.get(name)
        left = who.ap_left
        if left and cannot_act(who) is None and not table.over():
            table.act(name, ("spend", name, "--ap", str(left)), spend, name, ap=left)

    def duel(self, table: simulate.Table, a: str, b: str) -> simulate.Duel | str:
        from erc.rulesets.elysium.commands.roll_init import roll_init

        encounter = table.state.encounter
        return simulate.Duel(
            a=a,
            b=b,
            health_a=encounter.get(a).hp,
            health_b=encounter.get(b).hp,
            a_to_b=_turn(table, encounter.get(a), b),
            b_to_a=_turn(table, encounter.get(b), a),
            p_a_first=simulate.first_odds(roll_init(table).resolve, a),
            keep=encounter.rules.initiative == "keep",
        )


def _turn(table: simulate.Table, who: Combatant, target: str) -> dict[int, Fraction]:
    """A whole turn's damage: the sum of the attacks its AP pay for, each with ``--odds``'s
    exact distribution."""
    from fractions import Fraction

    from erc.core.odds import convolve
    from erc.rulesets.elysium.commands.attack import attack

    total: dict[int, Fraction] = {0: Fraction(1)}
    if not who.weapons or who.weapons[0].ap <= 0:
        return total
    one = simulate.turn_damage(lambda: attack(table, who.name, target))
    for _ in range(who.ap // who.weapons[0].ap):
        total = convolve(total, one)
    return total


MODEL = Model()
