"""Human output of ``erc log`` and ``erc undo``: one sentence an event, with totals
(CONTRACT "The table"); ``--json`` keeps the events as recorded."""

from __future__ import annotations

from collections.abc import Iterator

from rich.text import Text

from erc.core.human import clean, text
from erc.core.outcome import Outcome

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence
    from typing import Any


def render(outcome: Outcome) -> Iterator[Any]:
    result = outcome.result
    if outcome.command == "undo":
        yield text(f"undid event {result.cancelled} ({result.command})")
        return
    yield _line(f"{len(result.events)} event(s) in {result.journal}", "bold")
    for event in result.events:
        undone = bool(event.get("undone"))
        line = sentence(event) + (" (undone)" if undone else "")
        yield _line(line, "dim strike" if undone else "")


def _line(words: str, style: str) -> Text:
    """One line whatever its length (the terminal wraps it; ``grep`` sees it whole)."""
    return Text(clean(words), style=style, no_wrap=True, overflow="ignore")


ORDER_DICE = frozenset({"reaction-check", "sc-initiative"})
"""A ruleset's record of the order's dice (for ``initiative: keep``): not told again."""
SUBJECTS = ("who", "target", "wielder", "holder", "name")
"""The field naming whom a ruleset's own effect is about, in the order looked for."""


def sentence(event: Mapping[str, Any]) -> str:
    """``3. round 1, attack: Ogre takes 12 damage; Kaela acts.``"""
    effects = [e for e in event.get("effects") or () if isinstance(e, dict)]
    if event.get("command") == "undo-to":
        return (
            f"{event.get('id')}. round {event.get('round')}, undo-to: {_undo_to(event, effects)}."
        )
    parts = [_effect(e, event) for e in effects]
    result = event.get("result")
    parts.append(_check(result) or "")
    said = "; ".join(p for p in parts if p) or "no change"
    hurt = any(e.get("type") == "damage" for e in effects)
    if isinstance(result, dict) and isinstance(result.get("damage"), int) and not hurt:
        said += "; no damage"
    return f"{event.get('id')}. round {event.get('round')}, {event.get('command')}: {said}."


def _effect(e: Mapping[str, Any], event: Mapping[str, Any]) -> str:
    kind = e.get("type")
    if kind == "round":
        return _round(e, event)
    if kind in ORDER_DICE:
        return ""  # the round's order already says it, with totals
    if kind == "join":
        return _join(e, event)
    words = _plain(e)
    if words is not None:
        return words
    subject = next((e[k] for k in SUBJECTS if isinstance(e.get(k), str)), None)
    rest = ", ".join(
        f"{k} {v}"
        for k, v in e.items()
        if k not in ("type", *SUBJECTS[:1]) and v != subject and isinstance(v, (str, int))
    )
    said = f"{subject}: {kind}" if subject else str(kind)
    return f"{said} ({rest})" if rest else said


def _plain(e: Mapping[str, Any]) -> str | None:
    """The kinds every ruleset shares, as words; None for a ruleset's own kind."""
    kind = e.get("type")
    if kind == "damage":
        return f"{e.get('target')} takes {e.get('amount')} damage"
    if kind == "heal":
        return f"{e.get('target')} heals {e.get('amount')}"
    if kind == "condition":
        return _condition(e)
    if kind == "spend":
        return _spend(e)
    if kind == "acted":
        return f"{e.get('who')} acts" + (" (an extra action)" if e.get("extra") else "")
    if kind == "reaction":
        return f"{e.get('who')} uses its reaction"
    if kind == "end-turn":
        return f"{e.get('who')} ends its turn"
    if kind == "undo":
        return f"cancels event {e.get('event')}"
    if kind == "rename":
        return f"the fight's {e.get('old')} is now {e.get('new')}"
    return None


def _undo_to(event: Mapping[str, Any], effects: Sequence[Mapping[str, Any]]) -> str:
    """R14.6: the point gone back to and the events cancelled, the first and last few by id
    when there are many."""
    from erc.core.text import ends

    ids = [str(e.get("event")) for e in effects if e.get("type") == "undo"]
    events = "event" if len(ids) == 1 else "events"
    return f"back to event {event.get('to')}, cancels {len(ids)} {events} ({', '.join(ends(ids))})"


def _join(e: Mapping[str, Any], event: Mapping[str, Any]) -> str:
    """R14.2: where the newcomer takes its place, by what total (1 is the default place,
    which the effect leaves out)."""
    said = f"{e.get('who')} joins at place {e.get('place', 1)} with {e.get('total')}"
    said += f" (rolled {e.get('roll')})"
    return said + (", from the next round" if e.get("waits") else "")


def _check(result: Any) -> str | None:
    """A check (R14.1, SC-P15, EL-P16): its total against its target, and the outcome."""
    if not isinstance(result, dict) or "success" not in result or "target" not in result:
        return None
    outcome = "a success" if result.get("success") else "a failure"
    whose = f"{result.get('name')}'s {result.get('check')}"
    if result.get("no_roll"):
        return f"{whose}: no roll ({result.get('no_roll')}), {outcome}"
    named = result.get("target_name")
    target = (
        f"{named} {result.get('target')}" if named not in (None, "vs") else result.get("target")
    )
    return f"{whose}: {result.get('total')} against {target}, {outcome}"


def _condition(e: Mapping[str, Any]) -> str:
    target = e.get("target")
    said = []
    if e.get("add"):
        words = f"{target} is {e.get('add')}" + (f" by {e.get('by')}" if e.get("by") else "")
        if e.get("rounds"):
            words += f" for {e.get('rounds')} round(s)"
        if e.get("actions"):
            words += f" for {e.get('actions')} action(s)"
        said.append(words)
    if e.get("remove"):
        said.append(f"{target} is no longer {e.get('remove')}")
    return "; ".join(said)


def _spend(e: Mapping[str, Any]) -> str:
    resource, amount = e.get("resource"), e.get("amount", 1)
    if resource == "movement":
        return f"{e.get('who')} moves {amount} ft"
    if resource == "ap":
        return f"{e.get('who')} spends {amount} AP"
    return f"{e.get('who')} spends its {resource}" + (f" ({amount})" if amount != 1 else "")


def _round(e: Mapping[str, Any], event: Mapping[str, Any]) -> str:
    """A new round: the order with each total (from the recorded result), not the dice."""
    result = event.get("result")
    rows = result.get("order") if isinstance(result, dict) else None
    if isinstance(rows, list) and all(isinstance(r, dict) for r in rows):
        order = ", ".join(
            f"{r.get('name')} {r.get('total')}" if r.get("rolled", True) else f"{r.get('name')} -"
            for r in rows
        )
    else:
        order = ", ".join(str(row[0]) for row in e.get("order") or () if isinstance(row, list))
    said = f"round {e.get('round')} begins" + (f", in order {order}" if order else "")
    if e.get("surprised"):
        said += "; surprised: " + ", ".join(map(str, e.get("surprised") or ()))
    return said
