"""A combatant's sheet (``erc show NAME``, CONTRACT "The table"): the numbers a GM needs
at the table, derived by its ruleset's rules from the file and the journal's state, in one
shape for every ruleset so one renderer draws it. No dice, no journal write."""

from __future__ import annotations

from erc.core.value import Value

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping

    from erc.core.parts import Drawing
    from erc.core.status import ConditionRow


class SheetWeapon(Value):
    """One weapon: ``attack_text`` and ``damage_text`` as a GM reads them; ``numbers`` the same as
    JSON numbers (the ruleset's own keys); ``state`` ``ready``, or why it cannot be used
    (``locked``, ``on the ground``)."""

    name: str
    """The weapon's name."""
    kind: str
    """Its kind, as the file gives it."""
    attack_text: str
    """Its attack as a GM reads it (ER: pool dice and the bonus on each die)."""
    damage_text: str
    """Its damage as a GM reads it."""
    numbers: Mapping[str, object]
    """The attack and damage as JSON numbers, under the ruleset's own keys."""
    state: str = "ready"
    """``ready``, or why not (ER: locked, not in hand); ``picked up``: another's it holds."""


class Sheet(Value):
    """``name``, ``side``; ``health`` and ``health_max`` in the ruleset's word
    (``health_word``: Body or HP); ``pools`` other counts with their maximum (Spellchrome
    EX-HP, Elysium MP); ``defense`` its defences by name (AC, touch AC, Dodge, ...);
    ``attributes`` each ``{score, modifier}`` (Elysium: ``{score}``, raw numbers);
    ``skills`` ranks (Elysium); ``numbers`` other derived numbers (initiative modifier);
    ``weapon_lines``: each weapon; ``movement`` in feet; ``conditions`` as ``erc status``
    lists them; ``resources`` what is left this round, as ``erc status`` names them; ``can_act`` and
    why not; ``notes`` what else a GM should know."""

    name: str
    """The combatant's name."""
    side: str
    """Its side, as the file gives it (empty: no side)."""
    health_word: str
    """The ruleset's word for health: Body (ER) or HP."""
    health: int
    """Its health now: ER's Body, Spellchrome's and Elysium's HP."""
    health_max: int
    """Its maximum health."""
    pools: Mapping[str, tuple[int, int]]
    """Other counts as [now, maximum] by name: Spellchrome EX-HP, Elysium MP."""
    defense: Mapping[str, int]
    """Its defenses by name: ``AC`` (``touch AC``, ``flat-footed AC``), or ``Dodge``, ``Parry``."""
    attributes: Mapping[str, Mapping[str, int]]
    """Each attribute's score and modifier (Elysium: score only)."""
    skills: Mapping[str, int]
    """Skill ranks by name (Elysium; empty elsewhere)."""
    numbers: Mapping[str, int]
    """Other derived numbers by name, such as the initiative modifier."""
    weapon_lines: tuple[SheetWeapon, ...]
    """Each of its weapons."""
    movement: Mapping[str, int]
    """Movement in ft, under the ruleset's keys (ER: ``rate_ft``, ``spent_ft``, ``left_ft``)."""
    conditions: tuple[ConditionRow, ...]
    """Its conditions, as erc status lists them."""
    resources: Mapping[str, int | bool]
    """What it has left this round, under the keys erc status uses."""
    can_act: bool
    """Nothing stops it acting now."""
    cannot_act_because: str | None
    """Why it cannot act (a condition, down), or None."""
    notes: tuple[str, ...] = ()
    """What else a GM should know, a line each (movement rate, damage reduction, a pin)."""


def signed(value: int) -> str:
    return f"{value:+d}"


def renderer() -> Drawing:
    """The one renderer of ``erc show`` for every ruleset (``erc.core.render.sheet``), imported
    only for a human table."""
    from erc.core.render import sheet

    return sheet
