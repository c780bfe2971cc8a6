"""Journal effects: one typed declaration per kind, and their JSON form.

An applied result becomes one event whose ``effects`` say what changed (damage dealt, a
condition, a resource spent, a new round). Each kind is a ``Value`` subclass with a ``kind``
tag and an ``apply`` that tells the fold's tracker (``erc.core.fold.Tracker``) what to do;
its JSON form is ``{"type": kind, field: value, ...}``. The kinds every ruleset shares live
here; a ruleset adds its own (``Ruleset.events().KINDS``).

Decoding checks every field against its declaration (``erc.core.declared.coerce``), so a
hand-edited journal is a clean error with its line, never a traceback.
"""

from __future__ import annotations

import sys

from erc.core.declared import annotations_of, checker
from erc.core.errors import ErcError
from erc.core.value import Value, fields

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable, Mapping
    from typing import Any, ClassVar

    from erc.core.fold import Tracker


SUBJECTS = ("who", "target", "wielder", "holder", "name")
"""The field naming whom an effect is about, in the order looked for (``plain_words``)."""


def plain_words(raw: Mapping[str, Any]) -> str:
    """An effect as recorded, in plain words: whom it is about, its kind, its other values
    (``Effect.said``'s form, and ``erc log``'s for one it cannot read)."""
    kind = raw.get("type")
    subject = next((raw[k] for k in SUBJECTS if isinstance(raw.get(k), str)), None)
    rest = ", ".join(
        f"{k} {v}"
        for k, v in raw.items()
        if k != "type" and v != subject and isinstance(v, (str, int))
    )
    said = f"{subject}: {kind}" if subject else str(kind)
    return f"{said} ({rest})" if rest else said


class Effect(Value):
    """One change an applied event makes (module docstring)."""

    kind: ClassVar[str] = ""
    aliases: ClassVar[tuple[str, ...]] = ()
    """Older spellings of the kind, read but never written."""

    def apply(self, tracker: Tracker) -> None:
        raise NotImplementedError

    def said(self) -> str:
        """This effect in words, for ``erc log``'s sentence of its event ("" when the rest
        of the sentence already says it). A kind says itself; this is the plain form."""
        return plain_words(self.to_json())

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.kind}
        defaults = self._defaults
        for name in self._fields:
            value = getattr(self, name)
            if name in defaults and value == defaults[name]:
                continue
            out[name] = list(value) if isinstance(value, tuple) else value
        return out


class Damage(Effect):
    """Health down by ``amount`` (after resistances and the like: what was dealt)."""

    kind = "damage"
    target: str
    amount: int

    def said(self) -> str:
        return f"{self.target} takes {self.amount} damage"

    def apply(self, tracker: Tracker) -> None:
        tracker.damage(self.target, self.amount)


class Heal(Effect):
    """Health up by ``amount``, never above the maximum."""

    kind = "heal"
    target: str
    amount: int

    def said(self) -> str:
        return f"{self.target} heals {self.amount}"

    def apply(self, tracker: Tracker) -> None:
        tracker.heal(self.target, self.amount)


class ConditionChange(Effect):
    """A condition added (``add``, with who caused it, and for how many rounds or actions)
    or removed (``remove``)."""

    kind = "condition"
    target: str
    add: str | None = None
    remove: str | None = None
    by: str | None = None
    rounds: int | None = None
    actions: int | None = None

    def said(self) -> str:
        said = []
        if self.add:
            words = f"{self.target} is {self.add}" + (f" by {self.by}" if self.by else "")
            if self.rounds:
                words += f" for {self.rounds} round(s)"
            if self.actions:
                words += f" for {self.actions} action(s)"
            said.append(words)
        if self.remove:
            said.append(f"{self.target} is no longer {self.remove}")
        return "; ".join(said)

    def apply(self, tracker: Tracker) -> None:
        if self.add is not None:
            tracker.add_condition(self.target, self.add, self.by, self.rounds, self.actions)
        if self.remove is not None:
            tracker.remove_condition(self.target, self.remove)


