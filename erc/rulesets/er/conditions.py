"""Conditions (RULES.md R10): what each one does, asked one question at a time.

Every mechanic and the odds code ask these functions rather than reading conditions
themselves, so a condition does the same in every command, whether it comes from the
encounter file or from the journal. Each answer names its reasons ("Kaela is blind"), which
the results carry (``advantage_from``, ``disadvantage_from``) and refusals quote
(``refused_because``, R10.3, R13.5).

The table (R10), by question:

- acts, moves, reacts: asleep, incapacitated, paralyzed, petrified, surprised (round 1),
  unconscious and down (Body 0) do none of them; grappled cannot move; prone crawls or
  stands up (R9.5-9.6); bound moves at half (R9.3).
- its attacks: blind at disadvantage; bound at disadvantage with the hand pools (primary,
  off), -5 on each of their dice, and no ``mechanical`` or ``ammo`` weapon; the savage pool
  of a bound combatant strikes normally (seed 001: the jen'esse's tail); charmed by X cannot
  target X.
- attacks against it: blind, bound, stunned at advantage (seed 001: "if the victim is
  stunned or otherwise already to be attacked at advantage").
- its checks: bound: Strength, Agility and Resilience feats and every competition at
  disadvantage (R7.2); Perception: asleep DC +3, blind or deaf +3 once (R4.2,
  ``erc.rulesets.er.rules.surprise``); unconscious, petrified and down roll no Perception
  (R13.1).
- other: damage above 0 wakes a sleeper (``erc.rulesets.er.events.damage``); grappled ends
  when its grappler cannot act or is down (``erc.rulesets.er.events.Tracker.settle``).
"""

from __future__ import annotations

from erc.core.errors import ErcError
from erc.core.kept import by_identity
from erc.core.value import Value
from erc.rulesets.er.model import Combatant, Weapon

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

    from erc.core.status import Turns

NO_ACTION = ("surprised", "asleep", "unconscious", "paralyzed", "petrified", "incapacitated")
"""Conditions under which a combatant takes no action, no movement and no reaction (R10)."""
NO_MOVE = (*NO_ACTION, "grappled")
"""R10: grappled "acts, yes; moves, no; reacts, yes"."""
ATTACKED_AT_ADVANTAGE = ("blind", "bound", "stunned")
"""R10 "attacks against it": at advantage."""
HAND_POOLS = ("primary", "off")
"""The pools a bound combatant's hands strike with (R10: the savage pool strikes normally)."""
BOUND_DIE_PENALTY = -5
"""R10 bound: "-5 on every die" of the hand pools."""
BOUND_FORBIDS = ("mechanical", "ammo")
"""R10 bound: "no weapon with property mechanical or ammo"."""
BOUND_CHECKS = ("strength", "agility", "resilience")
"""R10 bound: "Strength, Agility and Resilience feats ... at disadvantage"."""
NOT_STANDING = ("unconscious", "petrified")
"""R11.5: standing while Body is above 0 and neither unconscious nor petrified."""


class Modes(Value):
    """Why a roll is at advantage or disadvantage (each entry names the condition and who
    has it, R13.5); R1.5: several reasons are one advantage, and the two cancel."""

    advantage_from: tuple[str, ...] = ()
    disadvantage_from: tuple[str, ...] = ()

    def plus(self, advantage: tuple[str, ...] = (), disadvantage: tuple[str, ...] = ()) -> Modes:
        return Modes(self.advantage_from + advantage, self.disadvantage_from + disadvantage)


def down(who: Combatant) -> bool:
    """R5.8: at 0 Body a combatant is down (not dead)."""
    return who.body <= 0


@by_identity
def cannot_act(who: Combatant) -> str | None:
    """Why ``who`` can take no action now (R10 "cannot act": refused as the actor of an
    attack, sneak, disarm or lock, taking an item, starting a competition, picking up),
    else None."""
    return no_action(who.body, who.has)


def no_action(body: int, has: Callable[[str], bool]) -> str | None:
    """``cannot_act`` for a combatant with this Body and these conditions (``has``), as the
    journal's fold holds one (``erc.rulesets.er.events``: a grapple ends with its grappler)."""
    if body <= 0:  # R5.8: down
        return "down (0 Body)"
    return next((c for c in NO_ACTION if has(c)), None)


def cannot_move(who: Combatant) -> str | None:
    """Why ``who`` is immobile by its conditions (R10, R9.7), else None."""
    if down(who):
        return "down (0 Body)"
    return next((c for c in NO_MOVE if who.has(c)), None)


