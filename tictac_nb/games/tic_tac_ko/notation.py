"""Tic Tac K.O. in words: what a player may know (`view`), the public status line, the words for an
action, and why an action is refused. None of it changes the game."""

from __future__ import annotations

from typing import Any

from ...core.engine import excerpt
from .cards import TYPE_WORDS
from .effects import KIND, TEAM, UP, Window

STEP_WORDS = {
    "destroy": "choose an opposing card to DESTROY",
    "sacrifice": "choose one of your cards to SACRIFICE",
    "displace": "choose a card to DISPLACE, then an open space",
    "repel": "choose a card to REPEL into a hand",
    "hypnotize": "choose a face-up card to HYPNOTIZE",
    "awaken": "choose a hypnotized card to AWAKEN",
    "swap": "choose two cards to SWAP",
    "discard": "choose a card to DISCARD",
    "play": "play a Character from your hand",
}
PLAY_KIND_WORDS = {"basic": "a Basic Character", "special": "a Special Character", "character": "a Character"}


def card_name(state, team: int, kind: int) -> str:
    return state.decks[team].cards[kind].name


def step_words(state, effect) -> str:
    step = effect.steps[effect.index]
    if step.alternatives:
        words = " or ".join(a.verb.upper() for a in step.alternatives) + " a card"
    elif step.verb == "play":
        words = f"play {PLAY_KIND_WORDS[step.card]} from your hand"
    elif step.verb == "discard" and effect.left > 1:
        words = f"choose a card to DISCARD ({effect.left} to go)"
    else:
        words = STEP_WORDS.get(step.verb, step.verb.upper())
    return words + (", or skip" if step.optional else "")


def frame_words(state, frame) -> str:
    """One public sentence for a frame of the stack."""
    who = state.player_name(frame.player)
    name = card_name(state, frame.team, frame.kind)
    if frame.__class__ is Window:
        if frame.event == "play":
            where = f" on {state.labels[frame.space]}" if frame.space is not None else ""
            return f"{who} tries to play {name}{where}"
        space = state.space_of(frame.serial)
        where = f" on {state.labels[space]}" if space is not None else ""
        return f"{who} hypnotized {name}{where}"
    return f"{who} resolves {name}"


def status(state) -> str:
    if state.outcome is not None:
        return state.outcome.reason
    mover = state.player_name(state.to_move)
    if state.stack:
        top = state.stack[-1]
        if top.__class__ is Window:
            return f"{frame_words(state, top)}: {mover} may answer with an Instant, or pass"
        return f"{mover} resolves {card_name(state, top.team, top.kind)}: {step_words(state, top)}"
    gridlock = " (Gridlock: open a space!)" if state.gridlock is not None else ""
    if state.stage == "start":
        return f"{mover}'s turn: discard a card to AWAKEN a hypnotized card, or draw{gridlock}"
    if state.stage == "more":
        return f"{mover} may play a second Magic card, or pass"
    return f"{mover}'s turn: play a card, draw a second card, or pass{gridlock}"


def _at(state, label: str) -> str:
    if label in state.labels:
        space = state.labels.index(label)
        cell = state.grid[space]
        if cell is not None:
            return f"{card_name(state, cell[TEAM], cell[KIND])} on space {label}"
        return f"space {label}"
    return label


JOINERS = {"play": " @", "awaken": " discarding ", "displace": " to ", "swap": " with ", "repel": " to "}
FIRST_STEP_WORDS = {"play": "play {}: choose an empty space", "awaken": "AWAKEN {}: choose the card to discard",
                    "displace": "DISPLACE {}: choose an open space", "swap": "SWAP {}: choose the card to swap with",
                    "repel": "REPEL {}: choose the hand it goes into"}


