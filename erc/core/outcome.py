"""What one command produced, on its way to the user (``erc.core.envelope`` or a renderer)."""

from __future__ import annotations

from erc.core.dice import Roll
from erc.core.value import Value

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Mapping
    from typing import Any, Protocol

    class Drawing(Protocol):
        """A rich renderer module: the parts of the human table (``erc.core.human.show``)."""

        def render(self, outcome: Outcome) -> Iterable[Any]: ...

    class Lines(Protocol):
        """A plain renderer module: the lines of the human output, no rich at all."""

        def lines(self, outcome: Outcome) -> Iterable[str]: ...

    Renderer = Callable[[], Drawing | Lines]
    """``Mechanic.render``, ``Outcome.render``: imports the renderer module on call."""


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
