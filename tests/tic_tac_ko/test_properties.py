"""Properties over random play: every card and Objective accounted for, no secret in another's view or SVG,
every game ends, determinize keeps what the viewer knows."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from helpers import random_game
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tictac_nb
from tictac_nb import IllegalAction
from tictac_nb.games.tic_tac_ko.effects import Window

SETTINGS = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
GAMES = st.tuples(st.integers(0, 2**32 - 1), st.sampled_from([2, 3, 4]), st.sampled_from(["standard", "advanced"]),
                  st.booleans())


def random_position(seed, players, grid_name, skip, stop=None):
    state = tictac_nb.new_game("tic-tac-ko", seed=seed, players=players, grid=grid_name, skip_unable=skip)
    rng = random.Random(seed)
    limit = rng.randrange(400) if stop is None else stop
    while state.outcome is None and len(state.history) < limit:
        state.play(rng.choice(state.legal_actions()))
    return state


def cards_of(state, team):
    """Every card of `team`, wherever it is: deck, hands, discard pile, Grid, or being played."""
    found = Counter(state.piles[team]) + Counter(state.discards[team])
    for player in state.members[team]:
        found += Counter(state.hands[player])
    found += Counter(cell[1] for cell in state.grid if cell is not None and cell[0] == team)
    found += Counter(f.kind for f in state.stack if f.__class__ is Window and f.event == "play" and f.team == team)
    return found


def check_accounted(state):
    for team in (0, 1):
        assert cards_of(state, team) == Counter(state.decks[team].contents())
    objectives = state.completed[0] + state.completed[1] + list(state.objective_deck) + \
        [o for o in state.objective if o is not None]
    assert sorted(objectives) == list(range(12))
    for player in range(state.num_players):
        assert not Counter(state.known[player]) - Counter(state.hands[player])  # known cards are in the hand


@SETTINGS
@given(GAMES)
def test_all_80_cards_and_12_objectives_are_always_accounted_for(game):
    seed, players, grid_name, skip = game
    state = tictac_nb.new_game("tic-tac-ko", seed=seed, players=players, grid=grid_name, skip_unable=skip)
    assert sum(cards_of(state, 0).values()) + sum(cards_of(state, 1).values()) == 80
    rng = random.Random(seed)
    while state.outcome is None:
        state.play(rng.choice(state.legal_actions()))
        check_accounted(state)


@SETTINGS
@given(GAMES)
def test_every_game_ends(game):
    seed, players, grid_name, skip = game
    state = random_position(seed, players, grid_name, skip, stop=10_000)
    assert state.outcome is not None and state.to_move is None and state.legal_actions() == ()
    reason = state.outcome.reason
    if "Objectives completed" in reason:
        winner = state.team_of[state.outcome.winners[0]]
        assert len(state.completed[winner]) == 3 and len(state.completed[1 - winner]) < 3
    else:
        assert "deck ran out" in reason
        loser = 1 - state.team_of[state.outcome.winners[0]]
        assert not state.piles[loser]
    assert state.outcome.winners == state.members[state.team_of[state.outcome.winners[0]]]


def secrets_hidden_from(state, viewer):
    """Card names in other players' hands that nothing public shows, and Objectives the viewer may not see."""
    names = [[c.name for c in deck.cards] for deck in state.decks]
    public = set()
    for team in (0, 1):
        public |= {names[team][k] for k in state.discards[team]}
    public |= {names[c[0]][c[1]] for c in state.grid if c is not None}
    for player in range(state.num_players):
        public |= {names[state.team_of[player]][k] for k in state.known[player]}
    if viewer is not None:
        public |= {names[state.team_of[viewer]][k] for k in state.hands[viewer]}
    public |= {names[f.team][f.kind] for f in state.stack}
    log = " ".join(state.events(50))
    secret = set()
    for player in range(state.num_players):
        if player != viewer:
            secret |= {names[state.team_of[player]][k] for k in state.hands[player]}
    secret = {name for name in secret - public if name not in log}
    for team in (0, 1):
        if viewer is None or state.team_of[viewer] != team:
            if state.objective[team] is not None:
                secret.add(state.objective_cards[state.objective[team]].name)
    secret |= {state.objective_cards[i].name for i in state.objective_deck}
    return secret


@SETTINGS
@given(GAMES)
def test_no_hand_or_secret_objective_in_another_players_view_or_svg(game):
    state = random_position(*game)
    found_secret = False
    for viewer in [None, *range(state.num_players)]:
        secret = secrets_hidden_from(state, viewer)
        found_secret |= bool(secret)
        text = json.dumps(state.view(viewer)) + state.render_svg(viewer)
        for name in secret:
            assert name not in text, (viewer, name)
    assert found_secret  # there is always something to hide: at least the Objective deck


@SETTINGS
@given(GAMES, st.integers(0, 2**16))
def test_determinize_keeps_what_the_viewer_knows(game, other):
    state = random_position(*game)
    for viewer in [None, *range(state.num_players)]:
        sample = state.determinize(viewer, random.Random(other))
        check_accounted(sample)
        assert [len(h) for h in sample.hands] == [len(h) for h in state.hands]
        assert sample.known == state.known and sample.grid == state.grid and sample.discards == state.discards
        assert [len(p) for p in sample.piles] == [len(p) for p in state.piles]
        if viewer is not None:
            assert sample.hands[viewer] == state.hands[viewer]
            team = state.team_of[viewer]
            assert sample.objective[team] == state.objective[team]


def test_determinize_resamples_what_is_hidden():
    state = tictac_nb.new_game("tic-tac-ko", seed=2, players=4)
    samples = [state.determinize(0, random.Random(i)) for i in range(20)]
    assert len({tuple(s.hands[1]) for s in samples}) > 1
    assert len({s.objective[1] for s in samples}) > 1
    assert {s.objective[0] for s in samples} == {state.objective[0]}
    assert len({tuple(s.hands[2]) for s in samples}) > 1  # a teammate's hand is hidden too


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_determinized_copy_holds_no_real_secret(players):
    """Two determinizations from the same rng are equal, whatever the hidden cards of the state they start
    from: so the copy's record (seed, options, setup) and key hold nothing but the view and the history."""
    for seed, cut in ((1, 0), (2, 9), (3, 30), (4, 70)):
        state = random_game('tic-tac-ko', seed, stop_after=cut, players=players)
        for viewer in (None, *range(players)):
            direct = state.determinize(viewer, random.Random(5))
            again = state.determinize(viewer, random.Random(1)).determinize(viewer, random.Random(5))
            assert direct.record() == again.record() and direct.key() == again.key()
            assert direct.seed != state.seed and direct.view(viewer) == state.view(viewer)
            if direct.history:
                with pytest.raises(IllegalAction, match="cannot undo: its hidden parts were made up"):
                    direct.undo()
