"""Whole fights, played in-process through the rules the commands use (``erc simulate``).

The fight model is ER R15 (and the Spellchrome and Elysium points that follow it): rounds
and initiative as the ruleset says, each combatant that can act attacking one standing foe
on its turn, the fight over when fewer than two sides stand, a draw at ``max_rounds``.

Nothing here knows a rule. Each ruleset hands the loop a ``Model`` (its package's
``simulate`` module, ``MODEL``): which commands a turn runs, who stands, and the exact
pieces of a duel. Every action goes through the ruleset's own command function, as ``erc
batch`` would run it, against a ``Table``: a ``Loaded`` whose journal is the fold's tracker
itself (``erc.core.fold.apply_live``), so a simulated fight is a journal's fight with no
file and no envelopes.

Fight ``i`` of a run with seed ``S`` draws its dice from ``(S, i)`` alone, so any split of
the fights over processes gives the same fights.
"""

from __future__ import annotations

import os

from erc.core.dice import Dice, SeededSource
from erc.core.errors import ErcError
from erc.core.fold import Fighter
from erc.core.kept import hashable
from erc.core.session import Loaded
from erc.core.value import Value, replace

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Iterator, Mapping, Sequence
    from fractions import Fraction
    from typing import Any, ClassVar

    from erc.core.fold import State
    from erc.core.mechanic import Mechanic
    from erc.core.ruleset import Ruleset
    from erc.core.status import Turns


TARGETS = ("weakest", "random", "strongest")
"""How a combatant picks its foe (R15.2)."""
DEFAULT_MAX_ROUNDS = 100
Z95 = 1.959963984540054
"""The normal quantile of a two-sided 95% interval."""


class Settings(Value):
    """The model's settings: what a run's numbers depend on besides the file and the seed."""

    target: str = "weakest"
    max_rounds: int = DEFAULT_MAX_ROUNDS


# --- what a ruleset provides ---------------------------------------------------------------


class Duel(Value):
    """A duel's exact pieces (R15.6): each side's per-turn damage distribution, the chance
    that ``a`` acts first in a round, and whether the order is kept from round 1."""

    a: str
    b: str
    health_a: int
    health_b: int
    a_to_b: Mapping[int, Fraction]
    b_to_a: Mapping[int, Fraction]
    p_a_first: Fraction
    keep: bool


class Model:
    """A ruleset's part of the fight model (its ``<package>.simulate.MODEL``)."""

    health_word = "health"

    def health(self, combatant: Any) -> int:
        """Current health, for ``--target`` and the duel recurrence."""
        raise NotImplementedError

    def standing(self, combatant: Any) -> bool:
        """A foe that may be attacked, and a combatant standing at the end."""
        raise NotImplementedError

    def may_target(self, attacker: Any, foe: Any) -> bool:
        """Whether ``attacker`` may attack ``foe`` at all (ER R10 charmed: not the one who
        charmed it), so that ``--target`` picks among the foes it may attack (R15.2)."""
        return True

    def counts(self, combatant: Any) -> bool:
        """Whether ``combatant`` keeps its side in the fight (R15.4; Spellchrome and
        Elysium: above 0 HP and able to act)."""
        raise NotImplementedError

    def fight(self, state: State) -> Turns:
        """Who is next and whether the fight is over: the ruleset's tracker functions
        (``erc.core.status.turns``) with ``counts`` for who stands."""
        raise NotImplementedError

    def progress(self, state: State) -> tuple[bool, str | None]:
        """``fight``'s ``over`` and ``next`` alone: a ruleset answers them with
        ``erc.core.status.progress`` (the same questions, without the rest of ``Turns``).
        A function of the state's encounter and order alone (``Table.progress`` keeps the
        answer by them)."""
        fight = self.fight(state)
        return fight.over, fight.next

    def roll_init(self, table: Table) -> None:
        """Start the next round (``roll-init``)."""
        raise NotImplementedError

    def turn(self, table: Table, name: str) -> None:
        """``name``'s turn: its attacks on ``table.pick(name)``, or nothing (recorded as the
        ruleset's own way of giving up the turn)."""
        raise NotImplementedError

    def duel(self, table: Table, a: str, b: str) -> Duel | str:
        """The exact pieces of a duel, or why its turns depend on more than health."""
        raise NotImplementedError


