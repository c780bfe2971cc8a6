"""The model and its builder, written from a ruleset's file format: each key declared once.

A ruleset's ``format.py`` declares every key of its encounter files (type, limits, default,
title, description). From it this module writes, and a test keeps in step (``make model``
rewrites them):

- the part of ``model.py`` between its two ``MARKS``: the types of the format's closed sets
  for the type checker (``Size = Literal[...]``, one per ``Literal`` alias of ``format.py``,
  whose values come from ``sets.py``), and the model's fields that the file gives, as
  ``erc.core.value.Value`` classes (``<Model>Fields``, which the rest of ``model.py``
  extends with the rules' methods and the journal's state; or ``<Model>`` itself when the
  model adds nothing). Written into the model's own module, these classes name the model's
  classes (``weapons: tuple[Weapon, ...]``) with no import, so the model is one module and
  no import circle; the start-up path stays as light as a hand-written model.
- ``from_file.py``: one function per model class, building it from a validated file.

A declaration (a ``Struct``) is a model class when it says which, ``MODEL: ClassVar[str]``
(``MODEL_ADDS: ClassVar[bool] = False`` when ``model.py`` adds nothing to it). A key's
``Meta(extra={...})`` says what the model makes of it, when not a copy of the same name:

- ``"as": NAME``: the model's name for it (``body`` is the model's ``body_max``);
- ``"current": KEY``: the value now of ``KEY``'s maximum, ``KEY``'s value when left out (and
  ``erc check`` refuses one above its maximum: ``erc.core.encounter.validate.current_checks``);
- ``"to": CONVERTER``: one of ``erc.core.encounter.convert`` (``as_set``, ``given``, ...);
- ``"flatten": True``: a nested declaration whose keys become ``<key>_<inner>`` fields;
- ``"param": True``: the builder's caller passes it (the name ``count`` numbered, the
  combatants built, a value ``build.py`` derives by a rule);
- ``"skip": True``: the file's alone (``erc``, ``ruleset``, ``count``): not in the model.

A declaration the generator cannot place (a nested one with no ``MODEL`` and no conversion,
one inside a union or a mapping, a flattened key with a default of its own, an unknown
conversion, two closed sets of the same values) stops it with the key's name.
``format.py`` takes its closed sets from the ruleset's ``sets.py`` and never imports
``model.py`` at run time, so the generator runs even when the written part is out of step.
"""

from __future__ import annotations

import ast
import importlib
import pathlib
import re
import sys
import textwrap
from dataclasses import dataclass
from typing import Any

import msgspec
import msgspec.inspect as mi

from erc.core.encounter.convert import CONVERTERS

HEADER = "Generated from ``{source}`` by ``make model``: do not edit."
MARKS = (
    "# --- Written from format.py by `make model`: do not edit. ----------------------------",
    "# --- End of the part written from format.py. ------------------------------------------",
)
"""The lines around the part of a ruleset's ``model.py`` that ``make model`` writes."""


@dataclass(frozen=True)
class Field:
    """One field of a generated model class."""

    name: str
    annotation: str
    default: str | None  # source text; None: required
    expr: str  # how the builder computes it, from ``spec``
    doc: str
    param: bool = False


@dataclass
class Model:
    """One model class: its declaration, its name, whether ``model.py`` extends it."""

    spec: type
    name: str
    adds: bool
    fields: list[Field]

    @property
    def base(self) -> str:
        return f"{self.name}Fields" if self.adds else self.name

    @property
    def function(self) -> str:
        return "".join(f"_{c.lower()}" if c.isupper() else c for c in self.name).lstrip("_")