def cannot_react(who: Combatant) -> str | None:
    """Why ``who`` can take no reaction now (R10 "cannot react": resisting a disarm, lock or
    drop, inflicting a drop, defending its space), else None. Its one reaction a round
    being spent is a resource, not a condition (``reaction_blocked``)."""
    return cannot_act(who)


def reaction_blocked(who: Combatant) -> str | None:
    """Why ``who`` has no reaction to spend: a condition, or the round's one spent (R8.4)."""
    reason = cannot_react(who)
    if reason:
        return f"cannot react ({reason})"
    return "has no reaction left this round" if who.reaction_used else None


@by_identity
def standing(who: Combatant) -> bool:
    """R11.5: "standing while its Body is above 0 and it is neither unconscious nor
    petrified"."""
    return not down(who) and not any(who.has(c) for c in NOT_STANDING)


def _is(who: Combatant, condition: str) -> str:
    return f"{who.name} is {condition}"


def attacker_modes(attacker: Combatant, *, hand_pools: bool) -> Modes:
    """R10 "its attacks": blind at disadvantage; bound at disadvantage when a hand pool
    strikes (its savage pool alone strikes normally)."""
    worse = [_is(attacker, "blind")] if attacker.has("blind") else []
    if attacker.has("bound") and hand_pools:
        worse.append(_is(attacker, "bound"))
    return Modes((), tuple(worse))


def target_modes(target: Combatant) -> Modes:
    """R10 "attacks against it": blind, bound or stunned: at advantage."""
    return Modes(tuple(_is(target, c) for c in ATTACKED_AT_ADVANTAGE if target.has(c)), ())


def attack_modes(attacker: Combatant, target: Combatant, *, hand_pools: bool = True) -> Modes:
    """An attack's reasons for advantage and disadvantage from conditions (R10)."""
    return attacker_modes(attacker, hand_pools=hand_pools).plus(target_modes(target).advantage_from)


def die_penalty(attacker: Combatant, pool: str) -> int:
    """R10 bound: -5 on every die of a hand pool (primary, off); 0 otherwise."""
    return BOUND_DIE_PENALTY if attacker.has("bound") and pool in HAND_POOLS else 0


def check_weapon(attacker: Combatant, weapon: Weapon, pool: str) -> None:
    """R10 bound: "no weapon with property mechanical or ammo" (hand pools)."""
    if not attacker.has("bound") or pool not in HAND_POOLS:
        return
    forbidden = [p for p in BOUND_FORBIDS if weapon.has_property(p)]
    if forbidden:
        raise ErcError(
            "cannot-act",
            f"{attacker.name} is bound and cannot use its {weapon.name} ({forbidden[0]}: R10 "
            "bound: no weapon with property mechanical or ammo)",
        )


def check_target(attacker: Combatant, target: Combatant) -> None:
    """R10 charmed (by X): "cannot target X (attack, sneak, disarm, lock, drop)"."""
    charmed = attacker.condition("charmed")
    if charmed is not None and charmed.by == target.name:
        raise ErcError(
            "charmed",
            f"{attacker.name} is charmed by {target.name} and cannot target it (R10 charmed)",
        )


def feat_modes(who: Combatant, attribute: str) -> Modes:
    """R10 bound: its Strength, Agility and Resilience feats at disadvantage."""
    if who.has("bound") and attribute in BOUND_CHECKS:
        return Modes((), (_is(who, "bound"),))
    return Modes()


def competition_modes(who: Combatant) -> Modes:
    """R7.2, R10 bound: every competition at disadvantage."""
    return Modes((), (f"{who.name} is bound (R7.2)",)) if who.has("bound") else Modes()


def refuse_actor(who: Combatant) -> None:
    """``cannot-act`` for an actor that cannot act (R10, R13.5)."""
    reason = cannot_act(who)
    if reason:
        raise ErcError(
            "cannot-act",
            f"{who.name} cannot act: {reason}"
            + (" (R4.3, R4.4: no action this round)" if reason == "surprised" else ""),
        )


@by_identity
def acted(who: Combatant) -> bool:
    """R11.5: its action is spent, or its turn ended (R14.3)."""
    return who.own_action_spent or who.turn_ended


def can_act(who: Combatant) -> bool:
    return cannot_act(who) is None


def fight(state: Any) -> Turns:
    """R11.5, R14.7: who is next, whether the fight is over, who won
    (``erc.core.status.turns``): a pure function of the folded state."""
    from erc.core.status import turns

    return turns(state, acted=acted, can_act=can_act, standing=standing)


def progress(state: Any) -> tuple[bool, str | None]:
    """``fight``'s ``over`` and ``next`` alone (``erc.core.status.progress``)."""
    from erc.core.status import progress as found

    return found(state, can_act=can_act, standing=standing, done=acted)
