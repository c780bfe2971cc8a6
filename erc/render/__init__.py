"""Results to the user: the JSON envelope (``envelope``) or a human table (``human``)."""

from __future__ import annotations

from dataclasses import dataclass

from erc.dice import Roll
from erc.rules.model import Encounter, HouseRules

TYPE_CHECKING = False  # typing is not imported at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Any


@dataclass(frozen=True, slots=True)
class Outcome:
    """What one command produced: its result and how it was reached."""

    command: str
    result: Any
    encounter: Encounter | None = None
    seed: int | None = None
    rolls: tuple[Roll, ...] = ()
    applied: dict[str, Any] | None = None
    """With ``--apply``: the journal and the id of the event recorded."""

    @property
    def rules(self) -> HouseRules:
        return self.encounter.rules if self.encounter else HouseRules()
