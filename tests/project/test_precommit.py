"""The pre-commit hook (``.pre-commit-hooks.yaml``) in a real repository: real pre-commit,
real git, the hook's environment pip-installed from this checkout.

A scratch repository holds what a repository of encounter files holds: ``encounters/`` with
an encounter (and a YAML file of notes beside it), its own ``.pre-commit-config.yaml``, a CI
workflow and other YAML. The hook checks the encounter files only and passes; a broken
encounter file then fails it, with its path, line and column in the output.

The hook's repository is a snapshot of this checkout as it stands (tracked and untracked
files, uncommitted changes included) committed once and tagged with this release, so the
runs share one installed environment (``PRE_COMMIT_HOME`` under the test's temporary
folder). The configurations are the CI page's snippets (docs/ci.md) as written: the
``repo: local`` one verbatim (erc on ``PATH``), the remote one with only its placeholder URL
and commit id replaced by the snapshot's.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from erc import __version__
from tests.conftest import ENCOUNTERS, ROOT

PRE_COMMIT = [sys.executable, "-m", "pre_commit"]

NOTES = "title: Session notes\nitems: [rope, torch]\n"
WORKFLOW = "on: push\njobs:\n  test:\n    runs-on: ubuntu-latest\n    steps: [{run: make test}]\n"
BROKEN = """\
erc: 1
name: A broken duel
combatants:
  - name: Kaela
    ac: 15
    body: 22
    armour: medium
"""
"""Line 7, column 5: ``armour`` is not a key (``armor`` is)."""


TAG = f"v{__version__}"
PLACEHOLDER = "https://example.invalid/erc.git"
PLACEHOLDER_REV = "0" * 40
"""The docs' ``rev:``: a commit id (a tag may be missing from a clone), here a placeholder."""


def readme_snippets() -> list[str]:
    """The YAML blocks of the CI page's "pre-commit" section (docs/ci.md), in order."""
    text = (ROOT / "docs" / "ci.md").read_text(encoding="utf-8")
    section = text.split("\n## pre-commit\n", 1)[1].split("\n## ", 1)[0]
    return [block.split("```", 1)[0] for block in section.split("```yaml\n")[1:]]


def _env(home: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("GIT_", "PRE_COMMIT"))}
    env.update(
        PRE_COMMIT_HOME=str(home),
        PIP_DISABLE_PIP_VERSION_CHECK="1",
        GIT_CONFIG_NOSYSTEM="1",
        # erc installed where `git commit` runs: this interpreter's scripts come first
        PATH=os.pathsep.join([str(Path(sys.executable).parent), env_path()]),
    )
    return env


def env_path() -> str:
    return os.environ.get("PATH", os.defpath)


