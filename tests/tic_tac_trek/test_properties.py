"""Tic Tac Trek over random play: every tile and campfire accounted for, every placement legal, 24 turns.

The checks rebuild the rules from each public view (an oracle written apart from the engine), so a
slip in the engine's incremental bookkeeping shows up as a disagreement.
"""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

import tictac_nb

SETTINGS = settings(max_examples=40, deadline=None)
STEPS = ((1, 0), (-1, 0), (0, 1), (0, -1))
AROUND = tuple((dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy)
LINES = ((1, 0), (0, 1), (1, 1), (1, -1))


def board(view: dict) -> dict[tuple[int, int], dict]:
    return {(t["x"], t["y"]): t for t in view["tiles"]}


def oracle_cells(view: dict) -> set[str]:
    """The legal placements, from the rulebook's words and the view alone."""
    tiles = board(view)
    empty_next = {(x + dx, y + dy) for (x, y) in tiles for dx, dy in STEPS} - set(tiles)

    def fits(c: tuple[int, int]) -> bool:
        near = [tiles[(c[0] + dx, c[1] + dy)]["terrain"] for dx, dy in STEPS if (c[0] + dx, c[1] + dy) in tiles]
        return view["drawn"] == "lake" or any(t in (view["drawn"], "lake") for t in near)

    matching = {c for c in empty_next if fits(c)}
    return {f"{x},{y}" for x, y in (matching or empty_next)}


def makes_line(tiles: dict, at: tuple[int, int], mark: str) -> bool:
    def free(c):
        return c in tiles and tiles[c]["symbol"] == mark and tiles[c]["campfire"] is None

    x, y = at
    for dx, dy in LINES:
        run = [free((x + k * dx, y + k * dy)) for k in (-2, -1, 1, 2)]
        if (run[0] and run[1]) or (run[1] and run[2]) or (run[2] and run[3]):
            return True
    return False


def accounted(view: dict, mix: dict, campfires: int) -> None:
    held = Counter(t["terrain"] for t in view["tiles"]) + Counter(view["bag"])
    if view["drawn"]:
        held[view["drawn"]] += 1
    assert +held == +Counter(mix)
    on_map = Counter(t["campfire"] for t in view["tiles"] if t["campfire"])
    for mark in "XO":
        assert view["campfires_left"][mark] + on_map[mark] == campfires
        assert view["campfires_placed"][mark] == on_map[mark]


def expected_outcome(view: dict, final_turn: str) -> tuple[str, tuple[int, int]]:
    tiles = board(view)
    points = {"X": 0, "O": 0}
    for (x, y), t in tiles.items():
        if t["campfire"]:
            points[t["campfire"]] += sum((x + dx, y + dy) not in tiles for dx, dy in AROUND)
    placed = view["campfires_placed"]
    if points["X"] != points["O"]:
        winner = max(points, key=points.get)
    elif placed["X"] != placed["O"]:
        winner = max(placed, key=placed.get)
    else:
        winner = "O" if final_turn == "X" else "X"
    return winner, (points["X"], points["O"])


def play_checked(seed: int, **options) -> tictac_nb.State:
    state = tictac_nb.new_game("tic-tac-trek", seed=seed, **options)
    mix, campfires = state.options["mix"], state.options["campfires"]
    rng = random.Random(seed)
    turns, last_mover = 0, None
    while state.outcome is None:
        view = state.view(state.to_move)
        accounted(view, mix, campfires)
        mover = "XO"[state.to_move]
        if view["phase"] == "place":
            assert set(state.legal_actions()) == oracle_cells(view)
            action = rng.choice(state.legal_actions())
            at = tuple(int(v) for v in action.split(","))
            line = makes_line(board(view), at, mover)
            state.play(action)
            turns += 1
            last_mover = mover
            after = state.view(None)
            placed = board(after)[at]
            assert placed["symbol"] == mover and placed["terrain"] == view["drawn"]
            if line and view["campfires_left"][mover]:
                assert placed["campfire"] == mover
                assert after["campfires_left"][mover] == view["campfires_left"][mover] - 1
            elif line:
                assert after["phase"] == "campfire" and after["pending"] == action
            else:
                assert placed["campfire"] is None and after["lines"] == []
        else:
            mine = sorted(f"fire {x},{y}" for (x, y), t in board(view).items() if t["campfire"] == mover)
            assert sorted(state.legal_actions()) == sorted([*mine, "keep"])
            state.play(rng.choice(state.legal_actions()))
    view = state.view(None)
    accounted(view, mix, campfires)
    assert turns == sum(mix.values()) - 2
    winner, points = expected_outcome(view, last_mover)
    assert state.outcome.winners == ("XO".index(winner),)
    assert state.outcome.scores == points
    return state


@SETTINGS
@given(seed=st.integers(0, 2**32 - 1))
def test_random_games_with_the_rulebook_box(seed):
    state = play_checked(seed)
    placements = [a for a in state.history if a != "keep" and not a.startswith("fire")]
    assert len(placements) == 24 and len(state.view(None)["tiles"]) == 26


@SETTINGS
@given(seed=st.integers(0, 2**32 - 1), lakes=st.integers(0, 8), forests=st.integers(0, 8),
       campfires=st.integers(1, 6), first=st.sampled_from([0, 1, None]))
def test_random_games_with_other_boxes(seed, lakes, forests, campfires, first):
    play_checked(seed, mix={"lake": lakes, "forest": forests}, campfires=campfires, first_player=first)


@SETTINGS
@given(seed=st.integers(0, 2**32 - 1), cut=st.integers(0, 30), other=st.integers(0, 2**16))
def test_nothing_depends_on_the_hidden_bag_order(seed, cut, other):
    """Two games with the same moves and draws so far but different bags ahead look the same to everyone."""
    state = tictac_nb.new_game("tic-tac-trek", seed=seed)
    rng = random.Random(seed)
    while state.outcome is None and len(state.history) < cut:
        state.play(rng.choice(state.legal_actions()))
    twin = state.determinize(None, random.Random(other))
    for viewer in (None, 0, 1):
        assert twin.view(viewer) == state.view(viewer)
        assert twin.render_svg(viewer) == state.render_svg(viewer)
    assert twin.legal_actions() == state.legal_actions()
    assert twin.status() == state.status() and twin.current_scores() == state.current_scores()
