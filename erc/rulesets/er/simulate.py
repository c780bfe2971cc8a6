"""Enchanted Realms in ``erc simulate`` (RULES.md R15): which commands a fight runs.

A round starts with ``roll-init`` (R3; the file's ``initiative`` house rule); on its turn a
combatant that can act makes ``erc attack`` with every pool and the weapons the command
picks with no ``--with`` or ``--pool`` (R15.2) against the foe ``--target`` picks; one with
no weapon for any pool gives its action up (``spend --action``, R15.3). Who is next and
whether the fight is over are ``erc status``'s own answers (``erc.core.status.turns``).
"""

from __future__ import annotations

from erc.core import simulate
from erc.core.errors import ErcError
from erc.rulesets.er import conditions
from erc.rulesets.er.conditions import check_target, standing

TYPE_CHECKING = False
if TYPE_CHECKING:
    from erc.core.fold import State
    from erc.core.status import Turns
    from erc.rulesets.er.model import Combatant


class Model(simulate.Model):
    health_word = "Body"

    def health(self, combatant: Combatant) -> int:
        return combatant.body

    def standing(self, combatant: Combatant) -> bool:
        """R11.5: Body above 0, neither unconscious nor petrified."""
        return standing(combatant)

    def may_target(self, attacker: Combatant, foe: Combatant) -> bool:
        """R10 charmed (by X): "cannot target X"; the attack command's own check."""
        try:
            check_target(attacker, foe)
        except ErcError:
            return False
        return True

    def counts(self, combatant: Combatant) -> bool:
        """R15.4: a side is in the fight while one of its combatants stands (R11.5)."""
        return standing(combatant)

    def fight(self, state: State) -> Turns:
        return conditions.fight(state)  # R15.4 counts as R11.5 stands

    def progress(self, state: State) -> tuple[bool, str | None]:
        return conditions.progress(state)

    def roll_init(self, table: simulate.Table) -> None:
        from erc.rulesets.er.commands.roll_init import roll_init

        table.act("", ("roll-init",), roll_init)

    def turn(self, table: simulate.Table, name: str) -> None:
        from erc.rulesets.er.commands.adjust import spend
        from erc.rulesets.er.commands.attack import attack

        target = table.pick(name)
        if target is not None:
            try:
                table.act(name, ("attack", name, target), attack, name, [target])
                return
            except ErcError:
                # R15.3: no weapon it can use for any pool (a bound archer's crossbow, R10
                # bound: the attack's own ``cannot-act``): nothing this turn. One that cannot
                # act at all is refused by ``spend`` too, so a bug still shows.
                pass
        table.act(name, ("spend", name, "--action"), spend, name, action=True)

    def duel(self, table: simulate.Table, a: str, b: str) -> simulate.Duel | str:
        from erc.rulesets.er.commands.attack import attack
        from erc.rulesets.er.commands.roll_init import roll_init

        encounter = table.state.encounter
        first = roll_init(table)
        return simulate.Duel(
            a=a,
            b=b,
            health_a=encounter.get(a).body,
            health_b=encounter.get(b).body,
            a_to_b=simulate.turn_damage(lambda: attack(table, a, [b])),
            b_to_a=simulate.turn_damage(lambda: attack(table, b, [a])),
            p_a_first=simulate.first_odds(first.resolve, a),
            keep=encounter.rules.initiative == "keep",
        )


MODEL = Model()
