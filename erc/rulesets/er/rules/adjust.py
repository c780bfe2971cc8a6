"""Adjustments a GM makes at the table (RULES.md R12): damage from outside erc's mechanics,
healing, conditions, picking up a disarmed weapon, and resources spent on what erc does not
resolve. Pure code: each function checks its inputs against the combatant as the journal
leaves it and returns what would change; the command records it with ``--apply``.
"""

from __future__ import annotations

from erc.core.errors import ErcError, chosen
from erc.core.text import folded
from erc.core.value import Value
from erc.rulesets.er.conditions import cannot_act, cannot_move
from erc.rulesets.er.model import CONDITIONS, NEEDS_BY, Combatant, Settings
from erc.rulesets.er.rules.attack import resistance_of, resisted
from erc.rulesets.er.rules.movement import Turn, movement
from erc.rulesets.er.rules.turns import PICK_UP_FT, action_check, held_as, reaction_check

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable, Sequence

REVIVED = (
    "revived from 0 Body: a captor may place it in the bound condition (R12.2: "
    "erc condition NAME bound --apply)"
)
MAX_AMOUNT = 10_000
MAX_ROUNDS = 1_000


class Adjusted(Value):
    """``erc damage`` or ``erc heal``: ``amount`` as given; ``dealt`` the amount as the rules
    apply it, before Body's floor and ceiling (damage after resistance, R5.5; healing as
    given), in every ruleset; ``health_change`` what Body did (``body_after - body_before``:
    negative for damage, positive for healing)."""

    name: str
    """Who takes it."""
    kind: str
    """``damage`` or ``heal``."""
    amount: int
    """The amount as given."""
    damage_type: str | None
    """The damage type (``--type``); None without one, and for healing."""
    resistance: str
    """``none``, ``resist``, ``vulnerable``, ``immune`` or ``cancelled`` (R5.5)."""
    dealt: int
    """The amount as the rules apply it: damage after resistance, healing as given."""
    body_before: int
    """Its Body before."""
    body_after: int
    """Its Body after: never below 0 (R12.1) nor above its maximum (R12.2)."""
    down: bool
    """``body_after`` is 0: it is down (R5.8)."""
    woke: bool
    """Damage above 0 woke it from sleep (R10)."""
    notes: tuple[str, ...]
    """What else the GM should know (a sleeper wakes, a drop's check, no ``--type``, ...)."""
    health_change: int = 0
    """``body_after - body_before``: negative for damage, positive for healing."""


def _amount(amount: int, what: str) -> None:
    if not 0 <= amount <= MAX_AMOUNT:
        raise ErcError("bad-option", f"{what} is a whole number from 0 to {MAX_AMOUNT}")


def damage(target: Combatant, amount: int, damage_type: str | None) -> Adjusted:
    """R12.1: resistance, immunity and vulnerability apply (R5.5); Body never below 0;
    damage above 0 wakes a sleeper (R10); damage to a drop's holder calls for the R6.6
    check (a note)."""
    _amount(amount, "damage")
    kind = resistance_of(target, damage_type) if damage_type else "none"
    dealt = resisted(amount, kind)
    after = max(0, target.body - dealt)
    woke = dealt > 0 and target.has("asleep")
    notes = [f"{target.name} wakes: damage above 0 wakes a sleeper (R10)"] if woke else []
    notes += target.drop_notes(dealt)
    if not damage_type:
        notes.append("no --type: no resistance applies")
    return Adjusted(
        name=target.name,
        kind="damage",
        amount=amount,
        damage_type=damage_type,
        resistance=kind,
        dealt=dealt,
        body_before=target.body,
        body_after=after,
        down=after == 0,
        woke=woke,
        notes=tuple(notes),
        health_change=after - target.body,
    )


def heal(target: Combatant, amount: int) -> Adjusted:
    """R12.2: Body up to its maximum. Seed 001 "Shackling": one "brought to zero Body and then
    revived" may be placed in the "bound" restriction; erc cannot tell a captor's revival
    from an ally's, so a note says so and the GM decides (``erc condition NAME bound``)."""
    _amount(amount, "healing")
    after = min(target.body_max, target.body + amount)
    notes: tuple[str, ...] = ("Body is at its maximum",) if after == target.body_max else ()
    if target.body <= 0 < after:
        notes += (REVIVED,)
    return Adjusted(
        name=target.name,
        kind="heal",
        amount=amount,
        damage_type=None,
        resistance="none",
        dealt=amount,
        body_before=target.body,
        body_after=after,
        down=after == 0,
        woke=False,
        notes=notes,
        health_change=after - target.body,
    )


