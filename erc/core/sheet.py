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
    kind: str
    attack_text: str
    damage_text: str
    numbers: Mapping[str, object]
    state: str = "ready"


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
    side: str
    health_word: str
    health: int
    health_max: int
    pools: Mapping[str, tuple[int, int]]
    defense: Mapping[str, int]
    attributes: Mapping[str, Mapping[str, int]]
    skills: Mapping[str, int]
    numbers: Mapping[str, int]
    weapon_lines: tuple[SheetWeapon, ...]
    movement: Mapping[str, int]
    conditions: tuple[ConditionRow, ...]
    resources: Mapping[str, int | bool]
    can_act: bool
    cannot_act_because: str | None
    notes: tuple[str, ...] = ()


def signed(value: int) -> str:
    return f"{value:+d}"


def renderer() -> Drawing:
    """The one renderer of ``erc show`` for every ruleset (``erc.core.render.sheet``), imported
    only for a human table."""
    from erc.core.render import sheet

    return sheet
