"""The JSON Schema of a command's ``--json`` envelope (``erc schema --output COMMAND``),
generated from the annotations of the classes the command returns (``erc.core.value``
fields), so the published schema is the shape the code writes.

How annotations become JSON Schema (draft 2020-12):

- ``str``, ``int``, ``bool``, ``float`` and ``Fraction`` (written as a float) are the JSON
  types; ``X | None`` is nullable; an ``enum.Enum`` is its values; ``Literal[...]`` and the
  closed sets of text a module declares for the type checker are strings.
- ``tuple[X, ...]`` and ``list[X]`` are arrays of X, ``tuple[X, Y]`` an array of two,
  ``frozenset[X]`` an array of distinct X (``to_data`` sorts it).
- A ``Value`` class is an object with exactly its fields, every one of them required
  (``to_data`` writes every field); it is defined once under ``$defs``.
- ``Mapping[K, V]`` and ``dict[K, V]`` are objects whose keys are data, not names: any key
  (for ``int`` keys, a decimal integer: JSON keys are text), each value a V.
- ``Any`` and ``object`` are any JSON value (``{}``): what erc passes on as it found it, such
  as the events ``erc log`` shows as recorded, or the document ``erc schema`` prints.

The envelope around ``result`` (``erc``, ``command``, ``encounter``, ``ruleset``, ``seed``,
``rules``, ``rolls``, ``applied``) is the frame ``erc.core.envelope.envelope`` writes; its
parts come from ``Roll`` and the ruleset's settings class. An ``--odds`` class lists the
probabilities; its ``exact`` twin (each as a ``"p/q"`` string) is derived here.

Only ``erc schema --output`` imports this module: nothing on an ordinary command's path.
"""

from __future__ import annotations

import ast
import enum
import importlib
import itertools
import sys

from erc.core.declared import annotations_of, split_outside_brackets
from erc.core.dice import MAX_SEED, Roll
from erc.core.envelope import VERSION
from erc.core.errors import ErcError, Problem
from erc.core.value import Value

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable, Sequence
    from types import ModuleType
    from typing import Any

DRAFT = "https://json-schema.org/draft/2020-12/schema"
BASE = "https://erc.invalid/schema/"
FRACTION = {"type": "string", "pattern": "^-?[0-9]+/[0-9]+$"}
"""An exact probability as the ``exact`` object writes it."""
INTEGER_KEY = {"pattern": "^-?[0-9]+$"}

_SCALARS = {
    "str": {"type": "string"},
    "int": {"type": "integer"},
    "bool": {"type": "boolean"},
    "float": {"type": "number"},
    "Fraction": {"type": "number"},
    "None": {"type": "null"},
    "Any": {},
    "object": {},
}
_ENVELOPE_NAMES = {"purpose": "for"}
"""``Roll`` fields the envelope writes under another key (``for`` is a Python keyword)."""


class Output(Value):
    """What one command writes with ``--json``, as the schema generator needs it."""

    command: str
    results: tuple[type, ...]
    """The classes ``result`` may be (several: one per form of the command); none: any
    JSON value."""
    ruleset: str | None = None
    """The ruleset of the encounter it reads; None for a command that reads none."""
    settings: type | None = None
    """The ruleset's house-rule class (the envelope's ``rules``)."""
    odds: type | None = None
    """The class of ``result.odds`` (``--odds``), or None."""
    dice: bool = False
    """It takes ``--seed``/``--rolls``: ``seed`` and ``rolls`` may be filled."""
    seeded: bool = False
    """It reports a seed but lists no dice (``erc simulate``: ``seed`` is filled)."""
    apply: bool = False
    """It takes ``--apply``: the envelope may carry ``applied``."""


