"""Real browser: JupyterLab and Voila run the notebooks in headless Chromium and boards answer clicks."""

from __future__ import annotations

import json
import statistics

import pytest
from browser_support import (
    NOTEBOOKS,
    TOKEN,
    first_live_board,
    open_in_lab,
    played,
    run_all,
    run_all_cells,
    turn,
    with_notebook,
)

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]


def click_until_played(page, board) -> int:
    """Click targets until an action is played (a first step such as a cell only opens a choice).

    Each click waits for the board's answer (a new turn number, or a message) before the next, since a
    redraw for the board's width changes the picture without answering anything. Returns the number of
    actions right after that action: a bot may already have answered.
    """
    start = played(board)
    for _ in range(4):
        before = turn(board)
        board.locator("[data-target]").first.click()
        page.wait_for_function("([el, t]) => Number(el.dataset.turn) > t || el.querySelector('.ttn-message')"
                               ".textContent !== ''", arg=[board.element_handle(), before])
        if played(board) > start:
            return start + 1
    raise AssertionError(f"four clicks did not play an action; message: {board.locator('.ttn-message').inner_text()}")


def wait_for_bot(page, board, mine: int) -> None:
    """Wait for the bot's answer after `mine` actions; play our own further decisions (such as a Peek)."""
    for _ in range(4):
        try:
            page.wait_for_function("([el, mine]) => Number(el.dataset.played) > mine "
                                   "&& el.dataset.thinking === 'false'",
                                   arg=[board.element_handle(), mine], timeout=15_000)
            return
        except Exception:
            mine = click_until_played(page, board)
    raise AssertionError("the bot never answered")


def click_latency_ms(page, board) -> float:
    """Milliseconds from a click on a target to the redrawn board, measured inside the page."""
    return page.evaluate("""(el) => new Promise((resolve) => {
        const box = el.querySelector('.ttn-svg');
        const target = box.querySelector('[data-target]');
        const t0 = performance.now();
        const seen = new MutationObserver(() => { seen.disconnect(); resolve(performance.now() - t0); });
        seen.observe(box, { childList: true });
        target.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    })""", board.element_handle())


def test_jupyterlab_plays_tic_tac_two_against_the_bot(page, lab):
    board = open_in_lab(page, lab, "tic-tac-two.ipynb")
    first = board.locator("[data-target]").first
    square = first.get_attribute("data-target")
    assert first.get_attribute("aria-label") == f"mark square {square}"
    start = played(board)
    mine = click_until_played(page, board)
    assert board.locator(f'[data-target="{square}"]').count() == 0, "the clicked square is still empty"
    wait_for_bot(page, board, mine)
    assert played(board) >= start + 2
    assert "thinking" not in board.locator(".ttn-status").inner_text()

    assert page.evaluate("(el) => el.contains(document.activeElement)", board.element_handle()), (
        "focus left the board after the bot's move")

    latencies = []
    for _ in range(7):
        if board.locator("[data-target]").count() == 0:
            break
        before = turn(board)
        latencies.append(click_latency_ms(page, board))
        # answered: by the bot, or (a flipped Peek tile, since each undo deals the face-down tiles again) by the
        # board asking the player's second decision
        page.wait_for_function("([el, t]) => Number(el.dataset.turn) > t && el.dataset.thinking === 'false' "
                               "&& !/is thinking/.test(el.querySelector('.ttn-status').textContent)",
                               arg=[board.element_handle(), before])
        answered = turn(board)
        board.locator(".ttn-undo").click()
        page.wait_for_function("([el, t]) => Number(el.dataset.turn) > t", arg=[board.element_handle(), answered])
    assert latencies
    print(f"\nclick -> updated board in JupyterLab: median {statistics.median(latencies):.0f} ms "
          f"over {len(latencies)} clicks ({', '.join(f'{x:.0f}' for x in latencies)})")


def test_voila_plays_tic_tac_two_by_keyboard_and_mouse(page, voila_server):
    server = voila_server("tic-tac-two.ipynb")
    page.goto(server.url)
    board = first_live_board(page)
    assert board.locator(".ttn-live").get_attribute("aria-live") == "polite"
    for _ in range(60):
        page.keyboard.press("Tab")
        if page.evaluate("() => !!document.activeElement.closest('[data-target]')"):
            break
    else:
        raise AssertionError("Tab never reached a target on the board")
    first = page.evaluate("() => document.activeElement.getAttribute('data-target')")
    page.keyboard.press("ArrowRight")
    second = page.evaluate("() => document.activeElement.getAttribute('data-target')")
    assert second and second != first, "the arrow key did not move between targets"
    start = turn(board)
    page.keyboard.press("Enter")
    page.wait_for_function("([el, t]) => Number(el.dataset.turn) > t", arg=[board.element_handle(), start])
    assert board.locator(f'[data-target="{second}"]').count() == 0
    mine = played(board)
    wait_for_bot(page, board, mine)
    mine = click_until_played(page, board)
    wait_for_bot(page, board, mine)


