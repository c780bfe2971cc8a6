"""``erc schema``: the encounter file's JSON Schema, for editors and CI."""

from __future__ import annotations

from erc.core.outcome import Outcome

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Annotated

    import typer

    from erc.cli.options import JsonOpt
    from erc.core.parts import Lines


def renderer() -> Lines:
    """The renderer, ``erc.cli.render.schema``: imported only for a human table."""
    from erc.cli.render import schema

    return schema


def schema(
    ruleset: Annotated[
        str | None,
        typer.Option(
            "--ruleset", metavar="NAME", help="One ruleset's schema (default: every ruleset's)."
        ),
    ] = None,
    output: Annotated[
        str | None,
        typer.Option(
            "--output",
            metavar="COMMAND",
            help="The JSON Schema of COMMAND's --json envelope instead ('error': the error one).",
        ),
    ] = None,
    as_json: JsonOpt = False,
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
