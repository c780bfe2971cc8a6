"""erc's start-up image (issue "Speed at the interpreter's floor"): a command loads erc's
modules from one file of byte-code, and anything the image cannot vouch for (a module
edited or added since, a damaged file, no file) is imported as usual, with the same
result."""

from __future__ import annotations

import importlib.util
import marshal
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

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
    "            image = getattr(sys.modules[name].__spec__.loader, 'erc_image', False)\n"
    "            print(name, 'image' if image else 'import', file=sys.stderr)\n"
    "    print('stale', erc.stale, file=sys.stderr)\n"
    "atexit.register(where)\n"
    "from erc.cli import main\n"
    "main()\n"
)


def process(
    folder: Path, argv: list[str], env_too: dict[str, str], writes: bool = False
) -> subprocess.CompletedProcess[str]:
    """The interpreter run in ``folder`` (whose erc it imports) on ``argv``; it may write
    byte-code only if ``writes``."""
    env = {**os.environ, "PYTHONPATH": str(folder), **env_too}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    if not writes:
        env["PYTHONDONTWRITEBYTECODE"] = "1"
    ran = subprocess.run(
        [sys.executable, *argv],
        cwd=folder,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert ran.returncode == 0, ran.stderr
    return ran


def run(
    folder: Path,
    *args: str,
    writes: bool = False,
    flags: tuple[str, ...] = (),
    env_too: dict[str, str] | None = None,
) -> tuple[str, dict[str, str], bool]:
    """stdout, where each erc module came from, and whether erc found its image stale."""
    ran = process(folder, [*flags, "-c", PROBE, *args], env_too or {}, writes)
    report = [line.split() for line in ran.stderr.splitlines()]
    origins = {words[0]: words[1] for words in report if words[0].startswith("erc.")}
    stale = [words[1] for words in report if words[0] == "stale"]
    return ran.stdout, origins, stale == ["True"]


def build(folder: Path) -> None:
    process(folder, ["-m", "erc.image"], {})


def image_of(folder: Path) -> Path:
    return Path(erc.image_path(str(folder / "erc")))


def index_of(path: Path) -> dict[str, tuple[str, int, int, int, int, bool, bytes]]:
    """The modules the image at ``path`` holds (its layout: erc.image)."""
    data = path.read_bytes()
    start = len(erc.IMAGE_FORMAT) + 4 + 4
    size = int.from_bytes(data[start - 4 : start], "little")
    modules: dict[str, tuple[str, int, int, int, int, bool, bytes]]
    modules, _ = marshal.loads(data[start : start + size])
    return modules


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
    assert python(copy, probe) == "from the source\n"


def test_a_module_added_after_the_image_is_imported_and_marks_it_stale(copy: Path) -> None:
    build(copy)
    (copy / "erc" / "core" / "added.py").write_text("ADDED = 1\n")
    probe = "import erc, erc.core.added as a; print(a.ADDED, erc.stale)"
    assert python(copy, probe) == "1 True\n"


def _index(data: bytes) -> tuple[int, Any]:
    head = len(erc.IMAGE_FORMAT) + 4 + 4
    size = int.from_bytes(data[head - 4 : head], "little")
    return head + size, marshal.loads(data[head : head + size])


def _with_index(data: bytes, index: Any) -> bytes:
    """``data`` with ``index`` for its index (the code after it unmoved: offsets count from
    the index's end)."""
    head = len(erc.IMAGE_FORMAT) + 4 + 4
    end, _ = _index(data)
    table = marshal.dumps(index)
    return data[: head - 4] + len(table).to_bytes(4, "little") + table + data[end:]


DAMAGE = [
    "cut short",
    "code zeroed",
    "one byte of a module changed",
    "another format",
    "index not a pair",
    "index longer than the file",
    "a module's code outside the file",
    "a module's length past any size",
]


@pytest.mark.parametrize("damage", DAMAGE)
def test_a_damaged_image_is_passed_over(copy: Path, damage: str) -> None:
    """Whatever is wrong with the image, each module it cannot vouch for is imported as
    usual: the same output, no traceback, and erc knows to write it again."""
    without, _, _ = run(copy, *ATTACK)
    build(copy)
    path = image_of(copy)
    data = path.read_bytes()
    head = len(erc.IMAGE_FORMAT) + 4 + 4
    end, (modules, folders) = _index(data)
    spoilt = "erc.rulesets.er.rules.attack" if damage == "cut short" else "erc.core.dice"
    offset, length = modules[spoilt][1:3]
    if damage == "cut short":
        data = data[: len(data) // 2]
    elif damage == "code zeroed":
        data = data[:end] + bytes(len(data) - end)
    elif damage == "one byte of a module changed":
        at = end + offset + length // 2
        data = data[:at] + bytes([data[at] ^ 0x01]) + data[at + 1 :]
    elif damage == "another format":
        data = b"erc image 0\n" + data[len(erc.IMAGE_FORMAT) :]
    elif damage == "index not a pair":
        data = _with_index(data, ["not", "a", "pair"])
    elif damage == "index longer than the file":
        data = data[: head - 4] + (0xFFFFFFF0).to_bytes(4, "little") + data[head:]
    else:
        entry = list(modules[spoilt])
        entry[1:3] = [len(data), 10] if damage.endswith("outside the file") else [0, 2**62]
        data = _with_index(data, ({**modules, spoilt: tuple(entry)}, folders))
    path.write_bytes(data)
    out, origins, stale = run(copy, *ATTACK)
    assert out == without
    assert stale
    if damage in ("cut short", "one byte of a module changed") or damage.startswith("a module"):
        assert origins[spoilt] == "import"
        assert origins["erc.cli.dispatch"] == "image"
    else:
        assert set(origins.values()) == {"import"}


def test_a_damaged_image_is_written_again_where_byte_code_may_be(copy: Path) -> None:
    run(copy, *ATTACK, writes=True)
    path = image_of(copy)
    path.write_bytes(path.read_bytes()[: path.stat().st_size // 2])
    run(copy, *ATTACK, writes=True)
    _, origins, stale = run(copy, *ATTACK)
    assert set(origins.values()) == {"image"} and not stale


def test_a_fifo_in_place_of_the_image_holds_nothing_up(copy: Path) -> None:
    (copy / "erc" / "__pycache__").mkdir()
    os.mkfifo(image_of(copy))
    out, origins, stale = run(copy, "roll", "d6", "--rolls", "4", "--json")
    assert '"total":4' in out
    assert set(origins.values()) == {"import"} and stale


def test_a_moved_package_keeps_its_image_and_names_its_new_files(copy: Path) -> None:
    """Tracebacks name the file where the module is now, as the ordinary import does."""
    build(copy)
    moved = copy / "moved"
    moved.mkdir()
    shutil.move(copy / "erc", moved / "erc")
    probe = (
        "import sys, erc.core.text as t\n"
        "print(t.__file__ == t.folded.__code__.co_filename, t.__loader__.erc_image)\n"
        "print(t.__file__)"
    )
    assert python(moved, probe).splitlines() == [
        "True True",
        str(moved / "erc" / "core" / "text.py"),
    ]


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
    assert python(copy, probe).split() == ["None", "False", "False"]


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


def python(folder: Path, code: str, env_too: dict[str, str] | None = None) -> str:
    """What ``code`` prints, run in ``folder`` (where its erc is imported from)."""
    return process(folder, ["-c", code], env_too or {}).stdout


@pytest.mark.parametrize("prefix", [False, True])
def test_a_module_from_the_image_is_what_the_import_makes_of_its_file(
    copy: Path, prefix: bool
) -> None:
    """Its file, byte-code path, source and resources, as the ordinary loader gives them."""
    env_too = {"PYTHONPYCACHEPREFIX": str(copy / "prefix")} if prefix else {}
    if prefix:  # written by a command (the modules it imported) below the prefix
        run(copy, *ATTACK, writes=True, env_too=env_too)
    else:
        build(copy)
    code = (
        "import importlib.resources, importlib.util, inspect\n"
        "import erc.core.dice as m, erc.core.encounter as p\n"
        "for module in (m, p):\n"
        "    print(module.__loader__.erc_image, module.__spec__.has_location)\n"
        "    print(module.__cached__ == importlib.util.cache_from_source(module.__file__))\n"
        "    print(module.__loader__.get_source(module.__name__) == inspect.getsource(module))\n"
        "print(p.__path__ == [p.__file__.rpartition('/')[0]])\n"
        "print(m.__loader__.code is None)\n"  # a module's code lives on only in its functions
        "print(sorted(f.name for f in importlib.resources.files(p).iterdir())[:2])\n"
    )
    assert python(copy, code, env_too).split("\n")[:-1] == [
        "True True",
        "True",
        "True",
        "True True",
        "True",
        "True",
        "True",
        "True",
        "['__init__.py', 'cache.py']",
    ]


def test_a_package_made_beside_a_module_wins_as_in_the_import(copy: Path) -> None:
    """A package (or a compiled extension) added beside ``text.py`` is what the ordinary
    import takes; the image steps aside for every module of that folder."""
    build(copy)
    package = copy / "erc" / "core" / "text"
    package.mkdir()
    (package / "__init__.py").write_text(
        (copy / "erc" / "core" / "text.py").read_text() + "\nWHERE = 'package'\n"
    )
    code = "import erc, erc.core.text as t, erc.core.dice as d\nprint(t.WHERE, erc.stale)\n"
    code += "print(d.__loader__.__class__.__name__)"
    assert python(copy, code).split() == ["package", "True", "SourceFileLoader"]


def test_byte_code_written_in_the_second_its_source_changed_is_not_trusted(copy: Path) -> None:
    """git's "racy" rule: the ``.pyc`` of a source changed again in the same second, to the
    same size, would pass the import's check; the image compiles that source instead."""
    text = copy / "erc" / "core" / "text.py"
    source = text.read_text()
    earlier = source.replace("def folded(", "def foldeD(")  # same size: what the .pyc holds
    text.write_text(earlier)
    python(copy, "import py_compile; py_compile.compile('erc/core/text.py')")
    text.write_text(source)
    pyc = Path(importlib.util.cache_from_source(str(text)))
    second = int.from_bytes(pyc.read_bytes()[8:12], "little")  # the source time it records
    os.utime(text, ns=(second * 10**9, second * 10**9 + 1))
    os.utime(pyc, ns=(second * 10**9, second * 10**9 + 2))
    assert python(copy, "import erc.core.text as t; print(hasattr(t, 'foldeD'))") == "True\n"
    run(copy, "roll", "d6", "--rolls", "4", "--json", writes=True)
    assert "erc.core.text" in index_of(image_of(copy))
    probe = "import erc.core.text as t; print(hasattr(t, 'folded'), t.__loader__.erc_image)"
    assert python(copy, probe) == "True True\n"


def test_a_fifo_among_the_byte_code_holds_nothing_up(copy: Path) -> None:
    python(copy, "import compileall; compileall.compile_dir('erc', quiet=1)")
    grab = copy / "erc" / "rulesets" / "elysium" / "rules" / "grab.py"  # not imported by roll
    pyc = Path(importlib.util.cache_from_source(str(grab)))
    pyc.unlink()
    os.mkfifo(pyc)
    out, _, _ = run(copy, "roll", "d6", "--rolls", "4", "--json", writes=True)
    assert '"total":4' in out
    assert len(index_of(image_of(copy))) == len(modules(str(copy / "erc"))) - 1


def test_the_image_takes_the_mode_of_the_package_not_the_umask(copy: Path) -> None:
    os.chmod(copy / "erc" / "__init__.py", 0o640)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    subprocess.run(
        [sys.executable, "-m", "erc", "roll", "d6", "--json"],
        cwd=copy,
        env=env,
        preexec_fn=lambda: os.umask(0),
        capture_output=True,
        check=True,
    )
    assert image_of(copy).stat().st_mode & 0o777 == 0o640


def test_hash_based_byte_code_makes_a_whole_image(copy: Path) -> None:
    """``SOURCE_DATE_EPOCH`` builds (and pip under it) write checked hash-based ``.pyc``."""
    python(
        copy,
        "import compileall, py_compile\n"
        "compileall.compile_dir('erc', quiet=1,"
        " invalidation_mode=py_compile.PycInvalidationMode.CHECKED_HASH)",
    )
    run(copy, "roll", "d6", "--rolls", "4", "--json", writes=True)
    assert set(index_of(image_of(copy))) == {name for name, _, _ in modules(str(copy / "erc"))}


def test_a_killed_writers_partial_image_is_swept_away(copy: Path) -> None:
    gone = subprocess.Popen([sys.executable, "-c", ""])
    gone.wait()
    (copy / "erc" / "__pycache__").mkdir()
    partial = Path(f"{image_of(copy)}.{gone.pid}")
    partial.write_bytes(b"half an image")
    build(copy)
    assert not partial.exists()
    assert image_of(copy).is_file()


def test_erc_imported_again_has_one_image_and_another_folder_its_own_modules(
    copy: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    build(copy)
    other = tmp_path_factory.mktemp("other")
    shutil.copytree(copy / "erc", other / "erc", ignore=shutil.ignore_patterns("__pycache__"))
    code = (
        "import importlib, sys, erc\n"
        "importlib.reload(erc); importlib.reload(erc)\n"
        "print(sum(getattr(f, 'erc_image', False) for f in sys.meta_path))\n"
        "for name in [m for m in sys.modules if m == 'erc' or m.startswith('erc.')]:\n"
        "    del sys.modules[name]\n"
        f"sys.path.insert(0, {str(other)!r})\n"
        "import erc.core.text as t\n"
        "print(t.__file__.startswith(" + repr(str(other)) + "))\n"
    )
    assert python(copy, code).split() == ["1", "True"]


def test_where_the_image_cannot_be_written_nothing_is_built(
    copy: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A read-only install (tests run as any user, so the folder's refusal is simulated):
    a command that finds no image does not read every module's byte-code for nothing."""
    import erc.image

    built: list[str] = []
    monkeypatch.setattr(erc.image, "image", lambda folder, **_: built.append(folder))
    monkeypatch.setattr(erc.image, "package_folder", lambda: str(copy / "erc"))
    monkeypatch.setattr(os, "access", lambda path, mode: False)
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    erc.image.refresh()
    assert built == []
    assert not image_of(copy).exists()


def test_an_import_hook_installed_before_erc_still_sees_its_modules_first(copy: Path) -> None:
    """A hook that checks or instruments modules as they load (typeguard's, say) is asked
    before the image, as it would be before the ordinary import."""
    build(copy)
    code = (
        "import sys\n"
        "asked = []\n"
        "class Hook:\n"
        "    @staticmethod\n"
        "    def find_spec(name, path=None, target=None):\n"
        "        asked.append(name)\n"
        "sys.meta_path.insert(0, Hook)\n"
        "import erc.core.text as t\n"
        "print('erc.core.text' in asked, t.__loader__.erc_image)\n"
    )
    assert python(copy, code) == "True True\n"


def test_a_package_made_in_a_folder_named_as_the_module_wins(copy: Path) -> None:
    """A folder ``text/`` beside ``text.py`` (left holding byte-code after a branch switch)
    that later gets an ``__init__.py``: the ordinary import takes the package, so must erc."""
    (copy / "erc" / "core" / "text").mkdir()
    build(copy)
    (copy / "erc" / "core" / "text" / "__init__.py").write_text(
        (copy / "erc" / "core" / "text.py").read_text() + "\nWHERE = 'package'\n"
    )
    assert python(copy, "import erc, erc.core.text as t\nprint(t.WHERE, erc.stale)") == (
        "package True\n"
    )


def test_reloading_erc_keeps_one_image_open(copy: Path) -> None:
    build(copy)
    code = (
        "import importlib, os, erc\n"
        "for _ in range(5):\n"
        "    importlib.reload(erc)\n"
        "links = [os.readlink(f'/proc/self/fd/{n}') for n in os.listdir('/proc/self/fd')\n"
        "         if os.path.exists(f'/proc/self/fd/{n}')]\n"
        "print(sum(link.endswith('.image') for link in links))\n"
    )
    assert python(copy, code) == "1\n"
