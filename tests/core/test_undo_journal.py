"""Undo events a hand edit wrote (issue 32): an undo names an earlier event still in force
that is not an undo itself, or the journal is refused with its line; and the state a
snapshot gives never differs from a fold from the start, over generated journals with hand
edits among them."""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from erc.core import fold as folding
from erc.core.errors import ErcError
from erc.core.session import open_encounter

LONG = os.environ.get("ERC_FUZZ") == "long"
ARENA = """erc: 1
combatants:
  - {name: Champion, ac: 12, body: 30, attributes: {strength: 5, agility: 3}, pools: {primary: 1},
     weapons: [{name: axe, kind: melee, weight: heavy, damage_type: edged}]}
  - {name: Dummy, ac: 10, body: 10000, attributes: {strength: 4}, pools: {primary: 1},
     weapons: [{name: stick, kind: melee, weight: light, damage_type: blunt}]}
"""


def _damage(ident: int, amount: int) -> str:
    effect = {"type": "damage", "target": "Dummy", "amount": amount}
    return json.dumps({"id": ident, "command": "damage", "round": 0, "effects": [effect]})


def _undo(ident: int, target: int) -> str:
    effect = {"type": "undo", "event": target}
    return json.dumps({"id": ident, "command": "undo", "round": 0, "effects": [effect]})


def _state(encounter: Path, journal: Path) -> Any:
    """The Dummy's Body, the events and the undone ids; or the error's code and line."""
    try:
        loaded = open_encounter(str(encounter), str(journal))
    except ErcError as error:
        return ("error", error.code, error.line)
    (body,) = [c.body for c in loaded.encounter.combatants if c.name == "Dummy"]
    return (body, loaded.state.events, sorted(loaded.index.cancelled))


@pytest.fixture
def arena(tmp_path: Path) -> tuple[Path, Path]:
    encounter = tmp_path / "arena.yaml"
    encounter.write_text(ARENA)
    return encounter, tmp_path / "arena.journal.jsonl"


@pytest.mark.parametrize(
    ("lines", "line", "why"),
    [
        ([_damage(1, 5), _undo(2, 3), _damage(3, 50)], 2, "no earlier line holds"),
        ([_damage(1, 5), _undo(2, 2)], 2, "itself"),
        ([_damage(1, 5), _undo(2, 1), _undo(3, 2)], 3, "is an undo itself"),
        ([_damage(1, 5), _undo(2, 1), _undo(3, 1)], 3, "already cancelled"),
        ([_damage(1, 5), _undo(2, 9)], 2, "no earlier line holds"),
    ],
)
def test_an_undo_naming_no_earlier_live_event_is_refused_with_its_line(
    erc: Any, arena: tuple[Path, Path], lines: list[str], line: int, why: str
) -> None:
    """Issue 32: "A hand-written undo of event 3 at line 2: `damage Anna 50 --apply` then
    reports 'applied: event 3' while `status` shows nothing changed"; "An undo of an undo
    is shown undone while its target stays cancelled"."""
    encounter, journal = arena
    journal.write_text("\n".join(lines) + "\n")
    before = journal.read_bytes()
    for argv in (("status",), ("log",), ("undo",), ("damage", "Dummy", "50", "--apply")):
        ran = erc(*argv, "-e", encounter, "--journal", journal, "--json")
        assert ran.code == 2 and ran.error["code"] == "bad-journal", (argv, ran.err)
        assert ran.error["line"] == line and why in ran.error["message"]
    assert journal.read_bytes() == before


def test_an_undo_of_the_last_live_event_still_works(erc: Any, arena: tuple[Path, Path]) -> None:
    encounter, journal = arena
    where = ("-e", encounter, "--journal", journal, "--json")
    assert erc("damage", "Dummy", "5", "--apply", *where).code == 0
    assert erc("damage", "Dummy", "7", "--apply", *where).code == 0
    assert erc("undo", *where).json["result"]["cancelled"] == 2
    assert erc("undo", *where).json["result"]["cancelled"] == 1
    assert erc("undo", *where).error["code"] == "nothing-to-undo"


# (kind, value): "damage" deals value % 9 + 1; "undo-last" is what erc undo writes; "undo" a
# hand edit naming event value, maybe a bad one.
PREFIX = st.lists(  # mostly what erc writes, so that it folds and leaves a snapshot
    st.tuples(st.sampled_from(["damage"] * 8 + ["undo-last"] * 3 + ["undo"]), st.integers(1, 30)),
    min_size=4,
    max_size=20,
)
SUFFIX = st.lists(
    st.tuples(st.sampled_from(["damage", "undo-last", "undo"]), st.integers(1, 30)), max_size=12
)


def _journal(events: list[tuple[str, int]]) -> list[str]:
    lines: list[str] = []
    live: list[int] = []
    for ident, (kind, value) in enumerate(events, 1):
        if kind == "damage":
            lines.append(_damage(ident, value % 9 + 1))
            live.append(ident)
        elif kind == "undo-last":
            lines.append(_undo(ident, live.pop() if live else ident + 1))
        else:
            lines.append(_undo(ident, value))
            if value in live:
                live.remove(value)
    return lines


def _expected(lines: list[str]) -> Any:
    """The rule, written out: the Dummy's Body, or the line of the first bad undo."""
    body, live, undos, gone = 10000, {}, set(), set()
    for number, text in enumerate(lines, 1):
        event = json.loads(text)
        effect = event["effects"][0]
        if effect["type"] == "damage":
            live[event["id"]] = effect["amount"]
        else:
            target = effect["event"]
            if target not in live or target in undos:
                return ("error", "bad-journal", number)
            del live[target]
            gone.add(target)
            undos.add(event["id"])
    body -= sum(live.values())
    return (max(body, 0), len(lines), sorted(gone))


@settings(
    max_examples=1500 if LONG else 100,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(prefix=PREFIX, suffix=SUFFIX)
def test_fuzz_a_snapshot_never_disagrees_with_a_fold_from_the_start(
    monkeypatch: pytest.MonkeyPatch,
    prefix: list[tuple[str, int]],
    suffix: list[tuple[str, int]],
) -> None:
    """Issue 32: "with a snapshot the cache and a full fold disagree (Body 0 vs 2)". The
    first lines are folded and snapshotted (snapshots every 4 events here), the rest
    appended by hand; the state through the snapshot, the state from the start and the rule
    written out agree, error and line included."""
    lines = _journal(prefix + suffix)
    cut = len(prefix)
    with tempfile.TemporaryDirectory() as folder, monkeypatch.context() as m:
        m.setattr(folding, "SNAPSHOT_TAIL", 4)
        m.setenv("ERC_CACHE_DIR", os.path.join(folder, "cache"))
        m.delenv("ERC_CACHE", raising=False)
        encounter, journal = Path(folder, "arena.yaml"), Path(folder, "arena.journal.jsonl")
        encounter.write_text(ARENA)
        journal.write_text("".join(t + "\n" for t in lines[:cut]))
        _state(encounter, journal)  # leaves a snapshot of the first lines
        with journal.open("a") as handle:
            handle.write("".join(t + "\n" for t in lines[cut:]))
        through_snapshot = _state(encounter, journal)
        m.setenv("ERC_CACHE", "off")
        from_the_start = _state(encounter, journal)
    assert through_snapshot == from_the_start == _expected(lines)
