"""Combat state: the journal's events folded over the encounter (CONTRACT "Combat state").

One fold for every ruleset. ``fold`` skips the events an undo cancelled (``cancelled``: the
one place undo is decided), decodes each live event's effects into their typed kinds
(``erc.core.events``) and applies them, in order, to a ``Tracker``: the mutable state of
the fold. The tracker keeps what every ruleset has (the round, the order, conditions with
their durations, resources spent this round); a ruleset subclasses it for health (Body
floor 0, HP below 0, extra HP first), its own resources and state, and for the frozen
``State`` its rules read.

Pure code: no I/O.
"""

from __future__ import annotations

from erc.core.errors import ErcError
from erc.core.events import Effect, decode_all
from erc.core.model import Condition
from erc.core.value import Value

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Mapping
    from typing import Any, ClassVar

    from erc.core.events import Join, RoundStart
    from erc.core.journal import Entry


MEMO_MOST = 100_000
"""Combatants a tracker's ``frozen`` keeps before it starts over."""
SNAPSHOT_TAIL = 256
"""Events folded past the last snapshot that make the next one (``erc.core.snapshot``)."""


class State(Value):
    """The encounter as the journal leaves it (a ruleset's subclass adds its own parts)."""

    encounter: Any
    """The ruleset's encounter with the state applied: what every mechanic reads."""
    round: int = 0
    order: tuple[str, ...] = ()
    """This round's order from the last applied ``roll-init``, first to last (R11.5)."""
    rolls: tuple[tuple[str, int, tuple[int, ...]], ...] = ()
    """That order's dice: ``(name, roll, roll-off dice)`` (house rule ``initiative: keep``)."""
    events: int = 0
    """Events in the journal, undone ones and undos included."""

    replaced_each_round: ClassVar[frozenset[str]] = frozenset({"order", "rolls"})
    """The parts a round's start sets whatever they were before (``Tracker.start_round``;
    a ruleset's subclass adds its own): the state as a round starts does not depend on them
    (``erc simulate`` keeps it by the rest)."""


class Fighter:
    """One combatant while folding (mutable; the tracker's own)."""

    __slots__ = ("conditions", "extra", "health", "name", "spent")

    def __init__(self, name: str, health: int, conditions: Iterable[Condition]) -> None:
        self.name = name
        self.health = health
        self.extra = 0  # a second pool of health taken first (Spellchrome EX-HP), else 0
        self.conditions: dict[str, Condition] = {c.name: c for c in conditions}
        self.spent: dict[str, int] = {}

    def has(self, condition: str) -> bool:
        return condition in self.conditions


