"""Shell completion for bash, zsh and fish: the scripts, and the answers they ask erc for.

The protocol is click's: a shell's completion function runs ``erc`` with ``_ERC_COMPLETE``
set to ``bash_complete``, ``zsh_complete`` or ``fish_complete`` and the command line in
``COMP_WORDS`` and ``COMP_CWORD``; erc prints the candidates, each with its type (``plain``,
or ``file`` to hand over to the shell's own file completion). ``bash_source`` and the like
print the script, as ``erc --show-completion SHELL`` does.

``erc.cli.main`` answers a request before anything else: it reads the command's declared
line (``erc.cli.fast.spec_of``) and the encounter through its cache, and never imports
typer or rich. The values of an option come from the declaration (choices), from the encounter's
ruleset (``Ruleset.values``: conditions, costs, damage types, weapons, spells) and from the
encounter (combatant names, at every argument or option whose metavar names one). The
shells quote what they insert (bash through readline's file-name quoting), so a name with a
space completes as one word. A request never raises: a broken encounter yields no names.
"""

from __future__ import annotations

import os
import sys

from erc.core.errors import ErcError

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence
    from typing import Any

    from erc.cli.fast import Spec
    from erc.core.mechanic import Param
    from erc.core.ruleset import Ruleset

VARIABLE = "_ERC_COMPLETE"
SHELLS = ("bash", "zsh", "fish")
OPTIONS = ("--install-completion", "--show-completion")
TOP_OPTIONS = ("--help", "--version", *OPTIONS)

COMBATANT = frozenset(
    {"NAME", "ATTACKER", "TARGET", "TARGET...", "VICTIM", "HOLDER", "A", "B", "D"}
    | {"DEFENDER", "CASTER", "OTHER"}
)
"""The metavars of arguments and options that name a combatant (``erc attack ATTACKER
TARGET...``, ``--by NAME``); a ruleset's own values (``Ruleset.values``) come first, so
``movement --condition NAME`` completes conditions."""
FILES = frozenset({"encounter", "journal", "paths"})
"""Parameters that name files: the shell completes them."""


# --- answering a request ----------------------------------------------------------------


def respond(instruction: str) -> int:
    """Answer a completion script (``_ERC_COMPLETE=<shell>_complete`` or ``_source``); print
    nothing but the answer, and never a traceback."""
    shell, _, action = instruction.partition("_")
    try:
        if shell not in SHELLS or action not in ("complete", "source"):
            sys.stderr.write(f"erc: {VARIABLE}={instruction!r} is not one of {_requests()}\n")
            return 1
        text = script(shell) if action == "source" else answer(shell, os.environ)
        out = getattr(sys.stdout, "buffer", None)
        if out is None:
            sys.stdout.write(text)
        else:  # UTF-8 whatever the locale; a path's undecodable bytes as they were
            out.write(text.encode("utf-8", "surrogateescape"))
        sys.stdout.flush()
    except KeyboardInterrupt:
        return 130
    except Exception as exc:  # a bug: one line on stderr (the scripts discard it)
        sys.stderr.write(f"erc: completion failed: {type(exc).__name__}: {exc}\n")
        return 1
    return 0


def _requests() -> str:
    return ", ".join(f"{s}_{a}" for s in SHELLS for a in ("complete", "source"))


def answer(shell: str, environ: Mapping[str, str]) -> str:
    """The candidates for the command line a ``shell`` script put in ``environ``, in the
    format its script reads: bash and fish ``type,value`` lines, zsh ``type`` and ``value``
    lines in turn."""
    args, incomplete = words(shell, environ)
    kind, values = complete(args, incomplete, environ)
    if kind == "file":
        return f"file\n{incomplete}\n" if shell == "zsh" else f"file,{incomplete}\n"
    if shell == "zsh":
        return "".join(f"plain\n{v}\n" for v in values)
    return "".join(f"plain,{v}\n" for v in values)


def words(shell: str, environ: Mapping[str, str]) -> tuple[list[str], str]:
    """The words before the one being completed (``erc`` left out), and that one, unquoted."""
    line = split(environ.get("COMP_WORDS", ""))
    if shell == "fish":  # COMP_WORDS is the line up to the cursor, COMP_CWORD its last token
        token = environ.get("COMP_CWORD", "")
        args = line[1:]
        if token and args:
            args.pop()
        return args, (split(token) or [""])[0]
    try:
        index = int(environ.get("COMP_CWORD", ""))
    except ValueError:
        index = len(line)
    incomplete = line[index] if 0 <= index < len(line) else ""
    return line[1:index], incomplete


