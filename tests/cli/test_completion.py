"""Shell completion (issue "erc among its users' tools"): `erc --show-completion`,
`erc --install-completion`, and the requests the scripts make (`_ERC_COMPLETE`), driven as
each shell drives them: the protocol in a subprocess with the environment each script sets,
the bash script in a real bash (COMPREPLY), fish through `complete -C`, and all three shells
at a terminal, where a name with a space must be inserted quoted."""

from __future__ import annotations

import contextlib
import os
import pty
import re
import select
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.conftest import ENCOUNTERS, FIXTURES, ROOT

ERC = [sys.executable, "-m", "erc"]
DUEL = str(ENCOUNTERS / "duel.yaml")  # Kaela, Fenn, Ogre
AMBUSH = str(ENCOUNTERS / "ambush.yaml")  # Thorin, Mira, Brother Aldo, Vessa, Bandit 1-3
STEALTH = str(ENCOUNTERS / "stealth.yaml")  # Pip, Gate guard 1-2, Captain Orsk, ...
ELYSIUM = str(ENCOUNTERS / "elysium-ogre.yaml")  # Kharza, Beldo, Ogre

needs = {shell: shutil.which(shell) for shell in ("bash", "zsh", "fish")}


def shell_needed(shell: str) -> pytest.MarkDecorator:
    return pytest.mark.skipif(
        needs[shell] is None, reason=f"{shell} is not installed (apt-get install {shell})"
    )


def environment(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("COMP_", "_ERC", "ERC_ENC"))}
    env.update(extra)
    return env


