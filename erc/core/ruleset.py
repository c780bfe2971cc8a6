"""What a ruleset is to the core and the CLI: its name, its commands, and where its parts
live. Every ruleset package follows one layout, so the core needs only the package name:

- ``<package>.model``: the frozen model (``erc.core.value`` classes); the cache thaws it;
- ``<package>.build``: ``SPEC`` (the file format, a msgspec Struct), ``cross_checks(doc)``,
  ``build(spec, path)`` and ``warnings(encounter, doc)`` (``erc check``: what is valid but
  would fail in play, placed by line and column through ``doc.mark``);
- ``<package>.events``: ``Tracker`` (the fold's state, ``erc.core.fold``) and its effect kinds;
- ``<package>.status``: ``status(loaded)``, ``erc status``'s result (an
  ``erc.core.status.FightView``, drawn by the one core renderer);
- ``<package>.conditions``: ``fight(state)``, who is next, whether the fight is over, who
  won (``erc.core.status.turns``);
- ``<package>.commands.<module>``: the commands, each a function returning a ``Mechanic``
  (``erc.core.mechanic``) or an ``Outcome``;
- ``<package>.render.<module>``: the human renderers;
- ``<package>.vocabulary``: ``values(command, param, encounter, given)``, the values an
  option or argument takes where the ruleset knows them (conditions, costs, weapons...), or
  None; shell completion asks (``Ruleset.values``).

The registry (``erc.rulesets``) is the one way in; nothing outside a ruleset imports its
insides by name.
"""

from __future__ import annotations

from erc.core import module
from erc.core.value import Value

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence
    from types import ModuleType
    from typing import Any


class Ruleset(Value):
    name: str
    """As an encounter file names it (``ruleset: er``)."""
    title: str
    package: str
    commands: tuple[tuple[str, str], ...]
    """``(command, "module:function")`` with the module relative to ``<package>.commands``."""
    sources: tuple[str, ...]
    """Files (relative to ``erc/``) a cached model depends on."""
    fold_sources: tuple[str, ...] = ()
    """Files (relative to ``erc/``) the fold runs besides the model's: the ruleset's
    ``events.py`` and what it imports (a journal snapshot is keyed by them)."""

    def part(self, name: str) -> ModuleType:
        found: ModuleType = module(f"{self.package}.{name}")
        return found

    def loader(self) -> ModuleType:
        return self.part("build")

    def model_module(self) -> ModuleType:
        return self.part("model")

    def events(self) -> ModuleType:
        return self.part("events")

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
        found: tuple[str, ...] | None = self.part("vocabulary").values(
            command, param, encounter, given or {}
        )
        return found

    def fight(self, state: Any) -> Any:
        """Who is next, whether the fight is over and who won, for a folded ``state``
        (``<package>.conditions.fight``, an ``erc.core.status.Turns``): pure, for anyone to
        call (``erc status``, ``roll-init``, ``erc simulate``)."""
        return self.part("conditions").fight(state)

    def command_names(self) -> tuple[str, ...]:
        return tuple(name for name, _ in self.commands)

    def command(self, name: str) -> str | None:
        """``"<package>.commands.<module>:<function>"`` for ``name``, or None."""
        for command, target in self.commands:
            if command == name:
                return f"{self.package}.commands.{target}"
        return None