class _Writer:
    def __init__(self, package: str) -> None:
        self.package = package
        self.format = importlib.import_module(f"{package}.format")
        self.models: dict[type, Model] = {}
        self.order: list[Model] = []
        self.typing: set[str] = set()  # names the annotations need
        self.aliases = _aliases(self.format)  # a closed set's values -> its name

    # --- reading the declarations -------------------------------------------------------

    def model(self, cls: type) -> Model:
        found = self.models.get(cls)
        if found is not None:
            return found
        name = getattr(cls, "MODEL", None)
        if not isinstance(name, str):
            raise TypeError(f"{cls.__name__} has no MODEL and no conversion reads it")
        model = self.models[cls] = Model(cls, name, bool(getattr(cls, "MODEL_ADDS", True)), [])
        info = mi.type_info(cls)
        assert isinstance(info, mi.StructType)
        for key in info.fields:
            model.fields += self.fields_of(key, "spec", info)
        self.order.append(model)  # after the models it refers to
        return model

    def fields_of(self, key: mi.Field, at: str, owner: mi.StructType) -> list[Field]:
        kind, extra, doc = _unwrap(key.type)
        if extra.get("skip"):
            return []
        src = f"{at}.{key.name}"
        if extra.get("flatten"):
            inner = _strip_none(kind)
            if not isinstance(inner, mi.StructType) or inner is not kind:
                raise TypeError(f"{key.name}: flatten takes a nested declaration, not optional")
            default = _default(key)
            if default is not msgspec.NODEFAULT and default != inner.cls():
                raise ValueError(f"{key.name}: a flattened key's default must be the plain one")
            out: list[Field] = []
            for sub in inner.fields:
                for field in self.fields_of(sub, src, inner):
                    out.append(_renamed(field, f"{key.name}_{field.name}"))
            return out
        name = extra.get("as", key.name)
        default = _default(key)
        to = extra.get("to")
        if (of := extra.get("current")) is not None:
            most = next(f for f in owner.fields if f.name == of)
            annotation = self.annotation(_strip_none(kind))
            expr = f"{at}.{of} if {src} is None else {src}"
            default = _default(most)
            return [
                Field(
                    name=name,
                    annotation=annotation,
                    default=self.default(default, None, kind),
                    expr=expr,
                    doc=doc,
                )
            ]
        if to is not None:
            if to not in CONVERTERS:
                raise ValueError(f"{key.name}: no converter {to!r}")
            inner = _strip_none(kind)
            annotation = self.converted(to, inner)
            expr = f"{to}({src})"
            if inner is not kind:  # optional: None stays None
                annotation += " | None"
                expr = f"None if {src} is None else {expr}"
        else:
            annotation = self.annotation(kind)
            expr = self.copy(kind, src)
        text = self.default(default, to, kind)
        return [
            Field(
                name=name,
                annotation=annotation,
                default=text,
                expr=expr,
                doc=doc,
                param=bool(extra.get("param")),
            )
        ]

    # --- the model's annotations --------------------------------------------------------

    def annotation(self, kind: Any, *, widen: bool = False) -> str:
        kind = _unwrap(kind)[0]
        if isinstance(kind, mi.IntType):
            return "int"
        if isinstance(kind, mi.StrType):
            return "str"
        if isinstance(kind, mi.BoolType):
            return "bool"
        if isinstance(kind, mi.NoneType):
            return "None"
        if isinstance(kind, mi.LiteralType):
            if widen:
                return " | ".join(dict.fromkeys(type(v).__name__ for v in kind.values))
            alias = self.aliases.get(frozenset(kind.values))
            if alias is not None:
                return alias[0]
            self.typing.add("Literal")
            return _literal(kind.values)
        if isinstance(kind, mi.UnionType):
            return " | ".join(dict.fromkeys(self.annotation(t, widen=widen) for t in kind.types))
        if isinstance(kind, mi.ListType):
            return f"tuple[{self.annotation(kind.item_type, widen=True)}, ...]"
        if isinstance(kind, mi.DictType):
            self.typing.add("Mapping")
            key = self.annotation(kind.key_type, widen=True)
            return f"Mapping[{key}, {self.annotation(kind.value_type, widen=True)}]"
        if isinstance(kind, mi.StructType):
            model = self.model(kind.cls)
            self.typing.add(model.name)
            return model.name
        raise TypeError(f"no model type for {kind!r}")

    def converted(self, to: str, kind: Any) -> str:
        """The model's annotation for a key read through converter ``to``."""
        if to in ("as_set", "folded_set"):
            assert isinstance(kind, mi.ListType)
            return f"frozenset[{self.annotation(kind.item_type, widen=True)}]"
        if to in ("as_tuple", "as_dict"):  # what copying gives
            return self.annotation(kind)
        if to == "given":
            assert isinstance(kind, mi.StructType)
            values = dict.fromkeys(
                self.annotation(_strip_none(_unwrap(f.type)[0]), widen=True) for f in kind.fields
            )
            self.typing.add("Mapping")
            return f"Mapping[str, {' | '.join(values)}]"
        if to == "conditions":
            self.typing.add("Condition")
            return "tuple[Condition, ...]"
        if to == "text":
            return "str"
        if to == "steps":
            return "tuple[int, ...]"
        raise ValueError(f"no model type for converter {to!r}")

    def copy(self, kind: Any, src: str) -> str:
        """How the builder carries a key it does not convert."""
        inner = _strip_none(kind)
        if isinstance(inner, mi.ListType):
            item = _unwrap(inner.item_type)[0]
            if isinstance(item, mi.StructType):
                call = f"tuple({self.model(item.cls).function}(v) for v in {src})"
            else:
                _no_declarations(item, src)
                call = f"as_tuple({src})"
        elif isinstance(inner, mi.DictType):
            _no_declarations(inner.key_type, src)
            _no_declarations(inner.value_type, src)
            call = f"as_dict({src})"
        elif isinstance(inner, mi.StructType):
            call = f"{self.model(inner.cls).function}({src})"
        else:
            _no_declarations(inner, src)
            return src
        return call if inner is kind else f"None if {src} is None else {call}"

    def default(self, value: Any, to: str | None, kind: Any) -> str | None:
        """The model's default, as source: the file's default as the builder makes it."""
        if value is msgspec.NODEFAULT:
            return None
        if isinstance(value, msgspec.Struct) and to is None:
            model = self.model(type(value))
            if value != type(value)() or model.adds:
                raise ValueError(f"{type(value).__name__}: a default model must be the plain one")
            return f"{model.name}()"
        if value is None:  # optional: None stays None (``fields_of``)
            return "None"
        if to is not None:
            value = CONVERTERS[to](value)
        elif isinstance(value, list):
            value = tuple(value)
        elif isinstance(value, dict):
            value = dict(value)
        if isinstance(value, frozenset):  # in a fixed order: the text must not vary by run
            return (
                f"frozenset({{{', '.join(map(repr, sorted(value)))}}})" if value else "frozenset()"
            )
        return repr(value)

    # --- writing ------------------------------------------------------------------------

    @property
    def source(self) -> str:
        return f"{self.package.replace('.', '/')}/format.py"

    def model_part(self) -> str:
        """The part of ``model.py`` between ``MARKS``: the closed sets' types for the type
        checker, then the model's fields."""
        checking = []
        if "Mapping" in self.typing:
            checking.append("from collections.abc import Mapping")
        if self.aliases or "Literal" in self.typing:
            checking.append("from typing import Literal")
        if self.aliases:
            checking.append("")
        for name, values in sorted(self.aliases.values()):
            checking.append(f"{name} = {_literal(values)}")
        lines = [MARKS[0]]
        if checking:
            lines.append("if TYPE_CHECKING:  # the format's closed sets, as types")
            lines += [f"    {line}" if line else "" for line in checking]
        for model in self.order:
            lines += ["", ""]
            lines.append(f"class {model.base}(Value):")
            doc = _summary(model.spec.__doc__)
            if doc:
                lines.append(f'    """{doc}"""')
                lines.append("")
            for field in model.fields:
                default = "" if field.default is None else f" = {field.default}"
                lines.append(f"    {field.name}: {field.annotation}{default}")
                if field.doc:
                    lines += _docstring(field.doc)
        lines += ["", "", MARKS[1]]
        return "\n".join(lines) + "\n"

    def model_source(self, current: str) -> str:
        """``model.py`` as ``current``, its part between ``MARKS`` written afresh."""
        head, _, tail = _split(current, f"{self.package}.model")
        needed = {"Value", "TYPE_CHECKING"} | ({"Condition"} & self.typing)
        bound = _bound_names(head)
        missing = sorted(needed - bound)
        if missing:
            raise ValueError(
                f"{self.package}.model must define {', '.join(missing)} above {MARKS[0]!r}"
            )
        clash = sorted({name for name, _ in self.aliases.values()} & {m.name for m in self.order})
        if clash:
            raise ValueError(f"{', '.join(clash)}: a closed set and a model class of one name")
        return head + self.model_part() + tail

    def builder_source(self) -> str:
        used = sorted(
            {
                name
                for model in self.order
                for field in model.fields
                for name in CONVERTERS
                if f"{name}(" in field.expr
            }
        )
        specs = sorted(m.spec.__name__ for m in self.order)
        models = sorted(m.name for m in self.order)
        words = {w for m in self.order for f in m.fields if f.param for w in _words(f.annotation)}
        checking = sorted(words & ({"Mapping", "Literal"} | {n for n, _ in self.aliases.values()}))
        lines = [
            f'"""{HEADER.format(source=self.source)}',
            "",
            "One function per model class: the model of a validated file's declaration.",
            '``build.py`` passes what the file alone cannot say (keyword ``more``)."""',
            "",
            "from __future__ import annotations",
            "",
            "from typing import TYPE_CHECKING, Any" if checking else "from typing import Any",
            "",
        ]
        if used:
            lines.append(f"from erc.core.encounter.convert import {', '.join(used)}")
        lines.append(f"from {self.package}.format import {', '.join(specs)}")
        lines.append(f"from {self.package}.model import {', '.join(models)}")
        if checking:  # a parameter's type, for the type checker
            lines += ["", "if TYPE_CHECKING:"]
            lines += [f"    {_import_of(name, self.package)}" for name in checking]
        for model in self.order:
            params = [f"{f.name}: {f.annotation}" for f in model.fields if f.param]
            signature = ", ".join([f"spec: {model.spec.__name__}", *params, "**more: Any"])
            lines += ["", ""]
            lines.append(f"def {model.function}({signature}) -> {model.name}:")
            lines.append(f"    return {model.name}(")
            for field in model.fields:
                lines.append(f"        {field.name}={field.name if field.param else field.expr},")
            lines.append("        **more,")
            lines.append("    )")
        return "\n".join(lines) + "\n"


