"""What erc does not resolve (EL3.3 "anything else"): AP spent on other actions and items,
damage and healing from outside erc's mechanics, conditions added or removed."""

from __future__ import annotations

from collections.abc import Sequence

from erc.core.errors import ErcError, did_you_mean
from erc.core.value import Value
from erc.rulesets.elysium.conditions import actor
from erc.rulesets.elysium.model import CONDITIONS, Combatant, Settings
from erc.rulesets.elysium.rules.ap import ITEM_COSTS, ApSpend, pay

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
    """``--ap N``, or ``--for KIND`` at the table's cost (EL3.3); both: the item says
    otherwise and ``--ap`` is its cost."""
    if ap is None and what is None:
        raise ErcError("bad-option", "give --ap N, or --for KIND (" + ", ".join(SPEND_FOR) + ")")
    if what is not None and what not in SPEND_FOR:
        raise ErcError(
            "bad-option",
            f"--for {what!r}{did_you_mean(what, SPEND_FOR)}; one of: {', '.join(SPEND_FOR)}",
        )
    actor(who, offensive=False, what="spending AP")
    standing = what == "stand-up"
    if standing and not who.has("prone"):
        raise ErcError("not-prone", f"{who.name} is not prone: there is nothing to stand up from")
    cost = ap if ap is not None else (rules.stand_up_ap if standing else ITEM_COSTS[what or ""])
    label = what or "an action"
    spend = pay(who, cost, label)
    notes = (f"{who.name} stands up",) if standing else ()
    return SpendResult(who.name, cost, what, standing, spend, notes)


class HpChange(Value):
    """``erc damage`` / ``erc heal`` (the shape of ER's): ``amount`` as given, ``dealt``
    what changes HP (damage: the amount; healing: up to the maximum)."""

    name: str
    kind: str  # "damage" or "heal"
    amount: int
    dealt: int
    hp_before: int
    hp_after: int
    down: bool
    notes: tuple[str, ...]


def hp_change(who: Combatant, amount: int, *, heal: bool) -> HpChange:
    """HP never below 0 (EL4.4) nor above the maximum."""
    notes: list[str] = []
    if heal:
        after = min(who.hp_max, who.hp + amount)
        dealt = after - who.hp
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
    return HpChange(who.name, kind, amount, dealt, who.hp, after, after == 0, tuple(notes))


class ConditionResult(Value):
    """``erc condition``: what was added and removed, and the conditions after."""

    name: str
    added: tuple[str, ...]
    removed: tuple[str, ...]
    conditions: tuple[str, ...]
    by: str | None
    rounds: int | None
    notes: tuple[str, ...]


def plan_condition(
    who: Combatant,
    names: Sequence[str],
    *,
    remove: bool = False,
    by: str | None = None,
    rounds: int | None = None,
) -> ConditionResult:
    """EL Part 3.13: the closed set; ``pinned`` comes only from a grab."""
    if not names:
        raise ErcError("bad-option", "name at least one condition")
    wanted = []
    for name in names:
        folded = name.strip().casefold()
        if folded == "pinned":
            raise ErcError(
                "bad-condition",
                "pinned comes only from a grab (erc grab; erc grab --release or erc escape "
                "end it), EL Part 3.13",
            )
        if folded not in CONDITIONS:
            raise ErcError(
                "bad-condition",
                f"no condition {name!r}{did_you_mean(folded, CONDITIONS)}; one of: "
                f"{', '.join(CONDITIONS)}",
            )
        wanted.append(folded)
    wanted = list(dict.fromkeys(wanted))
    if remove and (by is not None or rounds is not None):
        raise ErcError("bad-option", "--by and --rounds describe a condition added, not removed")
    now = set(who.condition_names)
    if remove:
        removed = tuple(c for c in wanted if c in now)
        notes = tuple(f"{who.name} is not {c}" for c in wanted if c not in now)
        after = tuple(sorted(now - set(removed)))
        return ConditionResult(who.name, (), removed, after, None, None, notes)
    added = tuple(wanted)
    notes = tuple(f"{who.name} was already {c}" for c in wanted if c in now)
    after = tuple(sorted(now | set(added)))
    return ConditionResult(who.name, added, (), after, by, rounds, notes)
