"""erc's start-up image (issue "Speed at the interpreter's floor"): a command loads erc's
modules from one file of byte-code, and anything the image cannot vouch for (a module
edited or added since, a damaged file, no file) is imported as usual, with the same
result."""

from __future__ import annotations

import marshal
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import erc
from erc.image import modules
from tests.conftest import ENCOUNTERS, ROOT

DUEL = str(ENCOUNTERS / "duel.yaml")
ATTACK = ["attack", "Kaela", "Ogre", "-e", DUEL, "--rolls", "18,17,4,11", "--json"]

# Runs one erc command line in a fresh process, then reports on stderr where each erc module
# came from ("image" or "import") and whether erc found its image out of date.
PROBE = (
    "import atexit, sys\n"
    "sys.argv = ['erc', *sys.argv[1:]]\n"
    "import erc\n"
    "def where():\n"
    "    for name in sorted(sys.modules):\n"
    "        if name.startswith('erc.'):\n"
    "            image = sys.modules[name].__spec__.loader is sys.meta_path[0]\n"
    "            print(name, 'image' if image else 'import', file=sys.stderr)\n"
    "    print('stale', erc.stale, file=sys.stderr)\n"
    "atexit.register(where)\n"
    "from erc.cli import main\n"
    "main()\n"
)


