"""Adjustments a GM makes at the table: damage from outside erc's mechanics, healing,
conditions. Pure code: each function checks its inputs against the combatant as the journal
leaves it and returns what would change; the command records it with ``--apply``.
"""

from __future__ import annotations

from erc.core.errors import ErcError, chosen
from erc.core.value import Value
from erc.rulesets.spellchrome.model import CONDITIONS, Combatant
from erc.rulesets.spellchrome.rules.damage import absorb

MAX_AMOUNT = 10_000


class Adjusted(Value):
    """``erc damage`` or ``erc heal``: ``amount`` as given; ``dealt`` the amount as the rules
    apply it (as in every ruleset: before the ceiling of HP; damage: taken off EX-HP and HP
    together; healing: as given); ``health_change`` what HP did (``hp_after - hp_before``:
    EX-HP apart)."""

    name: str
    """Who takes it."""
    kind: str
    """``damage`` or ``heal``."""
    amount: int
    """The amount as given."""
    dealt: int
    """The amount as the rules apply it (damage: off EX-HP and HP together)."""
    hp_before: int
    """Its HP before."""
    hp_after: int
    """Its HP after: damage may take it below 0 (SC6.5); healing stops at the maximum."""
    ex_hp_before: int
    """Its Extraordinary HP before."""
    ex_hp_after: int
    """Its Extraordinary HP after: they absorb damage first (SC8.3)."""
    down: bool
    """``hp_after`` is 0 or below: it is down (SC6.5)."""
    notes: tuple[str, ...] = ()
    """What else the GM should know (damage EX-HP absorbed, HP at their maximum)."""
    health_change: int = 0
    """``hp_after - hp_before`` (EX-HP apart): negative for damage."""


def _amount(amount: int, what: str) -> None:
    if not 0 <= amount <= MAX_AMOUNT:
        raise ErcError("bad-option", f"{what} is a whole number from 0 to {MAX_AMOUNT}")


def damage(target: Combatant, amount: int) -> Adjusted:
    """Extraordinary HP absorb it first (SC8.3), then HP, which may fall below 0 (SC6.5).
    Damage reduction is the armour's answer to being hit by an attack (SC8.1), not to this."""
    _amount(amount, "damage")
    absorbed, to_hp = absorb(target.ex_hp, amount)
    after = target.hp - to_hp
    notes = (f"{absorbed} absorbed by EX-HP first (SC8.3)",) if absorbed else ()
    return Adjusted(
        name=target.name,
        kind="damage",
        amount=amount,
        dealt=amount,
        hp_before=target.hp,
        hp_after=after,
        ex_hp_before=target.ex_hp,
        ex_hp_after=target.ex_hp - absorbed,
        down=after <= 0,
        notes=notes,
        health_change=after - target.hp,
    )


def heal(target: Combatant, amount: int) -> Adjusted:
    """HP up to the maximum; Extraordinary HP replenish per hour, not in combat (SC8.3)."""
    _amount(amount, "healing")
    after = max(target.hp, min(target.hp_max, target.hp + amount))
    notes = (f"HP stop at the maximum, {target.hp_max}",) if target.hp + amount > after else ()
    return Adjusted(
        name=target.name,
        kind="heal",
        amount=amount,
        dealt=amount,
        hp_before=target.hp,
        hp_after=after,
        ex_hp_before=target.ex_hp,
        ex_hp_after=target.ex_hp,
        down=after <= 0,
        notes=notes,
        health_change=after - target.hp,
    )


class Conditioned(Value):
    """``erc condition``: the conditions added or removed, who caused those added (``by``,
    a combatant's name, as ER's), and those it has after (``conditions_after``, names)."""

    name: str
    """Whose conditions change."""
    added: tuple[str, ...]
    """The conditions added (one it already has: only when ``--by`` or ``--rounds`` is given)."""
    removed: tuple[str, ...]
    """The conditions removed (``--remove``) that it had; else empty."""
    by: str | None
    """Who caused those added (``--by``), or None."""
    rounds: int | None
    """How many rounds those added last (``--rounds``); None: no end set."""
    conditions_after: tuple[str, ...]
    """The conditions it has after, by name."""
    notes: tuple[str, ...] = ()
    """What else the GM should know (it already had one, or had not one to remove)."""


def condition_names(given: list[str]) -> tuple[str, ...]:
    """SC-P11: each one of the Spellchrome conditions (a typo: a did-you-mean)."""
    return chosen(given, CONDITIONS, "spellchrome condition", "unknown-condition")


def conditions(
    who: Combatant,
    names: tuple[str, ...],
    *,
    remove: bool,
    rounds: int | None,
    by: Combatant | None = None,
) -> Conditioned:
    """Add the conditions (``by``: the other combatant who caused them, recorded on each;
    ``rounds``: they end when the round that many after this one starts), or remove them.
    A condition it already has is set again when ``by`` or ``rounds`` is given."""
    if not names:
        raise ErcError("bad-option", "name at least one condition")
    if remove and rounds is not None:
        raise ErcError(
            "bad-option", "--rounds says how long added conditions last: not with --remove"
        )
    if remove and by is not None:
        raise ErcError("bad-option", "--by says who caused added conditions: not with --remove")
    if by is not None and by.name == who.name:
        raise ErcError(
            "bad-option", f"--by names who caused it: another combatant, not {who.name} itself"
        )
    had = set(who.condition_names)
    if remove:
        removed = tuple(c for c in names if c in had)
        notes = tuple(f"{who.name} is not {c}" for c in names if c not in had)
        after = tuple(c for c in who.condition_names if c not in removed)
        return Conditioned(
            name=who.name,
            added=(),
            removed=removed,
            by=None,
            rounds=None,
            conditions_after=after,
            notes=notes,
        )
    again = rounds is not None or by is not None
    added = tuple(c for c in names if c not in had or again)
    notes = tuple(f"{who.name} is already {c}" for c in names if c not in added)
    causer = by.name if by is not None else None
    return Conditioned(
        name=who.name,
        added=added,
        removed=(),
        by=causer,
        rounds=rounds,
        conditions_after=tuple(sorted(had | set(added))),
        notes=notes,
    )
