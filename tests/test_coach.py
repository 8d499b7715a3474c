"""The coach: hints from the mover's knowledge only, the overlay on any board, the analysis of a game and its
chart, and the design lab's measures built on them."""

from __future__ import annotations

import json
import math
import random
import statistics
import xml.etree.ElementTree as ET

import pytest
from helpers import CHANCES, EXPLAINED, SEARCHED, SVG, assert_fits_with_11_px_text, contrast, play, random_game

import tictac_nb
from tictac_nb import RandomBot, coach, lab
from tictac_nb.coach import Analysis, MoveJudgement, calibration, chart, words
from tictac_nb.core.svg import PALETTE
from tictac_nb.games.tic_tac_ko.bots import KOBot
from tictac_nb.games.tic_toc.bots import RULES, TicTocBot

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
    assert hint.sentence.startswith("Hint for X: mark square 3, which wins at once; almost sure to win (")
    assert hint.targets["3"].best and "the coach's choice" in hint.targets["3"].words


def test_a_forced_block_is_the_hint():
    state = two("1", "9", "2")  # O must block 3, or X completes the top row
    hint = coach.hint(state)
    others = [c.chance for c in hint.choices if c.action != "3" and c.chance is not None]
    assert hint.best == "3" and hint.chance > max(others, default=0.0) + 0.3 and hint.targets["3"].share > 0.5


@pytest.mark.parametrize("name", SEARCHED)
def test_shares_sum_to_one_over_the_tried_actions_and_every_legal_action_is_listed(name):
    state = deciding(name, 2)
    hint = coach.hint(state)
    assert math.isclose(sum(c.share for c in hint.choices), 1.0)
    assert sorted(c.action for c in hint.choices) == sorted(state.legal_actions())


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


def test_heuristic_bots_give_their_reason_in_the_games_words():
    said = 0
    for seed in range(8):
        state = deciding("tic-toc", seed)
        action, rule = TicTocBot().explain(state)
        assert action == TicTocBot().choose(state) and rule in RULES.values()
        hint = coach.hint(state)
        assert hint.chance is not None and words.odds(hint.chance) in hint.sentence
        assert hint.sentence.startswith(f"Hint for {state.player_name(state.to_move)}: {state.describe(hint.best)}")
        assert not any(f"{n}." in hint.sentence for n in range(1, 6)) and "playouts" not in hint.sentence
        if hint.best == action:  # the rule chose what the trial games rank first: its words are the reason
            assert hint.rule == rule and words.reason(rule) in hint.sentence
            said += 1
    assert said
    ko = deciding("tic-tac-ko", 2)
    hint = coach.hint(ko)
    assert hint.best == KOBot(seed=0).choose(ko) and hint.chance is None
    assert hint.sentence.startswith(f"Hint for Cute 1: {ko.describe(hint.best)}")
    assert words.NO_CHANCE in hint.sentence and "sampled" not in hint.sentence and "@" not in hint.sentence


def test_a_bots_rule_in_the_players_words():
    assert words.reason(RULES["build"]) == "to build your team, leader first, then crew"
    assert words.reason("the best score of 20 actions over 2 sampled worlds, level with (a tie broken at random) "
                        "play Mumbles on space 4") == "it scores best, as good as playing Mumbles on space 4"
    assert words.reason("the best score of 9 actions over 2 sampled worlds, 3 points ahead of pass, mostly for "
                        "progress on its Objective") == "it does most for progress on your Objective, ahead of passing"
    at_once = "it wins (or avoids losing) at once in the 2 sampled worlds"
    assert words.reason(at_once) == "it wins, or stops a loss, at once"


def test_a_chance_is_said_as_a_chance():
    assert words.odds(0.21) == "about 1 in 5 to win (21%)" and words.odds(0.5) == "even odds (50%)"
    assert words.odds(0.64) == "about 2 in 3 to win (64%)" and words.odds(0.12) == "about 1 in 10 to win (12%)"
    assert words.odds(0.98) == "almost sure to win (98%)" and words.odds(0.02) == "almost no hope to win (2%)"
    assert words.odds(None) == "no chance to win is worked out here"
    assert words.odds(0.86) == "about 5 in 6 to win (86%)" and words.odds(0.14) == "about 1 in 6 to win (14%)"
    said = [words.odds(c / 1000) for c in range(50, 950)]  # said as a real fraction: never 0 in n, nor n in n
    assert not [w for w in said if " 0 in " in w or any(f"{n} in {n} " in w for n in range(1, 11))]
    assert words.played("Evil 1", "play the Magic card Mind Swap") == "Evil 1 played the Magic card Mind Swap"
    assert words.played("Blue", "write F in board 6 cell 1") == "Blue wrote F in board 6 cell 1"
    assert words.played("X", "mark square 7") == "X marked square 7"