GAME_NOTEBOOKS = [f"{name}.ipynb" for name in with_notebook() if name != "tic-tac-two"]


@pytest.mark.parametrize("notebook", GAME_NOTEBOOKS)
def test_every_game_plays_by_clicking_in_jupyterlab(page, lab, notebook):
    assert (NOTEBOOKS / notebook).exists(), f"{notebook} is missing"
    board = open_in_lab(page, lab, notebook)
    start = played(board)
    assert click_until_played(page, board) > start
    assert board.locator(".ttn-message").inner_text() == ""


# ---- saved notebooks, a busy kernel, themes, accessibility -----------------------------------------

def write_notebook(path, *sources: str, execute: bool = False) -> None:
    """A notebook of code cells, run on a fresh kernel when `execute` (outputs saved, never signed: untrusted)."""
    import nbformat
    from nbclient import NotebookClient

    notebook = nbformat.v4.new_notebook()
    notebook.cells = [nbformat.v4.new_code_cell(source) for source in sources]
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    if execute:
        NotebookClient(notebook, timeout=120, kernel_name="python3").execute()
    nbformat.write(notebook, path)


BOARD_CELL = ("import tictac_nb\nfrom tictac_nb import Board, RandomBot\n"
              "board = Board(tictac_nb.new_game('tic-tac-two', seed=1), bots={1: RandomBot(1)})\nboard")


def test_an_untrusted_saved_notebook_shows_the_board_image(page, lab, workdir):
    """A notebook saved with its outputs and opened fresh is untrusted: JupyterLab then draws neither the widget
    nor SVG, but it does draw Markdown, which holds the board as an image and its status."""
    write_notebook(workdir / "notebooks" / "saved-board.ipynb", BOARD_CELL, execute=True)
    page.goto(f"{lab.url}/lab/tree/saved-board.ipynb?reset&token={TOKEN}")
    output = page.locator(".jp-OutputArea-output").first
    output.wait_for()
    image = output.locator("img")
    image.wait_for()
    page.wait_for_function("(img) => img.complete && img.naturalWidth > 0", arg=image.element_handle())
    assert image.get_attribute("src").startswith("data:image/svg+xml;base64,")
    assert image.get_attribute("alt") == "X to move"
    assert "X to move" in output.inner_text() and "Board object" not in output.inner_text()
    assert image.bounding_box()["width"] > 200


def test_a_click_while_a_cell_sleeps_is_acknowledged_at_once(page, lab, workdir):
    write_notebook(workdir / "notebooks" / "busy-kernel.ipynb", BOARD_CELL, "import time\ntime.sleep(10)")
    run_all(page, lab, "busy-kernel.ipynb")
    board = first_live_board(page)  # not open_in_lab, which waits until every cell has run
    page.wait_for_function("() => [...document.querySelectorAll('.jp-InputArea-prompt')].some("
                           "(p) => p.textContent.includes('*'))")  # the second cell sleeps
    target = board.locator("[data-target]").first
    square = target.get_attribute("data-target")
    start = turn(board)
    figures = page.evaluate("""(target) => new Promise((resolve) => {
        const t0 = performance.now();
        target.dispatchEvent(new MouseEvent('click', { bubbles: true, detail: 1 }));
        const marked = target.getAttribute('aria-busy') === 'true' ? performance.now() - t0 : null;
        requestAnimationFrame(() => requestAnimationFrame(() => resolve({ marked, painted: performance.now() - t0,
            still: target.getAttribute('aria-busy') })));
    })""", target.element_handle())
    page.wait_for_function("(el) => /queued until Python is free/.test(el.querySelector('.ttn-status').textContent)",
                           arg=board.element_handle(), timeout=2_000)
    assert turn(board) == start, "the move was played while the cell still ran: the test did not test a busy kernel"
    page.wait_for_function("([el, t]) => Number(el.dataset.turn) > t", arg=[board.element_handle(), start],
                           timeout=60_000)
    assert board.locator(f'[data-target="{square}"]').count() == 0, "the queued move was not played"
    # the new position can reach the page a moment before Python's answer to the click, which ends the queue
    page.wait_for_function("(el) => !('queued' in el.dataset)", arg=board.element_handle(), timeout=10_000)
    assert "queued" not in board.locator(".ttn-status").inner_text()
    print(f"\nclick while a cell sleeps: marked waiting after {figures['marked']:.1f} ms, on screen within "
          f"{figures['painted']:.1f} ms (next frame)")
    assert figures["marked"] is not None and figures["still"] == "true"
    assert figures["painted"] < 50


