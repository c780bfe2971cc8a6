"""Each encounter key declared once (issue 29: "the model, the builder, validation, the
schema and the cache derive from that one declaration"): a ruleset's ``format.py`` declares
every key of its files, and ``erc.core.encounter.generate`` writes the model's fields and
the closed sets' types (the part of ``model.py`` between its marks) and the builder
(``from_file.py``) from it; ``erc schema`` reads the same declaration and the cache the
model's fields."""

from __future__ import annotations

import ast
import importlib
import sys
import textwrap
from pathlib import Path
from typing import Any, Literal, get_args, get_origin

import msgspec
import pytest

from erc import rulesets
from erc.core.encounter import convert, generate
from erc.core.model import Condition
from erc.core.value import fields

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("name", rulesets.available())
def test_the_committed_model_fields_and_builder_match_the_format(name: str) -> None:
    """`make model` rewrites the written part of erc/rulesets/<name>/model.py and
    from_file.py from format.py; this fails when either is stale (compared as syntax trees:
    formatting aside)."""
    package = rulesets.get(name).package
    folder = ROOT / Path(*package.split("."))
    for file, fresh in generate.sources(package).items():
        committed = (folder / file).read_text()
        assert ast.dump(ast.parse(committed)) == ast.dump(ast.parse(fresh)), (
            f"{folder / file} is stale: run `make model`"
        )


def _carried(spec: type) -> list[str]:
    """The model's fields a declaration's keys make, in order, read from the declaration
    alone: a key's name, its ``as``, or ``<key>_<inner>`` for a flattened one; none for a
    key marked ``skip`` (the file's alone)."""
    info = msgspec.inspect.type_info(spec)
    assert isinstance(info, msgspec.inspect.StructType)
    out: list[str] = []
    for key in info.fields:
        extra = _extra(key.type)
        if extra.get("skip"):
            continue
        if extra.get("flatten"):
            inner = _bare(key.type)
            assert isinstance(inner, msgspec.inspect.StructType)
            out += [f"{key.name}_{name}" for name in _carried(inner.cls)]
        else:
            out.append(extra.get("as", key.name))
    return out


@pytest.mark.parametrize("name", rulesets.available())
def test_every_key_is_in_the_model_and_every_field_the_file_gives_is_a_key(name: str) -> None:
    """Both ways: each key a declaration carries is a field of its model class (under its
    name, its ``as``, or flattened), and the fields the model's written part declares are
    exactly those, in order; a field ``model.py`` adds by hand (the journal's state, a
    value a rule derives) is no key of the declaration, so a key is never declared twice
    nor given a second default."""
    ruleset = rulesets.get(name)
    model = ruleset.model_module()
    format_ = importlib.import_module(f"{ruleset.package}.format")
    checked = 0
    for spec in vars(format_).values():
        target = getattr(spec, "MODEL", None)
        if not (isinstance(spec, type) and issubclass(spec, msgspec.Struct) and target):
            continue
        cls = getattr(model, target)
        written = getattr(model, f"{target}Fields", cls)  # the written part's class
        carried = _carried(spec)
        assert list(fields(written)) == carried, spec.__name__
        by_hand = {  # the fields model.py declares in the class itself
            k for k in vars(cls).get("__annotations__", {}) if cls is not written
        } - {k for k, v in vars(cls).get("__annotations__", {}).items() if "ClassVar" in str(v)}
        keys = {f.encode_name for f in msgspec.structs.fields(spec)}
        assert not by_hand & (keys | set(carried)), (target, sorted(by_hand & keys))
        checked += 1
    assert checked >= 4


def _bare(kind: Any) -> Any:
    while isinstance(kind, msgspec.inspect.Metadata):
        kind = kind.type
    return kind


def _extra(kind: Any) -> dict[str, Any]:
    out: dict[str, Any] = {}
    while isinstance(kind, msgspec.inspect.Metadata):
        out = {**(kind.extra or {}), **out}
        kind = kind.type
    return out


