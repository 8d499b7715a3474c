"""Tic Tac K.O. in a real browser: a card is played by clicking it, then its space, and the bot answers
(`board_page` runs the kit's front end, widgets/board.js, wired to a Python `Board`); and the board drawn for a
width reads at that width: no text under 11 CSS px and no click target under 24 px, at 760 and at 400 px, no
two texts overlapping, and every card's words inside its card.
"""

from __future__ import annotations

import random

import pytest
from helpers import play, random_game
from measure import measure_svg, readability_problems, too_small
from tic_tac_ko.ko_scripts import CUTE_HAND, EVIL_HAND, new

import tictac_nb
from tictac_nb.games.tic_tac_ko.bots import KOBot

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

SPILLS = """() => {
  const found = [];
  for (const group of document.querySelectorAll('#box svg g')) {
    const frame = group.querySelector(':scope > rect');
    if (!frame) continue;
    const f = frame.getBoundingClientRect();
    for (const t of group.querySelectorAll(':scope > text')) {
      const r = t.getBoundingClientRect();
      const out = r.left < f.left - 1 || r.right > f.right + 1 || r.bottom > f.bottom + 1;
      if (out) found.push(t.textContent.slice(0, 30));
    }
  }
  return found;
}"""


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
    words = page.evaluate("() => [...document.querySelectorAll('.ttn-svg svg text')].map((t) => t.textContent)"
                          ".join(' ')")
    assert "Play King Creepy: choose an empty space" in words

    shown.click('[data-target="play King Creepy @5"]')  # then the space; the bot answers at once
    assert state.history[:2] == ["play King Creepy @5", "respond Friendship Circle"]
    assert page.locator('[data-target="pass"]').count() == 1  # Evil may answer the Friendship Circle
    shown.click('[data-target="pass"]')
    assert "King Creepy of Evil is stopped and goes to the discard pile" in state.events(20)
    assert state.to_move == 0 and page.locator(".ttn-status").inner_text() == state.status()
    assert widget.message == ""


def boards():
    """(name, state, viewer, pending): the start, mid-game, an open first step, an answer window, the end."""
    for players, grid in ((2, "standard"), (3, "advanced"), (4, "standard"), (4, "advanced")):
        start = tictac_nb.new_game("tic-tac-ko", seed=players, players=players, grid=grid)
        yield f"{players}p {grid} start", start, start.to_move, None
        middle = random_game("tic-tac-ko", players, stop_after=70, players=players, grid=grid)
        yield f"{players}p {grid} middle", middle, middle.to_move or 0, None
        yield f"{players}p {grid} onlooker", middle, None, None
        over = random_game("tic-tac-ko", players + 1, players=players, grid=grid)
        yield f"{players}p {grid} over", over, 0, None
    first = new(evil=["King Creepy", "Creeping Doom", "Cave of Nightmares", "Grave Digger", "Bog Brute", "Cackle"])
    yield "a Character's first step", first, 0, "play King Creepy @"
    answer = new(evil=["King Creepy"] + EVIL_HAND[:5], cute=["Friendship Circle", "Wake-Up Call"] + CUTE_HAND[:4])
    play(answer, "play King Creepy @5")
    yield "an answer window", answer, 1, None
    repel = new(players=4, first_team=1, cute=["Free Hugs"] + ["Lil' Red"] * 4, layout={"5": "King Creepy"},
                skip_unable=True)
    play(repel, "play Free Hugs")
    yield "repel's first step", repel, 1, "repel 5 to "
    rng = random.Random(3)
    grid = new(players=4, grid="advanced", layout={label: name for label, name in zip(
        "1 2 3 A 4 5 6 B 7 8".split(), ["Bog Brute", "Grave Digger", "Gloomshade", "King Creepy", "Teddy Guard",
                                         "Hare Raiser", "Cuddle Pup", "Sunny Bun", "Scutters", "Button"],
        strict=True)})
    rng.random()
    yield "a full advanced Grid", grid, 0, None


@pytest.mark.parametrize("width", [760, 400])
def test_every_text_is_11_px_and_every_target_24_px_at_the_width_shown(page, width):
    def spills(page):
        return [f"spills out of its card: {words}" for words in page.evaluate(SPILLS)]
    problems = readability_problems(page, boards(), width, spills)
    assert not problems, sorted(set(p.split(': ', 1)[1] for p in problems))[:20]


def test_the_static_board_is_760_px_wide_with_11_px_text(page):
    state = tictac_nb.new_game("tic-tac-ko", seed=1, players=4, grid="advanced")
    figures = measure_svg(page, state.render_svg(state.to_move), 760)
    assert figures["width"] <= 760 and not too_small(figures, 11)


def test_a_human_who_can_only_pass_sees_the_board_pass_for_them(board_page):
    """Cute (the human) holds no Instant: each Evil card they could only pass on is passed for them."""
    state = new(evil=["King Creepy"] + EVIL_HAND[:5], cute=CUTE_HAND[:6], first_team=1)
    widget = tictac_nb.Board(state, bots={0: KOBot(seed=1)})
    shown = board_page(widget)
    page = shown.page
    shown.click('[data-target="play Lil\' Red @"]')
    shown.click('[data-target="play Lil\' Red @1"]')  # Evil's bot answers, plays, and Cute can only pass
    movers = widget._movers()
    cute_passes = [i for i, action in enumerate(state.history) if action == "pass" and movers[i] == 1]
    assert cute_passes and state.history[0] == "play Lil' Red @1", state.history
    assert state.outcome is not None or state.legal_actions() != ("pass",) or state.to_move == 0
    assert page.locator(".ttn-status").inner_text() == state.status()
    assert page.locator(".ttn-cover").count() == 0 or not page.locator(".ttn-cover").is_visible()
