"""A real browser plays TIC TOC cards by clicking: the kit's front end (widgets/board.js) in headless
Chromium, wired to a Python `Board` through a stand-in for the notebook's widget model.

No Jupyter server is needed: the page loads board.js as it ships, the stand-in model relays the synced
traits from Python and the messages back, so the clicks go through the same code as in JupyterLab.
A missing browser fails loudly: it is no skip.
"""

from __future__ import annotations

import functools
import http.server
import os
import shutil
import threading

import pytest

import tictac_nb
from tictac_nb.games.tic_toc.bots import TicTocBot
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

    folder = tmp_path_factory.mktemp("tic-toc-page")
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
            tab = browser.new_page(viewport={"width": 1000, "height": 900})
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


def test_cards_are_played_by_clicking_them_in_a_browser(page, deal):
    state = deal([["Pan", "Boy", "Tink"], ["Pirate", "Pirate", "Hook"]], draws=("Boy", "Smee", "Pirate", "Boy"))
    widget = tictac_nb.Board(state, bots={1: TicTocBot(1)})
    bridge = Bridge(page, widget)
    board = page.locator(".ttn-svg svg")
    assert board.get_attribute("aria-label").startswith("TIC TOC. Turn 1: Player 1 drew 2")

    bridge.click('[data-target="play Pan"]')  # a card in hand: one click plays it
    assert state.history == ["play Pan"] and page.locator(".ttn-root").get_attribute("data-turn") == "1"
    bridge.click('[data-target="discard Smee"]')  # the button under a card
    bridge.click('[data-target="discard Boy"]')
    assert state.view(None)["discard"] == ["Smee", "Boy"]

    bridge.click('[aria-label="your Tinker Bell: choose its target"]')  # two steps: the card, then the pile
    assert widget.pending == "tink" and state.history[-1] == "discard Boy"
    assert page.locator('[data-target="tink Smee"]').count() == 1
    assert page.locator("text=The discard pile (2 cards): take one with Tinker Bell").count() == 1
    bridge.click('[data-target="tink Smee"]')
    assert state.history[-1] == "tink Smee" and widget.pending is None
    assert state.view(0)["hand"] == ["Boy", "Smee"]

    bridge.click('[data-target="end"]')  # the bot answers at once, then it is Player 1's turn again
    assert state.to_move == 0 and state.turn == 3
    assert page.locator(".ttn-status").inner_text() == state.status()
    assert widget.message == "" and page.locator(".ttn-message").inner_text() == ""