TOY_FORMAT = '''
from __future__ import annotations

from typing import Annotated, ClassVar, Literal

import msgspec
from msgspec import Meta, Struct


class Closed(Struct, forbid_unknown_fields=True, kw_only=True, frozen=True):
    pass


class Scores(Closed, frozen=True):
    might: int | None = None
    wits: int | None = None


class Steps(Closed, frozen=True):
    near: Annotated[int | list[int], Meta(extra={"to": "steps"})] = 0
    far: Annotated[int | list[int], Meta(extra={"to": "steps"})] = 0


class Cond(Closed, frozen=True):
    condition: str
    by: str | None = None


class ToolSpec(Closed, frozen=True):
    """A tool."""

    MODEL: ClassVar[str] = "Tool"
    name: Annotated[str, Meta(description="What it is called.")]
    power: Annotated[int | str, Meta(extra={"to": "text"})] = 1
    tags: Annotated[list[str], Meta(extra={"to": "as_set"})] = []


Mode = Literal["wild", "calm"]


class RulesSpec(Closed, frozen=True):
    MODEL: ClassVar[str] = "Settings"
    MODEL_ADDS: ClassVar[bool] = False
    mode: Mode = "calm"


class BeingSpec(Closed, frozen=True):
    """A being."""

    MODEL: ClassVar[str] = "Being"
    name: Annotated[str, Meta(extra={"param": True})]
    life: Annotated[int, Meta(extra={"as": "life_max"})]
    life_now: Annotated[int | None, Meta(extra={"as": "life", "current": "life"})] = None
    count: Annotated[int, Meta(extra={"skip": True})] = 1
    scores: Annotated[Scores, Meta(extra={"to": "given"})] = Scores()
    reach: Annotated[Steps, Meta(extra={"flatten": True})] = Steps()
    marks: Annotated[list[str], Meta(extra={"to": "folded_set"})] = []
    notes: dict[str, int] = {}
    states: Annotated[list[str | Cond], Meta(extra={"to": "conditions"})] = []
    tools: list[ToolSpec] = []
    spare: ToolSpec | None = None
    dice: Annotated[int | str | None, Meta(extra={"to": "text"})] = None
    maybe: list[str] | None = None
    extras: dict[str, int] | None = None
    kinds: Annotated[list[str], Meta(extra={"to": "as_set"})] = msgspec.field(
        default_factory=lambda: ["b", "a", "c"]
    )
    mood: Annotated[
        Literal["calm", 'say "hi"'], Meta(description="A path C:\\\\new\\\\table, and \\"\\"\\"")
    ] = "calm"


class EncounterSpec(Closed, frozen=True):
    MODEL: ClassVar[str] = "Encounter"
    erc: Annotated[Literal[1], Meta(extra={"skip": True})]
    beings: Annotated[list[BeingSpec], Meta(extra={"param": True})]
    name: str = ""
    rules: RulesSpec = RulesSpec()
'''

TOY_MODEL = f"""
from __future__ import annotations

from erc.core.model import Condition
from erc.core.value import Value

TYPE_CHECKING = False


{generate.MARKS[0]}
{generate.MARKS[1]}


class Tool(ToolFields):
    pass


class Being(BeingFields):
    born: int = 0


class Encounter(EncounterFields):
    path: str | None = None
"""


@pytest.fixture
def toy(tmp_path: Path) -> Any:
    package = tmp_path / "toyrules"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "format.py").write_text(textwrap.dedent(TOY_FORMAT))
    (package / "model.py").write_text(textwrap.dedent(TOY_MODEL))
    sys.path.insert(0, str(tmp_path))
    try:
        written = generate.write("toyrules")
        assert sorted(p.name for p in written) == ["from_file.py", "model.py"]
        yield importlib.import_module("toyrules.from_file")
    finally:
        sys.path.remove(str(tmp_path))
        for name in [m for m in sys.modules if m == "toyrules" or m.startswith("toyrules.")]:
            del sys.modules[name]


