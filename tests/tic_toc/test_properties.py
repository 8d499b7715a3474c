"""Properties of TIC TOC over random play with 2, 3 and 4 players and random deck splits (hypothesis)."""

from __future__ import annotations

import random
import re
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

import tictac_nb
from tictac_nb.games.tic_toc.bots import TicTocBot

SETTINGS = settings(max_examples=20, deadline=None)
PLAYERS = st.sampled_from([2, 3, 4])
SEEDS = st.integers(0, 2**32 - 1)
DECKS = st.fixed_dictionaries({
    "Croc": st.integers(0, 8), "Tink": st.integers(0, 6), "Treasure": st.integers(0, 6), "Smee": st.integers(0, 6),
    "Boy": st.integers(6, 22), "Pirate": st.integers(6, 22),
})


def random_play(state, rng, limit=None):
    while state.outcome is None and (limit is None or len(state.history) < limit):
        state.play(rng.choice(state.legal_actions()))
        yield state


@SETTINGS
@given(seed=SEEDS, players=PLAYERS, deck=DECKS)
def test_every_card_is_always_accounted_for(seed, players, deck):
    state = tictac_nb.new_game("tic-toc", seed=seed, players=players, deck=deck, turn_cap=60)
    expected = +Counter(state.options["deck"])
    assert state.card_census() == expected
    for _ in random_play(state, random.Random(seed)):
        assert state.card_census() == expected
        assert all(size == sum(hand) for size, hand in zip(state.sizes, state.hands, strict=True))
        assert all(h[4] < 3 for h in state.hands) or state.outcome is not None


@SETTINGS
@given(seed=SEEDS, players=PLAYERS, deck=DECKS, cap=st.integers(1, 300))
def test_every_game_ends_by_a_win_or_the_turn_cap(seed, players, deck, cap):
    state = tictac_nb.new_game("tic-toc", seed=seed, players=players, deck=deck, turn_cap=cap)
    for _ in random_play(state, random.Random(seed), limit=50_000):
        pass
    assert state.outcome is not None and state.turn <= cap
    assert state.outcome.winners or state.outcome.reason == f"draw: timeout after {cap} turns"


@settings(max_examples=10, deadline=None)
@given(seed=SEEDS, players=PLAYERS)
def test_bot_games_end_with_2_3_and_4_players(seed, players):
    state = tictac_nb.new_game("tic-toc", seed=seed, players=players)
    bots = [TicTocBot(seed + q) for q in range(players)]
    while state.outcome is None:
        state.play(bots[state.to_move].choose(state))
    assert len(state.history) < 5_000


@SETTINGS
@given(seed=SEEDS, players=PLAYERS, cut=st.integers(0, 250))
def test_no_hand_shows_in_another_players_view_or_svg(seed, players, cut):
    state = tictac_nb.new_game("tic-toc", seed=seed, players=players)
    for _ in random_play(state, random.Random(seed), limit=cut):
        pass
    for viewer in (None, *range(players)):
        view = state.view(viewer)
        assert view["hand"] == (None if viewer is None else state.hand_names(viewer))
        svg = state.render_svg(viewer)
        shown = Counter(re.findall(r'data-card="(\w+)"', svg))
        faces = shown - Counter(back=shown["back"])
        public = Counter(view["market"]) + Counter(view["discard"][-1:])
        for table in view["tables"]:
            if table["team"]:
                crew, leader = ("Boy", "Pan") if table["team"] == "Lost Boys" else ("Pirate", "Hook")
                public.update({crew: table["crew"], leader: int(table["leader"])})
        for seat in range(players):
            if seat == viewer:
                public.update(view["hand"])
            else:
                public.update(view["known"][seat])
        assert faces == +public


@SETTINGS
@given(seed=SEEDS, players=PLAYERS, cut=st.integers(0, 250), other=st.integers(0, 2**16))
def test_determinize_keeps_the_card_census(seed, players, cut, other):
    """The deal made up for a viewer holds the same cards (that the view, SVG and legal actions stay is a
    protocol test)."""
    state = tictac_nb.new_game("tic-toc", seed=seed, players=players)
    for _ in random_play(state, random.Random(seed), limit=cut):
        pass
    for viewer in (None, *range(players)):
        assert state.determinize(viewer, random.Random(other)).card_census() == state.card_census()