class Tracker:
    """The state while folding; a ruleset subclasses it (module docstring)."""

    kinds: Mapping[str, type[Effect]] = {}
    """The effect kinds the ruleset's journal may hold (``erc.core.events.kinds_table``)."""

    def __init__(self, encounter: Any) -> None:
        self.encounter = encounter
        self.round = 0
        self.order: tuple[str, ...] = ()
        self.rolls: tuple[tuple[str, int, tuple[int, ...]], ...] = ()
        self.events = 0
        self.fighters: dict[str, Fighter] = {c.name: self.fighter(c) for c in encounter.combatants}
        self.memo: dict[Any, tuple[Any, Any]] = {}
        """``frozen``'s combatants by what they were made from: a cache, not state (no
        snapshot keeps it); ``erc simulate`` shares one between the fights of a file."""

    # --- what a ruleset provides ---------------------------------------------------------

    def fighter(self, combatant: Any) -> Fighter:
        """The fold's record of one combatant as the file gives it."""
        raise NotImplementedError

    def damage(self, name: str, amount: int) -> None:
        raise NotImplementedError

    def heal(self, name: str, amount: int) -> None:
        raise NotImplementedError

    def end_round(self, fighter: Fighter, ticks: bool) -> None:
        """A round ended for ``fighter`` (``ticks``: it was a round of combat, not the moment
        before round 1). The base class has already cleared what it spent."""

    def freeze(self) -> State:
        raise NotImplementedError

    def missed_an_action(self, fighter: Fighter, condition: str) -> bool:
        """Whether the round now ending was one of the actions a condition lasting N
        actions takes from ``fighter`` (ER R6.5 "its next d3 actions"): the base class counts
        every round; a ruleset counts only a round it could have acted in but for it."""
        return True

    def settle(self) -> None:
        """What follows from an event by itself once its effects are applied, recorded then
        so it holds whatever comes later (ER: a grapple ends when its grappler cannot act,
        and stays ended when the grappler recovers). The base class has nothing to do."""

    # --- what every ruleset shares ---------------------------------------------------------

    def frozen(self, combatant: Any, key: Any, make: Callable[[Any], Any]) -> Any:
        """``make(combatant)``, or the one made before from the same file's ``combatant``
        under the same ``key`` (everything ``make`` reads of the tracker): a state frozen
        after every action (``erc simulate``) rebuilds only the combatants that changed, and
        one state seen again gives the same combatant, by identity."""
        memo = self.memo
        kept = memo.get(key)
        if kept is not None and kept[0] is combatant:
            made = kept[1]
        else:
            made = make(combatant)
            if len(memo) >= MEMO_MOST:
                memo.clear()
            memo[key] = (combatant, made)
        return made

    def who(self, name: Any) -> Fighter:
        if not isinstance(name, str):
            raise ValueError(f"the journal names {name!r}, which is not a name")
        if name not in self.fighters:
            raise MissingName(name)
        return self.fighters[name]

    def spend(self, name: str, resource: str, amount: int) -> None:
        if amount < 0:
            raise ValueError(f"cannot spend {amount} {resource}")
        fighter = self.who(name)
        fighter.spent[resource] = fighter.spent.get(resource, 0) + amount

    def add_condition(
        self,
        name: str,
        condition: str,
        by: str | None,
        rounds: int | None,
        actions: int | None,
    ) -> None:
        """A condition for ``rounds`` rounds of combat (it ends when the round that many
        after this one starts, R13.4) or for the combatant's next ``actions`` actions (R6.5;
        the current round counts unless it has already acted; a round counts only when it
        could have acted in it, ``missed_an_action``)."""
        fighter = self.who(name)
        if by is not None:
            self.who(by)
        until = self.round + rounds if rounds is not None else None
        if actions is not None:
            if actions < 0:
                raise ValueError("a condition lasts at least 0 actions")
            before = fighter.conditions.get(condition)
            left = actions + (1 if fighter.spent.get("action") else 0)
            actions = max(left, before.actions or 0) if before else left
        fighter.conditions[condition] = Condition(condition, by, until, actions)

    def remove_condition(self, name: str, condition: str) -> None:
        self.who(name).conditions.pop(condition, None)

    def start_round(self, effect: RoundStart) -> None:
        """A new round: what was spent comes back, durations tick, surprise is for the round
        it is recorded with (ER R4.3)."""
        ticks = self.round >= 1
        surprised = set(effect.surprised)
        for fighter in self.fighters.values():
            fighter.spent.clear()
            kept: dict[str, Condition] = {}
            for cond in fighter.conditions.values():
                if cond.name == "surprised":
                    continue
                if cond.until_round is not None and cond.until_round <= effect.round:
                    continue
                if cond.actions is not None and ticks and self.missed_an_action(fighter, cond.name):
                    left = cond.actions - 1
                    if left <= 0:
                        continue
                    cond = Condition(cond.name, cond.by, cond.until_round, left)
                kept[cond.name] = cond
            fighter.conditions = kept
            if fighter.name in surprised:
                fighter.conditions["surprised"] = Condition("surprised")
            self.end_round(fighter, ticks)
        self.round = effect.round
        self.order = tuple(row[0] for row in effect.order)
        self.rolls = tuple(effect.order)

    def join(self, effect: Join) -> None:
        """R14.2: a newcomer takes its place in the round's order (its roll kept beside the
        others', for ``initiative: keep``); one whose place was passed waits (``wait``)."""
        fighter = self.who(effect.who)
        if self.round < 1:
            raise ValueError("no round has started: there is no order to join")
        if effect.who in self.order:
            raise ValueError(f"{effect.who} is already in the round's order")
        at = min(effect.place - 1, len(self.order))
        self.order = (*self.order[:at], effect.who, *self.order[at:])
        row = (effect.who, effect.roll, tuple(effect.tiebreak))
        rows = self.rolls
        place = next((i for i, r in enumerate(rows) if r[0] not in self.order[:at]), len(rows))
        self.rolls = (*rows[:place], row, *rows[place:])
        if effect.waits:
            self.wait(fighter)

    def wait(self, fighter: Fighter) -> None:
        """A newcomer whose place was passed this round takes no turn in it (R14.2): the
        base class marks its action spent; a ruleset gives up its own turn's resources."""
        fighter.spent["action"] = max(1, fighter.spent.get("action", 0))

    def conditions_of(self, fighter: Fighter) -> tuple[Condition, ...]:
        """Its conditions: the file's in the file's order, then those the journal added."""
        return tuple(fighter.conditions.values())


