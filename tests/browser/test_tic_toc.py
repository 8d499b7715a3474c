"""TIC TOC in a real browser: cards are played by clicking, one step or two (`board_page` runs the kit's front
end, widgets/board.js, wired to a Python `Board`), and the board drawn for a width reads at that width: no
text under 11 CSS px and no click target under 24 px, at 760 and at 400 px, with no two texts overlapping.
"""

from __future__ import annotations

import random

import pytest
from helpers import play, random_game
from measure import measure_svg, too_small
from tic_toc.conftest import scripted

import tictac_nb
from tictac_nb.games.tic_toc.bots import TicTocBot

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

OVERLAPS = """() => {
  const boxes = [...document.querySelectorAll('#box svg text')].filter((t) => t.textContent.trim())
    .map((t) => [t.textContent.trim().slice(0, 30), t.getBoundingClientRect()]);
  const found = [];
  for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
    const [a, r] = boxes[i], [b, s] = boxes[j];
    const w = Math.min(r.right, s.right) - Math.max(r.left, s.left);
    const h = Math.min(r.bottom, s.bottom) - Math.max(r.top, s.top);
    if (w > 2 && h > 2) found.push(`${a} / ${b}`);
  }
  return found;
}"""


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

    shown.click('[data-target="tink"] [data-card="Tink"]')  # two steps: the card, then the pile
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


def boards():
    """(name, state, viewer, pending): the start, mid-game, an open first step, the end; 2, 3 and 4 players."""
    for players in (2, 3, 4):
        start = tictac_nb.new_game("tic-toc", seed=players, players=players)
        yield f"{players}p start", start, start.to_move, None
        yield f"{players}p onlooker", start, None, None
        middle = tictac_nb.new_game("tic-toc", seed=10 + players, players=players)
        bots, rng = [TicTocBot(q) for q in range(players)], random.Random(players)
        while middle.outcome is None and middle.turn < 14:
            middle.play(bots[middle.to_move].choose(middle) if rng.random() < 0.8 else
                        rng.choice(middle.legal_actions()))
        yield f"{players}p middle", middle, middle.to_move, None
        over = random_game("tic-toc", players, players=players)
        yield f"{players}p over", over, 0, None
    attack = scripted([["Croc", "Boy", "Boy"], ["Pirate", "Hook", "Boy"], ["Pirate", "Boy", "Boy"]],
                      draws=("Boy", "Boy", "Pirate", "Boy", "Boy", "Boy"))
    play(attack, "discard Boy", "discard Boy", "end", "play Hook", "play Pirate", "play Pirate", "discard Boy",
         "discard Boy", "end", "play Pirate", "discard Boy", "discard Boy", "end")
    yield "croc first step", attack, 0, "croc"
    tink = scripted([["Tink", "Hook", "Smee"], ["Pirate"] * 3], draws=("Boy", "Boy"))
    play(tink, "discard Hook", "discard Smee", "discard Boy")
    yield "tink first step", tink, 0, "tink"


@pytest.mark.parametrize("width", [760, 400])
def test_every_text_is_11_px_and_every_target_24_px_at_the_width_shown(page, width):
    problems = []
    for name, state, viewer, pending in boards():
        svg = state.render_svg(viewer, pending, width=width)
        figures = measure_svg(page, svg, width)
        assert figures["scale"] == pytest.approx(1), name  # drawn at the width it is shown at
        problems += [f"{name}: {line}" for line in too_small(figures, 11, 24)]
        problems += [f"{name}: overlap {pair}" for pair in page.evaluate(OVERLAPS)]
    assert not problems, problems[:10]


def test_the_static_board_is_760_px_wide_with_11_px_text(page):
    state = tictac_nb.new_game("tic-toc", seed=1, players=4)
    figures = measure_svg(page, state.render_svg(state.to_move), 760)
    assert figures["width"] <= 760 and not too_small(figures, 11)