class Generator:
    """Turns annotations into schemas, collecting each ``Value`` class once in ``defs``."""

    def __init__(self) -> None:
        self.defs: dict[str, Any] = {}

    # --- classes ----------------------------------------------------------------------

    def ref(self, cls: type) -> dict[str, Any]:
        """``{"$ref": ...}`` to ``cls``'s definition (made on first use)."""
        key = _def_name(cls)
        if key not in self.defs:
            self.defs[key] = {}  # a placeholder: a class may refer to itself
            self.defs[key] = self.value_class(cls)
        return {"$ref": f"#/$defs/{key}"}

    def value_class(self, cls: type, *, rename: dict[str, str] | None = None) -> dict[str, Any]:
        if not (isinstance(cls, type) and issubclass(cls, Value)):
            raise TypeError(f"{cls!r} is not an erc.core.value class")
        module = sys.modules[cls.__module__]
        notes = annotations_of(cls)
        docs = _field_docs(cls)
        properties: dict[str, Any] = {}
        for name in cls._fields:
            schema = self.annotation(notes[name], _declaring_module(cls, name, module))
            if name in docs:
                schema = {**schema, "description": docs[name]}
            properties[(rename or {}).get(name, name)] = schema
        out: dict[str, Any] = {"type": "object"}
        described = _summary(cls.__doc__)
        if described:
            out["description"] = described
        out["properties"] = properties
        out["required"] = list(properties)
        out["additionalProperties"] = False
        return out

    def odds_class(self, cls: type) -> dict[str, Any]:
        """``result.odds``: the class's probabilities, and ``exact`` with each as ``p/q``."""
        schema = self.value_class(cls)
        properties = dict(schema["properties"])
        names = list(properties)
        exact_values: list[Any] = [FRACTION]
        if any(p.get("type") == "object" for p in properties.values()):
            exact_values.append(
                {"type": "object", "propertyNames": INTEGER_KEY, "additionalProperties": FRACTION}
            )
        properties["exact"] = {
            "type": "object",
            "description": 'Each probability again as an exact fraction ("p/q").',
            "propertyNames": {"enum": names},
            "required": names,
            "additionalProperties": (
                exact_values[0] if len(exact_values) == 1 else {"anyOf": exact_values}
            ),
        }
        return {**schema, "properties": properties, "required": [*names, "exact"]}

    # --- annotations ------------------------------------------------------------------

    def annotation(self, text: str, module: ModuleType) -> dict[str, Any]:
        """The schema of one annotation, read as the text the class declares."""
        options = split_outside_brackets(text.strip(), "|")
        if len(options) > 1:
            return _union([self.annotation(o, module) for o in options])
        text = options[0]
        if text in _SCALARS:
            return dict(_SCALARS[text])
        head, bracket, inner = text.partition("[")
        inner = inner[:-1] if bracket else ""
        if head in ("tuple", "list", "Sequence", "frozenset", "set"):
            items = split_outside_brackets(inner, ",")
            if head == "tuple" and not (len(items) == 2 and items[1] == "..."):
                fixed = [self.annotation(i, module) for i in items]
                return {
                    "type": "array",
                    "prefixItems": fixed,
                    "items": False,
                    "minItems": len(fixed),
                    "maxItems": len(fixed),
                }
            out: dict[str, Any] = {"type": "array", "items": self.annotation(items[0], module)}
            if head in ("frozenset", "set"):
                out["uniqueItems"] = True
            return out
        if head in ("Mapping", "dict", "MutableMapping"):
            key, value = split_outside_brackets(inner, ",")
            out = {"type": "object"}
            if key.strip() == "int":
                out["propertyNames"] = dict(INTEGER_KEY)
            out["additionalProperties"] = self.annotation(value, module)
            return out
        if head == "Literal":
            return _literal(inner)
        if head == "ClassVar":
            raise TypeError(f"a ClassVar is not a field: {text}")
        target = _resolve(text, module)
        if isinstance(target, str):  # a type alias, as its text
            return self.annotation(target, module)
        if isinstance(target, type) and issubclass(target, Value):
            return self.ref(target)
        if isinstance(target, type) and issubclass(target, enum.Enum):
            values = [m.value for m in target]
            out = {"enum": values}
            if all(isinstance(v, str) for v in values):
                out = {"type": "string", **out}
            return out
        if isinstance(target, type) and target.__name__ in _SCALARS:
            return dict(_SCALARS[target.__name__])
        raise TypeError(f"cannot describe {text!r} (in {module.__name__}) as JSON Schema")


# --- the documents --------------------------------------------------------------------


def document(outputs: Sequence[Output], *, title: str, name: str) -> dict[str, Any]:
    """The schema of one command's envelope: one branch per ruleset that has it (told apart
    by ``ruleset``), or one alone."""
    generator = Generator()
    branches = [envelope(generator, o) for o in outputs]
    return _wrap(generator, branches, title=title, name=name)


def error_document(*, batch: bool = False) -> dict[str, Any]:
    """The error envelope (CONTRACT "Errors and exit codes"): on stderr, or with ``batch``
    a failing line of ``erc batch``, which carries its ``line`` and ``command``."""
    generator = Generator()
    title = "erc batch error line" if batch else "erc error envelope"
    return _wrap(generator, [error(generator, batch=batch)], title=title, name="error")


