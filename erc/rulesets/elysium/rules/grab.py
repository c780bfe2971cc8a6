"""The Grab (EL10): starting one, what the grabber does with it (squeeze, throw, move, pry,
release), and the pinned defender's escape.

``plan_grab`` / ``plan_escape`` check the inputs and fix both sides' terms and the AP
before any die; ``resolve`` draws the initiator's die, then the opponent's.

A mutual pin *(choice: the chapter does not say)*: a pinned defender may grab its own
grabber. The grab is the ordinary one (EL10.1: "If the attacker is successful ... the
defender is considered pinned"), so the two then pin each other; its damage is damage
dealt the grabber while pinned, for the escape bonus (EL10.4), and it frees nobody: each
still escapes the other's pin (or is released) on its own. A throw ends both pins (the
thrown one lets go, EL10.3 "thrown ... and released"); carrying needs a grabber that is
not itself pinned (EL10.2).
"""

from __future__ import annotations

from erc.core.checks import Opposed, Roller
from erc.core.dice import Dice
from erc.core.errors import ErcError
from erc.core.value import Value
from erc.rulesets.elysium.conditions import actor, cannot_act, two
from erc.rulesets.elysium.model import HAND_TO_HAND, Combatant, Settings, Weapon, die_sides
from erc.rulesets.elysium.rules.ap import (
    ESCAPE_AP,
    GRAB_AP,
    PRY_AP,
    SQUEEZE_AP,
    THROW_AP,
    ApSpend,
    pay,
)
from erc.rulesets.elysium.rules.attack import TargetHp, attack_parts, escape_bonus
from erc.rulesets.elysium.rules.defense import defense
from erc.rulesets.elysium.rules.movement import move
from erc.rulesets.elysium.rules.rolls import Side, check_parts, roll_opposed, side, unrolled

ACTIONS = ("grab", "squeeze", "throw", "move", "pry", "release")
HOLD_CHECKS = ("hold", "escape")
"""EL10.3: against a throw or a move "the defender can optionally roll an Escape check"."""
ESCAPE_CHECKS = ("athletics", "escape")
"""EL10.4: "Either a Athletics check or an Escape check"."""


class GrabPlan(Value):
    action: str
    attacker: Combatant
    defender: Combatant
    initiator: Side | None
    opponent: Side | None
    defense_kind: str | None
    ap: ApSpend
    no_damage: bool
    move_ft: int
    stand_up: bool
    """EL5.7, EL-P13: a prone grabber stands up before carrying (``--move``)."""
    item: str | None
    item_weapon: str | None
    """The defender's weapon ``--pry`` names, if the item is one."""
    feint: int
    escape_bonus: int
    """The defender's escape bonus in its Hold or Escape check (EL10.4)."""
    attacker_bonus: int
    """A pinned grabber's escape bonus in its own Hold check (EL10.4, a mutual pin)."""
    sides: int
    notes: tuple[str, ...]


class Grab(Value):
    """``erc grab``: the opposed roll (None for ``release``, which rolls
    nothing), ``action``, ``outcome`` (pinned, missed, broke-free, thrown, carried, held,
    taken, kept, released; None unresolved), ``thrown_ft``, the damage."""

    initiator: Roller | None
    opponent: Roller | None
    margin: int | None
    winner: str | None
    ap: ApSpend
    action: str
    attacker: str
    defender: str
    outcome: str | None
    defense_kind: str | None
    damage: int | None
    thrown_ft: int | None
    move_ft: int
    stand_up: bool
    """A prone grabber stood up first to carry the defender, for ``stand_up_ap``."""
    pry_item: str | None
    taken_weapon: str | None
    feint_used: int
    escape_bonus_used: bool
    """The defender's escape bonus went into its Hold or Escape check."""
    escape_bonus_used_by: tuple[str, ...]
    """Every side whose escape bonus went into its Hold or Escape check (EL10.4): the
    defender's, and in a mutual pin the grabber's own (as ``competition``'s)."""
    escape_bonus: int
    """EL10.4: damage a pinned grabber dealt the one pinning it (a counter-grab or a
    squeeze in a mutual pin), for its next Escape or Hold check."""
    thrower_released: bool
    """A mutual pin thrown apart: the thrown defender lets go of the thrower too."""
    targets: tuple[TargetHp, ...]
    resolved: bool
    notes: tuple[str, ...]


