"""``erc rename`` and ``erc new-fight``: keeping a recorded fight in step with its file
(RULES.md R14.4, R14.5). Both act on the journal as a whole, so neither folds it: a journal
that names someone the file lost (``journal-name-missing``) is exactly what they mend."""

from __future__ import annotations

import os

from erc.cli.boundary import APPLY, ENCOUNTER, JOURNAL, JSON, KEY
from erc.core.errors import ErcError, did_you_mean
from erc.core.mechanic import Argument, shared
from erc.core.outcome import Outcome
from erc.core.value import Value

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from erc.core.fold import Index
    from erc.core.journal import Handle
    from erc.core.parts import Drawing


def renderer() -> Drawing:
    """The renderer, ``erc.cli.render.table``: imported only for a human table."""
    from erc.cli.render import table

    return table


class RenameResult(Value):
    """``name``: the file's name the fight now uses (NEW); ``old``: the journal's name."""

    name: str
    old: str
    journal: str


@shared
def rename(
    old: str = Argument(metavar="OLD", help="The name the journal has, gone from the file."),
    new: str = Argument(metavar="NEW", help="The file's name for that combatant now."),
    encounter: str | None = ENCOUNTER,
    as_json: bool = JSON,
    apply: bool = APPLY,
    key: str | None = KEY,
    journal: str | None = JOURNAL,
) -> Outcome:
    """Carry the fight over to a combatant's new name in the file (R14.4): the journal's
    OLD is the file's NEW from this event on; undo reverses it."""
    from erc.cli.boundary import check_key
    from erc.core.encounter import load_cached
    from erc.core.fold import Index, cancelled, mentions
    from erc.core.journal import Handle, same_ruleset
    from erc.core.session import journal_path

    if not encounter:
        raise ErcError("no-encounter", "no encounter file: give -e FILE or set ERC_ENCOUNTER")
    if key is not None:
        check_key(key, apply)
    model = load_cached(encounter)
    where = journal_path(encounter, journal)
    newcomer = _file_combatant(model, encounter, new)
    new = newcomer.name
    with Handle(where, apply, encounter) as handle:
        entries = list(handle.scan().entries)
        same_ruleset(entries, model.ruleset, where, encounter)
        gone = cancelled(entries)
        index = Index()
        index.add(entries, gone)
        if key is not None and (first := index.keys.get(key)) is not None:
            return _rename_replayed(handle, first, key, index=index, model=model)
        named, lost, whole = _journal_names(model, newcomer, entries, gone, where)
        in_file = {c.name for c in model.combatants}
        if not whole and old not in in_file and mentions(entries, gone, old):
            lost.append(old)  # a journal the fold stops in: the names it has, as text
        old = _journal_name(old, lost, model, where)
        if new in named or mentions(entries, gone, new):
            raise ErcError(
                "bad-rename",
                f"{new!r} is already in the fight recorded in {where}: two of the journal's "
                "combatants cannot share one name",
                where,
            )
        result = RenameResult(new, old, where)
        applied = None
        if apply:
            applied = _renamed(handle, entries, index, result, ruleset=model.ruleset, key=key)
    return Outcome(
        command="rename", result=result, render=renderer, encounter=model, applied=applied
    )


def _rename_replayed(handle: Handle, first: int, key: str, *, index: Index, model: Any) -> Outcome:
    """``erc rename OLD NEW --apply --key K`` again: the rename recorded under K, reported
    as the first time and not applied again (CONTRACT ``--key``); the journal no longer
    names OLD, so without its key a retry is refused (``bad-rename``). The result is the
    rename its effect records (the fold's truth, whatever ``result`` the line kept)."""
    from erc.cli.boundary import keyed_event, recorded_effects, replayed

    event = keyed_event(handle, first, key, "rename")
    renamed = recorded_effects(event, "rename")
    if not renamed:
        raise ErcError("bad-journal", f"event {first} (rename) renames no one", handle.path)
    return replayed(
        "rename",
        result=RenameResult(str(renamed[0].get("new")), str(renamed[0].get("old")), handle.path),
        event_id=first,
        journal=handle.path,
        cancelled=index.cancelled,
        encounter=model,
    )


