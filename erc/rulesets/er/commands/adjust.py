"""The GM's adjustments at the table (RULES.md R12): ``erc damage``, ``erc heal``, ``erc
condition``, ``erc pick-up``, ``erc spend``. No dice; each shows what would change, and with
``--apply`` records it, in the fold and undoable like any other event."""

from __future__ import annotations

from erc.core.events import Acted, ConditionChange, Effect, Heal, Reacted, Spend
from erc.core.lookup import find
from erc.core.mechanic import Argument, Mechanic, Option, command
from erc.rulesets.er import events
from erc.rulesets.er.commands import EXTRA_ACTION
from erc.rulesets.er.rules import adjust as rules

TYPE_CHECKING = False
if TYPE_CHECKING:
    from erc.core.parts import Drawing
    from erc.core.session import Loaded


def renderer() -> Drawing:
    """The renderer, ``erc.rulesets.er.render.adjust``: imported only for a human table."""
    from erc.rulesets.er.render import adjust

    return adjust


@command(dice=False)
def damage(
    loaded: Loaded,
    name: str = Argument(metavar="NAME", help="Who takes the damage."),
    amount: int = Argument(metavar="N", min=0, max=10_000, help="The damage."),
    damage_type: str | None = Option(
        "--type", metavar="TYPE", help="Its type: resistance applies (R5.5)."
    ),
) -> Mechanic:
    """Damage from outside erc's mechanics (a spell, a fall, a trap): R12.1."""
    state = events.state_of(loaded)
    result = rules.damage(find(loaded.encounter, name), amount, damage_type)
    return Mechanic(
        command="damage",
        resolve=lambda _dice: result,
        render=renderer,
        effects=lambda r: events.damage(state, r.name, r.dealt),
        draws=False,
    )


@command(dice=False)
def heal(
    loaded: Loaded,
    name: str = Argument(metavar="NAME", help="Who is healed."),
    amount: int = Argument(metavar="N", min=0, max=10_000, help="Body healed."),
) -> Mechanic:
    """Healing: Body up to its maximum (R12.2)."""
    result = rules.heal(find(loaded.encounter, name), amount)
    return Mechanic(
        command="heal",
        resolve=lambda _dice: result,
        render=renderer,
        effects=lambda r: [Heal(r.name, r.health_change)] if r.health_change else [],
        draws=False,
    )


@command(dice=False)
def condition(
    loaded: Loaded,
    name: str = Argument(metavar="NAME", help="Whose conditions change."),
    conditions: list[str] = Argument(metavar="COND...", help="Conditions (R10's table)."),
    remove: bool = Option("--remove", help="Take them away."),
    by: str | None = Option("--by", metavar="NAME", help="Who did it (charmed, grappled: R10.2)."),
    rounds: int | None = Option(
        "--rounds",
        min=1,
        max=1_000,
        metavar="N",
        help="They end when the round N rounds after this one starts (R13.4).",
    ),
) -> Mechanic:
    """Add or remove conditions (R12.3)."""
    encounter = loaded.encounter
    causer = find(encounter, by) if by is not None else None
    result = rules.conditions(
        find(encounter, name),
        rules.condition_names(conditions),
        remove=remove,
        by=causer,
        rounds=rounds,
    )

    def changes(r: rules.Conditioned) -> list[Effect]:
        if r.removed:
            return [ConditionChange(r.name, remove=n) for n in r.removed]
        return [ConditionChange(r.name, add=n, by=r.by, rounds=r.rounds) for n in r.added]

    return Mechanic(
        command="condition",
        resolve=lambda _dice: result,
        render=renderer,
        effects=changes,
        draws=False,
    )


@command(dice=False)
def pick_up(
    loaded: Loaded,
    name: str = Argument(metavar="NAME", help="Who picks it up."),
    weapon: str | None = Argument(
        metavar="[WEAPON]", help="The weapon on the ground (default: the only one).", default=None
    ),
    owner: str | None = Option(
        "--from", metavar="OWNER", help="Whose weapon, when several of that name lie on the ground."
    ),
) -> Mechanic:
    """Pick up a disarmed weapon, one's own or another's (up for grabs): 10 ft of
    movement and an unspent action (R12.4)."""
    encounter = loaded.encounter
    who = find(encounter, name)
    result = rules.pick_up(
        who,
        weapon,
        encounter.rules,
        round=loaded.state.round,
        everyone=encounter.combatants,
        owner=find(encounter, owner) if owner is not None else None,
        own=[w.name for w in loaded.base.get(who.name).weapons],
    )

    def picked(r: rules.PickedUp) -> list[Effect]:
        if r.owner == r.name:
            lifted: Effect = events.WeaponState(r.name, r.weapon, "free")
        else:
            lifted = events.WeaponTaken(r.name, r.owner, r.weapon, r.held_as)
        return [lifted, Spend(r.name, "movement", r.movement_ft)]

    return Mechanic(
        command="pick-up",
        resolve=lambda _dice: result,
        render=renderer,
        effects=picked,
        draws=False,
    )


@command(dice=False)
def spend(
    loaded: Loaded,
    name: str = Argument(metavar="NAME", help="Who spends it."),
    action: bool = Option("--action", help="Its action (R11.2)."),
    reaction: bool = Option("--reaction", help="Its reaction: dodge, flee attack... (R11.4)."),
    ft: int = Option(
        "--ft", min=0, max=10_000, metavar="N", help="Feet of movement (R11.3).", default=0
    ),
    extra_action: bool = EXTRA_ACTION,
) -> Mechanic:
    """Resources spent on what erc does not resolve (R12.5)."""
    who = find(loaded.encounter, name)
    result = rules.spend(
        who,
        action=action,
        reaction=reaction,
        ft=ft,
        extra=extra_action,
        house=loaded.encounter.rules,
        round=loaded.state.round,
        applying=loaded.txn is not None,
    )

    def spent(r: rules.Spent) -> list[Effect]:
        effects: list[Effect] = [Acted(r.name, r.extra_action)] if r.spent_action else []
        effects += [Reacted(r.name)] if r.spent_reaction else []
        return effects + ([Spend(r.name, "movement", r.ft)] if r.ft else [])

    return Mechanic(
        command="spend", resolve=lambda _dice: result, render=renderer, effects=spent, draws=False
    )
