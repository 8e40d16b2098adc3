# Two entry points, both usable on a fresh machine (see README):
#   make serve   build the site and serve it on http://127.0.0.1:8000/ with live rebuild
#   make test    install everything the tests need, then run them all
PY      ?= python3
VENV    := .venv
VPY     := $(VENV)/bin/python
STAMP   := $(VENV)/.installed-$(shell cat pyproject.toml requirements/*.txt 2>/dev/null | sha256sum | cut -c1-12)

.PHONY: serve build test test-core deps browser bench clean

$(STAMP):
	$(PY) -m venv $(VENV)
	$(VPY) -m pip install --quiet --require-hashes -r requirements/test.txt
	$(VPY) -m pip install --quiet --no-deps --no-build-isolation -e .
	touch $(STAMP)

deps: $(STAMP)

serve: deps
	$(VPY) build.py serve

build: deps
	$(VPY) build.py build

browser:
	bash .ci/install-browser

test: deps browser
	$(VPY) -m pytest

test-core: deps
	$(VPY) -m pytest tests/core

bench: deps
	$(VPY) bench/movegen.py
	$(VPY) bench/build.py
	$(VPY) bench/browser.py

clean:
	rm -rf dist dist.* .pytest_cache
