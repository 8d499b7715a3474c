"""The family keeps the secrets by itself: twin games that differ only in cards a seat cannot see (the other
hand, the deck's order) give that seat the same views, boards, bot copies and bot moves, and the same room
frames; the seat that holds the cards sees them differ."""

from __future__ import annotations

import random

import pytest
from cards.decks import registered

from tictac_nb.core.bots import MCTSBot, seat_copy

X_CARDS = ["Mark", "Mark", "Eraser"]
TWINS = ([*X_CARDS, "Mark", "Gold", "Rush", "Mark", "Dud", "Eraser"],   # O holds Gold and Rush, draws Dud
         [*X_CARDS, "Mark", "Swap", "Dud", "Mark", "Gold", "Eraser"])   # O holds Swap and Dud, draws Gold
"""Deals alike for X (X's hand and draws) and for the onlooker; O's hand and the deck differ."""
MOVES = ["play Mark", "b2", "play Mark", "a1", "play Eraser", "a1"]


@pytest.fixture(scope="module")
def twins():
    with registered("twin-deck") as game:
        yield [game.new_game(seed=5, first_player=0, order=order) for order in TWINS]


def positions(twins):
    """Both twins after each of MOVES, played in step."""
    a, b = (state.clone() for state in twins)
    yield a, b
    for move in MOVES:
        a.play(move)
        b.play(move)
        yield a, b


def test_the_seat_that_cannot_see_the_difference_gets_the_same_views_and_boards(twins):
    for a, b in positions(twins):
        for viewer in (0, None):
            assert a.view(viewer) == b.view(viewer)
            for width in (None, 360):
                assert a.render_svg(viewer, width=width) == b.render_svg(viewer, width=width)
        assert a.view(1)["hand"] != b.view(1)["hand"]  # O's own hand differs: the check can fail
        assert a.key() != b.key()


def test_a_bot_of_that_seat_gets_the_same_copies_and_plays_the_same_moves(twins):
    compared = 0
    for a, b in positions(twins):
        copies = [seat_copy(state, 0, random.Random(9)) for state in (a, b)]
        assert copies[0].key() == copies[1].key() and copies[0].view(0) == copies[1].view(0)
        assert copies[0].record()["setup"] == {"first_player": 0, "deal": None}  # no real deal on a copy
        if a.to_move == 0:
            assert MCTSBot(60, seed=4).choose(a) == MCTSBot(60, seed=4).choose(b)
            compared += 1
    assert compared >= 2


def test_records_hold_the_deal_and_a_view_holds_none_of_it(twins):
    a, b = twins
    assert a.record()["setup"]["deal"][:9] == TWINS[0] and b.record()["setup"]["deal"][:9] == TWINS[1]
    assert "deal" not in a.view(0) and "Rush" not in str(a.view(0)["hand"]) and "Rush" in a.view(1)["hand"]


def test_a_room_sends_each_seat_the_same_frames_as_a_twin_room_it_cannot_tell_apart():
    from rooms.test_leak import leak_check
    from rooms.wire import run

    with registered("room-deck", players=3):
        counts = run(leak_check("room-deck", {}, 60, 7))
    assert counts["frames"] >= counts["actions"] > 20


def test_an_exported_replay_for_that_seat_is_the_same_file_for_both_twins(twins, tmp_path):
    import tictac_nb

    finals = list(positions(twins))[-1]
    files = [tictac_nb.export_html(state, tmp_path / f"twin{i}.html", viewer=0).read_text(encoding="utf-8")
             for i, state in enumerate(finals)]
    assert files[0] == files[1] and "Rush" not in files[0]
    mine = [tictac_nb.export_html(state, tmp_path / f"o{i}.html", viewer=1).read_text(encoding="utf-8")
            for i, state in enumerate(finals)]
    assert mine[0] != mine[1]  # O's own replay shows O's own cards
