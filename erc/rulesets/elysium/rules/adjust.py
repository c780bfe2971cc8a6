"""What erc does not resolve (EL3.3 "anything else"): AP spent on other actions and items,
damage and healing from outside erc's mechanics, conditions added or removed."""

from __future__ import annotations

from collections.abc import Sequence

from erc.core.errors import ErcError, chosen, one_of
from erc.core.text import folded
from erc.core.value import Value
from erc.rulesets.elysium.conditions import actor
from erc.rulesets.elysium.model import CONDITIONS, Combatant, Settings
from erc.rulesets.elysium.rules.ap import ITEM_AT_LEAST, ITEM_COSTS, ApSpend, pay

SPEND_FOR = (*ITEM_COSTS, "stand-up")
"""``spend --for``: the table's items (EL3.3) and standing up (``stand_up_ap``)."""


class SpendResult(Value):
    """``erc spend`` (EL3.3): AP spent on an action erc does not resolve."""

    name: str
    amount: int
    what: str | None
    stand_up: bool
    ap: ApSpend
    notes: tuple[str, ...]


def plan_spend(
    who: Combatant, rules: Settings, *, ap: int | None = None, what: str | None = None
) -> SpendResult:
    """``--ap N``, or ``--for KIND`` at the table's cost (EL3.3); both only where the
    chapter lets the item say otherwise (``ITEM_AT_LEAST``): standing up costs the house
    rule ``stand_up_ap``, a pouch 1 and a backpack 3, whatever ``--ap`` says."""
    if ap is None and what is None:
        raise ErcError("bad-option", "give --ap N, or --for KIND (" + ", ".join(SPEND_FOR) + ")")
    if what is not None and what not in SPEND_FOR:
        raise one_of("--for", what, SPEND_FOR)
    actor(who, offensive=False, what="spending AP")
    standing = what == "stand-up"
    if standing and not who.has("prone"):
        raise ErcError("not-prone", f"{who.name} is not prone: there is nothing to stand up from")
    if ap is not None and what is not None:
        _given_cost(what, ap, rules)
    cost = ap if ap is not None else (rules.stand_up_ap if standing else ITEM_COSTS[what or ""])
    label = what or "an action"
    spend = pay(who, cost, label)
    notes = (f"{who.name} stands up",) if standing else ()
    return SpendResult(
        name=who.name, amount=cost, what=what, stand_up=standing, ap=spend, notes=notes
    )


def _given_cost(what: str, ap: int, rules: Settings) -> None:
    """EL3.3: ``--ap`` with ``--for`` only for an item whose cost the item may give."""
    if what == "stand-up":
        raise ErcError(
            "bad-option",
            f"standing up costs the house rule stand_up_ap ({rules.stand_up_ap} AP, EL3.3): "
            "leave out --ap (the file's rules: {stand_up_ap: N} changes it)",
        )
    least = ITEM_AT_LEAST.get(what)
    if least is None:
        raise ErcError(
            "bad-option",
            f"--for {what} costs {ITEM_COSTS[what]} AP (EL3.3): leave out --ap, or give --ap N "
            "alone for another action",
        )
    if ap < least:
        raise ErcError(
            "bad-option",
            f"--for {what} costs {ITEM_COSTS[what]} AP, or what the item says, at least "
            f"{least} (EL3.3): not --ap {ap}",
        )


class PickedUp(Value):
    """``erc pick-up`` (CONTRACT: "recovers a disarmed weapon"; EL7: "the defender's weapon
    is dropped to the ground"): the weapon back in its owner's hands, for the AP the GM
    gives (no ruling gives a cost)."""

    name: str
    weapon: str
    ap: ApSpend
    notes: tuple[str, ...]


def pick_up(who: Combatant, weapon: str | None, *, ap: int | None) -> PickedUp:
    """EL7: a disarmed weapon that dropped lies on the ground until its owner picks it up
    (one taken by the attacker is not on the ground). No ruling gives the cost, so
    ``--ap N`` says it (EL3.3 "anything else"), and it is required."""
    if ap is None:
        raise ErcError(
            "bad-option",
            "pick-up needs --ap N: no ruling gives picking a weapon up a cost, so the GM "
            'says it (EL3.3 "anything else")',
        )
    actor(who, offensive=False, what="picking up a weapon")
    lying = [w.name for w in who.dropped]
    if not lying:
        taken = [n for n in who.lost_weapons if n not in lying]
        raise ErcError(
            "nothing-to-pick-up",
            f"{who.name} has no weapon on the ground (EL7: a disarmed weapon drops there)"
            + (f"; {', '.join(taken)} was taken, not dropped" if taken else ""),
        )
    if weapon is None:
        if len(lying) > 1:
            raise ErcError(
                "bad-option", f"{who.name} has {', '.join(lying)} on the ground: name one"
            )
        chosen = lying[0]
    else:
        wanted = folded(weapon)
        found = next((n for n in lying if folded(n) == wanted), None)
        if found is None:
            raise ErcError(
                "nothing-to-pick-up",
                f"{who.name}'s {weapon} is not on the ground; there is: {', '.join(lying)}",
            )
        chosen = found
    spend = pay(who, ap, f"picking up the {chosen}")
    return PickedUp(who.name, chosen, spend, ())


