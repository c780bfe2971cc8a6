"""CONTRACT "JSON envelope": "``erc schema --output COMMAND`` publishes the envelope of each
command as JSON Schema, and every output validates against it".

Every real ``--json`` output of the corpus (tests/output_corpus.py: every command of every
ruleset, with ``--odds``, ``--apply``, the journal commands, ``roll``, ``check``,
``schema``, ``batch`` and error envelopes) is validated with ``jsonschema`` against the
schema ``erc schema --output`` prints: its own ruleset's, and the one without ``--ruleset``
(one branch per ruleset, of which exactly one must fit).
"""

from __future__ import annotations

import copy
import subprocess
import sys
from typing import Any

import jsonschema
import pytest

from erc import rulesets
from erc.cli.outputs import names
from tests.conftest import ROOT, Ran
from tests.output_corpus import Output, collected

_schemas: dict[tuple[str, ...], Any] = {}


def published(erc: Any, *args: str) -> Any:
    """``erc schema --output ARGS --json``'s result, fetched once per argument list."""
    if args not in _schemas:
        ran: Ran = erc("schema", "--output", *args, "--json")
        assert ran.code == 0, ran.err
        document = ran.json
        assert document["command"] == "schema" and document["erc"] == "2"
        jsonschema.Draft202012Validator.check_schema(document["result"])
        _schemas[args] = jsonschema.Draft202012Validator(document["result"])
    return _schemas[args]


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> list[Output]:
    return collected(tmp_path_factory)


def _fails(validator: Any, document: Any) -> list[str]:
    return [
        f"{'/'.join(map(str, e.absolute_path))}: {e.message}"[:300]
        for e in validator.iter_errors(document)
    ]


def test_every_output_validates_against_its_commands_schema(erc: Any, corpus: list[Output]) -> None:
    """Each output against ``erc schema --output COMMAND --ruleset NAME`` (``error`` for an
    error envelope; ``batch`` for a line of ``erc batch``)."""
    failed = []
    for output in corpus:
        if output.batch:
            validator = published(erc, "batch")
        elif output.command == "error":
            validator = published(erc, "error")
        elif output.document["ruleset"] is None:
            validator = published(erc, output.command)
        else:
            validator = published(erc, output.command, "--ruleset", output.ruleset)
        errors = _fails(validator, output.document)
        if errors:
            failed.append((output.args, errors[:3]))
    assert not failed, failed[:5]


def test_every_output_fits_one_branch_of_the_schema_of_every_ruleset(
    erc: Any, corpus: list[Output]
) -> None:
    """Without ``--ruleset``, a command's schema has a branch per ruleset that has it (told
    apart by ``ruleset``): each output fits exactly one."""
    failed = []
    for output in corpus:
        if output.batch or output.command == "error":
            continue
        errors = _fails(published(erc, output.command), output.document)
        if errors:
            failed.append((output.args, errors[:3]))
    assert not failed, failed[:5]


def test_every_command_of_every_ruleset_has_a_schema(erc: Any) -> None:
    """``erc schema --output COMMAND`` for each command each ruleset offers, and ``error``."""
    for name in rulesets.available():
        for command in names(rulesets.get(name)):
            published(erc, command, "--ruleset", name)
            published(erc, command)
    published(erc, "error")


def test_a_renamed_or_retyped_key_fails(erc: Any, corpus: list[Output]) -> None:
    """The schema is closed: envelope 1's competition ``kept`` (the kept face, a number), an
    unknown key or a count where a list of dice belongs does not validate."""
    validator = published(erc, "competition", "--ruleset", "er")
    document = next(
        o.document
        for o in corpus
        if o.command == "competition" and o.ruleset == "er" and o.document["result"]["sides"]
    )
    assert not _fails(validator, document)
    old = copy.deepcopy(document)
    old["result"]["sides"][0]["kept"] = old["result"]["sides"][0]["roll"]
    assert _fails(validator, old)
    count = copy.deepcopy(document)
    count["result"]["sides"][0]["dice"] = len(count["result"]["sides"][0]["dice"])
    assert _fails(validator, count)
    version = copy.deepcopy(document)
    version["erc"] = "1"
    assert _fails(validator, version)


def test_bad_output_names_are_clean_errors(erc: Any) -> None:
    """Bad input: a clear message and exit 2 (``not-in-ruleset`` for another ruleset's
    command, CONTRACT "Commands"; a did-you-mean for a typo)."""
    typo = erc("schema", "--output", "atack", "--json")
    assert typo.code == 2 and typo.error["code"] == "usage" and "attack" in typo.error["message"]
    other = erc("schema", "--output", "trip", "--ruleset", "er", "--json")
    assert other.code == 2 and other.error["code"] == "not-in-ruleset"
    ruleset = erc("schema", "--output", "attack", "--ruleset", "nope", "--json")
    assert ruleset.code == 2 and ruleset.error["code"] == "unknown-ruleset"
    human = erc("schema", "--output", "roll")
    assert human.code == 0 and '"$schema"' in human.out and "Traceback" not in human.err


def test_the_generator_is_off_the_start_up_path() -> None:
    """README "Performance": an ordinary command imports neither the output schema's
    generator nor its tables; ``erc schema --output`` does."""
    probe = (
        "import sys, contextlib, io\n"
        "from erc.cli import run\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        "    run(sys.argv[1:])\n"
        "print(int('erc.core.outschema' in sys.modules), int('erc.cli.outputs' in sys.modules))\n"
    )
    duel = str(ROOT / "encounters" / "duel.yaml")

    def modules(*args: str) -> str:
        ran = subprocess.run(
            [sys.executable, "-c", probe, *args], capture_output=True, text=True, check=True
        )
        return ran.stdout.split()[-2] + ran.stdout.split()[-1]

    assert modules("attack", "Kaela", "Ogre", "-e", duel, "--json", "--seed", "1") == "00"
    assert modules("schema", "--json") == "00"
    assert modules("schema", "--output", "attack", "--json") == "11"
