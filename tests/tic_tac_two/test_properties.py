"""Tic Tac Two over random play, checked against an independent reading of the rules.

`oracle` replays a game's moves from its tile layout with nothing but the rulebook: it scans all
16 lines (8 per board) instead of the engine's lines through the last square, so the two disagree
if the engine ever misses or invents a line.
"""

from __future__ import annotations

import random

from helpers import random_game
from hypothesis import given, settings
from hypothesis import strategies as st

import tictac_nb

SEEDS = st.integers(0, 2**32 - 1)
OPTIONS = st.fixed_dictionaries({"peek": st.booleans(), "wild": st.booleans()})
SETTINGS = settings(max_examples=60, deadline=None)
OUTER = (0, 1, 2, 3, 5, 6, 7, 8)
LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


def counts_for(tile: str, line: tuple, player: int, centre_owner: int | None) -> bool:
    if tile == "C":
        diagonal = line in ((0, 4, 8), (2, 4, 6))
        return centre_owner is not None and (centre_owner == player) != diagonal
    return tile == "W" or tile == "XO"[player]


def oracle(tiles: str, moves: list[str]) -> dict:
    """What the rulebook says the position after `moves` is."""
    marks: list[int | None] = [None] * 9
    player, owner, peeking, peeked = 0, None, False, []
    for move in moves:
        if move.startswith("peek"):
            assert peeking
            peeked.append((player, int(move[5:]) - 1))
            peeking, player = False, 1 - player
            continue
        square = int(move) - 1
        marks[square] = player
        owner = player if square == 4 else owner
        peeking = tiles[square] == "P" and any(marks[i] is None for i in OUTER)
        if not peeking:
            player = 1 - player
    up = [m is not None or i == 4 for i, m in enumerate(marks)]
    winners = set()
    for line in LINES:
        for p in (0, 1):
            if all(marks[i] == p for i in line):
                winners.add(p)
            if all(up[i] and counts_for(tiles[i], line, p, owner) for i in line):
                winners.add(p)
    over = not peeking and (winners or None not in marks)
    return {"marks": marks, "face_up": up, "owner": owner, "peeking": peeking, "peeked": peeked,
            "winners": winners, "over": over, "to_move": None if over else player}


def check_against_oracle(state) -> None:
    truth = oracle(state.tiles, state.history)
    view = state.view(None)
    assert view["marks"] == [None if m is None else "XO"[m] for m in truth["marks"]]
    assert view["face_up"] == truth["face_up"]
    assert view["centre_owner"] == (None if truth["owner"] is None else "XO"[truth["owner"]])
    assert view["phase"] == ("over" if truth["over"] else "peek" if truth["peeking"] else "mark")
    assert state.to_move == truth["to_move"]
    if not truth["over"]:
        assert state.outcome is None
        if truth["peeking"]:
            expected = tuple(f"peek {i + 1}" for i in OUTER if not truth["face_up"][i])
        else:
            expected = tuple(str(i + 1) for i in range(9) if truth["marks"][i] is None)
        assert state.legal_actions() == expected
        return
    if len(truth["winners"]) == 2:
        assert state.outcome.winners == () and state.outcome.reason.startswith("tie: ")
    elif truth["winners"]:
        assert state.outcome.winners == tuple(truth["winners"])
    else:
        assert state.outcome.winners == () and state.outcome.reason == "draw: the board is full"
    assert state.legal_actions() == ()


@SETTINGS
@given(seed=SEEDS, options=OPTIONS)
def test_every_position_of_a_random_game_agrees_with_the_rulebook(seed, options):
    state = tictac_nb.new_game("tic-tac-two", seed=seed, **options)
    rng = random.Random(seed)
    check_against_oracle(state)
    while state.outcome is None:
        state.play(rng.choice(state.legal_actions()))
        check_against_oracle(state)


@SETTINGS
@given(seed=SEEDS, options=OPTIONS)
def test_the_box_is_conserved_and_the_centre_is_always_the_split_centre(seed, options):
    state = random_game("tic-tac-two", seed, **options)
    box = "XXXOOO" + ("W" if options["wild"] else "-") + ("P" if options["peek"] else "-")
    assert state.tiles[4] == "C" and sorted(state.tiles[:4] + state.tiles[5:]) == sorted(box)
    assert state.view(None)["tile_mix"] == dict(sorted((t, box.count(t)) for t in set(box)))