def _file_combatant(model: Any, encounter: str, typed: str) -> Any:
    """NEW's combatant, found as the command line finds names (any case, any Unicode form,
    a unique prefix)."""
    from erc.core.lookup import find

    try:
        return find(model, typed)
    except ErcError as error:
        if error.code != "unknown-combatant":
            raise
    in_file = [c.name for c in model.combatants]
    raise ErcError(
        "unknown-combatant",
        f"the encounter file {encounter} has no combatant named {typed!r}"
        f"{did_you_mean(typed, in_file)}: rename it in the file first, then run erc rename",
        encounter,
    )


def _journal_name(typed: str, lost: list[str], model: Any, where: str) -> str:
    """OLD as the journal spells it: one of the combatants it names that the file lacks,
    matched exactly, else in any case and Unicode form."""
    from erc.core.text import folded

    if typed in lost:
        return typed
    matches = [name for name in lost if folded(name) == folded(typed)]
    if len(matches) == 1:
        return matches[0]
    if any(folded(c.name) == folded(typed) for c in model.combatants):
        raise ErcError(
            "bad-rename",
            f"{typed!r} is still in the encounter file {model.path}: erc rename is for a name "
            "the file no longer has (R14.4)",
            model.path,
        )
    raise ErcError(
        "bad-rename",
        f"the fight recorded in {where} never names {typed!r}: nothing to rename"
        + (f" (the names the file lacks: {', '.join(map(repr, lost))})" if lost else ""),
        where,
    )


def _journal_names(
    model: Any, newcomer: Any, entries: list[Any], gone: set[int], where: str
) -> tuple[set[str], list[str], bool]:
    """The combatants the journal's live events name (as its renames leave them), those of
    them the file lacks in the order met, and whether the fold read the journal to its end.
    The fold asks the tracker for each combatant by name (no other string of an event, such
    as a condition's or a weapon's name, is one); each name the file lacks gets a stand-in
    (NEW's combatant under that name: the file's version of the one renamed) and the fold
    starts over, until it meets no other."""
    from erc import rulesets
    from erc.core.fold import fold
    from erc.core.value import replace

    kind = rulesets.get(model.ruleset).events().Tracker
    named: set[str] = set()
    lost: list[str] = []

    class Probe(kind):  # type: ignore[valid-type, misc]
        def who(self, name: Any) -> Any:
            if isinstance(name, str):
                named.add(name)
                if name not in self.fighters and name not in lost:
                    lost.append(name)
            return super().who(name)

    while True:
        met = len(lost)
        stand_ins = tuple(replace(newcomer, name=name) for name in lost)
        tracker = Probe(replace(model, combatants=(*model.combatants, *stand_ins)))
        try:
            fold(tracker, entries, where, gone)
        except ErcError as error:
            if error.code == "journal-name-missing" and len(lost) > met:
                continue
            return named, lost, False
        except Exception:  # a stand-in the ruleset's fold cannot take: the names met so far
            return named, lost, False
        return named, lost, True


def _renamed(
    handle: Handle,
    entries: list[Any],
    index: Index,
    result: RenameResult,
    *,
    ruleset: str,
    key: str | None,
) -> dict[str, Any]:
    """The ``rename`` event, in the round the fight is in, under ``ruleset`` (and ``key``)."""
    from erc.core.envelope import to_data

    handle.next = index.next
    live_rounds = [e.round for e in entries if e.id not in index.cancelled]
    recorded = handle.append(
        {
            "command": "rename",
            "round": max(live_rounds, default=0),
            "key": key,
            "effects": [{"type": "rename", "old": result.old, "new": result.name}],
            "ruleset": ruleset,
            "result": to_data(result),
        }
    )
    return {"journal": handle.path, "event": recorded["id"]}


