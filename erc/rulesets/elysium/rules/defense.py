"""Defense Rolls (EL5): Dodge or Parry against weapon attacks and grabs, Spell Defense
against spells (EL12), and the helpless defender who rolls none (EL5.5).

What changes every Defense Roll lives here once (EL-P5: Dodge, Parry and Spell
Defense): going on the defensive (+N, EL5.6), prone (-4, EL5.7), a grab (neither AGI nor
dodge ranks, no parry, EL5.8), and Morale and Agitation (EL11, via ``rolls.side``).
"""

from __future__ import annotations

from erc.core.errors import ErcError
from erc.core.value import Value
from erc.rulesets.elysium.conditions import helpless
from erc.rulesets.elysium.model import HAND_TO_HAND, Combatant, Settings, Weapon
from erc.rulesets.elysium.rules.rolls import Side, side

PRONE = -4
"""EL5.7: "a -4 penalty to any Defense Rolls"."""
KINDS = ("dodge", "parry")


class Defense(Value):
    """A defender's roll as set up: ``kind`` is ``dodge``, ``parry``, ``spell`` or
    ``helpless`` (EL-P5); ``weapon`` the parrying weapon (None for a bare-hand
    parry and for the other kinds)."""

    kind: str
    side: Side
    weapon: Weapon | None = None
    notes: tuple[str, ...] = ()


def situational(who: Combatant) -> dict[str, int]:
    """EL5.6 and EL5.7: the defensive bonus of the round and the prone penalty."""
    parts: dict[str, int] = {}
    if who.defensive_bonus:
        parts["defensive"] = who.defensive_bonus
    if who.has("prone"):
        parts["prone"] = PRONE
    return parts


def agility_and_dodge(who: Combatant) -> dict[str, int]:
    """EL5.8: in a grab (pinned or pinning) neither Agility nor Dodge is added to a defense
    roll, against anyone: Dodge, Spell Defense and the trip's defense (EL8)."""
    if who.in_grab:
        return {}
    return {"agility": who.ability("agility"), "dodge": who.ranks("dodge")}


def dodge_parts(who: Combatant) -> dict[str, int]:
    """EL5.2: AGI + dodge ranks + END + armor bonus."""
    return {
        **agility_and_dodge(who),
        "endurance": who.ability("endurance"),
        "armor_bonus": who.armor_bonus,
    }


def parry_weapon(who: Combatant, named: str | None) -> Weapon | None:
    """EL-P3: ``--parry-with WEAPON``, else the first listed weapon (a natural one
    counts); None: no weapon (a bare-hand parry)."""
    if named is None:
        return who.weapons[0] if who.weapons else None
    weapon = who.weapon(named)
    if weapon is None:
        held = ", ".join(w.name for w in who.weapons) or "none"
        raise ErcError(
            "unknown-weapon", f"{who.name} holds no weapon called {named!r}; it holds: {held}"
        )
    return weapon


def parry_parts(who: Combatant, weapon: Weapon | None) -> dict[str, int] | None:
    """EL5.3: CUN + the weapon's skill ranks + END + armor bonus + the weapon's parry
    bonus, and its own magic (an attack-related bonus, EL-P3); no damage score.
    Without a weapon it needs hand-to-hand ranks and has no parry bonus. None: it cannot
    parry."""
    if weapon is None:
        if who.ranks(HAND_TO_HAND) <= 0:
            return None
        return {
            "cunning": who.ability("cunning"),
            HAND_TO_HAND: who.ranks(HAND_TO_HAND),
            "endurance": who.ability("endurance"),
            "armor_bonus": who.armor_bonus,
        }
    parts = {
        "cunning": who.ability("cunning"),
        weapon.skill: who.ranks(weapon.skill),
        "endurance": who.ability("endurance"),
        "armor_bonus": who.armor_bonus,
        "parry_bonus": weapon.parry_bonus,
    }
    if weapon.magic:
        parts["magic"] = weapon.magic
    return parts


def _helpless(
    defender: Combatant, reason: str, kind: str | None, rules: Settings, static: dict[str, int]
) -> Side:
    """EL5.5, EL-P5: no die; the total is 0, or with ``helpless_defense: static`` the
    defense without the die."""
    if kind is not None:
        raise ErcError(
            "helpless",
            f"{defender.name} makes no Defense Roll ({reason}, EL5.5), so it cannot "
            f"{kind}: leave out --defense",
        )
    parts = side(defender, static, "").parts if rules.helpless_defense == "static" else {}
    return Side(defender.name, parts, f"{defender.name} defense", rolls=False)


def defense(
    defender: Combatant,
    rules: Settings,
    *,
    kind: str | None = None,
    parry_with: str | None = None,
    unaware: bool = False,
) -> Defense:
    """The Defense Roll against a weapon attack or grab: EL5.1 the defender's choice
    (``kind``), by default the higher total without the die, Dodge on a tie (EL-P6:
    tactics are ignored); EL5.5 none for a helpless (or, ``unaware``, sneaked-on) one."""
    if parry_with is not None:
        if kind == "dodge":
            raise ErcError("bad-option", "--parry-with names a parrying weapon: not with dodge")
        kind = "parry"
    weapon = parry_weapon(defender, parry_with)
    parry = None if defender.in_grab else parry_parts(defender, weapon)
    dodge = dodge_parts(defender)
    reason = "unaware of the danger (sneak)" if unaware else helpless(defender)
    if reason:
        best = parry if parry is not None and sum(parry.values()) > sum(dodge.values()) else dodge
        static = {**best, **situational(defender)}
        return Defense(
            "helpless",
            _helpless(defender, reason, kind, rules, static),
            notes=(f"{defender.name} makes no Defense Roll: {reason} (EL5.5)",),
        )
    notes: list[str] = []
    if defender.in_grab:
        notes.append(f"{defender.name} is in a grab: neither AGI nor dodge, no parry (EL5.8)")
    if kind == "parry":
        if defender.in_grab:
            raise ErcError(
                "cannot-parry",
                f'{defender.name} cannot parry while in a grab (EL5.8: "nor can they parry")',
            )
        if parry is None:
            raise ErcError(
                "cannot-parry",
                f"{defender.name} has no weapon and no hand-to-hand ranks to parry with (EL5.3)",
            )
    elif kind is None:
        kind = (
            "parry" if parry is not None and sum(parry.values()) > sum(dodge.values()) else "dodge"
        )
    chosen = parry if kind == "parry" and parry is not None else dodge
    purpose = f"{defender.name} {kind}"
    return Defense(
        kind,
        side(defender, {**chosen, **situational(defender)}, purpose),
        weapon if kind == "parry" else None,
        tuple(notes),
    )


def spell_defense(defender: Combatant, school: str, rules: Settings) -> Defense:
    """EL12: AGI + dodge + END + armor + the greater of MDEF and the defender's ranks in
    the spell's school; helpless (EL5.5) it rolls none (EL-P5)."""
    ranks = defender.school(school)
    resist = {"mdef": defender.mdef} if defender.mdef >= ranks else {school: ranks}
    parts = {**dodge_parts(defender), **resist, **situational(defender)}
    reason = helpless(defender)
    if reason:
        return Defense(
            "helpless",
            _helpless(defender, reason, None, rules, parts),
            notes=(f"{defender.name} makes no Spell Defense roll: {reason} (EL5.5)",),
        )
    notes = (
        (f"{defender.name} is in a grab: neither AGI nor dodge (EL5.8)",)
        if defender.in_grab
        else ()
    )
    return Defense("spell", side(defender, parts, f"{defender.name} spell defense"), None, notes)