def first_step(action: str) -> str | None:
    """The first of two clicks for `action` ("play Scutters @", "displace 5 to ", ...), or None."""
    verb = action.split(" ", 1)[0]
    joiner = JOINERS.get(verb)
    if joiner is None or joiner not in action:
        return None
    head = action.rpartition(joiner)[0] if verb == "play" else action.partition(joiner)[0]
    return head + joiner


def describe(state, action: str) -> str:
    words = action.split(" ")
    verb = words[0]
    if verb in JOINERS and action.endswith(JOINERS[verb]):
        subject = action[len(verb) + 1:-len(JOINERS[verb])]
        return FIRST_STEP_WORDS[verb].format(subject if verb == "play" else _at(state, subject))
    if action == "draw":
        return "draw, with no AWAKEN (go on to the draw phase)" if state.stage == "start" else \
            "draw a second card instead of playing"
    if action == "pass":
        return "pass, not answering with an Instant" if state.stack else "pass, ending the action phase without playing"
    if action == "skip":
        return "skip this step (it says 'you may')"
    if verb == "play":
        name, _, space = action[5:].partition(" @")
        return f"play {name} on space {space}" if space else f"play the Magic card {name}"
    if verb == "respond":
        return f"answer with the Instant {action[8:]}"
    if verb == "awaken" and " discarding " in action:
        space, _, name = action[7:].partition(" discarding ")
        return f"discard {name} to AWAKEN {_at(state, space)}"
    if verb == "displace":
        source, _, target = action[9:].partition(" to ")
        return f"DISPLACE {_at(state, source)} to space {target}"
    if verb == "swap":
        a, _, b = action[5:].partition(" with ")
        return f"SWAP {_at(state, a)} with {_at(state, b)}"
    if verb == "repel":
        space, _, seat = action[6:].partition(" to ")
        return f"REPEL {_at(state, space)}" + (f" into {seat}'s hand" if seat else " into its player's hand")
    if verb == "discard":
        return f"DISCARD {action[8:]}"
    if len(words) == 2:
        return f"{verb.upper()} {_at(state, words[1])}"
    return action


# ---- refusals ---------------------------------------------------------------------------------
def refusal(state, action: str) -> str:
    """Why `action` is not legal now, naming the rule."""
    text = " ".join(action.split())
    verb = text.split(" ")[0].lower() if text else ""
    mover = state.to_move
    team = state.team_of[mover]
    deck = state.decks[team]
    legal = state.legal_actions()
    if not text:
        return "an empty action: " + _hint(legal)
    meant = {a.lower(): a for a in legal}.get(text.lower())
    if meant is not None:
        return f"write {meant!r} exactly, in that case and without extra spaces"
    if state.stack:
        top = state.stack[-1]
        if top.__class__ is Window:
            return _refuse_answer(state, top, text, verb, mover, deck)
        return _refuse_step(state, top, text, verb)
    if verb == "respond":
        return "nobody is trying to play a card and nothing was hypnotized: there is nothing to answer"
    if state.stage == "start":
        if verb == "awaken":
            return _refuse_awaken(state, text, deck, mover)
        if verb in ("play", "pass"):
            return "first the start of your turn: discard a card to AWAKEN a hypnotized card, or 'draw' to go on"
        return "at the start of your turn: " + _hint(legal)
    if verb == "play":
        return _refuse_play(state, text, deck, mover)
    if verb == "awaken" and " discarding " in text:
        return "the AWAKEN by discarding is only at the start of your turn, before your draw phase"
    if verb == "draw" and state.stage == "more":
        return "with 2 players, after a Magic card you may play a second Magic card or pass, not draw"
    if verb in STEP_WORDS or verb == "skip":
        return f"{verb!r} belongs to a card's effect, and no effect is under way"
    return f"{excerpt(text, 27)} is not an action of Tic Tac K.O.: " + _hint(legal)


def _hint(legal) -> str:
    kinds: list[str] = []
    for action in legal:
        head = action.split(" ")[0]
        example = action
        if head not in [k.split(" ")[0] for k in kinds]:
            kinds.append(example)
    return "you may " + ", ".join(repr(k) for k in kinds[:6]) + (" …" if len(kinds) > 6 else "")