class Conditioned(Value):
    """``erc condition``: the conditions added or removed and those it has after
    (``conditions_after``, names)."""

    name: str
    """Whose conditions change."""
    added: tuple[str, ...]
    """The conditions added (R12.3); empty with ``--remove``."""
    removed: tuple[str, ...]
    """The conditions removed (``--remove``); else empty."""
    by: str | None
    """Who caused them (``--by``, charmed and grappled, R10.2), or None."""
    rounds: int | None
    """How many rounds they last (``--rounds``, R13.4); None: no end set."""
    conditions_after: tuple[str, ...]
    """The conditions it has after, by name."""
    notes: tuple[str, ...]
    """What else the GM should know (a condition it already had is set again)."""


def condition_names(given: list[str]) -> tuple[str, ...]:
    """The conditions named, each one of the closed set (a typo: a did-you-mean)."""
    return chosen(given, CONDITIONS, "condition", "unknown-condition")


def conditions(
    who: Combatant,
    names: tuple[str, ...],
    *,
    remove: bool,
    by: Combatant | None,
    rounds: int | None,
) -> Conditioned:
    """R12.3: add the conditions (``by`` for charmed and grappled, R10.2; ``rounds``: they end
    when the round that many after this one starts, R13.4), or remove them."""
    if not names:
        raise ErcError("bad-option", "name at least one condition")
    if remove:
        if by is not None or rounds is not None:
            raise ErcError("bad-option", "--by and --rounds are for adding conditions")
        missing = [n for n in names if not who.has(n)]
        if missing:
            raise ErcError("bad-option", f"{who.name} is not {missing[0]}: nothing to remove")
        left = tuple(n for n in who.condition_names if n not in names)
        return Conditioned(
            name=who.name,
            added=(),
            removed=names,
            by=None,
            rounds=None,
            conditions_after=left,
            notes=(),
        )
    needing = [n for n in names if n in NEEDS_BY]
    if needing and by is None:
        raise ErcError(
            "bad-option",
            f"{needing[0]} names who did it: give --by NAME (R10.2)",
        )
    if by is not None and not needing:
        raise ErcError("bad-option", "--by is for charmed and grappled (R10.2)")
    if by is not None and by.name == who.name:
        raise ErcError("bad-option", f"{who.name} cannot have {needing[0]} itself (--by)")
    if rounds is not None and not 1 <= rounds <= MAX_ROUNDS:
        raise ErcError("bad-option", f"--rounds is a whole number from 1 to {MAX_ROUNDS}")
    if by is not None and "grappled" in names and (unable := cannot_act(by)):
        raise ErcError(  # the fold would end it at once (``settle``)
            "cannot-act",
            f"{by.name} cannot grapple {who.name}: {unable} (R10: a grapple ends when its "
            "grappler cannot act or is down)",
        )
    notes = tuple(f"{who.name} is already {n}: it is set again" for n in names if who.has(n))
    after = tuple(dict.fromkeys((*who.condition_names, *names)))
    return Conditioned(
        name=who.name,
        added=names,
        removed=(),
        by=by.name if by else None,
        rounds=rounds,
        conditions_after=tuple(sorted(after)),
        notes=notes,
    )


class PickedUp(Value):
    """``erc pick-up``: the weapon picked up (``owner``'s ``weapon``, held from now on as
    ``held_as``), and the movement it cost."""

    name: str
    weapon: str
    movement_ft: int
    remaining_ft: int
    notes: tuple[str, ...]
    owner: str
    """Whose weapon it is: the picker's own (it recovers it) or another's (R12.4)."""
    held_as: str
    """The name the picker holds it by (``--with``): its own name for its own weapon, else
    whose it is and what it is (``Brute's club``; ``club of Brute`` when the picker's own
    weapons take that name, ``turns.held_as``)."""


