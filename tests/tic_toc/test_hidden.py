"""TIC TOC's secrets: hands and the draw pile's order stay out of other players' views, SVGs and widgets,
while cards seen going into a hand stay known to everyone, also in determinized deals."""

from __future__ import annotations

import random
import re
from collections import Counter

import pytest
from helpers import play, random_game

import tictac_nb
from tictac_nb import IllegalAction
from tictac_nb.games.tic_toc.bots import TicTocBot


def shown_cards(svg_text: str) -> Counter:
    return Counter(re.findall(r'data-card="(\w+)"', svg_text))


def visible_to(state, viewer) -> Counter:
    """The faces `viewer` may see (own hand, known cards, tables, market, top of the discard pile) and the
    backs drawn (unknown cards of other hands, and up to 3 for the draw pile)."""
    view = state.view(None)
    seen = Counter()
    if viewer is not None:
        seen.update(state.view(viewer)["hand"])
    for seat, table in enumerate(view["tables"]):
        if seat != viewer:
            seen.update(view["known"][seat])
            seen["back"] += view["hand_sizes"][seat] - len(view["known"][seat])
        if table["team"]:
            seen.update({("Boy" if table["team"] == "Lost Boys" else "Pirate"): table["crew"]})
            seen.update({("Pan" if table["team"] == "Lost Boys" else "Hook"): int(table["leader"])})
    seen.update(view["market"])
    seen.update(view["discard"][-1:])
    seen["back"] += min(3, view["draw_size"])
    return +seen


def secret_hand(deal):
    """Player 2 holds Tinker Bell, Pirate Treasure and Mr. Smee, which appear nowhere else in sight."""
    return deal([["Boy", "Boy", "Pirate"], ["Tink", "Treasure", "Smee"]], draws=("Pan", "Boy"))


def test_another_players_hand_is_not_in_the_view_or_the_svg(deal):
    state = secret_hand(deal)
    view = state.view(0)
    assert view["hand"] == ["Boy", "Boy", "Boy", "Pan", "Pirate"]
    assert view["hand_sizes"] == [5, 3] and view["known"] == [[], []]
    svg = state.render_svg(0)
    assert not {"Tink", "Treasure", "Smee"} & set(shown_cards(svg))
    assert "Tinker" not in svg and "Treasure" not in svg and "Smee" not in svg
    assert shown_cards(svg) == visible_to(state, 0)
    assert state.view(None)["hand"] is None and "Tinker" not in state.render_svg(None)


def test_the_cards_a_player_just_drew_are_shown_to_that_player_only(deal):
    state = secret_hand(deal)
    assert state.view(0)["drawn"] == ["Pan", "Boy"]
    assert state.view(1)["drawn"] is None and state.view(None)["drawn"] is None
    assert state.view(1)["drew"] == 2


def test_a_card_taken_from_the_market_or_the_discard_pile_is_known_to_everyone(deal):
    state = deal([["Treasure", "Tink", "Boy"], ["Pirate"] * 3], market=("Hook", "Boy", "Pirate", "Boy"),
                 draws=("Smee", "Pan", "Boy"))
    play(state, "treasure Hook", "discard Smee", "tink Smee")
    assert state.view(1)["known"][0] == ["Hook", "Smee"]
    svg = state.render_svg(1)
    assert shown_cards(svg)["Hook"] == 1 and shown_cards(svg) == visible_to(state, 1)
    play(state, "play Hook")
    assert state.view(1)["known"][0] == ["Smee"]  # played: no longer known to be in hand
    play(state, "discard Boy")
    assert state.view(1)["known"][0] == ["Smee"]