@pytest.mark.parametrize("name", list(tictac_nb.GAMES))
def test_the_recommended_move_is_the_first_by_the_number_shown(name):
    """The sentence, the labels and the accessible names agree: the coach's choice has the highest chance
    of every target of its kind, its label is the filled one, and its chance is the sentence's."""
    for seed in range(3):
        state = deciding(name, seed)
        hint = coach.hint(state)
        best = [t for t in hint.targets.values() if t.best]
        assert best and all(t.rank in (1, None) for t in best)
        for kind in (True, False):
            shown = [t for t in hint.targets.values()
                     if t.chance is not None and (t.target in state.legal_actions()) == kind]
            if shown:
                first = min(shown, key=lambda t: t.rank)
                assert first.best and first.chance == max(t.chance for t in shown)
                assert "the coach's choice" in first.words and f"{words.percent(first.chance)} to win" in first.words
        if hint.chance is not None:
            assert hint.chance == max(c.chance for c in hint.choices if c.chance is not None)
            assert f"({words.percent(hint.chance)})" in hint.sentence
        root = ET.fromstring(coach.hinted_svg(state, hint))
        pills = {e.get("class"): "".join(e.itertext()) for e in root.iter(f"{SVG}g")
                 if "ttn-coach-chance" in (e.get("class") or "")}
        top = [text for cls, text in pills.items() if "ttn-coach-top" in cls]
        said = words.percent(hint.chance) if hint.chance is not None else words.BEST_BADGE  # a pill even with no number
        assert len(top) <= 1 and all(text == said for text in top)


@pytest.mark.parametrize("name", EXPLAINED)
def test_explain_plays_what_choose_plays(name):
    make = tictac_nb.GAMES[name].default_bot
    for seed in range(4):
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
    shades = [float(e.get("fill-opacity") or e.get("stroke-opacity")) for e in root.iter(f"{SVG}rect")
              if e.get("class") == "ttn-coach-shade"]
    assert shades and all(0 <= s <= 0.75 + 1e-9 for s in shades)
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


def test_the_coachs_choice_is_shaded_darkest_and_only_the_best_three_are_labelled():
    state = two("1")
    hint = coach.hint(state)
    assert coach.hinted_svg(state, hint) == coach.overlay_svg(state.render_svg(1), hint)
    root = ET.fromstring(coach.hinted_svg(state, hint))
    shade = {}
    for group in root.iter():
        for rect in group.iter(f"{SVG}rect"):
            if group.get("data-target") and rect.get("class") == "ttn-coach-shade":
                shade[group.get("data-target")] = float(rect.get("fill-opacity"))
    others = [v for k, v in shade.items() if k != hint.best]
    assert max(shade, key=shade.get) == hint.best and shade[hint.best] > max(others)
    pills = [e for e in root.iter(f"{SVG}g") if "ttn-coach-chance" in (e.get("class") or "")]
    every = ET.fromstring(coach.hinted_svg(state, hint, labelled=None))
    assert len(pills) <= 3 < len([e for e in every.iter(f"{SVG}g") if "ttn-coach-chance" in (e.get("class") or "")])


def _blend(fore: str, back: str, alpha: float) -> str:
    mix = [round(alpha * int(fore[i:i + 2], 16) + (1 - alpha) * int(back[i:i + 2], 16)) for i in (1, 3, 5)]
    return "#" + "".join(f"{c:02x}" for c in mix)


def _hex(colour):
    names = {"white": "#ffffff", "black": "#000000"}
    colour = names.get(colour, colour)
    return colour if colour and len(colour) == 7 and colour.startswith("#") else None


def _covers(element, x, y):
    try:
        left, top = float(element.get("x", "0")), float(element.get("y", "0"))
        return left <= x <= left + float(element.get("width")) and top <= y <= top + float(element.get("height"))
    except (TypeError, ValueError):
        return False


