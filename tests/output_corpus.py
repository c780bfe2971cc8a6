"""The corpus of real ``--json`` outputs that tests/core/test_json_types.py and
tests/core/test_output_schema.py read: every command of every ruleset run in this process on the
shipped encounters (copied, so their journals are private), dice forced with ``--seed`` and
``--rolls``, with ``--odds``, ``--apply`` and the journal commands (``status``, ``log``,
``undo``) after applied events, ``roll``, ``check``, ``schema``, ``batch`` and error envelopes.

Each ``Output`` is one JSON document as erc wrote it (stdout, or stderr for an error), with
the command line that made it, the ruleset and the command whose envelope it is.
"""

from __future__ import annotations

import contextlib
import io
import json
import shutil
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from erc.cli import run
from erc.cli.fast import spec_of
from tests.conftest import ENCOUNTERS

SEEDS = range(1, 9)
"""Seeds each preview runs with, so hits and misses, ties and nulls all appear."""


@dataclass(frozen=True)
class Output:
    args: tuple[str, ...]
    ruleset: str
    command: str
    """The envelope's command, or ``error`` for an error envelope."""
    document: Any
    batch: bool = False
    """A line of ``erc batch`` (its error envelope carries ``line`` and ``command``)."""


def _run(args: list[str], stdin: bytes | None = None) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    saved = sys.stdin
    if stdin is not None:
        sys.stdin = io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8")
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = run(args)
    finally:
        sys.stdin = saved
    return code, out.getvalue(), err.getvalue()


# --- what runs, per ruleset -------------------------------------------------------------
# ``(encounter, args)``: previews are run with every seed in SEEDS (unless they give
# ``--rolls`` or ``--odds`` alone); ``FIGHTS`` run once each, in order, with ``--apply``
# where they say so, so the journal commands see applied events of every kind.