THEME_SETTINGS = "@jupyterlab/apputils-extension/themes.jupyterlab-settings"


@pytest.mark.parametrize("theme", ["JupyterLab Light", "JupyterLab Dark"])
def test_the_widget_reads_well_in_jupyterlabs_themes(page, lab, workdir, theme):
    """The widget's own texts (status, message, buttons) in a real JupyterLab theme; the boards' SVG texts are
    checked for every game in test_a11y.py. Prints the board's default width at the tests' viewport."""
    from a11y import measure, problems

    settings = workdir / "settings" / THEME_SETTINGS
    settings.parent.mkdir(parents=True, exist_ok=True)
    settings.write_text(json.dumps({"theme": theme}))
    try:
        board = open_in_lab(page, lab, "tic-tac-two.ipynb")
        page.wait_for_function("(name) => document.body.dataset.jpThemeName === name", arg=theme)
        mine = click_until_played(page, board)
        wait_for_bot(page, board, mine)
        board.locator(".ttn-undo").evaluate("(undo) => { undo.click(); undo.click(); }")  # the second is refused
        page.wait_for_function("(el) => el.querySelector('.ttn-message').textContent !== ''",
                               arg=board.element_handle())
        figures = measure(board)
    finally:
        settings.unlink()
    own = [t for t in figures["texts"] if not t["svg"]]
    assert {"Undo", "New game"} <= {t["text"] for t in own}
    print(f"\n{theme}: board width {figures['width']:.0f} px at a 1280 px viewport; the widget's own texts: "
          f"lowest contrast {min(t['contrast'] for t in own):.2f}, smallest {min(t['px'] for t in own):.1f} px")
    found = problems({**figures, "texts": own})
    assert not found, "\n".join(found)


@pytest.mark.parametrize("notebook", [f"{name}.ipynb" for name in with_notebook()])
def test_axe_finds_no_serious_problem_on_any_board_in_jupyterlab(page, lab, notebook):
    from a11y import axe_violations

    board = open_in_lab(page, lab, notebook)
    board.locator("svg").first.wait_for()
    found = axe_violations(page)
    assert not found, "\n".join(found)


@pytest.mark.parametrize("notebook", [f"{name}.ipynb" for name in with_notebook()])
def test_axe_finds_no_serious_problem_on_any_board_in_voila(page, voila_server, notebook):
    from a11y import axe_violations

    page.goto(voila_server(notebook).url, timeout=180_000)  # Voila runs the whole notebook before it answers
    first_live_board(page)
    found = axe_violations(page)
    assert not found, "\n".join(found)


def test_the_design_lab_draws_its_first_plot_whole_and_cuts_no_label(page, lab, workdir):
    """The first run of a new DesignLab, in the dark theme: the plot is an opaque picture (axes and text
    readable on a dark page), and neither the Play button nor a progress label is cut."""
    write_notebook(workdir / "notebooks" / "lab-first-run.ipynb",
                   "from tictac_nb.lab import DesignLab\nDesignLab(games=4)")
    settings = workdir / "settings" / THEME_SETTINGS
    settings.parent.mkdir(parents=True, exist_ok=True)
    settings.write_text(json.dumps({"theme": "JupyterLab Dark"}))
    try:
        page.goto(f"{lab.url}/lab/tree/lab-first-run.ipynb?reset&token={TOKEN}")
        page.wait_for_function(
            "() => /python/i.test(document.querySelector('.jp-Toolbar-kernelName')?.textContent || '')")
        run_all_cells(page)
        button = page.locator("button", has_text="Play both variants")
        button.wait_for(timeout=120_000)
        button.click()
        image = page.locator(".widget-output img").first
        image.wait_for(timeout=120_000)
        page.wait_for_function("(img) => img.complete && img.naturalWidth > 0", arg=image.element_handle())
        corner = image.evaluate("""(img) => {
            const canvas = document.createElement('canvas');
            canvas.width = img.naturalWidth; canvas.height = img.naturalHeight;
            const context = canvas.getContext('2d');
            context.drawImage(img, 0, 0);
            return [...context.getImageData(2, 2, 1, 1).data];
        }""")
        cut = page.evaluate("""() => [...document.querySelectorAll('.jp-Notebook .widget-button, .widget-label')]
            .filter((e) => e.offsetParent && e.scrollWidth > e.clientWidth + 1).map((e) => e.textContent)""")
    finally:
        settings.unlink()
    assert corner == [255, 255, 255, 255], f"the plot's background is {corner}: not an opaque picture"
    assert not cut, f"cut: {cut}"
