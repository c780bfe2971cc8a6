"""``erc schema --output COMMAND``: which classes each command's ``--json`` envelope holds,
handed to the generator (``erc.core.outschema``).

A ruleset's commands declare their result classes in ``<package>.outputs`` (``RESULTS``,
``ODDS``), reached through ``Ruleset.outputs``; the shared commands' classes are here. Only
``erc schema --output`` imports this module.
"""

from __future__ import annotations

from erc import rulesets
from erc.cli.commands.check import CheckResult
from erc.cli.commands.journal import LogResult, UndoResult
from erc.cli.commands.table import NewFightResult, RenameResult
from erc.cli.commands.turn import EndTurnResult
from erc.cli.commands.undo_to import UndoToResult
from erc.core.errors import ErcError, did_you_mean
from erc.core.roller.roll import RollOdds, RollResult, Unrolled
from erc.core.simreport import SimulateResult, TraceResult

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from erc.core.outschema import Output
    from erc.core.ruleset import Ruleset

ERROR = "error"
"""``--output error``: the error envelope (stderr), not a command."""
_SHARED_RESULTS: dict[str, tuple[type, ...] | None] = {
    "status": None,  # each ruleset's own (its outputs.RESULTS)
    "log": (LogResult,),
    "undo": (UndoResult, UndoToResult),
    "rename": (RenameResult,),
    "new-fight": (NewFightResult,),
    "batch": None,  # its lines are the other commands' envelopes
    "check": (CheckResult,),
    "schema": (),  # a JSON Schema document: any JSON
    "roll": (RollResult, Unrolled),
    "simulate": (SimulateResult, TraceResult),
    "end-turn": (EndTurnResult,),
}
"""Every shared command (``erc.cli.registry.SHARED``, in its order; a test keeps the two
alike) -> the classes its ``result`` may be; None: not declared here."""
_APPLYING = ("undo", "rename", "end-turn")
"""Shared commands whose envelope may carry ``applied``: ``undo`` always records
(``erc.cli.RECORDING``), the others with ``--apply``."""
_SHARED_ODDS: dict[str, type] = {"roll": RollOdds}
"""``command -> class`` of ``result.odds`` (``--odds``)."""
_WITHOUT_ENCOUNTER = ("roll", "check", "schema")
_DICE = ("roll",)
_SEEDED = ("simulate",)
"""Shared commands whose envelope reports a seed but no dice: ``simulate``'s run seed (each
fight's dice come from it; the fights' dice are not listed)."""


def _settings(ruleset: Ruleset) -> type:
    """The class of the envelope's ``rules``: the ruleset's ``Encounter.rules``."""
    from erc.core.declared import annotations_of
    from erc.core.outschema import _resolve

    model: Any = ruleset.model_module()  # the module: its names resolve the annotation
    found: type = _resolve(annotations_of(model.Encounter)["rules"], model)
    return found


def ruleset_output(ruleset: Ruleset, command: str) -> Output:
    """The output of one of ``ruleset``'s commands (its own, or ``status``/``log``/``undo``)."""
    from erc.core.outschema import Output

    declared = ruleset.outputs()
    settings = _settings(ruleset)
    shared = _SHARED_RESULTS.get(command)
    if shared is not None:
        return Output(
            command=command,
            results=shared,
            ruleset=ruleset.name,
            settings=settings,
            seeded=command in _SEEDED,
            apply=command in _APPLYING,
        )
    function = ruleset.command(command)
    traits = getattr(function, "erc_traits", None)
    odds = declared.ODDS.get(command)
    return Output(
        command=command,
        results=declared.RESULTS[command],
        ruleset=ruleset.name,
        settings=settings,
        odds=odds,
        dice=bool(traits and traits.dice),
        apply=bool(traits and traits.apply),
    )


def shared_output(command: str) -> Output:
    """The output of a command that reads no encounter (``roll``, ``check``, ``schema``)."""
    from erc.core.outschema import Output

    return Output(
        command,
        _SHARED_RESULTS[command] or (),
        odds=_SHARED_ODDS.get(command),
        dice=command in _DICE,
    )


def names(ruleset: Ruleset) -> list[str]:
    """The commands of ``ruleset`` whose envelope has a schema (every one but ``batch``,
    whose lines are the others' envelopes)."""
    own = list(ruleset.command_names())
    return own + [n for n in _SHARED_RESULTS if n not in own]


def outputs(command: str, only: str | None = None) -> list[Output]:
    """The outputs ``command`` has, one per ruleset that offers it (or ``only``'s)."""
    if command in _WITHOUT_ENCOUNTER:
        return [shared_output(command)]
    chosen = [rulesets.get(only)] if only else [rulesets.get(n) for n in rulesets.available()]
    found = [ruleset_output(r, command) for r in chosen if command in names(r)]
    if found:
        return found
    every = sorted({n for n in rulesets.available() for n in names(rulesets.get(n))} | {ERROR})
    elsewhere = [n for n in rulesets.available() if command in names(rulesets.get(n))]
    if only and elsewhere:
        ruleset = rulesets.get(only)
        raise ErcError(
            "not-in-ruleset",
            f"{command} is not in the {ruleset.name} ruleset ({ruleset.title}); it is in "
            f"{' and '.join(elsewhere)}. The {ruleset.name} commands: "
            f"{', '.join(sorted(names(ruleset)))}",
        )
    raise ErcError(
        "usage",
        f"--output {command!r}: no such command{did_you_mean(command, every)}; one of: "
        f"{', '.join(every)}",
    )


def output_schema(command: str, only: str | None = None) -> dict[str, Any]:
    """``erc schema --output COMMAND [--ruleset NAME]``: the JSON Schema of the envelope."""
    from erc.core import outschema

    if only is not None:
        rulesets.get(only)  # an unknown one is an error with a did-you-mean
    suffix = f"-{only}" if only else ""
    if command == ERROR:
        return outschema.error_document()
    if command == "batch":
        lines: list[Output] = []
        chosen = [only] if only else list(rulesets.available())
        for name in chosen:
            ruleset = rulesets.get(name)
            for each in names(ruleset):
                if each != "batch" and each not in _WITHOUT_ENCOUNTER:
                    lines.append(ruleset_output(ruleset, each))
        lines += [shared_output(n) for n in _WITHOUT_ENCOUNTER]
        document = outschema.batch_document(lines)
        document["$id"] = document["$id"].replace("/batch.json", f"/batch{suffix}.json")
        return document
    found = outputs(command, only)
    title = f"erc {command} --json" + (f" ({only})" if only else "")
    return outschema.document(found, title=title, name=f"{command}{suffix}")
