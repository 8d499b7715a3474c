"""A real browser plays a Tic Tac K.O. card by clicking it, then its space, and the bot answers:
`board_page` runs the kit's front end (widgets/board.js) wired to a Python `Board`.
"""

from __future__ import annotations

import pytest
from tic_tac_ko.ko_script import CUTE_HAND, EVIL_HAND, new

import tictac_nb
from tictac_nb.games.tic_tac_ko.bots import KOBot

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]


def test_a_card_is_played_by_clicking_it_then_its_space(board_page):
    state = new(evil=["King Creepy"] + EVIL_HAND[:5], cute=["Friendship Circle"] + CUTE_HAND[:5],
                layout={"1": "Lil' Red"})
    widget = tictac_nb.Board(state, bots={1: KOBot(seed=1)})
    shown = board_page(widget)
    page = shown.page
    assert (page.locator(".ttn-svg svg").get_attribute("aria-label")
            == "Tic Tac K.O. Evil's turn: play a card, draw a second card, or pass")

    shown.click('[data-target="play King Creepy @"]')  # the card in hand: first step
    assert widget.pending == "play King Creepy @" and not state.history
    assert page.locator('[data-target="play King Creepy @5"]').count() == 1
    assert page.locator("text=Choose an empty space for King Creepy").count() == 1

    shown.click('[data-target="play King Creepy @5"]')  # then the space; the bot answers at once
    assert state.history[:2] == ["play King Creepy @5", "respond Friendship Circle"]
    assert page.locator('[data-target="pass"]').count() == 1  # Evil may answer the Friendship Circle
    shown.click('[data-target="pass"]')
    assert "King Creepy of Evil is stopped and goes to the discard pile" in state.events(20)
    assert state.to_move == 0 and page.locator(".ttn-status").inner_text() == state.status()
    assert widget.message == ""
