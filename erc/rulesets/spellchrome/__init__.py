"""Spellchrome (``ruleset: spellchrome``): seed 002's combat chapter, RULES-spellchrome.md
SC1-SC12 and its Parts 2 and 3."""

from __future__ import annotations

from erc.core.ruleset import Ruleset

TYPE_CHECKING = False
if TYPE_CHECKING:
    from erc.core.parts import (
        BuildPart,
        Command,
        ConditionsPart,
        EventsPart,
        ModelPart,
        OutputsPart,
        SimulatePart,
        StatusPart,
        VocabularyPart,
    )


# --- the parts, each imported on first call (erc.core.ruleset) -----------------------------


def _build() -> BuildPart:
    from erc.rulesets.spellchrome import build

    return build


def _model() -> ModelPart:
    from erc.rulesets.spellchrome import model

    return model


def _events() -> EventsPart:
    from erc.rulesets.spellchrome import events

    return events


def _conditions() -> ConditionsPart:
    from erc.rulesets.spellchrome import conditions

    return conditions


def _status() -> StatusPart:
    from erc.rulesets.spellchrome import status

    return status


def _vocabulary() -> VocabularyPart:
    from erc.rulesets.spellchrome import vocabulary

    return vocabulary


def _simulate() -> SimulatePart:
    from erc.rulesets.spellchrome import simulate

    return simulate


def _outputs() -> OutputsPart:
    from erc.rulesets.spellchrome import outputs

    return outputs


# --- the commands -------------------------------------------------------------------------


def _command(name: str) -> Command | None:
    """The command function called ``name``, imported now; None for a name not in
    ``RULESET.commands``. One ``match`` for all: each function of this module costs every
    command line its loading."""
    found: Command
    match name:
        case "roll-init":
            from erc.rulesets.spellchrome.commands.roll_init import roll_init as found
        case "delay":
            from erc.rulesets.spellchrome.commands.roll_init import delay as found
        case "attack":
            from erc.rulesets.spellchrome.commands.attack import attack as found
        case "sneak":
            from erc.rulesets.spellchrome.commands.attack import sneak as found
        case "competition":
            from erc.rulesets.spellchrome.commands.competition import competition as found
        case "movement":
            from erc.rulesets.spellchrome.commands.actions import movement as found
        case "cast":
            from erc.rulesets.spellchrome.commands.actions import cast as found
        case "spend":
            from erc.rulesets.spellchrome.commands.actions import spend as found
        case "damage":
            from erc.rulesets.spellchrome.commands.adjust import damage as found
        case "heal":
            from erc.rulesets.spellchrome.commands.adjust import heal as found
        case "condition":
            from erc.rulesets.spellchrome.commands.adjust import condition as found
        case "ability":
            from erc.rulesets.spellchrome.commands.ability import ability as found
        case "join":
            from erc.rulesets.spellchrome.commands.join import join as found
        case "show":
            from erc.rulesets.spellchrome.commands.show import show as found
        case _:
            return None
    return found


RULESET = Ruleset(
    name="spellchrome",
    title="Spellchrome",
    package=__name__,
    commands=(
        "roll-init",
        "delay",
        "attack",
        "sneak",
        "competition",
        "movement",
        "cast",
        "spend",
        "damage",
        "heal",
        "condition",
        "ability",
        "join",
        "show",
    ),
    command=_command,
    loader=_build,
    model_module=_model,
    events=_events,
    conditions=_conditions,
    status=_status,
    vocabulary=_vocabulary,
    simulate=_simulate,
    outputs=_outputs,
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
