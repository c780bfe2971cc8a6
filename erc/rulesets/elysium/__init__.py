"""Elysium (``ruleset: elysium``): seed 004 (the combat chapter), RULES-elysium EL1-EL13."""

from __future__ import annotations

from erc.core.ruleset import Ruleset

RULESET = Ruleset(
    name="elysium",
    title="Elysium",
    package="erc.rulesets.elysium",
    commands=(
        ("roll-init", "roll_init:roll_init"),
        ("attack", "attack:attack"),
        ("sneak", "attack:sneak"),
        ("disarm", "disarm:disarm"),
        ("trip", "trip:trip"),
        ("feint", "feint:feint"),
        ("grab", "grab:grab"),
        ("escape", "grab:escape"),
        ("defend", "defend:defend"),
        ("social", "social:social"),
        ("cast", "cast:cast"),
        ("competition", "competition:competition"),
        ("movement", "movement:movement"),
        ("spend", "adjust:spend"),
        ("pick-up", "adjust:pick_up"),
        ("damage", "adjust:damage"),
        ("heal", "adjust:heal"),
        ("condition", "adjust:condition"),
        ("skill", "skill:skill"),
        ("join", "join:join"),
        ("show", "show:show"),
    ),
    sources=(
        "rulesets/elysium/model.py",
        "rulesets/elysium/sets.py",
        "rulesets/elysium/format.py",
        "rulesets/elysium/from_file.py",
        "rulesets/elysium/build.py",
    ),
    fold_sources=(
        "rulesets/elysium/events.py",
        "rulesets/elysium/conditions.py",
    ),
)