def _refuse_answer(state, window, text, verb, mover, deck) -> str:
    what = frame_words(state, window)
    if verb != "respond":
        return f"{what}: {state.player_name(mover)} may only answer ('respond NAME') or 'pass'"
    name = text[8:].strip()
    if name not in deck.index:
        return f"the {deck.title} deck has no card {excerpt(name, 27)}"
    card = deck.cards[deck.index[name]]
    if card.type != "instant":
        return f"{name} is a {TYPE_WORDS[card.type]} card; only Instants answer"
    if deck.index[name] not in state.hands[mover]:
        return f"{state.player_name(mover)} has no {name} in hand"
    if card.trigger != window.event:
        trigger = "a player tries to play a card" if card.trigger == "play" else "a player hypnotizes a card"
        return f"{name} answers when {trigger}, not this"
    attempted = state.decks[window.team].cards[window.kind]
    if window.event == "play" and attempted.type not in card.trigger_types:
        return f"{name} answers only {' or '.join(TYPE_WORDS[t] for t in sorted(card.trigger_types))} cards"
    if window.event == "play" and window.unstoppable:
        return f"{attempted.name} cannot be stopped"
    return f"{name} would do nothing here: {card.effect[0].words()} has nothing to take"


def _refuse_step(state, effect, text, verb) -> str:
    step = effect.steps[effect.index]
    name = card_name(state, effect.team, effect.kind)
    doing = f"{name} asks {state.player_name(effect.player)} to {step_words(state, effect)}"
    verbs = [a.verb for a in step.alternatives] or [step.verb]
    if verb == "skip":
        return f"{name}'s {step.words()} is not a 'you may': it must be done"
    if verb not in verbs:
        return doing
    parts = text.split(" ")
    if verb in ("destroy", "sacrifice", "hypnotize", "awaken", "displace", "swap", "repel") and len(parts) >= 2:
        label = parts[1]
        if label not in state.labels:
            return f"there is no space {excerpt(label, 27)} on this Grid (spaces: {' '.join(state.labels)})"
        space = state.labels.index(label)
        cell = state.grid[space]
        if cell is None:
            return f"space {label} is empty"
        own = cell[TEAM] == effect.team
        if verb == "destroy" and own:
            return "DESTROY takes only the opposing team's cards"
        if verb == "sacrifice" and not own:
            return "SACRIFICE takes only your own team's cards"
        if verb == "hypnotize" and not cell[UP]:
            return f"the card on {label} is already hypnotized"
        if verb == "awaken" and cell[UP]:
            return f"the card on {label} is not hypnotized"
        if not own and state.protected(space, verb, effect.team):
            return f"an ongoing effect protects the card on {label} from {verb.upper()}"
        if verb == "displace" and len(parts) == 4 and parts[3] in state.labels and \
                state.grid[state.labels.index(parts[3])] is not None:
            return f"DISPLACE moves a card to an open space, and space {parts[3]} is taken"
        completions = [a for a in state.legal_actions() if a.startswith(f"{verb} {label} ")]
        if completions:
            return "finish the action: " + " or ".join(repr(a) for a in completions[:4])
        return f"{name} cannot {verb.upper()} the card on {label}: {doing}"
    if verb == "discard":
        return f"{state.player_name(effect.player)} has no {excerpt(text[8:], 27)} in hand"
    if verb == "play":
        return _refuse_play(state, text, state.decks[effect.team], effect.player, wanted=step.card)
    return doing


