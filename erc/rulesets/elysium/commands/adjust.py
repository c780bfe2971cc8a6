"""``erc spend``, ``erc damage``, ``erc heal``, ``erc condition``: what erc does not
resolve, recorded with ``--apply`` (a preview without it)."""

from __future__ import annotations

from enum import StrEnum

from erc.core.lookup import find
from erc.core.mechanic import Argument, Mechanic, Option, command
from erc.rulesets.elysium import events

TYPE_CHECKING = False
if TYPE_CHECKING:
    from erc.core.parts import Drawing
    from erc.core.session import Loaded


def renderer() -> Drawing:
    """The renderer, ``erc.rulesets.elysium.render.plain``: imported only for a human table."""
    from erc.rulesets.elysium.render import plain

    return plain


class SpendFor(StrEnum):
    pouch = "pouch"
    backpack = "backpack"
    dig = "dig"
    consumable = "consumable"
    magic_object = "magic-object"
    stand_up = "stand-up"


@command(dice=False)
def spend(
    loaded: Loaded,
    name: str = Argument(metavar="NAME"),
    ap: int | None = Option(
        "--ap", min=0, max=100, metavar="N", help="AP spent (EL3.3 anything else)."
    ),
    what: SpendFor | None = Option(
        "--for",
        help="An item from a pouch (1), a backpack (3), digging through a pack (6), a "
        "consumable (1), a magic object (4), or standing up (stand_up_ap) (EL3.3); --ap "
        "too only for digging, a consumable or a magic object whose description says "
        "otherwise.",
    ),
) -> Mechanic:
    """AP spent on an action erc does not resolve (EL3.3): --ap N, or --for an item at the
    table's cost (--ap too when the item says otherwise: digging, 6 or more; a consumable;
    a magic object). No dice."""
    from erc.rulesets.elysium.rules.adjust import plan_spend

    encounter = loaded.encounter
    result = plan_spend(
        find(encounter, name),
        encounter.rules,
        ap=ap,
        what=what.value if what is not None else None,
    )
    return Mechanic(
        command="spend",
        resolve=lambda dice: result,
        render=renderer,
        effects=events.spend,
        draws=False,
    )


@command(dice=False)
def pick_up(
    loaded: Loaded,
    name: str = Argument(metavar="NAME", help="Who picks its weapon up."),
    weapon: str | None = Argument(
        metavar="[WEAPON]", help="Its weapon on the ground (default: the only one).", default=None
    ),
    ap: int | None = Option(
        "--ap",
        min=0,
        max=100,
        metavar="N",
        help="The AP it costs (required: no ruling gives picking up a cost, EL3.3 "
        '"anything else").',
    ),
) -> Mechanic:
    """Pick up a disarmed weapon that dropped to the ground (EL7), for the AP the GM gives
    with --ap N: no ruling gives a cost. No dice."""
    from erc.rulesets.elysium.rules.adjust import pick_up as rule

    result = rule(find(loaded.encounter, name), weapon, ap=ap)
    return Mechanic(
        command="pick-up",
        resolve=lambda dice: result,
        render=renderer,
        effects=events.pick_up,
        draws=False,
    )


@command(dice=False)
def damage(
    loaded: Loaded,
    name: str = Argument(metavar="NAME"),
    amount: int = Argument(metavar="N", min=0, max=10_000),
) -> Mechanic:
    """Damage from outside erc's mechanics: HP down, never below 0 (EL4.4). No dice."""
    from erc.rulesets.elysium.rules.adjust import hp_change

    result = hp_change(find(loaded.encounter, name), amount, heal=False)
    return Mechanic(
        command="damage",
        resolve=lambda dice: result,
        render=renderer,
        effects=events.adjust_damage,
        draws=False,
    )


@command(dice=False)
def heal(
    loaded: Loaded,
    name: str = Argument(metavar="NAME"),
    amount: int = Argument(metavar="N", min=0, max=10_000),
) -> Mechanic:
    """Healing: HP up, never above the maximum. No dice."""
    from erc.rulesets.elysium.rules.adjust import hp_change

    result = hp_change(find(loaded.encounter, name), amount, heal=True)
    return Mechanic(
        command="heal",
        resolve=lambda dice: result,
        render=renderer,
        effects=events.adjust_heal,
        draws=False,
    )


@command(dice=False)
def condition(
    loaded: Loaded,
    name: str = Argument(metavar="NAME"),
    conditions: list[str] = Argument(
        metavar="COND...",
        help="asleep, bound, paralyzed, prone, unaware, unconscious (pinned comes only "
        "from a grab).",
    ),
    remove: bool = Option("--remove", help="Remove them."),
    by: str | None = Option("--by", metavar="NAME", help="Who caused them."),
    rounds: int | None = Option(
        "--rounds",
        min=1,
        max=10_000,
        metavar="N",
        help="They end as the round N after this one starts.",
    ),
) -> Mechanic:
    """Add (or --remove) conditions (EL-P13). No dice."""
    from erc.rulesets.elysium.rules.adjust import plan_condition

    encounter = loaded.encounter
    result = plan_condition(
        find(encounter, name),
        conditions,
        remove=remove,
        by=find(encounter, by).name if by is not None else None,
        rounds=rounds,
    )
    return Mechanic(
        command="condition",
        resolve=lambda dice: result,
        render=renderer,
        effects=events.condition,
        draws=False,
    )
