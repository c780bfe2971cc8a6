"""Journal snapshots (issue 15, "the journal fold decodes only what it needs, linear in events
with bounded memory"; ``erc.core.snapshot``): a snapshot only ever saves work; whatever
happens to the journal or to the snapshot, the state is the one a fold from the start gives."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from erc.core import journal as journals, snapshot as snapshots
from erc.core.errors import ErcError
from erc.core.session import open_encounter

ARENA = """erc: 1
combatants:
  - {name: Champion, ac: 12, body: 30, attributes: {strength: 5, agility: 3}, pools: {primary: 1},
     weapons: [{name: axe, kind: melee, weight: heavy, damage_type: edged}]}
  - {name: Dummy, ac: 10, body: 10000, attributes: {strength: 4}, pools: {primary: 1},
     weapons: [{name: stick, kind: melee, weight: light, damage_type: blunt}]}
"""
TAIL = snapshots.MIN_TAIL


@pytest.fixture
def arena(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[str, str]:
    monkeypatch.setenv("ERC_CACHE_DIR", str(tmp_path / "cache"))
    encounter = tmp_path / "arena.yaml"
    encounter.write_text(ARENA)
    return str(encounter), str(tmp_path / "arena.journal.jsonl")


def hit(path: str, amount: int = 1) -> None:
    journals.append(
        path,
        {
            "command": "damage",
            "round": 0,
            "effects": [{"type": "damage", "target": "Dummy", "amount": amount}],
        },
    )


def dummy(encounter: str, journal: str) -> tuple[int, int]:
    """The Dummy's Body and the event count, folded with snapshots."""
    loaded = open_encounter(encounter, journal)
    (body,) = [c.body for c in loaded.encounter.combatants if c.name == "Dummy"]
    return body, loaded.state.events


def from_scratch(encounter: str, journal: str, monkeypatch: pytest.MonkeyPatch) -> object:
    with monkeypatch.context() as m:
        m.setenv("ERC_CACHE", "off")
        return dummy(encounter, journal)


