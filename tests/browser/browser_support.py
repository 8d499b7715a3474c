"""What the browser tests need: servers, settings, Chromium's whereabouts, and a page for one `Board`.

Debian's Chromium driven by Playwright's Python driver; servers in their
own process group on 127.0.0.1 with throwaway config dirs; the notebooks copied to a temp folder so
no test ever rewrites the repository's notebooks. A missing browser fails loudly: it is no skip.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import traceback
import urllib.error
import urllib.parse
import urllib.request
from contextlib import contextmanager
from pathlib import Path

import pytest

NOTEBOOKS = Path(os.environ.get("TICTAC_NOTEBOOKS", Path(__file__).resolve().parents[2] / "notebooks"))
TOKEN = "tictac-test-token"
SITE = Path(__file__).resolve().parents[2] / "build" / "site"
"""The site `make site` builds (`make test` builds it first)."""


def with_notebook(folder: Path = NOTEBOOKS) -> list[str]:
    """The registered games that have a notebook of their own in `folder` (`NOTEBOOKS / "play"` for the play
    pages): a game without one is simply not served there, which fails no test."""
    import tictac_nb

    return [name for name in tictac_nb.GAMES if (folder / f"{name}.ipynb").is_file()]
CHROMIUM = next((p for p in ("/usr/lib/chromium/chromium", "/usr/bin/chromium") if os.path.exists(p)), None)
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
    "--disable-sync", "--no-first-run", "--disable-quic",
]

TWO_STEP = {"tyc", "tic-toc", "tic-tac-ko"}  # games whose actions may take a first step, then a choice
BOARD = ".ttn-root:has([data-target])"  # a board that can be played: it shows click targets


def first_live_board(page):
    """The first board on the page that has click targets, held by its place among all boards."""
    page.wait_for_selector(BOARD, timeout=120_000)
    index = page.evaluate("() => [...document.querySelectorAll('.ttn-root')].findIndex("
                          "(el) => el.querySelector('[data-target]'))")
    return page.locator(".ttn-root").nth(index)


def played(board) -> int:
    """How many actions the game on the board has had, as its front end shows it."""
    return int(board.get_attribute("data-played"))


def turn(board) -> int:
    """The board's position number as its front end shows it: it grows with every move, first step, undo
    and new game, and never repeats."""
    return int(board.get_attribute("data-turn"))


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for_http(url: str, proc: subprocess.Popen, timeout: float = 90) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"server exited with {proc.returncode} before answering {url}")
        try:
            urllib.request.urlopen(url, timeout=2)
            return
        except urllib.error.HTTPError:
            return  # any HTTP answer means the server is up
        except OSError:
            time.sleep(0.3)
    raise TimeoutError(f"no answer from {url} after {timeout} s")


class Server:
    """A Jupyter-family server in its own process group, stopped with everything it started."""

    def __init__(self, args: list[str], port: int, home: Path, cwd: Path | None = None) -> None:
        env = dict(os.environ)
        for name in ("CONFIG", "RUNTIME", "DATA"):
            env[f"JUPYTER_{name}_DIR"] = str(home / name.lower())
        env["JUPYTERLAB_SETTINGS_DIR"] = str(home / "settings")
        env["JUPYTERLAB_WORKSPACES_DIR"] = str(home / "workspaces")
        env["JUPYTER_PLATFORM_DIRS"] = "1"
        self.log = open(home / f"server-{port}.log", "w")
        self.proc = subprocess.Popen(args, env=env, cwd=cwd or home, stdout=self.log, stderr=subprocess.STDOUT,
                                     start_new_session=True)
        self.url = f"http://127.0.0.1:{port}"

    def api(self, method: str, path: str):
        """Call the Jupyter server's REST API with the test token; JSON back, or None."""
        request = urllib.request.Request(f"{self.url}{path}", method=method,
                                         headers={"Authorization": f"token {TOKEN}"})
        with urllib.request.urlopen(request, timeout=30) as answer:
            body = answer.read()
        return json.loads(body) if body else None

    def stop(self) -> None:
        stop_group(self.proc)
        self.log.close()


def stop_group(proc: subprocess.Popen) -> None:
    """End a server started in its own process group, with everything it started, by the group's id."""
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(15)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(15)


def quiet_lab_settings(settings: Path) -> None:
    """No news pop-up, no autosave: a test must never rewrite a notebook."""
    for plugin, values in {
        "@jupyterlab/apputils-extension/notification.jupyterlab-settings": {"fetchNews": "false"},
        "@jupyterlab/docmanager-extension/plugin.jupyterlab-settings": {"autosave": False},
    }.items():
        path = settings / plugin
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(values))


