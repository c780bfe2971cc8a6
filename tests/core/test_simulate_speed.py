"""``erc simulate``'s shortcuts give what the plain way gives (R15: the same rules, not a
copy): a frozen combatant kept and shared between fights, the round-start copy made without
``pickle``, ``progress`` for the whole of ``Turns``, attack plans and predicates kept by
identity, and the warm-up before the workers fork."""

from __future__ import annotations

import pickle
from typing import Any

import pytest

from erc.core import kept, simulate as sim
from erc.core.events import RoundStart
from erc.core.fold import apply_live, snapshot
from erc.rulesets.er.rules import attack as er_attack
from tests.conftest import ENCOUNTERS
from tests.core.test_simulate_kept import _play

SHIPPED = sorted(p.name for p in ENCOUNTERS.glob("*.yaml"))
ER_FILES = ("duel.yaml", "duel-reinforced.yaml", "ambush.yaml", "stealth.yaml")


def _tables(name: str, fights: int) -> list[sim.Table]:
    """Fights 1.. of one run, sharing one ``frozen`` cache as ``run_job`` shares it."""
    ruleset, base, model = sim.loaded_parts(str(ENCOUNTERS / name))
    settings = sim.Settings(target="random")
    memo: dict[Any, Any] = {}
    return [
        sim.Table(ruleset, base, model=model, settings=settings, seed=5, fight=i, memo=memo)
        for i in range(1, fights + 1)
    ]


@pytest.mark.parametrize("name", ER_FILES)
@pytest.mark.parametrize("target", ["weakest", "random"])
def test_a_kept_frozen_combatant_is_the_one_freeze_would_make(name: str, target: str) -> None:
    """After every action of a few ER fights (which share the cache), the state frozen with
    the cache equals the state frozen with none (Spellchrome and Elysium:
    ``test_simulate_kept``)."""

    def check(table: sim.Table) -> None:
        tracker = table._tracker
        kept = tracker.memo
        tracker.memo = {}
        fresh = tracker.freeze()
        tracker.memo = kept
        assert table.state == fresh

    _play(name, 6, check, target)


@pytest.mark.parametrize("name", SHIPPED)
def test_the_round_start_copy_is_a_deep_copy(name: str) -> None:
    """``Table.advance`` gives what a pickled copy gives, and leaves the live tracker as it
    was (``Loaded.advance``: the state as the next round starts, nothing recorded)."""

    def check(table: sim.Table) -> None:
        tracker = table._tracker
        before = snapshot(tracker)
        number = tracker.round + 1
        advanced = table.advance(number)
        assert snapshot(tracker) == before
        kept = dict(vars(tracker))
        encounter = kept.pop("encounter")
        kept.pop("memo")
        copy = type(tracker).__new__(type(tracker))
        vars(copy).update(pickle.loads(pickle.dumps(kept)))
        copy.encounter = encounter
        copy.memo = {}
        assert advanced == apply_live(copy, (RoundStart(number),)).freeze()

    _play(name, 3, check, "random")


@pytest.mark.parametrize("name", SHIPPED)
def test_progress_is_the_fights_over_and_next(name: str) -> None:
    """R15.4: ``Model.progress`` answers as ``Model.fight`` (``erc status``'s ``Turns``)
    after every action."""

    def check(table: sim.Table) -> None:
        turns = table.model.fight(table.state)
        assert table.model.progress(table.state) == (turns.over, turns.next)

    _play(name, 4, check)


def test_a_kept_attack_plan_is_the_plan_made_afresh() -> None:
    """R5: ``plan_attack`` gives the plan the rule makes afresh for the same combatants and
    options; other options or other combatants are planned anew."""
    table = _tables("duel.yaml", 1)[0]
    kaela, fenn, ogre = table.state.encounter.combatants
    afresh = er_attack.plan_attack.__wrapped__  # type: ignore[attr-defined]
    plan = er_attack.plan_attack(kaela, [ogre])
    assert plan == afresh(kaela, [ogre])
    assert er_attack.plan_attack(kaela, (ogre,)) is plan
    assert er_attack.resolver(plan) is er_attack.resolver(plan)
    other = er_attack.plan_attack(kaela, [ogre], pools=["primary"])
    assert other == afresh(kaela, [ogre], pools=["primary"]) != plan
    assert er_attack.plan_attack(kaela, [ogre], pools={"primary"}) == other
    assert er_attack.plan_attack(fenn, [ogre]) == afresh(fenn, [ogre])
    assert er_attack.plan_attack(kaela, [fenn, ogre], pools=["primary", "off"]) != plan


def test_by_identity_answers_once_per_object(monkeypatch: pytest.MonkeyPatch) -> None:
    """A kept answer is the function's, asked again of the same object only; the table
    starts over when full."""
    calls: list[object] = []

    @kept.by_identity
    def size(x: tuple[int, ...]) -> int:
        """How many."""
        calls.append(x)
        return len(x)

    a, b = (1, 2), tuple([1, 2])
    assert size(a) == size(a) == 2
    assert size(b) == 2
    assert calls == [a, b] and calls[1] is b
    assert size.__doc__ == "How many." and size.__name__ == "size"
    monkeypatch.setattr(kept, "KEPT_BY_IDENTITY", 1)
    size((3,))
    size(a)
    assert len(calls) == 4


def test_a_run_warmed_up_before_forking_gives_the_same_fights(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The fights played first in the parent and the rest over two workers are the fights
    of one process, in order."""
    monkeypatch.setattr(sim, "WARM_UP", 3)
    path = str(ENCOUNTERS / "duel.yaml")
    settings = sim.Settings()
    two = list(sim.run(path, settings=settings, seed=9, n=14, jobs=2))
    one = list(sim.run(path, settings=settings, seed=9, n=14, jobs=1))
    assert [f for fights in two for f in fights] == [f for fights in one for f in fights]
    done = [len(fights) for fights in two]
    assert done[0] == 3 and sum(done) == 14


def test_jobs_cut_the_fights_from_the_first_given() -> None:
    settings = sim.Settings()
    jobs = sim.jobs_of("f.yaml", settings, 1, 10, 3, first=5)
    assert [(j.start, j.stop) for j in jobs] == [(5, 7), (7, 9), (9, 11)]
