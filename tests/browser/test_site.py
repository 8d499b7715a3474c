"""The JupyterLite site (`make site`, build/site/) plays every game in headless Chromium with nothing
reachable but localhost: Python runs in the browser from the site's own files.

Each test opens a game notebook, runs its cells up to its playable board, plays an action (a two-step
one where the game has them) and prints the seconds from page open to a playable board. Cells that need
numpy, pandas or matplotlib, which the site loads from Pyodide's CDN, print one line instead.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

import pytest
from browser_support import (
    BOARD,
    SITE,
    TWO_STEP,
    a_first_step,
    click_target,
    first_live_board,
    play_a_first_step,
    play_an_action,
    played,
    shown_twice,
    targets_of,
    wait_until_human,
)
from replies import time_replies

import tictac_nb
from tictac_nb.notebook.play import HUMAN as HUMAN_SEAT

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("site")]

ROOT = Path(__file__).resolve().parents[2]
OFFLINE_NOTE = "plots need the online site or a local install"
HEAVY = ("numpy", "pandas", "matplotlib")


def board_cell(notebook: str) -> int:
    """The index of the first cell that shows a playable board, in the site's copy of the notebook."""
    cells = json.loads((SITE / "files" / notebook).read_text())["cells"]
    return next(i for i, c in enumerate(cells) if c["cell_type"] == "code" and "Board(" in "".join(c["source"]))


def run_up_to_board(page, site, notebook: str):
    """Open `notebook` in JupyterLite, run every cell above its board, then the board's cell."""
    page.goto(f"{site.url}/lab/index.html?path={notebook}")
    page.wait_for_function(
        "() => /python/i.test(document.querySelector('.jp-Toolbar-kernelName')?.textContent || '')")
    page.wait_for_selector(".jp-Notebook-ExecutionIndicator[data-status='idle']", timeout=180_000)
    cell = page.locator(".jp-Notebook .jp-Cell").nth(board_cell(notebook))
    cell.locator(".jp-InputPrompt").click()
    page.locator(".lm-MenuBar-itemLabel", has_text="Run").first.click()
    page.locator(".lm-Menu-itemLabel", has_text="Run All Above Selected Cell").first.click()
    page.keyboard.press("Shift+Enter")
    page.wait_for_selector(BOARD, timeout=300_000)
    return first_live_board(page)


def outputs(page) -> list[str]:
    return page.evaluate("() => [...document.querySelectorAll('.jp-OutputArea-output')].map((e) => e.innerText)")


@pytest.mark.parametrize("name", [name for name in tictac_nb.GAMES if (ROOT / "notebooks" / f"{name}.ipynb").is_file()])
def test_every_game_plays_offline_in_jupyterlite(offline_page, site, name):
    page, refused = offline_page
    notebook = f"{name}.ipynb"
    assert (SITE / "files" / notebook).is_file(), f"the site has no {notebook}"
    opened = time.monotonic()
    board = run_up_to_board(page, site, notebook)
    seconds = time.monotonic() - opened
    start = played(board)
    play_an_action(page, board, two_step=name in TWO_STEP)
    assert played(board) > start
    assert board.locator(".ttn-message").inner_text() == ""
    shown = outputs(page)
    assert not [text for text in shown if "Traceback" in text or "NameError" in text], shown
    outside = [url for url in refused if not any(f"/{heavy}-" in url for heavy in HEAVY)]
    print(f"\nJupyterLite, offline: {notebook} playable {seconds:.1f} s after the page opened; "
          f"{len(refused)} requests to other hosts refused")
    if any(OFFLINE_NOTE in text for text in shown):
        assert any("cdn.jsdelivr.net/pyodide/" in url for url in refused)
    assert all("cdn.jsdelivr.net/pyodide/" in url for url in outside), outside


def test_a_plotting_cell_offline_prints_one_line(offline_page, site):
    """The design lab needs pandas and matplotlib: offline, its cells say so in one line each."""
    page, refused = offline_page
    page.goto(f"{site.url}/lab/index.html?path=design-lab.ipynb")
    page.wait_for_function(
        "() => /python/i.test(document.querySelector('.jp-Toolbar-kernelName')?.textContent || '')")
    page.wait_for_selector(".jp-Notebook-ExecutionIndicator[data-status='idle']", timeout=180_000)
    page.locator(".jp-Notebook .jp-Cell").nth(3).locator(".jp-InputPrompt").click()  # the lab's first use
    page.locator(".lm-MenuBar-itemLabel", has_text="Run").first.click()
    page.locator(".lm-Menu-itemLabel", has_text="Run All Above Selected Cell").first.click()
    page.keyboard.press("Shift+Enter")
    page.wait_for_function("(note) => [...document.querySelectorAll('.jp-OutputArea-output')]"
                           ".some((e) => e.innerText.includes(note))", arg=OFFLINE_NOTE)
    page.wait_for_selector(".jp-Notebook-ExecutionIndicator[data-status='idle']")
    shown = [text.strip() for text in outputs(page)]
    assert OFFLINE_NOTE in shown
    assert not [text for text in shown if "Traceback" in text or "NameError" in text], shown
    assert any("/pandas-" in url for url in refused), "pandas was never asked for"