# ---- the kit's front end on a stand-in widget model, wired to a Python `Board` -----------------------
# The page runs widgets/board.js and board.css as they ship. Its model stands in for anywidget's: get, on,
# off and send. `send` reaches `Board._on_message` in Python synchronously through Playwright's
# expose_function, and the synced traits come back to redraw the page, as the kernel's update would.
BOARD_ORIGIN = "http://board.test"
BOARD_HTML = """<!doctype html><html><head><meta charset="utf-8"><link rel="stylesheet" href="/theme.css">
<link rel="stylesheet" href="/board.css">
<style>body { background: var(--jp-layout-color0, #fff); color: var(--jp-content-font-color1, #000); }</style>
</head><body><div id="root"></div>
<script type="module">
import widget from "/board.js";
const values = {};
const listeners = {};
window.replies = 0;  // messages answered by Python, so a test can wait for the round trip
const model = {
  get: (name) => values[name],
  on: (event, callback) => { (listeners[event] ||= []).push(callback); },
  off: (event, callback) => { listeners[event] = (listeners[event] || []).filter((f) => f !== callback); },
  send: (message) => {
    window.pySend(JSON.stringify(message))
      .then((answer) => update(JSON.parse(answer)))
      .finally(() => { window.replies += 1; });
  },
};
function update(changed) {
  for (const [name, value] of Object.entries(changed)) {
    if (values[name] === value) continue;
    values[name] = value;
    for (const callback of listeners[`change:${name}`] || []) callback();
  }
}
window.start = (synced) => {
  Object.assign(values, synced);
  widget.render({ model, el: document.getElementById("root") });
};
window.ready = true;
</script></body></html>"""


THEMES = Path(sys.prefix) / "share" / "jupyter" / "lab" / "themes" / "@jupyterlab"


def theme_css(theme: str | None) -> str:
    """JupyterLab's own theme stylesheet ("light" or "dark"), as installed; "" for a plain page."""
    if theme is None:
        return ""
    path = THEMES / f"theme-{theme}-extension" / "index.css"
    if not path.exists():
        raise AssertionError(f"JupyterLab's {theme} theme is not installed at {path}")
    return path.read_text()


class BoardPage:
    """A Chromium page showing one Python `Board` through the real front end; see `board_page`.

    Playwright's asyncio loop runs in the test's thread, so a `Board` would schedule its bot moves on it;
    the page instead calls the public `board.run_bots()` after every message, so bots answer at once.
    `width` sets the widget's room in CSS px (None: the page's width); `theme` loads JupyterLab's "light"
    or "dark" theme variables (None: a plain page, where the fallbacks apply).
    """

    def __init__(self, page, board, width: float | None = None, theme: str | None = None) -> None:
        from tictac_nb.core.front_end import FRONTEND
        from tictac_nb.notebook.frontend import BoardFront

        self.page, self.board = page, board
        self.synced_traits = tuple(BoardFront.class_own_traits(sync=True))
        self.errors: list[str] = []
        page.on("pageerror", lambda error: self.errors.append(f"page error: {error}"))
        files = {"/": (BOARD_HTML, "text/html"),
                 "/board.js": ((FRONTEND / "board.js").read_text(), "text/javascript"),
                 "/board.css": ((FRONTEND / "board.css").read_text(), "text/css"),
                 "/theme.css": (theme_css(theme), "text/css")}

        def serve(route) -> None:
            found = files.get(urllib.parse.urlsplit(route.request.url).path)
            if found is None:
                route.fulfill(status=404, body="not found")
            else:
                route.fulfill(body=found[0], content_type=found[1])

        page.route(f"{BOARD_ORIGIN}/**", serve)
        page.expose_function("pySend", self._from_browser)
        board.run_bots()  # a bot that moves first
        page.goto(f"{BOARD_ORIGIN}/")
        page.wait_for_function("() => window.ready === true")
        if width is not None:
            page.evaluate("(width) => { document.getElementById('root').style.width = `${width}px`; }", width)
        page.evaluate("(synced) => window.start(synced)", self.synced())
        # the page reports its width (debounced); wait until the board is drawn for it
        page.wait_for_function("() => window.replies > 0")
        self.check()

    def synced(self) -> dict:
        return {name: getattr(self.board, name) for name in self.synced_traits}

    def _from_browser(self, text: str) -> str:
        try:
            self.board._on_message(self.board, json.loads(text))
            self.board.run_bots()
            return json.dumps(self.synced())
        except Exception:
            self.errors.append(f"Python failed on the message {text}:\n{traceback.format_exc()}")
            raise

    def check(self) -> None:
        if self.errors:
            raise AssertionError("\n".join(self.errors))

    def round_trip(self, action) -> None:
        """Do `action` (a click, a key), which sends one message, and wait until Python's answer is drawn."""
        before = self.page.evaluate("() => window.replies")
        action()
        self.page.wait_for_function("(before) => window.replies > before", arg=before)
        self.check()

    def click(self, selector: str) -> None:
        """Click the first element that matches, and wait for the board's answer."""
        self.round_trip(lambda: self.page.locator(selector).first.click())

    def press(self, key: str) -> None:
        """Press a key that sends a message (Enter on a target, Escape), and wait for the board's answer."""
        self.round_trip(lambda: self.page.keyboard.press(key))

    def focused_target(self) -> str | None:
        return self.page.evaluate("() => document.activeElement.getAttribute('data-target')")


