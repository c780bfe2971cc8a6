"""What a ruleset's command hands the CLI: how to resolve one mechanic, and what it changes.

A command function (``<package>.commands``) parses nothing and prints nothing: given the
loaded encounter (``erc.core.session.Loaded``) and its own options, it checks its inputs and
returns a ``Mechanic``; the CLI draws the dice, resolves, records and renders it. So every
mechanic follows one convention for ``--odds`` (``odds()`` beside the result; alone, the
``unresolved()`` result and no dice) and for ``--apply`` (``effects(result)``).
"""

from __future__ import annotations

from erc.core.dice import DICE_BUDGET
from erc.core.value import Value

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Mapping, Sequence
    from typing import Any

    from erc.core.dice import Dice
    from erc.core.events import Effect


class Mechanic(Value):
    command: str
    resolve: Callable[[Dice], Any]
    """Draw the dice (in the order the command documents) and resolve."""
    render: str
    """The module of the human renderer (``render(outcome)``)."""
    effects: Callable[[Any], Sequence[Effect]] | None = None
    """What the result changes in the journal (``--apply``); None: nothing to record."""
    odds: Callable[[], Mapping[str, Any]] | None = None
    """Exact probabilities (``--odds``)."""
    unresolved: Callable[[], Any] | None = None
    """The result with nothing drawn (``--odds`` alone)."""
    draws: bool = True
    """False for a mechanic that rolls no dice at all."""
    budget: int = DICE_BUDGET
    event_round: int | None = None
    """The round its event belongs to, when not the current one (``roll-init``: the round
    it starts)."""


class Traits(Value):
    """Which shared options a command takes."""

    dice: bool = True
    """``--seed``, ``--rolls``."""
    odds: bool = False
    """``--odds``."""
    apply: bool = True
    """``--apply``, ``--key``."""


def command(
    *, dice: bool = True, odds: bool = False, apply: bool = True
) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Mark a ruleset's command function with the shared options it takes (``Traits``); its
    own line stays declared (``erc.core.params.settle``) and its defaults become plain."""

    def mark(func: Callable[..., Any]) -> Callable[..., Any]:
        from erc.core.params import settle

        func.erc_traits = Traits(dice, odds, apply)  # type: ignore[attr-defined]
        settle(func)
        return func

    return mark
