"""Skill checks at the table (EL-P16): ``erc skill NAME SKILL --vs N``:
one die of the file's size (EL1.1) + the skill's ranks + its key ability (EL1.3), or an
ability named alone (EL-P10), with the Morale and Agitation penalties of every skill
roll (EL11), against a fixed number: a success when the total is at least N. There is no
natural-roll rule (EL1.4). Who cannot act (EL-P13) fails with no die (``no_roll``). It
costs no AP unless ``--ap N`` says so (EL3.2: paid whole from what is left)."""

from __future__ import annotations

from erc.core.checks import Against, against
from erc.core.dice import Dice
from erc.rulesets.elysium.conditions import cannot_act
from erc.rulesets.elysium.model import Combatant
from erc.rulesets.elysium.rules.ap import ApSpend, pay
from erc.rulesets.elysium.rules.rolls import check_parts, penalties

TYPE_CHECKING = False
if TYPE_CHECKING:
    # the inherited fields' types, named where ``erc schema --output`` reads this class
    from collections.abc import Mapping  # noqa: F401

    from erc.core.dice import Die  # noqa: F401


class SkillCheck(Against):
    """A skill check against a number; ``ap``: the AP it cost (``--ap``), else None."""

    ap: ApSpend | None = None


def skill_check(
    dice: Dice | None,
    who: Combatant,
    skill: str,
    target: int,
    *,
    sides: int,
    bonus: int = 0,
    ap: int = 0,
    school: bool = False,
) -> SkillCheck:
    """EL-P16: one die + ``check_parts`` (EL1.3) + penalties (EL11) + ``bonus`` against
    ``target``; ``ap`` > 0 is paid first (refused, before any die, when not enough is left);
    ``dice`` None: nothing drawn (``--odds`` alone)."""
    spent = pay(who, ap, f"this {skill} check") if ap else None
    parts = {**check_parts(who, skill, school=school), **penalties(who)}
    if bonus:
        parts["mod"] = bonus
    base = against(
        dice,
        name=who.name,
        check=skill,
        parts=parts,
        target=target,
        target_name="vs",
        sides=sides,
        naturals=False,
        no_roll=cannot_act(who),
    )
    fields = {field: getattr(base, field) for field in Against._fields}
    return SkillCheck(**fields, ap=spent)
