"""``erc attack ATTACKER DEFENDER`` (EL4, EL6) and ``erc sneak`` (EL5.5)."""

from __future__ import annotations

from enum import StrEnum

from erc.core.lookup import find
from erc.core.mechanic import Argument, Mechanic, Option, command
from erc.rulesets.elysium import events
from erc.rulesets.elysium.commands import CHARGE, MOD, MOVE_FT, WEAPON

TYPE_CHECKING = False
if TYPE_CHECKING:
    from erc.core.parts import Drawing
    from erc.core.session import Loaded


class DefenseKind(StrEnum):
    dodge = "dodge"
    parry = "parry"


def renderer() -> Drawing:
    """The renderer, ``erc.rulesets.elysium.render.attack``: imported only for a human table."""
    from erc.rulesets.elysium.render import attack

    return attack


@command(odds=True)
def attack(
    loaded: Loaded,
    attacker: str = Argument(metavar="ATTACKER", help="Who attacks."),
    defender: str = Argument(metavar="DEFENDER", help="Who defends."),
    weapon: str | None = WEAPON,
    defense_kind: DefenseKind | None = Option(
        "--defense",
        help="The defender's Defense Roll (default: the higher without the die, EL5.1).",
    ),
    parry_with: str | None = Option(
        "--parry-with",
        metavar="WEAPON",
        help="The defender's parrying weapon (implies --defense parry; default: first).",
    ),
    charge: bool = CHARGE,
    move_ft: int | None = MOVE_FT,
    mod: int = MOD,
) -> Mechanic:
    """A weapon attack: the attack roll against the defender's Dodge or Parry; the
    difference, if positive, is the damage.

    Dice for --rolls, in order: the attacker's die, then the defender's (none for a helpless
    defender).
    """
    return _attack(
        loaded,
        "attack",
        attacker,
        defender,
        weapon=weapon,
        defense_kind=defense_kind.value if defense_kind is not None else None,
        parry_with=parry_with,
        charge=charge,
        move_ft=move_ft,
        mod=mod,
    )


@command(odds=True)
def sneak(
    loaded: Loaded,
    attacker: str = Argument(metavar="ATTACKER", help="Who attacks."),
    defender: str = Argument(metavar="DEFENDER", help="The defender, unaware of the danger."),
    weapon: str | None = WEAPON,
    charge: bool = CHARGE,
    move_ft: int | None = MOVE_FT,
    mod: int = MOD,
) -> Mechanic:
    """The attack against a defender unaware of the danger: no Defense Roll (EL5.5).

    Dice for --rolls, in order: the attacker's die (the defender rolls none).
    """
    return _attack(
        loaded,
        "sneak",
        attacker,
        defender,
        weapon=weapon,
        charge=charge,
        move_ft=move_ft,
        mod=mod,
        sneak=True,
    )


def _attack(
    loaded: Loaded,
    name: str,
    attacker: str,
    defender: str,
    *,
    weapon: str | None,
    defense_kind: str | None = None,
    parry_with: str | None = None,
    charge: bool,
    move_ft: int | None,
    mod: int,
    sneak: bool = False,
) -> Mechanic:
    from erc.rulesets.elysium.rules import attack as rules

    encounter = loaded.encounter
    plan = rules.plan_attack(
        find(encounter, attacker),
        find(encounter, defender),
        encounter.rules,
        weapon=weapon,
        defense_kind=defense_kind,
        parry_with=parry_with,
        charge=charge,
        move_ft=move_ft,
        mod=mod,
        sneak=sneak,
    )

    def odds() -> dict[str, object]:
        from erc.rulesets.elysium.odds.opposed import attack_odds

        return attack_odds(plan)

    return Mechanic(
        command=name,
        resolve=lambda dice: rules.resolve(dice, plan),
        render=renderer,
        effects=events.attack,
        odds=odds,
        unresolved=lambda: rules.unresolved(plan),
    )