def request(shell: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    """One request as ``shell``'s script makes it, to the real entry point."""
    return subprocess.run(
        ERC,
        env=environment(_ERC_COMPLETE=f"{shell}_complete", **env),
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def bash(*words: str, cword: int | None = None, **env: str) -> list[str]:
    """The candidates for the last of ``words`` (as typed, quotes included), as bash asks:
    ``COMP_WORDS="${COMP_WORDS[*]}" COMP_CWORD=$COMP_CWORD``."""
    index = len(words) - 1 if cword is None else cword
    ran = request("bash", {"COMP_WORDS": " ".join(words), "COMP_CWORD": str(index), **env})
    assert ran.returncode == 0 and ran.stderr == "", ran.stderr
    lines = ran.stdout.splitlines()
    assert all(line.startswith(("plain,", "file,")) for line in lines), lines
    return [line.partition(",")[2] if line.startswith("plain,") else "<files>" for line in lines]


def test_commands_are_the_rulesets_and_the_shared_ones() -> None:
    er = bash("erc", "")
    assert er[:3] == ["roll-init", "attack", "sneak"] and "drop" in er and "trip" not in er
    assert {"status", "log", "undo", "batch", "check", "schema", "roll"} <= set(er)
    assert bash("erc", "at") == ["attack"]
    assert bash("erc", "s") == ["sneak", "spend", "show", "status", "schema", "simulate"]
    elysium = bash("erc", "", ERC_ENCOUNTER=ELYSIUM)  # the encounter's ruleset
    assert {"trip", "feint", "grab", "social"} <= set(elysium) and "drop" not in elysium
    assert bash("erc", "-") == ["--help", "--version", "--install-completion", "--show-completion"]
    assert bash("erc", "--show-completion", "") == ["bash", "zsh", "fish"]


def test_options_of_the_command_being_typed() -> None:
    options = bash("erc", "attack", "-e", DUEL, "Kaela", "--")
    assert options[:3] == ["--with", "--pool", "--split"] and "--help" in options
    assert "--encounter" not in options  # given already; --pool is repeatable
    assert "--pool" in bash("erc", "attack", "Kaela", "--pool", "off", "--p")
    assert bash("erc", "attack", "Kaela", "--with", "x", "--w") == []
    assert bash("erc", "drop", "A", "B", "--no") == ["--no-resist", "--no-apply"]
    assert bash("erc", "roll-init", "--s") == ["--surprise", "--silent", "--seed"]
    elysium = bash("erc", "attack", "-e", ELYSIUM, "Kharza", "Ogre", "--")
    assert "--parry-with" in elysium and "--pool" not in elysium


def test_values_of_options_where_they_are_known() -> None:
    assert bash("erc", "attack", "-e", DUEL, "Kaela", "Ogre", "--pool", "") == [
        "primary",
        "off",
        "savage",
    ]
    conditions = bash("erc", "condition", "-e", AMBUSH, "Mira", "")
    assert conditions[:3] == ["asleep", "blind", "bound"] and "unconscious" in conditions
    assert bash("erc", "condition", "-e", AMBUSH, "Mira", "asleep", "")[:2] == ["blind", "bound"]
    assert bash("erc", "condition", "-e", AMBUSH, "Mira", "asleep", "p") == [
        "paralyzed",
        "petrified",
        "prone",
    ]
    costs = bash("erc", "movement", "-e", AMBUSH, "Mira", "--cost", "")
    assert costs[:3] == ["dismount", "mount", "stand-up"] and costs[-1] == "ready-shield"
    assert "surprised" in bash("erc", "movement", "-e", AMBUSH, "Mira", "--condition", "")
    assert bash("erc", "movement", "Mira", "--steed-size", "h") == ["huge"]
    types = bash("erc", "damage", "-e", DUEL, "Ogre", "3", "--type", "")
    assert types == ["blunt", "edged", "fear", "fire", "piercing"]  # weapons', resist's...
    assert bash("erc", "check", "--format", "") == ["text", "json", "github"]
    assert bash("erc", "schema", "--ruleset", "") == ["er", "spellchrome", "elysium"]
    elysium = ["erc", "spend", "-e", ELYSIUM, "Kharza", "--for", "p"]
    assert bash(*elysium) == ["pouch"]
    assert bash("erc", "condition", "-e", ELYSIUM, "Ogre", "")[-1] == "unconscious"


def test_weapons_and_spells_of_the_combatant_named() -> None:
    assert bash("erc", "attack", "-e", DUEL, "Kaela", "Ogre", "--with", "") == [
        "longsword",
        "hand axe",
    ]
    assert bash("erc", "disarm", "-e", DUEL, "Kaela", "Ogre", "--victim-weapon", "") == [
        "greatclub",
        "fist",
    ]
    assert bash("erc", "pick-up", "-e", DUEL, "fenn", "") == ["longbow"]
    everyone = bash("erc", "attack", "-e", DUEL, "Nobody", "Ogre", "--with", "")
    assert everyone[:2] == ["longsword", "hand axe"] and "greatclub" in everyone
    cast = ["erc", "cast", "-e", ELYSIUM, "Kharza", "Ogre", "--spell", ""]
    assert bash(*cast) == ["Immolate"]


def test_combatant_names_from_the_encounter() -> None:
    """Names at positional name arguments and name-valued options, read from -e or
    ERC_ENCOUNTER; a case-insensitive prefix; someone named already is not offered again."""
    assert bash("erc", "attack", "-e", DUEL, "") == ["Kaela", "Fenn", "Ogre"]
    assert bash("erc", "attack", "-e", DUEL, "Kaela", "") == ["Fenn", "Ogre"]
    assert bash("erc", "attack", "-e", DUEL, "Kaela", "o") == ["Ogre"]
    assert bash("erc", "attack", "Kaela", "", ERC_ENCOUNTER=DUEL) == ["Fenn", "Ogre"]
    assert bash("erc", "attack", f"--encounter={DUEL}", "Fenn", "Kaela", "") == ["Ogre"]
    by = ["erc", "condition", "-e", DUEL, "Kaela", "charmed", "--by", ""]
    assert bash(*by) == ["Kaela", "Fenn", "Ogre"]
    assert bash("erc", "roll-init", "-e", AMBUSH, "--surprise", "--trigger", "b") == [
        "Brother Aldo",
        "Bandit 1",
        "Bandit 2",
        "Bandit 3",
    ]
    assert bash("erc", "competition", "-e", STEALTH, "Pip", "--owner", "g") == [
        "Gate guard 1",
        "Gate guard 2",
    ]
    assert bash("erc", "social", "-e", ELYSIUM, "") == ["intimidate", "taunt", "negotiate"]
    assert bash("erc", "social", "-e", ELYSIUM, "taunt", "") == ["Kharza", "Beldo", "Ogre"]
    assert bash("erc", "roll", "") == []  # a dice expression: nothing to offer


def test_a_name_with_a_space_typed_quoted_or_escaped() -> None:
    """bash's COMP_WORDS keeps the word as typed; the candidate is the name itself (the
    script has readline quote it)."""
    for typed in ('"Gate g', "'Gate g", "Gate\\ g", '"Gate guard '):
        assert bash("erc", "sneak", "-e", STEALTH, "Pip", typed) == ["Gate guard 1", "Gate guard 2"]
    quoted = ["erc", "attack", "-e", STEALTH, '"Gate guard 1"', "Gate\\ guard\\ 2", ""]
    assert "Gate guard 1" not in bash(*quoted) and "Pip" in bash(*quoted)


def test_files_for_the_encounter_and_the_journal() -> None:
    assert bash("erc", "attack", "-e", "") == ["<files>"]
    assert bash("erc", "status", "--journal", "enc") == ["<files>"]
    assert bash("erc", "status", "--journal", "=", "") == ["<files>"]  # bash splits at =
    assert bash("erc", "check", "") == ["<files>"]


def test_option_values_after_an_equals_sign() -> None:
    # bash splits --with=h into --with, =, h (COMP_WORDBREAKS); zsh and fish keep one word
    assert bash("erc", "attack", "-e", DUEL, "Kaela", "Ogre", "--with", "=", "h") == ["hand axe"]
    assert bash("erc", "attack", "-e", DUEL, "Kaela", "Ogre", "--with", "=") == [
        "longsword",
        "hand axe",
    ]
    line = f"erc attack -e {DUEL} Kaela Ogre --with=h"
    fish = request("fish", {"COMP_WORDS": line, "COMP_CWORD": "--with=h"})
    assert fish.stdout == "plain,--with=hand axe\n"


def test_zsh_and_fish_requests() -> None:
    """zsh: `COMP_WORDS="${words[*]}" COMP_CWORD=$((CURRENT-1))`, answered as type and value
    lines; fish: `COMP_WORDS=(commandline -cp) COMP_CWORD=(commandline -ct)`."""
    line = f"erc sneak -e {STEALTH} Pip 'Gate g"
    zsh = request("zsh", {"COMP_WORDS": line, "COMP_CWORD": "5"})
    assert zsh.returncode == 0
    assert zsh.stdout == "plain\nGate guard 1\nplain\nGate guard 2\n"
    fish = request("fish", {"COMP_WORDS": line, "COMP_CWORD": "'Gate g"})
    assert fish.stdout == "plain,Gate guard 1\nplain,Gate guard 2\n"
    after_space = request("fish", {"COMP_WORDS": f"erc attack -e {DUEL} Kaela ", "COMP_CWORD": ""})
    assert after_space.stdout == "plain,Fenn\nplain,Ogre\n"
    files = request("zsh", {"COMP_WORDS": "erc status -e enc", "COMP_CWORD": "3"})
    assert files.stdout == "file\nenc\n"


@pytest.mark.parametrize(
    "encounter",
    [
        str(FIXTURES / "three_mistakes.yaml"),  # invalid
        "/nonexistent/x.yaml",
        str(ENCOUNTERS),  # a folder
        os.devnull,  # not a regular file
    ],
)
def test_a_broken_encounter_yields_no_names_and_no_traceback(encounter: str) -> None:
    assert bash("erc", "attack", "-e", encounter, "") == []
    assert bash("erc", "", ERC_ENCOUNTER=encounter)[:2] == ["roll-init", "attack"]  # er's


def test_odd_requests_never_show_a_traceback() -> None:
    for env in (
        {"COMP_WORDS": "erc attack", "COMP_CWORD": "x"},
        {"COMP_WORDS": "erc attack", "COMP_CWORD": "-7"},
        {"COMP_WORDS": 'erc "', "COMP_CWORD": "1"},
        {"COMP_WORDS": "erc attack \\", "COMP_CWORD": "2"},
        {},
    ):
        ran = request("bash", env)
        assert ran.returncode == 0 and "Traceback" not in ran.stderr, (env, ran.stderr)
    wrong = subprocess.run(
        ERC, env=environment(_ERC_COMPLETE="tcsh_complete"), capture_output=True, text=True
    )
    assert wrong.returncode == 1 and wrong.stdout == "" and "Traceback" not in wrong.stderr
    assert "_ERC_COMPLETE='tcsh_complete' is not one of bash_complete" in wrong.stderr


def test_a_request_imports_neither_typer_nor_rich() -> None:
    """The latency budget: the spec and the cached encounter only (no YAML when warm)."""
    env = {"COMP_WORDS": f"erc attack -e {AMBUSH} Thorin ", "COMP_CWORD": "5"}
    request("bash", env)  # fills the encounter cache
    ran = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "erc"],
        env=environment(_ERC_COMPLETE="bash_complete", **env),
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    assert "plain,Brother Aldo" in ran.stdout
    imported = {line.rsplit("|", 1)[-1].strip() for line in ran.stderr.splitlines()}
    top = {name.split(".")[0] for name in imported}
    assert not top & {"typer", "click", "rich", "yaml", "msgspec", "typing"}, top


# --- the scripts in real shells ------------------------------------------------------------


def script(shell: str, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*ERC, "--show-completion", *([shell] if shell else [])],
        env=environment(**env),
        capture_output=True,
        text=True,
        check=False,
    )