def split(text: str) -> list[str]:
    """Shell words, as ``shlex.split`` gives them, the last one kept when its quote is open
    (``attack "Gate g``)."""
    import shlex

    lexer = shlex.shlex(text, posix=True)
    lexer.whitespace_split = True
    lexer.commenters = ""
    out: list[str] = []
    try:
        out.extend(lexer)
    except ValueError:  # an open quote or a trailing backslash: the partial word as it is
        out.append(lexer.token)
    return out


def complete(args: list[str], incomplete: str, environ: Mapping[str, str]) -> tuple[str, list[str]]:
    """What may follow ``erc`` and ``args`` where ``incomplete`` is typed: ``("plain",
    values)``, or ``("file", [])`` for the shell's own file completion."""
    if incomplete == "=":  # bash splits --opt=value at '=': the value starts here
        incomplete = ""
    prefix = ""
    if incomplete.startswith("--") and "=" in incomplete:  # --with=lo as one word (zsh, fish)
        flag, _, incomplete = incomplete.partition("=")
        args, prefix = [*args, flag], flag + "="
    kind, values = _candidates(args, incomplete, environ)
    folded = incomplete.casefold()
    return kind, [prefix + v for v in values if v.casefold().startswith(folded)]


def _candidates(
    args: list[str], incomplete: str, environ: Mapping[str, str]
) -> tuple[str, list[str]]:
    from erc import rulesets
    from erc.cli.registry import commands

    line = _Line(args, environ)
    if not args:
        if incomplete.startswith("-"):
            return "plain", list(TOP_OPTIONS)
        return "plain", list(commands(line.ruleset()))
    if args[0] in OPTIONS:
        return "plain", list(SHELLS) if len(args) == 1 else []
    name = args[0]
    ruleset = line.ruleset()
    if name not in commands(ruleset):
        return "plain", []
    from erc.cli.fast import spec_of

    spec = spec_of(ruleset.name, name)
    if spec is None:
        return "plain", []
    walk = _Walk(spec, args[1:])
    if walk.pending is None and incomplete.startswith("-") and not walk.only_positional:
        return "plain", walk.options()
    param = walk.pending or walk.argument()
    if param is None:
        return "plain", []
    key = param.name
    if key in FILES:
        return "file", []
    if name == "schema" and key == "ruleset":
        return "plain", list(rulesets.available())
    if name == "schema" and key == "output":  # a command's envelope, or the error one
        chosen = [n for n in walk.given.get("ruleset", []) if n in rulesets.NAMES]
        every = {c for n in chosen or rulesets.available() for c in commands(rulesets.get(n))}
        return "plain", sorted(every | {"error"})
    known: Sequence[str] | None = ruleset.values(name, key, line.encounter(), walk.given)
    if known is None and param.choices:
        known = param.choices
    if known is None and param.metavar in COMBATANT:
        encounter = line.encounter()
        known = [c.name for c in encounter.combatants] if encounter is not None else []
    if known is None:
        return "plain", []
    if param.kind == "argument":  # not what an argument of the line has already
        named = {w.casefold() for w in walk.positional}
        return "plain", [v for v in known if v.casefold() not in named]
    return "plain", list(known)


class _Line:
    """The encounter a command line names (``-e`` or ``ERC_ENCOUNTER``), loaded once, and
    its ruleset; an encounter that cannot be read is none (the default ruleset, no names)."""

    def __init__(self, args: list[str], environ: Mapping[str, str]) -> None:
        from erc.cli.dispatch import encounter_argument

        path = encounter_argument(args) if args else None
        self.path = path or environ.get("ERC_ENCOUNTER") or None
        self._loaded: list[Any] = []

    def encounter(self) -> Any | None:
        if not self._loaded:
            found = None
            if self.path:
                try:
                    from erc.core.encounter import load_cached

                    found = load_cached(os.path.expanduser(self.path))
                except Exception:  # unreadable, invalid, not a file: no names
                    found = None
            self._loaded.append(found)
        return self._loaded[0]

    def ruleset(self) -> Ruleset:
        from erc import rulesets

        encounter = self.encounter()
        return rulesets.get(encounter.ruleset if encounter is not None else rulesets.DEFAULT)


