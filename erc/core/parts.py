"""The shapes of what a ruleset hands the core and the CLI, for the type checker alone.

A ruleset reaches each part of its package through a function that imports it on first call
(``erc.core.ruleset.Ruleset``); a command's human table is reached the same way
(``Mechanic.render``). Each such function is annotated with one of these protocols, so mypy
checks every ruleset's module against what its callers use, and a reader (or an editor's
go-to-definition) follows the reference to the module. Nothing imports this module when erc
runs: it is read under ``if TYPE_CHECKING:`` only.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

from erc.core.encounter.yamlread import Document
from erc.core.errors import Problem
from erc.core.fold import Tracker
from erc.core.outcome import Drawing as Drawing, Lines as Lines, Renderer as Renderer
from erc.core.session import Loaded
from erc.core.simulate import Model
from erc.core.status import Turns


class BuildPart(Protocol):
    """``<package>.build``: the file format and the builder of the model."""

    @property
    def SPEC(self) -> type:
        """The file format (a msgspec Struct)."""

    def cross_checks(self, doc: Document) -> list[Problem]:
        """What the format alone cannot say (names that must exist...), placed by line."""

    def build(self, spec: Any, path: str | None) -> Any:
        """The frozen model of a valid file."""

    def warnings(self, encounter: Any, doc: Document) -> list[Problem]:
        """What is valid but would fail in play (``erc check``)."""


class ModelPart(Protocol):
    """``<package>.model``: the frozen model (``erc.core.value`` classes); the cache thaws
    it by class name."""

    @property
    def Encounter(self) -> type:
        """The whole file, ``rules`` included."""


class EventsPart(Protocol):
    """``<package>.events``: the fold's state (``erc.core.fold``) and its effect kinds."""

    @property
    def Tracker(self) -> type[Tracker]:
        """Folds the journal's events over the encounter."""


class ConditionsPart(Protocol):
    """``<package>.conditions``: who is next, whether the fight is over, who won."""

    def fight(self, state: Any) -> Turns:
        """For a folded ``state`` (``erc.core.status.turns``)."""


class StatusPart(Protocol):
    """``<package>.status``: ``erc status``'s result."""

    def status(self, loaded: Loaded) -> Any:
        """Every combatant's standing: an ``erc.core.status.FightView`` with the ruleset's
        own rows (``combatants``), drawn by the one core renderer."""


class VocabularyPart(Protocol):
    """``<package>.vocabulary``: the values an option or argument takes (completion)."""

    def values(
        self, command: str, param: str, encounter: Any, given: Mapping[str, Sequence[str]]
    ) -> tuple[str, ...] | None:
        """A closed set of the rules, or names from ``encounter``; None where unknown."""


class SimulatePart(Protocol):
    """``<package>.simulate``: the ruleset's part of the fight model (``erc simulate``)."""

    @property
    def MODEL(self) -> Model:
        """The one instance of the ruleset's ``erc.core.simulate.Model``."""


class OutputsPart(Protocol):
    """``<package>.outputs``: what each command writes as its ``--json`` ``result``."""

    @property
    def RESULTS(self) -> Mapping[str, tuple[type, ...]]:
        """Command -> its result classes (one per form of its output)."""

    @property
    def ODDS(self) -> Mapping[str, type]:
        """Command -> the class of its ``result.odds`` (``--odds``)."""


Command = Callable[..., Any]
"""A command function: a ruleset's takes the loaded encounter and its own options and
returns a ``Mechanic`` or an ``Outcome``; a shared one is called with its options alone."""
