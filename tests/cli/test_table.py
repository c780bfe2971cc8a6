"""Issue 30, part A: the fight at the table, one tracker in every ruleset (CONTRACT "The
table"; RULES R14, R3.5, R4.4; SC-P15; EL-P17).

Driven through the real CLI (the ``erc`` fixture runs it in this process), dice forced or
seeded; every fight is played to its end.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import ENCOUNTERS, Ran

RULESETS = {
    "er": ("ambush.yaml", "Body", {"action", "reaction", "movement_left_ft"}),
    "spellchrome": ("spellchrome-warehouse.yaml", "HP", {"standard", "move"}),
    "elysium": ("elysium-ogre.yaml", "HP", {"ap_left", "ap"}),
}
COMMON_RESULT = {"round", "next", "over", "winner", "sides", "order", "combatants"}
COMMON_ROW = {
    "name",
    "side",
    "place",
    "health",
    "health_max",
    "standing",
    "acted",
    "conditions",
    "resources",
}


def shipped(tmp_path: Path, name: str) -> Path:
    path = tmp_path / name
    shutil.copy(ENCOUNTERS / name, path)
    return path


def journal(path: Path) -> Path:
    return path.with_name(path.stem + ".journal.jsonl")


def run(erc: Any, path: Path, *args: object) -> Ran:
    ran: Ran = erc(*map(str, args), "-e", str(path), "--json")
    return ran


def ok(erc: Any, path: Path, *args: object) -> dict[str, Any]:
    ran = run(erc, path, *args)
    assert ran.code == 0, ran.err
    result: dict[str, Any] = ran.json["result"]
    return result


def refused(erc: Any, path: Path, code: str, *args: object) -> str:
    """Exit 2 with ``code``, a message and no traceback, and the journal unchanged."""
    before = journal(path).read_bytes() if journal(path).exists() else None
    ran = run(erc, path, *args)
    assert ran.code == 2 and ran.out == "", ran.out
    assert "Traceback" not in ran.err
    assert ran.error["code"] == code, ran.error
    after = journal(path).read_bytes() if journal(path).exists() else None
    assert after == before  # nothing recorded
    message: str = ran.error["message"]
    return message


def row(status: dict[str, Any], name: str) -> dict[str, Any]:
    found: dict[str, Any] = next(c for c in status["combatants"] if c["name"] == name)
    return found


def play_to_the_end(erc: Any, path: Path, *, max_rounds: int = 80) -> dict[str, Any]:
    """roll-init, then each next combatant attacks the first standing foe, ending its
    turn when it cannot attack or still has some of its turn left; until the fight is over."""
    turn = 0
    for round_ in range(1, max_rounds + 1):
        ok(erc, path, "roll-init", "--apply", "--seed", 1000 + round_)
        for _ in range(200):
            status = ok(erc, path, "status")
            if status["over"] or status["next"] is None:
                break
            name = status["next"]
            mine = row(status, name)["side"]
            foes = [c for c in status["combatants"] if c["side"] != mine and c["standing"]]
            turn += 1
            hit = run(erc, path, "attack", name, foes[0]["name"], "--apply", "--seed", turn)
            if hit.code != 0 or ok(erc, path, "status")["next"] == name:
                ok(erc, path, "end-turn", name, "--apply")
        if status["over"]:
            return status
    raise AssertionError(f"{path.name}: no end after {max_rounds} rounds")


def headers(human: str) -> list[str]:
    line = next(x for x in human.splitlines() if "┃" in x)
    return [h.strip() for h in line.strip().strip("┃").split("┃")]


@pytest.mark.parametrize("ruleset", list(RULESETS))
def test_a_fight_to_its_end_in_each_ruleset(erc: Any, tmp_path: Path, ruleset: str) -> None:
    """R14.7 "The fight is over (R11.5) when fewer than two sides stand: `next` is null";
    CONTRACT "The table": `winner` the side still standing; "one wording for the end"."""
    name, word, _ = RULESETS[ruleset]
    path = shipped(tmp_path, name)
    status = play_to_the_end(erc, path)
    assert status["over"] is True and status["next"] is None
    standing = [s["side"] for s in status["sides"] if s["standing"]]
    assert standing == [status["winner"]]
    out = erc("status", "-e", str(path)).out
    assert f"the fight is over: {status['winner']} stands" in out
    assert headers(out)[3] == word


def test_status_has_one_layout_and_one_set_of_keys(erc: Any, tmp_path: Path) -> None:
    """Issue 30 "Done when": the three `status` outputs' column headers and JSON keys are
    equal except the ruleset's resources (CONTRACT "The table": ER `{action, reaction,
    movement_left_ft}`; Spellchrome `{standard, move}`; Elysium `{ap_left, ap}`)."""
    seen: dict[str, tuple[list[str], set[str], set[str], set[str]]] = {}
    for ruleset, (name, word, resources) in RULESETS.items():
        path = shipped(tmp_path, name)
        play_to_the_end(erc, path)
        status = ok(erc, path, "status")
        assert set(status) >= COMMON_RESULT
        for c in status["combatants"]:
            assert set(c) >= COMMON_ROW
            assert set(c["resources"]) == resources
            assert all(
                set(k) == {"name", "by", "rounds_left", "actions_left"} for k in c["conditions"]
            )
        human = erc("status", "-e", str(path)).out
        cols = [word if h == word else h for h in headers(human)]
        assert max(len(line) for line in human.splitlines()) <= 80  # fits 80 columns
        seen[ruleset] = (
            [("HEALTH" if h == word else h) for h in cols],
            set(status),
            {k for c in status["combatants"] for k in c} - set(),
            {k for c in status["combatants"] for k in c["resources"]},
        )
    layouts = {tuple(v[0]) for v in seen.values()}
    assert len(layouts) == 1, layouts
    er, sc, el = (seen[r] for r in RULESETS)
    core = er[1] & sc[1] & el[1]
    assert core >= COMMON_RESULT
    common_rows = er[2] & sc[2] & el[2]
    assert common_rows >= COMMON_ROW
    assert len({frozenset(v[3]) for v in seen.values()}) == 3  # the resources differ


def test_the_next_to_act_is_marked_beside_its_place(erc: Any, tmp_path: Path) -> None:
    """CONTRACT "The table": "the next to act marked beside its place number" (issue 30:
    Spellchrome's marker hid the number); one `standing:` line in every ruleset."""
    for name, _, _ in RULESETS.values():
        path = shipped(tmp_path, name)
        ok(erc, path, "roll-init", "--apply", "--seed", "7")
        status = ok(erc, path, "status")
        out = erc("status", "-e", str(path)).out
        place = row(status, status["next"])["place"]
        assert f"▶ {place} " in out
        assert sum(1 for line in out.splitlines() if line.startswith("standing: ")) == 1


# --- R14.7: the end of a fight --------------------------------------------------------------


def test_r14_7_roll_init_refused_once_over_and_other_changes_warned(
    erc: Any, tmp_path: Path
) -> None:
    """R14.7: "`roll-init --apply` is refused (`fight-over`); any other applied change is
    recorded with a warning that the fight is over (healing may make it not over again)"."""
    path = shipped(tmp_path, "duel.yaml")
    ok(erc, path, "roll-init", "--apply", "--rolls", "5,10,6")
    ok(erc, path, "damage", "Ogre", "100", "--apply")
    status = ok(erc, path, "status")
    assert status["over"] is True and status["next"] is None and status["winner"] == "party"
    message = refused(erc, path, "fight-over", "roll-init", "--apply", "--seed", "1")
    assert "party" in message and "Kaela" in message and "erc new-fight" in message
    assert run(erc, path, "roll-init", "--seed", "1").code == 0  # a preview is not refused
    healed = run(erc, path, "heal", "Ogre", "5", "--apply")
    assert healed.code == 0 and "the fight is over" in healed.err
    assert healed.json["applied"]["event"] == 3  # recorded all the same
    assert ok(erc, path, "status")["over"] is False  # healing: not over again
    ok(erc, path, "roll-init", "--apply", "--seed", "1")


# --- R14.3: ending a turn ----------------------------------------------------------------


def test_r14_3_end_turn_in_er_gives_up_action_and_movement_not_the_reaction(
    erc: Any, tmp_path: Path
) -> None:
    """R14.3: "the combatant gives up what it has left this round (ER: its action and
    movement, not its reaction ...) and next moves on. No holding an action (seed 000): a
    turn ended is not resumed later in the round"."""
    path = shipped(tmp_path, "duel.yaml")
    ok(erc, path, "roll-init", "--apply", "--rolls", "5,10,6")  # Fenn, Kaela, Ogre
    assert ok(erc, path, "status")["next"] == "Fenn"
    preview = erc("end-turn", "Fenn", "-e", str(path))
    assert "would end its turn" in preview.out and not journal(path).read_text().count("end-turn")
    ok(erc, path, "end-turn", "Fenn", "--apply")
    status = ok(erc, path, "status")
    fenn = row(status, "Fenn")
    assert status["next"] == "Kaela"
    assert fenn["resources"] == {"action": "ended", "reaction": True, "movement_left_ft": 0}
    assert fenn["turn_ended"] is True and fenn["acted"] is True
    refused(erc, path, "turn-ended", "attack", "Fenn", "Ogre", "--apply", "--seed", "1")
    refused(erc, path, "turn-ended", "end-turn", "Fenn", "--apply")
    assert ok(erc, path, "movement", "Fenn")["immobile"] is True
    ok(erc, path, "undo")  # undoable like any other event
    status = ok(erc, path, "status")
    assert status["next"] == "Fenn" and row(status, "Fenn")["resources"]["action"] == "left"


def test_sc_part3_15_end_turn_gives_up_standard_and_move(erc: Any, tmp_path: Path) -> None:
    """SC-P15: "`erc end-turn NAME --apply` gives up the standard and move
    actions left"."""
    path = shipped(tmp_path, "spellchrome-warehouse.yaml")
    ok(erc, path, "roll-init", "--apply", "--seed", "7")
    first = ok(erc, path, "status")["next"]
    ok(erc, path, "end-turn", first, "--apply")
    status = ok(erc, path, "status")
    assert row(status, first)["resources"] == {"standard": False, "move": False}
    assert status["next"] != first


def test_end_turn_bad_input_is_exit_2_and_records_nothing(erc: Any, tmp_path: Path) -> None:
    """Issue 30: bad input (an unknown name; no round under way) is exit 2 with a clear
    message and records nothing."""
    path = shipped(tmp_path, "duel.yaml")
    assert "roll-init --apply" in refused(erc, path, "no-round", "end-turn", "Fenn", "--apply")
    ok(erc, path, "roll-init", "--apply", "--rolls", "5,10,6")
    refused(erc, path, "unknown-combatant", "end-turn", "Nobody", "--apply")


# --- preview or record -------------------------------------------------------------------


def test_a_preview_says_nothing_was_recorded_and_erc_apply(
    erc: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """CONTRACT "The table": "While a journal exists, a preview's human output ends with a
    line saying nothing was recorded"; "`ERC_APPLY=1`: `--apply` is the default;
    `--no-apply` previews"."""
    path = shipped(tmp_path, "duel.yaml")
    before = erc("attack", "Kaela", "Ogre", "-e", str(path), "--seed", "1").out
    assert "nothing was recorded" not in before  # no fight under way: no journal
    ok(erc, path, "roll-init", "--apply", "--rolls", "5,10,6")
    out = erc("attack", "Kaela", "Ogre", "-e", str(path), "--seed", "1").out
    assert out.rstrip().splitlines()[-1] == "preview: nothing was recorded (--apply records it)"
    assert "nothing was recorded" not in run(erc, path, "attack", "Kaela", "Ogre").out
    events = len(journal(path).read_text().splitlines())
    monkeypatch.setenv("ERC_APPLY", "1")
    applied = run(erc, path, "attack", "Kaela", "Ogre", "--seed", "1")
    assert applied.json["applied"]["event"] == events + 1
    previewed = erc("heal", "Ogre", "1", "-e", str(path), "--no-apply")
    assert "nothing was recorded" in previewed.out
    assert len(journal(path).read_text().splitlines()) == events + 1
    monkeypatch.setenv("ERC_NO_FAST_PATH", "1")  # the Typer path reads ERC_APPLY alike
    again = run(erc, path, "heal", "Ogre", "1")
    assert again.json["applied"]["event"] == events + 2


# --- R3.5 and R4.4 --------------------------------------------------------------------------


def test_r3_5_a_combatant_that_is_not_standing_rolls_no_initiative(
    erc: Any, tmp_path: Path
) -> None:
    """R3.5: "A combatant that is not standing (R11.5) rolls no initiative: it draws no
    die, is listed after everyone who rolled (in file order), marked down, and takes no
    part in roll-offs"."""
    path = shipped(tmp_path, "duel.yaml")
    ok(erc, path, "damage", "Kaela", "100", "--apply")
    # two d10s only, Fenn's and the Ogre's in file order: Fenn 4 + 2, Ogre 7 - 3; Kaela's
    # modifier (-1) would have tied her with the Ogre at 4, and she takes no part
    result = ok(erc, path, "roll-init", "--rolls", "4,7")
    order = [(p["name"], p["rolled"], p["status"]) for p in result["order"]]
    assert order == [("Fenn", True, "acts"), ("Ogre", True, "acts"), ("Kaela", False, "down")]
    assert row_of(result, "Kaela")["roll"] == 0
    assert refused(erc, path, "bad-rolls", "roll-init", "--rolls", "4,7,5")


def row_of(result: dict[str, Any], name: str) -> dict[str, Any]:
    found: dict[str, Any] = next(p for p in result["order"] if p["name"] == name)
    return found


def test_r4_4_status_reminds_of_a_sleepers_wake_check_from_round_2(
    erc: Any, tmp_path: Path
) -> None:
    """R4.4: "Round 2: ... a sleeper who stayed asleep checks again to wake (DC 17)":
    status reminds the GM of it from round 2, not in round 1."""
    path = shipped(tmp_path, "ambush.yaml")
    ok(erc, path, "roll-init", "--apply", "--seed", "3")
    assert ok(erc, path, "status")["due"] == []
    ok(erc, path, "roll-init", "--apply", "--seed", "4")
    due = ok(erc, path, "status")["due"]
    assert any("Thorin" in d and "DC 17" in d for d in due)
    assert any("due: Thorin" in line for line in erc("status", "-e", str(path)).out.splitlines())


# --- erc log ------------------------------------------------------------------------------


def test_log_reads_as_sentences_with_totals(erc: Any, tmp_path: Path) -> None:
    """CONTRACT "The table": "`erc log`: human output is one sentence an event, with
    totals; JSON unchanged" (issue 30: it printed Python lists and d10 faces)."""
    path = shipped(tmp_path, "duel.yaml")
    init = ok(erc, path, "roll-init", "--apply", "--rolls", "5,10,6")
    ok(erc, path, "damage", "Ogre", "7", "--apply")
    ok(erc, path, "end-turn", "Fenn", "--apply")
    lines = erc("log", "-e", str(path)).out.splitlines()[1:]
    totals = ", ".join(f"{p['name']} {p['total']}" for p in init["order"])
    assert lines[0] == f"1. round 1, roll-init: round 1 begins, in order {totals}."
    assert lines[1] == "2. round 1, damage: Ogre takes 7 damage."
    assert lines[2] == "3. round 1, end-turn: Fenn ends its turn."
    assert not any("[" in line for line in lines)
    events = ok(erc, path, "log")["events"]
    recorded = [json.loads(x) for x in journal(path).read_text().splitlines()]
    assert [e["effects"] for e in events] == [e["effects"] for e in recorded]


@pytest.mark.parametrize("ruleset", ["er", "spellchrome", "elysium"])
def test_every_effect_kind_says_itself_in_words(ruleset: str) -> None:
    """CONTRACT "The table": ``erc log`` is one sentence an event. Each kind a ruleset's
    journal holds words itself (``Effect.said``); none is left to the plain form
    ("Kharza: offensive", "Sentinel: sc-dr (value 5)"), which only an unreadable effect
    gets."""
    from erc import rulesets
    from erc.core.events import Effect

    kinds = rulesets.get(ruleset).events().Tracker.kinds
    plain = sorted(name for name, kind in kinds.items() if kind.said is Effect.said)
    assert plain == []


def test_log_says_ruleset_effects_in_words(erc: Any, tmp_path: Path) -> None:
    """A Spellchrome DR roll (SC8.1) and Elysium's offensive action and feint (EL5.6, EL9)
    read as words, not as the journal's kinds."""
    warehouse = shipped(tmp_path, "spellchrome-warehouse.yaml")
    ok(erc, warehouse, "roll-init", "--apply", "--seed", "4")
    ok(erc, warehouse, "attack", "Vex", "Sentinel", "--apply", "--rolls", "15,10,6,5")
    said = erc("log", "-e", str(warehouse)).out.splitlines()[-1]
    assert said == (
        "2. round 1, attack: Vex spends its standard action; Sentinel's DR rolls 5 this round; "
        "Sentinel takes 11 damage."
    )
    ogre = shipped(tmp_path, "elysium-ogre.yaml")
    ok(erc, ogre, "roll-init", "--apply", "--seed", "4")
    ok(erc, ogre, "feint", "Kharza", "Ogre", "--apply", "--seed", "1")
    said = erc("log", "-e", str(ogre)).out.splitlines()[-1]
    assert said.startswith("2. round 1, feint: Kharza spends 2 AP; Kharza takes an offensive")
    assert "Kharza feints Ogre: +" in said and "to its next Attack Roll against it." in said
    unreadable = {"id": 9, "round": 1, "command": "x", "effects": [{"type": "new", "who": "A"}]}
    from erc.cli.render.log import sentence

    assert sentence(unreadable, {}) == "9. round 1, x: A: new."


# --- docs/table.md ----------------------------------------------------------------------


def test_docs_table_examples_run_in_order(
    erc: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """docs/table.md: every ```console example runs, in the page's order, on a copy of the
    shipped encounters with one journal (the page plays one fight)."""
    import re
    import shlex

    from tests.conftest import ROOT

    page = (ROOT / "docs" / "table.md").read_text()
    blocks = re.findall(r"```console\n(.*?)```", page, re.S)
    lines = [x[2:] for b in blocks for x in b.splitlines() if x.startswith("$ erc ")]
    assert len(lines) >= 6
    shutil.copytree(ENCOUNTERS, tmp_path / "encounters")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("ERC_JOURNAL", str(tmp_path / "fight.journal.jsonl"))
    for line in lines:
        ran = erc(*shlex.split(line)[1:])
        assert ran.code == 0, (line, ran.err)


# --- messages that say the cause and the fix (issue 30) ----------------------------------

PIT = """erc: 1
combatants:
  - {name: Hero, side: party, species: human, ac: 12, body: 20,
     attributes: {strength: 4, agility: 4}, pools: {primary: 2},
     weapons: [{name: gladius, kind: melee, weight: medium, damage_type: edged}]}
  - {name: Big Brute, side: foes, species: human, ac: 12, body: 20,
     attributes: {strength: 4, agility: 4}, pools: {primary: 1},
     weapons: [{name: war club, kind: melee, weight: medium, damage_type: blunt}]}
  - {name: Big Boss, side: foes, species: human, ac: 10, body: 10,
     attributes: {strength: 2, agility: 2}, pools: {primary: 1},
     weapons: [{name: staff, kind: melee, weight: medium, damage_type: blunt}]}
