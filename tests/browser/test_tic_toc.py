"""A real browser plays TIC TOC cards by clicking, one step or two: `board_page` runs the kit's front end
(widgets/board.js) wired to a Python `Board`, so the clicks go through the same code as in JupyterLab.
"""

from __future__ import annotations

import pytest
from tic_toc.conftest import scripted

import tictac_nb
from tictac_nb.games.tic_toc.bots import TicTocBot

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]


def test_cards_are_played_by_clicking_them_in_a_browser(board_page):
    state = scripted([["Pan", "Boy", "Tink"], ["Pirate", "Pirate", "Hook"]], draws=("Boy", "Smee", "Pirate", "Boy"))
    widget = tictac_nb.Board(state, bots={1: TicTocBot(1)})
    shown = board_page(widget)
    page = shown.page
    assert page.locator(".ttn-svg svg").get_attribute("aria-label").startswith("TIC TOC. Turn 1: Player 1 drew 2")

    shown.click('[data-target="play Pan"]')  # a card in hand: one click plays it
    assert state.history == ["play Pan"] and page.locator(".ttn-root").get_attribute("data-turn") == "1"
    shown.click('[data-target="discard Smee"]')  # the button under a card
    shown.click('[data-target="discard Boy"]')
    assert state.view(None)["discard"] == ["Smee", "Boy"]

    shown.click('[aria-label="your Tinker Bell: choose its target"]')  # two steps: the card, then the pile
    assert widget.pending == "tink" and state.history[-1] == "discard Boy"
    assert page.locator('[data-target="tink Smee"]').count() == 1
    assert page.locator("text=The discard pile (2 cards): take one with Tinker Bell").count() == 1
    shown.click('[data-target="tink Smee"]')
    assert state.history[-1] == "tink Smee" and widget.pending is None
    assert state.view(0)["hand"] == ["Boy", "Smee"]

    shown.click('[data-target="end"]')  # the bot answers at once, then it is Player 1's turn again
    assert state.to_move == 0 and state.turn == 3
    assert page.locator(".ttn-status").inner_text() == state.status()
    assert widget.message == "" and page.locator(".ttn-message").inner_text() == ""