class _Walk:
    """A command's words so far, read against its declared line as the fast path reads them
    (``erc.cli.fast.split``): the positional words, each parameter's values, and an option still
    waiting for its value."""

    def __init__(self, spec: Spec, words: list[str]) -> None:
        self.spec = spec
        kept: list[str] = []
        for word in words:  # bash: --opt = value
            if not (word == "=" and kept and spec.takes.get(kept[-1])):
                kept.append(word)
        from erc.cli.fast import split

        read = split(kept, spec.takes)
        self.positional = read.words
        self.only_positional = read.dashes is not None
        self.pending = spec.options[read.pending][0] if read.pending is not None else None
        self.given: dict[str, list[str]] = {}
        self.used: set[str] = set()
        for flag, value, _, _ in read.options:
            param = spec.options[flag][0]
            self.used.add(param.name)
            if not param.flag and value is not None:
                self.given.setdefault(param.name, []).append(value)
        for index, word in enumerate(self.positional):
            found = self._argument(index)
            if found is not None:
                self.given.setdefault(found.name, []).append(word)

    def argument(self) -> Param | None:
        """The argument the next positional word is for (a variadic one takes the rest)."""
        return self._argument(len(self.positional))

    def _argument(self, index: int) -> Param | None:
        for param in self.spec.params:
            if param.kind != "argument":
                continue
            if param.nargs == -1 or index == 0:
                return param
            index -= 1
        return None

    def options(self) -> list[str]:
        """Every option of the command but the ones given already (unless repeatable)."""
        out: list[str] = []
        for param in self.spec.params:
            if param.kind == "option" and (param.multiple or param.name not in self.used):
                out += [*param.opts, *param.secondary]
        return [*out, "--help"]


# --- the scripts --------------------------------------------------------------------------

BASH = """\
# erc shell completion for bash (erc --show-completion bash)
_erc_completion() {
    local response line type value
    response=$(env COMP_WORDS="${COMP_WORDS[*]}" COMP_CWORD="$COMP_CWORD" \\
        _ERC_COMPLETE=bash_complete "$1" 2>/dev/null)
    COMPREPLY=()
    while IFS= read -r line; do
        type=${line%%,*}
        value=${line#*,}
        if [[ $type == file ]]; then
            COMPREPLY=()
            compopt -o default 2>/dev/null
            return 0
        elif [[ $type == plain ]]; then
            COMPREPLY+=("$value")
        fi
    done <<< "$response"
    # a name with a space or a quote: readline quotes it as it quotes a file name
    for value in "${COMPREPLY[@]}"; do
        if [[ $value == *[^[:alnum:]_.,:=@%+/-]* ]]; then
            compopt -o filenames 2>/dev/null
            break
        fi
    done
    return 0
}
complete -o nosort -F _erc_completion erc 2>/dev/null || complete -F _erc_completion erc
"""

ZSH = """\
#compdef erc
# erc shell completion for zsh (erc --show-completion zsh)
_erc_completion() {
    local -a completions response
    local type value cmd=${(Q)words[1]}
    [[ $cmd == */* && -x $cmd ]] || cmd=erc
    response=("${(@f)$(env COMP_WORDS="${words[*]}" COMP_CWORD=$((CURRENT-1)) \\
        _ERC_COMPLETE=zsh_complete $cmd 2>/dev/null)}")
    for type value in "${response[@]}"; do
        if [[ $type == plain ]]; then
            completions+=("$value")
        elif [[ $type == file ]]; then
            [[ $PREFIX == --*=* ]] && compset -P '*='
            _path_files -f
            return
        fi
    done
    (( ${#completions} )) && compadd -U -V unsorted -a completions
}

if [[ $zsh_eval_context[-1] == loadautofunc ]]; then
    _erc_completion "$@"
else
    compdef _erc_completion erc
fi
"""

FISH = """\
# erc shell completion for fish (erc --show-completion fish)
function _erc_completion
    set -l cmd (commandline -opc)[1]
    string match -q -- '*/*' $cmd; and test -x $cmd; or set cmd erc
    set -l response (env _ERC_COMPLETE=fish_complete COMP_WORDS=(commandline -cp) \\
        COMP_CWORD=(commandline -ct) $cmd 2>/dev/null)
    for line in $response
        set -l found (string split -m 1 -- , $line)
        if test "$found[1]" = file
            set -l flag (string match -r -- '^--[^=]*=' $found[2])
            set -l path (string replace -r -- '^--[^=]*=' '' $found[2])
            __fish_complete_path $path | string replace -r -- '^' "$flag"
        else if test "$found[1]" = plain
            printf '%s\\n' $found[2]
        end
    end
end

complete --command erc --no-files --arguments '(_erc_completion)'
"""

SCRIPTS = {"bash": BASH, "zsh": ZSH, "fish": FISH}


