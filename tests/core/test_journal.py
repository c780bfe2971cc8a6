"""The combat journal (issue 8, CONTRACT "Combat state"): fold, durability, locking, undo."""

from __future__ import annotations

import json
import multiprocessing
import os
from pathlib import Path

import pytest

from erc.core import journal
from erc.core.encounter import parse
from erc.core.errors import ErcError
from erc.core.fold import fold as fold_entries
from erc.core.journal import Entry, default_path as default_journal
from erc.rulesets.er.events import State, Tracker

ENC = parse("""erc: 1
combatants:
  - {name: Thorin, ac: 15, body: 24}
  - {name: Goblin, ac: 12, body: 7, conditions: [asleep]}
""")


def events(*effect_lists: list[dict[str, object]]) -> list[Entry]:
    return [Entry(i, i, "t", 0, None, tuple(effects)) for i, effects in enumerate(effect_lists, 1)]


def fold(encounter: object, entries: list[Entry]) -> State:
    """The ER state the journal's entries leave (``erc.core.fold`` with ER's tracker)."""
    return fold_entries(Tracker(encounter), entries).freeze()  # type: ignore[arg-type,return-value]


def incapacitated(state: State, name: str) -> int:
    condition = state.encounter.get(name).condition("incapacitated")
    return (condition.actions or 0) if condition else 0


def test_default_journal_beside_the_encounter() -> None:
    """CONTRACT: "by default `<encounter>.journal.jsonl` beside the encounter"."""
    assert default_journal("encounters/ambush.yaml") == "encounters/ambush.journal.jsonl"
    # issue 32: a name without .yaml/.yml no longer shares fight.yaml's journal
    assert default_journal("x/fight") == "x/fight.erc-journal.jsonl"


def test_damage_lowers_body_not_below_zero() -> None:
    """R5.8: "damage lowers the target's Body, not below 0"."""
    state = fold(
        ENC,
        events(
            [{"type": "damage", "target": "Goblin", "amount": 5}],
            [{"type": "damage", "target": "Goblin", "amount": 5}],
        ),
    )
    assert state.encounter.get("Goblin").body == 0
    assert state.encounter.get("Thorin").body == 24


def test_one_reaction_per_round_resets_on_new_round() -> None:
    """seed 000 "Reactions": "only one reaction can be used during a single round"; CONTRACT:
    "`roll-init --apply` starts the next round (reactions reset, durations tick)"."""
    used = fold(
        ENC, events([{"type": "round", "round": 1}], [{"type": "reaction", "who": "Thorin"}])
    )
    assert used.encounter.get("Thorin").reaction_used and used.round == 1
    reset = fold(
        ENC,
        events(
            [{"type": "round", "round": 1}],
            [{"type": "reaction", "who": "Thorin"}],
            [{"type": "round", "round": 2}],
        ),
    )
    assert not reset.encounter.get("Thorin").reaction_used and reset.round == 2


def test_shock_incapacitation_counts_down_over_the_victims_actions() -> None:
    """R6.5: "incapacitated for its next d3 actions": one action a round, counted as rounds
    pass; if the victim already acted this round, its next action is next round's (an
    awake victim: the file's Goblin sleeps, below)."""
    shock = {"type": "condition", "target": "Thorin", "add": "incapacitated", "actions": 2}
    state = fold(ENC, events([{"type": "round", "round": 1}], [shock]))
    assert state.encounter.get("Thorin").has("incapacitated")
    assert incapacitated(state, "Thorin") == 2
    after_one = fold(
        ENC, events([{"type": "round", "round": 1}], [shock], [{"type": "round", "round": 2}])
    )
    assert incapacitated(after_one, "Thorin") == 1
    after_two = fold(
        ENC,
        events(
            [{"type": "round", "round": 1}],
            [shock],
            [{"type": "round", "round": 2}],
            [{"type": "round", "round": 3}],
        ),
    )
    assert not after_two.encounter.get("Thorin").has("incapacitated")
    acted_first = fold(
        ENC,
        events(
            [{"type": "round", "round": 1}],
            [{"type": "acted", "who": "Thorin"}],
            [shock],
            [{"type": "round", "round": 2}],
        ),
    )
    assert incapacitated(acted_first, "Thorin") == 2