def _refuse_awaken(state, text, deck, mover) -> str:
    label, _, name = text[7:].partition(" discarding ")
    if label not in state.labels:
        return f"there is no space {excerpt(label, 27)} on this Grid"
    cell = state.grid[state.labels.index(label)]
    if cell is None or cell[UP]:
        return f"AWAKEN flips a hypnotized card, and the card on {label} is not one" if cell else \
            f"space {label} is empty"
    if not name:
        return "say which card you discard: 'awaken 5 discarding NAME'"
    if name not in deck.index or deck.index[name] not in state.hands[mover]:
        return f"{state.player_name(mover)} has no {excerpt(name, 27)} in hand to discard"
    return "you may AWAKEN only once, at the start of your turn"


def _refuse_play(state, text, deck, mover, wanted: str | None = None) -> str:
    name, at, label = text[5:].partition(" @")
    name = name.strip()
    if name not in deck.index:
        return f"the {deck.title} deck has no card {excerpt(name, 27)}"
    kind = deck.index[name]
    card = deck.cards[kind]
    who = state.player_name(mover)
    if kind not in state.hands[mover]:
        return f"{who} has no {name} in hand"
    if wanted is not None:
        if not card.is_character or wanted != "character" and card.type != wanted:
            return f"this effect plays {PLAY_KIND_WORDS[wanted]}, and {name} is a {TYPE_WORDS[card.type]} card"
    if card.type == "instant":
        return f"{name} is an Instant: it is played only in answer to its trigger ('respond {name}')"
    if card.type == "magic":
        if at:
            return f"a Magic card is not placed on the Grid: write 'play {name}'"
        if state.stage == "more" and state.magic_played >= 2:
            return "with 2 players you may play at most 2 Magic cards in a turn"
        return f"{name} would do nothing now: its first step, {card.effect[0].words()}, has nothing to take"
    if state.stage == "more":
        return "with 2 players, after a Magic card you may play only a second Magic card, not a Character"
    if not at:
        return f"say where {name} goes: 'play {name} @5'"
    if label not in state.labels:
        return f"there is no space {excerpt(label, 27)} on this Grid (spaces: {' '.join(state.labels)})"
    if state.grid[state.labels.index(label)] is not None:
        return f"space {label} is taken: a Character is played onto an empty space"
    return f"{name} cannot be played now"


# ---- the view ---------------------------------------------------------------------------------
def _card(state, team: int, kind: int) -> dict[str, Any]:
    card = state.decks[team].cards[kind]
    return {"name": card.name, "type": card.type, "text": card.text, "short": card.short, "team": team,
            "design": card.design}


def _objective(state, index: int) -> dict[str, Any]:
    return {"name": state.objective_cards[index].name,
            "spaces": [state.labels[s] for s in state.objective_spaces[index]]}


def phase(state) -> str:
    """The decision at hand: "answer" (an answer window), "effect" (a step of an effect), or the stage of
    the turn: "start" (AWAKEN or draw), "action", "more" (a second Magic card, 2 players)."""
    if state.stack:
        return "answer" if state.stack[-1].__class__ is Window else "effect"
    return state.stage


def view_body(state, viewer: int | None) -> dict:
    my_team = None if viewer is None else state.team_of[viewer]
    names = [[c.name for c in deck.cards] for deck in state.decks]
    seats = []
    for p in range(state.num_players):
        team = state.team_of[p]
        seats.append({
            "team": team, "hand_count": len(state.hands[p]),
            "hand": [_card(state, team, k) for k in state.hands[p]] if p == viewer else None,
            "known": [names[team][k] for k in state.known[p]],
        })
    teams = []
    for t in (0, 1):
        current = state.objective[t]
        teams.append({
            "name": state.team_names[t], "deck": state.decks[t].name, "members": list(state.members[t]),
            "deck_count": len(state.piles[t]), "discard": [names[t][k] for k in state.discards[t]],
            "completed": [_objective(state, i) for i in state.completed[t]],
            "objective": _objective(state, current) if my_team == t and current is not None else None,
        })
    grid: list[dict[str, Any] | None] = []
    for space, cell in enumerate(state.grid):
        if cell is None:
            grid.append(None)
            continue
        entry = _card(state, cell[TEAM], cell[KIND])
        entry["face_up"] = cell[UP]
        entry["space"] = state.labels[space]
        grid.append(entry)
    verbs = None
    if state.outcome is None and state.stack and state.stack[-1].__class__ is not Window:
        step = state.stack[-1].steps[state.stack[-1].index]
        verbs = [a.verb for a in step.alternatives] or [step.verb]
    return {
        "size": state.size,
        "labels": list(state.labels),
        "seats": seats,
        "teams": teams,
        "grid": grid,
        "active": None if state.outcome is not None else state.active,
        "verbs": verbs,
        "stack": [_frame(state, frame) for frame in state.stack],
        "gridlock": None if state.gridlock is None else sorted(state.gridlock),
        "log": state.events(),
        "prompt": _prompt(state, viewer),
    }


