"""How long the bot takes to reply in each game notebook's play cell, in JupyterLab (issue 13 aims at 0.5 s).

The play cell is the notebook's first code cell that seats a bot on a `Board` (`bots=`). The notebook runs up
to and including that cell (the cells below, such as long explorations, would keep the kernel busy and the
bot waiting), then the reader plays by clicking and each reply is timed inside the page. The figures are
printed, never asserted: speed is a benchmark's business; the test asserts that the bot does reply.
"""

from __future__ import annotations

import re

import nbformat
import pytest
from browser_support import NOTEBOOKS, TOKEN, with_notebook
from replies import time_replies

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]


def play_cell(notebook: str) -> int:
    """The index (among all cells) of the notebook's first code cell that seats a bot on a Board."""
    cells = nbformat.read(NOTEBOOKS / notebook, as_version=4).cells
    found = [i for i, cell in enumerate(cells)
             if cell.cell_type == "code" and "Board(" in cell.source and "bots=" in cell.source]
    assert found, f"{notebook} has no Board with a bot"
    assert found[0] + 1 < len(cells), f"{notebook} ends with its play cell"
    return found[0]


def run_up_to(page, lab, notebook: str, index: int):
    """Open `notebook` in JupyterLab, run every cell up to and including cell `index` (Run All Above on the
    cell below it), and return the board that cell shows once it has run."""
    page.goto(f"{lab.url}/lab/tree/{notebook}?reset&token={TOKEN}")
    page.wait_for_selector(".jp-Notebook")
    page.wait_for_function(
        "() => /python/i.test(document.querySelector('.jp-Toolbar-kernelName')?.textContent || '')")
    page.wait_for_selector(".jp-Notebook-ExecutionIndicator[data-status='idle']")
    cells = page.locator(".jp-Notebook .jp-Cell")
    cell = cells.nth(index)
    cell.scroll_into_view_if_needed()
    page.wait_for_function("(cell) => /bots=/.test(cell.querySelector('.jp-InputArea').textContent)",
                           arg=cell.element_handle(), timeout=30_000)  # the same cell as in the file
    # the saved outputs go first, so that the board and the prompt number waited for below are this run's
    page.locator(".lm-MenuBar-itemLabel", has_text="Edit").first.click()
    page.locator(".lm-Menu-itemLabel", has_text=re.compile(r"^Clear Outputs of All Cells$")).click()
    page.wait_for_function("(cell) => !cell.querySelector('.ttn-root') "
                           "&& !/\\d/.test(cell.querySelector('.jp-InputPrompt').textContent)",
                           arg=cell.element_handle())
    below = cells.nth(index + 1)
    below.locator(".jp-InputPrompt").click()
    page.wait_for_function("(cell) => cell.classList.contains('jp-mod-active')", arg=below.element_handle())
    page.locator(".lm-MenuBar-itemLabel", has_text="Run").first.click()
    page.locator(".lm-Menu-itemLabel", has_text=re.compile(r"^Run All Above Selected Cell$")).click()
    try:
        page.wait_for_function("(cell) => /\\[\\d+\\]/.test(cell.querySelector('.jp-InputPrompt').textContent)",
                               arg=cell.element_handle(), timeout=180_000)
    except Exception as error:
        errors = page.locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']")
        raise AssertionError(f"the play cell of {notebook} never ran; errors: {errors.all_inner_texts()}") from error
    boards = cell.locator(".ttn-root")
    boards.first.wait_for(timeout=60_000)
    assert boards.count() == 1, f"the play cell of {notebook} shows {boards.count()} boards"
    return boards.first


@pytest.mark.parametrize("name", with_notebook())
def test_the_bot_replies_in_every_notebooks_play_cell(page, lab, name):
    notebook = f"{name}.ipynb"
    board = run_up_to(page, lab, notebook, play_cell(notebook))
    found = time_replies(page, board, replies=5)
    print("\n" + found.line(f"JupyterLab {notebook}, play cell"))