def test_one_declaration_gives_the_model_and_its_builder(toy: Any) -> None:
    """A key declared once in a format, with what the model makes of it, appears in the model
    with the model's type and default, and the builder fills it from a file."""
    fmt = importlib.import_module("toyrules.format")
    model = importlib.import_module("toyrules.model")
    raw = {
        "erc": 1,
        "name": "Glade",
        "rules": {"mode": "wild"},
        "beings": [
            {
                "name": "Ash",
                "life": 9,
                "life_now": 4,
                "scores": {"might": 3},
                "reach": {"near": [5, 2]},
                "marks": ["Fire", "fire", "ICE"],
                "notes": {"a": 1},
                "states": ["prone", {"condition": "charmed", "by": "Elm"}, "prone"],
                "tools": [{"name": "axe", "power": " 2d6 ", "tags": ["x", "x"]}],
                "spare": {"name": "rope"},
                "dice": 3,
            }
        ],
    }
    spec = msgspec.convert(raw, fmt.EncounterSpec)
    beings = tuple(toy.being(b, "Ash 1", born=7) for b in spec.beings)
    built = toy.encounter(spec, beings, path="glade.yaml")
    (ash,) = built.beings
    assert fields(model.Being) == (
        "name",
        "life_max",
        "life",
        "scores",
        "reach_near",
        "reach_far",
        "marks",
        "notes",
        "states",
        "tools",
        "spare",
        "dice",
        "maybe",
        "extras",
        "kinds",
        "mood",
        "born",
    )
    assert (ash.name, ash.life_max, ash.life, ash.born) == ("Ash 1", 9, 4, 7)
    assert ash.scores == {"might": 3}  # "given": the keys given, not the defaults
    assert (ash.reach_near, ash.reach_far) == ((5, 2), (0,))
    assert ash.marks == frozenset({"fire", "ice"})
    assert ash.states == (Condition("prone"), Condition("charmed", "Elm"))
    assert ash.tools == (model.Tool("axe", "2d6", frozenset({"x"})),)
    assert ash.spare == model.Tool("rope", "1")
    assert ash.dice == "3"
    assert (ash.maybe, ash.extras, ash.kinds) == (None, None, frozenset("abc"))
    source = Path(model.__file__).read_text()
    assert "kinds: frozenset[str] = frozenset({'a', 'b', 'c'})" in source  # sorted: stable
    assert "    Mode = Literal['calm', 'wild']" in source  # the format's closed set, as a type
    assert "    mode: Mode = 'calm'" in source
    assert "C:\\\\new\\\\table" in source  # the description's backslashes, escaped
    assert model.BeingFields.__doc__ == "A being."
    assert built.rules == model.Settings("wild") and built.name == "Glade"
    assert built.path == "glade.yaml"
    # the model's defaults are the file's, as the builder makes them
    bare = model.Being(name="B", life_max=5, life=5)
    blank = toy.being(msgspec.convert({"name": "B", "life": 5}, fmt.BeingSpec), "B")
    assert bare == blank
    assert model.Encounter(beings=()).rules == model.Settings("calm")


@pytest.mark.parametrize(
    ("declaration", "why"),
    [
        ("inner: Inner = Inner()", "Inner has no MODEL"),
        ('odd: Annotated[int, Meta(extra={"to": "nonsense"})] = 0', "no converter 'nonsense'"),
        ("mixed: list[str | Thing] = []", "inside a union or a mapping"),
        ("kit: dict[str, Thing] = {}", "inside a union or a mapping"),
        (
            'flat: Annotated[Inner, Meta(extra={"flatten": True})] = Inner(x=3)',
            "default must be the plain one",
        ),
    ],
)
def test_a_declaration_the_generator_cannot_place_is_refused(
    tmp_path: Path, declaration: str, why: str
) -> None:
    """What the generator cannot place stops ``make model`` with the key's name rather than
    writing a wrong model or builder."""
    package = tmp_path / "badrules"
    package.mkdir()
    (package / "__init__.py").write_text("")
    text = textwrap.dedent(
        """
        from __future__ import annotations
        from typing import Annotated, ClassVar
        from msgspec import Meta, Struct

        class Inner(Struct, frozen=True):
            x: int = 0

        class Thing(Struct, frozen=True):
            MODEL: ClassVar[str] = "Thing"
            y: int = 0

        class EncounterSpec(Struct, frozen=True):
            MODEL: ClassVar[str] = "Encounter"
        """
    )
    (package / "format.py").write_text(text + f"    {declaration}\n")
    sys.path.insert(0, str(tmp_path))
    try:
        with pytest.raises((TypeError, ValueError), match=why):
            generate.sources("badrules")
    finally:
        sys.path.remove(str(tmp_path))
        for name in [m for m in sys.modules if m.startswith("badrules")]:
            del sys.modules[name]


def test_the_conversions() -> None:
    """``erc.core.encounter.convert``: what each named conversion makes of a file's value."""

    class Pools(msgspec.Struct):
        primary: int = 0
        off: int = 0

    assert convert.given(Pools(primary=2)) == {"primary": 2}
    assert convert.given(Pools()) == {}
    assert convert.steps(4) == (4,) and convert.steps([6, 1]) == (6, 1)
    assert convert.text(" d6 ") == "d6" and convert.text(3) == "3"
    assert convert.folded_set(["Fire", "FIRE"]) == frozenset({"fire"})
    assert convert.conditions(["bound", "bound"]) == (Condition("bound"),)
    assert set(convert.CONVERTERS) == {
        "as_tuple",
        "as_set",
        "folded_set",
        "as_dict",
        "given",
        "conditions",
        "text",
        "steps",
    }


