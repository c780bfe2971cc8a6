"""Armour Class (SC5): normal, touch, flat-footed, and touch and flat-footed together.

- SC5.1: AC = 10 + armour bonus + shield bonus + natural armour + Dexterity modifier + the
  file's ``ac_bonus``; SC5.2: Spellchrome armour that is not empowered adds nothing.
- SC5.3: flat-footed loses the Dexterity bonus; a negative modifier still counts (SC-P10).
- SC5.4: touch drops armour, shield and natural armour; Dexterity and ``ac_bonus`` apply.
"""

from __future__ import annotations

from collections.abc import Mapping

from erc.core.value import Value
from erc.rulesets.spellchrome.model import Combatant

BASE = 10
"""SC5.1: "10 + Armour Bonus + Dexterity modifier"."""
KINDS = ("normal", "touch", "flat-footed", "touch-flat-footed")


class ArmorClass(Value):
    """One AC with its terms (``parts``, in the order they add up)."""

    value: int
    """The AC: the sum of ``parts``."""
    kind: str
    """``normal``, ``touch``, ``flat-footed`` or ``touch-flat-footed``."""
    parts: Mapping[str, int]
    """Its terms in the order they add up (``base``, ``armor``, ``dexterity``, ...)."""


def ac_kind(*, touch: bool, flat_footed: bool) -> str:
    if touch:
        return "touch-flat-footed" if flat_footed else "touch"
    return "flat-footed" if flat_footed else "normal"


def armor_class(who: Combatant, *, touch: bool = False, flat_footed: bool = False) -> ArmorClass:
    """``who``'s AC against an attack that is a touch attack or finds it flat-footed."""
    dexterity = who.mod("dexterity")
    parts: list[tuple[str, int]] = [("base", BASE)]
    if not touch:  # SC5.4: "your AC doesn't include any armour bonus, shield bonus, or natural"
        parts += [
            ("armor", who.armor_bonus),
            ("shield", who.shield_bonus),
            ("natural_armor", who.natural_armor),
        ]
    # SC5.3: "A flat footed character receives no Dexterity bonus"; a penalty stays
    parts.append(("dexterity", min(0, dexterity) if flat_footed else dexterity))
    parts.append(("ac_bonus", who.ac_bonus))
    return ArmorClass(
        sum(v for _, v in parts), ac_kind(touch=touch, flat_footed=flat_footed), dict(parts)
    )