def casts_with_arms(who: Combatant) -> bool:
    """EL10.2: "If the defender was casting a spell that required the use of their arms at
    the time of the pin, the spell is lost but the Magic Points are kept": only one with a
    spell, and without ``focus_casting`` (EL10.4: a caster who needs no gestures casts
    normally), can lose one."""
    return bool(who.spells) and not who.has_trump("focus_casting")


def natural_weapon(who: Combatant) -> Weapon | None:
    """EL-P9: the first natural weapon, whose damage score the grab's roll adds."""
    return next((w for w in who.weapons if w.natural), None)


def _resist(defender: Combatant, chosen: str | None, allowed: tuple[str, ...], bonus: int) -> str:
    """The defender's check: the one chosen, else the higher total without the die, its
    escape bonus included where it applies (EL10.4; the first listed on a tie)."""
    if chosen is not None:
        if chosen not in allowed:
            raise ErcError("bad-option", f"the defender resists with {' or '.join(allowed)}")
        return chosen
    return max(
        allowed,
        key=lambda s: (sum(_held_parts(defender, s, bonus).values()), -allowed.index(s)),
    )


def _held_parts(who: Combatant, skill: str, bonus: int) -> dict[str, int]:
    """EL10.4: a pinned defender's escape bonus goes to its next Escape or Hold check."""
    parts = check_parts(who, skill)
    if bonus and skill in HOLD_CHECKS:
        parts["escape_bonus"] = bonus
    return parts


def plan_grab(
    attacker: Combatant,
    defender: Combatant,
    rules: Settings,
    *,
    action: str = "grab",
    no_damage: bool = False,
    defense_kind: str | None = None,
    move_ft: int = 0,
    item: str | None = None,
    resist_with: str | None = None,
) -> GrabPlan:
    """Check a grab action and fix its terms (EL10.1, EL10.3)."""
    two(attacker, defender, "a grab")
    if action == "release":
        return _plan_release(attacker, defender, rules)
    actor(attacker, offensive=True, what=f"a grab ({action})")
    _check_pin(attacker, defender, action)
    if action in ("grab", "squeeze"):
        if resist_with is not None:
            raise ErcError("bad-option", "--resist-with is for --throw and --move")
        return _plan_pin(attacker, defender, rules, action, no_damage, defense_kind)
    if defense_kind is not None:
        raise ErcError("bad-option", f"--defense is for a grab or a squeeze, not --{action}")
    return _plan_hold(attacker, defender, rules, action, move_ft, item, resist_with)


def _plan_release(attacker: Combatant, defender: Combatant, rules: Settings) -> GrabPlan:
    """EL10.1: letting go of one's own pin, free even for one that cannot act."""
    if defender.pinned_by != attacker.name:
        raise ErcError("not-pinned", f"{defender.name} is not pinned by {attacker.name}")
    notes: tuple[str, ...] = ()
    if cannot_act(attacker):
        notes = (f"{attacker.name} lets go though it cannot act: a release is free (EL10.1)",)
    return GrabPlan(
        action="release",
        attacker=attacker,
        defender=defender,
        initiator=None,
        opponent=None,
        defense_kind=None,
        ap=pay(attacker, 0, "a release"),
        no_damage=False,
        move_ft=0,
        stand_up=False,
        item=None,
        item_weapon=None,
        feint=0,
        escape_bonus=0,
        attacker_bonus=0,
        sides=die_sides(rules),
        notes=notes,
    )


