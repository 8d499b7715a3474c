"""A real browser plays Tyc: click a cell, then a letter in the picker; the keyboard does the same.

The page runs the kit's own front end (widgets/board.js) on a small stand-in for anywidget's model,
whose `send` reaches the real `Board` in Python through Playwright, so the browser, the SVG and the
widget's rules round-trip exactly as in a notebook, without starting a Jupyter server.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

import tictac_nb
from tictac_nb.widget import FRONTEND

pytestmark = pytest.mark.browser
CHROMIUM = next((p for p in ("/usr/lib/chromium/chromium", "/usr/bin/chromium") if os.path.exists(p)), None)
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run", "--disable-quic"]
SYNCED = ("svg", "status", "message", "turn", "cover", "thinking", "can_undo")
PAGE = """<!doctype html><html><head><style>{css}</style></head><body><div id="root"></div>
<script type="module">
import widget from "/board.js";
const values = {initial};
const listeners = {{}};
const model = {{
  get: (name) => values[name],
  on: (event, callback) => (listeners[event] ||= []).push(callback),
  off: () => {{}},
  send: async (message) => update(JSON.parse(await window.pySend(JSON.stringify(message)))),
}};
function update(changed) {{
  for (const [name, value] of Object.entries(changed)) {{
    if (values[name] === value) continue;
    values[name] = value;
    for (const callback of listeners[`change:${{name}}`] || []) callback();
  }}
}}
widget.render({{ model, el: document.getElementById("root") }});
window.ready = true;
</script></body></html>"""


@pytest.fixture
def page():
    if CHROMIUM is None:
        pytest.fail("Chromium is not installed: apt-get install -y chromium")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_page(viewport={"width": 1000, "height": 800})
        page.set_default_timeout(20_000)
        yield page
        browser.close()


def open_board(page, board) -> None:
    def synced() -> dict:
        return {name: getattr(board, name) for name in SYNCED}

    def from_browser(text: str) -> str:
        board._on_message(board, json.loads(text))
        return json.dumps(synced())

    html = PAGE.format(css=Path(FRONTEND / "board.css").read_text(), initial=json.dumps(synced()))
    page.expose_function("pySend", from_browser)
    page.route("http://tyc.test/", lambda route: route.fulfill(body=html, content_type="text/html"))
    page.route("http://tyc.test/board.js", lambda route: route.fulfill(
        body=Path(FRONTEND / "board.js").read_text(), content_type="text/javascript"))
    page.goto("http://tyc.test/")
    page.wait_for_function("() => window.ready === true")


def test_clicking_a_cell_then_a_letter_plays_the_move(page):
    state = tictac_nb.new_game("tyc", seed=2, first_player=0)
    state.play("55A")  # Blue must play on board 5, where A is taken
    board = tictac_nb.Board(state)
    open_board(page, board)
    cell = page.locator('[data-target="51"]')
    assert cell.get_attribute("aria-label") == "board 5 cell 1, empty"
    cell.click()
    page.wait_for_selector('[data-target="51B"]')
    assert page.locator('[data-target="51A"]').count() == 0, "A is already on board 5"
    assert page.locator('[aria-label="letter A, already on board 5"]').count() == 1
    page.locator('[data-target="51C"]').click()
    page.wait_for_function("() => !document.querySelector('[data-target=\"51C\"]')")
    assert state.history == ["55A", "51C"]
    assert page.locator('[aria-label="board 5 cell 1, Blue\'s C"]').count() == 1
    assert page.locator(".ttn-status").inner_text() == "Red to move on board 1"
    assert page.locator(".ttn-message").inner_text() == ""


def test_the_keyboard_picks_a_cell_then_lands_on_the_letters(page):
    state = tictac_nb.new_game("tyc", seed=2, first_player=1)
    state.play("55A")  # Red must play on board 5
    board = tictac_nb.Board(state)
    open_board(page, board)
    page.locator('[data-target="51"]').focus()
    page.keyboard.press("ArrowRight")
    assert page.evaluate("() => document.activeElement.getAttribute('data-target')") == "52"
    page.keyboard.press("Enter")
    page.wait_for_selector('[data-target="52B"]')
    focused = page.evaluate("() => document.activeElement.getAttribute('data-target')")
    assert focused == "52B", "focus should land on the first free letter of the picker"
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    page.wait_for_function("() => !document.querySelector('[data-target=\"52C\"]')")
    assert state.history == ["55A", "52C"]