def test_shock_incapacitation_skips_rounds_the_victim_could_not_act_in() -> None:
    """R6.5 "incapacitated for its next d3 actions", R4.3: a victim surprised in round 1 has
    no action there, so its first incapacitated action is round 2's; a sleeping one's
    count waits until it wakes (R10 asleep: "no, no, no")."""
    shock = {"type": "condition", "target": "Thorin", "add": "incapacitated", "actions": 1}
    surprised = {"type": "round", "round": 1, "surprised": ["Thorin"]}
    round_2 = fold(ENC, events([surprised], [shock], [{"type": "round", "round": 2}]))
    assert incapacitated(round_2, "Thorin") == 1
    round_3 = fold(
        ENC,
        events(
            [surprised], [shock], [{"type": "round", "round": 2}], [{"type": "round", "round": 3}]
        ),
    )
    assert not round_3.encounter.get("Thorin").has("incapacitated")
    asleep = {"type": "condition", "target": "Goblin", "add": "incapacitated", "actions": 1}
    wake = {"type": "condition", "target": "Goblin", "remove": "asleep"}
    rounds = [[{"type": "round", "round": n}] for n in (2, 3)]
    slept = fold(ENC, events([{"type": "round", "round": 1}], [asleep], *rounds))
    assert incapacitated(slept, "Goblin") == 1
    woke = fold(ENC, events([{"type": "round", "round": 1}], [asleep], [wake], *rounds))
    assert not woke.encounter.get("Goblin").has("incapacitated")


def test_surprised_only_for_its_round() -> None:
    """R4.3: surprised means no action, movement or reaction in round 1."""
    state = fold(ENC, events([{"type": "round", "round": 1, "surprised": ["Goblin"]}]))
    assert state.encounter.get("Goblin").has("surprised")
    later = fold(
        ENC,
        events(
            [{"type": "round", "round": 1, "surprised": ["Goblin"]}],
            [{"type": "round", "round": 2}],
        ),
    )
    assert not later.encounter.get("Goblin").has("surprised")


def test_undo_cancels_an_event() -> None:
    state = fold(
        ENC,
        events(
            [{"type": "damage", "target": "Thorin", "amount": 4}],
            [{"type": "undo", "event": 1}],
        ),
    )
    assert state.encounter.get("Thorin").body == 24


def test_weapons_locked_and_disarmed() -> None:
    enc = parse(
        "erc: 1\ncombatants:\n  - {name: A, ac: 1, body: 1, weapons: [{name: sword, "
        "kind: melee, weight: medium, damage_type: edged}]}\n"
    )
    locked = fold(
        enc, events([{"type": "weapon", "who": "A", "weapon": "sword", "state": "locked"}])
    )
    assert locked.encounter.get("A").locked_weapons == {"sword"}
    gone = fold(
        enc, events([{"type": "weapon", "who": "A", "weapon": "sword", "state": "disarmed"}])
    )
    assert gone.encounter.get("A").weapons == ()
    assert gone.encounter.get("A").disarmed_weapons == {"sword"}


def test_events_naming_unknown_combatants_are_errors_with_line() -> None:
    with pytest.raises(ErcError) as caught:
        fold(
            ENC, [Entry(7, 1, "t", 0, None, ({"type": "damage", "target": "Nobody", "amount": 1},))]
        )
    assert caught.value.line == 7 and "Nobody" in caught.value.message


def test_torn_last_line_is_skipped_and_reported(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """CONTRACT: "a torn last line left by a crash is reported and skipped"."""
    path = tmp_path / "j.jsonl"
    path.write_bytes(b'{"id":1,"effects":[]}\n{"id":2,"eff')
    read = journal.read(str(path))
    assert [e.id for e in read.entries] == [1] and read.torn_line == 2
    assert "torn" in capsys.readouterr().err
    record = journal.append(str(path), {"command": "x", "effects": []})
    assert record["id"] == 2
    again = journal.read(str(path))
    assert [e.id for e in again.entries] == [1, 2]


def test_a_bad_middle_line_is_an_error_with_its_number(tmp_path: Path) -> None:
    path = tmp_path / "j.jsonl"
    path.write_text('{"id":1}\nnot json at all\n{"id":2}\n')
    with pytest.raises(ErcError) as caught:
        journal.read(str(path))
    assert caught.value.line == 2


def _writer(path: str, n: int) -> None:
    for _ in range(n):
        journal.append(
            path, {"command": "t", "effects": [{"type": "damage", "target": "Thorin", "amount": 1}]}
        )


def test_concurrent_writers_lose_nothing(tmp_path: Path) -> None:
    """Issue 8: 8 writers x 25 events leave exactly 200 whole events with distinct ids."""
    path = str(tmp_path / "j.jsonl")
    context = multiprocessing.get_context("fork")
    workers = [context.Process(target=_writer, args=(path, 25)) for _ in range(8)]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    lines = Path(path).read_text().splitlines()
    assert len(lines) == 200
    ids = sorted(json.loads(line)["id"] for line in lines)
    assert ids == list(range(1, 201))


def test_an_acknowledged_event_is_on_disk(tmp_path: Path) -> None:
    """Each event is written whole and synced before append returns."""
    path = str(tmp_path / "j.jsonl")
    journal.append(path, {"command": "x", "effects": []})
    fd = os.open(path, os.O_RDONLY)
    try:
        assert os.read(fd, 1 << 16).endswith(b"\n")
    finally:
        os.close(fd)