class MissingName(ValueError):
    """The journal names a combatant the encounter file does not have (R14.4: renamed or
    removed in the file since)."""

    def __init__(self, name: str) -> None:
        super().__init__(f"the journal names {name!r}, who is not in the encounter")
        self.name = name


def missing_name(name: str, path: str | None, line: int | None, encounter: str | None) -> ErcError:
    """``journal-name-missing``: the name, and the way on (R14.4, R14.5)."""
    where = f" {encounter}" if encounter else ""
    return ErcError(
        "journal-name-missing",
        f"the fight recorded in {path} (line {line}) names {name!r}, who is not in the encounter "
        f"file{where}: if {name!r} was renamed in the file, put the old name back or run "
        f"`erc rename {_quoted(name)} NEW --apply` (NEW: the file's new name); to start over, "
        "run `erc new-fight`",
        path,
        line,
    )


def _quoted(name: str) -> str:
    import shlex

    return shlex.quote(name)


RESTORABLE = "undo-to"
"""The command of an event whose undo restores what it cancelled (R14.6: ``erc undo`` after
``erc undo --to`` brings everything back)."""


def cancelled(
    entries: Iterable[Entry], path: str | None = None, known: Iterable[int] = ()
) -> set[int]:
    """The ids of events an undo cancelled (undo effects name the event they cancel).

    An undo names an event of an earlier line that is still in force and is not a plain undo
    (what ``erc undo`` writes); an undo of an ``undo --to`` event cancels it, which restores
    what it cancelled (R14.6). Any other undo (of a later event or of itself, of an event
    undone already, of a plain undo) is a hand edit, refused with its line as other hand
    edits are, so the state never depends on how much of the journal was folded at once.
    ``known``: ids of the lines before ``entries`` (a snapshot's): the first undo of one of
    them ends the reading there, with that id in the set returned, and the caller folds from
    the start, which checks every line in order."""
    gone: set[int] = set()
    undos: set[int] = set()
    cancels: dict[int, list[int]] = {}
    before = set(known)
    seen = set(before)
    for entry in entries:
        undoes = False
        for raw in entry.effects:
            if isinstance(raw, dict) and raw.get("type") == "undo":
                undoes = True
                target = raw.get("event")
                if target in before:
                    return gone | {target}
                if isinstance(target, int) and not isinstance(target, bool):
                    _check_undo(entry, target, path, seen=seen, gone=gone, undos=undos)
                    gone.add(target)
                    gone.difference_update(cancels.get(target, ()))  # an undo --to undone
                    cancels.setdefault(entry.id, []).append(target)
        seen.add(entry.id)
        if (undoes or entry.command == "undo") and entry.command != RESTORABLE:
            undos.add(entry.id)
    return gone