def _check_pin(attacker: Combatant, defender: Combatant, action: str) -> None:
    """A grab needs a defender not pinned yet; everything else, the attacker's own pin."""
    if action == "grab":
        if defender.pinned_by is not None:
            raise ErcError(
                "already-pinned",
                f"{defender.name} is already pinned by {defender.pinned_by}"
                + (
                    ": squeeze, throw, move, pry or release it"
                    if defender.pinned_by == attacker.name
                    else ""
                ),
            )
    elif defender.pinned_by != attacker.name:
        raise ErcError(
            "not-pinned",
            f"{defender.name} is not pinned by {attacker.name}: --{action} needs a grab "
            'first (EL10.3: "After the pin has been established")',
        )


def _plan_pin(
    attacker: Combatant,
    defender: Combatant,
    rules: Settings,
    action: str,
    no_damage: bool,
    defense_kind: str | None,
) -> GrabPlan:
    """A grab or a squeeze: an attack against the defender's defense (EL10.1, EL10.3)."""
    cost = GRAB_AP if action == "grab" else SQUEEZE_AP
    spend = pay(attacker, cost, f"a {action}")
    guard = defense(defender, rules, kind=defense_kind)
    fists = natural_weapon(attacker)
    # EL-P9: the first natural weapon's damage score (0 without one)
    parts = attack_parts(attacker, fists, defender, skill=HAND_TO_HAND)
    return GrabPlan(
        action=action,
        attacker=attacker,
        defender=defender,
        initiator=side(attacker, parts, f"{attacker.name} {action}"),
        opponent=guard.side,
        defense_kind=guard.kind,
        ap=spend,
        no_damage=no_damage,
        move_ft=0,
        stand_up=False,
        item=None,
        item_weapon=None,
        feint=parts.get("feint", 0),
        escape_bonus=0,
        attacker_bonus=0,
        sides=die_sides(rules),
        notes=guard.notes,
    )


def _plan_hold(
    attacker: Combatant,
    defender: Combatant,
    rules: Settings,
    action: str,
    move_ft: int,
    item: str | None,
    resist_with: str | None,
) -> GrabPlan:
    """A throw, a move or a pry: the grabber's Hold against the defender's check (EL10.3)."""
    carry = None
    if action == "move":
        carry = move(
            attacker, rules, move_ft, what=f"carry {defender.name}", carrying=defender.name
        )
        spend = pay(attacker, carry.cost, f"carrying {defender.name} ({carry.text('carry')})")
    else:
        spend = pay(attacker, THROW_AP if action == "throw" else PRY_AP, f"a {action}")
    item_weapon = None
    if action == "pry":
        if resist_with is not None and resist_with != "hold":
            raise ErcError("bad-option", "a pry is opposed Hold checks (EL10.3): no --resist-with")
        item_weapon = _pried(defender, item)
        check = "hold"
    else:
        check = _resist(defender, resist_with, HOLD_CHECKS, defender.escape_bonus)
    bonus = defender.escape_bonus
    # EL10.4 "his or her next Escape or Hold check": a grabber pinned in turn (a mutual
    # pin) adds its own bonus to its Hold check
    own = attacker.escape_bonus if attacker.pinned_by is not None else 0
    return GrabPlan(
        action=action,
        attacker=attacker,
        defender=defender,
        initiator=side(attacker, _held_parts(attacker, "hold", own), f"{attacker.name} hold"),
        opponent=side(defender, _held_parts(defender, check, bonus), f"{defender.name} {check}"),
        defense_kind=None,
        ap=spend,
        no_damage=False,
        move_ft=move_ft,
        stand_up=carry is not None and carry.stand_up,
        item=item,
        item_weapon=item_weapon,
        feint=0,
        escape_bonus=bonus if check in HOLD_CHECKS else 0,
        attacker_bonus=own,
        sides=die_sides(rules),
        notes=carry.notes if carry is not None else (),
    )


def _pried(defender: Combatant, item: str | None) -> str | None:
    """The weapon a pry would take, when the item named is one (never a natural one)."""
    held = defender.weapon(item or "")
    if held is None:
        return None
    if held.natural:
        raise ErcError(
            "natural-weapon",
            f"{defender.name}'s {held.name} is part of its body: it cannot be pried away",
        )
    return held.name