def starts(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Where each fold's scan of the journal starts (0: from the beginning)."""
    seen: list[int] = []
    scan = journals.Handle.scan

    def spy(self: journals.Handle, start: int = 0, *rest: object) -> journals.Read:
        seen.append(start)
        return scan(self, start, *rest)  # type: ignore[arg-type]

    monkeypatch.setattr(journals.Handle, "scan", spy)
    return seen


def snapshot_files(tmp_path: Path) -> list[Path]:
    return sorted((tmp_path / "cache" / "journals").glob("*.snap"))


def test_a_long_tail_leaves_a_snapshot_and_the_next_fold_reads_only_the_tail(
    arena: tuple[str, str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    encounter, journal = arena
    for _ in range(TAIL + 10):
        hit(journal)
    seen = starts(monkeypatch)
    assert dummy(encounter, journal) == (10000 - TAIL - 10, TAIL + 10)
    assert seen == [0] and len(snapshot_files(tmp_path)) == 1
    hit(journal, 5)
    before = len(seen)
    assert dummy(encounter, journal) == (10000 - TAIL - 15, TAIL + 11)
    last_line = len(Path(journal).read_bytes().splitlines()[-1]) + 1
    assert seen[before:] == [os.path.getsize(journal) - last_line]  # the tail alone
    assert dummy(encounter, journal) == from_scratch(encounter, journal, monkeypatch)


def test_a_short_journal_leaves_no_snapshot(arena: tuple[str, str], tmp_path: Path) -> None:
    encounter, journal = arena
    for _ in range(TAIL - 1):
        hit(journal)
    dummy(encounter, journal)
    assert snapshot_files(tmp_path) == []


def test_undoing_an_event_inside_the_snapshot_refolds_from_the_start(
    arena: tuple[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    encounter, journal = arena
    hit(journal, 1000)  # event 1, inside the snapshot
    for _ in range(TAIL):
        hit(journal)
    dummy(encounter, journal)  # takes the snapshot
    journals.append(journal, {"command": "undo", "effects": [{"type": "undo", "event": 1}]})
    seen = starts(monkeypatch)
    body, events = dummy(encounter, journal)
    assert body == 10000 - TAIL and events == TAIL + 2
    assert seen[-1] == 0  # the snapshot could not be used
    assert (body, events) == from_scratch(encounter, journal, monkeypatch)


def test_undo_finds_the_last_live_event_through_the_snapshot(
    arena: tuple[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from erc.cli.commands.journal import undo

    encounter, journal = arena
    for _ in range(TAIL + 1):
        hit(journal)
    dummy(encounter, journal)
    undo(encounter, False, journal)
    undo(encounter, False, journal)
    assert dummy(encounter, journal) == (10000 - TAIL + 1, TAIL + 3)
    assert dummy(encounter, journal) == from_scratch(encounter, journal, monkeypatch)
    events = [json.loads(line) for line in Path(journal).read_text().splitlines()]
    assert [e["effects"][0]["event"] for e in events[-2:]] == [TAIL + 1, TAIL]


def test_a_same_size_hand_edit_inside_the_snapshot_is_seen(
    arena: tuple[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    encounter, journal = arena
    for _ in range(TAIL + 1):
        hit(journal, 1)
    dummy(encounter, journal)
    data = Path(journal).read_bytes()
    stat = os.stat(journal)
    edited = data.replace(b'"amount":1}', b'"amount":9}', 1)
    assert len(edited) == len(data) and edited != data
    Path(journal).write_bytes(edited)
    os.utime(journal, ns=(stat.st_atime_ns, stat.st_mtime_ns))  # the time put back
    assert dummy(encounter, journal) == (10000 - TAIL - 9, TAIL + 1)


def test_a_truncated_or_replaced_journal_is_folded_from_the_start(
    arena: tuple[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    encounter, journal = arena
    for _ in range(TAIL + 1):
        hit(journal, 2)
    dummy(encounter, journal)
    lines = Path(journal).read_bytes().splitlines(keepends=True)
    Path(journal).write_bytes(b"".join(lines[:3]))
    assert dummy(encounter, journal) == (10000 - 6, 3)


def test_an_edited_encounter_does_not_use_the_old_snapshot(
    arena: tuple[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    encounter, journal = arena
    for _ in range(TAIL + 1):
        hit(journal)
    dummy(encounter, journal)
    Path(encounter).write_text(ARENA.replace("body: 10000", "body: 5000"))
    assert dummy(encounter, journal) == (5000 - TAIL - 1, TAIL + 1)


@pytest.mark.parametrize(
    "damage",
    [b"", b"not marshal", b"\xe3" + os.urandom(200), None],
    ids=["empty", "garbage", "random", "other-key"],
)
def test_a_corrupted_or_foreign_snapshot_is_only_a_miss(
    arena: tuple[str, str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch, damage: bytes | None
) -> None:
    import marshal

    encounter, journal = arena
    for _ in range(TAIL + 1):
        hit(journal)
    dummy(encounter, journal)
    (entry,) = snapshot_files(tmp_path)
    if damage is None:  # a well-formed snapshot with a state nobody folded, its checksum
        from erc.core.encounter.cache import CHECK_BYTES, _check  # right (a crafted one)

        stored = entry.read_bytes()[:-CHECK_BYTES]
        key, offset, lines, crc, _state, index = marshal.loads(stored)
        crafted = marshal.dumps((key, offset, lines, crc, ("x", "y", ()), index))
        entry.write_bytes(crafted + _check(crafted))
    else:
        entry.write_bytes(damage)
    assert dummy(encounter, journal) == (10000 - TAIL - 1, TAIL + 1)


def test_an_id_of_the_snapshot_used_again_in_the_tail_is_an_error(arena: tuple[str, str]) -> None:
    encounter, journal = arena
    for _ in range(TAIL + 1):
        hit(journal)
    dummy(encounter, journal)
    with open(journal, "a") as handle:
        handle.write('{"id":3,"command":"damage","effects":[]}\n')
    with pytest.raises(ErcError) as caught:
        dummy(encounter, journal)
    assert caught.value.code == "bad-journal" and "used twice" in caught.value.message


def test_writers_fold_from_the_snapshot_and_take_the_next_id(
    arena: tuple[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from erc.cli import run

    encounter, journal = arena
    for _ in range(TAIL + 1):
        hit(journal)
    dummy(encounter, journal)
    code = run(["damage", "Dummy", "3", "-e", encounter, "--journal", journal, "--apply", "--json"])
    assert code == 0
    last = json.loads(Path(journal).read_text().splitlines()[-1])
    assert last["id"] == TAIL + 2
    assert dummy(encounter, journal) == from_scratch(encounter, journal, monkeypatch)


def test_the_cache_off_means_no_snapshot(
    arena: tuple[str, str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    encounter, journal = arena
    for _ in range(TAIL + 1):
        hit(journal)
    monkeypatch.setenv("ERC_CACHE", "off")
    dummy(encounter, journal)
    assert snapshot_files(tmp_path) == []


def test_a_journal_too_short_for_a_snapshot_does_not_look_for_one(
    arena: tuple[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The shortest event line is ``{"id":1}``: a journal of fewer bytes than
    ``MIN_TAIL`` such lines cannot have had a snapshot taken."""
    from erc.core import session

    encounter, journal = arena
    assert len(b'{"id":1}\n') == session._SHORTEST_EVENT
    looked: list[str] = []
    monkeypatch.setattr(snapshots, "load", lambda path, *rest: looked.append(path))
    hit(journal)
    dummy(encounter, journal)
    assert looked == []
    with open(journal, "a") as handle:
        handle.writelines(f'{{"id":{n}}}\n' for n in range(2, TAIL + 2))
    dummy(encounter, journal)
    assert looked == [journal]


@pytest.mark.parametrize("name", ["er", "spellchrome", "elysium"])
def test_every_module_the_fold_runs_keys_the_snapshot(name: str) -> None:
    """A snapshot is only as fresh as the code that folded it ("the state of the code that
    folds"): each erc module a ruleset's ``events.py`` imports at its top, and those they
    import, is in the snapshot's key (the model's files, the core's, ``fold_sources``)."""
    import ast

    from erc import rulesets
    from erc.core.encounter import cache as cache_module

    root = Path(snapshots.__file__).resolve().parents[1]
    ruleset = rulesets.get(name)
    keyed = {*snapshots._SOURCES, *ruleset.sources, *ruleset.fold_sources}
    keyed |= set(cache_module._CORE_SOURCES)  # the model's own stamp
    messages_only = {"core/errors.py", "core/text.py"}
    todo = [f"rulesets/{name}/events.py"]
    seen: set[str] = set()
    while todo:
        source = todo.pop()
        if source in seen or source in messages_only:
            continue
        seen.add(source)
        assert source in keyed, f"{source} folds, but does not key the snapshot"
        for node in ast.parse((root / source).read_text()).body:
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("erc."):
                path = (node.module or "").removeprefix("erc.").replace(".", "/")
                if (root / f"{path}.py").is_file():
                    todo.append(f"{path}.py")
