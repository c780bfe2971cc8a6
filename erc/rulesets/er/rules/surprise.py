"""Perception under the perceiver's conditions (R2.3) and surprise before round 1 (R4).

Both report the **effective DC**: the base DC raised by 3 for a sleeper and by 3 (once) for
a blind or deaf perceiver, as R4.2 reports "DC 17 in effect" for a sleeper. R2.3 makes that
the same outcome as -3 on the roll. Combatants that cannot perceive at all (unconscious,
petrified) roll no die and fail; so does a sleeper when the trigger was silent (R4.2).
A paralysed combatant still perceives (its senses work; it cannot act, which initiative
shows).

Dice (CONTRACT "The order of dice", roll-init): one Perception d20 per combatant in file
order, two for one at advantage, none for the trigger or for one that gets no roll.
"""

from __future__ import annotations

from collections.abc import Sequence

from erc.core.dice import Dice, Die, Mode
from erc.core.errors import ErcError
from erc.core.value import Value, replace
from erc.rulesets.er.model import Combatant
from erc.rulesets.er.rules.checks import DEFAULT_DC, perception

FOREKNOWLEDGE_DC = 10
"""seed 000: "Those who had foreknowledge ... at advantage with the base being only DC:10"."""
CONDITION_PENALTY = 3
"""R4.2: asleep -3 (DC 17 in effect); blind or deaf -3, once for both."""
SENSES = ("blind", "deaf")
CANNOT_PERCEIVE = ("unconscious", "petrified")
"""Conditions under which nothing is noticed: no roll, the check fails."""


class Penalty(Value):
    """One raise of the DC and its reason: ``asleep``, ``blind``, ``deaf``, ``blind and deaf``."""

    why: str
    """Its reason: ``asleep``, ``blind``, ``deaf`` or ``blind and deaf`` (R4.2)."""
    dc: int
    """How much it raises the DC."""


class Awareness(Value):
    """One Perception check (CONTRACT ``perception`` entry: name, roll, dc, success).

    ``roll`` is the kept die (None when no die is rolled, ``no_roll`` saying why); ``dc`` is
    the effective DC, ``base_dc`` before the ``penalties``; ``dice`` are the dice thrown.
    """

    name: str
    """Who checks."""
    roll: int | None
    """The d20 kept; None when no die is rolled (``no_roll`` says why)."""
    dc: int
    """The effective DC: ``base_dc`` raised by the ``penalties``."""
    success: bool
    """``total`` reaches ``dc`` (a raw 20 or raw 1 decides, R1.3); False with no roll."""
    dice: tuple[Die, ...]
    """The d20s thrown (two at advantage)."""
    modifier: int
    """Its Perception modifier, +4 actively scanning (with no roll: the modifier alone)."""
    total: int | None
    """``roll`` + ``modifier``; None with no roll."""
    base_dc: int
    """The DC before the penalties (surprise: 14, or 10 with foreknowledge)."""
    penalties: tuple[Penalty, ...]
    """Each raise of the DC for its conditions (R4.2)."""
    advantage: str
    """``normal``, ``advantage`` or ``disadvantage`` (foreknowledge: advantage)."""
    scan: bool = False
    """It was actively scanning (+4, ``erc perceive --scan``)."""
    foreknowledge: bool = False
    """It knew the trigger was coming: advantage, DC 10."""
    no_roll: str | None = None
    """Why no die was rolled (``down``, ``unconscious``, ``silent trigger``, ...), or None."""
    surprise_check: bool = False
    """R4.4: the surprise check of a sleeper woken after round 1 (``perceive --surprise``):
    failed, it is surprised for the rest of the round."""


def penalties(who: Combatant) -> tuple[Penalty, ...]:
    """R4.2: asleep +3 to the DC; blind or deaf +3, once (not +6 for both)."""
    found = [Penalty("asleep", CONDITION_PENALTY)] if who.has("asleep") else []
    senses = [s for s in SENSES if who.has(s)]
    if senses:
        found.append(Penalty(" and ".join(senses), CONDITION_PENALTY))
    return tuple(found)


def why_no_roll(who: Combatant, noise: bool) -> str | None:
    """Why ``who`` notices nothing without a die, or None when it rolls. R13.1: a combatant
    that cannot roll (down, unconscious, petrified) fails with no die."""
    if who.body <= 0:
        return "down"
    for condition in CANNOT_PERCEIVE:
        if who.has(condition):
            return condition
    if who.has("asleep") and not noise:
        return "silent trigger"  # asleep, and no noise, heat or smell woke it
    return None