# ---- a static site and a page that can reach nothing else ------------------------------------------
def serve_folder(folder: Path, home: Path) -> Server:
    """A static file server for `folder` on 127.0.0.1 (Python's own), in its own process group."""
    import sys

    port = free_port()
    server = Server([sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1", "--directory",
                     str(folder)], port, home)
    wait_for_http(server.url, server.proc)
    return server


def only_localhost(context, origin: str) -> list[str]:
    """Fail every request of `context` that is not for `origin`; returns the list of refused URLs."""
    refused: list[str] = []

    def route(request_route) -> None:
        url = request_route.request.url
        if url.startswith(f"{origin}/") or url == origin:
            request_route.continue_()
        else:
            refused.append(url)
            request_route.abort("internetdisconnected")

    context.route("**/*", route)
    return refused


def play_an_action(page, board, two_step: bool, turns: int = 12) -> str:
    """Play an action by clicking; with `two_step`, one made of a first step (which opens a choice) and a
    choice inside it. Targets are tried in turn, one that plays at once is taken back with Undo, and where
    no target of a position opens a choice, the last (often "end turn") is played and the next position tried.
    Returns the first step clicked (or the action, in one step)."""
    for _ in range(turns):
        wait_until_human(page, board)
        start = played(board)
        names = list(dict.fromkeys(targets_of(board)))
        for first in names if two_step else names[:1]:
            if click_target(page, board, first, start):  # a first step: a choice opened; play inside it
                second = next(t for t in targets_of(board) if t.startswith(first) and t != first)
                board.locator(f'[data-target="{second}"]').first.click()
                page.wait_for_function("([el, t]) => Number(el.dataset.played) > t",
                                       arg=[board.element_handle(), start])
                return first
            if not two_step:
                return first
            wait_until_human(page, board)
            board.locator(".ttn-undo").click()
            page.wait_for_function("([el, t]) => Number(el.dataset.played) === t", arg=[board.element_handle(), start])
        click_target(page, board, names[-1], start)  # no choice here: move on to the next position
    raise AssertionError(f"no target opened a choice in {turns} positions")


def a_first_step(name: str, start: int = 2024, tries: int = 50) -> tuple[int, str]:
    """The first game number from `start` whose play page opens on its human seat (the first, by default) to
    move with a first step (a choice to open), and that step. The kit deals the page's game here too, so a test
    opens a choice by number rather than by undoing clicks until one does (each undo deals the unseen cards
    again); no Board is made here, whose bots would wait for an event loop the browser's driver holds."""
    import tictac_nb

    for number in range(start, start + tries):
        state = tictac_nb.new_game(name, seed=number)
        legal = set(state.legal_actions())
        steps = [t.action for t in state.targets() if t.action not in legal]
        if state.to_move == 0 and steps:
            return number, steps[0]
    raise AssertionError(f"no deal of {name} from {start} to {start + tries - 1} opens on a first step")


def play_a_first_step(page, board, step: str) -> None:
    """Open the first step `step` (it must open a choice) and play the first action inside it."""
    start = played(board)
    assert step in targets_of(board), f"the page shows no first step {step!r}: {targets_of(board)}"
    assert click_target(page, board, step, start), f"{step!r} played at once: it opened no choice"
    second = next(t for t in targets_of(board) if t.startswith(step) and t != step)
    board.locator(f'[data-target="{second}"]').first.click()
    page.wait_for_function("([el, t]) => Number(el.dataset.played) > t", arg=[board.element_handle(), start])


def targets_of(board) -> list[str]:
    """The board's click targets, read in one go (a bot's move may redraw the board at any time)."""
    return board.evaluate("(el) => [...el.querySelectorAll('[data-target]')].map((e) => e.dataset.target)")


def click_target(page, board, name: str, start: int) -> bool:
    """Click the target `name`; True if it opened a choice, False if it played an action."""
    board.locator(f'[data-target="{name}"]').first.click()
    # the kernel syncs the SVG and the turn separately: wait for either sign, a choice or a move
    page.wait_for_function(
        "([el, t, first]) => Number(el.dataset.played) > t || [...el.querySelectorAll('[data-target]')]"
        ".some((e) => e.dataset.target !== first && e.dataset.target.startsWith(first))",
        arg=[board.element_handle(), start, name])
    return played(board) == start