def _check_undo(
    entry: Entry, target: int, path: str | None, *, seen: set[int], gone: set[int], undos: set[int]
) -> None:
    """Refuse an undo that names no earlier event in force (``cancelled``)."""
    if target not in seen:
        why = "itself" if target == entry.id else f"event {target}, which no earlier line holds"
    elif target in gone:
        why = f"event {target}, which an earlier undo already cancelled"
    elif target in undos:
        why = f"event {target}, which is an undo itself (undo the event again instead)"
    else:
        return
    raise ErcError(
        "bad-journal",
        f"journal line {entry.line}: an undo must name an earlier event still in force; this "
        f"one names {why}",
        path,
        entry.line,
    )


def fold(
    tracker: Tracker,
    entries: Iterable[Entry],
    path: str | None = None,
    gone: set[int] | None = None,
) -> Tracker:
    """Apply the live events of ``entries``, in order, to ``tracker``; ``gone``: the ids
    their undos cancelled, when the caller has them (``cancelled``)."""
    listed = list(entries)
    if gone is None:
        gone = cancelled(listed, path)
    names = renamed(listed, gone)
    seen: dict[Any, Effect] = {}
    tracker.settle()  # what the file's own state already ends (a grapple by one who is down)
    for number, entry in enumerate(listed):
        tracker.events += 1
        if entry.id in gone:
            continue
        raws = entry.effects
        if names and names[number]:
            raws = tuple(_translated(raw, names[number]) for raw in raws)
        for effect in decode_all(raws, tracker.kinds, path, entry.line, seen):
            try:
                effect.apply(tracker)
            except MissingName as exc:
                where = getattr(tracker.encounter, "path", None)
                raise missing_name(exc.name, path, entry.line, where) from None
            except (ValueError, KeyError, TypeError) as exc:
                raise ErcError(
                    "bad-journal",
                    f"journal line {entry.line}: a malformed {effect.kind!r} effect ({exc})",
                    path,
                    entry.line,
                ) from None
        tracker.settle()
    return tracker


def renames(entries: Iterable[Entry], gone: set[int]) -> list[tuple[int, str, str]]:
    """``(position, old, new)`` of each live ``rename`` effect (R14.4), in journal order."""
    found: list[tuple[int, str, str]] = []
    for number, entry in enumerate(entries):
        if entry.id in gone:
            continue
        for raw in entry.effects:
            if isinstance(raw, dict) and raw.get("type") == "rename":
                old, new = raw.get("old"), raw.get("new")
                if isinstance(old, str) and isinstance(new, str):
                    found.append((number, old, new))
    return found


def renamed(entries: list[Entry], gone: set[int]) -> list[dict[str, str]] | None:
    """For each entry, the names it uses that later renames changed, old -> the name the
    file has now (R14.4: "the journal's OLD is the file's NEW from that event on"); None
    when the journal renames no one (the common case: nothing to translate)."""
    found = renames(entries, gone)
    if not found:
        return None
    out: list[dict[str, str]] = [{} for _ in entries]
    current: dict[str, str] = {}
    at = len(entries) - 1
    for number, old, new in reversed(found):
        while at >= number:
            out[at] = current
            at -= 1
        current = {**current, old: current.get(new, new)}
    while at >= 0:
        out[at] = current
        at -= 1
    return out


def _translated(raw: Any, names: Mapping[str, str]) -> Any:
    """An effect's JSON form with every name ``names`` maps replaced (its ``type`` kept)."""
    if isinstance(raw, str):
        return names.get(raw, raw)
    if isinstance(raw, list):
        return [_translated(v, names) for v in raw]
    if isinstance(raw, dict):
        return {k: v if k == "type" else _translated(v, names) for k, v in raw.items()}
    return raw