ER_PREVIEWS: list[tuple[str, list[str]]] = [
    ("duel.yaml", ["roll-init"]),
    ("ambush.yaml", ["roll-init", "--surprise", "--trigger", "Vessa", "--foreknowledge", "Bandit"]),
    ("ambush.yaml", ["roll-init", "--surprise", "--trigger", "Vessa", "--silent"]),
    ("duel.yaml", ["attack", "Kaela", "Ogre"]),
    ("duel.yaml", ["attack", "Kaela", "Ogre", "--advantage"]),
    ("duel.yaml", ["attack", "Kaela", "Ogre", "--disadvantage"]),
    ("duel.yaml", ["attack", "Ogre", "Kaela", "Fenn"]),
    ("duel.yaml", ["attack", "Ogre", "Kaela", "Fenn", "--split", "1,1"]),
    ("duel.yaml", ["attack", "Fenn", "Ogre", "--odds"]),
    ("duel.yaml", ["attack", "Kaela", "Ogre", "--odds"]),
    ("stealth.yaml", ["sneak", "Pip", "Gate guard 1", "--stealth-dc", "15"]),
    ("stealth.yaml", ["sneak", "Pip", "Gate guard 1", "--drop"]),
    ("stealth.yaml", ["sneak", "Pip", "Gate guard 1", "--odds"]),
    ("ambush.yaml", ["sneak", "Vessa", "Thorin"]),
    ("ambush.yaml", ["drop", "Vessa", "Mira", "--held", "6", "--rounds", "1"]),
    ("ambush.yaml", ["drop", "Vessa", "Mira", "--held", "6", "--no-resist"]),
    ("ambush.yaml", ["drop", "Vessa", "Mira", "--holder-damaged", "body"]),
    ("ambush.yaml", ["drop", "Vessa", "Brother Aldo", "--held", "6", "--foul-play"]),
    ("stealth.yaml", ["competition", "Pip", "Gate guard 1", "--entering", "Pip"]),
    ("stealth.yaml", ["competition", "Pip", "Gate guard 1", "--attr", "Pip=agility", "--odds"]),
    ("duel.yaml", ["competition", "Kaela", "Ogre", "--item", "--advantage", "Kaela"]),
    ("duel.yaml", ["competition", "Kaela", "Ogre", "--no-action", "Ogre"]),
    ("duel.yaml", ["competition", "Kaela", "Ogre", "--mod", "Kaela=2", "--odds"]),
    ("ambush.yaml", ["disarm", "Bandit 1", "Brother Aldo"]),
    ("ambush.yaml", ["disarm", "Bandit 1", "Brother Aldo", "--lock"]),
    ("ambush.yaml", ["disarm", "Bandit 1", "Brother Aldo", "--no-resist", "--advantage"]),
    ("ambush.yaml", ["disarm", "Bandit 1", "Brother Aldo", "--odds"]),
    ("ambush.yaml", ["disarm", "Bandit 1", "Brother Aldo", "--lock", "--odds"]),
    ("stealth.yaml", ["movement", "Pip", "--sneak-approach", "--hexes", "4"]),
    ("ambush.yaml", ["movement", "Brother Aldo", "--condition", "prone", "--cost", "stand-up"]),
    ("ambush.yaml", ["movement", "Thorin", "--condition", "surprised"]),
    ("stealth.yaml", ["perceive", "Pip", "--scan"]),
    ("ambush.yaml", ["perceive", "Mira", "--advantage"]),
    ("ambush.yaml", ["perceive", "Thorin", "--disadvantage", "--dc", "10"]),
    ("stealth.yaml", ["perceive", "Captain Orsk"]),
    ("duel.yaml", ["damage", "Ogre", "5", "--type", "fire"]),
    ("duel.yaml", ["heal", "Ogre", "5"]),
    ("duel.yaml", ["condition", "Ogre", "prone", "blind"]),
    ("duel.yaml", ["condition", "Ogre", "charmed", "--by", "Kaela", "--rounds", "2"]),
    ("duel.yaml", ["spend", "Kaela", "--action", "--reaction", "--ft", "10"]),
    ("ambush.yaml", ["feat", "Thorin", "strength", "--comp", "12"]),
    ("ambush.yaml", ["feat", "Thorin", "will", "--comp", "15", "--preservation", "--advantage"]),
    ("ambush.yaml", ["feat", "Mira", "agility", "--comp", "10", "--odds"]),
    ("ambush.yaml", ["show", "Thorin"]),
    ("duel.yaml", ["show", "Ogre"]),
]
ER_FIGHT: list[tuple[str, list[str]]] = [
    ("duel.yaml", ["simulate", "-n", "20", "--seed", "1", "--expect", "monsters>=0.5"]),
    ("duel.yaml", ["simulate", "--seed", "1", "--trace", "2"]),
    ("duel.yaml", ["status"]),
    ("duel.yaml", ["log"]),
    ("duel.yaml", ["roll-init", "--apply", "--seed", "3"]),
    ("duel.yaml", ["end-turn", "Fenn"]),
    ("duel.yaml", ["attack", "Kaela", "Ogre", "--apply", "--seed", "1"]),
    ("duel.yaml", ["disarm", "Ogre", "Kaela", "--lock", "--apply", "--rolls", "20,1,12,12"]),
    ("duel.yaml", ["status"]),
    ("duel.yaml", ["free", "Kaela"]),
    ("duel.yaml", ["roll-init", "--apply", "--seed", "4"]),  # R8.2: paid by its next action
    ("duel.yaml", ["free", "Kaela", "--drop"]),  # or dropped, with its reaction
    ("duel.yaml", ["free", "Kaela", "--apply"]),
    ("duel.yaml", ["movement", "Fenn", "--hexes", "2", "--apply"]),
    ("duel.yaml", ["end-turn", "Fenn", "--apply"]),
    ("duel.yaml", ["condition", "Ogre", "prone", "--apply"]),
    ("duel.yaml", ["damage", "Fenn", "3", "--apply", "--key", "k1"]),
    ("duel.yaml", ["damage", "Fenn", "3", "--apply", "--key", "k1"]),
    ("duel.yaml", ["heal", "Fenn", "1", "--apply"]),
    ("duel.yaml", ["spend", "Fenn", "--reaction", "--apply"]),
    ("duel.yaml", ["status"]),
    ("duel.yaml", ["log"]),
    ("duel.yaml", ["undo"]),
    ("duel.yaml", ["status"]),
    ("ambush.yaml", ["disarm", "Vessa", "Brother Aldo", "--apply", "--rolls", "20,1,12,12"]),
    ("ambush.yaml", ["pick-up", "Brother Aldo"]),
    ("ambush.yaml", ["pick-up", "Bandit 2", "mace", "--apply"]),  # up for grabs (seed 001)
    ("ambush.yaml", ["status"]),
    ("ambush.yaml", ["undo"]),
    ("ambush.yaml", ["pick-up", "Brother Aldo", "mace", "--apply"]),
    ("ambush.yaml", ["roll-init", "--surprise", "--trigger", "Vessa", "--apply", "--seed", "5"]),
    ("ambush.yaml", ["sneak", "Vessa", "Thorin", "--drop", "--apply", "--seed", "2"]),
    ("ambush.yaml", ["status"]),
    ("ambush.yaml", ["drop", "Vessa", "Thorin", "--holder-damaged", "mind", "--seed", "4"]),
    ("ambush.yaml", ["roll-init", "--apply", "--seed", "5"]),
    ("ambush.yaml", ["drop", "Vessa", "Thorin", "--apply", "--seed", "2"]),
    ("ambush.yaml", ["perceive", "Mira", "--dc", "17", "--apply", "--rolls", "20"]),
    ("ambush.yaml", ["status"]),
    ("ambush.yaml", ["log"]),
    ("ambush.yaml", ["undo"]),
    ("ambush.yaml", ["undo"]),
    ("ambush.yaml", ["status"]),
]
ER_ERRORS: list[tuple[str, list[str]]] = [
    ("duel.yaml", ["simulate", "--exact"]),
    ("duel.yaml", ["attack", "Kaela", "Nobody"]),
    ("duel.yaml", ["attack", "Kaela", "Ogre", "--rolls", "21"]),
    ("duel.yaml", ["attack", "Kaela", "Ogre", "--rolls", "1"]),
    ("duel.yaml", ["movement", "Fenn", "--hexes", "99"]),
    ("duel.yaml", ["trip", "Kaela", "Ogre"]),
    ("duel.yaml", ["attack", "Kaela", "Ogre", "--bogus"]),
    ("duel.yaml", ["undo", "--journal", "/nonexistent/dir/j.jsonl"]),
    ("duel.yaml", ["attack", "Kaela", "Ogre", "--seed", "x"]),
    ("bad/broken.yaml", ["attack", "A", "B"]),
]

