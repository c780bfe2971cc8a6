"""Adjustments a GM makes at the table: ``erc damage``, ``erc heal``, ``erc condition``.

Each takes ``--apply`` (core ``damage``, ``heal`` and ``condition`` effects); without it, it
shows what would change and records nothing. No dice.
"""

from __future__ import annotations

from erc.core.lookup import find
from erc.core.mechanic import Argument, Mechanic, Option, command
from erc.rulesets.spellchrome import events
from erc.rulesets.spellchrome.rules import adjust as rules

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from erc.core.parts import Drawing
    from erc.core.session import Loaded


def renderer() -> Drawing:
    """The renderer, ``erc.rulesets.spellchrome.render.adjust``: imported only for a human table."""
    from erc.rulesets.spellchrome.render import adjust

    return adjust


def _amount(what: str) -> Any:
    """The N argument (damage and heal)."""
    return Argument(metavar="N", min=0, max=rules.MAX_AMOUNT, help=what)


@command(dice=False)
def damage(
    loaded: Loaded,
    name: str = Argument(metavar="NAME", help="Who takes the damage."),
    amount: int = _amount("Damage from outside erc's mechanics (a fall, a spell)."),
) -> Mechanic:
    """Damage from outside erc's mechanics: Extraordinary HP absorb it first (SC8.3), then
    HP, which may fall below 0 (SC6.5). Damage reduction applies to attacks, not here."""
    result = rules.damage(find(loaded.encounter, name), amount)
    return Mechanic(
        command="damage",
        resolve=lambda _dice: result,
        render=renderer,
        effects=events.damage,
        draws=False,
    )


@command(dice=False)
def heal(
    loaded: Loaded,
    name: str = Argument(metavar="NAME", help="Who is healed."),
    amount: int = _amount("HP restored, up to the maximum."),
) -> Mechanic:
    """Healing: HP up to the maximum. Extraordinary HP replenish per hour, not in combat."""
    result = rules.heal(find(loaded.encounter, name), amount)
    return Mechanic(
        command="heal",
        resolve=lambda _dice: result,
        render=renderer,
        effects=events.heal,
        draws=False,
    )


@command(dice=False)
def condition(
    loaded: Loaded,
    name: str = Argument(metavar="NAME", help="Whose conditions change."),
    conditions: list[str] = Argument(
        metavar="COND...", help="asleep, bound, paralyzed, unconscious, unaware."
    ),
    remove: bool = Option("--remove", help="Take them away."),
    by: str | None = Option(
        "--by", metavar="NAME", help="Who caused them (another combatant; recorded)."
    ),
    rounds: int | None = Option(
        "--rounds",
        min=1,
        max=1_000,
        metavar="N",
        help="They end when the round N rounds after this one starts.",
    ),
) -> Mechanic:
    """Add conditions (or take them away with --remove); --by records who caused them."""
    encounter = loaded.encounter
    causer = find(encounter, by) if by is not None else None
    result = rules.conditions(
        find(encounter, name),
        rules.condition_names(conditions),
        remove=remove,
        rounds=rounds,
        by=causer,
    )
    return Mechanic(
        command="condition",
        resolve=lambda _dice: result,
        render=renderer,
        effects=events.condition,
        draws=False,
    )
