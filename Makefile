PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: setup test check lint types bench bytecode fuzz model docs docs-gen docs-serve clean

setup: $(VENV)/.installed

$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	$(MAKE) --no-print-directory bytecode
	touch $@

# Byte-code for erc itself: an editable install is never compiled by pip, and where
# PYTHONDONTWRITEBYTECODE is set nothing writes it, so every run would compile from source.
bytecode:
	$(BIN)/python -m compileall -q erc

lint: setup
	$(BIN)/ruff check erc tests benchmarks
	$(BIN)/ruff format --check erc tests benchmarks

types: setup
	$(BIN)/mypy

test: lint types bytecode
	$(BIN)/pytest

check: test

bench: setup bytecode
	$(BIN)/python benchmarks/bench.py


# Each ruleset's model fields and builder, written from its file format (a test fails when
# they are stale): the marked part of erc/rulesets/*/model.py, and from_file.py.
RULESETS := erc.rulesets.er erc.rulesets.spellchrome erc.rulesets.elysium
model: setup
	$(BIN)/python -m erc.core.encounter.generate $(RULESETS)
	$(BIN)/ruff format --quiet erc/rulesets/*/model.py erc/rulesets/*/from_file.py

fuzz: setup
	ERC_FUZZ=long $(BIN)/pytest tests -k fuzz -p no:cacheprovider

# The docs site (MkDocs, Material theme): a strict build, so a broken link or anchor fails;
# into site/ (git-ignored). docs-gen writes the pages made from the code (a test fails when
# they are stale): docs/reference/*.md and the error codes in docs/scripting.md.
MKDOCS := NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs
docs: setup
	$(MKDOCS) build --strict --quiet

docs-gen: setup
	$(BIN)/python -m erc.cli.docgen docs

docs-serve: setup
	$(MKDOCS) serve

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis site