_OUTCOMES = {
    # action: (initiator wins, opponent wins, tie)
    "grab": ("pinned", "missed", "missed"),
    "squeeze": ("held", "held", "held"),
    "throw": ("thrown", "broke-free", "held"),
    "move": ("carried", "broke-free", "held"),
    "pry": ("taken", "kept", "kept"),
}


def _released(plan: GrabPlan) -> Grab:
    """EL10.1: a release, with nothing rolled."""
    d = plan.defender
    return Grab(
        initiator=None,
        opponent=None,
        margin=None,
        winner=None,
        ap=plan.ap,
        action="release",
        attacker=plan.attacker.name,
        defender=d.name,
        outcome="released",
        defense_kind=None,
        damage=0,
        thrown_ft=None,
        move_ft=0,
        stand_up=False,
        pry_item=None,
        taken_weapon=None,
        feint_used=0,
        escape_bonus_used=False,
        escape_bonus_used_by=(),
        escape_bonus=0,
        thrower_released=False,
        targets=(),
        resolved=True,
        notes=(*plan.notes, f"{plan.attacker.name} releases {d.name}"),
    )


def _result(plan: GrabPlan, contest: Opposed | None) -> Grab:
    d = plan.defender
    notes = list(plan.notes)
    if plan.action == "release":
        return _released(plan)
    outcome = damage = thrown = taken = None
    targets: tuple[TargetHp, ...] = ()
    mutual = plan.attacker.pinned_by == d.name
    if contest is not None:
        margin = contest.margin
        won, lost, tie = _OUTCOMES[plan.action]
        outcome = won if margin > 0 else lost if margin < 0 else tie
        damage = 0
        if plan.action in ("grab", "squeeze") and margin > 0 and not plan.no_damage:
            damage = margin  # EL10.1, EL10.3: the difference as damage
        if plan.action in ("grab", "squeeze"):
            after = max(0, d.hp - damage)
            targets = (
                TargetHp(
                    name=d.name, damage=damage, hp_before=d.hp, hp_after=after, down=after <= 0
                ),
            )
        if outcome == "thrown":
            thrown = margin  # EL10.3: "thrown by that many feet"
        if outcome == "taken":
            taken = plan.item_weapon
        notes += _words(plan, outcome, damage, thrown)
    used = (
        tuple(
            who.name
            for who, bonus in ((plan.attacker, plan.attacker_bonus), (d, plan.escape_bonus))
            if bonus > 0
        )
        if contest is not None
        else ()
    )
    return Grab(
        initiator=contest.initiator
        if contest
        else (unrolled(plan.initiator) if plan.initiator else None),
        opponent=contest.opponent
        if contest
        else (unrolled(plan.opponent) if plan.opponent else None),
        margin=contest.margin if contest else None,
        winner=contest.winner if contest else None,
        ap=plan.ap,
        action=plan.action,
        attacker=plan.attacker.name,
        defender=d.name,
        outcome=outcome,
        defense_kind=plan.defense_kind,
        damage=damage,
        thrown_ft=thrown,
        move_ft=plan.move_ft,
        stand_up=plan.stand_up,
        pry_item=plan.item,
        taken_weapon=taken,
        feint_used=plan.feint,
        escape_bonus_used=d.name in used,
        escape_bonus_used_by=used,
        escape_bonus=escape_bonus(plan.attacker, targets[0]) if targets else 0,
        thrower_released=mutual and outcome == "thrown",
        targets=targets,
        resolved=contest is not None,
        notes=tuple(notes),
    )


