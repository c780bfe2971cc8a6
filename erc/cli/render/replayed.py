"""Human output of a command whose ``--key`` was already applied."""

from __future__ import annotations

from collections.abc import Iterator

from erc.core.human import text
from erc.core.outcome import Outcome

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


def render(outcome: Outcome) -> Iterator[Any]:
    applied = outcome.applied or {}
    undone = " (since undone)" if applied.get("undone") else ""
    yield text(
        f"{outcome.command}: already applied as event {applied.get('event')}{undone}; "
        "nothing was recorded again (erc log shows it)"
    )
