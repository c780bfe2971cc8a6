"""The docs site's configuration (mkdocs.yml): every page under docs/ is in the navigation,
and every navigation entry has its page (issue 33)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from tests.conftest import ROOT


def nav_files() -> list[str]:
    config = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))

    def walk(node: object) -> list[str]:
        if isinstance(node, str):
            return [node]
        if isinstance(node, list):
            return [f for item in node for f in walk(item)]
        if isinstance(node, dict):
            return [f for value in node.values() for f in walk(value)]
        return []

    return walk(config["nav"])


def test_every_nav_entry_has_its_page() -> None:
    missing = [f for f in nav_files() if not (ROOT / "docs" / f).is_file()]
    assert missing == []


def test_every_page_is_in_the_nav() -> None:
    pages = {str(p.relative_to(ROOT / "docs")) for p in (ROOT / "docs").glob("**/*.md")}
    assert pages - set(nav_files()) == set()


def test_the_readme_is_a_front_door() -> None:
    """At most 150 lines; the two contributor commands before anything else's code."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(readme.splitlines()) <= 150
    first = readme.split("```sh\n", 1)[1].split("```", 1)[0]
    assert first.startswith("make setup") and "\nmake test" in first
    for install in ("pipx install .", "uv tool install .", "pip install ."):
        assert install in readme, install
    for link in re.findall(r"\]\(([^)#]+)", readme):
        if "://" not in link:
            assert (ROOT / link).exists(), link


@pytest.mark.skipif(
    shutil.which("mkdocs", path=str(Path(sys.executable).parent)) is None,
    reason="mkdocs is not installed (the dev extra has it)",
)
def test_the_site_builds_strict(tmp_path: Path) -> None:
    """`make docs` (also run by `make test`): a broken link or anchor fails the build."""
    done = subprocess.run(
        [
            str(Path(sys.executable).parent / "mkdocs"),
            "build",
            "--strict",
            "--site-dir",
            str(tmp_path / "site"),
        ],
        cwd=ROOT,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    assert (tmp_path / "site" / "reference" / "er.html").is_file()
    assert "fonts.googleapis" not in (tmp_path / "site" / "index.html").read_text()
