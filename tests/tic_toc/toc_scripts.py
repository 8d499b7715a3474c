"""Scripted TIC TOC positions: hands, market and draws fixed through the option `deck_order`."""

from __future__ import annotations

import tictac_nb

QUIET_MARKET = ("Boy", "Pirate", "Boy", "Pirate")


def scripted(hands, market=QUIET_MARKET, draws=(), first_player=0, seed=0, **options):
    """A game whose seat i holds hands[i] after the deal; the first draws are `draws`, in order."""
    n = len(hands)
    order = [card for i in range(n) for card in hands[(first_player + i) % n]]
    order += [*market, *draws]
    return tictac_nb.new_game("tic-toc", seed=seed, players=n, first_player=first_player, deck_order=order,
                              **options)


def hand(state, seat):
    """The cards in `seat`'s hand, sorted."""
    return sorted(state.view(seat)["hand"])