def _flat(root):
    """The rects and texts of an SVG in drawing order, leaving out what a transform moves."""
    found = []

    def walk(element):
        if element.get("transform"):
            return
        if element.tag in (f"{SVG}rect", f"{SVG}text"):
            found.append(element)
        for child in element:
            walk(child)
    walk(root)
    return found


def _seen(fill, shapes_below, x, y):
    """The colour at (x, y) of the shapes drawn below, each over the one before (opacity blended)."""
    colour = PALETTE["paper"]
    for shape in shapes_below:
        if _covers(shape, x, y) and _hex(shape.get("fill")):
            colour = _blend(_hex(shape.get("fill")), colour, float(shape.get("fill-opacity") or 1))
    return colour if fill is None else fill


@pytest.mark.parametrize("name", list(tictac_nb.GAMES))
def test_every_text_on_a_shaded_target_reads_at_4_5_to_1(name):
    """Every text the coach's shade covers, or that is drawn on it, reads at 4.5:1 or more: its colour and
    the colour behind it, each as seen through whatever shapes lie over it (the shade among them); the labels
    too."""
    assert contrast(PALETTE["coach"], PALETTE["paper"]) >= 4.5 and contrast("#ffffff", PALETTE["coach"]) >= 4.5
    measured = 0
    for seed in range(3):
        state = deciding(name, seed)
        shapes = _flat(ET.fromstring(coach.hinted_svg(state, coach.hint(state))))
        shades = [i for i, e in enumerate(shapes) if e.get("class") == "ttn-coach-shade"]
        for i, text in enumerate(shapes):
            fore = _hex(text.get("fill") or PALETTE["ink"])
            if text.tag != f"{SVG}text" or not fore or not "".join(text.itertext()).strip():
                continue
            x, y = float(text.get("x", "0")), float(text.get("y", "0")) - 4
            if not any(_covers(shapes[j], x, y) for j in shades):
                continue
            rects = [e for e in shapes if e.tag == f"{SVG}rect" and e.get("fill") not in (None, "none")]
            below = [e for e in rects if shapes.index(e) < i]
            above = [e for e in rects if shapes.index(e) > i and _covers(e, x, y)
                     and float(e.get("fill-opacity") or 1) < 1]
            back, ink = _seen(None, below, x, y), fore
            for shape in above:  # a veil drawn over the text tints the text and its ground alike
                alpha = float(shape.get("fill-opacity") or 1)
                back, ink = _blend(_hex(shape.get("fill")), back, alpha), _blend(_hex(shape.get("fill")), ink, alpha)
            assert contrast(ink, back) >= 4.5, (name, "".join(text.itertext()), ink, back)
            measured += 1
    assert measured or name == "tic-tac-trek"  # Trek's shaded targets are open ground, with no words


# ---- analysis and chart ----------------------------------------------------------------------------
def test_analysis_marks_a_scripted_blunder_and_the_move_the_coach_preferred():
    state = two("1", "5", "2", "9")  # O's 9 leaves the top row open: 3 blocks it
    analysis = coach.analyse(state)
    assert [m.number for m in analysis.moves] == [1, 2, 3, 4] and not analysis.interrupted
    move = analysis.moves[3]
    assert move.seat == 1 and move.best == "3" and move.mark == "blunder" and move.drop >= 0.3
    assert "O marked square 9" in move.words and "a blunder, the coach preferred mark square 3" in move.words
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
    assert root.get("width") == "400px" and "X's chance to win after every move" in root.get("aria-label")
    assert root.find(f"{SVG}title") is not None and root.get("role") == "group"
    marks = [e for e in root.iter() if "ttn-mark" in (e.get("class") or "")]
    assert [e.get("aria-label") for e in marks] == [f"{m.words}: go to this move" for m in analysis.marked] and marks
    assert [e.get("data-step") for e in marks] == ["4"] and marks[0].get("tabindex") == "0"
    assert len(list(root.iter(f"{SVG}polyline"))) == 1  # one line over every move, X's
    steps = {e.get("data-step") for e in root.iter(f"{SVG}rect") if e.get("data-step")}
    assert steps == {"1", "2", "3", "4"}
    legend = "".join(next(e for e in root.iter(f"{SVG}g") if e.get("class") == "ttn-legend").itertext())
    assert all(f"{words.SYMBOLS[n]} {n}" in legend for n, _ in words.MARKS) and "X to win" in legend
    o = coach.evaluation_chart(analysis, seat=1)
    assert "O's chance to win" in o and "O to win" in o
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
    assert words.mark_for(0.15, noise=0.18) is None and words.mark_for(0.25, noise=0.18) == "mistake"