def _written_sets(tree: ast.AST) -> list[tuple[int, frozenset[object]]]:
    """Each ``Literal[...]`` of constants in ``tree``, with its line: a closed set written
    out."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Subscript) and ast.unparse(node.value) in (
            "Literal",
            "typing.Literal",
        ):
            items = node.slice.elts if isinstance(node.slice, ast.Tuple) else [node.slice]
            if all(isinstance(i, ast.Constant) for i in items):
                found.append((node.lineno, frozenset(i.value for i in items)))  # type: ignore[attr-defined]
    return found


@pytest.mark.parametrize("name", rulesets.available())
def test_a_closed_sets_values_are_written_once(name: str) -> None:
    """A closed set's values are written by hand once, in ``sets.py`` (a tuple the rules
    read); ``format.py`` makes its type from it (``Literal[sets.SIZES]``) and ``make model``
    writes the ``Literal`` the type checker needs into the model's written part. No other
    file of the ruleset writes the same values out as a ``Literal``."""
    package = rulesets.get(name).package
    folder = ROOT / Path(*package.split("."))
    sets = importlib.import_module(f"{package}.sets")
    declared = {
        frozenset(v): k
        for k, v in vars(sets).items()
        if isinstance(v, tuple) and v and all(isinstance(i, str) for i in v)
    }
    assert declared
    for path in sorted(folder.rglob("*.py")):
        text = path.read_text()
        if path.name == "from_file.py":
            continue
        if path.name == "model.py":  # the written part aside
            text = text.replace(generate.part_of(text), "")
        for line, values in _written_sets(ast.parse(text)):
            assert values not in declared, (
                f"{path.relative_to(ROOT)}:{line} writes out sets.{declared[values]}"
            )
    # the type checker's copy, written by make model: one per closed set of the format
    part = ast.parse(generate.part_of((folder / "model.py").read_text()))
    aliases = {
        ast.unparse(n.targets[0]): frozenset(ast.literal_eval(n.value.slice))  # type: ignore[attr-defined]
        for n in ast.walk(part)
        if isinstance(n, ast.Assign) and ast.unparse(n.value).startswith("Literal[")
    }
    format_ = importlib.import_module(f"{package}.format")
    typed = {
        k: frozenset(get_args(v)) for k, v in vars(format_).items() if get_origin(v) is Literal
    }
    assert aliases == typed


@pytest.mark.parametrize("name", rulesets.available())
def test_a_format_never_imports_the_model_built_on_it(name: str) -> None:
    """``make model`` reads ``format.py``; were it to import ``model.py`` (but for the type
    checker), whose fields are written from it, a stale written part could not be written
    again. The closed sets both share are in ``sets.py``."""
    package = rulesets.get(name).package
    source = ROOT / Path(*package.split(".")) / "format.py"
    built = {f"{package}.{m}" for m in ("model", "from_file")}
    for node in ast.parse(source.read_text()).body:  # the type checker's imports are nested
        if isinstance(node, ast.ImportFrom) and node.module:
            named = {node.module} | {f"{node.module}.{a.name}" for a in node.names}
            assert not named & built, f"{source.name} imports {sorted(named & built)}"
        elif isinstance(node, ast.Import):
            assert not {a.name for a in node.names} & built


def test_a_current_value_above_its_maximum_is_refused_from_the_declaration_alone(
    toy: Any,
) -> None:
    """``"current": KEY`` says a key is the value now of ``KEY``'s maximum: ``erc check``
    refuses one above it (its maximum's default when left out) wherever it sits, with no
    check of the ruleset's own (``validate.current_checks``)."""
    from erc.core.encounter.validate import current_checks
    from erc.core.encounter.yamlread import read

    fmt = importlib.import_module("toyrules.format")
    text = """erc: 1
beings:
  - {name: Ash, life: 4, life_now: 9}
  - {name: Elm, life: 4, life_now: 4}
  - {name: Oak, life: x, life_now: 9}
"""
    found = current_checks(read(text), fmt.EncounterSpec)
    assert [(p.message, p.line) for p in found] == [
        ("beings[0].life_now: life_now 9 is more than life 4", 3)
    ]