def _frame(state, frame) -> dict[str, Any]:
    window = frame.__class__ is Window
    event = frame.event if window else "effect"
    space = frame.space if window and event == "play" else None
    return {"words": frame_words(state, frame), "event": event, "player": frame.player,
            "card": _card(state, frame.team, frame.kind), "space": None if space is None else state.labels[space]}


def _prompt(state, viewer: int | None) -> str | None:
    """What the viewer is asked to do right now, if anything."""
    if viewer is None or state.outcome is not None or viewer != state.to_move:
        return None
    if state.stack and state.stack[-1].__class__ is Window:
        found = [a for a in state.legal_actions() if a.startswith("respond ")]
        if found:
            return f"{frame_words(state, state.stack[-1])}. Answer with an Instant?"
        return f"{frame_words(state, state.stack[-1])}. You hold no Instant that answers it: pass."
    return status(state)


# ---- numbers for tools ------------------------------------------------------------------------
PHASE_INDEX = {"start": 0, "action": 1, "more": 2, "answer": 3, "effect": 4}
"""The phases, the verbs and the stack's events in a fixed order, as tools number them."""
VERB_INDEX = {verb: i for i, verb in enumerate(
    ("destroy", "sacrifice", "displace", "repel", "hypnotize", "awaken", "swap", "discard", "play"))}
EVENT_INDEX = {"play": 0, "hypnotize": 1, "effect": 2}


# ---- every action ------------------------------------------------------------------------------
TARGET_VERBS = ("destroy", "sacrifice", "hypnotize", "awaken", "repel")


def every_action(state) -> tuple[str, ...]:
    """Every action the notation can write under `state`'s options (decks, Grid, players), each once, in a
    fixed order: the words above for every card of either deck of the right type, every space and seat.
    It reads only the options, never a hand or a pile, so it is the same for every deal."""
    labels, seats = state.labels, range(state.num_players)
    cards = list(dict.fromkeys(card for deck in state.decks for card in deck.cards))
    names = list(dict.fromkeys(card.name for card in cards))
    characters = list(dict.fromkeys(card.name for card in cards if card.is_character))
    magic = list(dict.fromkeys(card.name for card in cards if card.type == "magic"))
    instants = list(dict.fromkeys(card.name for card in cards if card.type == "instant"))
    actions = ["draw", "pass", "skip"]
    actions += [f"play {name}" for name in magic]
    actions += [f"play {name} @{label}" for name in characters for label in labels]
    actions += [f"respond {name}" for name in instants]
    actions += [f"discard {name}" for name in names]
    actions += [f"awaken {label} discarding {name}" for label in labels for name in names]
    actions += [f"{verb} {label}" for verb in TARGET_VERBS for label in labels]
    actions += [f"displace {a} to {b}" for a in labels for b in labels if a != b]
    actions += [f"swap {a} with {b}" for a in labels for b in labels if a != b]
    actions += [f"repel {label} to {state.player_name(seat)}" for label in labels for seat in seats]
    return tuple(actions)