def script(shell: str) -> str:
    """The completion script of ``shell``: it defines the completion of ``erc``."""
    return SCRIPTS[shell]


# --- erc --show-completion, erc --install-completion ---------------------------------------


def command(args: list[str]) -> int:
    """``erc --show-completion [SHELL]`` prints the script; ``erc --install-completion
    [SHELL]`` installs it where the shell finds it. SHELL defaults to ``$SHELL``'s. A usage
    error is an ``ErcError`` (``erc.cli.run`` reports it)."""
    try:
        if len(args) > 2:
            raise ErcError("usage", f"{args[0]} takes one shell: erc {args[0]} [bash|zsh|fish]")
        shell = chosen(args[0], args[1] if len(args) > 1 else None)
        if args[0] == "--show-completion":
            sys.stdout.write(script(shell))
        else:
            sys.stdout.write("".join(line + "\n" for line in install(shell)))
        sys.stdout.flush()
    except OSError as exc:  # a closed stdout
        sys.stderr.write(f"erc: cannot write the output: {exc.strerror or exc}\n")
        return 2
    return 0


def chosen(option: str, shell: str | None) -> str:
    """The shell named, else ``$SHELL``'s; one erc has no script for is a usage error."""
    if shell is None:
        login = os.environ.get("SHELL", "")
        shell = os.path.basename(login)
        if shell not in SHELLS:
            raise ErcError(
                "usage",
                f"$SHELL is {login!r}, which erc has no completion for: name one, "
                f"erc {option} bash|zsh|fish",
            )
    if shell not in SHELLS:
        raise ErcError("usage", f"no completion for {shell!r}: erc {option} bash|zsh|fish")
    return shell


MARK = "# erc shell completion (erc --install-completion)"


def install(shell: str) -> list[str]:
    """Write ``shell``'s script where the shell loads it; say what was done. bash: sourced
    from ``~/.bashrc``; zsh: ``~/.zfunc/_erc``, sourced from ``.zshrc`` (after
    ``compinit`` if nothing ran it); fish: its completions folder, loaded on demand."""
    home = os.path.expanduser("~")
    if shell == "fish":
        config = os.environ.get("XDG_CONFIG_HOME") or os.path.join(home, ".config")
        target = os.path.join(config, "fish", "completions", "erc.fish")
        _write(target, script(shell))
        return [f"erc: fish completion installed in {_short(target)}; new fish shells use it"]
    if shell == "bash":
        target = os.path.join(home, ".bash_completions", "erc.sh")
        rc = os.path.join(home, ".bashrc")
        lines = [f"[ -f {_short(target)} ] && . {_short(target)}"]
    else:
        target = os.path.join(home, ".zfunc", "_erc")
        rc = os.path.join(os.environ.get("ZDOTDIR") or home, ".zshrc")
        lines = [
            "(( $+functions[compdef] )) || { autoload -Uz compinit && compinit }",
            f"source {_short(target)}",
        ]
    _write(target, script(shell))
    added = _add_lines(rc, lines)
    told = f"added to {_short(rc)}" if added else f"already in {_short(rc)}"
    return [
        f"erc: {shell} completion installed in {_short(target)} ({told})",
        f"erc: open a new shell, or run: source {_short(target)}",
    ]


def _short(path: str) -> str:
    """``path`` with the home folder as ``~`` (as the shells' start-up files read it)."""
    home = os.path.expanduser("~").rstrip("/")
    return "~" + path[len(home) :] if home and path.startswith(home + "/") else path


def _write(path: str, text: str) -> None:
    try:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8") as out:
            out.write(text)
    except OSError as exc:
        raise ErcError("bad-file", f"cannot write {path}: {exc.strerror or exc}") from None


def _add_lines(rc: str, lines: list[str]) -> bool:
    """Append ``lines`` to the start-up file ``rc`` unless it has them; whether it did."""
    try:
        with open(rc, encoding="utf-8", errors="replace") as handle:
            present = handle.read()
    except FileNotFoundError:
        present = ""
    except OSError as exc:
        raise ErcError("bad-file", f"cannot read {rc}: {exc.strerror or exc}") from None
    if all(line in present.splitlines() for line in lines):
        return False
    lead = "" if not present or present.endswith("\n") else "\n"
    try:
        with open(rc, "a", encoding="utf-8") as out:
            out.write(lead + "\n".join([MARK, *lines]) + "\n")
    except OSError as exc:
        raise ErcError("bad-file", f"cannot write {rc}: {exc.strerror or exc}") from None
    return True