def turn_damage(attack: Callable[[], Mechanic]) -> dict[int, Fraction]:
    """The exact health one attack takes (R15.6): the distribution of ``attack()``'s
    ``--odds``. An attacker the attack command refuses (no weapon for any pool, say) gives
    its turn up, as the simulation plays it (R15.3): it takes none. ``cannot-act`` is not
    such a refusal: the caller's to report."""
    from fractions import Fraction

    try:
        odds = attack().odds
    except ErcError as error:
        if error.code == "cannot-act":
            raise
        return {0: Fraction(1)}
    assert odds is not None
    exact = odds()["exact"]["distribution"]
    return {int(damage): Fraction(p) for damage, p in exact.items()}


def model_of(ruleset: Ruleset) -> Model:
    found: Model = ruleset.simulate().MODEL
    return found


# --- the table: an encounter folded in memory ------------------------------------------------


class _Held:
    """``Loaded.txn`` of a table: every action is applied (as ``--apply`` applies it)."""

    write = True

    def close(self) -> None:
        return None


class Step(Value):
    """One applied command of a fight, for ``--trace``: its words after ``erc`` (no ``-e``,
    ``--rolls`` or ``--apply``) and the dice it drew."""

    words: tuple[str, ...]
    rolls: tuple[int, ...]


class Table(Loaded):
    """A ``Loaded`` with no journal file: each action's effects go straight into the fold's
    tracker (``apply_live``), and the commands read the state it freezes."""

    def __init__(
        self,
        ruleset: Ruleset,
        base: Any,
        *,
        model: Model,
        settings: Settings,
        seed: int,
        fight: int,
        trace: bool = False,
        memo: dict[Any, Any] | None = None,
    ) -> None:
        from erc.core.fold import Index

        self.ruleset = ruleset
        self.base = base
        self.journal = None  # type: ignore[assignment]
        self.txn = _Held()  # type: ignore[assignment]
        self.index = Index()
        self.model = model
        self.settings = settings
        self._tracker = ruleset.events().Tracker(base)
        if memo is not None:
            self._tracker.memo = memo  # the fights of one file share what ``freeze`` made
        self._tracker.settle()
        self.state = self._tracker.freeze()
        self.seed = seed
        self.fight = fight
        self.source = SeededSource(fight_seed(seed, fight))
        self.chooser: Any = None  # made on the first random pick (``--target random``)
        self.choice_seed = fight_seed(seed, fight, 1)
        self.names = [c.name for c in base.combatants]
        self.sides = {c.name: side_key(c) for c in base.combatants}
        self.dealt = dict.fromkeys(self.names, 0)
        self.taken = dict.fromkeys(self.names, 0)
        self.steps: list[Step] | None = [] if trace else None
        self._progress: tuple[State, tuple[bool, str | None]] | None = None

    def act(
        self,
        actor: str,
        words: Sequence[str],
        command: Callable[..., Mechanic],
        *args: Any,
        **options: Any,
    ) -> Any:
        """Run one command as ``erc batch`` runs it with ``--apply``: resolve, apply its
        effects, freeze the state; the health it took is counted against ``actor``."""
        from erc.core.fold import apply_live

        mechanic = command(self, *args, **options)
        dice = Dice(self.source, mechanic.budget)
        result = mechanic.resolve(dice)
        effects = mechanic.effects(result) if mechanic.effects is not None else ()
        fighters = self._tracker.fighters
        before = [f.health + f.extra for f in fighters.values()]
        apply_live(self._tracker, effects)
        self.state = self._tracker.freeze()
        for old, fighter in zip(before, fighters.values(), strict=True):
            lost = old - fighter.health - fighter.extra
            if lost > 0:
                self.dealt[actor] += lost
                self.taken[fighter.name] += lost
        if self.steps is not None:
            self.steps.append(Step(tuple(words), tuple(r.value for r in dice.rolls)))
        return result

    def advance(self, number: int) -> State:
        """``Loaded.advance``: the state as round ``number`` starts, a function of the state
        as it stands (its events' count aside), so worked out once per such state in a run
        (the fights of a file start many rounds from the same one); ``_advanced`` works it
        out."""
        state = self.state
        key = _advance_key(state, number)
        if key is None:
            return self._advanced(number)
        made: State = self._tracker.frozen(state.encounter, key, lambda _: self._advanced(number))
        if made.events != state.events + 1:  # the one event it applies, counted
            made = replace(made, events=state.events + 1)
        return made

    def _advanced(self, number: int) -> State:
        """``Loaded.advance`` on a copy of the live tracker: its containers and fighters
        copied, its frozen values, its encounter and ``frozen``'s cache shared."""
        from erc.core.events import RoundStart
        from erc.core.fold import apply_live

        tracker = self._tracker
        copy = type(tracker).__new__(type(tracker))
        vars(copy).update(
            (key, value if key in _SHARED else _copied(value))
            for key, value in vars(tracker).items()
        )
        return apply_live(copy, (RoundStart(number),)).freeze()

    def progress(self) -> tuple[bool, str | None]:
        """``Model.progress`` of the state as it stands: worked out once per state, and
        once per encounter and order in a run (the fights of a file meet the same frozen
        encounters again, ``fold.Tracker.frozen``)."""
        state = self.state
        if self._progress is None or self._progress[0] is not state:
            encounter = state.encounter
            answer = self._tracker.frozen(
                encounter, (_PROGRESS, id(encounter), state.order), self._progress_of
            )
            self._progress = (state, answer)
        return self._progress[1]

    def _progress_of(self, encounter: Any) -> tuple[bool, str | None]:
        return self.model.progress(self.state)

    def over(self) -> bool:
        return self.progress()[0]

    def pick(self, name: str) -> str | None:
        """The foe ``name`` attacks (R15.2): one standing combatant of another side that it
        may attack (R10 charmed), chosen by ``--target``; None when there is none."""
        sides = self.sides
        me = sides[name]
        model = self.model
        standing, may_target = model.standing, model.may_target
        combatants = self.state.encounter.combatants
        attacker = self.state.encounter.get(name)
        foes = [
            c for c in combatants if sides[c.name] != me and standing(c) and may_target(attacker, c)
        ]
        if not foes:
            return None
        how = self.settings.target
        if how == "random":
            if self.chooser is None:
                from _random import Random

                self.chooser = Random(self.choice_seed).random
            return str(foes[int(self.chooser() * len(foes))].name)
        sign = -1 if how == "strongest" else 1
        health = model.health
        chosen = min(enumerate(foes), key=lambda pair: (sign * health(pair[1]), pair[0]))
        return str(chosen[1].name)