@SETTINGS
@given(seed=SEEDS, options=OPTIONS)
def test_marks_alternate_and_each_mark_flips_exactly_its_own_tile(seed, options):
    state = tictac_nb.new_game("tic-tac-two", seed=seed, **options)
    rng = random.Random(seed)
    while state.outcome is None:
        before = state.view(None)
        mover = state.to_move
        action = rng.choice(state.legal_actions())
        state.play(action)
        after = state.view(None)
        if action.startswith("peek"):
            assert after["face_up"] == before["face_up"] and after["marks"] == before["marks"]
        else:
            square = int(action) - 1
            flipped = [i for i in range(9) if after["face_up"][i] != before["face_up"][i]]
            assert flipped == ([] if square == 4 else [square])
            assert after["marks"][square] == "XO"[mover]
        x, o = after["marks"].count("X"), after["marks"].count("O")
        assert x - o in (0, 1)
    assert len(state.view(None)["peeks"]) <= 1  # one Peek tile, so at most one peek a game


@SETTINGS
@given(seed=SEEDS, options=OPTIONS, cut=st.integers(0, 12))
def test_each_viewer_sees_exactly_the_face_up_tiles_and_their_own_peeks(seed, options, cut):
    state = random_game("tic-tac-two", seed, stop_after=cut, **options)
    peeks = [(p["by"], p["square"] - 1) for p in state.view(None)["peeks"]]
    for viewer in (None, 0, 1):
        view = state.view(viewer)
        for i in range(9):
            mine = viewer is not None and ("XO"[viewer], i) in peeks
            known = view["face_up"][i] or mine
            assert view["tiles"][i] == (state.tiles[i] if known else None)


@SETTINGS
@given(seed=SEEDS, options=OPTIONS, cut=st.integers(0, 12), shuffle=st.randoms(use_true_random=False))
def test_tiles_hidden_from_a_viewer_change_nothing_they_are_shown(seed, options, cut, shuffle):
    """Rearrange the tiles a viewer does not know and replay the same moves: the viewer is shown the same,
    determinize gives the same sample (so it cannot copy the real hidden tiles) and a bot the same move."""
    state = random_game("tic-tac-two", seed, stop_after=cut, **options)
    for viewer in (None, 0, 1):
        known = state.view(viewer)["tiles"]
        hidden = [i for i in range(9) if known[i] is None]
        tiles = list(state.tiles)
        unseen = [tiles[i] for i in hidden]
        shuffle.shuffle(unseen)
        for i, tile in zip(hidden, unseen, strict=True):
            tiles[i] = tile
        other = tictac_nb.new_game("tic-tac-two", seed=seed, tiles="".join(tiles), **options)
        for move in state.history:
            other.play(move)
        assert other.view(viewer) == state.view(viewer)
        assert other.render_svg(viewer) == state.render_svg(viewer)
        sample = state.determinize(viewer, random.Random(seed))
        assert other.determinize(viewer, random.Random(seed)).key() == sample.key()
        if viewer is not None and viewer == state.to_move:
            bot = tictac_nb.MCTSBot(iterations=40, seed=seed)
            assert bot.choose(other) == tictac_nb.MCTSBot(iterations=40, seed=seed).choose(state)


@SETTINGS
@given(seed=SEEDS, options=OPTIONS, cut=st.integers(0, 12), other=st.integers(0, 2**16))
def test_determinize_keeps_what_the_player_knows_and_the_box(seed, options, cut, other):
    state = random_game("tic-tac-two", seed, stop_after=cut, **options)
    for viewer in (None, 0, 1):
        sample = state.determinize(viewer, random.Random(other))
        known = state.view(viewer)["tiles"]
        assert all(sample.tiles[i] == t for i, t in enumerate(known) if t is not None)
        assert sorted(sample.tiles) == sorted(state.tiles)
        assert sample.history == state.history and sample.marks == state.marks