def git(*args: str, cwd: Path, env: dict[str, str]) -> str:
    done = subprocess.run(
        ["git", "-c", "user.name=erc tests", "-c", "user.email=tests@erc.invalid", *args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    return done.stdout


def snapshot(into: Path, env: dict[str, str]) -> str:
    """This checkout as it stands, committed in a repository of its own; its commit id.
    Read-only on the checkout (``git ls-files`` writes no index)."""
    try:
        listed = git(
            "ls-files", "-z", "--cached", "--others", "--exclude-standard", cwd=ROOT, env=env
        )
    except subprocess.CalledProcessError as exc:
        pytest.skip(f"{ROOT} is not a git checkout ({exc.stderr.strip()})")
    into.mkdir()
    for name in filter(None, listed.split("\0")):
        source = ROOT / name
        if source.is_file():  # a file deleted in the work tree stays deleted
            (into / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, into / name)
    git("init", "-q", cwd=into, env=env)
    git("add", "-A", cwd=into, env=env)
    git("commit", "-q", "--no-gpg-sign", "--no-verify", "-m", "snapshot", cwd=into, env=env)
    git("tag", TAG, cwd=into, env=env)
    return git("rev-parse", "HEAD", cwd=into, env=env).strip()


class Scratch:
    """A repository of encounter files with the erc hook in its ``.pre-commit-config.yaml``."""

    def __init__(self, root: Path, config: str, env: dict[str, str]) -> None:
        self.root, self.env = root, env
        root.mkdir()
        git("init", "-q", cwd=root, env=env)
        self.write(".pre-commit-config.yaml", config)
        self.write("encounters/duel.yaml", (ENCOUNTERS / "duel.yaml").read_text())
        self.write("encounters/notes.yaml", NOTES)  # YAML beside the encounters, no erc: key
        self.write(".github/workflows/ci.yml", WORKFLOW)
        self.write("docs/notes.yaml", NOTES)

    def write(self, name: str, text: str) -> None:
        path = self.root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
        git("add", name, cwd=self.root, env=self.env)

    def run(self) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [*PRE_COMMIT, "run", "--all-files", "--verbose", "--color", "never"],
            cwd=self.root,
            env=self.env,
            capture_output=True,
            text=True,
            timeout=900,
            check=False,
        )


def test_the_docs_show_a_local_and_a_remote_hook_at_a_commit() -> None:
    local, remote = readme_snippets()
    assert "repo: local" in local and "entry: erc check --only-encounters" in local
    assert f"repo: {PLACEHOLDER}" in remote and f"rev: {PLACEHOLDER_REV}" in remote
    hooks = (ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8")
    for line in ("entry:", "files:", "types:"):  # the local hook is the published one
        published = next(x.strip() for x in hooks.splitlines() if x.startswith(f"  {line}"))
        assert f"        {published}\n" in local, published


@pytest.fixture(scope="module", params=["remote", "local"])
def scratch(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Scratch]:
    if shutil.which("git") is None:
        pytest.skip("git is not installed: a pre-commit hook needs a git repository")
    if importlib.util.find_spec("pre_commit") is None:
        pytest.skip("pre-commit is not installed (the dev extra has it: pip install -e '.[dev]')")
    base = tmp_path_factory.mktemp("precommit")
    env = _env(base / "pre-commit-home")
    commit = snapshot(base / "erc", env)
    local, remote = readme_snippets()
    config = (
        local
        if request.param == "local"
        else remote.replace(PLACEHOLDER, str(base / "erc")).replace(PLACEHOLDER_REV, commit)
    )
    yield Scratch(base / "repo", config, env)


def test_the_hook_checks_encounter_files_only(scratch: Scratch) -> None:
    """Issue "erc among its users' tools": the hook neither fails on the repository's own
    .pre-commit-config.yaml or CI workflow nor reads YAML outside encounters/; a YAML file
    in encounters/ without `erc:` is skipped and said to be."""
    ran = scratch.run()
    out = ran.stdout + ran.stderr
    assert ran.returncode == 0, out
    assert "erc check (encounter files)" in out and "Passed" in out
    assert "encounters/duel.yaml: ok" in out
    assert "encounters/notes.yaml: skipped (no top-level erc: key)" in out
    assert "1 file(s) checked, 0 invalid, 1 skipped" in out
    for other in (".pre-commit-config.yaml", "ci.yml", "docs/notes.yaml"):
        assert other not in out, out


def test_a_broken_encounter_file_fails_the_hook_with_its_line(scratch: Scratch) -> None:
    scratch.write("encounters/broken.yaml", BROKEN)
    ran = scratch.run()
    out = ran.stdout + ran.stderr
    assert ran.returncode == 1, out
    assert "Failed" in out
    assert "encounters/broken.yaml:7:5: " in out and "armour" in out
    assert "encounters/duel.yaml: ok" in out


def test_only_encounters_skips_yaml_without_erc_and_says_so(erc, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """`erc check --only-encounters` (the hook's entry): a file without a top-level `erc:`
    key is listed in `result.skipped` (a field added beside `files`), not failed."""
    (tmp_path / "notes.yaml").write_text(NOTES)
    (tmp_path / "list.yaml").write_text("- erc: 1\n")  # `erc` not at the top level
    (tmp_path / "empty.yml").write_text("")
    duel = str(ENCOUNTERS / "duel.yaml")
    paths = [duel, *(str(tmp_path / n) for n in ("notes.yaml", "list.yaml", "empty.yml"))]
    ran = erc("check", "--only-encounters", *paths, "--json")
    assert ran.code == 0, ran.out
    result = ran.json["result"]
    assert [f["path"] for f in result["files"]] == [duel] and result["files"][0]["ok"]
    assert result["skipped"] == [{"path": p, "reason": "no top-level erc: key"} for p in paths[1:]]
    text = erc("check", "--only-encounters", *paths)
    assert text.code == 0
    assert f"{paths[1]}: skipped (no top-level erc: key)" in text.out.splitlines()
    assert text.out.splitlines()[-1] == "1 file(s) checked, 0 invalid, 3 skipped"
    plain = erc("check", *paths, "--json")  # without the option nothing is skipped
    assert plain.code == 1 and plain.json["result"]["skipped"] == []
    assert len(plain.json["result"]["files"]) == 4


def test_only_encounters_still_fails_a_broken_encounter(erc, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """A file with `erc:` is checked however broken, even when its YAML does not parse."""
    (tmp_path / "bad.yaml").write_text(BROKEN)
    (tmp_path / "syntax.yaml").write_text("erc: 1\ncombatants:\n  - name: X\n    ac: [\n")
    (tmp_path / "flow.yaml").write_text("{erc: 1, combatants: [\n")
    (tmp_path / "other.yaml").write_text("title: [unclosed\n")  # no erc: key anywhere
    (tmp_path / "nested.yaml").write_text("jobs:\n  erc: {run: erc check}\n")  # not top-level
    (tmp_path / "merged.yaml").write_text("x: &base {erc: 1}\n<<: *base\ncombatants: []\n")
    ran = erc("check", "--only-encounters", str(tmp_path), "--json")
    assert ran.code == 1
    result = ran.json["result"]
    failed = {Path(f["path"]).name: f for f in result["files"]}
    assert set(failed) == {"bad.yaml", "flow.yaml", "merged.yaml", "syntax.yaml"}
    assert not any(f["ok"] for f in failed.values())  # merged.yaml: an unknown key x
    assert failed["bad.yaml"]["errors"][0]["line"] == 7
    assert failed["syntax.yaml"]["errors"][0]["message"].startswith("YAML syntax")
    assert [Path(s["path"]).name for s in result["skipped"]] == ["nested.yaml", "other.yaml"]
