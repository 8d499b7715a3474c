"""Hover and keyboard focus outline a click target's shape, never its words: a stroke on text smears it."""

from __future__ import annotations

import pytest
from helpers import random_game

import tictac_nb

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

OUTLINE = """t => {
  const stroked = e => getComputedStyle(e).strokeWidth === '3px'
    && getComputedStyle(e).stroke !== 'none' && getComputedStyle(e).stroke.startsWith('rgb(');
  const all = [...t.querySelectorAll('*')];
  return {texts: all.filter(e => e.matches('text, tspan') && getComputedStyle(e).stroke !== 'none').length,
          shapes: all.filter(e => !e.matches('text, tspan, g') && stroked(e)).length};
}"""


@pytest.mark.parametrize("game", ["tic-tac-two", "tyc", "tic-tac-trek", "tic-toc", "tic-tac-ko"])
def test_hover_and_focus_outline_a_shape_and_never_text(board_page, game):
    state = random_game(game, seed=3, stop_after=4)
    shown = board_page(tictac_nb.Board(state))
    targets = shown.page.locator(".ttn-svg [data-target]")
    assert targets.count() > 0
    for i in range(targets.count()):
        target = targets.nth(i)
        target.hover()
        hovered = target.evaluate(OUTLINE)
        assert hovered == {"texts": 0, "shapes": hovered["shapes"]} and hovered["shapes"] >= 1, \
            (game, target.get_attribute("data-target"), hovered)