def _advance_key(state: State, number: int) -> tuple[Any, ...] | None:
    """``Table.advance``'s key in the shared ``frozen`` cache: the round to start and every
    part of the state the new round can depend on, the encounter by identity, the rest by
    value; not the events' count, nor what a round's start replaces whatever it was
    (``State.replaced_each_round``). None for a state with a part that has no value to
    compare (nothing is kept)."""
    parts: list[Any] = [_ADVANCE, number, id(state.encounter)]
    replaced = state.replaced_each_round
    for name in state._fields:
        if name != "encounter" and name != "events" and name not in replaced:
            parts.append(hashable(getattr(state, name)))
    key = tuple(parts)
    try:
        hash(key)
    except TypeError:
        return None
    return key


_ADVANCE = object()
"""The first part of a ``Table.advance`` answer's key in the shared ``frozen`` cache."""
_PROGRESS = object()
"""The first part of a ``Table.progress`` answer's key in the shared ``frozen`` cache."""
_SHARED = frozenset({"encounter", "kinds", "memo"})
"""A tracker's attributes its copy shares: the frozen encounter and ``freeze``'s cache."""
_FROZEN: set[type] = {int, str, bool, float, type(None), tuple, frozenset}
"""Kinds a tracker holds that need no copy (its tuples hold names, numbers and frozen
values); each ``Value`` class joins on sight."""


def _copied(value: Any) -> Any:
    """A deep copy of a tracker's attribute: its containers and fighters copied, frozen
    values shared; any other kind through ``pickle`` (several times slower)."""
    kind = type(value)
    frozen = _FROZEN
    if kind is dict:
        copy = dict(value)
        for key, item in value.items():
            if type(item) not in frozen:
                copy[key] = _copied(item)
        return copy
    if kind is set:
        return set(value)  # of names or frozen values
    if kind is Fighter:
        fighter = _new(Fighter)
        fighter.name, fighter.health, fighter.extra = value.name, value.health, value.extra
        fighter.conditions = dict(value.conditions)  # of frozen conditions
        fighter.spent = dict(value.spent)
        return fighter
    if kind is list:
        return [v if type(v) in frozen else _copied(v) for v in value]
    if kind in frozen:
        return value
    if isinstance(value, Value):
        frozen.add(kind)
        return value
    import pickle

    return pickle.loads(pickle.dumps(value, pickle.HIGHEST_PROTOCOL))


_new = object.__new__


def side_key(combatant: Any) -> str:
    """A combatant's side; one with no side is a side of its own (its name)."""
    side: str = combatant.side or combatant.name
    return side


