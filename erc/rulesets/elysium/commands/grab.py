"""``erc grab ATTACKER DEFENDER`` and what follows a pin (EL10.1-3); ``erc escape NAME``
(EL10.4)."""

from __future__ import annotations

from enum import StrEnum

from erc.core.errors import ErcError
from erc.core.lookup import find
from erc.core.mechanic import Argument, Mechanic, Option, command
from erc.rulesets.elysium import events
from erc.rulesets.elysium.commands.attack import DefenseKind

TYPE_CHECKING = False
if TYPE_CHECKING:
    from erc.core.parts import Drawing
    from erc.core.session import Loaded
    from erc.rulesets.elysium.rules.grab import GrabPlan


def renderer() -> Drawing:
    """The renderer, ``erc.rulesets.elysium.render.opposed``: imported only for a human table."""
    from erc.rulesets.elysium.render import opposed

    return opposed


class Resist(StrEnum):
    hold = "hold"
    escape = "escape"


class Break(StrEnum):
    athletics = "athletics"
    escape = "escape"


@command(odds=True)
def grab(
    loaded: Loaded,
    attacker: str = Argument(metavar="ATTACKER"),
    defender: str = Argument(metavar="DEFENDER"),
    no_damage: bool = Option("--no-damage", help="A grab that pins without damage (EL10.1)."),
    squeeze: bool = Option("--squeeze", help="4 AP: an attack roll against the pinned defense."),
    throw: bool = Option("--throw", help="4 AP: opposed Hold; the winner's margin in feet."),
    move: int | None = Option(
        "--move",
        min=1,
        max=10_000,
        metavar="FT",
        help="Carry the defender FT feet (the move's AP): opposed Hold.",
    ),
    pry: str | None = Option(
        "--pry", metavar="ITEM", help="2 AP: opposed Hold for an item it holds."
    ),
    release: bool = Option("--release", help="Let go (0 AP)."),
    defense_kind: DefenseKind | None = Option(
        "--defense", help="The defender's Defense Roll against a grab or squeeze."
    ),
    resist_with: Resist | None = Option(
        "--resist-with",
        help="The defender's check against a throw or move: hold or escape (default: the "
        "higher without the die).",
    ),
) -> Mechanic:
    """Grab (4 AP): a hand-to-hand attack roll against the Defense Roll; strictly higher,
    the defender is pinned and takes the difference (EL10.1). Then --squeeze, --throw,
    --move FT, --pry ITEM or --release (EL10.3).

    Dice for --rolls, in order: the attacker's die, then the defender's (none for a helpless
    defender, and none for --release).
    """
    from erc.rulesets.elysium.rules import grab as rules

    chosen = [
        name
        for name, given in (
            ("squeeze", squeeze),
            ("throw", throw),
            ("move", move is not None),
            ("pry", pry is not None),
            ("release", release),
        )
        if given
    ]
    if len(chosen) > 1:
        raise ErcError("bad-option", f"one grab action at a time, not --{' and --'.join(chosen)}")
    action = chosen[0] if chosen else "grab"
    if no_damage and action != "grab":
        raise ErcError("bad-option", "--no-damage is for starting a grab")
    encounter = loaded.encounter
    plan = rules.plan_grab(
        find(encounter, attacker),
        find(encounter, defender),
        encounter.rules,
        action=action,
        no_damage=no_damage,
        defense_kind=defense_kind.value if defense_kind is not None else None,
        move_ft=move or 0,
        item=pry,
        resist_with=resist_with.value if resist_with is not None else None,
    )
    return _grab_mechanic(plan)


def _grab_mechanic(plan: GrabPlan) -> Mechanic:
    """The grab action planned, its odds (none for a release) and what stays unresolved."""
    from erc.rulesets.elysium.rules import grab as rules

    def odds() -> dict[str, object]:
        from erc.rulesets.elysium.odds.opposed import odds_of

        if plan.initiator is None:
            raise ErcError("bad-option", "--release rolls nothing: there are no odds")
        return odds_of(lambda dice: rules.resolve(dice, plan), damage=True)

    return Mechanic(
        command="grab",
        resolve=lambda dice: rules.resolve(dice, plan),
        render=renderer,
        effects=events.grab,
        odds=odds,
        unresolved=lambda: rules.unresolved(plan),
        draws=plan.initiator is not None,
    )


@command(odds=True)
def escape(
    loaded: Loaded,
    name: str = Argument(metavar="NAME", help="The pinned defender."),
    check: Break | None = Option(
        "--with", help="athletics or escape (default: the higher without the die)."
    ),
) -> Mechanic:
    """Escape a grab (2 AP, EL10.4): Athletics or Escape against the grabber's Hold;
    strictly higher, it breaks free.

    Dice for --rolls, in order: the escaper's die, then the grabber's.
    """
    from erc.rulesets.elysium.rules import grab as rules

    encounter = loaded.encounter
    who = find(encounter, name)
    if who.pinned_by is None:
        raise ErcError("not-pinned", f"{who.name} is not pinned: there is nothing to escape")
    plan = rules.plan_escape(
        who,
        encounter.get(who.pinned_by),
        encounter.rules,
        check=check.value if check is not None else None,
    )

    def odds() -> dict[str, object]:
        from erc.rulesets.elysium.odds.opposed import odds_of

        return odds_of(lambda dice: rules.resolve_escape(dice, plan))

    return Mechanic(
        command="escape",
        resolve=lambda dice: rules.resolve_escape(dice, plan),
        render=renderer,
        effects=events.escape,
        odds=odds,
        unresolved=lambda: rules.unresolved_escape(plan),
    )
