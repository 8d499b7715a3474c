"""The coach's seams on a board in Chromium: a hint survives the first step of a two-step move and marks the
second step's choice; the coach's choice carries its number (or a badge) wherever its control is drawn."""

from __future__ import annotations

import pytest
from a11y import axe_violations, measure, problems
from helpers import random_game

import tictac_nb
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


def hint_where(name: str, wanted, players: int | None = None):
    """The first seeded random position of `name` whose hint's choice passes `wanted`, and that hint."""
    options = {} if players is None else {"players": players}
    for seed in range(40):
        for cut in range(2, 40, 3):
            state = random_game(name, seed, stop_after=cut, **options)
            if state.outcome is not None:
                break
            if len(state.legal_actions()) > 2 and wanted(coach.hint(state).best):
                return state
    raise AssertionError(f"no position of {name} with such a hint")


def boxes(page, target: str) -> dict:
    """The page boxes of `target` and of the filled pill (the coach's choice's number or badge)."""
    return page.evaluate("""(key) => {
      const box = (n) => { const r = n.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
      const node = [...document.querySelectorAll('.ttn-svg [data-target]')].find(t => t.dataset.target === key);
      const pills = [...document.querySelectorAll('.ttn-svg .ttn-coach-top')];
      return {target: box(node), pills: pills.map(box), texts: pills.map(p => p.textContent),
              label: node.getAttribute('aria-label')};
    }""", target)