def wait_until_human(page, board) -> None:
    """Wait until the board has answered every click and no bot is to move: the status (synced with the
    position) names no thinking bot, and `data-thinking` (synced just after it) agrees; and until a human
    who can only pass has been passed for (auto-pass: Undo goes back past such a turn, so it is no choice)."""
    page.wait_for_function("(el) => el.dataset.thinking === 'false' && !('queued' in el.dataset) "
                           "&& !/is thinking/.test(el.querySelector('.ttn-status').textContent) "
                           "&& !((ts) => ts.length && ts.every((t) => t.dataset.target === 'pass'))"
                           "([...el.querySelectorAll('[data-target]')])",
                           arg=board.element_handle(), timeout=120_000)


def run_all(page, lab, notebook: str) -> None:
    """Open a notebook in JupyterLab once its kernel is ready, and run all its cells."""
    page.goto(f"{lab.url}/lab/tree/{notebook}?reset&token={TOKEN}")
    page.wait_for_selector(".jp-Notebook")
    page.wait_for_function("() => document.querySelector('.jp-Dialog') || "
                           "!/No Kernel/.test(document.querySelector('.jp-Toolbar-kernelName')?.textContent)")
    if page.locator(".jp-Dialog").count():
        page.locator(".jp-Dialog .jp-mod-accept").click()
    page.wait_for_function(
        "() => /python/i.test(document.querySelector('.jp-Toolbar-kernelName')?.textContent || '')")
    run_all_cells(page)


PROMPTS = "() => [...document.querySelectorAll('.jp-InputPrompt')].map((p) => p.textContent)"


def run_all_cells(page, tries: int = 3) -> None:
    """Run All Cells (JupyterLab or Notebook 7) once the kernel is idle, and again if no cell started: a menu
    click can be lost on a busy machine. A cell has started when a prompt shows [*] or its number changed
    (a saved notebook shows the numbers of its last run)."""
    page.wait_for_selector(".jp-Notebook-ExecutionIndicator[data-status='idle']", timeout=120_000)
    for _ in range(tries):
        before = page.evaluate(PROMPTS)
        page.locator(".lm-MenuBar-itemLabel", has_text="Run").first.click()
        page.locator(".lm-Menu-itemLabel", has_text="Run All Cells").first.click()
        try:
            page.wait_for_function(f"(before) => ({PROMPTS})().some((text, i) => /\\[\\*\\]/.test(text) "
                                   "|| text !== before[i])", arg=before, timeout=20_000)
            return
        except Exception:
            page.keyboard.press("Escape")
    raise AssertionError(f"Run All Cells started no cell in {tries} tries")


def open_in_lab(page, lab, notebook: str):
    """Open a notebook in JupyterLab, run all cells, and return the first board that has targets once every
    cell has run (the kernel idle for a second and a half: it is idle for a moment between two cells): a
    click on a board is answered only after the cells still queued in its kernel, and a busy machine takes
    minutes over a notebook's later cells."""
    run_all(page, lab, notebook)
    board = first_live_board(page)
    page.evaluate("() => { window.ttnIdleSince = undefined; }")
    page.wait_for_function(f"""() => {{
        const busy = ({PROMPTS})().some((text) => /\\[\\*\\]/.test(text))
            || !document.querySelector(".jp-Notebook-ExecutionIndicator[data-status='idle']");
        if (busy || window.ttnIdleSince === undefined) window.ttnIdleSince = busy ? undefined : Date.now();
        return !busy && Date.now() - window.ttnIdleSince > 1500;
    }}""", timeout=600_000)
    return board


def shown_twice(board, title: str) -> list[str]:
    """What a live board draws that the page already says: a band (`svg.page_band`) still
    inside the drawing, which leaves an empty strip, or the game's `title` drawn where it can be seen."""
    return board.evaluate("""(el, title) => {
        const svg = el.querySelector('.ttn-svg svg');
        const box = svg.viewBox.baseVal;
        const found = [];
        for (const g of svg.querySelectorAll('[data-band]')) {
            const [top, bottom] = g.getAttribute('data-band').split(' ').map(Number);
            if (top < box.y + box.height - 0.5 && bottom > box.y + 0.5)
                found.push(`the band ${top} to ${bottom} is still in the drawing`);
        }
        const frame = svg.getBoundingClientRect();
        for (const text of svg.querySelectorAll('text')) {
            const r = text.getBoundingClientRect();
            if (text.textContent.trim() === title && r.bottom > frame.top + 1 && r.top < frame.bottom - 1)
                found.push(`the title ${title} is drawn on the board, under the page's own heading`);
        }
        return found;
    }""", title)


@contextmanager
def chromium_browser():
    """Headless Chromium, closed on leaving; a missing browser fails loudly (it is no skip)."""
    if CHROMIUM is None:
        pytest.fail("Chromium is not installed: run `apt-get install -y chromium` (make test does it)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()