def sources(package: str) -> dict[str, str]:
    """``model.py`` and ``from_file.py`` of ruleset ``package``, as freshly written (the
    model's part between ``MARKS``, the rest of it as it is)."""
    writer = _Writer(package)
    writer.model(writer.format.EncounterSpec)
    current = (_folder(package) / "model.py").read_text()
    return {"model.py": writer.model_source(current), "from_file.py": writer.builder_source()}


def _folder(package: str) -> pathlib.Path:
    return pathlib.Path(importlib.import_module(package).__file__ or "").parent


def _split(text: str, where: str) -> tuple[str, str, str]:
    """``text`` before its part between ``MARKS``, the part (marks included), and after."""
    lines = text.splitlines(keepends=True)
    found = [i for i, line in enumerate(lines) for mark in MARKS if line.rstrip() == mark]
    if len(found) != 2 or lines[found[0]].rstrip() != MARKS[0]:
        raise ValueError(f"{where} needs the two lines {MARKS[0]!r} and {MARKS[1]!r} once each")
    first, last = found
    return "".join(lines[:first]), "".join(lines[first : last + 1]), "".join(lines[last + 1 :])


def part_of(text: str, where: str = "model.py") -> str:
    """The part of a ``model.py`` text that ``make model`` writes (``MARKS`` included)."""
    return _split(text, where)[1]