def run(
    folder: Path,
    *args: str,
    writes: bool = False,
    flags: tuple[str, ...] = (),
    env_too: dict[str, str] | None = None,
) -> tuple[str, dict[str, str], bool]:
    """stdout, where each erc module came from, and whether erc found its image stale."""
    env = {**os.environ, "PYTHONPATH": str(folder), **(env_too or {})}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    if not writes:
        env["PYTHONDONTWRITEBYTECODE"] = "1"
    ran = subprocess.run(
        [sys.executable, *flags, "-c", PROBE, *args],
        cwd=folder,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert ran.returncode == 0, ran.stderr
    report = [line.split() for line in ran.stderr.splitlines()]
    origins = {words[0]: words[1] for words in report if words[0].startswith("erc.")}
    stale = [words[1] for words in report if words[0] == "stale"]
    return ran.stdout, origins, stale == ["True"]


def build(folder: Path) -> None:
    ran = subprocess.run(
        [sys.executable, "-m", "erc.image"],
        cwd=folder,
        env={**os.environ, "PYTHONPATH": str(folder)},
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert ran.returncode == 0, ran.stderr


def image_of(folder: Path) -> Path:
    return Path(erc.image_path(str(folder / "erc")))


def index_of(path: Path) -> dict[str, tuple[str, int, int, int, int, bool]]:
    data = path.read_bytes()
    start = len(erc.IMAGE_FORMAT) + 4 + 4
    size = int.from_bytes(data[start - 4 : start], "little")
    index: dict[str, tuple[str, int, int, int, int, bool]] = marshal.loads(
        data[start : start + size]
    )
    return index


@pytest.fixture
def copy(tmp_path: Path) -> Path:
    """erc's sources, without byte-code, in a folder of their own."""
    shutil.copytree(ROOT / "erc", tmp_path / "erc", ignore=shutil.ignore_patterns("__pycache__"))
    return tmp_path


def test_the_set_up_leaves_an_image_of_every_module() -> None:
    """ "byte-code present after the README's set-up": `make bytecode` writes the image."""
    path = image_of(ROOT)
    assert path.is_file(), "run `make bytecode`"
    expected = {name for name, _, _ in modules(str(ROOT / "erc"))}
    assert set(index_of(path)) == expected, "run `make bytecode`"


def test_a_command_here_loads_every_erc_module_from_the_image() -> None:
    out, origins, stale = run(ROOT, *ATTACK)
    assert '"damage":5' in out
    assert len(origins) > 20
    assert {name for name, origin in origins.items() if origin != "image"} == set()
    assert not stale, "run `make bytecode`"


def test_the_image_gives_what_the_ordinary_import_gives(copy: Path) -> None:
    without, origins, stale = run(copy, *ATTACK)
    assert set(origins.values()) == {"import"}
    assert stale  # no image: the next command that may write byte-code writes it
    build(copy)
    with_image, origins, stale = run(copy, *ATTACK)
    assert set(origins.values()) == {"image"}
    assert not stale
    assert with_image == without
    assert '"damage":5' in with_image


def test_a_module_edited_after_the_image_is_imported_from_its_source(copy: Path) -> None:
    build(copy)
    text = copy / "erc" / "core" / "text.py"
    text.write_text(text.read_text() + "\nEDITED = 'from the source'\n")
    _, origins, stale = run(copy, "roll", "d6", "--rolls", "4", "--json")
    assert origins["erc.core.text"] == "import"
    assert origins["erc.core.dice"] == "image"
    assert stale
    probe = "import erc.core.text as t; print(t.EDITED)"
    ran = subprocess.run(
        [sys.executable, "-c", probe], cwd=copy, capture_output=True, text=True, check=True
    )
    assert ran.stdout == "from the source\n"


def test_a_module_added_after_the_image_is_imported_and_marks_it_stale(copy: Path) -> None:
    build(copy)
    (copy / "erc" / "core" / "added.py").write_text("ADDED = 1\n")
    probe = "import erc, erc.core.added as a; print(a.ADDED, erc.stale)"
    ran = subprocess.run(
        [sys.executable, "-c", probe], cwd=copy, capture_output=True, text=True, check=True
    )
    assert ran.stdout == "1 True\n"


@pytest.mark.parametrize(
    "damage",
    ["cut short", "code zeroed", "another format", "index not a table"],
)
def test_a_damaged_image_is_passed_over(copy: Path, damage: str) -> None:
    without, _, _ = run(copy, *ATTACK)
    build(copy)
    path = image_of(copy)
    data = path.read_bytes()
    head = len(erc.IMAGE_FORMAT) + 4 + 4
    if damage == "cut short":
        data = data[: len(data) // 2]
    elif damage == "code zeroed":  # the index whole, every module's code zeros
        code = head + int.from_bytes(data[head - 4 : head], "little")
        data = data[:code] + bytes(len(data) - code)
    elif damage == "another format":
        data = b"erc image 0\n" + data[len(erc.IMAGE_FORMAT) :]
    else:
        table = marshal.dumps(["not", "a", "table"])
        data = data[: head - 4] + len(table).to_bytes(4, "little") + table
    path.write_bytes(data)
    out, origins, _ = run(copy, *ATTACK)
    assert out == without
    if damage == "cut short":  # the modules whose code is still whole load from it
        assert {"image", "import"} == set(origins.values())
    else:
        assert set(origins.values()) == {"import"}


def test_a_moved_package_keeps_its_image_and_names_its_new_files(copy: Path) -> None:
    """Tracebacks name the file where the module is now, as the ordinary import does."""
    build(copy)
    moved = copy / "moved"
    moved.mkdir()
    shutil.move(copy / "erc", moved / "erc")
    probe = (
        "import sys, erc.core.text as t\n"
        "print(t.__file__ == t.folded.__code__.co_filename, sys.meta_path[0] is t.__loader__)\n"
        "print(t.__file__)"
    )
    ran = subprocess.run(
        [sys.executable, "-c", probe], cwd=moved, capture_output=True, text=True, check=True
    )
    assert ran.stdout.splitlines() == ["True True", str(moved / "erc" / "core" / "text.py")]


def test_python_dash_m_runs_from_the_image(copy: Path) -> None:
    build(copy)
    ran = subprocess.run(
        [sys.executable, "-m", "erc", "roll", "d6", "--rolls", "4", "--json"],
        cwd=copy,
        capture_output=True,
        text=True,
        check=False,
    )
    assert ran.returncode == 0, ran.stderr
    assert '"total":4' in ran.stdout


def test_optimised_interpreters_do_not_use_it(copy: Path) -> None:
    """The image holds byte-code with its assertions; ``-O`` byte-code has none."""
    build(copy)
    _, origins, _ = run(copy, "roll", "d6", "--rolls", "4", "--json", flags=("-O",))
    assert set(origins.values()) == {"import"}


def test_a_command_writes_a_missing_image_where_byte_code_may_be_written(copy: Path) -> None:
    """As the interpreter writes ``.pyc`` files: not under PYTHONDONTWRITEBYTECODE, and from
    the byte-code the command's own imports left up to date (nothing is compiled for it)."""
    run(copy, "roll", "d6", "--rolls", "4", "--json")
    assert not image_of(copy).exists()
    run(copy, "roll", "d6", "--rolls", "4", "--json", writes=True)
    first = set(index_of(image_of(copy)))
    assert "erc.core.dice" in first
    assert "erc.rulesets.er.rules.attack" not in first  # not imported, so not compiled
    _, origins, stale = run(copy, "roll", "d6", "--rolls", "4", "--json", writes=True)
    assert set(origins.values()) == {"image"}
    assert not stale
    run(copy, *ATTACK, writes=True)
    assert "erc.rulesets.er.rules.attack" in set(index_of(image_of(copy)))
    image = image_of(copy)
    assert [p.name for p in image.parent.iterdir() if ".image" in p.name] == [image.name]


@pytest.mark.parametrize("fd", [0, 1, 2])
def test_the_image_never_takes_a_standard_descriptor_closed_at_start_up(fd: int) -> None:
    """erc points a standard descriptor closed at start-up at the null device, so no file it
    opens takes its number (``erc.cli``); the image, opened before that, leaves it free."""
    probe = f"import os, sys, erc\ntry:\n    os.fstat({fd})\nexcept OSError:\n    sys.exit(7)\n"
    ran = subprocess.run(
        [sys.executable, "-c", probe],
        cwd=ROOT,
        capture_output=True,
        preexec_fn=lambda: os.close(fd),
        timeout=60,
        check=False,
    )
    assert ran.returncode == 7


def test_asking_for_a_module_erc_does_not_have_leaves_the_image_current(copy: Path) -> None:
    build(copy)
    probe = (
        "import importlib.util, erc\n"
        "print(importlib.util.find_spec('erc.core.nothing'), erc.stale)\n"
        "import erc.core.dice\n"
        "print(erc.stale)"
    )
    ran = subprocess.run(
        [sys.executable, "-c", probe], cwd=copy, capture_output=True, text=True, check=True
    )
    assert ran.stdout.split() == ["None", "False", "False"]


def test_with_a_byte_code_prefix_the_image_lives_below_it(copy: Path) -> None:
    """PYTHONPYCACHEPREFIX: byte-code is kept out of the source tree, the image too."""
    prefix = copy / "prefix"
    env_too = {"PYTHONPYCACHEPREFIX": str(prefix)}
    run(copy, "roll", "d6", "--rolls", "4", "--json", writes=True, env_too=env_too)
    _, origins, stale = run(copy, "roll", "d6", "--rolls", "4", "--json", env_too=env_too)
    assert set(origins.values()) == {"image"} and not stale
    assert not (copy / "erc" / "__pycache__").exists()
    assert list(prefix.rglob("*.image")) == [
        prefix / str(copy / "erc").lstrip("/") / Path(erc.image_path("x")).name
    ]
