# bloxcab: `make run` starts the cabinet, `make test` runs the suite, `make bench` prints figures.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
# The pure parts, type-checked strictly: the engine kit and every cartridge's rules.
PURE   := engine $(wildcard games/*/rules games/*/rules.py)

.PHONY: run test test-long bench lint clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# Reinstall only when the package description changes.
$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/bloxcab run $(ARGS)

test: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/mypy $(PURE)
	$(BIN)/lint-imports
	$(BIN)/python -m pytest -n 2 $(PYTEST_ARGS)

# Soak, fuzz and power-cut runs at full length.
test-long: $(STAMP)
	BLOXCAB_LONG=1 $(BIN)/python -m pytest -n 2 $(PYTEST_ARGS)

bench: $(STAMP)
	$(BIN)/bloxcab bench $(ARGS)

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/mypy $(PURE)
	$(BIN)/lint-imports

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .mypy_cache .ruff_cache .import_linter_cache