def _words(plan: GrabPlan, outcome: str, damage: int | None, thrown: int | None) -> list[str]:
    a, d = plan.attacker.name, plan.defender.name
    mutual = plan.attacker.pinned_by == d
    if outcome == "pinned":
        said = [f"{d} is pinned by {a}: it cannot move, and both defend without AGI or dodge"]
        if mutual:
            said.append(
                f"{a} and {d} pin each other: each is held until it escapes or the other lets "
                "go, and a throw ends both pins"
            )
        if casts_with_arms(plan.defender):
            said.append(
                f"if {d} was casting a spell (declared, not yet resolved), it is lost; its MP "
                "are kept (EL10.2)"
            )
        return said
    return {
        "missed": [f"{a} fails to grab {d}"],
        "held": [f"{a} keeps {d} pinned"] if plan.action != "squeeze" else [],
        "thrown": [
            f"{d} is thrown {thrown} ft and released"
            + (f", letting go of {a}: neither is pinned now" if mutual else "")
        ],
        "broke-free": [f"{d} breaks free"],
        "carried": [f"{a} carries {d} {plan.move_ft} ft"],
        "taken": [f"{a} takes the {plan.item} from {d}"],
        "kept": [f"{d} keeps the {plan.item}"],
    }.get(outcome, [])


def resolve(dice: Dice, plan: GrabPlan) -> Grab:
    if plan.initiator is None or plan.opponent is None:
        return _result(plan, None)
    return _result(plan, roll_opposed(dice, plan.sides, plan.initiator, plan.opponent))


def unresolved(plan: GrabPlan) -> Grab:
    return _result(plan, None)


class EscapePlan(Value):
    defender: Combatant
    grabber: Combatant
    check: str
    initiator: Side
    opponent: Side
    ap: ApSpend
    escape_bonus: int
    sides: int


class Escape(Value):
    """``erc escape`` (EL10.4): the pinned defender's check against the grabber's Hold;
    ``outcome`` ``broke-free`` or ``held`` (None unresolved)."""

    initiator: Roller
    opponent: Roller
    margin: int | None
    winner: str | None
    ap: ApSpend
    name: str
    grabber: str
    check: str
    outcome: str | None
    escape_bonus_used: bool
    resolved: bool
    notes: tuple[str, ...]


def plan_escape(
    defender: Combatant, grabber: Combatant, rules: Settings, *, check: str | None = None
) -> EscapePlan:
    """EL10.4: 2 AP, Athletics or Escape against the grabber's Hold; the escape bonus goes
    to an Escape check (not to Athletics)."""
    actor(defender, offensive=False, what="an escape")
    chosen = _resist(defender, check, ("escape", "athletics"), defender.escape_bonus)
    spend = pay(defender, ESCAPE_AP, "an escape")
    bonus = defender.escape_bonus if chosen in HOLD_CHECKS else 0
    return EscapePlan(
        defender=defender,
        grabber=grabber,
        check=chosen,
        initiator=side(defender, _held_parts(defender, chosen, bonus), f"{defender.name} {chosen}"),
        opponent=side(grabber, check_parts(grabber, "hold"), f"{grabber.name} hold"),
        ap=spend,
        escape_bonus=bonus,
        sides=die_sides(rules),
    )


def _escaped(plan: EscapePlan, contest: Opposed | None) -> Escape:
    outcome = None if contest is None else "broke-free" if contest.margin > 0 else "held"
    notes = []
    if outcome is not None:
        notes.append(
            f"{plan.defender.name} breaks free"
            if outcome == "broke-free"
            else f"{plan.grabber.name} keeps {plan.defender.name} pinned"
        )
    return Escape(
        initiator=contest.initiator if contest else unrolled(plan.initiator),
        opponent=contest.opponent if contest else unrolled(plan.opponent),
        margin=contest.margin if contest else None,
        winner=contest.winner if contest else None,
        ap=plan.ap,
        name=plan.defender.name,
        grabber=plan.grabber.name,
        check=plan.check,
        outcome=outcome,
        escape_bonus_used=contest is not None and plan.escape_bonus > 0,
        resolved=contest is not None,
        notes=tuple(notes),
    )


def resolve_escape(dice: Dice, plan: EscapePlan) -> Escape:
    return _escaped(plan, roll_opposed(dice, plan.sides, plan.initiator, plan.opponent))


def unresolved_escape(plan: EscapePlan) -> Escape:
    return _escaped(plan, None)