def batch_document(outputs: Sequence[Output]) -> dict[str, Any]:
    """``erc batch``: each line is the envelope of one of ``outputs`` or an error line."""
    generator = Generator()
    branches = [envelope(generator, o) for o in outputs] + [error(generator, batch=True)]
    return _wrap(generator, branches, title="erc batch line", name="batch", one_of=False)


def envelope(generator: Generator, output: Output) -> dict[str, Any]:
    """The envelope ``erc.core.envelope.envelope`` writes for ``output``'s command."""
    if output.odds is not None:  # the result's own fields, and ``odds`` beside them
        odds = generator.odds_class(output.odds)
        odds["description"] = "With --odds: the exact probabilities."
        forms = []
        for cls in output.results:
            form = generator.value_class(cls)
            form["properties"] = {**form["properties"], "odds": odds}
            forms.append(form)
    else:
        forms = [generator.ref(c) for c in output.results]
    if forms:
        result: dict[str, Any] = forms[0] if len(forms) == 1 else {"anyOf": forms}
    else:
        result = {"description": "Any JSON value (erc schema: a JSON Schema document)."}
    read = output.ruleset is not None
    roll = generator.value_class(Roll, rename=_ENVELOPE_NAMES)
    roll["description"] = "One die as drawn: its size, its face and what it was for."
    properties: dict[str, Any] = {
        "erc": {"const": VERSION, "description": "The envelope's version."},
        "command": {"const": output.command},
        "encounter": {"type": "string"} if read else {"type": "null"},
        "ruleset": {"const": output.ruleset} if read else {"type": "null"},
        "seed": (
            {"type": ["integer", "null"], "minimum": 0, "maximum": MAX_SEED}
            if output.dice
            else {"type": "integer", "minimum": 0, "maximum": MAX_SEED}
            if output.seeded
            else {"type": "null"}
        ),
        "rules": (
            generator.ref(output.settings)
            if output.settings is not None
            else {"type": "object", "maxProperties": 0}
        ),
        "rolls": {"type": "array", "items": roll}
        if output.dice
        else {"type": "array", "maxItems": 0},
        "result": result,
    }
    required = list(properties)
    if output.apply:
        properties["applied"] = {
            "type": "object",
            "description": "With --apply (undo: always): the journal and the event recorded "
            "(replayed: a --key already there, reported as first recorded; undone: since "
            "cancelled).",
            "properties": {
                "journal": {"type": "string"},
                "event": {"type": "integer", "minimum": 1},
                "replayed": {"type": "boolean"},
                "undone": {"type": "boolean"},
            },
            "required": ["journal", "event"],
            "additionalProperties": False,
        }
    return {
        "type": "object",
        "properties": properties,
        "required": required,
        "additionalProperties": False,
    }


def error(generator: Generator, *, batch: bool = False) -> dict[str, Any]:
    """The error document ``erc.core.envelope.error_document`` writes, its body from
    ``ErcError``'s parameters."""
    module = sys.modules[ErcError.__module__]
    given = dict(ErcError.__init__.__annotations__)
    given.pop("return", None)
    body: dict[str, Any] = {}
    for name, text in given.items():
        if name == "problems":
            body[name] = {"type": "array", "items": generator.ref(Problem), "minItems": 1}
        else:
            body[name] = generator.annotation(str(text), module)
    properties: dict[str, Any] = {"erc": {"const": VERSION}}
    if batch:
        properties["line"] = {"type": "integer", "minimum": 1}
        properties["command"] = {"type": ["string", "null"]}
    properties["error"] = {
        "type": "object",
        "properties": body,
        "required": [n for n in body if n != "problems"],
        "additionalProperties": False,
    }
    required = list(properties)
    if not batch:
        properties["warnings"] = {
            "type": "array",
            "items": generator.ref(Problem),
            "minItems": 1,
            "description": "What the command warned of before it failed (a torn journal "
            "line repaired), kept in the document so that stderr holds only it.",
        }
    return {
        "type": "object",
        "properties": properties,
        "required": required,
        "additionalProperties": False,
    }


def _wrap(
    generator: Generator,
    branches: list[dict[str, Any]],
    *,
    title: str,
    name: str,
    one_of: bool = True,
) -> dict[str, Any]:
    out: dict[str, Any] = {
        "$schema": DRAFT,
        "$id": f"{BASE}output-{VERSION}/{name}.json",
        "title": title,
    }
    if len(branches) == 1:
        out.update(branches[0])
    else:
        out["oneOf" if one_of else "anyOf"] = branches
    out["$defs"] = dict(sorted(generator.defs.items()))
    return out


