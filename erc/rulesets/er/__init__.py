"""Enchanted Realms (``ruleset: er``, the default): seeds 000 and 001, RULES.md R1-R13."""

from __future__ import annotations

from erc.core.ruleset import Ruleset

RULESET = Ruleset(
    name="er",
    title="Enchanted Realms",
    package="erc.rulesets.er",
    commands=(
        ("roll-init", "roll_init:roll_init"),
        ("attack", "attack:attack"),
        ("sneak", "sneak:sneak"),
        ("drop", "drop:drop"),
        ("competition", "competition:competition"),
        ("disarm", "disarm:disarm"),
        ("free", "disarm:free"),
        ("movement", "movement:movement"),
        ("perceive", "perceive:perceive"),
        ("damage", "adjust:damage"),
        ("heal", "adjust:heal"),
        ("condition", "adjust:condition"),
        ("pick-up", "adjust:pick_up"),
        ("spend", "adjust:spend"),
        ("feat", "feat:feat"),
        ("join", "join:join"),
        ("show", "show:show"),
    ),
    sources=(
        "rulesets/er/model.py",
        "rulesets/er/sets.py",
        "rulesets/er/format.py",
        "rulesets/er/from_file.py",
        "rulesets/er/build.py",
    ),
    fold_sources=(
        "rulesets/er/events.py",
        "rulesets/er/conditions.py",
        "rulesets/er/rules/turns.py",
    ),
)