class HpChange(Value):
    """``erc damage`` / ``erc heal`` (the shape of ER's): ``amount`` as given; ``dealt`` the
    amount as the rules apply it, before HP's floor and ceiling (as in every ruleset);
    ``health_change`` what HP did (``hp_after - hp_before``)."""

    name: str
    """Who takes it."""
    kind: str
    """``damage`` or ``heal``."""
    amount: int
    """The amount as given."""
    dealt: int
    """The amount as the rules apply it (as given, in Elysium)."""
    hp_before: int
    """Its HP before."""
    hp_after: int
    """Its HP after: never below 0 (EL4.4) nor above its maximum."""
    down: bool
    """``hp_after`` is 0: it is down (EL4.4)."""
    notes: tuple[str, ...]
    """What else the GM should know (down, back up, HP at their maximum)."""
    health_change: int = 0
    """``hp_after - hp_before``: negative for damage, positive for healing."""


def hp_change(who: Combatant, amount: int, *, heal: bool) -> HpChange:
    """HP never below 0 (EL4.4) nor above the maximum."""
    notes: list[str] = []
    if heal:
        after = min(who.hp_max, who.hp + amount)
        dealt = amount
        if after == who.hp_max:
            notes.append("HP are at their maximum")
        if who.hp == 0 and after > 0:
            notes.append(f"{who.name} is back up")
    else:
        after = max(0, who.hp - amount)
        dealt = amount
        if after == 0 and who.hp > 0:
            notes.append(f"{who.name} is down: 0 HP (EL4.4)")
    kind = "heal" if heal else "damage"
    return HpChange(
        name=who.name,
        kind=kind,
        amount=amount,
        dealt=dealt,
        hp_before=who.hp,
        hp_after=after,
        down=after == 0,
        notes=tuple(notes),
        health_change=after - who.hp,
    )


class ConditionResult(Value):
    """``erc condition``: what was added and removed, and the conditions after
    (``conditions_after``, names)."""

    name: str
    """Whose conditions change."""
    added: tuple[str, ...]
    """The conditions added (EL-P13); empty with ``--remove``."""
    removed: tuple[str, ...]
    """The conditions removed (``--remove``) that it had; else empty."""
    conditions_after: tuple[str, ...]
    """The conditions it has after, by name."""
    by: str | None
    """Who caused those added (``--by``), or None."""
    rounds: int | None
    """How many rounds those added last (``--rounds``); None: no end set."""
    notes: tuple[str, ...]
    """What else the GM should know (it already had one, or had not one to remove)."""


def plan_condition(
    who: Combatant,
    names: Sequence[str],
    *,
    remove: bool = False,
    by: str | None = None,
    rounds: int | None = None,
) -> ConditionResult:
    """EL-P13: the closed set; ``pinned`` comes only from a grab."""
    if not names:
        raise ErcError("bad-option", "name at least one condition")
    if any(name.strip().casefold() == "pinned" for name in names):
        raise ErcError(
            "bad-condition",
            "pinned comes only from a grab (erc grab; erc grab --release or erc escape "
            "end it), EL-P13",
        )
    wanted = list(chosen(names, CONDITIONS, "elysium condition", "bad-condition"))
    if remove and (by is not None or rounds is not None):
        raise ErcError("bad-option", "--by and --rounds describe a condition added, not removed")
    if by is not None and by == who.name:
        raise ErcError(
            "bad-option", f"--by names who caused it: another combatant, not {who.name} itself"
        )
    now = set(who.condition_names)
    if remove:
        removed = tuple(c for c in wanted if c in now)
        notes = tuple(f"{who.name} is not {c}" for c in wanted if c not in now)
        after = tuple(sorted(now - set(removed)))
        return ConditionResult(
            name=who.name,
            added=(),
            removed=removed,
            conditions_after=after,
            by=None,
            rounds=None,
            notes=notes,
        )
    added = tuple(wanted)
    notes = tuple(f"{who.name} was already {c}" for c in wanted if c in now)
    after = tuple(sorted(now | set(added)))
    return ConditionResult(
        name=who.name,
        added=added,
        removed=(),
        conditions_after=after,
        by=by,
        rounds=rounds,
        notes=notes,
    )
