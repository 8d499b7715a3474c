"""The coach: hints from the mover's knowledge only, the overlay on any board, the analysis of a game and its
chart, and the design lab's measures built on them."""

from __future__ import annotations

import math
import random
import xml.etree.ElementTree as ET

import pytest
from helpers import SVG, assert_fits_with_11_px_text, contrast, play, random_game

import tictac_nb
from tictac_nb import RandomBot, coach, lab
from tictac_nb.coach import Analysis, MoveJudgement, words
from tictac_nb.games.tic_tac_ko.bots import KOBot
from tictac_nb.games.tic_toc.bots import RULES, TicTocBot
from tictac_nb.svg import PALETTE

TILES = {"peek": False, "wild": False, "tiles": "XOXOCOX--"}
"""A fixed Tic Tac Two layout with no Peek or Wild tile: scripted positions mean the same every run."""
HIDDEN = [name for name, game in tictac_nb.GAMES.items()
          if game.hidden_information or game.state_class.determinize is not tictac_nb.State.determinize]
"""The games where a seat does not know everything (hidden tiles and hands, or a bag's order), as they declare."""


def two(*moves: str):
    return play(tictac_nb.new_game("tic-tac-two", seed=1, **TILES), *moves)


def deciding(name: str, seed: int):
    """A position of `name` where the mover has more than one legal action."""
    for cut in range(2 + seed % 4, 60):
        state = random_game(name, seed, stop_after=cut)
        if state.outcome is None and len(state.legal_actions()) > 1:
            return state
    raise AssertionError(f"no decision found in {name} seed {seed}")


# ---- hints --------------------------------------------------------------------------------------
def test_a_winning_move_is_the_hint_with_a_high_chance():
    state = two("1", "4", "2", "7")  # X to move: 3 completes the top row
    hint = coach.hint(state)
    assert hint.best == "3" and hint.chance >= 0.95
    assert hint.sentence.startswith("X (MCTS, 2,000 playouts) would play 3: ")
    assert hint.targets["3"].best and "the coach's choice" in hint.targets["3"].words


def test_a_forced_block_is_the_hint():
    state = two("1", "9", "2")  # O must block 3, or X completes the top row
    hint = coach.hint(state)
    others = [c.chance for c in hint.choices if c.action != "3"]
    assert hint.best == "3" and hint.chance > max(others) + 0.3


def test_shares_sum_to_one_over_the_tried_actions_and_every_legal_action_is_listed():
    for name in ("tic-tac-two", "tyc", "tic-tac-trek"):
        state = deciding(name, 2)
        hint = coach.hint(state)
        assert math.isclose(sum(c.share for c in hint.choices), 1.0)
        assert sorted(c.action for c in hint.choices) == sorted(state.legal_actions())
        assert hint.best == max(hint.choices, key=lambda c: c.visits).action


def test_a_first_step_target_sums_the_shares_of_the_actions_it_opens():
    state = deciding("tyc", 3)
    hint = coach.hint(state)
    shares = {c.action: c.share for c in hint.choices}
    cells = {t.action for t in state.targets() if t.action not in state.legal_actions()}
    assert cells
    for cell in cells:
        opened = [s for a, s in shares.items() if a.startswith(cell)]
        assert math.isclose(hint.targets[cell].share, sum(opened))
        assert hint.targets[cell].best == hint.best.startswith(cell)
    assert sum(hint.targets[cell].best for cell in cells) == 1


def test_the_same_seed_gives_the_same_hint_and_the_state_is_untouched():
    state = deciding("tic-tac-trek", 1)
    before, record = state.key(), state.record()
    assert coach.hint(state, seed=4) == coach.hint(state, seed=4)
    assert state.key() == before and state.record() == record


@pytest.mark.parametrize("name", HIDDEN)
def test_a_hint_is_the_same_for_a_twin_whose_hidden_parts_differ(name):
    """A twin of the real game, made by determinize for the mover, differs only where the mover cannot see:
    the hint (numbers, targets, sentence) must be the very same."""
    compared = 0
    for seed in range(6):
        state = deciding(name, seed)
        mover = state.to_move
        twins = [state.determinize(mover, random.Random(k)) for k in range(8)]
        twin = next((t for t in twins if t.key() != state.key()), None)
        if twin is None:  # nothing hidden from the mover yet
            continue
        assert twin.view(mover) == state.view(mover)
        assert coach.hint(twin, seed=5) == coach.hint(state, seed=5)
        compared += 1
        if compared == 3:
            break
    assert compared == 3


def test_heuristic_bots_name_the_rule_that_chose_the_move():
    state = deciding("tic-toc", 1)
    action, rule = TicTocBot().explain(state)
    assert action == TicTocBot().choose(state) and rule in RULES.values()
    hint = coach.hint(state)
    assert hint.best == action and hint.rule == rule and rule in hint.sentence
    assert hint.chance is not None and "to win by its own playouts" in hint.sentence
    ko = deciding("tic-tac-ko", 2)
    hint = coach.hint(ko)
    assert hint.best == KOBot(seed=0).choose(ko) and hint.chance is None
    assert "best score of" in hint.rule and "it estimates no chance to win" in hint.sentence