class NewFightResult(Value):
    """``journal``: where the fight was recorded; ``moved_to``: where its journal went (None:
    there was none, or nothing moved without ``--apply``, see ``would_move_to``);
    ``n_events``: how many events it held."""

    journal: str
    moved_to: str | None
    would_move_to: str | None
    n_events: int


MAX_KEPT = 10_000
"""The most earlier fights kept beside a journal (``NAME.1`` to ``NAME.10000``)."""


@shared
def new_fight(
    encounter: str | None = ENCOUNTER,
    as_json: bool = JSON,
    apply: bool = APPLY,
    journal: str | None = JOURNAL,
) -> Outcome:
    """Start the fight over (R14.5): the journal is moved aside, never deleted, to the first
    free NAME.N beside it, and the next command starts at round 0 from the file."""
    from erc.core.encounter import load_cached
    from erc.core.journal import Handle
    from erc.core.session import journal_path

    if not encounter:
        raise ErcError("no-encounter", "no encounter file: give -e FILE or set ERC_ENCOUNTER")
    model = load_cached(encounter)
    where = journal_path(encounter, journal)
    if where == os.devnull or not os.path.exists(where):
        result = NewFightResult(where, None, None, 0)
        return Outcome("new-fight", result, renderer, model)
    with Handle(where, apply, encounter) as handle:
        events = _count(handle)
        if not events:  # no fight recorded (or one another new-fight moved while this waited)
            return Outcome("new-fight", NewFightResult(where, None, None, 0), renderer, model)
        if not apply:
            result = NewFightResult(where, None, _free(where), events)
            return Outcome("new-fight", result, renderer, model)
        moved = _move_aside(where)
    result = NewFightResult(where, moved, None, events)
    return Outcome("new-fight", result, renderer, model)


def _count(handle: Handle) -> int:
    """The events the journal holds; one that cannot be read (a line of garbage) is still
    a fight to move aside whole (R14.5): its lines are counted, saying why."""
    from erc.core.errors import warn

    try:
        return len(handle.scan().entries)
    except ErcError as error:
        if error.code != "bad-journal":
            raise
        why = error.message
    with open(handle.path, "rb") as journal:
        lines = sum(1 for line in journal if line.strip())
    warn(f"{handle.path}: {why}; the journal is moved aside as it is ({lines} lines)")
    return lines


def moved_fight(path: str) -> str:
    """For a journal with nothing to undo: where ``erc new-fight`` last moved a fight from it,
    and how to bring it back (R14.5: a new fight is not an event; undo cannot reach it)."""
    import shlex

    if not os.path.lexists(f"{path}.1"):
        return ""
    last = f"{path}.{int(_free(path).rpartition('.')[2]) - 1}"
    return (
        f"; erc new-fight moved the last fight to {last}: to take it back, move it back "
        f"(mv {shlex.quote(last)} {shlex.quote(path)})"
    )


def _free(path: str) -> str:
    for number in range(1, MAX_KEPT + 1):
        candidate = f"{path}.{number}"
        if not os.path.lexists(candidate):
            return candidate
    raise ErcError(
        "journal-write",
        f"{path}.1 to {path}.{MAX_KEPT} are all taken: move earlier fights elsewhere",
        path,
    )


def _move_aside(path: str) -> str:
    """Move the journal (held under its lock) to the first free ``NAME.N``: a hard link then
    an unlink, so an earlier fight is never overwritten, even by a racing command."""
    while True:
        target = _free(path)
        try:
            os.link(path, target)
        except FileExistsError:
            continue  # taken between the look and the link: the next one
        except OSError:
            if os.path.lexists(target):
                continue
            try:  # a file system without hard links: the look above keeps it free
                os.rename(path, target)
            except OSError as exc:
                raise ErcError(
                    "journal-write", f"cannot move {path} aside: {exc.strerror or exc}", path
                ) from None
            return target
        try:
            os.unlink(path)
        except OSError as exc:
            os.unlink(target)
            raise ErcError(
                "journal-write", f"cannot move {path} aside: {exc.strerror or exc}", path
            ) from None
        return target