"""


def test_a_disarmed_attacker_is_pointed_to_pick_up(erc: Any, tmp_path: Path) -> None:
    """R8.3, R12.4: a disarmed weapon "lies where it was flung: `erc pick-up NAME [WEAPON]`
    recovers it" (issue 30: the message said only "has no weapon for its primary pool")."""
    path = tmp_path / "pit.yaml"
    path.write_text(PIT)
    ok(erc, path, "roll-init", "--apply", "--rolls", "9,5,1")
    ok(erc, path, "disarm", "Hero", "Big Brute", "--no-resist", "--rolls", "20", "--apply")
    message = refused(erc, path, "no-weapon", "attack", "Big Brute", "Hero", "--apply")
    assert "war club lies on the ground" in message
    assert "erc pick-up 'Big Brute' 'war club' --apply" in message


def test_an_unquoted_name_with_a_space_gets_a_hint_to_quote(erc: Any, tmp_path: Path) -> None:
    """CONTRACT "an ambiguous or unknown name is an error that lists the candidates";
    issue 30: `erc attack Vessa Bandit 1` unquoted gave no hint to quote."""
    path = shipped(tmp_path, "ambush.yaml")
    message = refused(erc, path, "ambiguous-combatant", "attack", "Vessa", "Bandit", "1")
    assert "Bandit 1, Bandit 2, Bandit 3" in message and "in quotes" in message
    assert '"Bandit 1"' in message


