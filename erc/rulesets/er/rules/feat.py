"""Feats and saves at the table (RULES.md R14.1): ``erc feat NAME ATTR --comp N``.

R2.1: a feat is d20 + the sub-attribute's **modifier** against a Comp; R2.2: a Preservation
save is d20 + the sub-attribute's **score**. R1.3: a raw 20 succeeds and a raw 1 fails.
R1.5: advantage or disadvantage rolls two d20 and keeps the better or the worse (they
cancel); R10: a bound combatant's Strength, Agility and Resilience feats are at
disadvantage. R13.1: a combatant that cannot roll (down, unconscious, petrified) fails with
no die. Not an action: nothing is spent (R14.1).
"""

from __future__ import annotations

from erc.core.checks import Against, against
from erc.core.dice import Dice, Mode
from erc.core.errors import ErcError, did_you_mean
from erc.rulesets.er.conditions import Modes
from erc.rulesets.er.model import SUB_ATTRIBUTES, Combatant
from erc.rulesets.er.rules.checks import feat_reasons
from erc.rulesets.er.rules.surprise import CANNOT_PERCEIVE

CANNOT_ROLL = CANNOT_PERCEIVE
"""R13.1: "A combatant that cannot roll (down, unconscious, petrified)"."""


def attribute_name(text: str) -> str:
    """A sub-attribute by name or a unique prefix of one (R1.2's list), so a typo is an
    error, not a 0."""
    wanted = text.strip().casefold()
    if wanted in SUB_ATTRIBUTES:
        return wanted
    found = [a for a in SUB_ATTRIBUTES if wanted and a.startswith(wanted)]
    if len(found) == 1:
        return found[0]
    raise ErcError(
        "bad-option",
        f"no sub-attribute called {text!r}{did_you_mean(wanted, SUB_ATTRIBUTES)}; "
        f"one of: {', '.join(SUB_ATTRIBUTES)}",
    )


def why_no_roll(who: Combatant) -> str | None:
    """R13.1: why ``who`` cannot roll (it fails with no die), else None."""
    if who.body <= 0:
        return "down (0 Body)"
    return next((c for c in CANNOT_ROLL if who.has(c)), None)


def feat(
    dice: Dice | None,
    who: Combatant,
    attribute: str,
    comp: int,
    *,
    preservation: bool = False,
    bonus: int = 0,
    advantage: bool = False,
    disadvantage: bool = False,
) -> Against:
    """R14.1: the feat (R2.1) or the Preservation save (R2.2) of ``who`` against ``comp``;
    ``dice`` None: nothing drawn (``--odds`` alone)."""
    given = Modes(
        ("--advantage",) if advantage else (), ("--disadvantage",) if disadvantage else ()
    )
    reasons = given if preservation else feat_reasons(who, attribute, given)
    mode = Mode.of(bool(reasons.advantage_from), bool(reasons.disadvantage_from))
    base = who.score(attribute) if preservation else who.mod(attribute)
    parts = {f"{attribute} {'score' if preservation else 'modifier'}": base}
    if bonus:
        parts["mod"] = bonus
    return against(
        dice,
        name=who.name,
        check=f"{attribute} {'preservation save' if preservation else 'feat'}",
        parts=parts,
        target=comp,
        target_name="Comp",
        mode=mode,
        naturals=True,
        no_roll=why_no_roll(who),
        reasons=(reasons.advantage_from, reasons.disadvantage_from),
    )
