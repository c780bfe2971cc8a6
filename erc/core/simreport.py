"""What ``erc simulate`` reports: each side's chance to win (with its Wilson interval), the
rounds, how each combatant fares, a duel's exact chances and the ``--expect`` checks, worked
out from the fights ``erc.core.simulate`` plays (``report``, ``exact_duel``)."""

from __future__ import annotations

from erc.core.errors import ErcError
from erc.core.value import Value

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable, Sequence
    from typing import Any

    from erc.core.simulate import Duel, Fight, Model, Settings


class SideOdds(Value):
    side: str
    wins: int
    p_win: float
    interval: tuple[float, float]
    """95% Wilson interval of ``p_win``."""


class Rounds(Value):
    mean: float
    median: int
    p90: int
    histogram: tuple[tuple[int, int], ...]
    """``(rounds, fights)`` for each number of rounds a fight lasted."""


class CombatantOdds(Value):
    name: str
    side: str
    p_standing: float
    """The chance to be standing when the fight ends."""
    mean_damage_dealt: float
    mean_damage_taken: float


class ExactOdds(Value):
    """``--exact``: each as ``{p, exact}`` (a float and its fraction ``"a/b"``): ``win``
    by side, and the ``draw``."""

    win: dict[str, dict[str, Any]]
    draw: dict[str, Any]


class Expectation(Value):
    """One ``--expect SIDE>=P``: the side, P (``min_chance``), the estimate and whether it
    met P."""

    side: str
    min_chance: float
    p_win: float
    interval: tuple[float, float]
    met: bool


class SimulateResult(Value):
    encounter: str | None
    ruleset: str
    n: int
    seed: int
    settings: dict[str, Any]
    """The model's settings: ``target``, ``max_rounds`` and the file's house rules."""
    sides: tuple[SideOdds, ...]
    draws: int
    p_draw: float
    draw_interval: tuple[float, float]
    fight_rounds: Rounds
    """How many rounds the fights lasted."""
    combatants: tuple[CombatantOdds, ...]
    health_word: str
    exact_duel: ExactOdds | None = None
    """``--exact``: the duel's exact chances."""
    expect: tuple[Expectation, ...] = ()


class TraceResult(Value):
    """``--trace K``: fight K as erc command lines (``--rolls``, ``--apply``), and the
    ``erc status`` they leave."""

    fight: int
    seed: int
    lines: tuple[str, ...]
    winner: str | None
    round: int
    """The round the fight ended in."""
    final_status: Any
    """``erc status --json``'s result at the end of the fight."""


class Tally:
    """A run's fights added up as they end (``add``): what ``report`` needs and no fight, so
    a run of millions of fights takes the memory of a few."""

    def __init__(self, sides: int, combatants: int) -> None:
        self.n = 0
        self.wins = [0] * sides
        self.rounds: dict[int, int] = {}
        """How many fights ended in each round."""
        self.standing = [0] * combatants
        self.dealt = [0] * combatants
        self.taken = [0] * combatants

    def add(self, fights: Iterable[Fight]) -> None:
        rounds = self.rounds
        for fight in fights:
            self.n += 1
            if fight.winner >= 0:
                self.wins[fight.winner] += 1
            rounds[fight.rounds] = rounds.get(fight.rounds, 0) + 1
            for totals, values in (
                (self.standing, fight.standing),
                (self.dealt, fight.dealt),
                (self.taken, fight.taken),
            ):
                for i, value in enumerate(values):
                    totals[i] += value