def test_an_extra_word_of_a_name_gets_the_same_hint(erc: Any, tmp_path: Path) -> None:
    """Issue 30, a one-target command (Spellchrome's attack): `Thug 1` unquoted leaves an
    extra argument; the usage error says to quote a name with a space."""
    path = shipped(tmp_path, "spellchrome-warehouse.yaml")
    assert "goes in quotes" in refused(erc, path, "usage", "attack", "Wren", "Thug", "1")


def test_an_option_after_a_double_dash_gets_its_own_hint(erc: Any) -> None:
    """`erc roll -- -1d4 --seed 1`: after `--` the option is an argument; the usage error
    says to put options before `--` (not to quote a name)."""
    ran = erc("roll", "--json", "--", "-1d4", "--seed", "1")
    assert ran.code == 2 and "Traceback" not in ran.err
    message = ran.error["message"]
    assert "put options before --" in message and "quotes" not in message
    assert erc("roll", "--seed", "1", "--json", "--", "-1d4").code == 0


def test_odds_alone_with_erc_apply_is_answered_and_records_nothing(
    erc: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`ERC_APPLY=1` makes `--apply` the default, but `--odds` alone draws no dice: the odds
    are answered, with a warning that nothing was recorded; an `--apply` typed without
    `ERC_APPLY` is still `nothing-to-apply`."""
    path = shipped(tmp_path, "duel.yaml")
    ok(erc, path, "roll-init", "--apply", "--rolls", "5,10,6")
    before = journal(path).read_bytes()
    assert "--seed or --rolls" in refused(
        erc, path, "nothing-to-apply", "attack", "Kaela", "Ogre", "--odds", "--apply"
    )
    monkeypatch.setenv("ERC_APPLY", "1")
    ran = run(erc, path, "attack", "Kaela", "Ogre", "--odds")
    assert ran.code == 0, ran.err
    assert "applied" not in ran.json and ran.json["result"]["odds"]
    assert "nothing was recorded" in ran.err
    assert journal(path).read_bytes() == before


def test_suggestions_keep_the_files_spelling(erc: Any, tmp_path: Path) -> None:
    """Issue 30: suggestions came lowercased (`did you mean 'ogre'?`)."""
    path = shipped(tmp_path, "duel.yaml")
    assert "did you mean 'Kaela'?" in refused(erc, path, "unknown-combatant", "heal", "kaeal", "1")


def test_check_a_tab_no_combatants_and_warnings_before_ok(erc: Any, tmp_path: Path) -> None:
    """CONTRACT `check`: errors with line and column (issue 30: a tab gave "found character
    that cannot start any token"; a file with no combatants passed; `ok` came before the
    file's warnings)."""
    tab = tmp_path / "tab.yaml"
    tab.write_text("erc: 1\ncombatants:\n  - name: A\n\tbody: 3\n")
    ran = erc("check", str(tab))
    assert ran.code == 1
    assert f"{tab}:4:1: YAML syntax: a tab: tabs are not allowed for indentation" in ran.out
    empty = tmp_path / "empty.yaml"
    empty.write_text("erc: 1\ncombatants: []\n")
    ran = erc("check", str(empty))
    assert ran.code == 1 and "no combatants" in ran.out
    warned = tmp_path / "warned.yaml"
    warned.write_text(
        "erc: 1\nruleset: elysium\ncombatants:\n"
        "  - {name: A, hp: 10, skills: {swrod: 2}}\n  - {name: B, hp: 10}\n"
    )
    lines = erc("check", str(warned)).out.splitlines()
    first_warning = next(i for i, x in enumerate(lines) if "warning: " in x)  # EL-P1
    assert lines.index(f"{warned}: ok") == first_warning + 1


def test_sc_movement_after_a_full_attack_says_why(erc: Any, tmp_path: Path) -> None:
    """SC4.4: a full attack takes both actions; issue 30: `movement` then said only "20 ft
    is 20 ft short" without saying the full attack took the move action."""
    path = shipped(tmp_path, "spellchrome-warehouse.yaml")
    ok(erc, path, "roll-init", "--apply", "--seed", "3")
    ok(erc, path, "attack", "Wren", "Thug 1", "--full", "--apply", "--seed", "2")
    message = refused(erc, path, "not-enough-movement", "movement", "Wren", "--ft", "20")
    assert "a full attack" in message and "move action" in message


def test_check_no_combatants_has_its_line_and_column(erc: Any, tmp_path: Path) -> None:
    """Every message of `erc check` has a line and column where the file has one: an empty
    `combatants:` list is at its key (it had none)."""
    empty = tmp_path / "empty.yaml"
    empty.write_text("erc: 1\nname: nobody\ncombatants: []\n")
    ran = erc("check", str(empty), "--json")
    (error,) = ran.json["result"]["files"][0]["errors"]
    assert ran.code == 1 and (error["line"], error["column"]) == (3, 13)
    assert "no combatants" in error["message"]