class Spend(Effect):
    """A resource of this round spent: ``action``, ``reaction``, ``movement`` (ft), or a
    ruleset's own (Spellchrome ``standard``/``move``, Elysium ``ap``)."""

    kind = "spend"
    who: str
    resource: str
    amount: int = 1

    def said(self) -> str:
        """The resources every ruleset shares; a ruleset words its own in a subclass of its
        kinds table (the fold reads it as this one)."""
        if self.resource == "movement":
            return f"{self.who} spends {self.amount} ft of movement"
        amount = f" ({self.amount})" if self.amount != 1 else ""
        return f"{self.who} spends its {self.resource}{amount}"

    def apply(self, tracker: Tracker) -> None:
        tracker.spend(self.who, self.resource, self.amount)


class Acted(Effect):
    """An action taken (the form ``acted {who}``; ``extra`` when a skill or magic granted
    it beyond the one a round)."""

    kind = "acted"
    who: str
    extra: bool = False

    def said(self) -> str:
        return f"{self.who} acts" + (" (an extra action)" if self.extra else "")

    def apply(self, tracker: Tracker) -> None:
        tracker.spend(self.who, "action", 1)
        if self.extra:
            tracker.spend(self.who, "extra-action", 1)


class Reacted(Effect):
    """The one reaction of the round spent (the form ``reaction {who}``)."""

    kind = "reaction"
    who: str

    def said(self) -> str:
        return f"{self.who} uses its reaction"

    def apply(self, tracker: Tracker) -> None:
        tracker.spend(self.who, "reaction", 1)


TURN_ENDED = "turn-ended"
"""The resource ``EndTurn`` spends: a ruleset's fold reads it as "its turn is over"."""


class EndTurn(Effect):
    """A turn ended without acting (``erc end-turn``, R14.3): it gives up what it has left
    this round (each ruleset reads ``TURN_ENDED``: ER its action and movement, Spellchrome
    its standard and move actions, Elysium its AP)."""

    kind = "end-turn"
    who: str

    def said(self) -> str:
        return f"{self.who} ends its turn"

    def apply(self, tracker: Tracker) -> None:
        tracker.spend(self.who, TURN_ENDED, 1)


class RoundStart(Effect):
    """A new round (``roll-init --apply``): ``order`` first to last, each ``[name, roll,
    [roll-off dice]]`` (kept for the house rule ``initiative: keep``), and who is surprised."""

    kind = "round"
    round: int
    surprised: tuple[str, ...] = ()
    order: tuple[tuple[str, int, tuple[int, ...]], ...] = ()

    def said(self, order: str | None = None) -> str:
        """The round and its order: ``order`` as the caller words it (with each total, from
        the recorded result), else the names this effect keeps."""
        if order is None:
            order = ", ".join(str(row[0]) for row in self.order)
        said = f"round {self.round} begins" + (f", in order {order}" if order else "")
        if self.surprised:
            said += "; surprised: " + ", ".join(self.surprised)
        return said

    def apply(self, tracker: Tracker) -> None:
        if not 1 <= self.round <= MAX_NUMBER:
            raise ValueError(f"a round effect needs a round number from 1 to {MAX_NUMBER}")
        for name in (*self.surprised, *(row[0] for row in self.order)):
            tracker.who(name)  # a name not in the encounter: a journal of another one
        tracker.start_round(self)


MAX_NUMBER = 2**53 - 1
"""The largest event id or round a journal holds: every JSON reader, doubles included,
reads it exactly (erc writes no event past it, ``erc.core.journal``)."""


class Undo(Effect):
    """Cancels an earlier event (``erc undo``); nothing is deleted."""

    kind = "undo"
    event: int

    def said(self) -> str:
        return f"cancels event {self.event}"

    def apply(self, tracker: Tracker) -> None:
        return None  # the fold skips cancelled events before applying anything