def _bound_names(source: str) -> set[str]:
    """The names ``source``'s top level imports or assigns (the type checker's aside)."""
    names: set[str] = set()
    for node in ast.parse(source).body:
        if isinstance(node, ast.Import | ast.ImportFrom):
            names |= {(a.asname or a.name).partition(".")[0] for a in node.names}
        elif isinstance(node, ast.Assign):
            names |= {t.id for t in node.targets if isinstance(t, ast.Name)}
    return names


def _aliases(format_: Any) -> dict[frozenset[Any], tuple[str, tuple[Any, ...]]]:
    """The closed sets ``format_`` names (``Size = Literal[sets.SIZES]``): each one's values
    -> its name and its values in msgspec's order (the type the fields have always had)."""
    import typing

    out: dict[frozenset[Any], tuple[str, tuple[Any, ...]]] = {}
    for name, value in vars(format_).items():
        if typing.get_origin(value) is not typing.Literal:
            continue
        info = mi.type_info(value)
        assert isinstance(info, mi.LiteralType)
        key = frozenset(info.values)
        if key in out:
            raise ValueError(f"{out[key][0]} and {name}: two closed sets of the same values")
        out[key] = (name, info.values)
    return out


def _words(annotation: str) -> set[str]:
    return set(re.findall(r"[A-Za-z_][A-Za-z_0-9]*", annotation))