SC = "spellchrome-warehouse.yaml"
SC_PREVIEWS: list[tuple[str, list[str]]] = [
    (SC, ["roll-init"]),
    (SC, ["roll-init", "--bonus", "Vex=4", "--bonus", "foes=2"]),
    (SC, ["attack", "Vex", "Sentinel", "--distance", "80"]),
    (SC, ["attack", "Vex", "Sentinel", "--full"]),
    (SC, ["attack", "Vex", "Sentinel", "--full", "--odds"]),
    (SC, ["attack", "Wren", "Thug 1", "--with", "dart", "--distance", "25"]),
    (SC, ["attack", "Sentinel", "Wren", "--touch", "--flat-footed", "--mod", "2"]),
    (SC, ["attack", "Thug 1", "Lookout", "--damage-mod", "-3"]),
    (SC, ["sneak", "Wren", "Lookout", "--with", "stiletto"]),
    (SC, ["sneak", "Wren", "Thug 2", "--with", "stiletto", "--victim-aware", "--odds"]),
    (SC, ["competition", "Sentinel", "Wren", "--attr", "Wren=dexterity"]),
    (SC, ["competition", "Sentinel", "Wren", "--mod", "Wren=4", "--odds"]),
    (SC, ["movement", "Wren", "--ft", "45", "--double"]),
    (SC, ["movement", "Vex", "--ft", "10"]),
    (SC, ["cast", "Wren", "--spell", "chrome ward", "--range", "30", "--distance", "20"]),
    (SC, ["cast", "Wren", "--null"]),
    (SC, ["spend", "Vex", "--standard", "--move"]),
    (SC, ["damage", "Sentinel", "15"]),
    (SC, ["heal", "Thug 1", "1"]),
    (SC, ["condition", "Thug 1", "bound", "--rounds", "1"]),
    (SC, ["ability", "Vex", "dexterity", "--dc", "15"]),
    (SC, ["ability", "Lookout", "strength", "--dc", "15"]),
    (SC, ["ability", "Vex", "strength", "--dc", "12", "--mod", "2", "--odds"]),
    (SC, ["show", "Vex"]),
]
SC_FIGHT: list[tuple[str, list[str]]] = [
    (SC, ["simulate", "-n", "10", "--seed", "1"]),
    (SC, ["simulate", "--seed", "1", "--trace", "1"]),
    (SC, ["status"]),
    (SC, ["roll-init", "--apply", "--seed", "4"]),
    (SC, ["delay", "Vex", "--after", "Sentinel"]),
    (SC, ["delay", "Vex", "--after", "Sentinel", "--apply"]),
    (SC, ["attack", "Vex", "Sentinel", "--apply", "--seed", "1"]),
    (SC, ["attack", "Wren", "Sentinel", "--apply", "--seed", "2"]),
    (SC, ["movement", "Wren", "--ft", "10", "--apply"]),
    (SC, ["cast", "Thug 2", "--null", "--apply"]),
    (SC, ["damage", "Thug 1", "20", "--apply"]),
    (SC, ["condition", "Thug 2", "bound", "--apply"]),
    (SC, ["spend", "Sentinel", "--standard", "--apply"]),
    (SC, ["end-turn", "Sentinel", "--apply"]),
    (SC, ["status"]),
    (SC, ["log"]),
    (SC, ["undo"]),
    (SC, ["roll-init", "--apply", "--seed", "4"]),
    (SC, ["status"]),
]
SC_ERRORS: list[tuple[str, list[str]]] = [
    (SC, ["attack", "Vex", "Sentinel", "--distance", "900"]),
    (SC, ["disarm", "Vex", "Sentinel"]),
    (SC, ["attack", "Lookout", "Vex"]),
    (SC, ["roll-init", "--bonus", "Vex=40"]),
]