def touching(a: list[float], b: list[float]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def open_hint(board_page, state):
    others = {p: RandomBot(seed=p) for p in range(state.num_players) if p != state.to_move}
    shown = board_page(Board(state, bots=others))
    shown.click(".ttn-hint-button")
    shown.page.wait_for_selector(".ttn-svg .ttn-coach-best")
    return shown


def test_a_discard_button_the_coach_chooses_shows_its_number_and_the_sentence_names_the_boards_second(board_page):
    state = hint_where("tic-toc", lambda best: best.startswith("discard "))
    hint = coach.hint(state)
    shown = open_hint(board_page, state)
    found = boxes(shown.page, hint.best)
    assert found["texts"] == [words.percent(hint.chance)], found  # the choice's number, on the button
    assert touching(found["pills"][0], found["target"]), found
    assert "the coach's choice" in found["label"]
    second = next(t for t in hint.targets.values() if t.rank == 2 and t.target in state.legal_actions())
    assert f"next best: {state.describe(second.target)}, {words.percent(second.chance)}." in hint.sentence
    shown.page.screenshot(path="/tmp/hint-discard-button.png", full_page=True)
    check_figures(shown.page)


def test_ko_the_coachs_card_is_marked_by_a_badge_not_by_colour_alone(board_page):
    state = hint_where("tic-tac-ko", lambda best: best.startswith("play ") and "@" in best)
    hint = coach.hint(state)
    first = next(t.action for t in state.targets() if hint.best.startswith(t.action) and t.action != hint.best)
    shown = open_hint(board_page, state)
    card = boxes(shown.page, first)
    assert card["texts"] == [words.BEST_BADGE] and touching(card["pills"][0], card["target"]), card
    others = [t.action for t in state.targets() if t.action.endswith("@") and t.action != first]
    for other in others:  # no other playable card carries a badge
        assert not any(touching(pill, boxes(shown.page, other)["target"]) for pill in card["pills"]), other
    said = shown.page.locator(".ttn-root > p.ttn-hint").inner_text()
    assert "cannot judge" not in said and " as good as play " not in said and " ahead of play " not in said
    shown.page.screenshot(path="/tmp/hint-ko-badge.png", full_page=True)
    check_figures(shown.page)


def check_figures(page) -> None:
    """The hinted board's texts keep their contrast and size (the pills included), and axe finds nothing."""
    found = problems(measure(page.locator(".ttn-root")))
    assert not found, "\n".join(found)
    assert axe_violations(page) == []


def exported(tmp_path, name: str):
    """A bot game of `name` exported with its analysis, from seat 0's view."""
    state = tictac_nb.new_game(name, seed=2, **({"peek": False} if name == "tic-tac-two" else {}))
    bots = [state.game.default_bot(seed=s) for s in range(state.num_players)]
    while state.outcome is None and len(state.history) < 40:
        state.play(bots[state.to_move].choose(state))
    return tictac_nb.export_html(state, tmp_path / f"{name}.html", viewer=0, analysis=True)


@pytest.mark.parametrize("name", ["tyc", "tic-tac-ko"])  # Tyc's game has a marked move, whose sign widened its row
def test_the_exported_move_list_wraps_at_400_px_and_the_chart_speaks_a_players_words(page, tmp_path, name):
    path = exported(tmp_path, name)
    page.set_viewport_size({"width": 400, "height": 800})
    page.goto(path.as_uri())
    page.locator(".ttr-root .ttr-moves .ttr-move").first.wait_for()
    found = page.evaluate("""() => {
      const list = document.querySelector('.ttr-moves');
      const rows = [...list.querySelectorAll('.ttr-move')];
      return {scroll: list.scrollWidth, client: list.clientWidth, rows: rows.length,
              signs: list.querySelectorAll('.ttr-sign').length,
              wide: rows.filter(r => r.scrollWidth > r.clientWidth + 1).length,
              titles: [...document.querySelectorAll('svg.ttn-evaluation')].map(s => s.getAttribute('aria-label')
                       + ' ' + [...s.querySelectorAll('title')].map(t => t.textContent).join(' '))};
    }""")
    print(f"\n{name} at 400 px: move list scrollWidth {found['scroll']}, clientWidth {found['client']}")
    assert found["rows"] > 3 and found["scroll"] <= found["client"] and found["wide"] == 0, found
    assert found["signs"] or name != "tyc", "Tyc's game should have a marked move to wrap"
    assert found["titles"] and not any(w in t for t in found["titles"] for w in ("MCTS", "playouts", "Bot)")), found
    assert all(("trying 1,000 games from each position" if name == "tyc" else "the computer player's own rules")
               in t for t in found["titles"]), found
    page.screenshot(path=f"/tmp/export-400-{name}.png", full_page=True)


def test_another_first_step_shows_its_own_best_second_step(board_page):
    """A student who opens a cell the coach did not choose still sees which letter the coach rates best there."""
    state, first = two_step_hint("tyc")
    hint = coach.hint(state)
    cells = {t.action for t in state.targets()} - set(state.legal_actions()) - {first}
    ranked = {c: min((t for k, t in hint.targets.items() if k.startswith(c) and k != c and t.rank), default=None,
                     key=lambda t: t.rank) for c in cells}
    cell, lead = next((c, t) for c, t in sorted(ranked.items()) if t is not None)
    shown = open_hint(board_page, state)
    shown.click(f'.ttn-svg [data-target="{cell}"]')
    assert shown.board.pending == cell and shown.page.locator(".ttn-root > p.ttn-hint").inner_text() == hint.sentence
    found = shown.page.evaluate("""(key) => {
      const box = (n) => { const r = n.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
      const node = [...document.querySelectorAll('.ttn-svg [data-target]')].find(t => t.dataset.target === key);
      return {target: box(node), label: node.getAttribute('aria-label'),
              pills: [...document.querySelectorAll('.ttn-svg .ttn-coach-chance:not(.ttn-coach-top)')]
                .map(p => ({box: box(p), text: p.textContent}))};
    }""", lead.target)
    assert f"{words.percent(lead.chance)} to win" in found["label"], found
    assert any(p["text"] == words.percent(lead.chance) and touching(p["box"], found["target"])
               for p in found["pills"]), found
    shown.page.screenshot(path="/tmp/hint-another-cell.png", full_page=True)
