"""The cache of validated encounters (issue 9): a hit is exactly what parsing gives, any
change to the file is a miss, and an untrusted or damaged cache is ignored."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from erc.core.encounter import cache, load, parse
from tests.conftest import ENCOUNTERS


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    where = tmp_path / "cache"
    where.mkdir(mode=0o700)
    monkeypatch.setenv("ERC_CACHE_DIR", str(where / "erc"))
    return where / "erc"


def cached(path: Path) -> object:
    """The cache's entry for the file's bytes as they are now."""
    return cache.get(path.read_bytes(), str(path))


def copy(name: str, tmp_path: Path) -> Path:
    target = tmp_path / name
    shutil.copy(ENCOUNTERS / name, target)
    return target


@pytest.mark.parametrize("name", sorted(p.name for p in ENCOUNTERS.glob("*.yaml")))
def test_a_hit_equals_a_fresh_parse(name: str, folder: Path, tmp_path: Path) -> None:
    path = copy(name, tmp_path)
    first = load(str(path))
    assert cached(path) == first  # written by the first load
    assert load(str(path)) == first == parse(path.read_text(), str(path))


def test_any_change_to_the_file_is_a_miss(folder: Path, tmp_path: Path) -> None:
    path = copy("duel.yaml", tmp_path)
    before = load(str(path))
    path.write_text(path.read_text().replace("ac: 13\n    body: 40", "ac: 14\n    body: 40"))
    assert cached(path) is None
    assert load(str(path)).get("Ogre").ac == 14 != before.get("Ogre").ac


def test_off_switch(folder: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ERC_CACHE", "off")
    path = copy("duel.yaml", tmp_path)
    load(str(path))
    assert not folder.exists()


def test_an_untrusted_folder_is_not_used(folder: Path, tmp_path: Path) -> None:
    path = copy("duel.yaml", tmp_path)
    load(str(path))
    os.chmod(folder, 0o777)
    assert cached(path) is None


def test_a_damaged_entry_is_a_miss(folder: Path, tmp_path: Path) -> None:
    path = copy("duel.yaml", tmp_path)
    good = load(str(path))
    (entry,) = list(folder.glob("*.marshal"))
    entry.write_bytes(b"\x00garbage")
    assert cached(path) is None
    assert load(str(path)) == good


@pytest.mark.parametrize("name", ["er", "spellchrome", "elysium"])
def test_every_module_that_shapes_a_cached_model_is_in_its_stamp(name: str) -> None:
    """A cached model is only as fresh as the code that read the file, judged it valid and
    built it: each module a ruleset's builder, checks and model import at their top, and
    those they import, is in the stamp."""
    import ast

    from erc import rulesets
    from erc.core.encounter import cache as cache_module

    root = Path(cache_module.__file__).resolve().parents[3]
    ruleset = rulesets.get(name)
    stamped = {*cache_module._CORE_SOURCES, *ruleset.sources}
    # messages, and how a roll against a number succeeds: neither makes a file valid
    reads_only = {"core/errors.py", "core/checks.py"}
    folder = f"rulesets/{name}"
    todo = [f"{folder}/{f}" for f in ("build.py", "from_file.py", "model.py")]
    seen: set[str] = set()
    while todo:
        source = todo.pop()
        if source in seen:
            continue
        seen.add(source)
        if source in reads_only:
            continue
        assert source in stamped, f"{source} is not in the cache stamp"
        for node in ast.parse((root / "erc" / source).read_text()).body:
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("erc."):
                module = node.module or ""
                if module == f"erc.rulesets.{name}":  # from erc.rulesets.X import from_file
                    names = [f"{module}.{a.name}" for a in node.names]
                else:
                    names = [module]
                for dotted in names:
                    path = dotted.removeprefix("erc.").replace(".", "/")
                    if (root / "erc" / f"{path}.py").is_file() and not path.startswith(
                        f"rulesets/{name}/format"
                    ):
                        todo.append(f"{path}.py")
    assert {"core/encounter/convert.py", f"{folder}/model.py", f"{folder}/from_file.py"} <= seen


def test_the_cache_makes_no_tree_where_none_was(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The cache is only a cache: it makes its own folder (and its ``journals`` folder) in a
    folder that exists, and by default ``~/.cache`` in an existing home, but no tree: a
    mistyped ``ERC_CACHE_DIR`` (``/nonexistent/x``) or a missing home (``HOME=/nonexistent``)
    used to be made, parents and all. Without a folder it is simply not used."""
    path = copy("duel.yaml", tmp_path)
    monkeypatch.setenv("ERC_CACHE_DIR", str(tmp_path / "typo" / "erc"))
    load(str(path))
    assert not (tmp_path / "typo").exists() and cached(path) is None
    monkeypatch.delenv("ERC_CACHE_DIR")
    monkeypatch.delenv("XDG_CACHE_HOME", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "nohome"))
    load(str(path))
    assert not (tmp_path / "nohome").exists()
    (tmp_path / "home").mkdir()
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    load(str(path))
    made = tmp_path / "home" / ".cache" / "erc"
    assert cached(path) is not None and made.stat().st_mode & 0o777 == 0o700
    assert (made.parent.stat().st_mode & 0o777) == 0o700
    monkeypatch.setenv("ERC_CACHE_DIR", str(tmp_path / "mine"))
    load(str(path))
    assert cached(path) is not None  # its last level is made in a folder that exists