def fight_seed(seed: int, fight: int, stream: int = 0) -> int:
    """The generator seed of fight ``fight`` (from 1) of a run seeded ``seed``: its dice
    (``stream`` 0) and its random target picks (1) from ``(seed, fight)`` alone."""
    return (seed << 66) | (stream << 64) | fight


# --- one fight -------------------------------------------------------------------------------


class Fight(Value):
    """How one fight ended: the winning side's index (-1: a draw), the round it ended in,
    and per combatant (file order) standing at the end, health dealt and taken."""

    winner: int
    rounds: int
    standing: tuple[bool, ...]
    dealt: tuple[int, ...]
    taken: tuple[int, ...]


def sides_of(encounter: Any) -> tuple[str, ...]:
    """The sides in file order (a combatant with no side is its own)."""
    return tuple(dict.fromkeys(side_key(c) for c in encounter.combatants))


def play(table: Table) -> Fight:
    """Play the table's fight to its end (R15.4): rounds until fewer than two sides stand,
    or a draw once ``max_rounds`` rounds have passed."""
    model, limit = table.model, table.settings.max_rounds
    per_round = 0
    most = 20 * len(table.names) + 20
    while True:
        over, name = table.progress()
        if over:
            break
        if name is None:
            if table.state.round >= limit:
                break
            model.roll_init(table)
            per_round = 0
            continue
        per_round += 1
        if per_round > most:
            raise ErcError(
                "simulate-stuck",
                f"round {table.state.round}: {name} is still next after {most} turns; "
                "the ruleset's turn never ends (a bug: please report it)",
            )
        model.turn(table, name)
    return _ended(table)


def _ended(table: Table) -> Fight:
    model = table.model
    combatants = table.state.encounter.combatants
    standing = tuple(model.standing(c) for c in combatants)
    sides = sides_of(table.base)
    winner = -1
    if table.over():
        left = {side_key(c) for c in combatants if model.counts(c)}
        if len(left) == 1:
            winner = sides.index(left.pop())
    return Fight(
        winner=winner,
        rounds=table.state.round,
        standing=standing,
        dealt=tuple(table.dealt[n] for n in table.names),
        taken=tuple(table.taken[n] for n in table.names),
    )


class Job(Value):
    """Fights ``start`` to ``stop - 1`` (from 1) of one run, as a worker process gets them."""

    path: str
    settings: Settings
    seed: int
    start: int
    stop: int


def loaded_parts(path: str) -> tuple[Ruleset, Any, Model]:
    from erc import rulesets
    from erc.core.encounter import load_cached

    base = load_cached(path)
    ruleset = rulesets.get(base.ruleset)
    return ruleset, base, model_of(ruleset)


def run_job(job: Job) -> list[Fight]:
    """The fights of ``job`` in order (a worker's entry): of the file as it was when its
    run started (``_Worker.files``), else as it is now."""
    started = _Worker.files.get(job.path)
    if started is None:
        ruleset, base, model = loaded_parts(job.path)
    else:
        from erc import rulesets

        base = started
        ruleset = rulesets.get(base.ruleset)
        model = model_of(ruleset)
    memo = _memo(base)
    fights = []
    for i in range(job.start, job.stop):
        if _Worker.parent is not None and os.getppid() != _Worker.parent:
            os._exit(1)  # the run was ended (SIGTERM, say): what it plays has nowhere to go
        table = Table(
            ruleset=ruleset,
            base=base,
            model=model,
            settings=job.settings,
            seed=job.seed,
            fight=i,
            memo=memo,
        )
        fights.append(play(table))
    return fights


class _Worker:
    parent: int | None = None
    """In a worker process of ``--jobs``: the run's process. A worker whose run has ended
    stops before its next fight instead of playing its whole job out."""
    files: ClassVar[dict[str, Any]] = {}
    """The run's file (by path) as loaded when the run started: every job plays it, in
    this process and in the workers, however the file is edited meanwhile."""


def _work_for(parent: int, files: dict[str, Any]) -> None:
    _Worker.parent = parent
    _Worker.files = files


_MEMOS: dict[int, tuple[Any, dict[Any, Any]]] = {}


def _memo(base: Any) -> dict[Any, Any]:
    """The trackers' shared ``frozen`` cache for the fights of one file in this process
    (every job of a run: one state seen again is one combatant, by identity)."""
    kept = _MEMOS.get(id(base))
    if kept is None or kept[0] is not base:
        _MEMOS.clear()
        kept = _MEMOS[id(base)] = (base, {})
    return kept[1]