EL = "elysium-ogre.yaml"
MOD_ODDS = ("--check", "Ogre=hold", "--mod", "Kharza=2", "--odds")
EL_PREVIEWS: list[tuple[str, list[str]]] = [
    (EL, ["roll-init"]),
    (EL, ["attack", "Kharza", "Ogre"]),
    (EL, ["attack", "Kharza", "Ogre", "--with", "whip", "--odds"]),
    (EL, ["attack", "Ogre", "Kharza", "--charge", "--move-ft", "5"]),
    (EL, ["attack", "Ogre", "Beldo", "--charge", "--move-ft", "5", "--defense", "parry"]),
    (EL, ["attack", "Ogre", "Beldo", "--defense", "dodge", "--mod", "2"]),
    (EL, ["sneak", "Kharza", "Ogre"]),
    (EL, ["sneak", "Kharza", "Ogre", "--odds"]),
    (EL, ["disarm", "Kharza", "Beldo", "--with", "whip"]),
    (EL, ["disarm", "Kharza", "Ogre", "--with", "fists", "--take"]),
    (EL, ["disarm", "Kharza", "Beldo", "--odds"]),
    (EL, ["trip", "Kharza", "Beldo"]),
    (EL, ["trip", "Ogre", "Kharza", "--overrun", "--move-ft", "5"]),
    (EL, ["trip", "Kharza", "Beldo", "--odds"]),
    (EL, ["feint", "Kharza", "Ogre"]),
    (EL, ["feint", "Kharza", "Ogre", "--odds"]),
    (EL, ["grab", "Ogre", "Beldo"]),
    (EL, ["grab", "Ogre", "Beldo", "--odds"]),
    (EL, ["defend", "Beldo", "--ap", "2"]),
    (EL, ["social", "intimidate", "Beldo", "Ogre"]),
    (EL, ["social", "taunt", "Ogre", "Kharza"]),
    (EL, ["social", "negotiate", "Beldo", "Ogre"]),
    (EL, ["social", "intimidate", "Beldo", "Ogre", "--odds"]),
    (EL, ["cast", "Kharza", "Ogre", "--spell", "Immolate", "--level", "2"]),
    (EL, ["cast", "Kharza", "Ogre", "--spell", "Immolate", "--level", "1", "--odds"]),
    (EL, ["competition", "Kharza", "Ogre", "--check", "Kharza=hold", "--check", "Ogre=hold"]),
    (EL, ["competition", "Kharza", "Ogre", "--check", "Kharza=agility", *MOD_ODDS]),
    (EL, ["movement", "Kharza", "--ft", "10"]),
    (EL, ["movement", "Kharza", "--ap", "2"]),
    (EL, ["spend", "Kharza", "--ap", "1"]),
    (EL, ["spend", "Kharza", "--ap", "2", "--for", "consumable"]),
    (EL, ["damage", "Ogre", "5"]),
    (EL, ["heal", "Beldo", "2"]),
    (EL, ["condition", "Ogre", "prone", "unaware"]),
    (EL, ["skill", "Kharza", "athletics", "--vs", "12"]),
    (EL, ["skill", "Beldo", "lore", "--vs", "8", "--ap", "2"]),
    (EL, ["skill", "Kharza", "agility", "--vs", "9", "--odds"]),
    (EL, ["show", "Kharza"]),
]
EL_FIGHT: list[tuple[str, list[str]]] = [
    (EL, ["simulate", "-n", "10", "--seed", "1", "--target", "strongest"]),
    (EL, ["simulate", "--seed", "1", "--trace", "1"]),
    (EL, ["status"]),
    (EL, ["roll-init", "--apply", "--seed", "6"]),
    (EL, ["grab", "Ogre", "Beldo", "--apply", "--rolls", "10,1"]),
    (EL, ["status"]),
    (EL, ["escape", "Beldo", "--with", "escape", "--seed", "1"]),
    (EL, ["escape", "Beldo", "--odds"]),
    (EL, ["roll-init", "--apply", "--seed", "6"]),
    (EL, ["grab", "Ogre", "Beldo", "--squeeze", "--rolls", "10,1"]),
    (EL, ["grab", "Ogre", "Beldo", "--throw", "--rolls", "10,1"]),
    (EL, ["grab", "Ogre", "Beldo", "--move", "10", "--rolls", "10,1"]),
    (EL, ["grab", "Ogre", "Beldo", "--pry", "scythe", "--rolls", "10,1"]),
    (EL, ["grab", "Ogre", "Beldo", "--release"]),
    (EL, ["escape", "Beldo", "--apply", "--rolls", "1,10"]),
    (EL, ["feint", "Kharza", "Ogre", "--apply", "--rolls", "10,1"]),
    (EL, ["attack", "Kharza", "Ogre", "--apply", "--rolls", "10,1"]),
    (EL, ["social", "taunt", "Ogre", "Kharza", "--apply", "--rolls", "10,1"]),
    (EL, ["defend", "Beldo", "--ap", "1", "--apply"]),
    (EL, ["grab", "Ogre", "Beldo", "--release", "--apply"]),
    (EL, ["movement", "Ogre", "--ft", "5", "--apply"]),
    (EL, ["disarm", "Kharza", "Beldo", "--with", "whip", "--apply", "--rolls", "10,1"]),
    (EL, ["spend", "Beldo", "--ap", "1", "--apply"]),
    (EL, ["pick-up", "Beldo", "scythe", "--ap", "1", "--apply"]),
    (EL, ["status"]),
    (EL, ["roll-init", "--apply", "--seed", "6"]),
    (
        EL,
        ["cast", "Kharza", "Ogre", "--spell", "Immolate", "--level", "1", "--apply", "--seed", "3"],
    ),
    (EL, ["trip", "Ogre", "Kharza", "--apply", "--rolls", "10,1"]),
    (EL, ["heal", "Beldo", "1", "--apply"]),
    (EL, ["condition", "Kharza", "prone", "--apply"]),
    (EL, ["roll-init", "--apply", "--seed", "6"]),
    (EL, ["end-turn", "Ogre"]),
    (EL, ["end-turn", "Ogre", "--apply"]),
    (EL, ["damage", "Ogre", "50", "--apply"]),  # over (R14.7): what follows is warned
    (
        EL,
        [
            "attack",
            "Kharza",
            "Beldo",
            "--charge",
            "--move-ft",
            "5",
            "--defense",
            "dodge",
            "--apply",
            "--rolls",
            "1,10",
        ],
    ),
    (EL, ["trip", "Beldo", "Kharza", "--sidestep", "--apply", "--rolls", "5,5"]),
    (EL, ["status"]),
    (EL, ["log"]),
    (EL, ["undo"]),
    (EL, ["status"]),
]
EL_ERRORS: list[tuple[str, list[str]]] = [
    (EL, ["drop", "Kharza", "Ogre"]),
    (EL, ["cast", "Kharza", "Ogre", "--spell", "Immolate", "--level", "9"]),
    (EL, ["attack", "Kharza", "Ogre", "--rolls", "11,1"]),
    (EL, ["spend", "Kharza", "--ap", "99"]),
    (EL, ["social", "negotiate", "Beldo", "Ogre", "--immune"]),
    (EL, ["escape", "Beldo"]),
]

