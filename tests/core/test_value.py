"""Frozen value classes (issue 19: no ``dataclasses`` on the start-up path) and the checking
of plain data against their declarations (journal effects, cache entries)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from erc.core import value
from erc.core.declared import coerce
from erc.core.value import Value, fields, replace


class Point(Value):
    x: int
    label: str = "p"
    tags: tuple[str, ...] = ()


class Tagged(Point):
    extra: int | None = None


def test_fields_defaults_equality_and_hashing() -> None:
    p = Point(1)
    assert (p.x, p.label, p.tags) == (1, "p", ())
    assert p == Point(x=1, label="p") and p != Point(2) and hash(p) == hash(Point(1))
    assert fields(Tagged) == ("x", "label", "tags", "extra")
    assert repr(Tagged(1, extra=3)) == "Tagged(x=1, label='p', tags=(), extra=3)"
    assert Point(1) != Tagged(1)  # another class is another value


def test_frozen_and_refusing_unknown_fields() -> None:
    p = Point(1)
    with pytest.raises(AttributeError):
        p.x = 2  # type: ignore[misc]
    with pytest.raises(TypeError):
        Point(1, nope=2)  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        Point()  # type: ignore[call-arg]
    assert replace(p, label="q") == Point(1, "q") and p.label == "p"


def test_the_specialised_init_behaves_as_the_generic_one() -> None:
    """After ``SPECIALISE_AFTER`` instances a class compiles its own ``__init__``; the
    values it builds are the same, defaults, keywords and errors included."""

    class Late(Value):
        a: int
        b: str = "b"

    made = [Late(i) if i % 2 else Late(a=i, b="k") for i in range(value.SPECIALISE_AFTER + 4)]
    assert Late.__init__ is not Value.__init__
    assert made[-1] == Late(value.SPECIALISE_AFTER + 3) and made[-2].b == "k"
    with pytest.raises(TypeError):
        Late()  # type: ignore[call-arg]
    with pytest.raises(AttributeError):
        made[0].a = 1  # type: ignore[misc]


def test_coerce_checks_plain_data_against_the_declaration() -> None:
    namespace = {"Point": Point}
    assert coerce(["a", "b"], "tuple[str, ...]", namespace, from_json=True) == ("a", "b")
    assert coerce({"x": 2}, "Point", namespace, from_json=True) == Point(2)
    assert coerce(None, "int | None", namespace, from_json=True) is None
    for bad, annotation in ((True, "int"), ("1", "int"), ({"y": 1}, "Point"), ([1], "str")):
        with pytest.raises(ValueError):
            coerce(bad, annotation, namespace, from_json=True)


def test_importing_the_value_base_imports_no_dataclasses_or_typing() -> None:
    heavy = "{'dataclasses', 'typing', 'inspect'}"
    probe = f"import sys, erc.core.value; print(sorted({heavy} & set(sys.modules)))"
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


def test_a_subclass_is_not_made_by_its_base_s_compiled_init() -> None:
    """A base that compiled its own ``__init__`` (``SPECIALISE_AFTER`` values) knows only
    its own fields: a subclass, declared before or after, is made the generic way until it
    compiles one of its own (the Sneak odds are a subclass of the attack odds)."""

    class Base(Value):
        a: int

    class Early(Base):
        b: int = 0

    made = [Base(i) for i in range(value.SPECIALISE_AFTER + 1)]
    assert Base.__init__ is not Value.__init__ and made[-1] == Base(value.SPECIALISE_AFTER)

    class Late(Base):
        c: str = "c"

    assert Early(1, 2).b == 2 and Late(1, c="d").c == "d" and Late(1).c == "c"
    assert Early.__init__ is Value.__init__ and Late.__init__ is Value.__init__
    lots = [Early(i, b=i) for i in range(value.SPECIALISE_AFTER + 1)]
    assert Early.__init__ is not Value.__init__ and lots[-1] == Early(lots[-1].a, lots[-1].a)
    assert Base(3) == Base(a=3) and Late(2, "x") == Late(a=2, c="x")
