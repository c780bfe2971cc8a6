"""``erc simulate``'s shortcuts give what the plain way gives: a combatant frozen before and
reused (``fold.Tracker.frozen``), an attack plan kept by the identity of its combatants
(``erc.core.kept``), a parsed dice expression kept, and the answers a run keeps per state
(who is next, the state as a round starts)."""

from __future__ import annotations

from typing import Any

import pytest

from erc.core import simulate as sim
from erc.core.errors import ErcError
from erc.core.expr import _parse, parse
from erc.core.kept import Kept
from erc.rulesets.elysium.rules import attack as el_attack
from erc.rulesets.spellchrome.rules import attack as sc_attack
from tests.conftest import ENCOUNTERS

FILES = ("spellchrome-warehouse.yaml", "elysium-ogre.yaml")
SHIPPED = tuple(sorted(path.name for path in ENCOUNTERS.glob("*.yaml")))


def _play(name: str, fights: int, check: Any, target: str = "weakest") -> None:
    """Play ``fights`` fights of ``name``, sharing one memo as ``run_job`` does, calling
    ``check(table)`` after every action."""
    ruleset, base, model = sim.loaded_parts(str(ENCOUNTERS / name))
    settings = sim.Settings(target=target, max_rounds=100)
    memo: dict[Any, Any] = {}
    for fight in range(1, fights + 1):
        table = sim.Table(
            ruleset=ruleset, base=base, model=model, settings=settings, seed=11, fight=fight
        )
        table._tracker.memo = memo
        act = table.act

        def checked(*args: Any, _act: Any = act, _table: Any = table, **options: Any) -> Any:
            result = _act(*args, **options)
            check(_table)
            return result

        table.act = checked  # type: ignore[method-assign]
        sim.play(table)


@pytest.mark.parametrize("name", FILES)
@pytest.mark.parametrize("target", ["weakest", "random"])
def test_a_reused_frozen_combatant_is_the_one_freeze_would_make(name: str, target: str) -> None:
    """After every action of several fights sharing one memo, the state frozen from the
    memo equals the state frozen with none."""
    seen = {"reused": 0}

    def check(table: sim.Table) -> None:
        tracker = table._tracker
        kept = tracker.memo
        before = len(kept)
        state = tracker.freeze()
        seen["reused"] += len(kept) == before
        tracker.memo = {}
        fresh = tracker.freeze()
        tracker.memo = kept
        assert state == fresh == table.state

    _play(name, 6, check, target)
    assert seen["reused"] > 0  # the memo served (else this test checks nothing)


@pytest.mark.parametrize("name", SHIPPED)
def test_a_kept_answer_is_the_answer_worked_out_afresh(name: str) -> None:
    """After every action of several fights sharing one memo: who is next and whether the
    fight is over (``Table.progress``), and the state as the next round starts
    (``Table.advance``), kept per state in the run, equal what the ruleset works out anew."""
    seen = {"advance": 0, "progress": 0}

    def check(table: sim.Table) -> None:
        kept = table._tracker.memo
        before = len(kept)
        assert table.progress() == table.model.progress(table.state)
        seen["progress"] += len(kept) == before
        number = table.state.round + 1
        before = len(kept)
        assert table.advance(number) == table._advanced(number)
        seen["advance"] += len(kept) == before

    _play(name, 8, check)
    assert seen["progress"] > 0  # the kept answers served (else this test checks nothing)
    assert seen["advance"] > 0


@pytest.mark.parametrize("name", FILES)
def test_a_kept_plan_is_the_plan_the_rule_makes(name: str) -> None:
    """Every attack plan kept while fights run equals the plan the rule itself
    (``plan_attack.__wrapped__``) makes from the same combatants and options."""
    module = sc_attack if name.startswith("spellchrome") else el_attack
    store = module.plan_attack.store  # type: ignore[attr-defined]
    rule = module.plan_attack.__wrapped__  # type: ignore[attr-defined]
    store.by.clear()
    _play(name, 6, lambda table: None)
    assert store.by
    for (_ids, key), (inputs, plan) in store.by.items():
        options = dict(part for part in key if isinstance(part, tuple))
        assert rule(*inputs, **options) == plan


def test_kept_makes_once_per_identity_and_option() -> None:
    store = Kept(most=3)
    made: list[int] = []

    def make() -> int:
        made.append(1)
        return len(made)

    a, b = ("a",), ("b",)
    assert store.get((a,), 1, make) == 1
    assert store.get((a,), 1, make) == 1  # kept
    assert store.get((a,), 2, make) == 2  # other options
    assert store.get((tuple("a"),), 1, make) == 3  # equal, but not the same object
    assert store.get((b,), 1, make) == 4  # past ``most``: the store started again
    assert len(store.by) == 1


def test_kept_keeps_nothing_when_the_rule_refuses() -> None:
    store = Kept()

    def refuse() -> int:
        raise ErcError("bad-option", "no")

    with pytest.raises(ErcError):
        store.get((), None, refuse)
    assert not store.by


def test_a_kept_parse_is_the_parse() -> None:
    """A dice expression parsed before gives the same terms; a bad one is refused every
    time (nothing kept)."""
    assert parse("2d10+3") == _parse("2d10+3")
    assert parse("2d10+3") is parse("2d10+3")
    for _ in range(2):
        with pytest.raises(ErcError):
            parse("2d")