def test_the_chart_line_is_one_sides_chance_over_every_move():
    moves = [judged(1, 0, 0.6), judged(2, 1, 0.3), judged(3, 0, 0.9), judged(4, 1, 0.95)]
    game = Analysis("tic-tac-two", ("X", "O"), None, "test", 4, (1,), (0, 1), moves)
    assert chart.series(game, 0) == [(0, 0.5), (1, 0.6), (2, 0.7), (3, 0.9), (4, pytest.approx(0.05))]
    assert chart.series(game, 1)[1:] == [(1, pytest.approx(0.4)), (2, 0.3), (3, pytest.approx(0.1)), (4, 0.95)]
    three = Analysis("tic-toc", ("A", "B", "C"), None, "test", 3, (), (0, 1, 2), moves[:3])
    assert chart.series(three, 0) == [(0, 1 / 3), (1, 0.6), (2, 0.6), (3, 0.9)]  # a side's chance holds


def test_the_calibration_fit_finds_the_curve_the_outcomes_were_drawn_from():
    rng = random.Random(7)
    raws = [rng.random() for _ in range(4000)]
    points = [(x, 1.0 if rng.random() < calibration.mapped(0.6, -0.4, x) else 0.0) for x in raws]
    a, b = calibration.fit(points)
    assert abs(a - 0.6) < 0.08 and abs(b + 0.4) < 0.12
    assert calibration.fit([(0.2, 0.0), (0.4, 1.0), (0.6, 0.0), (0.8, 1.0)] * 5)[0] > 0  # kept increasing


def test_the_phased_fit_finds_the_curve_the_outcomes_were_drawn_from_and_keeps_it_increasing_at_every_phase():
    rng = random.Random(11)
    truth = (0.6, -0.4, 0.5, 0.8)  # the slope in the logit grows from 0.6 early to 1.4 late
    points = []
    for _ in range(8000):
        x, t = rng.random(), rng.random()
        chance = calibration.mapped(truth[0] + truth[3] * t, truth[1] + truth[2] * t, x)
        points.append((x, 1.0 if rng.random() < chance else 0.0, t))
    found = calibration.fit_phased(points)
    assert all(abs(f - w) < 0.2 for f, w in zip(found, truth, strict=True)), found
    fit = {"phased": list(found), "length": 20}
    for played in (0, 10, 20):
        t = calibration.phase(played, 20)
        true = [calibration.mapped(truth[0] + truth[3] * t, truth[1] + truth[2] * t, x / 20) for x in range(1, 20)]
        said = [calibration.apply(fit, x / 20, played) for x in range(1, 20)]
        assert max(abs(s - w) for s, w in zip(said, true, strict=True)) < 0.03
    flipping = [(x, float((x > 0.5) != (t > 0.5)), t) for x in (0.1, 0.3, 0.7, 0.9) for t in (0.0, 0.2, 0.8, 1.0)]
    a, _, _, d = calibration.fit_phased(flipping * 10)  # late in the game a higher raw chance loses
    assert a > 0 and a + d > 0


