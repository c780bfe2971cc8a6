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
    from collections.abc import Callable

    from erc.core.fold import State
    from erc.core.mechanic import Mechanic
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
        from erc.rulesets.er.commands.attack import Pool, attack

        target = table.pick(name)
        if target is not None:
            try:  # refused before a die is drawn, if at all
                table.act(name, ("attack", name, target), attack, name, [target])
                return
            except ErcError:
                pools = _pools(table, name, target)
            if pools:
                words = ("attack", name, target, *(w for p in pools for w in ("--pool", p)))
                table.act(name, words, attack, name, [target], pools=[Pool(p) for p in pools])
                return
        # R15.3: no weapon it can use for any pool: nothing this turn
        table.act(name, ("spend", name, "--action"), spend, name, action=True)

    def duel(self, table: simulate.Table, a: str, b: str) -> simulate.Duel | str:
        from erc.rulesets.er.commands.roll_init import roll_init

        encounter = table.state.encounter
        first = roll_init(table)
        return simulate.Duel(
            a=a,
            b=b,
            health_a=encounter.get(a).body,
            health_b=encounter.get(b).body,
            a_to_b=simulate.turn_damage(_attack(table, a, b)),
            b_to_a=simulate.turn_damage(_attack(table, b, a)),
            p_a_first=simulate.first_odds(first.resolve, a),
            keep=encounter.rules.initiative == "keep",
        )


def _pools(table: simulate.Table, name: str, target: str) -> tuple[str, ...] | None:
    """R15.2-R15.3: the pools ``name`` strikes ``target`` with: ``()`` for ``erc attack``'s
    own choice (every pool with dice), else the pools it accepts one at a time (R10 bound:
    a crossbow's primary pool refused, the tail's savage pool not; R5.1: a primary pool
    with no weapon beside a savage one); None when it refuses every pool. Only plans are
    made (the attack command refuses before it draws a die)."""
    from erc.rulesets.er.commands.attack import Pool, attack

    def accepted(**options: object) -> bool:
        try:
            attack(table, name, [target], **options)
        except ErcError:
            # One that cannot act at all is refused by ``spend`` too, so a bug still shows.
            return False
        return True

    if accepted():
        return ()
    who = table.state.encounter.get(name)
    usable = tuple(p.value for p in Pool if who.pool(p.value) > 0 and accepted(pools=[p]))
    return usable or None


def _attack(table: simulate.Table, name: str, target: str) -> Callable[[], Mechanic]:
    """The attack ``turn`` makes, for ``--exact``'s exact damage (R15.6); with no pool
    it may strike with, the attack command's own refusal (``turn_damage``: nothing)."""
    from erc.rulesets.er.commands.attack import Pool, attack

    chosen = [Pool(p) for p in _pools(table, name, target) or ()] or None
    return lambda: attack(table, name, [target], pools=chosen)


MODEL = Model()
