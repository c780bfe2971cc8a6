"""Elysium (``ruleset: elysium``): seed 004 (the combat chapter), RULES-elysium EL1-EL13."""

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
    from erc.rulesets.elysium import build

    return build


def _model() -> ModelPart:
    from erc.rulesets.elysium import model

    return model


def _events() -> EventsPart:
    from erc.rulesets.elysium import events

    return events


def _conditions() -> ConditionsPart:
    from erc.rulesets.elysium import conditions

    return conditions


def _status() -> StatusPart:
    from erc.rulesets.elysium import status

    return status


def _vocabulary() -> VocabularyPart:
    from erc.rulesets.elysium import vocabulary

    return vocabulary


def _simulate() -> SimulatePart:
    from erc.rulesets.elysium import simulate

    return simulate


def _outputs() -> OutputsPart:
    from erc.rulesets.elysium import outputs

    return outputs


# --- the commands -------------------------------------------------------------------------


def _command(name: str) -> Command | None:
    """The command function called ``name``, imported now; None for a name not in
    ``RULESET.commands``. One ``match`` for all: each function of this module costs every
    command line its loading."""
    found: Command
    match name:
        case "roll-init":
            from erc.rulesets.elysium.commands.roll_init import roll_init as found
        case "attack":
            from erc.rulesets.elysium.commands.attack import attack as found
        case "sneak":
            from erc.rulesets.elysium.commands.attack import sneak as found
        case "disarm":
            from erc.rulesets.elysium.commands.disarm import disarm as found
        case "trip":
            from erc.rulesets.elysium.commands.trip import trip as found
        case "feint":
            from erc.rulesets.elysium.commands.feint import feint as found
        case "grab":
            from erc.rulesets.elysium.commands.grab import grab as found
        case "escape":
            from erc.rulesets.elysium.commands.grab import escape as found
        case "defend":
            from erc.rulesets.elysium.commands.defend import defend as found
        case "social":
            from erc.rulesets.elysium.commands.social import social as found
        case "cast":
            from erc.rulesets.elysium.commands.cast import cast as found
        case "competition":
            from erc.rulesets.elysium.commands.competition import competition as found
        case "movement":
            from erc.rulesets.elysium.commands.movement import movement as found
        case "spend":
            from erc.rulesets.elysium.commands.adjust import spend as found
        case "pick-up":
            from erc.rulesets.elysium.commands.adjust import pick_up as found
        case "damage":
            from erc.rulesets.elysium.commands.adjust import damage as found
        case "heal":
            from erc.rulesets.elysium.commands.adjust import heal as found
        case "condition":
            from erc.rulesets.elysium.commands.adjust import condition as found
        case "skill":
            from erc.rulesets.elysium.commands.skill import skill as found
        case "join":
            from erc.rulesets.elysium.commands.join import join as found
        case "show":
            from erc.rulesets.elysium.commands.show import show as found
        case _:
            return None
    return found


RULESET = Ruleset(
    name="elysium",
    title="Elysium",
    package=__name__,
    commands=(
        "roll-init",
        "attack",
        "sneak",
        "disarm",
        "trip",
        "feint",
        "grab",
        "escape",
        "defend",
        "social",
        "cast",
        "competition",
        "movement",
        "spend",
        "pick-up",
        "damage",
        "heal",
        "condition",
        "skill",
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