# --- reading the declarations ---------------------------------------------------------


def _def_name(cls: type) -> str:
    module = cls.__module__.removeprefix("erc.")
    return f"{module}.{cls.__qualname__}"


def _union(options: list[dict[str, Any]]) -> dict[str, Any]:
    """``X | Y``: scalar types merge into one ``type`` list; anything else is ``anyOf``."""
    simple = all(set(o) == {"type"} and isinstance(o["type"], str) for o in options)
    if simple:
        return {"type": [o["type"] for o in options]}
    return {"anyOf": options}


def _literal(inner: str) -> dict[str, Any]:
    values = [ast.literal_eval(v) for v in split_outside_brackets(inner, ",")]
    out: dict[str, Any] = {"enum": values}
    if all(isinstance(v, str) for v in values):
        out = {"type": "string", **out}
    return out


def _summary(doc: str | None) -> str:
    """A docstring's first paragraph on one line."""
    if not doc:
        return ""
    return _plain(doc.strip().split("\n\n", 1)[0])


def _plain(text: str) -> str:
    """A docstring's text on one line, its ``literals`` in single backquotes (Markdown)."""
    return " ".join(text.split()).replace("``", "`")


_trees: dict[str, ast.Module] = {}


def _tree(module: ModuleType) -> ast.Module:
    path = getattr(module, "__file__", None)
    if not path:
        return ast.Module(body=[], type_ignores=[])
    found = _trees.get(path)
    if found is None:
        with open(path, encoding="utf-8") as source:
            found = _trees[path] = ast.parse(source.read())
    return found


def _declaring_module(cls: type, field: str, default: ModuleType) -> ModuleType:
    """The module of the class in ``cls``'s bases that declares ``field`` (an inherited
    field's annotation names what its own module imports)."""
    for klass in cls.__mro__:
        if field in vars(klass).get("__annotations__", {}):
            return sys.modules.get(klass.__module__, default)
    return default


def _field_docs(cls: type) -> dict[str, str]:
    """The docstrings written under each field of ``cls`` (and of its bases)."""
    docs: dict[str, str] = {}
    for klass in reversed(cls.__mro__):
        module = sys.modules.get(klass.__module__)
        if module is None or not klass.__module__.startswith("erc."):
            continue
        for node in ast.walk(_tree(module)):
            if isinstance(node, ast.ClassDef) and node.name == klass.__name__:
                body = node.body
                for field, after in itertools.pairwise(body):
                    if (
                        isinstance(field, ast.AnnAssign)
                        and isinstance(field.target, ast.Name)
                        and isinstance(after, ast.Expr)
                        and isinstance(after.value, ast.Constant)
                        and isinstance(after.value.value, str)
                    ):
                        docs[field.target.id] = _plain(after.value.value)
                break
    return docs


def _resolve(text: str, module: ModuleType) -> Any:
    """What a name in an annotation stands for: from the module's namespace, else from its
    imports for the type checker (``if TYPE_CHECKING:``) or its type aliases (as text)."""
    head, _, rest = text.partition(".")
    namespace = vars(module)
    if head in namespace:
        found: Any = namespace[head]
    else:
        found = _declared(head, module)
    for part in rest.split(".") if rest else ():
        found = getattr(found, part)
    return found


def _declared(name: str, module: ModuleType) -> Any:
    for node in ast.walk(_tree(module)):
        if isinstance(node, ast.ImportFrom):
            for alias in node.names:
                if (alias.asname or alias.name) == name:
                    source = _absolute(node, module)
                    imported = importlib.import_module(source)
                    if hasattr(imported, alias.name):
                        return getattr(imported, alias.name)
                    return importlib.import_module(f"{source}.{alias.name}")
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.asname == name:
                    return importlib.import_module(alias.name)
        elif isinstance(node, ast.Assign | ast.AnnAssign):
            targets: Iterable[ast.expr] = (
                node.targets if isinstance(node, ast.Assign) else [node.target]
            )
            value = node.value
            if value is not None and any(isinstance(t, ast.Name) and t.id == name for t in targets):
                return ast.unparse(value)
    raise TypeError(f"{module.__name__} does not say what {name!r} is")


def _absolute(node: ast.ImportFrom, module: ModuleType) -> str:
    if not node.level:
        return node.module or ""
    package = module.__name__.split(".")
    if not getattr(module, "__path__", None):  # a module, not a package
        package = package[:-1]
    anchor = package[: len(package) - node.level + 1]
    return ".".join([*anchor, node.module] if node.module else anchor)
