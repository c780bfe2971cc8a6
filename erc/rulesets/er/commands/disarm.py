"""``erc disarm ATTACKER VICTIM``: a weapon disarm or lock and the victim's reaction (R8);
``erc free NAME``: what freeing a locked weapon costs (R8.2)."""

from __future__ import annotations

from erc.core.dice import Mode
from erc.core.lookup import find
from erc.core.mechanic import Argument, Mechanic, Option, command
from erc.core.value import replace
from erc.rulesets.er import events
from erc.rulesets.er.commands import ADVANTAGE, DISADVANTAGE, EXTRA_ACTION
from erc.rulesets.er.commands.acting import actor, locks_given_up, release_notes
from erc.rulesets.er.rules import weapon_negation as rules

TYPE_CHECKING = False
if TYPE_CHECKING:
    from erc.core.parts import Drawing
    from erc.core.session import Loaded


def renderer() -> Drawing:
    """The renderer, ``erc.rulesets.er.render.disarm``: imported only for a human table."""
    from erc.rulesets.er.render import disarm

    return disarm


@command(odds=True)
def disarm(
    loaded: Loaded,
    attacker: str = Argument(metavar="ATTACKER"),
    victim: str = Argument(metavar="VICTIM"),
    lock: bool = Option("--lock", help="A weapon lock instead of a disarm (R8.2)."),
    resist: bool | None = Option(
        "--resist/--no-resist",
        help="Whether the victim spends its reaction to resist "
        "(default: when it has a reaction left).",
        show_default=False,
    ),
    weapon: str | None = Option("--with", metavar="WEAPON", help="The attacker's melee weapon."),
    target: str | None = Option(
        "--victim-weapon",
        metavar="WEAPON",
        help="The victim's weapon to lock or disarm (default: its primary one).",
    ),
    advantage: bool = ADVANTAGE,
    disadvantage: bool = DISADVANTAGE,
    extra_action: bool = EXTRA_ACTION,
) -> Mechanic:
    """Weapon disarm (or --lock): one d20 + Strength score + size against AC, then the
    victim's reaction: a d12 competition with the attacker at advantage.

    Dice for --rolls, in order: the attempt's d20 (two at advantage or disadvantage), then,
    on a hit the victim resists, its d12, then the attacker's two d12 (advantage).
    """
    encounter = loaded.encounter
    state = events.state_of(loaded)
    who, notes = actor(loaded, attacker, extra_action)
    setup = rules.negation(
        who,
        find(encounter, victim),
        lock=lock,
        resist=resist,
        weapon=weapon,
        target_weapon=target,
        mode=Mode.of(advantage, disadvantage),
    )
    locks = locks_given_up(loaded, who, (setup.weapon.name,))
    notes += release_notes(locks)

    def odds() -> dict[str, object]:
        from erc.core.odds import as_odds
        from erc.rulesets.er.odds.weapon_negation import disarm_odds

        return as_odds(disarm_odds(setup))

    return Mechanic(
        command="disarm",
        resolve=lambda dice: _noted(rules.resolve(setup, dice), notes),
        render=renderer,
        effects=lambda result: events.disarm(result, state, extra_action, locks),
        odds=odds,
        unresolved=lambda: _noted(rules.unresolved(setup), notes),
    )


def _noted(result: rules.Disarm, notes: tuple[str, ...]) -> rules.Disarm:
    return replace(result, notes=notes + result.notes) if notes else result


@command(dice=False)
def free(
    loaded: Loaded,
    name: str = Argument(metavar="NAME", help="The wielder of the locked weapon."),
    weapon: str | None = Option(
        "--with", metavar="WEAPON", help="The locked weapon (default: primary)."
    ),
    extra_action: bool = EXTRA_ACTION,
    drop: bool = Option(
        "--drop",
        help="Instead, drop the locked weapon as a reaction (R8.2): it stays locked, and "
        "the wielder may switch to another weapon.",
    ),
) -> Mechanic:
    """Free a locked weapon: 2 attack dice from the wielder's next action (R8.2)."""
    if drop:
        return _drop(loaded, name, weapon, extra_action)
    wielder, notes = actor(loaded, name, extra_action)
    paid = {w: dice for who, w, dice in events.state_of(loaded).paid if who == wielder.name}
    freeing = rules.free_cost(wielder, weapon, paid, applying=loaded.txn is not None)
    if notes:
        freeing = replace(freeing, notes=notes + freeing.notes)
    return Mechanic(
        command="free",
        resolve=lambda _dice: freeing,
        render=renderer,
        effects=lambda result: events.free(result, extra_action),
        draws=False,
    )


def _drop(loaded: Loaded, name: str, weapon: str | None, extra_action: bool) -> Mechanic:
    """``free --drop``: R8.2 "the victim may drop it as a reaction"; no action is spent."""
    from erc.core.errors import ErcError

    if extra_action:
        raise ErcError("bad-option", "--drop is a reaction, not an action: no --extra-action")
    wielder = find(loaded.encounter, name)
    result = rules.drop_locked(wielder, weapon, events.state_of(loaded).locks)
    return Mechanic(
        command="free",
        resolve=lambda _dice: result,
        render=renderer,
        effects=events.drop_weapon,
        draws=False,
    )
