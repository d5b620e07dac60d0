# Everything bootstraps a local virtualenv in .venv on first use.
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python

.PHONY: run test test-all test-fast lint bench clean messages messages-check

$(VENV)/.installed: pyproject.toml setup.py $(wildcard engine/core/*.c engine/core/*.h)
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $@

run: $(VENV)/.installed  ## run the bot (local mode without DISCORD_TOKEN)
	$(PY) -m bot

lint: $(VENV)/.installed
	$(PY) -m ruff check .
	$(PY) -m mypy --strict rules messages render data engine service bot local web

test: $(VENV)/.installed  ## install, then every test tier this machine can run but the slow one (no PostgreSQL or Chromium needed)
	ENGINE_TABLES=off $(PY) -m tests.tiers first-hour -n 2 -q

test-all: lint  ## lint, type-check and run every tier: slow, browser (Chromium), database (PostgreSQL), systemd; what CI runs
	$(PY) -m tests.tiers require-all
	ENGINE_TABLES=off $(PY) -m pytest -n 2 -q
	# the engine's process pool and CLI once more on the pure-Python core (the search tests run on both)
	ENGINE_TABLES=off DAMA_ENGINE_CORE=python $(PY) -m pytest -q -p no:cacheprovider tests/engine/test_api.py tests/engine/test_cli.py

test-fast: test

messages: $(VENV)/.installed  ## collect new or changed sentences into messages/locales/*.po
	$(PY) -m bot.catalogue extract

messages-check: $(VENV)/.installed  ## list missing, fuzzy or malformed translations
	$(PY) -m bot.catalogue check

bench: $(VENV)/.installed  ## the benchmarks (python -m benchmarks NAME for one); figures are recorded in docs/BENCHMARKS.md
	$(PY) -m benchmarks

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