def test_the_site_holds_every_notebook_the_kit_and_matching_front_ends():
    contents = {item["name"] for item in json.loads((SITE / "api" / "contents" / "all.json").read_text())["content"]}
    notebooks = {p.name for p in (ROOT / "notebooks").glob("*.ipynb")}
    assert notebooks <= contents
    lock = json.loads((SITE / "static" / "pyodide" / "pyodide-lock.json").read_text())["packages"]
    for package in ("tictac-nb", "anywidget", "ipywidgets", "svgwrite", "cloudpickle", "micropip", "ipython", "comm",
                    "traitlets"):
        assert "://" not in lock[package]["file_name"], f"{package} is not served by the site"
        assert (SITE / "static" / "pyodide" / lock[package]["file_name"]).is_file()
    assert lock["tictac-nb"]["depends"] == ["anywidget", "cloudpickle", "comm", "ipython", "ipywidgets", "svgwrite",
                                          "traitlets"]  # the base dependencies, pyseccomp (Linux only) aside
    assert lock["numpy"]["file_name"].startswith("https://cdn.jsdelivr.net/pyodide/")
    config = json.loads((SITE / "jupyter-lite.json").read_text())["jupyter-config-data"]
    extensions = {e["name"] for e in config["federated_extensions"]}
    assert {"anywidget", "@jupyter-widgets/jupyterlab-manager", "@jupyterlite/pyodide-kernel-extension"} <= extensions
    front = json.loads((SITE / "extensions" / "anywidget" / "package.json").read_text())["version"]
    assert lock["anywidget"]["version"] == front, "anywidget's front end and kernel side differ"
    manager = json.loads((SITE / "extensions" / "@jupyter-widgets" / "jupyterlab-manager" / "package.json").read_text())
    # jupyterlab-widgets 3.0.N ships the front end @jupyter-widgets/jupyterlab-manager 5.0.N
    assert manager["version"] == "5.0." + lock["jupyterlab-widgets"]["version"].removeprefix("3.0."), manager["version"]
    settings = config["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    assert settings["pyodideUrl"] == "./static/pyodide/pyodide.mjs"


def test_a_board_imports_nothing_heavy():
    """Boards never wait for numpy, pandas or matplotlib: the kit and a Board load without them."""
    code = ("import sys, tictac_nb; b = tictac_nb.Board(tictac_nb.new_game('tyc', seed=1)); "
            f"print([m for m in {HEAVY!r} if m in sys.modules])")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_readme_links_every_notebook_to_the_site_and_every_game_to_its_play_page():
    readme = (ROOT / "README.md").read_text()
    for notebook in sorted((ROOT / "notebooks").glob("*.ipynb")):
        assert f"https://tictac-nb.github.io/tictac_nb/lab/index.html?path={notebook.name}" in readme
    for notebook in sorted((ROOT / "notebooks" / "play").glob("*.ipynb")):
        assert f"urlpath=voila/render/notebooks/play/{notebook.name}" in readme
        assert f"https://tictac-nb.github.io/tictac_nb/play/{notebook.stem}.html" in readme
    assert "make site" in (ROOT / ".github" / "workflows" / "pages.yml").read_text()


# ---- the site's play pages: Pyodide and the board, no JupyterLab -----------------------------------
PLAY_PAGES = sorted(p.stem for p in (ROOT / "notebooks" / "play").glob("*.ipynb"))


def open_site_play_page(page, site, name: str, query: str = ""):
    """Open the site's play page of `name`; the board, and the seconds from opening to a playable board."""
    opened = time.monotonic()
    page.goto(f"{site.url}/play/{name}.html{query}")
    page.wait_for_selector(BOARD, timeout=60_000)
    board = first_live_board(page)
    wait_until_human(page, board)
    return board, time.monotonic() - opened


@pytest.mark.parametrize("name", PLAY_PAGES)
def test_every_play_page_of_the_site_plays_offline(offline_page, site, name):
    page, refused = offline_page
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    number, step = a_first_step(name) if name in TWO_STEP else (2024, None)
    board, seconds = open_site_play_page(page, site, name, f"?game={number}")  # a known deal, as a shared link
    game = tictac_nb.GAMES[name]
    assert page.locator("h1").inner_text() == game.title and game.title in page.title()
    assert page.locator("h1").count() == 1, "the title is shown once"
    assert shown_twice(board, game.title) == []
    start, clicked = played(board), time.monotonic()
    if click_target(page, board, step or targets_of(board)[0], start):  # a first step: its choice opened
        board.locator(".ttn-cancel").click()
    answered = time.monotonic() - clicked
    start = played(board)
    if step:
        play_a_first_step(page, board, step)
    else:
        play_an_action(page, board, two_step=False)
    assert played(board) > start and board.locator(".ttn-message").inner_text() == ""
    replies = time_replies(page, board, replies=2)
    print(f"\nsite play page {name}, offline: playable {seconds:.1f} s after the page opened "
          f"(Pyodide in the page: {page.evaluate('document.documentElement.dataset.ready')} s), its first click "
          f"answered in {answered:.2f} s; {replies.line('bot replies')}")
    assert not refused, f"the play page asked for other hosts: {refused[:3]}"
    assert not errors, errors


def test_the_landing_page_lists_every_play_page(offline_page, site):
    page, _ = offline_page
    page.goto(f"{site.url}/play/index.html")
    links = page.locator(".ttp-games a")
    titles = [tictac_nb.GAMES[n].title for n in sorted(PLAY_PAGES, key=list(tictac_nb.GAMES).index)]
    assert [links.nth(i).inner_text() for i in range(links.count())] == titles
    links.first.click()
    page.wait_for_selector(BOARD, timeout=60_000)


def test_a_site_play_page_deals_again_by_number_and_its_controls_keep_each_other(offline_page, site):
    from a11y import axe_violations

    page, _ = offline_page
    board, _ = open_site_play_page(page, site, "tic-toc")
    first = 314159  # a fresh game's number is shown when it ends: this test asks for its own
    page.select_option("#ttp-players", label="3")
    page.wait_for_selector("#ttp-seat-2")
    page.select_option("#ttp-seat-2", label=HUMAN_SEAT)
    page.select_option("#ttp-first_player", label="Player 1")  # an option change after a seat's choice
    assert page.input_value("#ttp-seat-2") == HUMAN_SEAT, "an option change undid a seat's choice"
    old = page.locator("#ttp-board .ttn-frame").element_handle()  # a deal draws the board anew
    page.locator("button", has_text="Play with these rules").click()
    page.wait_for_function("(old) => !old.isConnected", arg=old)
    board = first_live_board(page)
    assert "Player 3" in board.inner_text() or "Player 3" in board.locator("svg").first.get_attribute("aria-label")
    page.fill("#ttp-number", "nonsense")
    page.locator("button", has_text="Play with these rules").click()
    assert "game number" in page.locator("#ttp-problem").inner_text()
    page.fill("#ttp-number", str(first))
    page.select_option("#ttp-players", label="2")
    page.select_option("#ttp-first_player", label="at random")  # the rules a fresh page opens with
    page.locator("button", has_text="Play with these rules").click()
    page.wait_for_function("(n) => document.querySelector('#ttp-dealt').textContent.includes(n)", arg=str(first))
    wait_until_human(page, first_live_board(page))  # a bot that starts has moved, as it will after the reload
    again = page.locator(".ttn-svg").inner_html()
    page.goto(f"{site.url}/play/tic-toc.html?game={first}")
    board = first_live_board(page)
    wait_until_human(page, board)
    assert page.locator(".ttn-svg").inner_html() == again, "the same game number deals the same game"
    assert not axe_violations(page, "body")
    page.emulate_media(color_scheme="dark")
    assert not axe_violations(page, "body")


def test_every_site_notebook_opens_with_how_to_run_it_and_no_machinery():
    for notebook in sorted((ROOT / "notebooks").glob("*.ipynb")):
        cells = json.loads((SITE / "files" / notebook.name).read_text())["cells"]
        assert cells[0]["cell_type"] == "markdown" and "Run All Cells" in cells[0]["source"], notebook.name
        assert not any("meta_path" in cell["source"] for cell in cells), notebook.name
        texts = [value for cell in cells for output in cell.get("outputs", [])
                 for value in [output.get("text"), *output.get("data", {}).values()] if value is not None]
        assert not any(isinstance(value, list) for value in texts), f"{notebook.name}: a text is not joined"


def test_a_site_notebook_shows_clean_saved_outputs_before_it_runs(offline_page, site):
    page, _ = offline_page
    logged: list[str] = []
    page.on("console", lambda message: logged.append(message.text))
    page.goto(f"{site.url}/lab/index.html?path=tic-tac-two.ipynb")
    page.wait_for_selector(".jp-OutputArea-output img[src^='data:image/svg+xml']")
    page.wait_for_timeout(1500)  # the table of contents updates after the notebook shows
    shown = outputs(page)
    assert not [text for text in shown if ", ," in text or text.startswith(",")], shown
    assert not [text for text in shown if "VBox(" in text or "object at 0x" in text], shown
    assert not [line for line in logged if "table of contents" in line], logged