def test_show_completion_prints_each_shells_script() -> None:
    bash_script = script("bash")
    assert bash_script.returncode == 0
    assert "_erc_completion()" in bash_script.stdout
    assert "complete -o nosort -F _erc_completion erc" in bash_script.stdout
    assert "compdef _erc_completion erc" in script("zsh").stdout
    assert "complete --command erc" in script("fish").stdout
    assert script("", SHELL="/usr/bin/fish").stdout == script("fish").stdout  # $SHELL's
    for shell, env in (("tcsh", {}), ("", {"SHELL": "/bin/tcsh"}), ("", {"SHELL": ""})):
        refused = script(shell, **env)
        assert refused.returncode == 2 and refused.stdout == ""
        assert refused.stderr.startswith("erc: ") and "bash|zsh|fish" in refused.stderr
        assert "Traceback" not in refused.stderr
    two = subprocess.run([*ERC, "--show-completion", "bash", "zsh"], capture_output=True, text=True)
    assert two.returncode == 2 and "takes one shell" in two.stderr


def test_the_options_are_in_help_and_refused_elsewhere_on_the_line() -> None:
    helped = subprocess.run([*ERC, "--help"], capture_output=True, text=True, check=True)
    assert "--install-completion" in helped.stdout and "--show-completion" in helped.stdout
    batch = subprocess.run(
        [*ERC, "batch"], input="--show-completion bash\n", capture_output=True, text=True
    )
    assert batch.returncode == 2 and '"code":"usage"' in batch.stdout
    assert "_erc_completion" not in batch.stdout


