"""Fixtures: JupyterLab and Voila servers, headless Chromium, and `board_page`,
which shows one Python `Board` through the real front end without any server.

A missing browser fails loudly: it is no skip.
"""

from __future__ import annotations

import shutil
import sys
import time
import urllib.error
from collections.abc import Callable
from pathlib import Path

import pytest
from browser_support import (
    NOTEBOOKS,
    SITE,
    TOKEN,
    BoardPage,
    Server,
    chromium_browser,
    free_port,
    only_localhost,
    quiet_lab_settings,
    serve_folder,
    wait_for_http,
)
from rooms.wire import RoomServer


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Server:
    """build/site served on 127.0.0.1, its JupyterLite and its play pages."""
    if not all((SITE / page).is_file() for page in ("lab/index.html", "play/index.html")):
        pytest.fail("build/site is missing: run `make site` (make test does it)")
    server = serve_folder(SITE, tmp_path_factory.mktemp("site"))
    yield server
    server.stop()


@pytest.fixture
def browser():
    """Headless Chromium for one test; Playwright's event loop lives only as long as the test."""
    with chromium_browser() as chromium:
        yield chromium


@pytest.fixture
def offline_page(site, browser):
    """A fresh Chromium page that can reach the site only, and the requests it made elsewhere (refused)."""
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    refused = only_localhost(context, site.url)
    page = context.new_page()
    page.set_default_timeout(120_000)
    return page, refused


@pytest.fixture
def room_server(tmp_path):
    """Starts the room server for a test, on a free port with its data in the test's folder (`room_server()`;
    `room_server(port)` again after a stop: a restart on the same data), and stops it after the test."""
    started = []

    def start(port: int | None = None) -> RoomServer:
        started.append(RoomServer(port or free_port(), tmp_path))
        return started[-1]

    yield start
    for server in started:
        server.stop()


@pytest.fixture(scope="session")
def workdir(tmp_path_factory) -> Path:
    home = tmp_path_factory.mktemp("jupyter")
    shutil.copytree(NOTEBOOKS, home / "notebooks", ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    quiet_lab_settings(home / "settings")
    return home


def serve(command: Callable[[int], list[str]], workdir: Path, ready: str = "", cwd: Path | None = None) -> Server:
    """`python -m <command(port)>` on a free port, returned once it answers at `ready` (a path on its URL)."""
    port = free_port()
    server = Server([sys.executable, "-m", *command(port)], port, workdir, cwd=cwd)
    try:
        wait_for_http(f"{server.url}{ready}", server.proc)
    except BaseException:
        server.stop()
        raise
    return server


def jupyter_server(app: str, workdir: Path):
    """`jupyter lab` or `jupyter notebook` on the copied notebooks, until the session ends."""
    server = serve(lambda port: [
        "jupyter", app, "--no-browser", "--allow-root", f"--port={port}", "--ServerApp.ip=127.0.0.1",
        f"--IdentityProvider.token={TOKEN}", f"--ServerApp.root_dir={workdir / 'notebooks'}",
    ], workdir, "/api/status")
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="session")
def lab_server(workdir):
    yield from jupyter_server("lab", workdir)


@pytest.fixture
def lab(lab_server):
    """The JupyterLab server; the kernels a test started are shut down after it."""
    yield lab_server
    for attempt in range(5):  # a kernel mid-shutdown can make the server's listing answer 500 for a moment
        try:
            for kernel in lab_server.api("GET", "/api/kernels"):
                lab_server.api("DELETE", f"/api/kernels/{kernel['id']}")
            return
        except urllib.error.HTTPError as error:
            if error.code not in (404, 500) or attempt == 4:  # 404: a kernel already gone
                raise
            time.sleep(1)


@pytest.fixture
def voila_server(workdir):
    """Start Voila on one notebook: `voila_server(name)` returns the running server, stopped (with the kernels
    its pages started) when the test ends."""
    started: list[Server] = []

    def start(notebook: str) -> Server:
        server = serve(lambda port: ["voila", str(workdir / "notebooks" / notebook), "--no-browser",
                                     f"--port={port}", "--Voila.ip=127.0.0.1"], workdir)
        started.append(server)
        return server

    yield start
    for server in started:
        server.stop()


@pytest.fixture
def page(browser):
    """A fresh Chromium page."""
    page = browser.new_page(viewport={"width": 1280, "height": 1000})
    page.set_default_timeout(60_000)
    return page


@pytest.fixture
def board_page(page):
    """`board_page(board)` opens `page` on widgets/board.js and board.css, wired to the Python `Board`.

    Returns a `BoardPage`: its `click(selector)` and `press(key)` send the page's message to
    `board._on_message`, let the bots answer with `board.run_bots()`, and wait until the page shows the
    result, so a test can check the Python state and the page right after. One board per page.
    `board_page(board, width=400, theme="dark")` gives the widget 400 CSS px in JupyterLab's dark theme.
    """
    opened: list[BoardPage] = []

    def open_board(board, width: float | None = None, theme: str | None = None) -> BoardPage:
        if opened:
            raise RuntimeError("board_page shows one board per test")
        opened.append(BoardPage(page, board, width, theme))
        return opened[0]

    return open_board


@pytest.fixture(scope="session")
def play_server(workdir):
    """Voila serving notebooks/play as `make play` does (its voila.json read from that folder)."""
    folder = workdir / "notebooks" / "play"
    server = serve(lambda port: ["voila", "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1", str(folder)],
                   workdir, cwd=folder)
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="session")
def notebook7_server(workdir):
    """Notebook 7 (`jupyter notebook`) on the copied notebooks."""
    yield from jupyter_server("notebook", workdir)