SHARED: list[list[str]] = [
    ["roll", "3d20+4"],
    ["roll", "3d20+4", "--vs", "14"],
    ["roll", "2d12kh1"],
    ["roll", "(2d6+1)-d4", "--rolls", "3,4,2"],
    ["roll", "d3"],
    ["roll", "3d6ro1e6mi2 [fire] + (1d20, 1d20)kh1 / 2", "--rolls", "1,6,3,4,1,8,13"],
    ["roll", "2d20kh1+5", "--odds", "--at-least", "15"],
    ["roll", "3d20+4", "--vs", "14", "--odds", "--seed", "3"],
    ["roll", "1d2e2", "--odds"],
    ["schema"],
    ["schema", "--ruleset", "elysium"],
]
SHARED_ERRORS: list[list[str]] = [
    ["roll", "3x"],
    ["roll", "1d1e1"],
    ["roll", "1d6/(1d1-1)", "--seed", "2"],
    ["roll", "d20", "--rolls", "30"],
    ["schema", "--ruleset", "nope"],
    ["check"],
    ["attack", "A", "B"],
]


def takes_dice(ruleset: str, command: str) -> bool:
    """Whether ``command`` takes ``--seed`` (its declared line under the ruleset)."""
    spec = spec_of(ruleset, command)
    return spec is not None and "--seed" in spec.options


