"""Human output of ``erc end-turn``."""

from __future__ import annotations

from collections.abc import Iterator

from erc.core.human import text
from erc.core.outcome import Outcome

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


def render(outcome: Outcome) -> Iterator[Any]:
    result = outcome.result
    verb = "ends" if outcome.applied else "would end"
    yield text(
        f"{result.name} {verb} its turn in round {result.round} (it had left: {result.had_left})"
    )