@pytest.fixture
def erc_on_path(tmp_path: Path) -> dict[str, str]:
    """An environment whose ``erc`` (on PATH) is this checkout's, and whose home is empty."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    wrapper = bin_dir / "erc"
    wrapper.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m erc "$@"\n')
    wrapper.chmod(0o755)
    home = tmp_path / "home"
    home.mkdir()
    return environment(
        PATH=f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}",
        HOME=str(home),
        XDG_CONFIG_HOME=str(home / ".config"),
        XDG_DATA_HOME=str(home / ".local" / "share"),
        INPUTRC=os.devnull,
        PYTHONPATH=str(ROOT),
    )


BASH_CALL = """
source <(erc --show-completion bash)
complete -p erc
COMP_WORDS=({words})
COMP_CWORD=$(( ${{#COMP_WORDS[@]}} - 1 ))
_erc_completion erc "${{COMP_WORDS[COMP_CWORD]}}" "${{COMP_WORDS[COMP_CWORD-1]}}"
printf '<%s>\\n' "${{COMPREPLY[@]}}"
"""


def bash_reply(words: str, env: dict[str, str]) -> list[str]:
    done = subprocess.run(
        ["bash", "--norc", "--noprofile", "-c", BASH_CALL.format(words=words)],
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    head, *reply = done.stdout.splitlines()
    assert head == "complete -o nosort -F _erc_completion erc"
    return [r.strip("<>") for r in reply if r != "<>"]


@shell_needed("bash")
def test_the_bash_script_fills_compreply(erc_on_path: dict[str, str]) -> None:
    assert bash_reply(f"erc attack -e {DUEL} Kaela ''", erc_on_path) == ["Fenn", "Ogre"]
    assert bash_reply(f"erc sneak -e {AMBUSH} Vessa Br", erc_on_path) == ["Brother Aldo"]
    assert bash_reply(f"erc sneak -e {STEALTH} Pip '\"Gate g'", erc_on_path) == [
        "Gate guard 1",
        "Gate guard 2",
    ]
    assert bash_reply("erc ro", erc_on_path) == ["roll-init", "roll"]
    assert bash_reply(f"erc attack -e {DUEL} Kaela Ogre --pool ''", erc_on_path) == [
        "primary",
        "off",
        "savage",
    ]
    assert bash_reply(f"erc attack -e {DUEL} Kaela Ogre --with ''", erc_on_path) == [
        "longsword",
        "hand axe",
    ]
    assert bash_reply("erc status -e ''", erc_on_path) == []  # files: readline's own


@shell_needed("fish")
def test_fish_completes_through_the_script(erc_on_path: dict[str, str]) -> None:
    def fish(line: str) -> list[str]:
        done = subprocess.run(
            [
                "fish",
                "--no-config",
                "-c",
                f"erc --show-completion fish | source; complete -C {quote_fish(line)}",
            ],
            env=erc_on_path,
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
            timeout=60,
        )
        return done.stdout.splitlines()

    assert fish(f"erc attack -e {DUEL} Kaela ") == ["Fenn", "Ogre"]
    assert fish(f"erc sneak -e {AMBUSH} Vessa Br") == ["Brother Aldo"]
    assert fish(f"erc sneak -e {STEALTH} Pip 'Gate g") == ["Gate guard 1", "Gate guard 2"]
    assert fish("erc roll-i") == ["roll-init"]
    assert fish(f"erc attack -e {DUEL} Kaela Ogre --with=h") == ["--with=hand axe"]
    assert any(c.startswith("encounters/duel.yaml") for c in fish("erc status -e encounters/du"))


def quote_fish(text: str) -> str:
    return "'" + text.replace("\\", "\\\\").replace("'", "\\'") + "'"


# --- at a terminal: what each shell inserts ------------------------------------------------

SETUP = {
    "bash": (["bash", "--norc", "--noprofile", "-i"], ['eval "$(erc --show-completion bash)"']),
    "zsh": (
        ["zsh", "-f", "-i"],
        [
            "bindkey -e",
            "autoload -Uz compinit && compinit -u",
            'eval "$(erc --show-completion zsh)"',
        ],
    ),
    "fish": (["fish", "--no-config", "-i"], ["erc --show-completion fish | source"]),
}


class Terminal:
    """An interactive shell on a pseudo-terminal: type, and read what it prints."""

    def __init__(self, argv: list[str], env: dict[str, str]) -> None:
        self.pid, self.fd = pty.fork()
        if self.pid == 0:  # the child: the shell, and nothing else of this process
            try:
                os.chdir(ROOT)
                os.execvpe(argv[0], argv, env)
            finally:
                os._exit(127)
        self.seen = b""

    def type(self, keys: str) -> None:
        os.write(self.fd, keys.encode())

    def wait_for(self, pattern: str, timeout: float = 30.0) -> re.Match[str]:
        end = time.monotonic() + timeout
        while True:
            found = re.search(pattern, self.seen.decode(errors="replace"))
            if found:
                return found
            left = end - time.monotonic()
            if left <= 0:
                raise AssertionError(f"no {pattern!r} in {self.seen[-2000:]!r}")
            ready, _, _ = select.select([self.fd], [], [], min(left, 0.2))
            if ready:
                try:
                    self.seen += os.read(self.fd, 65536)
                except OSError:  # the shell is gone
                    raise AssertionError(f"no {pattern!r} in {self.seen[-2000:]!r}") from None

    def close(self) -> None:
        with contextlib.suppress(ProcessLookupError):
            os.kill(self.pid, 9)
        os.waitpid(self.pid, 0)
        os.close(self.fd)


def completed_words(shell: str, env: dict[str, str], typed: str) -> list[str]:
    """Type ``typed`` and TAB at an interactive ``shell``, then run the line the shell
    completed as the arguments of ``printf``: the words it holds, as the shell parses them."""
    argv, setup = SETUP[shell]
    terminal = Terminal(argv, {**env, "TERM": "xterm"})
    try:
        for number, line in enumerate(setup):
            terminal.type(f"{line}; echo READY{number}''\r")  # '' keeps the echo apart
            terminal.wait_for(rf"READY{number}\r?\n")
        # complete; then at the start of the line printf, at its end a mark, and run it
        terminal.type(f"{typed}\t\x01printf '[%s]' \x05; echo END''\r")
        found = terminal.wait_for(r"(\[erc\].*?)END\r?\n")
        return re.findall(r"\[([^\]]*)\]", found.group(1))[1:]
    finally:
        terminal.close()


@pytest.mark.parametrize("shell", ["bash", "zsh", "fish"])
@pytest.mark.parametrize(
    ("typed", "words"),
    [
        (f"erc attack -e {AMBUSH} Br", ["attack", "-e", AMBUSH, "Brother Aldo"]),
        (f'erc attack -e {AMBUSH} "Br', ["attack", "-e", AMBUSH, "Brother Aldo"]),
        (f"erc attack -e {AMBUSH} 'Br", ["attack", "-e", AMBUSH, "Brother Aldo"]),
        (f"erc attack -e {STEALTH} Pip Gate\\ guard\\ 2", ["attack", "-e", STEALTH, "Pip"]),
        (f"erc attack -e {DUEL} Kaela Ogre --with h", ["attack", "-e", DUEL, "Kaela", "Ogre"]),
    ],
    ids=["plain", "double-quoted", "single-quoted", "escaped", "weapon"],
)
def test_each_shell_inserts_a_name_quoted(
    shell: str, typed: str, words: list[str], erc_on_path: dict[str, str]
) -> None:
    if needs[shell] is None:
        pytest.skip(f"{shell} is not installed (apt-get install {shell})")
    got = completed_words(shell, erc_on_path, typed)
    if "Gate" in typed:
        assert got == [*words, "Gate guard 2"]
    elif "--with" in typed:
        assert got == [*words, "--with", "hand axe"]
    else:
        assert got == words


# --- --install-completion ------------------------------------------------------------------


def install(shell: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["erc", "--install-completion", shell],
        env=env,
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )


@shell_needed("bash")
def test_install_completion_for_bash(erc_on_path: dict[str, str]) -> None:
    home = Path(erc_on_path["HOME"])
    done = install("bash", erc_on_path)
    assert done.returncode == 0, done.stderr
    assert "~/.bash_completions/erc.sh" in done.stdout and "added to ~/.bashrc" in done.stdout
    assert (home / ".bash_completions" / "erc.sh").read_text() == script("bash").stdout
    again = install("bash", erc_on_path)
    assert again.returncode == 0 and "already in ~/.bashrc" in again.stdout
    assert (home / ".bashrc").read_text().count("erc.sh") == 2  # one line, its two mentions
    loaded = subprocess.run(
        ["bash", "--norc", "-c", "source ~/.bashrc; complete -p erc"],
        env=erc_on_path,
        capture_output=True,
        text=True,
        check=True,
    )
    assert "-F _erc_completion erc" in loaded.stdout


@shell_needed("zsh")
def test_install_completion_for_zsh(erc_on_path: dict[str, str]) -> None:
    home = Path(erc_on_path["HOME"])
    (home / ".zshrc").write_text("setopt no_beep")  # no final newline: kept apart
    done = install("zsh", erc_on_path)
    assert done.returncode == 0, done.stderr
    assert (home / ".zfunc" / "_erc").read_text() == script("zsh").stdout
    assert (home / ".zshrc").read_text().startswith("setopt no_beep\n# erc shell completion")
    loaded = subprocess.run(
        ["zsh", "-c", "source ~/.zshrc; print -r -- $_comps[erc]"],
        env=erc_on_path,
        capture_output=True,
        text=True,
        check=True,
    )
    assert loaded.stdout.strip() == "_erc_completion"


@shell_needed("fish")
def test_install_completion_for_fish(erc_on_path: dict[str, str]) -> None:
    done = install("fish", erc_on_path)
    assert done.returncode == 0, done.stderr
    target = Path(erc_on_path["XDG_CONFIG_HOME"]) / "fish" / "completions" / "erc.fish"
    assert target.read_text() == script("fish").stdout
    loaded = subprocess.run(  # fish loads it on demand from its completions folder
        ["fish", "-c", f"complete -C 'erc attack -e {DUEL} Kaela '"],
        env=erc_on_path,
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    assert loaded.stdout.splitlines() == ["Fenn", "Ogre"]


def test_install_completion_says_what_it_cannot_write(erc_on_path: dict[str, str]) -> None:
    home = Path(erc_on_path["HOME"])
    (home / ".bash_completions").write_text("a file where the folder goes")
    done = install("bash", erc_on_path)
    assert done.returncode == 2 and done.stderr.startswith("erc: cannot write ")
    assert "Traceback" not in done.stderr


@pytest.mark.parametrize(
    ("encounter", "line", "option"),
    [
        (AMBUSH, ["condition", "Mira"], None),
        (ELYSIUM, ["condition", "Kharza"], None),
        (str(ENCOUNTERS / "spellchrome-warehouse.yaml"), ["condition", "Vex"], None),
        (AMBUSH, ["movement", "Mira"], "--cost"),
        (AMBUSH, ["movement", "Mira"], "--condition"),
        (AMBUSH, ["movement", "Mira", "--cost", "mount"], "--steed-size"),
        (DUEL, ["damage", "Ogre", "3"], "--type"),
        (DUEL, ["attack", "Kaela", "Ogre"], "--with"),
        (ELYSIUM, ["cast", "Kharza", "Ogre", "--level", "1"], "--spell"),
    ],
)
def test_every_value_offered_is_one_the_command_takes(
    erc, encounter: str, line: list[str], option: str | None, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    """Completion offers nothing the command then refuses as unknown."""
    asked = ["erc", *line, "-e", encounter, *([option] if option else []), ""]
    offered = bash(*asked)
    assert offered
    for value in offered:
        given = [option, value] if option else [value]
        ran = erc(*line, *given, "-e", encounter, "--json", "--journal", str(tmp_path / "j"))
        refused = ran.error["code"] if ran.code else None
        assert refused is None or not refused.startswith("unknown"), (value, ran.err)


def test_the_table_checks_complete_their_attribute_ability_or_skill() -> None:
    """R14.1 feat: R1.2's sub-attributes; Part 3.15 ability: strength, dexterity; Part 3.16
    skill: the file's skills and the abilities."""
    assert bash("erc", "feat", "-e", AMBUSH, "Thorin", "re") == ["resilience"]
    warehouse = str(ENCOUNTERS / "spellchrome-warehouse.yaml")
    assert bash("erc", "ability", "-e", warehouse, "Vex", "") == ["strength", "dexterity"]
    assert bash("erc", "skill", "-e", ELYSIUM, "Kharza", "ath") == ["athletics"]


def test_schema_output_completes_the_commands_with_an_envelope() -> None:
    """`erc schema --output COMMAND` takes a command's name (or `error`): those are its
    values, every ruleset's or the `--ruleset` given's (it completed nothing)."""
    every = bash("erc", "schema", "--output", "")
    assert {"attack", "roll", "check", "batch", "error", "cast", "feat"} <= set(every)
    assert bash("erc", "schema", "--output", "ro") == ["roll", "roll-init"]
    elysium = bash("erc", "schema", "--ruleset", "elysium", "--output", "")
    assert "cast" in elysium and "feat" not in elysium and "error" in elysium
    for command in ("error", "feat"):  # what it offers, erc schema takes
        ran = subprocess.run(
            [sys.executable, "-m", "erc", "schema", "--output", command],
            capture_output=True, text=True, cwd=ROOT, check=False,
        )  # fmt: skip
        assert ran.returncode == 0, (command, ran.stderr)