def _previews(
    ruleset: str, folder: Path, entries: list[tuple[str, list[str]]]
) -> Iterator[tuple[str, list[str]]]:
    for name, args in entries:
        path = str(folder / name)
        if "--rolls" in args or not takes_dice(ruleset, args[0]):
            yield path, args
            continue
        if "--odds" in args:
            yield path, args  # alone: no dice
        for seed in SEEDS:
            yield path, [*args, "--seed", str(seed)]


def _document(args: list[str], code: int, out: str, err: str) -> Any:
    if code == 0 or (code == 1 and args[0] == "check"):
        return json.loads(out)
    assert code == 2 and out == "", (args, code, out, err)
    return json.loads(err)


def outputs(tmp: Path) -> list[Output]:
    """Every output of the corpus, run in ``tmp`` (the encounters are copied there)."""
    folder = tmp / "encounters"
    shutil.copytree(ENCOUNTERS, folder)
    bad = folder / "bad" / "broken.yaml"
    bad.parent.mkdir()
    bad.write_text("erc: 1\ncombatants:\n  - {name: A, ac: x, body: 3, bogus: 1}\n")
    found: list[Output] = []

    def one(ruleset: str, path: str | None, args: list[str], expect_error: bool) -> None:
        line = [*args, "--json"] if "--format" not in args else args
        if path is not None and "-e" not in line:
            line += ["-e", path]
        code, out, err = _run(line)
        assert "Traceback" not in err, (line, err)
        assert expect_error == (code == 2), (line, code, out, err)
        document = _document(line, code, out, err)
        command = "error" if "error" in document else document["command"]
        found.append(Output(tuple(line), ruleset, command, document))

    for ruleset, previews, fight, errors in (
        ("er", ER_PREVIEWS, ER_FIGHT, ER_ERRORS),
        ("spellchrome", SC_PREVIEWS, SC_FIGHT, SC_ERRORS),
        ("elysium", EL_PREVIEWS, EL_FIGHT, EL_ERRORS),
    ):
        preview_journal = str(tmp / f"{ruleset}-preview.journal.jsonl")
        for path, args in _previews(ruleset, folder, previews):
            one(ruleset, path, [*args, "--journal", preview_journal], False)
        for name, args in errors:
            one(ruleset, str(folder / name), args, True)
        for name, args in fight:
            one(ruleset, str(folder / name), args, False)
    for ruleset, name, renamed, newcomer in TABLE:
        _table(one, tmp, folder / name, ruleset, renamed, newcomer)
    for args in SHARED:
        one("er", None, args, False)
    one("er", None, ["check", str(folder), "--format", "json"], False)
    one("er", None, ["check", str(folder / "duel.yaml"), "--strict"], False)
    one("er", None, ["check", str(folder / "missing.yaml")], False)
    for args in SHARED_ERRORS:
        one("er", None, args, True)
    found += _batch(folder)
    return found


