"""What a ruleset is to the core and the CLI: its name, its commands, and its parts.

Each part is reached through a function of the ruleset's package (``<package>/__init__.py``)
that imports the part's module on first call, annotated with the module's shape
(``erc.core.parts``), so mypy checks every reference and nothing is imported before it is
needed:

- ``loader()``: ``<package>.build``, ``SPEC`` (the file format, a msgspec Struct),
  ``cross_checks(doc)``, ``build(spec, path)`` and ``warnings(encounter, doc)`` (``erc
  check``: what is valid but would fail in play, placed by line and column through
  ``doc.mark``);
- ``model_module()``: ``<package>.model``, the frozen model (``erc.core.value`` classes);
  the cache thaws it;
- ``events()``: ``<package>.events``, ``Tracker`` (the fold's state, ``erc.core.fold``) and
  its effect kinds;
- ``status()``: ``<package>.status``, ``status(loaded)``, ``erc status``'s result (an
  ``erc.core.status.FightView``, drawn by the one core renderer);
- ``conditions()``: ``<package>.conditions``, ``fight(state)``, who is next, whether the
  fight is over, who won (``erc.core.status.turns``);
- ``vocabulary()``: ``<package>.vocabulary``, ``values(command, param, encounter, given)``,
  the values an option or argument takes where the ruleset knows them (conditions, costs,
  weapons...), or None; shell completion asks (``Ruleset.values``);
- ``simulate()``: ``<package>.simulate``, ``MODEL``, its part of ``erc simulate``;
- ``outputs()``: ``<package>.outputs``, the classes of each command's ``--json`` result;
- ``command(name)``: the command function, imported from ``<package>.commands.<module>``
  (``commands``: their names); each returns a ``Mechanic`` (``erc.core.mechanic``) or an
  ``Outcome``, whose ``render`` reaches the human renderer (``<package>.render``) the same
  way.

The registry (``erc.rulesets``) is the one way in; nothing outside a ruleset imports its
insides by name.
"""

from __future__ import annotations

from erc.core.value import Value

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Mapping, Sequence
    from typing import Any

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


class Ruleset(Value):
    name: str
    """As an encounter file names it (``ruleset: er``)."""
    title: str
    package: str
    """The package's import name (its ``__name__``): the encounter generator writes its
    files there."""
    commands: tuple[str, ...]
    """Its commands' names, in the order help lists them."""
    command: Callable[[str], Command | None]
    """The command function called ``name``, imported now; None for a name not in
    ``commands`` (one ``match`` in the package's ``__init__``, each arm an import)."""
    loader: Callable[[], BuildPart]
    model_module: Callable[[], ModelPart]
    events: Callable[[], EventsPart]
    conditions: Callable[[], ConditionsPart]
    status: Callable[[], StatusPart]
    vocabulary: Callable[[], VocabularyPart]
    simulate: Callable[[], SimulatePart]
    outputs: Callable[[], OutputsPart]
    sources: tuple[str, ...]
    """Files (relative to ``erc/``) a cached model depends on."""
    fold_sources: tuple[str, ...] = ()
    """Files (relative to ``erc/``) the fold runs besides the model's: the ruleset's
    ``events.py`` and what it imports (a journal snapshot is keyed by them)."""

    def values(
        self,
        command: str,
        param: str,
        encounter: Any | None = None,
        given: Mapping[str, Sequence[str]] | None = None,
    ) -> tuple[str, ...] | None:
        """What ``param`` of ``command`` takes (``<package>.vocabulary.values``): a closed set
        of the rules, or names from ``encounter`` (``given``: what the line has so far, by
        parameter); None where the ruleset does not say."""
        return self.vocabulary().values(command, param, encounter, given or {})

    def fight(self, state: Any) -> Any:
        """Who is next, whether the fight is over and who won, for a folded ``state``
        (``<package>.conditions.fight``, an ``erc.core.status.Turns``): pure, for anyone to
        call (``erc status``, ``roll-init``, ``erc simulate``)."""
        return self.conditions().fight(state)

    def command_names(self) -> tuple[str, ...]:
        return self.commands
