"""Tic Tac K.O. as a learner observes it: a seat's view as a vector of fixed length
(`tictac_nb.core.observation`), for the research adapters. Its parts: the seat's hand, each seat's hand size
and known cards, each team's deck size, discards, completed Objectives and (the seat's own team's) Objective,
each space of the Grid, the top of the stack (depth, event, player, card, space), the verbs open, the
Gridlock, the phase and the active seat. Cards are counted per team and kind, under the options' decks."""

from __future__ import annotations

from typing import Any

from ...core.observation import Encoding, counts, one_hot
from .notation import EVENT_INDEX, PHASE_INDEX, VERB_INDEX


def encoding(state: Any) -> Encoding:
    """The encoding of K.O.'s views under the state's options (players, decks, Grid)."""
    from .tracker import TicTacKOPlaces, TicTacKOTracker  # loaded only when a research tool asks

    n = state.num_players
    every = [(t, card) for t in (0, 1) for card in state.decks[t].cards]
    cards = {(t, card.name): i for i, (t, card) in enumerate(every)}
    most = [float(card.count) for _, card in every]
    kinds = len(cards)
    total = float(sum(most))
    spaces = {label: i for i, label in enumerate(state.labels)}
    objectives = {card.name: i for i, card in enumerate(state.objective_cards)}
    team_of = state.team_of

    def card_counts(out: list[float], team_names: list[tuple[int, str]]) -> None:
        counts(out, cards, team_names, most)

    def body(view: dict, out: list[float]) -> None:
        viewer = view["viewer"]
        hand = [] if viewer is None else view["seats"][viewer]["hand"]
        card_counts(out, [(c["team"], c["name"]) for c in hand])
        for seat, entry in enumerate(view["seats"]):
            out.append(entry["hand_count"] / total)
            card_counts(out, [(team_of[seat], name) for name in entry["known"]])
        for t, team in enumerate(view["teams"]):
            out.append(team["deck_count"] / total)
            card_counts(out, [(t, name) for name in team["discard"]])
            done = [0.0] * len(objectives)
            for objective in team["completed"]:
                done[objectives[objective["name"]]] = 1.0
            out.extend(done)
            one_hot(out, objectives, None if team["objective"] is None else team["objective"]["name"])
        for entry in view["grid"]:
            part = [0.0] * (kinds + 1)
            if entry is not None:
                part[cards[entry["team"], entry["name"]]] = 1.0
                part[kinds] = 1.0 if entry["face_up"] else 0.0
            out.extend(part)
        stack = view["stack"]
        out.append(min(1.0, len(stack) / 10))
        top = stack[-1] if stack else None
        one_hot(out, EVENT_INDEX, None if top is None else top["event"])
        one_hot(out, list(range(n)), None if top is None else top["player"])
        one_hot(out, cards, None if top is None else (top["card"]["team"], top["card"]["name"]))
        one_hot(out, spaces, None if top is None else top["space"])
        verbs = [0.0] * len(VERB_INDEX)
        for verb in view["verbs"] or ():
            verbs[VERB_INDEX[verb]] = 1.0
        out.extend(verbs)
        gridlock = [0.0] * (n + 1)
        if view["gridlock"] is not None:
            gridlock[n] = 1.0
            for seat in view["gridlock"]:
                gridlock[seat] = 1.0
        out.extend(gridlock)
        one_hot(out, PHASE_INDEX, view["phase"])
        one_hot(out, list(range(n)), view["active"])

    objective_count = len(objectives)
    return Encoding(n, [("hand", kinds), ("seats", n * (1 + kinds)),
                        ("teams", 2 * (1 + kinds + 2 * objective_count)), ("grid", len(spaces) * (kinds + 1)),
                        ("stack_depth", 1), ("top_event", 3), ("top_player", n), ("top_card", kinds),
                        ("top_space", len(spaces)), ("verbs", len(VERB_INDEX)), ("gridlock", n + 1),
                        ("phase", len(PHASE_INDEX)), ("active", n)], body, tracker=(TicTacKOPlaces, TicTacKOTracker))