def check(
    dice: Dice,
    who: Combatant,
    base_dc: int,
    *,
    mode: Mode = Mode.NORMAL,
    scan: bool = False,
    foreknowledge: bool = False,
    noise: bool = True,
    purpose: str | None = None,
) -> Awareness:
    """R2.3 with the perceiver's conditions (R4.2) folded into the effective DC."""
    found = penalties(who)
    dc = base_dc + sum(p.dc for p in found)
    blocked = why_no_roll(who, noise)
    rolled = None if blocked else perception(dice, who, dc, scan=scan, mode=mode, purpose=purpose)
    return Awareness(
        name=who.name,
        roll=rolled.roll if rolled else None,
        dc=dc,
        success=rolled.success if rolled else False,
        dice=rolled.dice if rolled else (),
        modifier=rolled.modifier if rolled else who.mod("perception"),
        total=rolled.total if rolled else None,
        base_dc=base_dc,
        penalties=found,
        advantage=mode.value,
        scan=scan,
        foreknowledge=foreknowledge,
        no_roll=blocked,
    )


def perceive(
    dice: Dice,
    who: Combatant,
    dc: int = DEFAULT_DC,
    *,
    scan: bool = False,
    mode: Mode = Mode.NORMAL,
    surprise_check: bool = False,
    round: int = 0,
) -> Awareness:
    """``erc perceive``: one check (R2.3), +4 when actively scanning, conditions as in R4.2.

    A combatant that cannot perceive, or a sleeper, cannot actively scan. With
    ``surprise_check`` it is R4.4's "once woken, checks for surprise (DC 14)", from round 2
    on (round 1's surprise is ``roll-init --surprise``), for one awake.
    """
    state = why_no_roll(who, noise=True) or ("asleep" if who.has("asleep") else None)
    if scan and state:
        raise ErcError("bad-option", f"{who.name} is {state} and cannot actively scan (--scan)")
    if surprise_check:
        _surprise_check_allowed(who, round, scan)
    found = check(dice, who, dc, mode=mode, scan=scan, purpose=f"{who.name} perception")
    return replace(found, surprise_check=True) if surprise_check else found


def _surprise_check_allowed(who: Combatant, round: int, scan: bool) -> None:
    """R4.4: the surprise check is for one woken after round 1 (round 2 on), once awake."""
    if round < 2:
        raise ErcError(
            "bad-option",
            "--surprise is R4.4's check for a sleeper woken after round 1 (from round 2 on); "
            "round 1's surprise is erc roll-init --surprise (R4.2)",
        )
    if who.has("asleep"):
        raise ErcError(
            "bad-option",
            f"{who.name} is asleep: it checks to wake first (erc perceive {who.name!r}), "
            "then for surprise (R4.4)",
        )
    if scan:
        raise ErcError("bad-option", "--surprise is a plain check: it takes no --scan")


class SurpriseSetup(Value):
    """What the GM says about the trigger: who acted, who knew, and whether it was heard."""

    trigger: str
    foreknowledge: frozenset[str] = frozenset()
    noise: bool = True


class Surprise(Value):
    trigger: str
    noise: bool
    surprised: tuple[str, ...]
    perception: tuple[Awareness, ...]


def surprise(dice: Dice, combatants: Sequence[Combatant], setup: SurpriseSetup) -> Surprise:
    """R4.1-R4.3: the trigger is aware; everyone else checks, in file order.

    Foreknowledge: advantage against DC 10; otherwise one d20 against DC 14. A failed check
    means surprised. The trigger must not be among those with foreknowledge.
    """
    if setup.trigger in setup.foreknowledge:
        raise ErcError(
            "bad-option", f"{setup.trigger} triggers the fight, so it needs no foreknowledge"
        )
    checks = []
    for who in combatants:
        if who.name == setup.trigger:
            continue
        knew = who.name in setup.foreknowledge
        checks.append(
            check(
                dice,
                who,
                FOREKNOWLEDGE_DC if knew else DEFAULT_DC,
                mode=Mode.ADVANTAGE if knew else Mode.NORMAL,
                foreknowledge=knew,
                noise=setup.noise,
                purpose=f"{who.name} surprise perception",
            )
        )
    surprised = tuple(c.name for c in checks if not c.success)
    return Surprise(setup.trigger, setup.noise, surprised, tuple(checks))