TABLE = [
    ("er", "duel.yaml", ("Ogre", "Ogre Chief"), ("Kaela", "Grub")),
    (
        "spellchrome",
        SC,
        ("Vex", "Vex Prime"),
        ("Wren", "Drone"),
    ),
    ("elysium", EL, ("Beldo", "Beldo the Bold"), ("Kharza", "Goblin")),
]
"""Per ruleset: the file, a combatant renamed in its edited copy (old, new), and one whose
block is copied under a new name (a combatant added mid-fight: ``erc join``)."""


def _edited(path: Path, renamed: tuple[str, str], newcomer: tuple[str, str]) -> Path:
    """A copy of ``path`` as a GM edits it mid-fight: one renamed, one added."""
    text = path.read_text()
    start = text.index(f"  - name: {newcomer[0]}\n")
    end = text.find("\n  - name:", start + 1)
    block = text[start : end + 1 if end >= 0 else len(text)]
    text = text.replace(f"name: {renamed[0]}\n", f"name: {renamed[1]}\n", 1)
    added = block.replace(f"name: {newcomer[0]}", f"name: {newcomer[1]}", 1)
    edited = path.with_name(path.stem + "-edited.yaml")
    edited.write_text(text.rstrip("\n") + "\n" + added.rstrip("\n") + "\n")
    return edited


def _table(
    one: Any, tmp: Path, path: Path, ruleset: str, renamed: tuple[str, str], newcomer: Any
) -> None:
    """The table's journal commands on one fight: rename, join, undo --to, new-fight."""
    edited = str(_edited(path, renamed, newcomer))
    journal = ["--journal", str(tmp / f"{ruleset}-table.journal.jsonl")]
    old, new = renamed
    one(ruleset, str(path), ["roll-init", "--apply", "--seed", "1", *journal], False)
    one(ruleset, edited, ["status", *journal], True)  # journal-name-missing
    one(ruleset, edited, ["rename", old, new, *journal], False)
    one(ruleset, edited, ["rename", old, "Nobody", *journal], True)
    one(ruleset, edited, ["rename", old, new, "--apply", *journal], False)
    for seed in SEEDS:
        one(ruleset, edited, ["join", newcomer[1], "--seed", str(seed), *journal], False)
    one(ruleset, edited, ["join", newcomer[1], "--apply", "--seed", "1", *journal], False)
    one(ruleset, edited, ["join", newcomer[1], "--apply", "--seed", "1", *journal], True)
    one(ruleset, edited, ["show", newcomer[1], *journal], False)
    one(ruleset, edited, ["undo", "--to", "2", *journal], False)  # a preview
    one(ruleset, edited, ["undo", "--to", "2", "--apply", *journal], False)
    one(ruleset, edited, ["undo", "--to", "0", *journal], True)
    one(ruleset, edited, ["undo", *journal], False)
    one(ruleset, edited, ["log", *journal], False)
    one(ruleset, edited, ["new-fight", *journal], False)
    one(ruleset, edited, ["new-fight", "--apply", *journal], False)
    one(ruleset, edited, ["new-fight", *journal], False)
    one(ruleset, edited, ["join", newcomer[1], *journal], True)  # no round


def _batch(folder: Path) -> list[Output]:
    duel = str(folder / "duel.yaml")
    lines = [
        "# a comment",
        "attack Kaela Ogre --seed 1",
        "roll 2d6 --seed 2",
        "competition Kaela Ogre --seed 3",
        f"status -e {duel}",
        "attack Kaela Nobody --seed 1",
        "batch",
        "attack Kaela Ogre --help",
        f"attack Vex Sentinel --seed 1 -e {folder / SC}",
        f"feint Kharza Ogre --seed 1 -e {folder / EL}",
        "'unclosed",
    ]
    stdin = ("\n".join(lines) + "\n").encode()
    code, out, err = _run(["batch", "-e", duel], stdin)
    assert code == 2 and "Traceback" not in err, (code, err)
    found = []
    for text in out.splitlines():
        document = json.loads(text)
        if "error" in document:
            found.append(Output(("batch",), "er", "error", document, batch=True))
        else:
            ruleset = document["ruleset"] or "er"
            found.append(Output(("batch",), ruleset, document["command"], document, batch=True))
    return found


_collected: list[Output] = []


def collected(tmp_path_factory: pytest.TempPathFactory) -> list[Output]:
    """The corpus, run once per test session (both modules that read it share it)."""
    if not _collected:
        _collected.extend(outputs(tmp_path_factory.mktemp("corpus")))
    return _collected
