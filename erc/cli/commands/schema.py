"""``erc schema``: the encounter file's JSON Schema, for editors and CI."""

from __future__ import annotations

from erc.cli.boundary import JSON
from erc.core.mechanic import Option, shared
from erc.core.outcome import Outcome

TYPE_CHECKING = False
if TYPE_CHECKING:
    from erc.core.parts import Lines


def renderer() -> Lines:
    """The renderer, ``erc.cli.render.schema``: imported only for a human table."""
    from erc.cli.render import schema

    return schema


@shared
def schema(
    ruleset: str | None = Option(
        "--ruleset", metavar="NAME", help="One ruleset's schema (default: every ruleset's)."
    ),
    output: str | None = Option(
        "--output",
        metavar="COMMAND",
        help="The JSON Schema of COMMAND's --json envelope instead ('error': the error one).",
    ),
    as_json: bool = JSON,
) -> Outcome:
    """Print the encounter JSON Schema (one branch per ruleset, chosen by `ruleset:`)."""
    if output is not None:  # the output schema (erc.cli.outputs), not the encounter's
        from erc.cli.outputs import output_schema

        return Outcome("schema", output_schema(output, ruleset), renderer)
    from erc import rulesets
    from erc.core.encounter.schema import json_schema

    if ruleset is not None:
        rulesets.get(ruleset)  # an unknown one is an error with a did-you-mean
    return Outcome("schema", json_schema(ruleset), renderer)