def mentions(entries: Iterable[Entry], gone: set[int], name: str) -> bool:
    """Whether a live event of the journal names ``name`` (as the journal now reads, after
    its renames)."""
    listed = list(entries)
    names = renamed(listed, gone)
    for number, entry in enumerate(listed):
        if entry.id in gone:
            continue
        raws: Any = entry.effects
        if names and names[number]:
            raws = [_translated(raw, names[number]) for raw in raws]
        if _names(raws, name):
            return True
    return False


def _names(raw: Any, name: str) -> bool:
    if isinstance(raw, str):
        return raw == name
    if isinstance(raw, (list, tuple)):
        return any(_names(v, name) for v in raw)
    if isinstance(raw, dict):
        return any(k != "type" and _names(v, name) for k, v in raw.items())
    return False


def apply_live(tracker: Tracker, effects: Iterable[Effect]) -> Tracker:
    """One live event's typed effects applied as ``fold`` applies a journal's: in order,
    the event counted, then what follows from it settled (``erc simulate`` plays whole
    fights through here, in-process, with no journal to decode)."""
    tracker.events += 1
    for effect in effects:
        effect.apply(tracker)
    tracker.settle()
    return tracker


class Index:
    """What commands ask of a journal's events besides the state: every id in order (a new
    event takes the next), each one's command, the ``--key`` each was recorded under, and
    the ids an undo cancelled (``erc.core.fold.cancelled``)."""

    __slots__ = ("cancelled", "commands", "ids", "keys", "top")

    def __init__(self) -> None:
        self.ids: list[int] = []
        self.commands: list[str] = []
        self.keys: dict[str, int] = {}
        self.cancelled: set[int] = set()
        self.top = 0

    def command(self, ident: int) -> str:
        """The command event ``ident`` recorded ("" for an id the journal lacks)."""
        ids = self.ids
        return self.commands[ids.index(ident)] if ident in ids else ""

    def add(self, entries: Iterable[Entry], gone: set[int] | None = None) -> None:
        """Index ``entries`` (``gone``: the ids their undos cancelled, when known)."""
        listed = list(entries)
        import sys

        intern = sys.intern
        for entry in listed:
            self.ids.append(entry.id)
            self.commands.append(intern(entry.command))
            if entry.key is not None:
                self.keys.setdefault(entry.key, entry.id)
            if entry.id > self.top:
                self.top = entry.id
        self.cancelled |= cancelled(listed) if gone is None else gone

    @property
    def next(self) -> int:
        """The id the next event takes."""
        return self.top + 1

    def __len__(self) -> int:
        return len(self.ids)

    def last_live(self) -> tuple[int, str] | None:
        """The last applied event still in force (neither undone nor an undo): ``undo``'s."""
        gone = self.cancelled
        for ident, command in zip(reversed(self.ids), reversed(self.commands), strict=True):
            if ident not in gone and command != "undo":
                return ident, command
        return None

    def plain(self) -> Any:
        return (tuple(self.ids), tuple(self.commands), self.keys, tuple(sorted(self.cancelled)))

    @classmethod
    def of_plain(cls, plain: Any) -> Index:
        ids, commands, keys, gone = plain
        if not (
            isinstance(ids, tuple)
            and isinstance(commands, tuple)
            and len(ids) == len(commands)
            and isinstance(keys, dict)
            and isinstance(gone, tuple)
            and all(type(i) is int for i in ids)
            and all(type(c) is str for c in commands)
            and all(type(k) is str and type(v) is int for k, v in keys.items())
            and all(type(i) is int for i in gone)
        ):
            raise ValueError("not an index")
        index = cls()
        index.ids = list(ids)
        import sys

        index.commands = [sys.intern(c) for c in commands]
        index.keys = dict(keys)
        index.cancelled = set(gone)
        index.top = max(ids, default=0)
        return index


# --- snapshots: a tracker as plain data (``erc.core.snapshot`` keeps them) -------------------