class Rename(Effect):
    """The journal's ``old`` is the file's ``new`` from here on (``erc rename``, R14.4). The
    fold reads the journal's names through it before applying anything (``erc.core.fold``
    ``renamed``); applying it only checks that the file has ``new``."""

    kind = "rename"
    old: str
    new: str

    def said(self) -> str:
        return f"the fight's {self.old} is now {self.new}"

    def apply(self, tracker: Tracker) -> None:
        tracker.who(self.new)


class Join(Effect):
    """A combatant added to the file joins the round's order (``erc join``, R14.2): its
    initiative ``roll``, ``modifier``, ``total`` and roll-off dice (``tiebreak``), its
    ``place`` (1: first), and ``waits``: its place was passed this round, so it acts from
    the next (``joins next round``)."""

    kind = "join"
    who: str
    roll: int
    modifier: int
    total: int
    tiebreak: tuple[int, ...] = ()
    place: int = 1
    waits: bool = False

    def said(self) -> str:
        """R14.2: where the newcomer takes its place, by what total."""
        said = f"{self.who} joins at place {self.place} with {self.total} (rolled {self.roll})"
        return said + (", from the next round" if self.waits else "")

    def apply(self, tracker: Tracker) -> None:
        if self.place < 1:
            raise ValueError("a place in the order is 1 or more")
        tracker.join(self)


CORE_KINDS: tuple[type[Effect], ...] = (
    Damage,
    Heal,
    ConditionChange,
    Spend,
    Acted,
    Reacted,
    RoundStart,
    Undo,
    EndTurn,
    Rename,
    Join,
)


def kinds_table(*groups: Iterable[type[Effect]]) -> dict[str, type[Effect]]:
    """Kind name (and aliases) -> class, for decoding."""
    table: dict[str, type[Effect]] = {}
    for group in groups:
        for cls in group:
            for name in (cls.kind, *cls.aliases):
                table[name] = cls
    return table


def decode(raw: Any, table: Mapping[str, type[Effect]]) -> Effect:
    """One effect from its JSON form; a bad one raises ``ValueError`` saying why."""
    if not isinstance(raw, dict):
        raise ValueError("an effect must be an object")
    kind = raw.get("type")
    cls = table.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise ValueError(f"unknown effect type {kind!r}")
    values = {}
    defaults = cls._defaults
    for name, check in _decoders(cls):
        given = raw.get(name, _ABSENT)
        if given is not _ABSENT:
            values[name] = check(given)
        elif name not in defaults:
            raise ValueError(f"a {kind} effect needs {name!r}")
    return cls(**values)


def decode_all(
    raws: Iterable[Any],
    table: Mapping[str, type[Effect]],
    path: str | None,
    line: int,
    seen: dict[Any, Effect] | None = None,
) -> list[Effect]:
    """Every effect of one event. ``seen`` remembers effects already decoded by their plain
    form (effects are frozen, and a long journal repeats most of them: "Kaela acted")."""
    out = []
    for raw in raws:
        key = None
        if seen is not None and isinstance(raw, dict):
            try:
                key = tuple(raw.items())
                found = seen.get(key)
            except TypeError:  # a list inside (a round's order): not remembered
                key = found = None
            if found is not None:
                out.append(found)
                continue
        try:
            effect = decode(raw, table)
        except (ValueError, TypeError) as exc:
            raise ErcError("bad-journal", f"journal line {line}: {exc}", path, line) from None
        if key is not None and seen is not None:
            seen[key] = effect
        out.append(effect)
    return out


_ABSENT = object()
_DECODERS: dict[type, list[tuple[str, Any]]] = {}


def _decoders(cls: type[Effect]) -> list[tuple[str, Any]]:
    """Each field of an effect kind with the function that checks it (built once)."""
    found = _DECODERS.get(cls)
    if found is None:
        namespace = vars(sys.modules[cls.__module__])
        annotations = annotations_of(cls)
        found = _DECODERS[cls] = [
            (name, checker(annotations[name], namespace, True)) for name in fields(cls)
        ]
    return found