def test_explain_plays_what_choose_plays():
    for seed in range(4):
        for name, make in (("tic-toc", TicTocBot), ("tic-tac-ko", KOBot)):
            state = deciding(name, seed)
            assert make(seed=seed).explain(state)[0] == make(seed=seed).choose(state)


def test_a_hint_refuses_what_it_cannot_answer():
    state = two("1")
    with pytest.raises(ValueError, match="a hint is for the seat to move"):
        coach.hint(state, 0)
    with pytest.raises(ValueError, match="viewer must be None or a player"):
        coach.hint(state, 5)
    with pytest.raises(TypeError, match="the coach reads MCTSBot searches"):
        coach.hint(state, bot=RandomBot())

    class Peeking:  # a bot of one's own is never handed the real state to explain
        def explain(self, real):
            raise AssertionError("the coach handed a student's bot the real state")

        choose = explain

    class Searching(tictac_nb.MCTSBot):
        def search(self, real, root=None, iterations=None):
            raise AssertionError("the coach ran a student's search on the real state")

    for bot in (Peeking(), Searching(10)):
        with pytest.raises(TypeError, match="the coach reads the kit's own bots only"):
            coach.hint(state, bot=bot)
    with pytest.raises(ValueError, match="the game is over"):
        coach.hint(two("1", "4", "2", "7", "3"))


# ---- the overlay -----------------------------------------------------------------------------------
def test_the_coach_colour_reads_on_the_boards_paper():
    assert contrast(PALETTE["coach"], PALETTE["paper"]) >= 4.5  # the percentages are text on a paper pill


@pytest.mark.parametrize("name", list(tictac_nb.GAMES))
def test_the_overlay_keeps_the_svg_well_formed_and_names_the_numbers(name):
    state = deciding(name, 4)
    hint = coach.hint(state)
    drawn = state.render_svg(state.to_move)
    shown = coach.overlay_svg(drawn, hint)
    root = ET.fromstring(shown)
    assert hint.sentence in root.get("aria-label")
    labelled = {e.get("data-target"): e.get("aria-label") for e in root.iter() if e.get("data-target")}
    original = {e.get("data-target"): e.get("aria-label") for e in ET.fromstring(drawn).iter() if e.get("data-target")}
    assert set(labelled) == set(original)
    drawn_hints = [found for key, found in hint.targets.items() if key in labelled]
    assert drawn_hints  # the board draws the first steps, not the second (Tyc's letters wait for a cell)
    for found in drawn_hints:
        if found.words:
            assert labelled[found.target] == f"{original[found.target]}, {found.words}"
    assert len([e for e in root.iter(f"{SVG}rect") if e.get("class") == "ttn-coach-best"]) >= 1
    shades = [float(e.get("fill-opacity")) for e in root.iter(f"{SVG}rect") if e.get("class") == "ttn-coach-shade"]
    assert shades and all(0 < s <= 0.45 + 1e-9 for s in shades)
    assert_fits_with_11_px_text(shown, None)


def test_no_percentage_hides_the_words_a_target_shows():
    state = play(tictac_nb.new_game("tyc", seed=1), "55A")
    hint = coach.hint(state)
    cell = hint.best[:2]
    root = ET.fromstring(coach.overlay_svg(state.render_svg(state.to_move, pending=cell), hint))
    def box(rect):
        x, y, w, h = (float(rect.get(k)) for k in ("x", "y", "width", "height"))
        return x, y, x + w, y + h

    def overlap(a, b):
        return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]

    pills = [box(e.find(f"{SVG}rect")) for e in root.iter(f"{SVG}g") if e.get("class") == "ttn-coach-chance"]
    letters = [box(e.find(f"{SVG}rect")) for e in root.iter() if len(e.get("data-target") or "") == 3]
    cells = [box(e.find(f"{SVG}rect")) for e in root.iter() if len(e.get("data-target") or "") == 2]
    assert len(letters) >= 5 and pills
    assert not [1 for pill in pills for letter in letters if overlap(pill, letter)]
    assert all(any(overlap(pill, c) for c in cells) for pill in pills)  # the cells around are labelled


def test_the_most_searched_target_is_shaded_darkest():
    state = two("1", "9", "2")
    hint = coach.hint(state)
    assert coach.hinted_svg(state, hint) == coach.overlay_svg(state.render_svg(1), hint)
    root = ET.fromstring(coach.hinted_svg(state, hint))
    shade = {}
    for group in root.iter():
        for rect in group.iter(f"{SVG}rect"):
            if group.get("data-target") and rect.get("class") == "ttn-coach-shade":
                shade[group.get("data-target")] = float(rect.get("fill-opacity"))
    assert max(shade, key=shade.get) == hint.best


# ---- analysis and chart ----------------------------------------------------------------------------
def test_analysis_marks_a_scripted_blunder_and_the_move_the_coach_preferred():
    state = two("1", "5", "2", "9")  # O's 9 leaves the top row open: 3 blocks it
    analysis = coach.analyse(state)
    assert [m.number for m in analysis.moves] == [1, 2, 3, 4] and not analysis.interrupted
    move = analysis.moves[3]
    assert move.seat == 1 and move.best == "3" and move.mark == "blunder" and move.drop >= 0.3
    assert "a blunder, the coach preferred 3" in move.words
    assert all(m.mark is None for m in analysis.moves if m.action == m.best)