def test_determinize_keeps_what_the_player_knows_and_deals_the_rest_anew(deal):
    state = deal([["Treasure", "Boy", "Boy"], ["Pirate", "Croc", "Smee"], ["Hook", "Tink", "Boy"]],
                 market=("Pan", "Boy", "Pirate", "Boy"), draws=("Pirate", "Pirate"))
    play(state, "treasure Pan", "play Pan", "play Boy", "end", "discard Croc", "discard Smee", "end")
    assert state.view(0)["known"][2] == []
    play(state, "tink Croc")  # Player 3 takes the Crocodile Player 2 discarded: everyone knows it
    hands = set()
    for seed in range(30):
        sample = state.determinize(0, random.Random(seed))
        assert sample.view(0) == state.view(0)
        assert sample.hands[0] == state.hands[0]
        assert sample.hands[2][4] >= 1  # the known Crocodile stays in Player 3's hand
        assert [sum(h) for h in sample.hands] == [sum(h) for h in state.hands]
        assert sample.card_census() == state.card_census()
        hands.add(tuple(map(tuple, sample.hands[1:])))
    assert len(hands) > 5  # the unseen cards really are dealt anew


def test_determinize_depends_only_on_what_the_player_knows(deal):
    state = tictac_nb.new_game("tic-toc", seed=5, players=3)
    bots = [TicTocBot(q) for q in range(3)]
    for _ in range(25):
        state.play(bots[state.to_move].choose(state))
    for seat in (None, 0, 1, 2):
        lookalike = state.determinize(seat, random.Random(77))
        assert state.determinize(seat, random.Random(3)).key() == lookalike.determinize(seat, random.Random(3)).key()


def test_determinize_never_deals_three_crocodiles_into_a_hand_in_play(deal):
    crowded = {"Croc": 40, "Boy": 20, "Pirate": 20}
    state = deal([["Croc", "Croc", "Boy"], ["Boy", "Pirate", "Boy"]], draws=("Boy", "Pirate"), deck=crowded)
    assert state.outcome is None
    for seed in range(40):
        sample = state.determinize(0, random.Random(seed))
        assert sample.hands[1][4] < 3 and sum(sample.hands[1]) == 3
        assert sample.card_census() == state.card_census()


def test_the_fallback_deal_keeps_crocodiles_out_of_full_hands(deal):
    state = deal([["Boy", "Boy", "Boy"], ["Boy", "Pirate", "Boy"]], draws=("Boy", "Pirate"),
                 deck={"Croc": 40, "Boy": 20, "Pirate": 20})
    pool = state.unseen(0)
    hands, pile = state._deal_few_crocodiles(pool, [1], [3])
    assert hands[0][4] <= 2 and sum(hands[0]) == 3
    assert sorted(pile + [k for k in range(8) for _ in range(hands[0][k])]) == sorted(pool)


def test_the_widget_syncs_only_the_seats_view(deal):
    state = secret_hand(deal)
    board = tictac_nb.Board(state, bots={1: TicTocBot(1)})
    synced = {name: getattr(board, name) for name in board.trait_names(sync=True) if not name.startswith("_")}
    text = " ".join(str(value) for value in synced.values())
    assert "Tinker" not in text and "Treasure" not in text and "Smee" not in text
    assert board.svg == state.render_svg(0)
    board.act("discard Boy")
    board.act("discard Boy")
    board.act("end")  # the bot plays its turn; the board stays on Player 1's view
    assert shown_cards(board.svg) == visible_to(board.state, 0)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_determinized_copy_holds_no_real_secret(players):
    """Two determinizations from the same rng are equal, whatever the hidden cards of the state they start
    from: so the copy's record (seed, options, setup) and key hold nothing but the view and the history."""
    for seed, cut in ((1, 0), (2, 9), (3, 30), (4, 70)):
        state = random_game('tic-toc', seed, stop_after=cut, players=players)
        for viewer in (None, *range(players)):
            direct = state.determinize(viewer, random.Random(5))
            again = state.determinize(viewer, random.Random(1)).determinize(viewer, random.Random(5))
            assert direct.record() == again.record() and direct.key() == again.key()
            assert direct.seed != state.seed and direct.view(viewer) == state.view(viewer)
            if direct.history:
                with pytest.raises(IllegalAction, match="cannot undo: its hidden parts were made up"):
                    direct.undo()
