"""Packaging (issue 33): from a clone, a built wheel gives a working erc with nothing else.

The wheel is built as `pip install .` and `pipx install .` build it (PEP 517, hatchling in an
isolated environment), checked by `twine check` (description, licence, URLs, classifiers),
holds the package `erc` and no tests, and installs alone in a fresh virtual environment with
its runtime dependencies from the index pip uses: no development tool beside it. There
`erc --version` and `erc check` on a shipped encounter work, and so do the `run:` commands of
the GitHub Actions example (examples/github-workflow.yml), with that erc as `ERC_SOURCE`.
"""

from __future__ import annotations

import os
import subprocess
import sys
import venv
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from erc import __version__
from tests.conftest import ENCOUNTERS, ROOT

pytestmark = pytest.mark.slow

WORKFLOW = ROOT / "examples" / "github-workflow.yml"


def run(*args: str | Path, **kwargs: Any) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(
        [str(a) for a in args], capture_output=True, text=True, timeout=600, check=False, **kwargs
    )
    assert done.returncode == 0, f"{args}\n{done.stdout[-2000:]}\n{done.stderr[-3000:]}"
    return done


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("dist")
    run(sys.executable, "-m", "build", "--wheel", "--outdir", out, ROOT, cwd=ROOT)
    (found,) = out.glob("erc-*.whl")
    return found


@pytest.fixture(scope="module")
def installed(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """A fresh virtual environment with the wheel and its runtime dependencies alone."""
    home = tmp_path_factory.mktemp("venv")
    venv.create(home / "env", with_pip=True, clear=True)
    pip = home / "env" / "bin" / "pip"
    run(pip, "install", "--quiet", "--disable-pip-version-check", wheel)
    yield home / "env" / "bin"


def test_the_wheel_holds_erc_and_no_tests(wheel: Path) -> None:
    names = zipfile.ZipFile(wheel).namelist()
    tops = {n.split("/", 1)[0] for n in names}
    assert tops == {"erc", f"erc-{__version__}.dist-info"}, tops
    assert "erc/cli/__init__.py" in names and "erc/rulesets/er/format.py" in names
    assert not any("__pycache__" in n or n.startswith("tests/") for n in names)
    assert f"erc-{__version__}.dist-info/licenses/LICENSE" in names


def test_twine_check_passes(wheel: Path) -> None:
    done = run(sys.executable, "-m", "twine", "check", "--strict", wheel)
    assert "PASSED" in done.stdout


def test_installed_alone_erc_works(installed: Path, tmp_path: Path) -> None:
    env = {**os.environ, "PATH": f"{installed}{os.pathsep}{os.environ.get('PATH', '')}"}
    env["ERC_CACHE_DIR"] = str(tmp_path / "cache")
    tools = run(installed / "python", "-m", "pip", "list", "--format=freeze", env=env).stdout
    for tool in ("pytest", "mypy", "ruff", "mkdocs", "hypothesis"):
        assert f"{tool}==" not in tools.lower(), tool  # no development tools came along
    assert run(installed / "erc", "--version", env=env).stdout.strip() == f"erc {__version__}"
    checked = run(installed / "erc", "check", ENCOUNTERS / "duel.yaml", env=env, cwd=tmp_path)
    assert checked.stdout.splitlines()[-1] == "1 file(s) checked, 0 invalid"
    attack = run(
        installed / "erc",
        "attack",
        "Kaela",
        "Ogre",
        "-e",
        ENCOUNTERS / "duel.yaml",
        "--seed",
        "3",
        "--json",
        "--journal",
        os.devnull,
        env=env,
        cwd=tmp_path,
    )
    assert '"command":"attack"' in attack.stdout


def test_the_workflow_example_is_a_valid_workflow() -> None:
    """The shape GitHub Actions reads: triggers, jobs with runs-on and steps, each step a
    `uses:` or a `run:`; erc installed from ERC_SOURCE, a commit id."""
    flow = yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))
    assert isinstance(flow, dict) and isinstance(flow.get("name"), str)
    assert set(flow.get(True, flow.get("on")) or {}) >= {"push", "pull_request"}  # YAML 1.1 on
    source = flow["env"]["ERC_SOURCE"]
    assert source.startswith("git+") and len(source.rsplit("@", 1)[1]) == 40
    (job,) = flow["jobs"].values()
    assert job["runs-on"] and job["steps"]
    for step in job["steps"]:
        assert ("uses" in step) != ("run" in step), step
    runs = [s["run"] for s in job["steps"] if "run" in s]
    assert any("$ERC_SOURCE" in r and "pip install" in r for r in runs)
    assert any(r.startswith("erc check") and "--format github" in r for r in runs)


def test_the_workflow_example_runs(wheel: Path, installed: Path, tmp_path: Path) -> None:
    """Its `run:` commands, in a checkout of a repository of encounter files, with the built
    wheel as ERC_SOURCE and the fresh environment's python first on PATH."""
    flow = yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))
    (job,) = flow["jobs"].values()
    checkout = tmp_path / "repo"
    (checkout / "encounters").mkdir(parents=True)
    for name in ("duel.yaml", "spellchrome-warehouse.yaml", "elysium-ogre.yaml"):
        (checkout / "encounters" / name).write_bytes((ENCOUNTERS / name).read_bytes())
    env = {
        **os.environ,
        **flow.get("env", {}),
        "ERC_SOURCE": str(wheel),
        "PATH": f"{installed}{os.pathsep}{os.environ.get('PATH', '')}",
        "ERC_CACHE_DIR": str(tmp_path / "cache"),
    }
    for step in job["steps"]:
        if "run" in step:
            run("bash", "-e", "-c", step["run"], cwd=checkout, env=env)
    (checkout / "encounters" / "broken.yaml").write_text("erc: 1\ncombatants:\n  - name: X\n")
    check = next(s["run"] for s in job["steps"] if s.get("run", "").startswith("erc check"))
    failed = subprocess.run(
        ["bash", "-c", check], cwd=checkout, env=env, capture_output=True, text=True, check=False
    )
    assert failed.returncode == 1 and "::error file=encounters/broken.yaml" in failed.stdout