_NOT_STATE = frozenset({"encounter", "kinds", "memo"})
"""A tracker's attributes that are not its state: a snapshot keeps none of them."""


def snapshot(tracker: Tracker) -> Any:
    """The tracker's state as marshal-able plain data (its encounter and kinds excepted):
    every attribute, through ``_plain``, so a ruleset's tracker needs no code of its own."""
    state = {k: v for k, v in vars(tracker).items() if k not in _NOT_STATE}
    return (type(tracker).__module__, type(tracker).__qualname__, _plain(state))


def restore(encounter: Any, plain: Any, expected: type[Tracker]) -> Tracker:
    """A tracker of class ``expected`` in the state ``snapshot`` gave; ``ValueError`` when
    the data is not such a snapshot."""
    module, qualname, state = plain
    if (module, qualname) != (expected.__module__, expected.__qualname__):
        raise ValueError("a snapshot of another tracker")
    tracker = expected.__new__(expected)
    tracker.encounter = encounter
    tracker.memo = {}
    attributes = _thawed(state)
    if not isinstance(attributes, dict):
        raise ValueError("not a tracker's state")
    for name, value in attributes.items():
        setattr(tracker, name, value)
    return tracker


def _plain(value: Any) -> Any:
    """Scalars as they are; containers, values and fighters tagged (a tuple is always a
    tagged node: scalars are never tuples)."""
    if value is None or isinstance(value, (str, int, float, bool)):
        return value
    if isinstance(value, dict):
        return ("d", tuple((_plain(k), _plain(v)) for k, v in value.items()))
    if isinstance(value, list):
        return ("l", tuple(_plain(v) for v in value))
    if isinstance(value, tuple):
        return ("t", tuple(_plain(v) for v in value))
    if isinstance(value, (set, frozenset)):
        return ("f" if isinstance(value, frozenset) else "s", tuple(_plain(v) for v in value))
    kind = type(value)
    key = f"{kind.__module__}:{kind.__qualname__}"
    if isinstance(value, Value):
        return ("V", key, tuple(_plain(getattr(value, n)) for n in value._fields))
    if isinstance(value, Fighter):
        return ("F", key, tuple((n, _plain(getattr(value, n))) for n in _slots(kind)))
    raise ValueError(f"a tracker holds a {kind.__name__}, which a snapshot cannot keep")


def _slots(kind: type) -> tuple[str, ...]:
    out: tuple[str, ...] = ()
    for klass in kind.__mro__:
        out += tuple(getattr(klass, "__slots__", ()))
    return out


def _class(key: str, base: type) -> Any:
    """An erc class named in a snapshot: only erc's own modules, only values and fighters."""
    from erc.core import module as load

    module, _, qualname = key.partition(":")
    if not module.startswith("erc."):
        raise ValueError(f"{key} is not erc's")
    found: Any = load(module)
    for part in qualname.split("."):
        found = getattr(found, part)
    if not (isinstance(found, type) and issubclass(found, base)):
        raise ValueError(f"{key} is not a {base.__name__}")
    return found


def _thawed(node: Any) -> Any:
    if not isinstance(node, tuple):
        return node
    tag = node[0]
    if tag == "d":
        return {_thawed(k): _thawed(v) for k, v in node[1]}
    if tag == "l":
        return [_thawed(v) for v in node[1]]
    if tag == "t":
        return tuple(_thawed(v) for v in node[1])
    if tag in ("s", "f"):
        items = (_thawed(v) for v in node[1])
        return set(items) if tag == "s" else frozenset(items)
    if tag == "V":
        return _class(node[1], Value)(*(_thawed(v) for v in node[2]))
    if tag == "F":
        kind = _class(node[1], Fighter)
        fighter = kind.__new__(kind)
        for name, value in node[2]:
            setattr(fighter, name, _thawed(value))
        return fighter
    raise ValueError(f"unknown snapshot node {tag!r}")