def report(
    base: Any,
    model: Any,
    tally: Tally,
    *,
    seed: int,
    settings: Settings,
    wanted: Sequence[tuple[str, float]],
) -> SimulateResult:
    from erc.core.simulate import percentile, side_key, sides_of, wilson

    n = tally.n
    sides = sides_of(base)
    draws = n - sum(tally.wins)
    odds = tuple(
        SideOdds(side, k, _r(k / n), _pair(wilson(k, n)))
        for side, k in zip(sides, tally.wins, strict=True)
    )
    counts = tally.rounds
    people = []
    for i, c in enumerate(base.combatants):
        people.append(
            CombatantOdds(
                name=c.name,
                side=side_key(c),
                p_standing=_r(tally.standing[i] / n),
                mean_damage_dealt=_r(tally.dealt[i] / n),
                mean_damage_taken=_r(tally.taken[i] / n),
            )
        )
    by_side = {o.side: o for o in odds}
    expectations = tuple(
        Expectation(
            side=side,
            min_chance=p,
            p_win=by_side[side].p_win,
            interval=by_side[side].interval,
            met=by_side[side].p_win >= p,
        )
        for side, p in wanted
    )
    return SimulateResult(
        encounter=getattr(base, "name", None),
        ruleset=base.ruleset,
        n=n,
        seed=seed,
        settings={
            "target": settings.target,
            "max_rounds": settings.max_rounds,
            "rules": base.rules,
        },
        sides=odds,
        draws=draws,
        p_draw=_r(draws / n),
        draw_interval=_pair(wilson(draws, n)),
        fight_rounds=Rounds(
            _r(sum(r * k for r, k in counts.items()) / n),
            percentile(counts, 0.5),
            percentile(counts, 0.9),
            tuple(sorted(counts.items())),
        ),
        combatants=tuple(people),
        health_word=model.health_word,
        expect=expectations,
    )


def _r(x: float) -> float:
    return round(x, 6)


def _pair(pair: tuple[float, float]) -> tuple[float, float]:
    return (_r(pair[0]), _r(pair[1]))


def exact_duel(ruleset: Any, base: Any, model: Model, settings: Settings, seed: int) -> Duel:
    """``--exact``: the duel's exact pieces, or a clear refusal."""
    from erc.core.simulate import Table

    combatants = base.combatants
    if len(combatants) != 2:
        raise ErcError(
            "exact-needs-duel",
            f"--exact is for a duel, one combatant a side; this file has {len(combatants)} "
            "combatants: simulate without --exact",
        )
    a, b = combatants
    for who in (a, b):
        if who.conditions:
            names = ", ".join(c.name for c in who.conditions)
            raise ErcError(
                "exact-refused",
                f"--exact: {who.name} starts {names}, which changes as the fight goes on, so "
                "the duel's turns depend on more than health: simulate without --exact",
            )
    if not (model.counts(a) and model.counts(b)):
        return _over_at_once(model, a, b)
    table = Table(ruleset=ruleset, base=base, model=model, settings=settings, seed=seed, fight=0)
    duel = model.duel(table, a.name, b.name)
    if isinstance(duel, str):
        raise ErcError("exact-refused", f"--exact: {duel}: simulate without --exact")
    return duel


def _over_at_once(model: Model, a: Any, b: Any) -> Duel:
    """A duel one of whose two is down in the file: over before a turn (R15.4), so no
    attack is worked out (the downed one's would be refused); ``exact`` sees the healths."""
    from fractions import Fraction

    from erc.core.simulate import Duel

    nothing = {0: Fraction(1)}
    return Duel(
        a=a.name,
        b=b.name,
        health_a=model.health(a),
        health_b=model.health(b),
        a_to_b=nothing,
        b_to_a=nothing,
        p_a_first=Fraction(1, 2),
        keep=False,
    )


def with_exact(
    result: SimulateResult, chances: tuple[Any, Any, Any], sides: Sequence[str]
) -> SimulateResult:
    """``result`` with a duel's exact chances (``erc.core.simulate.exact``: a wins, b wins,
    a draw), worked out before the run so that a refusal comes at once."""
    from erc.core.value import replace

    p_a, p_b, p_draw = chances
    return replace(
        result,
        exact_duel=ExactOdds(
            {sides[0]: _fraction(p_a), sides[1]: _fraction(p_b)}, _fraction(p_draw)
        ),
    )


def _fraction(value: Any) -> dict[str, Any]:
    return {"p": _r(float(value)), "exact": f"{value.numerator}/{value.denominator}"}
