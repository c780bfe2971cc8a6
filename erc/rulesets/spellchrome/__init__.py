"""Spellchrome (``ruleset: spellchrome``): seed 002's combat chapter, RULES-spellchrome.md
SC1-SC12 and its Parts 2 and 3."""

from __future__ import annotations

from erc.core.ruleset import Ruleset

RULESET = Ruleset(
    name="spellchrome",
    title="Spellchrome",
    package="erc.rulesets.spellchrome",
    commands=(
        ("roll-init", "roll_init:roll_init"),
        ("delay", "roll_init:delay"),
        ("attack", "attack:attack"),
        ("sneak", "attack:sneak"),
        ("competition", "competition:competition"),
        ("movement", "actions:movement"),
        ("cast", "actions:cast"),
        ("spend", "actions:spend"),
        ("damage", "adjust:damage"),
        ("heal", "adjust:heal"),
        ("condition", "adjust:condition"),
        ("ability", "ability:ability"),
        ("join", "join:join"),
        ("show", "show:show"),
    ),
    sources=(
        "rulesets/spellchrome/model.py",
        "rulesets/spellchrome/sets.py",
        "rulesets/spellchrome/format.py",
        "rulesets/spellchrome/from_file.py",
        "rulesets/spellchrome/build.py",
    ),
    fold_sources=(
        "rulesets/spellchrome/events.py",
        "rulesets/spellchrome/conditions.py",
        "rulesets/spellchrome/rules/initiative.py",
        "rulesets/spellchrome/rules/damage.py",
        "core/checks.py",
    ),
)
