"""Properties of the card family over random play (hypothesis): every card is accounted for, every game ends
within the move cap, records round-trip, and determinized copies keep what their seat knows."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from cards.decks import EVERY_EFFECT, registered
from hypothesis import given, settings
from hypothesis import strategies as st

import tictac_nb
from tictac_nb.cards import MOVE_CAP
from tictac_nb.cards.effects import CHOICES

SETTINGS = settings(max_examples=20, deadline=None)
NAMES = [card["name"] for card in EVERY_EFFECT]
OPTIONS = st.fixed_dictionaries({
    "players": st.integers(2, 4), "hand": st.integers(1, 4), "draws": st.integers(0, 2), "plays": st.integers(1, 2),
    "turn": st.sampled_from(["draw, play", "play, draw"]), "win": st.sampled_from(["line", "points", "deck"]),
    "rows": st.integers(3, 5), "cols": st.integers(3, 5),
    "deck": st.fixed_dictionaries({name: st.integers(0 if name != "Mark" else 8, 4 if name != "Mark" else 14)
                                   for name in NAMES}),
})


@pytest.fixture(scope="module")
def game():
    with registered("property-deck") as made:
        yield made


def census(state) -> Counter:
    """Every card's whereabouts by name: hands, deck, discard pile, and the card being played."""
    found = Counter()
    for hand in state.hands:
        found.update({state.cards[k].name: n for k, n in enumerate(hand)})
    found.update(state.cards[k].name for k in state.deck)
    found.update(state.cards[k].name for k in state.discard)
    if state.pending is not None:
        found[state.cards[state.pending[0]].name] += 1
    return +found


def playable(state, kind: int) -> bool:
    """Whether the card's first step offers a choice once the card has left the hand (or needs none)."""
    step = state.cards[kind].steps[0]
    if step.verb not in CHOICES:
        return True
    trial = state.clone()
    trial.hands[trial.to_move][kind] -= 1
    trial.sizes[trial.to_move] -= 1
    return bool(trial._choices(kind, 0, step, None))


@SETTINGS
@given(seed=st.integers(0, 2**32 - 1), options=OPTIONS)
def test_cards_are_conserved_games_end_and_records_round_trip(game, seed, options):
    state = game.new_game(seed=seed, **options)
    expected = +Counter(state.options["deck"])
    rng = random.Random(seed)
    while state.outcome is None:
        assert len(state.history) < MOVE_CAP
        if state.pending is None:
            for kind, held in enumerate(state.hands[state.to_move]):
                if held:
                    assert state.can_play(kind) == playable(state, kind), state.cards[kind].name
        state.play(rng.choice(state.legal_actions()))
        assert census(state) == expected
        assert state.sizes == [sum(hand) for hand in state.hands]
    record = json.loads(json.dumps(state.record()))
    again = tictac_nb.from_record(record)
    assert again.key() == state.key() and again.outcome == state.outcome


@SETTINGS
@given(seed=st.integers(0, 2**32 - 1), stop=st.integers(0, 60), players=st.integers(2, 4))
def test_a_determinized_copy_keeps_what_its_seat_sees_and_deals_the_rest(game, seed, stop, players):
    state = game.new_game(seed=seed, players=players)
    rng = random.Random(seed)
    while state.outcome is None and len(state.history) < stop:
        state.play(rng.choice(state.legal_actions()))
    for seat in range(players):
        copy = state.determinize(seat, random.Random(stop))
        assert copy.view(seat) == state.view(seat) and copy.render_svg(seat) == state.render_svg(seat)
        assert census(copy) == census(state) and copy.sizes == state.sizes
        if state.to_move == seat:
            assert copy.legal_actions() == state.legal_actions()
