# Two entry points, both usable on a fresh machine (see README):
#   make serve   build the site and serve it on http://127.0.0.1:8000/ with live rebuild
#   make test    install everything the tests need, then run them all (static checks, JS and Python tests)
PY      ?= python3
VENV    := .venv
VPY     := $(VENV)/bin/python
# pytest-xdist workers for make test. The suite is CPU-bound (the two cores 94-98 % busy): 3 workers took 641-683 s
# of pytest in fresh clones (655-658 s in the last two), 2 took 652-658 s with 6-8 % less CPU (less contention, the
# same wall time), 4 took 822-880 s, and 4 and 5 made test_navigation's next-lesson swap time out in 2 of 4 runs.
# In the headless shell (tests/conftest.py) 3 and 4 workers took 548 and 538 s on one tree, both runs disturbed by
# other work: no clear gain, so 3.
# --no-loadscope-reorder keeps tests/conftest.py's order: the tests that need no site run while it builds.
TEST_WORKERS ?= 3
STAMP   := $(VENV)/.installed-$(shell cat pyproject.toml requirements/*.txt 2>/dev/null | sha256sum | cut -c1-12)
NPM_STAMP := node_modules/.installed-$(shell cat package-lock.json 2>/dev/null | sha256sum | cut -c1-12)

.PHONY: serve build test check lint types types-py types-js js-test test-core deps browser bench bench-engine clean

$(STAMP):
	$(PY) -m venv $(VENV)
	$(VPY) -m pip install --quiet --require-hashes -r requirements/test.txt
	$(VPY) -m pip install --quiet --no-deps --no-build-isolation -e .
	touch $(STAMP)

# npm ci installs exactly package-lock.json and checks every package against its integrity hash.
$(NPM_STAMP): package.json package-lock.json
	npm ci --ignore-scripts --no-audit --no-fund --loglevel=error
	touch $(NPM_STAMP)

deps: $(STAMP) $(NPM_STAMP)

serve: deps
	$(VPY) -m builder serve

build: deps
	$(VPY) -m builder build

browser:
	bash .ci/install-browser

# Static checks: types (mypy --strict, tsc --checkJs) and lint (ruff).
lint: deps
	$(VPY) -m ruff check .

types: types-py types-js

types-py: deps
	$(VPY) -m mypy

types-js: deps
	node_modules/.bin/tsc -p tsconfig.json
	node_modules/.bin/tsc -p tsconfig.workers.json
	node_modules/.bin/tsc -p tsconfig.sw.json

js-test: deps
	node --test tests/js/

check: lint types js-test

# The installs (Python's and npm's packages, the browser) and then the static checks run side by side: each is
# one process, and the suite's machine has two cores. Each step's output is printed whole once it ends.
test:
	$(MAKE) --no-print-directory --output-sync=target -j3 browser check
	$(VPY) -m pytest -n $(TEST_WORKERS) --dist loadgroup --no-loadscope-reorder

test-core: deps
	$(VPY) -m pytest tests/core nardy_core

bench: deps
	$(VPY) bench/movegen.py
	$(VPY) bench/build.py
	$(VPY) bench/browser.py
	$(VPY) bench/lab.py

# The engine's figures (training speed, strength, gnubg's judgment, bear-off, latency): tens of minutes.
bench-engine: deps
	$(VPY) bench/engine.py

clean:
	rm -rf dist dist.* .pytest_cache