def test_the_isotonic_fit_finds_the_steps_the_outcomes_were_drawn_from_and_keeps_equal_estimates_together():
    rng = random.Random(5)
    truth = {0.0: 0.1, 0.25: 0.1, 0.5: 0.6, 0.75: 0.5, 1.0: 0.9}  # 0.75 below 0.5: pooled with it
    points = [(x, 1.0 if rng.random() < truth[x] else 0.0) for x in truth for _ in range(2000)]
    knots = calibration.isotonic(points, 25)
    assert [x for x, _ in knots] == sorted({x for x, _ in knots})
    assert [y for _, y in knots] == sorted(y for _, y in knots)
    assert {x for x, _ in knots} == set(truth)  # 2,000 equal estimates never split between blocks
    assert calibration.through(knots, 0.0) == pytest.approx(0.1, abs=0.03)
    assert calibration.through(knots, 0.5) == pytest.approx(calibration.through(knots, 0.75), abs=0.01)
    assert calibration.through(knots, 0.6) == pytest.approx(0.55, abs=0.03)
    assert calibration.through(knots, 1.0) == pytest.approx(0.9, abs=0.03)
    assert len(calibration.isotonic(points, 10_000)) == 2  # one block: the outcomes' mean, flat
    smooth = [(x, 1.0 if rng.random() < x * x else 0.0) for x in (rng.random() for _ in range(20_000))]
    knots = calibration.isotonic(smooth, 25)
    assert statistics.fmean(abs(calibration.through(knots, x / 100) - (x / 100) ** 2) for x in range(101)) < 0.03


def test_every_map_is_strictly_increasing_inside_0_1_even_where_the_outcomes_are_flat():
    grid = [x / 200 for x in range(201)]
    for fit in ({"knots": [[0.2, 0.0], [0.4, 0.0], [0.6, 1.0], [0.8, 1.0]]}, {"knots": [[0.5, 0.4]]},
                {"platt": [0.6, -0.4]}, {"platt": [3.0, 1.0]}, {"phased": [0.6, -0.4, 1.0, 0.8], "length": 30},
                {"phased": [0.001, 2.0, -4.0, 0.0], "length": 9}):
        for played in (0, 4, 15, 30, 90):
            mapped = [calibration.apply(fit, x, played) for x in grid]
            assert all(0 < m < 1 for m in mapped) and mapped == sorted(set(mapped)), (fit, played)
    phased = {"phased": [0.6, -0.4, 1.0, 0.8], "length": 30}
    assert calibration.apply(phased, 0.3, 0) < calibration.apply(phased, 0.3, 15) < calibration.apply(phased, 0.3, 30)
    assert calibration.apply(phased, 0.3, 30) == calibration.apply(phased, 0.3, 90)  # the phase stops at 1


@pytest.mark.parametrize("kind", list(calibration.KINDS))
@pytest.mark.parametrize("name", list(tictac_nb.GAMES))
def test_the_stored_calibration_is_increasing_and_maps_into_0_1_at_every_seat_count(name, kind):
    stored = calibration.table().get(name)
    for players in tictac_nb.GAMES[name].players:
        fit = calibration.fitted(name, players, kind)
        for played in (0, 3, 10, 30, 100):  # the phase of a phased fit, from a game's start to past its end
            mapped = [calibration.calibrate(name, players, x / 40, played, kind) for x in range(41)]
            if fit is None or fit["method"] == "raw":  # no fit, or none beat the raw chance on held-out games
                assert mapped == [x / 40 for x in range(41)]
                continue
            assert all(0 < m < 1 for m in mapped) and mapped == sorted(set(mapped)), (players, played)
        if fit is None or fit["method"] == "raw":
            continue
        assert fit["positions"] >= 300 and fit["method"] in ("platt", "isotonic", "phased")
        if fit["method"] == "phased":
            a, _, _, d = fit["phased"]
            assert a > 0 and a + d > 0 and fit["length"] > 0
        assert fit.get("knots") or fit.get("phased") or fit.get("platt")[0] > 0
        with calibration.raw():
            assert calibration.calibrate(name, players, 0.37, 10, kind) == 0.37
    assert stored is None or 0 <= stored["noise"] < 1


@pytest.fixture
def stored(tmp_path, monkeypatch):
    """`calibration.json` replaced by a file of the test's own, written as the bench writes it."""
    def write(data: dict) -> None:
        path = tmp_path / "calibration.json"
        path.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
        monkeypatch.setattr(calibration, "DATA", path)
        calibration.table.cache_clear()

    yield write
    calibration.table.cache_clear()


