"""Spellchrome in ``erc simulate`` (RULES-spellchrome.md point 16): which commands a fight
runs.

Initiative as SC2 (``roll-init``; the order is kept by default, so rolled once); on its
turn a combatant that can act makes a full attack (``attack --full``) with its first
weapon against the foe ``--target`` picks, at 0 ft; damage reduction as in play. One with
no weapon gives its turn up (``spend --standard --move``). A side is out of the fight when
none of its combatants is above 0 HP and able to act. Who is next is ``erc status``'s own
answer (``erc.core.status.turns``).
"""

from __future__ import annotations

from erc.core import simulate
from erc.core.errors import ErcError
from erc.core.status import progress, turns
from erc.rulesets.spellchrome import conditions
from erc.rulesets.spellchrome.conditions import cannot_act, standing

TYPE_CHECKING = False
if TYPE_CHECKING:
    from erc.core.fold import State
    from erc.core.status import Turns
    from erc.rulesets.spellchrome.model import Combatant


class Model(simulate.Model):
    health_word = "HP"

    def health(self, combatant: Combatant) -> int:
        return combatant.hp

    def standing(self, combatant: Combatant) -> bool:
        """Above 0 HP and not unconscious (``erc status``)."""
        return standing(combatant)

    def counts(self, combatant: Combatant) -> bool:
        """Point 16: above 0 HP and able to act (SC1.4)."""
        return cannot_act(combatant) is None  # (down included)

    def fight(self, state: State) -> Turns:
        return turns(
            state, acted=conditions.acted, can_act=conditions.can_act, standing=self.counts
        )

    def progress(self, state: State) -> tuple[bool, str | None]:
        return progress(
            state, can_act=conditions.can_act, standing=self.counts, done=conditions.acted
        )

    def roll_init(self, table: simulate.Table) -> None:
        from erc.rulesets.spellchrome.commands.roll_init import roll_init

        table.act("", ("roll-init",), roll_init)

    def turn(self, table: simulate.Table, name: str) -> None:
        from erc.rulesets.spellchrome.commands.actions import spend
        from erc.rulesets.spellchrome.commands.attack import attack

        target = table.pick(name)
        if target is not None and table.state.encounter.get(name).weapons:
            try:
                table.act(name, ("attack", name, target, "--full"), attack, name, target, full=True)
                return
            except ErcError as error:
                if error.code == "cannot-act":
                    raise
        words = ("spend", name, "--standard", "--move")
        table.act(name, words, spend, name, standard=True, move=True)

    def duel(self, table: simulate.Table, a: str, b: str) -> simulate.Duel | str:
        from erc.rulesets.spellchrome.commands.attack import attack
        from erc.rulesets.spellchrome.commands.roll_init import roll_init

        encounter = table.state.encounter
        for who in (encounter.get(a), encounter.get(b)):
            if who.ex_hp:
                return (
                    f"{who.name} has {who.ex_hp} EX-HP, taken before HP and not back each "
                    "round: the duel's turns depend on more than HP"
                )
        return simulate.Duel(
            a=a,
            b=b,
            health_a=encounter.get(a).hp,
            health_b=encounter.get(b).hp,
            a_to_b=simulate.turn_damage(lambda: attack(table, a, b, full=True)),
            b_to_a=simulate.turn_damage(lambda: attack(table, b, a, full=True)),
            p_a_first=simulate.first_odds(roll_init(table).resolve, a),
            keep=encounter.rules.initiative == "keep",
        )


MODEL = Model()