def pick_up(
    who: Combatant,
    weapon: str | None,
    house: Settings,
    *,
    round: int,
    everyone: Sequence[Combatant],
    owner: Combatant | None = None,
    own: Iterable[str] = (),
) -> PickedUp:
    """R12.4 (R8.3): a disarmed weapon lies where it was flung; picking it up costs 10 ft of
    movement and needs an unspent action, which it does not spend. Seed 001: "the weapon is
    up for grabs": anyone may pick it up ("the attacker could not grab the weapon in the
    same action he or she disarmed the weapon, but if the victim still has an action, then
    it could be retrieved"). ``weapon`` (default: the only one), ``owner`` (``--from``)
    choose among what lies on the ground (``everyone``'s weapons); the picker's own first.
    ``own``: the names of the weapons the picker's file gives it, which another's weapon is
    never held as (``turns.held_as``)."""
    on_ground = [(c.name, w) for c in everyone for w in sorted(c.disarmed_weapons)]
    found = [(o, w) for o, w in on_ground if owner is None or o == owner.name]
    if weapon is not None:
        wanted = folded(weapon)
        found = [(o, w) for o, w in found if folded(w) == wanted]
    found = [(o, w) for o, w in found if o == who.name] or found
    if not found:
        if weapon is not None:
            whose = f"{owner.name}'s " if owner is not None else ""
            missing = f"{whose}{weapon!r} is not"
        elif owner is not None:
            missing = f"no weapon of {owner.name}'s lies"
        else:
            missing = "no weapon lies"
        shown = ", ".join(f"{o}'s {w}" for o, w in on_ground)
        there = f"; on the ground: {shown}" if shown else ""
        raise ErcError("nothing-to-pick-up", f"{missing} on the ground{there} (R12.4)")
    if len(found) > 1:
        choices = ", ".join(f"{o}'s {w}" for o, w in found)
        how = "--from OWNER" if len({folded(w) for _, w in found}) == 1 else "WEAPON"
        raise ErcError("bad-option", f"on the ground lie {choices}: name one ({how})")
    ((owned_by, chosen_weapon),) = found
    blocked = cannot_move(who)
    if blocked:
        raise ErcError("cannot-act", f"{who.name} cannot pick anything up: {blocked} (R10)")
    if round >= 1 and who.own_action_spent:
        raise ErcError(
            "already-acted",
            f"{who.name} has spent its action this round: picking up needs one unspent "
            "(R8.3, R12.4)",
        )
    turn = Turn(costs=("pick-up",), spent_earlier=who.movement_spent)
    moved = movement(who, turn, house)  # R9.7: too little movement left is a shortfall
    mine = owned_by == who.name
    held = chosen_weapon
    if not mine:
        held_by = held_as(owned_by, chosen_weapon, [*own, *(w.name for w in who.weapons)])
        if held_by is None:
            raise ErcError(
                "bad-option",
                f"{who.name}'s own weapons take both names {owned_by}'s {chosen_weapon} "
                "could be held by: rename one in the encounter file",
            )
        held = held_by
    return PickedUp(
        name=who.name,
        weapon=chosen_weapon,
        movement_ft=PICK_UP_FT,
        remaining_ft=moved.remaining_ft,
        notes=()
        if mine
        else (
            f"{who.name} holds {owned_by}'s {chosen_weapon} from now on; "
            f"{owned_by} no longer has it (R12.4: up for grabs)",
        ),
        owner=owned_by,
        held_as=held,
    )


class Spent(Value):
    """``erc spend``: resources spent on what erc does not resolve (R12.5):
    ``spent_action`` and ``spent_reaction`` say whether this spends them."""

    name: str
    spent_action: bool
    extra_action: bool
    spent_reaction: bool
    ft: int
    remaining_ft: int | None
    notes: tuple[str, ...]


def spend(
    who: Combatant,
    *,
    action: bool,
    reaction: bool,
    ft: int,
    extra: bool,
    house: Settings,
    round: int,
    applying: bool,
) -> Spent:
    """R12.5 with R11: an action (one a round, R11.2), the reaction (R11.4), feet of
    movement (R11.3: never more than is left)."""
    if not (action or reaction or ft):
        raise ErcError("bad-option", "say what is spent: --action, --reaction or --ft N")
    if extra and not action:
        raise ErcError("bad-option", "--extra-action goes with --action")
    if not 0 <= ft <= MAX_AMOUNT:
        raise ErcError("bad-option", f"--ft is a whole number from 0 to {MAX_AMOUNT}")
    notes: tuple[str, ...] = ()
    if action:
        notes += action_check(who, round=round, applying=applying, extra=extra)
    if reaction:
        reaction_check(who)
    remaining = None
    if ft:
        left = movement(who, Turn(spent_earlier=who.movement_spent), house)
        if left.immobile:
            raise ErcError("movement-shortfall", f"{who.name} is immobile ({left.reason})")
        if ft > left.remaining_ft:
            raise ErcError(
                "movement-shortfall",
                f"{who.name} has {left.remaining_ft} ft left this round, not {ft}: "
                f"{ft - left.remaining_ft} ft short (R9.7)",
            )
        remaining = left.remaining_ft - ft
    return Spent(
        name=who.name,
        spent_action=action,
        extra_action=extra,
        spent_reaction=reaction,
        ft=ft,
        remaining_ft=remaining,
        notes=notes,
    )
