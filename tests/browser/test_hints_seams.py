"""The coach's seams on a board in Chromium: a hint survives the first step of a two-step move and marks the
second step's choice; the coach's choice carries its number (or a badge) wherever its control is drawn."""

from __future__ import annotations

import pytest
from helpers import random_game

from tictac_nb import Board, RandomBot, coach
from tictac_nb.coach import words

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]


def two_step_hint(name: str):
    """A position of `name` whose hint is a two-step move, and that move's first step (the target that opens
    it): the first found over seeded random games, so the same every run."""
    for seed in range(40):
        for cut in range(2, 40, 3):
            state = random_game(name, seed, stop_after=cut)
            if state.outcome is not None:
                break
            legal = set(state.legal_actions())
            firsts = [t.action for t in state.targets() if t.action not in legal]
            if not firsts:
                continue
            found = coach.hint(state)
            first = next((f for f in firsts if found.best.startswith(f) and found.best != f), None)
            if first is not None:
                return state, first
    raise AssertionError(f"no position of {name} whose hint is a two-step move")


def seen_mark(page, target: str) -> dict:
    """What the page draws on `target`: its name, whether the coach's outline is in it, and the texts of the
    filled pills (the coach's choice's number or badge)."""
    return page.evaluate("""(key) => {
      const node = [...document.querySelectorAll('.ttn-svg [data-target]')].find(t => t.dataset.target === key);
      const pills = [...document.querySelectorAll('.ttn-svg .ttn-coach-top')].map(p => p.textContent);
      return {found: Boolean(node), label: node ? node.getAttribute('aria-label') : '',
              outlined: Boolean(node && node.querySelector('.ttn-coach-best')), pills};
    }""", target)


@pytest.mark.parametrize("name", ["tyc", "tic-tac-ko", "tic-toc"])
def test_a_hint_survives_the_first_step_and_marks_the_coachs_second(board_page, name):
    state, first = two_step_hint(name)
    others = {p: RandomBot(seed=p) for p in range(state.num_players) if p != state.to_move}
    shown = board_page(Board(state, bots=others))
    page = shown.page
    shown.click(".ttn-hint-button")
    page.wait_for_selector(".ttn-svg .ttn-coach-best")
    hint, played = coach.hint(state), len(state.history)
    sentence = page.locator(".ttn-root > p.ttn-hint").inner_text().strip()
    assert sentence == hint.sentence
    shown.click(f'.ttn-svg [data-target="{first}"]')
    assert shown.board.pending == first and len(state.history) == played
    assert page.locator(".ttn-root > p.ttn-hint").inner_text().strip() == sentence  # the sentence stays
    assert page.locator(".ttn-hint-button").is_visible()
    mark = seen_mark(page, hint.best)
    assert mark["found"] and mark["outlined"], mark  # the second step the coach recommends, outlined
    assert "the coach's choice" in mark["label"], mark
    shown_number = words.percent(hint.chance) if hint.chance is not None else words.BEST_BADGE
    assert mark["pills"] and set(mark["pills"]) == {shown_number}, mark  # its number or badge: not colour alone
    page.screenshot(path=f"/tmp/hint-second-step-{name}.png", full_page=True)
