# gpupicker — the two commands a new user needs: `make run` and `make test`.
PYTHON ?= python3
VENV   ?= .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed-stamp

.PHONY: run test venv lint accuracy bench translations dist dist-test clean

$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e ".[test]"
	touch $(STAMP)

venv: $(STAMP)

translations: $(STAMP)
	$(PY) -m gpupicker.ui.i18n_build

run: $(STAMP) translations
	$(PY) -m gpupicker

test: $(STAMP) translations
	$(VENV)/bin/lint-imports
	$(VENV)/bin/ruff check gpupicker tests packaging scripts
	QT_QPA_PLATFORM=offscreen $(PY) -m pytest

accuracy: $(STAMP)
	$(PY) scripts/accuracy.py

bench: $(STAMP)
	$(PY) scripts/bench.py

clean:
	rm -rf build dist .pytest_cache

# Standalone binary for this OS (issue 7). Not part of `make test`: it takes minutes.
# `make dist DIST_FLAGS=--onefile` builds the optional one-file "portable" artifact instead.
DIST_FLAGS ?=

dist: $(STAMP)
	$(PY) -m pip install --quiet -e ".[test,package]"
	$(PY) packaging/build.py --archive --deb $(DIST_FLAGS)

dist-test: dist
	$(PY) packaging/smoke_test.py