@pytest.mark.parametrize(("name", "options", "seat"), [("tic-tac-two", {"peek": False}, 0),
                                                      ("tic-tac-two", {"peek": False}, None),
                                                      ("tic-tac-trek", {}, None)])
def test_an_analysis_is_the_same_for_a_twin_record_whose_hidden_parts_differ(name, options, seat):
    """Judged from one seat (or from each mover), the analysis of a twin game, whose hidden tiles or bag
    differ only where that seat (or every seat) never saw, is the very same."""
    state = random_game(name, 11, stop_after=5, **options)
    twins = [state.determinize(seat, random.Random(k)) for k in range(6)]
    twin = next(t for t in twins if t.record() != state.record())
    mine, theirs = coach.analyse(state, seat_of_view=seat, budget=150), coach.analyse(twin, seat_of_view=seat,
                                                                                       budget=150)
    assert mine.moves == theirs.moves and len(mine.moves) == 5


def test_analysis_reports_progress_and_stops_when_asked():
    state = random_game("tyc", 3, stop_after=12)
    seen, asked = [], []
    stopped = coach.analyse(state, budget=30, progress=lambda done, total: seen.append((done, total)),
                            should_stop=lambda: asked.append(1) or len(asked) > 3)
    assert stopped.interrupted and len(stopped.moves) == 3 and seen == [(1, 12), (2, 12), (3, 12)]

    def interrupt(done, total):
        if done == 2:
            raise KeyboardInterrupt

    kept = coach.analyse(state, budget=30, progress=interrupt)
    assert kept.interrupted and [m.number for m in kept.moves] == [1, 2]


def test_analysis_refuses_a_made_up_copy_and_a_bad_record():
    state = random_game("tic-toc", 1, stop_after=5)
    with pytest.raises(ValueError, match="cannot be analysed"):
        coach.analyse(state.determinize(0, random.Random(1)))
    with pytest.raises(tictac_nb.InvalidRecord):
        coach.analyse({**two("1").record(), "moves": ["1", "1"]})


def test_the_chart_is_well_formed_and_names_its_marks():
    analysis = coach.analyse(two("1", "5", "2", "9"))
    chart = coach.evaluation_chart(analysis, width=400, height=160)
    root = ET.fromstring(chart)
    assert root.get("width") == "400px" and "Evaluation of the game" in root.get("aria-label")
    assert root.find(f"{SVG}title") is not None and root.get("role") == "group"
    marks = [e.get("aria-label") for e in root.iter() if "ttn-mark" in (e.get("class") or "")]
    assert marks == [m.words for m in analysis.marked] and marks
    assert len(list(root.iter(f"{SVG}polyline"))) == 2
    assert_fits_with_11_px_text(chart, 400)


# ---- the design lab's measures ---------------------------------------------------------------------
def judged(number, seat, chance, best_chance=None, runner_chance=None):
    return MoveJudgement(number, seat, "a", chance, "b", best_chance, None, None, False, "", runner_chance)


def test_the_coachs_measures_on_a_scripted_analysis():
    moves = [judged(1, 0, 0.6, 0.6, 0.55), judged(2, 1, 0.7, 0.7, 0.5), judged(3, 0, 0.15, 0.3, 0.1),
             judged(4, 1, 0.9, 0.95, 0.6)]
    game = Analysis("tic-tac-two", ("X", "O"), None, "test", 4, (1,), (0, 1), moves)
    # leaders by X's chance: X (0.6), O (0.3), O (0.15), O (0.1): one change in four moves
    assert lab.coach_metrics.coach_lead_changes([game]) == pytest.approx(1 / 4)
    # O's chance 0.4, 0.7, 0.85, 0.9: above 80% for good after move 3 of 4
    assert lab.coach_metrics.decided_after([game]) == pytest.approx(3 / 4)
    assert lab.coach_metrics.decision_tension([game]) == pytest.approx(3 / 4)  # gaps .05, .2, .2, .35
    assert math.isnan(lab.coach_metrics.decided_after([Analysis("tic-tac-two", ("X", "O"), None, "", 4, (), (0, 1),
                                                                moves)]))


def test_coach_summary_measures_a_batch_and_definitions_show_the_measures():
    games = lab.play_games("tic-tac-two", 2, bots="random", seed=3, progress=False)
    summary = lab.coach_summary(games, budget=100)
    assert summary["games"] == 2 and 0 <= summary["decision_tension"] <= 1
    assert set(lab.COACH_METRICS) <= set(lab.definitions().index)


def test_thresholds_are_defined_once_in_the_kits_words():
    assert [name for name, _ in words.MARKS] == ["blunder", "mistake", "inaccuracy"]
    assert words.mark_for(0.31) == "blunder" and words.mark_for(0.2) == "mistake" and words.mark_for(0.05) is None
