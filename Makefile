# Two commands: `make lab` sets up and opens the notebooks; `make test` sets up and runs the whole suite.
# `make play` serves the play pages with Voila; `make site` builds the JupyterLite site into build/site/.
VENV ?= .venv
PY := $(VENV)/bin/python
SITE_VENV := build/site-venv
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
# Jupyter refuses to start as root (containers, classroom servers) unless told it is meant
AS_ROOT := $(shell [ "$$(id -u)" = 0 ] && echo --allow-root)
LAB_ARGS ?=
PLAY_ARGS ?=

.PHONY: lab play serve site docs test setup-lab setup-serve setup-play setup-test speedups compiler browser jail bench clean

$(PY):
	python3 -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip

setup-lab: $(PY) jail
	$(PY) -m pip install --quiet -e '.[lab]'
	-$(MAKE) --no-print-directory speedups

# Optional: mypyc compiles the hot cores of Tic Tac Two and Tyc and the adapters' observation trackers beside
# their sources (tools/build_speedups.py).
# Without a C compiler the kit runs the same in plain Python; `make test` requires them, and tests both.
speedups: $(PY)
	$(PY) -m pip install --quiet -e '.[speedups]'
	$(PY) tools/build_speedups.py

setup-play: $(PY)
	$(PY) -m pip install --quiet -e '.[play]'

setup-test: $(PY) browser compiler jail
	$(PY) -m pip install --quiet -e '.[test]'
	$(PY) tools/build_speedups.py
	npm ci --prefix tests/browser --no-audit --no-fund --silent

compiler:  # mypyc's C compiler, for `make speedups`
	@command -v cc >/dev/null || { $(SUDO) apt-get update -qq && \
	  $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq gcc >/dev/null; }

browser:  # Debian's Chromium: Playwright cannot download its own browser on a closed network
	@command -v chromium >/dev/null || { $(SUDO) apt-get update -qq && \
	  $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; }

jail:  # bubblewrap and libseccomp: each student's bot plays from a jail of its own (tictac_nb/jail.py)
	@{ command -v bwrap && python3 -c "import ctypes.util as u; assert u.find_library('seccomp')"; } >/dev/null 2>&1 || \
	  { $(SUDO) apt-get update -qq && \
	  $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq bubblewrap libseccomp2 >/dev/null; }

lab: setup-lab
	$(VENV)/bin/jupyter lab $(AS_ROOT) $(LAB_ARGS) notebooks/

play: setup-play  # Voila reads notebooks/play/voila.json from the folder it starts in
	cd notebooks/play && $(abspath $(VENV))/bin/voila $(PLAY_ARGS) $(CURDIR)/notebooks/play

setup-serve: $(PY) jail
	$(PY) -m pip install --quiet -e '.[rooms]'

# Rooms across devices: the lobby's link (for the teacher) is printed on start; SERVE_ARGS="--host 0.0.0.0"
# takes the class network. Rooms are saved in rooms-data/ and reopened on the next start.
SERVE_ARGS ?=
serve: setup-serve
	$(VENV)/bin/tictac-nb serve --data rooms-data $(SERVE_ARGS)

# The site is built in a venv of its own: JupyterLite's front ends must not reach JupyterLab or Voila.
$(SITE_VENV)/bin/python:
	python3 -m venv $(SITE_VENV)
	$(SITE_VENV)/bin/python -m pip install --quiet --upgrade pip

site/node_modules/.package-lock.json: site/package.json site/package-lock.json
	cd site && npm ci --no-audit --no-fund --loglevel=error

site: $(SITE_VENV)/bin/python site/node_modules/.package-lock.json
	$(SITE_VENV)/bin/python -m pip install --quiet -e '.[site]'
	$(SITE_VENV)/bin/python site/build.py

# The documentation site (mkdocs.yml, docs/) into build/docs/; beside the JupyterLite site (build/site/docs/)
# when that is built, so `make site docs` gives the whole published site.
docs: $(PY)
	$(PY) -m pip install --quiet -e '.[docs]'
	NO_MKDOCS_2_WARNING=1 $(PY) -m mkdocs build --strict --site-dir build/docs
	@if [ -d build/site ]; then rm -rf build/site/docs && cp -R build/docs build/site/docs; fi

test: setup-test site
	$(PY) -m ruff check .
	$(PY) -m pytest -n 2 --dist loadgroup --nbmake --nbmake-timeout=180 tests notebooks

bench: setup-test
	$(PY) -m pip install --quiet -e '.[bench]'
	$(PY) bench/benchmark.py

clean:
	rm -rf $(VENV) build dist site/node_modules .pytest_cache .hypothesis
	find tictac_nb -name '*.so' -delete
