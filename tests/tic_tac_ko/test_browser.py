"""A real browser plays a Tic Tac K.O. card by clicking: the kit's front end (widgets/board.js) in headless
Chromium, wired to a Python `Board` through a stand-in for the notebook's widget model (the same harness as
TIC TOC's browser test). A missing browser fails loudly: it is no skip.
"""

from __future__ import annotations

import functools
import http.server
import os
import shutil
import threading

import pytest
from ko_script import CUTE_HAND, EVIL_HAND, new

import tictac_nb
from tictac_nb.games.tic_tac_ko.bots import KOBot
from tictac_nb.widget import FRONTEND

pytestmark = pytest.mark.browser
CHROMIUM = next((p for p in ("/usr/lib/chromium/chromium", "/usr/bin/chromium") if os.path.exists(p)), None)
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run", "--disable-quic"]
TRAITS = ("svg", "status", "message", "turn", "cover", "thinking", "can_undo")
PAGE = """<!doctype html><meta charset="utf-8"><link rel="stylesheet" href="board.css"><div id="root"></div>
<script type="module">
import widget from "./board.js";
const traits = {}, listeners = {};
window.sent = [];
const model = {
  get: (name) => traits[name],
  on: (event, callback) => { (listeners[event] = listeners[event] || []).push(callback); },
  off: (event, callback) => { listeners[event] = (listeners[event] || []).filter((f) => f !== callback); },
  send: (message) => window.sent.push(message),
};
window.update = (values) => {
  for (const [name, value] of Object.entries(values)) {
    traits[name] = value;
    (listeners["change:" + name] || []).forEach((f) => f());
  }
};
window.start = (values) => {
  Object.assign(traits, values);
  widget.render({ model, el: document.getElementById("root") });
};
window.ready = true;
</script>"""


@pytest.fixture(scope="module")
def page(tmp_path_factory):
    if CHROMIUM is None:
        pytest.fail("Chromium is not installed: run `apt-get install -y chromium`")
    from playwright.sync_api import sync_playwright

    folder = tmp_path_factory.mktemp("tic-tac-ko-page")
    for name in ("board.js", "board.css"):
        shutil.copy(FRONTEND / name, folder / name)
    (folder / "index.html").write_text(PAGE)
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(folder))
    handler.log_message = lambda *args: None
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            tab = browser.new_page(viewport={"width": 1200, "height": 1000})
            tab.goto(f"http://127.0.0.1:{server.server_address[1]}/index.html")
            tab.wait_for_function("() => window.ready === true")
            yield tab
            browser.close()
    finally:
        server.shutdown()


class Bridge:
    """Relays a Python `Board` to the page: traits down, the page's messages up."""

    def __init__(self, page, widget):
        self.page, self.widget = page, widget
        page.evaluate("(values) => window.start(values)", self.traits())

    def traits(self) -> dict:
        return {name: getattr(self.widget, name) for name in TRAITS}

    def click(self, selector: str) -> None:
        self.page.locator(selector).first.click()
        for message in self.page.evaluate("() => window.sent.splice(0)"):
            self.widget._on_message(self.widget, message)
        while self.widget.thinking:  # Playwright owns this thread's event loop: let the bot move now
            self.widget._bot_move(self.widget._generation)
        self.page.evaluate("(values) => window.update(values)", self.traits())


def test_a_card_is_played_by_clicking_it_then_its_space(page):
    state = new(evil=["King Creepy"] + EVIL_HAND[:5], cute=["Friendship Circle"] + CUTE_HAND[:5],
                layout={"1": "Lil' Red"})
    widget = tictac_nb.Board(state, bots={1: KOBot(seed=1)})
    bridge = Bridge(page, widget)
    board = page.locator(".ttn-svg svg")
    assert board.get_attribute("aria-label") == "Tic Tac K.O. Evil's turn: play a card, draw a second card, or pass"

    bridge.click('[data-target="play King Creepy @"]')  # the card in hand: first step
    assert widget.pending == "play King Creepy @" and not state.history
    assert page.locator('[data-target="play King Creepy @5"]').count() == 1
    assert page.locator("text=Choose an empty space for King Creepy").count() == 1

    bridge.click('[data-target="play King Creepy @5"]')  # then the space; the bot answers at once
    assert state.history[:2] == ["play King Creepy @5", "respond Friendship Circle"]
    assert page.locator('[data-target="pass"]').count() == 1  # Evil may answer the Friendship Circle
    bridge.click('[data-target="pass"]')
    assert "King Creepy of Evil is stopped and goes to the discard pile" in state.events(20)
    assert state.to_move == 0 and page.locator(".ttn-status").inner_text() == state.status()
    assert widget.message == ""