def jobs_of(
    path: str, settings: Settings, seed: int, n: int, parts: int, first: int = 1
) -> list[Job]:
    """Fights ``first`` to ``n`` cut into about ``parts`` contiguous jobs, in fight order."""
    size = max(1, -(-(n + 1 - first) // parts))
    return [
        Job(path=path, settings=settings, seed=seed, start=start, stop=min(n + 1, start + size))
        for start in range(first, n + 1, size)
    ]


JOB_FIGHTS = 100
"""The most fights in one job: a run's progress is told a job at a time, and the processes
of ``--jobs`` end together to within a job's fights."""
WARM_UP = 20
"""Fights a run over several processes plays first in its own, so that the workers it
forks start with the rules imported and the frozen combatants and plans made (a first
fight costs about 20 later ones, most of it imports; ten fights in, a fight costs what it
will)."""


def run(
    path: str, *, settings: Settings, seed: int, n: int, jobs: int, base: Any = None
) -> Iterator[list[Fight]]:
    """Every fight of a run, a job's fights at a time, in fight order, over ``jobs``
    processes (the fights do not depend on ``jobs``); the caller adds them up as they come
    (``erc.core.simreport.Tally``), so a run holds no more than a job's fights. Every fight
    plays ``base``, the file as the caller loaded it (else as it is now), whatever happens
    to the file during the run."""
    _Worker.files = {path: base if base is not None else loaded_parts(path)[1]}
    try:
        first = 1
        if jobs > 1 and n >= 4 * WARM_UP:
            yield run_job(Job(path=path, settings=settings, seed=seed, start=1, stop=WARM_UP + 1))
            first = WARM_UP + 1
        parts = max(jobs, 1) if n >= 64 else 1
        parts = max(parts, -(-n // JOB_FIGHTS))  # the bar hears of the fights a few at a time
        yield from _results(jobs_of(path, settings, seed, n, parts, first), jobs)
    finally:
        _Worker.files = {}


def _results(work: list[Job], jobs: int) -> Iterator[list[Fight]]:
    if jobs <= 1 or len(work) <= 1:
        for job in work:
            yield run_job(job)
        return
    import multiprocessing

    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
    with context.Pool(min(jobs, len(work)), _work_for, (os.getpid(), _Worker.files)) as pool:
        yield from pool.imap(run_job, work)


# --- what a run reports ----------------------------------------------------------------------


def wilson(k: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of ``k`` successes in ``n`` trials."""
    if n == 0:
        return (0.0, 1.0)
    p = k / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z * ((p * (1 - p) / n + z2 / (4 * n * n)) ** 0.5) / (1 + z2 / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def percentile(counts: Mapping[int, int], q: float) -> int:
    """The nearest-rank ``q`` quantile (the median: ``q`` = 0.5) of values given as how
    many times each occurs."""
    total = sum(counts.values())
    if not total:
        return 0
    rank = min(total, max(1, -(-int(q * total * 1000) // 1000)))
    seen = 0
    for value in sorted(counts):
        seen += counts[value]
        if seen >= rank:
            break
    return value


# --- exact duels (R15.6) -----------------------------------------------------------------


def exact(duel: Duel, max_rounds: int) -> tuple[Fraction, Fraction, Fraction]:
    """``(p a wins, p b wins, p draw)`` of a duel, summed over every sequence of rounds up
    to ``max_rounds``: each round the first acts, then the other if it still stands; the
    order drawn each round (or once, ``keep``)."""
    from fractions import Fraction

    if duel.health_a <= 0 or duel.health_b <= 0:  # down in the file: over at once (R15.4)
        a = Fraction(int(duel.health_b <= 0 < duel.health_a))
        b = Fraction(int(duel.health_a <= 0 < duel.health_b))
        return a, b, 1 - a - b
    p = duel.p_a_first
    if duel.keep:
        first = _rounds(duel, max_rounds, Fraction(1))
        second = _rounds(duel, max_rounds, Fraction(0))
        a = p * first[0] + (1 - p) * second[0]
        b = p * first[1] + (1 - p) * second[1]
        return a, b, 1 - a - b
    a, b = _rounds(duel, max_rounds, p)
    return a, b, 1 - a - b


MAX_EXACT_STEPS = 4_000_000
"""The most steps (a pair of healths and one way a turn can go) ``--exact`` takes: some five
seconds on a slow machine; a duel of 50 Body a side with seven damage outcomes a turn needs
about 3.5 million over 100 rounds."""


def _weights(dist: Mapping[int, Fraction]) -> tuple[list[tuple[int, int]], int]:
    """A distribution as whole weights over one denominator."""
    from math import lcm

    denominator = lcm(*(p.denominator for p in dist.values()))
    return [(d, int(p * denominator)) for d, p in sorted(dist.items()) if p], denominator


def _rounds(duel: Duel, max_rounds: int, p_a_first: Fraction) -> tuple[Fraction, Fraction]:
    """Forward over the two healths, in whole weights (exact, and fast with big integers)."""
    from fractions import Fraction

    hit_b, d_b = _weights(duel.a_to_b)  # what a deals b
    hit_a, d_a = _weights(duel.b_to_a)
    q = p_a_first.denominator
    first = p_a_first.numerator
    mixed = 0 < first < q
    states: dict[tuple[int, int], int] = {(duel.health_a, duel.health_b): 1}
    denominator = 1
    won_a = Fraction(0)
    won_b = Fraction(0)
    steps = 0
    for _ in range(max_rounds):
        if not states:
            break
        steps += len(states) * (len(hit_a) + len(hit_b))
        if steps > MAX_EXACT_STEPS:
            raise ErcError(
                "odds-too-costly",
                f"--exact: a duel of health {duel.health_a} against {duel.health_b} "
                f"over up to {max_rounds} rounds takes more than "
                f"{MAX_EXACT_STEPS:,} steps to work out exactly; simulate without --exact "
                "(or with a lower --max-rounds)",
            )
        branches = []
        if first:
            branches.append((first, _half(_half(states, hit_b, 1), hit_a, 0)))
        if q - first:
            branches.append((q - first, _half(_half(states, hit_a, 0), hit_b, 1)))
        step = d_a * d_b * (q if mixed else 1)
        denominator *= step
        merged: dict[tuple[int, int], int] = {}
        wins = [0, 0]
        for weight, (after, won) in branches:
            w = weight if mixed else 1
            for key, value in after.items():
                merged[key] = merged.get(key, 0) + w * value
            wins[0] += w * won[0]
            wins[1] += w * won[1]
        won_a += Fraction(wins[0], denominator)
        won_b += Fraction(wins[1], denominator)
        states = merged
    return won_a, won_b


def _half(
    states: dict[tuple[int, int], int] | tuple[dict[tuple[int, int], int], list[int]],
    hits: list[tuple[int, int]],
    target: int,
) -> tuple[dict[tuple[int, int], int], list[int]]:
    """One turn against ``target`` (0: a's health, 1: b's): a state that falls ends the
    fight, won by the other. A second half carries the first's wins (scaled by its weights)."""
    if isinstance(states, tuple):
        live, carried = states
    else:
        live, carried = states, [0, 0]
    total = sum(w for _, w in hits)
    out: dict[tuple[int, int], int] = {}
    won = [c * total for c in carried]
    winner = 1 - target
    for (ha, hb), weight in live.items():
        for amount, w in hits:
            health = (ha, hb)[target] - amount
            if health <= 0:
                won[winner] += weight * w
                continue
            key = (health, hb) if target == 0 else (ha, health)
            out[key] = out.get(key, 0) + weight * w
    return out, won


def first_odds(resolve: Callable[[Dice], Any], first: str) -> Fraction:
    """The chance that ``first`` leads a two-combatant order, enumerating the first two
    dice ``resolve`` draws; a die past them is a roll-off between equals: one half (R3.3)."""
    from fractions import Fraction

    total = Fraction(0)
    pending: list[tuple[tuple[int, int], ...]] = [()]
    while pending:
        faces = pending.pop()
        source = _Faces(tuple(f for f, _ in faces))
        weight = Fraction(1)
        for _, sides in faces:
            weight /= sides
        try:
            result = resolve(Dice(source))
        except _More as more:
            if len(faces) >= 2:
                total += weight / 2
            else:
                pending += [(*faces, (f, more.sides)) for f in range(1, more.sides + 1)]
            continue
        if result.order[0].name == first:
            total += weight
    return total


class _More(Exception):
    def __init__(self, sides: int) -> None:
        super().__init__(sides)
        self.sides = sides


class _Faces:
    """A dice source reading given faces, and saying when it runs out."""

    def __init__(self, faces: tuple[int, ...]) -> None:
        self.faces = faces
        self.used = 0

    def draw(self, sides: int, purpose: str) -> int:
        if self.used == len(self.faces):
            raise _More(sides)
        face = self.faces[self.used]
        self.used += 1
        return face