def test_a_stored_fit_round_trips_and_a_game_or_seat_count_without_one_keeps_the_raw_chance(stored):
    rng = random.Random(3)
    points = [(x, 1.0 if rng.random() < x * x else 0.0) for x in (rng.random() for _ in range(3000))]
    knots = calibration.isotonic(points, 25)
    stored({"tic-toc": {"noise": 0.2, "fits": {"2": {"method": "isotonic", "knots": knots, "positions": 3000}}}})
    assert calibration.fitted("tic-toc", 2)["knots"] == knots and calibration.noise("tic-toc") == 0.2
    for x in (0.0, 0.1, 0.33, 0.5, 0.9, 1.0):
        curve = min(1 - calibration.EDGE, max(calibration.EDGE, calibration.through(knots, x)))
        assert calibration.calibrate("tic-toc", 2, x) == pytest.approx((1 - calibration.KEPT) * curve
                                                                      + calibration.KEPT * x)
    assert calibration.calibrate("tic-toc", 3, 0.5) == 0.5  # no fit for 3 players
    assert calibration.calibrate("tyc", 2, 0.5) == 0.5 and calibration.noise("tyc") == 0.0  # no fit for the game
    assert calibration.calibrate("tic-toc", 2, None) is None
    stored({})
    assert calibration.calibrate("tic-toc", 2, 0.5) == 0.5


def test_a_hint_takes_its_chances_through_the_hints_fit_of_its_own_seat_count(stored):
    """A hint's chances go through the hints' map (`hint fits`) of its seat count where there is one (the best
    of every move's estimates is judged on games of its own), else through the analysis's, else raw."""
    three = {"method": "phased", "phased": [1.0, -1.0, 2.0, 0.5], "length": 12, "positions": 500}
    analysis = {"method": "platt", "platt": [0.2, -3.0], "positions": 500}
    hinted = {"method": "platt", "platt": [1.0, 1.0], "positions": 500}
    stored({"tic-toc": {"noise": 0.0, "fits": {"2": analysis, "4": analysis}, "hint fits": {"2": hinted, "3": three}}})
    for players, fit in ((2, hinted), (3, three), (4, analysis)):
        state = next(s for cut in range(2, 40) if (s := random_game("tic-toc", 1, cut, players=players)).outcome
                     is None and len(s.legal_actions()) > 1)
        with calibration.raw():
            before = coach.hint(state, seed=3)
        hint = coach.hint(state, seed=3)
        assert calibration.fitted("tic-toc", players, "hint") == fit
        assert state.num_players == players and hint.best == before.best
        for raw_choice, choice in zip(before.choices, hint.choices, strict=True):
            assert choice.chance == calibration.apply(fit, raw_choice.chance, len(state.history))
        assert any(c.chance != r.chance for r, c in zip(before.choices, hint.choices, strict=True))
    stored({"tic-toc": {"noise": 0.0, "fits": {}}})
    assert calibration.fitted("tic-toc", 2, "hint") is None  # no map of either kind: the raw chance


@pytest.mark.parametrize("name", CHANCES)
def test_the_calibrated_chance_is_the_one_in_the_sentence_the_labels_and_the_names(name):
    """The same hint raw and calibrated: every chance is the raw one through the game's curve, the choice is
    the same (the curve is increasing), and the sentence, the labels and the accessible names say the
    calibrated number."""
    state = deciding(name, 1)
    with calibration.raw():
        before = coach.hint(state, seed=3)
    hint = coach.hint(state, seed=3)
    players, played = state.num_players, len(state.history)
    assert hint.best == before.best
    assert hint.chance == calibration.calibrate(name, players, before.chance, played, "hint")
    fit = calibration.fitted(name, players, "hint") or {}
    assert hint.chance != before.chance or fit.get("method", "raw") == "raw"
    for raw_choice, choice in zip(before.choices, hint.choices, strict=True):
        assert choice.chance == calibration.calibrate(name, players, raw_choice.chance, played, "hint")
    assert f"({words.percent(hint.chance)})" in hint.sentence
    root = ET.fromstring(coach.hinted_svg(state, hint))
    names = {e.get("data-target"): e.get("aria-label") or "" for e in root.iter() if e.get("data-target")}
    for target, found in hint.targets.items():
        assert found.chance == calibration.calibrate(name, players, before.targets[target].chance, played, "hint")
        if found.chance is not None and target in names:
            assert f"{words.percent(found.chance)} to win" in found.words and found.words in names[target]
    pills = ["".join(e.itertext()) for e in root.iter(f"{SVG}g") if "ttn-coach-chance" in (e.get("class") or "")]
    shown = {words.percent(t.chance) for t in hint.targets.values() if t.chance is not None}
    assert pills and set(pills) <= shown