def test_a_relative_xdg_cache_home_is_ignored(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """XDG Base Directory: "If an implementation encounters a relative path in any of these
    variables it should consider the path invalid and ignore it": the cache goes to
    ``~/.cache/erc``, not into a folder relative to wherever erc runs."""
    monkeypatch.delenv("ERC_CACHE_DIR", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setenv("XDG_CACHE_HOME", "relative/cache")
    assert cache.folder() == str(tmp_path / "home" / ".cache" / "erc")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert cache.folder() == str(tmp_path / "xdg" / "erc")


# Loads one encounter with the erc found first on the path; prints which erc it was and
# whether the file came from the cache (a hit imports no YAML parser).
_PROBE = (
    "import sys\n"
    "import erc\n"
    "from erc.core.encounter import load\n"
    "load(sys.argv[1])\n"
    "print(erc.__file__)\n"
    "print('miss' if 'yaml' in sys.modules else 'hit')\n"
)


def _load_with(package: Path, encounter: Path, cache_dir: Path) -> str:
    import subprocess
    import sys

    env = {**os.environ, "PYTHONPATH": str(package), "ERC_CACHE_DIR": str(cache_dir)}
    ran = subprocess.run(
        [sys.executable, "-c", _PROBE, str(encounter)],
        env=env,
        cwd=package,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert ran.returncode == 0, ran.stderr
    where, outcome = ran.stdout.split()
    assert Path(where).parent.parent == package  # this copy of erc, not the installed one
    return outcome


def test_two_installs_sharing_a_cache_folder_keep_their_own_entries(
    folder: Path, tmp_path: Path
) -> None:
    """Issue 29: a cache entry is keyed by what it depends on (erc's version and code, the
    file's bytes), so two installs sharing one folder (a pipx install and a checkout) each
    keep their entry: after one miss each, every call is a hit, whichever ran last."""
    source = Path(cache.__file__).resolve().parents[2]
    installs = [tmp_path / "pipx", tmp_path / "checkout"]
    for install in installs:
        shutil.copytree(source, install / "erc", ignore=shutil.ignore_patterns("__pycache__"))
    # the checkout's code differs from the pipx install's (an edit to the model's builder)
    edited = installs[1] / "erc" / "rulesets" / "er" / "build.py"
    edited.write_text(edited.read_text() + "\n# an edit\n")
    folder.parent.mkdir(exist_ok=True)
    duel = copy("duel.yaml", tmp_path)
    first = [_load_with(install, duel, folder) for install in installs]
    again = [_load_with(install, duel, folder) for install in (*installs, *installs)]
    assert first == ["miss", "miss"]
    assert again == ["hit"] * 4
    assert len(list(folder.glob("*.marshal"))) == 2


def test_an_entry_of_older_ruleset_code_is_a_miss(
    folder: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A ruleset's own files are not in the entry's name (the ruleset is known once the entry
    is read) but are in its stored key: one changed since the entry was written is a miss."""
    path = copy("duel.yaml", tmp_path)
    load(str(path))
    assert cached(path) is not None
    stamp = cache._stamp
    core = cache._CORE_SOURCES
    monkeypatch.setattr(
        cache, "_stamp", lambda names: stamp(names) + ("" if names == core else "!")
    )
    assert len(list(folder.glob("*.marshal"))) == 1
    assert cached(path) is None
