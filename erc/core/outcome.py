"""What one command produced, on its way to the user (``erc.core.envelope`` or a renderer)."""

from __future__ import annotations

from erc.core.dice import Roll
from erc.core.value import Value

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping
    from typing import Any

    from erc.core.parts import Renderer


class Outcome(Value):
    """A command's result and how it was reached.

    ``odds`` (``--odds``) sits beside the result rather than in it; the envelope puts it at
    ``result.odds``. ``render`` imports and returns the module whose ``render(outcome)``
    (rich) or ``lines(outcome)`` (plain text) draws the human output. ``applied``: with
    ``--apply``, the journal and the event recorded.
    """

    command: str
    result: Any
    render: Renderer
    encounter: Any = None
    seed: int | None = None
    rolls: tuple[Roll, ...] = ()
    odds: Mapping[str, Any] | None = None
    applied: Mapping[str, Any] | None = None
    code: int = 0
    """The exit code (``erc check``: 1 when a file is invalid)."""
    json: bool | None = None
    """Print the JSON envelope whatever ``--json`` says (``erc check --format json``)."""
    preview: str | None = None
    """A preview while a fight is under way: the journal nothing was recorded in (human
    output ends with a line saying so)."""
