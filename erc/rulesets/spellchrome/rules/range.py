"""Range (SC7, SC4.5; SC-P6): the band an attack falls in, checked before any die.

- SC7.1: within the effective range (the weapon's ``range`` + its ``range_bonus`` + the
  combatant's ``range_bonus``) there is no penalty; exactly the effective range is within.
- SC7.2: beyond it, -6 to hit, once.
- SC7.3: beyond double the listed (unmodified) range **and** beyond the effective range, the
  damage is halved; exactly double is not halved.
- SC7.4: past ``max_range`` (exactly ``max_range`` is allowed) the attack is refused.
- SC4.5: a melee weapon reaches an adjacent square only: over 5 ft is refused; its band is
  within.
- SC7.5: spells go no further than their range, with no -6 band (``spell_in_range``).
"""

from __future__ import annotations

from erc.core.errors import ErcError
from erc.core.value import Value
from erc.rulesets.spellchrome.model import Combatant, Weapon

MELEE_REACH = 5
"""SC4.5: "the two figures should be in adjacent squares"."""
RANGE_PENALTY = -6
"""SC7.2: "A weapon fired beyond its effective range has a -6 penalty to hit"."""
BANDS = ("within", "beyond", "beyond-double")


class RangeBand(Value):
    band: str
    """``within``, ``beyond`` (-6 to hit) or ``beyond-double`` (-6, half damage)."""
    distance: int
    """The distance to the target in ft (``--distance``)."""
    range: int | None
    """The weapon's listed range (None for melee)."""
    effective: int | None
    """The effective range in ft: listed range + range bonuses (SC7.1); None for melee."""
    max_range: int | None
    """The weapon's ``max_range`` in ft (past it: refused, SC7.4), or None."""
    penalty: int
    """To hit: -6 beyond the effective range (SC7.2), else 0."""
    halved: bool
    """Beyond double the listed range and the effective range: half damage (SC7.3)."""


def effective_range(weapon: Weapon, attacker: Combatant) -> int | None:
    """SC7.1: "Some feats and equipment add to a weapons effective range"."""
    if weapon.range is None:
        return None
    return weapon.range + weapon.range_bonus + attacker.range_bonus


def band_of(distance: int, listed: int, effective: int) -> str:
    """SC7.2, SC7.3: ``within``, ``beyond`` (-6) or ``beyond-double`` (-6, half damage)."""
    if distance <= effective:
        return "within"
    return "beyond-double" if distance > 2 * listed else "beyond"


def range_band(weapon: Weapon, attacker: Combatant, distance: int) -> RangeBand:
    """The band of an attack at ``distance`` ft; out of reach or past ``max_range`` is an
    error (SC-P6: refused before any die is drawn)."""
    if distance < 0:
        raise ErcError("bad-option", f"--distance {distance}: a distance is 0 ft or more")
    if weapon.melee or weapon.range is None:
        if distance > MELEE_REACH:
            raise ErcError(
                "out-of-reach",
                f"{weapon.name} is a melee weapon: it reaches {MELEE_REACH} ft (an adjacent "
                f"square, SC4.5), not {distance} ft; move first (erc movement) or use a "
                "ranged or thrown weapon",
            )
        return RangeBand(
            band="within",
            distance=distance,
            range=None,
            effective=None,
            max_range=None,
            penalty=0,
            halved=False,
        )
    effective = effective_range(weapon, attacker)
    assert effective is not None
    if weapon.max_range is not None and distance > weapon.max_range:
        raise ErcError(
            "out-of-range",
            f"{weapon.name} reaches at most {weapon.max_range} ft (its max_range, SC7.4), "
            f"not {distance} ft",
        )
    band = band_of(distance, weapon.range, effective)
    return RangeBand(
        band=band,
        distance=distance,
        range=weapon.range,
        effective=effective,
        max_range=weapon.max_range,
        penalty=0 if band == "within" else RANGE_PENALTY,
        halved=band == "beyond-double",
    )


def spell_in_range(spell_range: int | None, distance: int | None) -> None:
    """SC7.5: "Spells cannot travel further than their listed range" (no -6 band)."""
    if spell_range is None or distance is None:
        return
    if distance > spell_range:
        raise ErcError(
            "out-of-range",
            f"a spell cannot travel further than its listed range (SC7.5): {distance} ft is "
            f"past its {spell_range} ft",
        )
