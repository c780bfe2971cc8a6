"""``erc simulate`` on odd files and odd option mixes (a red-team pass): every one either
runs as a GM would expect or is exit 2 with a clear message, and ``--trace`` lines always
replay through ``erc batch``."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from erc.core.errors import ErcError
from tests.conftest import ENCOUNTERS, FIXTURES, ROOT

FIGHTER = (
    "ac: 10, body: 5, attributes: {strength: 2}, pools: {primary: 1}, "
    "weapons: [{name: s, kind: melee, weight: light, damage_type: edged}]"
)


def _file(tmp_path: Path, *combatants: str) -> Path:
    path = tmp_path / "fight.yaml"
    path.write_text("erc: 1\ncombatants:\n" + "".join(f"  - {{{c}}}\n" for c in combatants))
    return path


def _replayed_status(lines: list[str], path: Path, tmp_path: Path, erc: Any) -> Any:
    journal = tmp_path / "replay.jsonl"
    batch = subprocess.run(
        [sys.executable, "-m", "erc", "batch"],
        input="\n".join(lines) + "\n",
        capture_output=True,
        text=True,
        env={**os.environ, "ERC_JOURNAL": str(journal)},
        cwd=ROOT,
        check=False,
    )
    assert batch.returncode == 0, batch.stdout[-2000:]
    return erc("status", "-e", path, "--journal", journal, "--json").json["result"]


def test_trace_of_a_combatant_whose_name_starts_with_a_dash_replays(
    tmp_path: Path, erc: Any
) -> None:
    """A name may start with ``-`` (``-A``, ``-1``); its trace lines put the names after
    ``--``, where erc reads them as names, not options."""
    path = _file(tmp_path, f"name: -A, side: x, {FIGHTER}", f"name: B, side: y, {FIGHTER}")
    traced = erc("simulate", "-e", path, "--seed", "7", "--trace", "1", "--json")
    assert traced.code == 0, traced.err
    result = traced.json["result"]
    assert any(" -- " in line and line.endswith(" -A") for line in result["lines"])
    replayed = _replayed_status(result["lines"], path, tmp_path, erc)
    simulated = result["final_status"]
    replayed.pop("journal")
    simulated.pop("journal")
    assert replayed == simulated


def test_trace_lines_of_ordinary_names_keep_their_shape(erc: Any) -> None:
    """No ``--`` where no name needs it: the lines read as a GM would type them."""
    path = ENCOUNTERS / "duel.yaml"
    lines = erc("simulate", "-e", path, "--seed", "5", "--trace", "2", "--json").json["result"]
    assert not any(" -- " in line for line in lines["lines"])
    assert any(line.startswith(f"erc attack -e {path} Kaela ") for line in lines["lines"])


def test_a_sideless_combatant_named_like_a_side_is_refused_not_merged(
    tmp_path: Path, erc: Any
) -> None:
    """A combatant with no side is a side of its own; at the table (``erc status``) it is
    no ally of a side that has its name. The report names a sideless one's side by its
    name, so such a file cannot be told apart: exit 2, saying what to change (the fight was
    refused as one-sided, or played with the two as allies)."""
    wolf = f"name: Wolf, {FIGHTER}"
    hunter = f"name: Hunter, side: Wolf, {FIGHTER}"
    path = _file(tmp_path, wolf, hunter)
    assert erc("status", "-e", path, "--journal", tmp_path / "j.jsonl").code == 0
    for lines in ([wolf, hunter], [wolf, hunter, f"name: Bear, side: z, {FIGHTER}"]):
        path = _file(tmp_path, *lines)
        ran = erc("simulate", "-e", path, "-n", "5", "--json")
        assert ran.code == 2 and ran.out == ""
        assert ran.error["code"] == "side-clash"
        assert "Wolf" in ran.error["message"] and "give Wolf a side" in ran.error["message"]


def test_a_file_with_no_combatants_says_so(tmp_path: Path, erc: Any) -> None:
    path = tmp_path / "empty.yaml"
    path.write_text("erc: 1\ncombatants: []\n")
    ran = erc("simulate", "-e", path, "--json")
    assert ran.code == 2
    assert ran.error["code"] == "one-side"
    assert "no combatants" in ran.error["message"]


@pytest.mark.parametrize(
    "extra", [["--expect", "party>=0.99"], ["--expect", "monsters>=0"], ["--exact"]]
)
def test_trace_with_expect_or_exact_is_a_usage_error(extra: list[str], erc: Any) -> None:
    """``--trace K`` prints one fight instead of the run: an ``--expect`` beside it would go
    unchecked (exit 0 in CI whatever the odds) and ``--exact`` unshown, so the line is
    refused rather than half obeyed."""
    path = FIXTURES / "simulate" / "er-duel.yaml"
    if extra[0] == "--expect":
        path = ENCOUNTERS / "duel.yaml"
    ran = erc("simulate", "-e", path, "--seed", "1", "--trace", "2", *extra, "--json")
    assert ran.code == 2 and ran.out == ""
    assert ran.error["code"] == "usage"
    assert "--trace" in ran.error["message"] and extra[0] in ran.error["message"]


def test_expect_reads_a_side_whose_label_holds_the_sign_or_differs_only_in_case() -> None:
    """A side is any label: ``--expect`` splits at the last ``>=``, and a label given
    exactly is that side even where another differs from it only in case."""
    from erc.cli.commands.simulate import parse_expectations

    sides = ["a>=b", "Party", "party"]
    assert parse_expectations(["a>=b>=0.5"], sides) == [("a>=b", 0.5)]
    assert parse_expectations(["party>=0.25", "Party>=0.5"], sides) == [
        ("party", 0.25),
        ("Party", 0.5),
    ]
    assert parse_expectations(["PARTY>=1"], ["x", "Party"]) == [("Party", 1.0)]


UNARMED_DUELS = {
    "er": "  - {name: Monk, side: a, ac: 10, body: 5, attributes: {strength: 1}, pools: {}}\n"
    "  - {name: Guard, side: b, ac: 10, body: 30, attributes: {strength: 3}, "
    "pools: {primary: 1}, weapons: [{name: club, kind: melee, weight: light, "
    "damage_type: blunt}]}\n",
    "spellchrome": "  - {name: Monk, side: a, hp: 5}\n"
    "  - {name: Guard, side: b, hp: 30, abilities: {strength: 12}, bab: {melee: 2}, "
    "weapons: [{name: club, kind: melee, damage: 1d6}]}\n",
    "elysium": "  - {name: Monk, side: a, hp: 5}\n"
    "  - {name: Guard, side: b, hp: 30, skills: {club: 2}, "
    "weapons: [{name: club, skill: club, ap: 3, damage_score: 1}]}\n",
}


@pytest.mark.parametrize("ruleset", sorted(UNARMED_DUELS))
def test_exact_plays_an_unarmed_duel_as_the_simulation_does(
    ruleset: str, tmp_path: Path, erc: Any
) -> None:
    """R15.3 (SC-P16, EL-P18): a combatant with nothing to attack with gives its turn up:
    the simulation plays such a duel (the Guard wins), and ``--exact`` should give the
    Monk no chance rather than the attack command's refusal."""
    path = tmp_path / "unarmed.yaml"
    path.write_text(f"erc: 1\nruleset: {ruleset}\ncombatants:\n{UNARMED_DUELS[ruleset]}")
    ran = erc("simulate", "-e", path, "-n", "50", "--seed", "1", "--exact", "--json")
    assert ran.code == 0, ran.err
    result = ran.json["result"]
    assert result["sides"][1]["p_win"] == 1.0
    assert result["exact_duel"]["win"]["a"]["exact"] == "0/1"
    assert result["exact_duel"]["win"]["b"]["p"] > 0.99


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_long_run_reports_progress_every_few_fights(
    jobs: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 34: "a run longer than a second shows a progress bar": the bar learns of the
    fights as they end, a few at a time, however long the run (100,000 fights of the ambush
    took 20 s before the first word)."""
    from erc.core import simulate as sim

    monkeypatch.setattr(sim, "run_job", lambda job: [None] * (job.stop - job.start))
    monkeypatch.setattr(sim, "_results", lambda work, jobs: map(sim.run_job, work))
    chunks = sim.run(
        str(ENCOUNTERS / "ambush.yaml"), settings=sim.Settings(), seed=1, n=1_000_000, jobs=jobs
    )
    told = [len(fights) for fights in chunks]
    assert sum(told) == 1_000_000
    assert max(told) <= 200


def test_trace_header_shows_a_side_label_escaped_so_batch_reads_only_commands(
    tmp_path: Path, erc: Any
) -> None:
    """Issue 10: control characters in user text are never printed raw. A side label is any
    text (a newline included); the first line of ``--trace``'s human output, which ``erc
    batch`` skips as a comment, must stay one line, or the rest of the label is a command
    that ``erc simulate ... --trace K | erc batch`` runs."""
    strong = FIGHTER.replace("strength: 2", "strength: 9").replace("primary: 1", "primary: 3")
    path = _file(
        tmp_path,
        f'name: A, side: "x\\nerc new-fight --apply #", {strong}',
        f"name: B, side: y, {FIGHTER}",
    )
    ran = erc("simulate", "-e", path, "--seed", "1", "--trace", "1")
    assert ran.code == 0, ran.err
    lines = ran.out.splitlines()
    assert "wins" in lines[0] and "new-fight" in lines[0]
    assert all(line.startswith(("# ", "erc ")) for line in lines)
    assert not any(line.startswith("erc new-fight") for line in lines)


def test_a_run_is_added_up_as_it_goes() -> None:
    """A run keeps no fight (a run of 10 million fights held them all, 1.3 KB each): the
    report comes from the fights added up a job at a time, and it is the report of all of
    them together (the rounds' median and 90th percentile by nearest rank)."""
    from erc.core import simreport, simulate as sim

    path = str(ENCOUNTERS / "ambush.yaml")
    _, base, model = sim.loaded_parts(path)
    settings = sim.Settings()
    chunks = list(sim.run(path, settings=settings, seed=3, n=150, jobs=1))
    assert len(chunks) > 1
    fights = [f for chunk in chunks for f in chunk]
    tally = simreport.Tally(len(sim.sides_of(base)), len(base.combatants))
    for chunk in chunks:
        tally.add(chunk)
    result = simreport.report(base, model, tally, seed=3, settings=settings, wanted=())
    rounds = sorted(f.rounds for f in fights)
    assert result.n == len(fights) == 150
    assert result.fight_rounds.median == rounds[74]  # nearest rank: the 75th of 150
    assert result.fight_rounds.p90 == rounds[134]  # the 135th
    assert result.fight_rounds.mean == round(sum(rounds) / 150, 6)
    for i, who in enumerate(result.combatants):
        assert who.p_standing == round(sum(f.standing[i] for f in fights) / 150, 6)
        assert who.mean_damage_dealt == round(sum(f.dealt[i] for f in fights) / 150, 6)
    assert [s.wins for s in result.sides] == [
        sum(f.winner == k for f in fights) for k in range(len(result.sides))
    ]


def test_exact_refuses_a_duel_too_costly_to_work_out(monkeypatch: pytest.MonkeyPatch) -> None:
    """``--exact`` walks every pair of healths round by round: past ``MAX_EXACT_STEPS`` it
    stops with ``odds-too-costly`` (a duel of 1,000 Body a side ran for minutes, growing),
    and below it answers."""
    from fractions import Fraction

    from erc.core import simulate as sim

    turn = {damage: Fraction(1, 7) for damage in range(7)}
    duel = sim.Duel(
        a="a",
        b="b",
        health_a=12,
        health_b=12,
        a_to_b=turn,
        b_to_a=turn,
        p_a_first=Fraction(1, 2),
        keep=False,
    )
    a, b, draw = sim.exact(duel, 100)
    assert a == b and a + b + draw == 1
    monkeypatch.setattr(sim, "MAX_EXACT_STEPS", 1_000)
    with pytest.raises(ErcError) as refused:
        sim.exact(duel, 100)
    assert refused.value.code == "odds-too-costly"
    assert "simulate without --exact" in str(refused.value)


def test_the_envelope_reports_the_seed_a_run_drew(erc: Any) -> None:
    """CONTRACT "Options every resolving command takes": without ``--seed`` a seed is drawn
    and reported in the envelope, so the run can be repeated: ``simulate``'s envelope
    ``seed`` is the run's (it was null, the seed only in ``result.seed``), and the same
    seed given back gives the same report."""
    path = ENCOUNTERS / "duel.yaml"
    drawn = erc("simulate", "-e", path, "-n", "30", "--json").json
    assert isinstance(drawn["seed"], int) and drawn["seed"] == drawn["result"]["seed"]
    again = erc("simulate", "-e", path, "-n", "30", "--seed", str(drawn["seed"]), "--json")
    assert again.json == drawn
    traced = erc("simulate", "-e", path, "--seed", "9", "--trace", "2", "--json").json
    assert traced["seed"] == traced["result"]["seed"] == 9


DOWN_AT_START = {
    "er": (
        "  - {name: Monk, side: a, ac: 10, body: 5, body_current: 0, pools: {primary: 1}, "
        "weapons: [{name: s, kind: melee, weight: light, damage_type: edged}]}\n"
    ),
    "spellchrome": (
        "  - {name: Monk, side: a, hp: 5, hp_current: -2, bab: {melee: 1}, "
        "weapons: [{name: club, kind: melee, damage: 1d6}]}\n"
    ),
    "elysium": (
        "  - {name: Monk, side: a, hp: 5, hp_current: 0, skills: {club: 1}, "
        "weapons: [{name: club, skill: club, ap: 3, damage_score: 1}]}\n"
    ),
}


@pytest.mark.parametrize("ruleset", sorted(DOWN_AT_START))
def test_exact_of_a_duel_over_before_it_starts_is_the_standing_side(
    ruleset: str, tmp_path: Path, erc: Any
) -> None:
    """R15.4 (SC-P16, EL-P18): a duel whose one combatant is down in the file is over at
    once: the simulation gives the other side every fight in round 0, and ``--exact`` the
    same, exactly (not the attack command's ``cannot-act`` refusal of the downed one)."""
    guard = UNARMED_DUELS[ruleset].splitlines(keepends=True)[1]
    path = tmp_path / "over.yaml"
    path.write_text(f"erc: 1\nruleset: {ruleset}\ncombatants:\n{DOWN_AT_START[ruleset]}{guard}")
    ran = erc("simulate", "-e", path, "-n", "20", "--seed", "1", "--exact", "--json")
    assert ran.code == 0, ran.err
    result = ran.json["result"]
    assert result["sides"][1]["wins"] == 20 and result["fight_rounds"]["histogram"] == [[0, 20]]
    assert result["exact_duel"]["win"] == {
        "a": {"p": 0.0, "exact": "0/1"},
        "b": {"p": 1.0, "exact": "1/1"},
    }
    assert result["exact_duel"]["draw"]["exact"] == "0/1"


@pytest.mark.parametrize("columns", [80, 40])
def test_human_report_fits_the_terminal_and_shows_every_number_whole(
    columns: int, monkeypatch: pytest.MonkeyPatch, erc: Any
) -> None:
    """The report is read on a terminal (the issue: "a bar chart in the terminal"): at 80
    and at 40 columns no line is wider than the terminal, each bar of the rounds chart is
    one line with its share, and each combatant's numbers are shown whole (not "100.…")."""
    from rich.cells import cell_len

    monkeypatch.setenv("COLUMNS", str(columns))
    path = ENCOUNTERS / "duel.yaml"
    ran = erc("simulate", "-e", path, "-n", "40", "--seed", "1", "--max-rounds", "1")
    assert ran.code == 0, ran.err
    lines = ran.out.splitlines()
    assert all(cell_len(line) <= columns for line in lines), ran.out
    bars = [line for line in lines if "█" in line]
    assert bars == [line for line in bars if line.split()[0] == "1" and line.endswith("100.0%")]
    assert "…" not in ran.out, ran.out
    assert "a draw after 1 round" in ran.out and "1 rounds" not in ran.out


def test_exact_too_costly_is_refused_before_any_fight_is_played(
    monkeypatch: pytest.MonkeyPatch, erc: Any
) -> None:
    """The issue: "every bad input ... is exit 2 with a clear message": an ``--exact`` that
    cannot be worked out is refused at once, not after the whole run (a GM's ``-n 100000``
    played for minutes first, then exit 2)."""
    from erc.core import simulate as sim

    played: list[int] = []
    real = sim.run_job

    def counted(job: Any) -> Any:
        played.append(job.stop - job.start)
        return real(job)

    monkeypatch.setattr(sim, "run_job", counted)
    monkeypatch.setattr(sim, "MAX_EXACT_STEPS", 10)
    path = FIXTURES / "simulate" / "er-duel.yaml"
    ran = erc("simulate", "-e", path, "-n", "50", "--seed", "1", "--exact", "--json")
    assert ran.code == 2 and ran.error["code"] == "odds-too-costly"
    assert played == []


@pytest.mark.parametrize("text", ["party>=\uff11", "party>=0.\u0665", "party>=nan"])
def test_expect_chance_is_a_number_in_ascii_digits(text: str) -> None:
    """The issue: "a chance outside 0-1" is exit 2; ``float()`` alone read a full-width
    one (U+FF11) or an Arabic-Indic digit as a chance."""
    from erc.cli.commands.simulate import parse_expectations

    with pytest.raises(ErcError) as refused:
        parse_expectations([text], ["party", "monsters"])
    assert refused.value.code == "bad-expect"
    assert parse_expectations(["party>=1"], ["party"]) == [("party", 1.0)]


@pytest.mark.parametrize("text", [">=0.5", " >=0.5"])
def test_expect_naming_no_side_says_the_side_is_missing(text: str) -> None:
    """The issue: an ``--expect`` naming no side is exit 2 with a clear message: one that
    says the side is missing and how the option is written (it said "no side ''")."""
    from erc.cli.commands.simulate import parse_expectations

    with pytest.raises(ErcError) as refused:
        parse_expectations([text], ["party", "monsters"])
    assert refused.value.code == "bad-expect"
    message = str(refused.value)
    assert "''" not in message
    assert "no side before >=" in message and "party>=0.6" in message


@pytest.mark.parametrize(
    ("name", "fight"),
    [("ambush.yaml", 6), ("spellchrome-warehouse.yaml", 9), ("elysium-ogre.yaml", 4)],
)
def test_trace_of_a_random_target_fight_replays(
    name: str, fight: int, tmp_path: Path, erc: Any
) -> None:
    """The issue: "--trace K ... replayed through erc batch on a fresh journal they give the
    same final status", with ``--target random`` too (its picks come from the fight's own
    generator, not a rule die, so the lines carry them as plain names), in every ruleset."""
    path = ENCOUNTERS / name
    traced = erc(
        "simulate", "-e", path, "--seed", "4", "--trace", str(fight), "--target", "random", "--json"
    )
    assert traced.code == 0, traced.err
    result = traced.json["result"]
    replayed = _replayed_status(result["lines"], path, tmp_path, erc)
    simulated = result["final_status"]
    replayed.pop("journal")
    simulated.pop("journal")
    assert replayed == simulated
    assert replayed["over"] or result["round"] == 100


def test_exact_of_a_duel_with_both_down_is_a_draw() -> None:
    """R15.4: with both down in the file no side stands: over at once, a draw, as the
    simulation reports it (no winner)."""
    from fractions import Fraction

    from erc.core import simulate as sim

    nothing = {0: Fraction(1)}
    duel = sim.Duel("a", "b", 0, -3, nothing, nothing, Fraction(1, 2), False)
    assert sim.exact(duel, 100) == (0, 0, 1)
    standing = sim.Duel("a", "b", 4, 0, nothing, nothing, Fraction(1, 2), False)
    assert sim.exact(standing, 100) == (1, 0, 0)


def test_rounds_chart_groups_end_at_the_last_round_seen() -> None:
    """The rounds chart groups many rounds a bar; its last group ends at the last round a
    fight lasted (a draw at 100 rounds showed as "99-105", past ``--max-rounds``)."""
    from erc.cli.render.simulate import _Chart
    from erc.core.human import console

    out = console()
    with out.capture() as captured:
        out.print(_Chart(((1, 5), (100, 5)), 10))
    lines = captured.get().splitlines()
    assert lines[0].split()[0] == "1-7"
    assert lines[-1].split()[0] == "99-100"


def test_combatants_stay_a_table_where_a_long_name_only_wraps(
    monkeypatch: pytest.MonkeyPatch, erc: Any
) -> None:
    """At 80 columns the combatants are a table, a long name ("Shackled prisoner") wrapped
    at its space; at 40 a line each, nothing cut."""
    path = ENCOUNTERS / "stealth.yaml"
    monkeypatch.setenv("COLUMNS", "80")
    wide = erc("simulate", "-e", path, "-n", "10", "--seed", "1").out
    assert "┃ combatant" in wide and "│ Shackled " in wide and "…" not in wide
    monkeypatch.setenv("COLUMNS", "40")
    narrow = erc("simulate", "-e", path, "-n", "10", "--seed", "1").out
    assert "┃ combatant" not in narrow and "…" not in narrow
    assert "Shackled prisoner (prisoners): standing at end" in " ".join(narrow.split())


def test_a_long_side_label_is_never_cut(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, erc: Any
) -> None:
    """A side is any label: on a 40-column terminal a long one is folded over lines in the
    chances table, not cut to "TheObsi…" (a GM could not tell two such sides apart)."""
    path = _file(
        tmp_path,
        f"name: A, side: TheObsidianBrotherhood, {FIGHTER}",
        f"name: B, side: y, {FIGHTER}",
    )
    monkeypatch.setenv("COLUMNS", "40")
    ran = erc("simulate", "-e", path, "-n", "10", "--seed", "1")
    assert ran.code == 0, ran.err
    assert "…" not in ran.out
    chances = ran.out.split("└")[0]  # the first table: each side's chance
    folded = "".join(row.split("│")[1].strip() for row in chances.splitlines()[5:8])
    assert folded == "TheObsidianBrotherhood"


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_file_edited_during_a_run_does_not_change_the_run(
    jobs: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, erc: Any
) -> None:
    """A GM saves the file while a long run plays: the run goes on with the file as it was
    when it started (every fight the same file, so the report means one thing and is the
    same whatever ``--jobs`` says); it read the file again for each job, mixed two files'
    fights, and a combatant added meanwhile ended it with a traceback (IndexError)."""
    from erc.core import simulate as sim

    path = tmp_path / "live.yaml"
    original = (ENCOUNTERS / "duel.yaml").read_text()
    path.write_text(original)
    args = ["simulate", "-e", path, "-n", "300", "--seed", "1", "--jobs", jobs, "--json"]
    clean = erc(*args)
    assert clean.code == 0, clean.err
    real = sim._results
    added = "  - {name: Imp, side: monsters, ac: 10, body: 3, pools: {primary: 1}}\n"

    def edited_first(work: Any, jobs: int) -> Any:
        path.write_text(original.replace("body: 40", "body: 4") + added)
        return real(work, jobs)

    monkeypatch.setattr(sim, "_results", edited_first)
    path.write_text(original)
    ran = erc(*args)
    assert ran.code == 0, ran.err
    assert ran.json["result"] == clean.json["result"]
