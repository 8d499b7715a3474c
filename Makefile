# Two commands: `make lab` sets up and opens the notebooks; `make test` sets up and runs the whole suite.
VENV ?= .venv
PY := $(VENV)/bin/python
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: lab test setup-lab setup-test browser bench clean

$(PY):
	python3 -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip

setup-lab: $(PY)
	$(PY) -m pip install --quiet -e '.[lab]'

setup-test: $(PY) browser
	$(PY) -m pip install --quiet -e '.[test]'
	npm ci --prefix tests/browser --no-audit --no-fund --silent

browser:  # Debian's Chromium: Playwright cannot download its own browser on a closed network
	@command -v chromium >/dev/null || { $(SUDO) apt-get update -qq && \
	  $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; }

lab: setup-lab
	$(VENV)/bin/jupyter lab notebooks/

test: setup-test
	$(PY) -m ruff check .
	$(PY) -m pytest -n 2 --dist loadgroup --nbmake --nbmake-timeout=180 tests notebooks

bench: setup-test
	$(PY) bench/benchmark.py

clean:
	rm -rf $(VENV) build dist .pytest_cache .hypothesis
