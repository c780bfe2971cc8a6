"""Enchanted Realms (``ruleset: er``, the default): seeds 000 and 001, RULES.md R1-R13."""

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
    from erc.rulesets.er import build

    return build


def _model() -> ModelPart:
    from erc.rulesets.er import model

    return model


def _events() -> EventsPart:
    from erc.rulesets.er import events

    return events


def _conditions() -> ConditionsPart:
    from erc.rulesets.er import conditions

    return conditions


def _status() -> StatusPart:
    from erc.rulesets.er import status

    return status


def _vocabulary() -> VocabularyPart:
    from erc.rulesets.er import vocabulary

    return vocabulary


def _simulate() -> SimulatePart:
    from erc.rulesets.er import simulate

    return simulate


def _outputs() -> OutputsPart:
    from erc.rulesets.er import outputs

    return outputs


# --- the commands -------------------------------------------------------------------------


def _command(name: str) -> Command | None:
    """The command function called ``name``, imported now; None for a name not in
    ``RULESET.commands``. One ``match`` for all: each function of this module costs every
    command line its loading."""
    found: Command
    match name:
        case "roll-init":
            from erc.rulesets.er.commands.roll_init import roll_init as found
        case "attack":
            from erc.rulesets.er.commands.attack import attack as found
        case "sneak":
            from erc.rulesets.er.commands.sneak import sneak as found
        case "drop":
            from erc.rulesets.er.commands.drop import drop as found
        case "competition":
            from erc.rulesets.er.commands.competition import competition as found
        case "disarm":
            from erc.rulesets.er.commands.disarm import disarm as found
        case "free":
            from erc.rulesets.er.commands.disarm import free as found
        case "movement":
            from erc.rulesets.er.commands.movement import movement as found
        case "perceive":
            from erc.rulesets.er.commands.perceive import perceive as found
        case "damage":
            from erc.rulesets.er.commands.adjust import damage as found
        case "heal":
            from erc.rulesets.er.commands.adjust import heal as found
        case "condition":
            from erc.rulesets.er.commands.adjust import condition as found
        case "pick-up":
            from erc.rulesets.er.commands.adjust import pick_up as found
        case "spend":
            from erc.rulesets.er.commands.adjust import spend as found
        case "feat":
            from erc.rulesets.er.commands.feat import feat as found
        case "join":
            from erc.rulesets.er.commands.join import join as found
        case "show":
            from erc.rulesets.er.commands.show import show as found
        case _:
            return None
    return found


RULESET = Ruleset(
    name="er",
    title="Enchanted Realms",
    package=__name__,
    commands=(
        "roll-init",
        "attack",
        "sneak",
        "drop",
        "competition",
        "disarm",
        "free",
        "movement",
        "perceive",
        "damage",
        "heal",
        "condition",
        "pick-up",
        "spend",
        "feat",
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