def _import_of(name: str, package: str) -> str:
    """The type checker's import of ``name``, a name a parameter's annotation uses."""
    if name == "Mapping":
        return "from collections.abc import Mapping"
    if name == "Literal":
        return "from typing import Literal"
    return f"from {package}.model import {name}"  # a closed set's type


def _literal(values: tuple[Any, ...]) -> str:
    return f"Literal[{', '.join(repr(v) for v in values)}]"


def _no_declarations(kind: Any, src: str) -> None:
    """A nested declaration is carried only alone, or as a list of it: anywhere else the
    builder would put the file's form in the model."""
    kind = _unwrap(kind)[0]
    parts = kind.types if isinstance(kind, mi.UnionType) else (kind,)
    if any(isinstance(_unwrap(p)[0], mi.StructType) for p in parts):
        raise TypeError(f"{src}: a declaration inside a union or a mapping needs a converter")
    for part in parts:
        part = _unwrap(part)[0]
        if isinstance(part, mi.ListType):
            _no_declarations(part.item_type, src)
        elif isinstance(part, mi.DictType):
            _no_declarations(part.value_type, src)


def _default(key: mi.Field) -> Any:
    """The key's default (``msgspec.NODEFAULT`` when required)."""
    if key.default is msgspec.NODEFAULT and key.default_factory is not msgspec.NODEFAULT:
        return key.default_factory()
    return key.default


def _unwrap(kind: Any) -> tuple[Any, dict[str, Any], str]:
    """The type under any ``Meta``, the merged ``extra``, and the description."""
    extra: dict[str, Any] = {}
    doc = ""
    while isinstance(kind, mi.Metadata):
        extra = {**(kind.extra or {}), **extra}
        doc = doc or str((kind.extra_json_schema or {}).get("description", ""))
        kind = kind.type
    return kind, extra, doc


def _strip_none(kind: Any) -> Any:
    kind = _unwrap(kind)[0]
    if isinstance(kind, mi.UnionType):
        rest = [t for t in kind.types if not isinstance(_unwrap(t)[0], mi.NoneType)]
        if len(rest) == len(kind.types):
            return kind
        if len(rest) == 1:
            return _unwrap(rest[0])[0]
        return mi.UnionType(tuple(rest))
    return kind


def _renamed(field: Field, name: str) -> Field:
    return Field(
        name=name,
        annotation=field.annotation,
        default=field.default,
        expr=field.expr,
        doc=field.doc,
        param=field.param,
    )


def _summary(doc: str | None) -> str:
    return " ".join((doc or "").split())


def _docstring(text: str) -> list[str]:
    """A field's docstring: the key's description, as written (backslashes kept)."""
    escaped = text.replace("\\", "\\\\").replace('"""', '\\"\\"\\"')
    body = textwrap.wrap(escaped, width=88)
    if len(body) == 1:
        return [f'    """{body[0]}"""']
    return [f'    """{body[0]}', *(f"    {line}" for line in body[1:]), '    """']


def write(package: str) -> list[pathlib.Path]:
    """Rewrite ruleset ``package``'s generated files; the paths written."""
    folder = _folder(package)
    written = []
    for name, text in sources(package).items():
        path = folder / name
        path.write_text(text)
        written.append(path)
    return written


if __name__ == "__main__":
    for package in sys.argv[1:]:
        for path in write(package):
            print(path)
