"""Real browser: the Tic Tac Trek notebook in Voila, a tile placed by clicking its cell, the bot answering.

Servers and Chromium as in tests/browser (recipes from TESTING.md); a missing browser fails loudly.
"""

from __future__ import annotations

import shutil
import sys

import pytest
from browser.browser_support import CHROMIUM, CHROMIUM_ARGS, NOTEBOOKS, Server, free_port, wait_for_http

pytestmark = pytest.mark.browser
NOTEBOOK = "tic-tac-trek.ipynb"


@pytest.fixture(scope="module")
def voila(tmp_path_factory):
    home = tmp_path_factory.mktemp("trek-voila")
    shutil.copy(NOTEBOOKS / NOTEBOOK, home / NOTEBOOK)
    port = free_port()
    server = Server([sys.executable, "-m", "voila", str(home / NOTEBOOK), "--no-browser", f"--port={port}",
                     "--Voila.ip=127.0.0.1"], port, home)
    try:
        wait_for_http(server.url, server.proc)
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="module")
def page():
    if CHROMIUM is None:
        pytest.fail("Chromium is not installed: run `apt-get install -y chromium`")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1280, "height": 1000})
        page.set_default_timeout(60_000)
        yield page
        browser.close()


def test_a_tile_is_placed_by_clicking_its_cell(page, voila):
    page.goto(voila.url)
    page.wait_for_selector(".ttn-root:has([data-target])", timeout=120_000)
    board = page.locator(".ttn-root:has([data-target])").first
    target = board.locator("[data-target]").first
    cell = target.get_attribute("data-target")
    assert target.get_attribute("aria-label").startswith(f"place at {cell}: ")
    assert board.locator(f'[aria-label*="tile at {cell} showing"]').count() == 0
    start = int(board.get_attribute("data-turn"))
    target.click()
    page.wait_for_function("([el, t]) => Number(el.dataset.turn) >= t + 2", arg=[board.element_handle(), start])
    assert board.locator(f'[aria-label*="tile at {cell} showing X"]').count() == 1
    assert board.locator(".ttn-message").inner_text() == ""
    assert board.locator("[data-target]").count() > 0  # the bot has placed O's tile: X to move again
