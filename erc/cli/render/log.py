"""Human output of ``erc log`` and ``erc undo``: one sentence an event, with totals
(CONTRACT "The table"); ``--json`` keeps the events as recorded."""

from __future__ import annotations

from collections.abc import Iterator

from rich.text import Text

from erc.core.events import RoundStart, decode, plain_words
from erc.core.human import clean, text
from erc.core.outcome import Outcome

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence
    from typing import Any

    from erc.core.events import Effect


def render(outcome: Outcome) -> Iterator[Any]:
    result = outcome.result
    if outcome.command == "undo":
        yield text(f"undid event {result.cancelled} ({result.command})")
        return
    from erc import rulesets

    kinds = rulesets.get(outcome.encounter.ruleset).events().Tracker.kinds
    yield _line(f"{len(result.events)} event(s) in {result.journal}", "bold")
    for event in result.events:
        undone = bool(event.get("undone"))
        line = sentence(event, kinds) + (" (undone)" if undone else "")
        yield _line(line, "dim strike" if undone else "")


def _line(words: str, style: str) -> Text:
    """One line whatever its length (the terminal wraps it; ``grep`` sees it whole)."""
    return Text(clean(words), style=style, no_wrap=True, overflow="ignore")


def sentence(event: Mapping[str, Any], kinds: Mapping[str, type[Effect]]) -> str:
    """``3. round 1, attack: Ogre takes 12 damage; Kaela acts.``: each effect as its kind
    says itself (``Effect.said``), read with the ruleset's ``kinds``."""
    effects = [e for e in event.get("effects") or () if isinstance(e, dict)]
    if event.get("command") == "undo-to":
        return (
            f"{event.get('id')}. round {event.get('round')}, undo-to: {_undo_to(event, effects)}."
        )
    parts = [_effect(e, event, kinds) for e in effects]
    result = event.get("result")
    parts.append(_check(result) or _perceived(event) or _contest(event) or "")
    said = "; ".join(p for p in parts if p) or "no change"
    hurt = any(e.get("type") == "damage" for e in effects)
    if isinstance(result, dict) and isinstance(result.get("damage"), int) and not hurt:
        said += "; no damage"
    return f"{event.get('id')}. round {event.get('round')}, {event.get('command')}: {said}."


def _effect(
    raw: Mapping[str, Any], event: Mapping[str, Any], kinds: Mapping[str, type[Effect]]
) -> str:
    """One effect in words; one this erc cannot read (another version's kind) plainly."""
    try:
        effect = decode(raw, kinds)
    except ValueError:
        return plain_words(raw)
    if isinstance(effect, RoundStart):
        return effect.said(_order(event))
    if event.get("command") == "pick-up" and raw.get("state") == "free":
        return f"{raw.get('who')} picks up its {raw.get('weapon')}"  # ER: its own, R12.4
    return effect.said()


def _undo_to(event: Mapping[str, Any], effects: Sequence[Mapping[str, Any]]) -> str:
    """R14.6: the point gone back to and the events cancelled, the first and last few by id
    when there are many."""
    from erc.core.text import counted, ends

    ids = [str(e.get("event")) for e in effects if e.get("type") == "undo"]
    cancels = counted(len(ids), "event")
    return f"back to event {event.get('to')}, cancels {cancels} ({', '.join(ends(ids))})"


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


def _perceived(event: Mapping[str, Any]) -> str | None:
    """An ER Perception check (R4.4): its total against its DC, and the outcome."""
    result = event.get("result")
    if event.get("command") != "perceive" or not isinstance(result, dict):
        return None
    return _check(
        {**result, "check": "Perception check", "target": result.get("dc"), "target_name": "DC"}
    )


def _contest(event: Mapping[str, Any]) -> str | None:
    """A competition (R7, SC's opposed checks, EL1.5): who won, by what totals."""
    result = event.get("result")
    if event.get("command") != "competition" or not isinstance(result, dict):
        return None
    sides = result.get("sides")
    if not isinstance(sides, list):
        sides = [result.get("initiator"), result.get("opponent")]
    if len(sides) != 2 or not all(isinstance(s, dict) for s in sides):
        return None
    (a, a_total), (b, b_total) = ((s.get("name"), s.get("total")) for s in sides)
    winner = result.get("winner")
    if winner in (a, b):
        (won, total), (lost, other) = ((a, a_total), (b, b_total))[:: 1 if winner == a else -1]
        return f"{won} wins, {total} against {lost}'s {other}"
    if a_total == b_total:
        return f"{a} and {b} tie at {a_total}"
    return f"no winner: {a} {a_total}, {b} {b_total}"


def _order(event: Mapping[str, Any]) -> str | None:
    """A new round's order with each total, from the recorded result (None: not recorded)."""
    result = event.get("result")
    rows = result.get("order") if isinstance(result, dict) else None
    if not isinstance(rows, list) or not all(isinstance(r, dict) for r in rows):
        return None
    return ", ".join(
        f"{r.get('name')} {r.get('total')}" if r.get("rolled", True) else f"{r.get('name')} -"
        for r in rows
    )
