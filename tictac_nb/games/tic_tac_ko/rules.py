"""Tic Tac K.O.: Cute vs Evil. Two teams play Character cards onto a Grid to claim the spaces of
their secret Objective, and Magic and Instant cards to knock each other's plans over.

Rules (the rulebook, and this kit's rulings where it is silent):
- Two teams, each with one deck (option `decks`, default Evil for team A, Cute for team B), one discard
  pile and one secret Objective, seen by both teammates. Hands are private, also from teammates.
- Seats: 4 players: seat 0 and 2 are team A, seats 1 and 3 team B, turns 0, 1, 2, 3. 3 players: seats 0 and
  2 are team A, seat 1 is team B's solo player, who takes a turn between each of the others' turns
  (0, 1, 2, 1) and starts with 7 cards. 2 players: one each, 6 cards. Otherwise 5 cards each.
  `first_team` (random by seed when not given) starts, with its lower seat.
- Grid: standard 3x3, spaces 1-9 row by row; advanced 4x4: 1-9 top left, A B C down the right column,
  D E F G along the bottom row. Adjacent means orthogonally next to.
- A turn: start (once, optionally: discard a card to AWAKEN a hypnotized card), draw phase (draw 1), action
  phase: play a Character onto an empty space, or play a Magic card, or draw a second card, or pass.
  With 2 players the action may be 1 Character or up to 2 Magic cards (after the first Magic card:
  play a second one, or pass).
- Playing a card is an attempt: every other player, in turn order from the player who plays it, may
  answer with an Instant whose trigger it meets (or pass). Answers are attempts too, so Instants answer
  Instants; the last one played resolves first. A stopped card goes to its team's discard pile and still
  uses its player's action. "Cannot be stopped" means no Instant can stop it. Hypnotizing a card opens the
  same kind of window for the "hypnotize" trigger. Each player answers one window at most once.
- A resolved Character enters the Grid: face up, claiming its space for its team, and its "when this card
  enters the Grid" steps are done. Magic and Instant cards go to the discard pile and their steps are done.
- Verbs: DRAW, DISCARD (from hand), DESTROY (an opposing card on the Grid, to its discard pile), DISPLACE
  (a card to an open space), SACRIFICE (one of your cards on the Grid), REPEL (a Grid card into the hand
  of a player of its team, face up or hypnotized), HYPNOTIZE (flip face down: it claims nothing and has no
  effect), AWAKEN (flip face up; no "enters the Grid" effect), SWAP (two Grid cards exchange places).
  REPEL may take a hypnotized card too (the HYPNOTIZE rule names it). A card moved inside the Grid
  (DISPLACE, SWAP) or AWAKENed does not enter the Grid again: its "enters the Grid" steps are not done.
- End of every turn: each team whose Objective is complete (all its spaces hold that team's face-up
  Characters) reveals it, the active team first: those cards go to the team's discard pile, the team
  takes a new Objective. The first team with 3 completed Objectives wins at once.
- A team whose deck becomes empty loses at once, even in the middle of an effect.
- Gridlock: if the Grid has no empty space at the start of a turn and the player does not play a card,
  Gridlock is declared; every player then has one turn; if the Grid has an empty space at the end of one of
  those turns, Gridlock is over, else after all of them each team sacrifices all its Special Characters
  (hypnotized ones too).

For players (the rules page of the print sheet):
- Two teams, Evil and Cute, each with its own deck, discard pile and secret Objective (teammates share it;
  hands are secret, even from teammates). Decide which team starts.
- Players: with 4, teammates sit across and turns alternate teams. With 3, one player is alone on a team,
  takes a turn after each of the others and starts with 7 cards. With 2, one each, 6 cards. Otherwise 5.
- The Grid: 3 by 3 (spaces 1-9), or the advanced 4 by 4. "Adjacent" means next to, not diagonally.
- Your turn: you may first discard a card to AWAKEN a hypnotized card; draw 1 card; then play a Character
  onto an empty space, or play a Magic card, or draw a second card, or pass. With 2 players you may play 1
  Character or up to 2 Magic cards.
- Every card played may be answered: each other player in turn may play an Instant whose trigger it meets,
  or pass. Instants may answer Instants; the last one played happens first. A stopped card goes to the
  discard pile and still uses up the action.
- A Character that enters the Grid claims its space for its team and does its "enters the Grid" effect.
  Magic and Instant cards go to the discard pile after their effect.
- Verbs: DESTROY (an opposing card, to its discard pile), DISPLACE (move a card to an open space),
  SACRIFICE (one of your own cards), REPEL (a card back to a hand of its team), HYPNOTIZE (turn face down:
  it claims nothing), AWAKEN (turn face up), SWAP (two cards trade places). A card moved or AWAKENed does
  not do its "enters the Grid" effect again.
- End of every turn: a team whose Objective's spaces all hold its face-up Characters reveals it, discards
  those cards and takes a new Objective. The first team with 3 Objectives wins. A team whose deck runs out
  loses at once.
- Gridlock: if the Grid is full and the player plays no card, everyone gets one more turn; if the Grid is
  still full, each team sacrifices all its Special Characters.
- There is no hand limit. Discard piles are public, and so are cards REPELled into a hand.

Rulings of this kit, where the rulebook is silent:
- The rulebook names example cards, not the decks: every card it names (King Creepy, Hare Raiser, Free
  Hugs, Evil Spawn, Stink Bomb, Cave of Nightmares, Friendship Circle, Creeping Doom, Scutters, Lil' Red,
  Mumbles) keeps its printed effect; the rest of the 40 + 40 cards and the 12 Objectives are the kit's
  design, written as data a teacher can read and edit (cards.py), each built from the rulebook's verbs.
- The rulebook sets no hand limit; this kit has none.
- Each team's first Objective is dealt by the seed (option `objectives` fixes it); a completed Objective
  is replaced from the Objective deck.
- Scutters and Mumbles are Basic Evil cards, Lil' Red a Basic Cute card; Stink Bomb is a Cute Magic card.
- A Magic card (or an Instant) may be played only if its first step would do something now ("you may"
  steps and DRAW always can); a later step with nothing to take is skipped.
- An effect's "play" (Free Hugs, Cave of Nightmares) is an attempt that Instants may answer too.
- A Character that waits for answers keeps its chosen space; if the space is filled when it resolves,
  the card goes to its discard pile.
- DESTROY "any Character card" takes opposing cards only (DESTROY's own definition); so Cave of
  Nightmares answers only the hypnotizing of an opposing card.
- The player who causes a trigger does not answer it; answers go round in turn order from that player
  (with 3 players, the order of the turn cycle from that player's current or next turn).
  A hypnotize window closes once the hypnotized card has left the Grid (nothing is left to answer).
- An Objective is checked once per team at the end of each turn; a new one is first checked at the end
  of the next turn.
- Discard piles are public; so are cards REPELled into a hand (until played or discarded). Hypnotized
  cards lie face down but everyone saw them enter, so their names are public.
- An ongoing protection ("cannot be DESTROYED") works against the opposing team only, and only while its
  card is face up.
- The 2-player second Magic card is offered even when the player holds none (so the table learns
  nothing), and a stopped card counts as played.
- `action_cap` (default 5000) ends a game that reaches that many actions as a draw. With the kit's decks it
  never triggers (every turn draws from a deck and nothing returns cards to a deck, so a game lasts at most
  about 70 turns); it guards home-made cards that loop.

Notation (each decision is one action):
    draw                         go on to the draw phase (start of turn) / draw a second card (action phase)
    pass                         end the action phase without playing / do not answer with an Instant
    awaken 5 discarding Scutters start of turn: discard a card to AWAKEN the card on 5
    play King Creepy @5          play a Character onto space 5 (also an effect's "play a Basic card")
    play Evil Spawn              play a Magic card
    respond Friendship Circle    answer the card being played (or the hypnotized card) with an Instant
    destroy 5, sacrifice 5, hypnotize 5, awaken 5     an effect's target
    displace 5 to 3, swap 5 with 8, repel 5, repel 5 to Cute 2, discard Lil' Red
    skip                         do not do a "you may" step

Options: players (2, 3, 4), grid ("standard", "advanced"), decks (deck of team A and of team B),
first_team (0: team A, 1: team B, None: by seed), order (per team, card names put on top of the deck,
first = top; hands are dealt from the top, seat by seat), objectives (per team, its first Objective),
layout (cards on the Grid at the start: {"5": "Scutters", "1": "Lil' Red (hypnotized)"}), skip_unable
(do not ask players who hold no Instant that could answer; faster, but being asked then tells the table
you hold one), cards (TOML text adding or changing cards, see cards.py), action_cap.
"""

from __future__ import annotations

import functools
import random
from bisect import insort
from collections import Counter
from typing import TYPE_CHECKING, Any, cast

from ...core.engine import InvalidOption, Outcome, State, Target, excerpt
from ...core.frozen import FrozenDict, thaw
from . import notation
from .cards import ADVANCED_SPACES, STANDARD_SPACES, CardError, Deck, builtin_objectives, decks_with
from .effects import KIND, TEAM, UP, Effect, Host, Verbs, Window

SEATS: dict[int, tuple[tuple[int, ...], ...]] = {2: ((0,), (1,)), 3: ((0, 2), (1,)), 4: ((0, 2), (1, 3))}
CYCLES = {2: (0, 1), 3: (0, 1, 2, 1), 4: (0, 1, 2, 3)}
HAND_SIZES = {2: (6, 6), 3: (5, 7, 5), 4: (5, 5, 5, 5)}
WIN = 3


def _pairs(value: Any, what: str, item) -> tuple | None:
    if value is None:
        return None
    if not isinstance(value, (list, tuple)) or len(value) != 2:
        raise InvalidOption(f"must be a pair (team A's, team B's) of {what}, not {excerpt(value)}")
    return tuple(item(v) for v in value)


def check_decks(value: Any) -> tuple[str, str]:
    if value is None:
        raise InvalidOption("must name two decks like ('evil', 'cute'), not None")

    def name(v: Any) -> str:
        if not isinstance(v, str):
            raise InvalidOption(f"must name two decks like ('evil', 'cute'), not {excerpt(value)}")
        return v
    pair = _pairs(value, "deck names", name)
    assert pair is not None  # value is not None
    return pair


def check_order(value: Any) -> tuple | None:
    def names(v: Any) -> tuple[str, ...] | None:
        if v is None:
            return None
        if not isinstance(v, (list, tuple)) or not all(isinstance(n, str) for n in v):
            raise InvalidOption(f"must give each team None or a list of card names (top first), not {excerpt(value)}")
        return tuple(v)
    return _pairs(value, "card name lists", names)


def check_objectives(value: Any) -> tuple | None:
    def name(v: Any) -> str | None:
        if v is not None and not isinstance(v, str):
            raise InvalidOption(f"must give each team None or an Objective's name, not {excerpt(value)}")
        return v
    return _pairs(value, "Objective names", name)


def check_layout(value: Any) -> dict | None:
    if value is None:
        return None
    if not isinstance(value, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in value.items()):
        raise InvalidOption(f"must map spaces to card names, like {{'5': 'Scutters'}}, not {excerpt(value)}")
    return dict(value)


def check_cards(value: Any) -> str | None:
    if value is None:
        return None
    if not isinstance(value, str):
        raise InvalidOption(f"must be TOML text with [[card]] tables, not {type(value).__name__}")
    try:
        decks_with(value)
    except CardError as error:
        raise InvalidOption(str(error)) from None
    return value


def grid_shape(size: int) -> tuple[tuple[str, ...], tuple[tuple[int, ...], ...]]:
    labels = STANDARD_SPACES if size == 3 else ADVANCED_SPACES
    adjacent = []
    for i in range(size * size):
        row, col = divmod(i, size)
        adjacent.append(tuple(r * size + c for r, c in ((row - 1, col), (row + 1, col), (row, col - 1),
                                                          (row, col + 1)) if 0 <= r < size and 0 <= c < size))
    return labels, tuple(adjacent)


@functools.lru_cache(maxsize=128)
def _texts(deck: Deck, labels: tuple[str, ...]) -> tuple[tuple[str, ...], ...]:
    """`play NAME @SPACE` for each card of `deck` and each space, made once."""
    return tuple(tuple(f"play {card.name} @{label}" for label in labels) for card in deck.cards)


class TicTacKO(Verbs, State):
    """A position of Tic Tac K.O."""

    _legal: tuple[str, ...]
    _moves: dict[str, tuple]
    """The decision at hand: each legal action and what it does."""

    def every_action(self) -> list[str]:
        """Every action the notation can write under the options, for tools that number them (`notation`)."""
        return list(notation.every_action(self))

    # ---- setting up -----------------------------------------------------------------------------
    def setup(self, rng: random.Random) -> None:
        o = self.options
        self._choose_decks(o["cards"], o["decks"])
        self._seat(o["players"])
        self._shape(o["grid"])
        self.skip_unable = o["skip_unable"]
        self.cap = o["action_cap"]
        first = o["first_team"] if o["first_team"] is not None else rng.randrange(2)
        self._deal(rng, o["order"] or (None, None))
        self._deal_objectives(rng)
        self._record_setup(first)
        self.completed: list[list[int]] = [[], []]
        self.stack: list = []
        self.log: tuple | None = None
        self.actions = 0
        self.gridlock: frozenset | None = None
        self.gridlock_new = False
        self.outcome = None
        self.pos = self.cycle.index(self.members[first][0])
        self._begin_turn()
        self._advance()

    def _choose_decks(self, cards: str | None, names: tuple[str, str]) -> None:
        try:
            available = decks_with(cards)
        except CardError as error:  # pragma: no cover - the option check refuses it first
            raise InvalidOption(str(error)) from None
        for name in names:
            if name not in available:
                raise InvalidOption(f"option 'decks': there is no deck '{name}' (decks: {', '.join(available)})")
        self.decks = tuple(available[name] for name in names)
        self.guards = tuple(any(card.protect for card in deck.cards) for deck in self.decks)

    def _seat(self, n: int) -> None:
        """Teams, turn cycle and names of `n` players."""
        self.num_players = n
        self.members = SEATS[n]
        self.team_of = tuple(0 if p in self.members[0] else 1 for p in range(n))
        self.cycle = CYCLES[n]
        titles = [deck.title for deck in self.decks]
        if titles[0] == titles[1]:
            titles = [f"{titles[0]} A", f"{titles[1]} B"]
        self.team_names = tuple(titles)
        self.player_names = tuple(
            self.team_names[self.team_of[p]] + (f" {self.members[self.team_of[p]].index(p) + 1}"
                                                 if len(self.members[self.team_of[p]]) > 1 else "")
            for p in range(n))

    def _shape(self, grid: str) -> None:
        """The Grid's spaces, their neighbours, and where each Objective lies on it."""
        size = self.size = 3 if grid == "standard" else 4
        self.labels, self.adjacent = grid_shape(size)
        self.play_texts = tuple(_texts(deck, self.labels) for deck in self.decks)
        self.objective_cards = builtin_objectives()
        self.objective_spaces = tuple(
            tuple(self.labels.index(s) for s in (obj.standard if size == 3 else obj.advanced))
            for obj in self.objective_cards)
        self.grid: list[tuple | None] = [None] * (size * size)
        self.serial = 0

    def _deal(self, rng: random.Random, tops: tuple) -> None:
        """The layout onto the Grid, each deck shuffled under its fixed top cards, then the hands."""
        n = self.num_players
        piles = [self.decks[t].contents() for t in (0, 1)]
        self._lay_out(piles)
        for team in (0, 1):
            top = self._take(piles[team], tops[team] or (), team, "order")
            rng.shuffle(piles[team])
            piles[team].extend(reversed(top))
            needed = sum(HAND_SIZES[n][p] for p in self.members[team])
            if len(piles[team]) <= needed:
                raise InvalidOption(f"option 'decks': the {self.team_names[team]} deck has {len(piles[team])} cards "
                                    f"to deal, and its players need {needed} and one more to draw")
        self.piles = piles
        self.hands = [sorted(piles[self.team_of[p]].pop() for _ in range(HAND_SIZES[n][p])) for p in range(n)]
        self.known: list[list[int]] = [[] for _ in range(n)]
        self.discards: list[list[int]] = [[], []]

    def _take(self, pile: list[int], names: tuple[str, ...], team: int, option: str) -> list[int]:
        deck = self.decks[team]
        taken = []
        for name in names:
            kind = deck.index.get(name)
            if kind is None:
                raise InvalidOption(f"option {option!r}: the {deck.title} deck has no card '{name}'")
            if kind not in pile:
                raise InvalidOption(f"option {option!r}: the {deck.title} deck has no more copies of '{name}' "
                                    f"({deck.cards[kind].count} in all)")
            pile.remove(kind)
            taken.append(kind)
        return taken

    def _lay_out(self, piles: list[list[int]]) -> None:
        for label, text in (self.options["layout"] or {}).items():
            if label not in self.labels:
                raise InvalidOption(f"option 'layout': there is no space {label!r} on the {self.options['grid']} "
                                    f"Grid (spaces: {' '.join(self.labels)})")
            name, up = text, True
            if name.endswith("(hypnotized)"):
                name, up = name[: -len("(hypnotized)")].strip(), False
            teams = [t for t in (0, 1) if name in self.decks[t].index]
            for t in (0, 1):
                prefix = f"{self.team_names[t]}:"
                if name.startswith(prefix):
                    name, teams = name[len(prefix):].strip(), [t]
            if len(teams) != 1 or not self.decks[teams[0]].cards[self.decks[teams[0]].index.get(name, 0)].is_character:
                if len(teams) > 1:
                    raise InvalidOption(f"option 'layout': both decks have '{name}'; write "
                                        f"'{self.team_names[0]}: {name}' or '{self.team_names[1]}: {name}'")
                raise InvalidOption(f"option 'layout': '{name}' is not a Character card of either deck")
            team = teams[0]
            kind = self._take(piles[team], (name,), team, "layout")[0]
            self.serial += 1
            self.grid[self.labels.index(label)] = (team, kind, up, self.serial)

    def _deal_objectives(self, rng: random.Random) -> None:
        names = [obj.name for obj in self.objective_cards]
        deck = list(range(len(names)))
        fixed = self.options["objectives"] or (None, None)
        chosen: list[int | None] = [None, None]
        for team in (0, 1):
            wanted = fixed[team]
            if wanted is not None:
                if wanted not in names:
                    raise InvalidOption(f"option 'objectives': no Objective is called {wanted!r} "
                                        f"(Objectives: {', '.join(names)})")
                index = names.index(wanted)
                if index not in deck:
                    raise InvalidOption("option 'objectives': both teams cannot start with the same Objective")
                deck.remove(index)
                chosen[team] = index
        rng.shuffle(deck)
        for team in (0, 1):
            if chosen[team] is None:
                chosen[team] = deck.pop()
        self.objective = chosen
        self.objective_deck = deck

    # ---- the turn -------------------------------------------------------------------------------
    @property
    def active(self) -> int:
        return self.cycle[self.pos]

    def others(self, player: int) -> list[int]:
        """Every other player in turn order from `player` (with 3 players the solo player takes every
        other turn: the order follows the cycle from `player`'s own or next turn)."""
        cycle, size = self.cycle, len(self.cycle)
        start = next(i for i in range(self.pos, self.pos + size) if cycle[i % size] == player)
        found: list[int] = []
        for i in range(start + 1, start + size):
            seat = cycle[i % size]
            if seat != player and seat not in found:
                found.append(seat)
        return found

    def note(self, words: str) -> None:
        self.log = (words, self.log)

    def _begin_turn(self) -> None:
        self.stage = "start"
        self.magic_played = 0
        self.character_played = False
        self.full_at_start = None not in self.grid
        self.note(f"{self.player_name(self.active)}'s turn")

    def draw(self, player: int, count: int) -> None:
        team = self.team_of[player]
        pile, hand = self.piles[team], self.hands[player]
        for _ in range(count):
            insort(hand, pile.pop())
            if not pile:
                self.note(f"the {self.team_names[team]} deck is empty")
                self._finish(1 - team, f"{self.team_names[1 - team]} wins: the {self.team_names[team]} deck ran out")
                return

    def _finish(self, team: int | None, reason: str, timed_out: bool = False) -> None:
        winners = () if team is None else tuple(self.members[team])
        self.outcome = Outcome(winners, self.current_scores(), reason, timed_out)
        self.to_move = None
        self._legal, self._moves = (), {}

    def try_play(self, player: int, kind: int, space: int | None) -> None:
        """A player tries to play a card from hand: it waits for every other player's answer."""
        team = self.team_of[player]
        card = self.decks[team].cards[kind]
        self.take_from_hand(player, kind)
        where = f" on {self.labels[space]}" if space is not None else ""
        self.note(f"{self.player_name(player)} tries to play {card.name}{where}")
        self.stack.append(Window("play", player, team, kind, space, None, card.unstoppable, self.others(player)))

    def _resolve(self, window: Window) -> None:
        """Nobody (else) answers: the card is played."""
        team, kind = window.team, window.kind
        card = self.decks[team].cards[kind]
        if window.event != "play":
            return
        if card.is_character:
            space = window.space
            assert space is not None  # a Character is always tried onto a space
            if self.grid[space] is not None:
                self.discards[team].append(kind)
                self.note(f"space {self.labels[space]} was filled meanwhile: {card.name} goes to the discard pile")
                return
            self.serial += 1
            self.grid[space] = (team, kind, True, self.serial)
            self.note(f"{card.name} enters the Grid on {self.labels[space]}")
            if card.enter:
                self.stack.append(Effect(window.player, team, kind, self.serial, card.enter))
            return
        self.discards[team].append(kind)
        self.note(f"{card.name} is played")
        subject = len(self.stack) - 1 if card.type == "instant" else None
        self.stack.append(Effect(window.player, team, kind, None, card.effect, subject))

    def _advance(self) -> None:
        """Do everything that needs nobody's decision, up to the next decision or the end."""
        while self.outcome is None:
            if self.stack:
                top = self.stack[-1]
                found = self._window_decision(top) if top.__class__ is Window else self._step_decision(top)
            else:
                found = self._turn_decision()
            if found:
                return
        self.to_move = None

    def _window_decision(self, window: Window) -> bool:
        """Ask the next player of an answer window, or close it and resolve its card."""
        queue = window.queue
        if window.event == "hypnotize" and queue and self.space_of(window.serial) is None:
            queue.clear()  # the hypnotized card left the Grid: nothing is left to answer
        if self.skip_unable:
            while queue and not self.answers(queue[0], window):
                queue.pop(0)
        if queue:
            self._decide(queue[0], {**self.answers(queue[0], window), "pass": (TicTacKO._decline,)})
            return True
        self.stack.pop()
        self._resolve(window)
        return False

    def _step_decision(self, effect: Effect) -> bool:
        """Do the next step of an effect, or ask its player to choose for it."""
        if effect.index >= len(effect.steps):
            self.stack.pop()
            return False
        step = effect.steps[effect.index]
        if step.if_previous and not effect.done:
            effect.index += 1
            return False
        if step.verb in ("draw", "stop"):
            effect.done = True
            effect.index += 1
            self.draw(effect.player, step.count) if step.verb == "draw" else self.stop(effect)
            return False
        if step.verb == "discard" and effect.left == 0:
            effect.left = step.count
        moves = self.step_choices(effect, step)
        if not moves:
            effect.done, effect.left = False, 0
            effect.index += 1
            return False
        if step.optional:
            moves["skip"] = ("skip",)
        self._decide(effect.player, moves)
        return True

    def _turn_decision(self) -> bool:
        """The active player's decision at this stage of the turn (or the next stage when none is due)."""
        stage = self.stage
        if stage == "start":
            moves = self._awaken_choices()
            if moves:
                moves["draw"] = (TicTacKO._go_draw,)
                self._decide(self.active, moves)
                return True
            self._draw_phase()
        elif stage in ("action", "more"):
            self._decide(self.active, self._action_choices())
            return True
        elif stage == "resolving":
            more = self.num_players == 2 and self.magic_played == 1 and not self.character_played
            self.stage = "more" if more else "end"
        else:
            self._end_turn()
        return False

    def _decide(self, player: int, moves: dict[str, tuple]) -> None:
        self.to_move = player
        self._moves = moves
        self._legal = tuple(moves)

    def _draw_phase(self) -> None:
        self.stage = "action"
        self.draw(self.active, 1)

    def _awaken_choices(self) -> dict[str, tuple]:
        hand = self.hands[self.active]
        sleeping = [s for s, cell in enumerate(self.grid) if cell is not None and not cell[UP]]
        if not hand or not sleeping:
            return {}
        cards = self.decks[self.team_of[self.active]].cards
        return {f"awaken {self.labels[s]} discarding {cards[k].name}": (TicTacKO._awaken_start, s, k)
                for s in sleeping for k in sorted(set(hand))}

    def _action_choices(self) -> dict[str, tuple]:
        player = self.active
        team = self.team_of[player]
        cards = self.decks[team].cards
        hand = self.hands[player]
        moves: dict[str, tuple] = {}
        more = self.stage == "more"
        if not more:
            moves.update({action: (TicTacKO._play_action, k, s)
                          for action, (_, k, s) in self.play_choices(player, "character").items()})
        for k in sorted(set(hand)):
            card = cards[k]
            if card.type == "magic" and self.step_possible(Effect(player, team, k, None, card.effect),
                                                           card.effect[0], len(hand) - 1):
                moves[f"play {card.name}"] = (TicTacKO._play_action, k, None)
        if not more:
            moves["draw"] = (TicTacKO._draw_second,)
        moves["pass"] = (TicTacKO._end_action,)
        return moves

    def answers(self, player: int, window: Window) -> dict[str, tuple]:
        """`respond NAME` for each Instant in `player`'s hand that may answer `window`."""
        team = self.team_of[player]
        cards = self.decks[team].cards
        hand = self.hands[player]
        moves = {}
        kind_of_card = self.decks[window.team].cards[window.kind].type
        subject = len(self.stack) - 1  # the window being answered is on top of the stack
        for k in sorted(set(hand)):
            card = cards[k]
            if card.type != "instant" or card.trigger != window.event:
                continue
            if window.event == "play" and kind_of_card not in card.trigger_types:
                continue
            if self.step_possible(Effect(player, team, k, None, card.effect, subject), card.effect[0], len(hand) - 1):
                moves[f"respond {card.name}"] = (TicTacKO._respond, k)
        return moves

    def _end_turn(self) -> None:
        active_team = self.team_of[self.active]
        for team in (active_team, 1 - active_team):
            self._check_objective(team)
            if self.outcome is not None:
                return
        if self.gridlock is not None:
            if None in self.grid:
                self.gridlock = None
                self.note("the Gridlock is over: a space is open")
            elif not self.gridlock_new:
                self.gridlock = self.gridlock | {self.active}
                if len(self.gridlock) == self.num_players:
                    self.gridlock = None
                    self._break_gridlock()
        self.gridlock_new = False
        self.pos = (self.pos + 1) % len(self.cycle)
        self._begin_turn()

    def _break_gridlock(self) -> None:
        for space, cell in enumerate(self.grid):
            if cell is not None and self.decks[cell[TEAM]].cards[cell[KIND]].type == "special":
                self.to_discard(space)
        self.note("Gridlock unresolved: each team sacrificed all its Special Characters")

    def _check_objective(self, team: int) -> None:
        index = self.objective[team]
        if index is None:
            return
        spaces = self.objective_spaces[index]
        grid = self.grid
        for s in spaces:
            cell = grid[s]
            if cell is None or cell[TEAM] != team or not cell[UP]:
                return
        for s in spaces:
            self.to_discard(s)
        self.completed[team].append(index)
        self.objective[team] = None
        self.note(f"{self.team_names[team]} completed the Objective {self.objective_cards[index].name}")
        if len(self.completed[team]) >= WIN:
            other = len(self.completed[1 - team])
            self._finish(team, f"{self.team_names[team]} wins: {WIN} Objectives completed to {other}")
            return
        self.objective[team] = self.objective_deck.pop() if self.objective_deck else None

    # ---- actions --------------------------------------------------------------------------------
    def legal_actions(self) -> tuple[str, ...]:
        return self._legal

    def apply(self, action: str) -> None:
        handler, *args = self._moves[action]
        self.actions += 1
        if handler.__class__ is str:  # a step of the effect under way, by its verb
            self.do_step(self.stack[-1], (handler, *args))
        else:
            handler(self, self.to_move, *args)
        if self.outcome is None and self.actions >= self.cap:
            self._finish(None, f"draw: the game reached the action cap of {self.cap} actions", timed_out=True)
        self._advance()

    def _decline(self, player: int) -> None:
        self.stack[-1].queue.pop(0)

    def _respond(self, player: int, kind: int) -> None:
        self.stack[-1].queue.pop(0)
        self.try_play(player, kind, None)

    def _play_action(self, player: int, kind: int, space: int | None) -> None:
        """The turn's action: a Character onto `space`, or a Magic card (`space` None)."""
        if space is None:
            self.magic_played += 1
        else:
            self.character_played = True
        self.stage = "resolving"
        self.try_play(player, kind, space)

    def _go_draw(self, player: int) -> None:
        self._draw_phase()

    def _awaken_start(self, player: int, space: int, kind: int) -> None:
        self.discard_from_hand(player, kind)
        self.flip(space, True)
        self.note(f"{self.player_name(player)} awakened {self.card_at(space).name} on {self.labels[space]}")
        self._draw_phase()

    def _draw_second(self, player: int) -> None:
        self._close_action(player)
        self.note(f"{self.player_name(player)} drew a second card")
        self.draw(player, 1)

    def _end_action(self, player: int) -> None:
        self._close_action(player)
        self.note(f"{self.player_name(player)} passed")

    def _close_action(self, player: int) -> None:
        if self.stage == "action":
            self._maybe_gridlock(player)
        self.stage = "end"

    def _maybe_gridlock(self, player: int) -> None:
        if self.full_at_start and self.gridlock is None and None not in self.grid:
            self.gridlock = frozenset()
            self.gridlock_new = True
            self.note(f"Gridlock! {self.player_name(player)} could not open the full Grid; every player gets one "
                      f"turn to open a space")

    def refusal(self, action: str) -> str:
        return notation.refusal(self, action)

    def describe(self, action: str) -> str:
        return notation.describe(self, action)

    def targets(self) -> list[Target]:
        """Every legal action, and the first click of those chosen in two (a Character, then its space;
        a card to DISPLACE, SWAP or REPEL, then where; a space to AWAKEN, then the card to discard)."""
        found = super().targets()
        firsts = dict.fromkeys(step for step in map(notation.first_step, self.legal_actions()) if step)
        return found + [Target(step, self.describe(step)) for step in firsts]

    # ---- information ----------------------------------------------------------------------------
    def current_scores(self) -> tuple[float, ...]:
        return tuple(float(len(self.completed[self.team_of[p]])) for p in range(self.num_players))

    def status(self) -> str:
        return notation.status(self)

    def phase(self) -> str:
        return notation.phase(self)

    def view_body(self, player: int | None) -> dict:
        return notation.view_body(self, player)

    def events(self, count: int = 8) -> list[str]:
        """The last `count` public events, oldest first."""
        found: list[str] = []
        node = self.log
        while node is not None and len(found) < count:
            found.append(node[0])
            node = node[1]
        return found[::-1]

    def determinize(self, player: int | None, rng: random.Random) -> TicTacKO:
        """A copy with every card `player` cannot see resampled: other hands (apart from their publicly
        known cards), both decks' order, the other team's Objective and the Objective deck. The copy keeps
        no real secret: a fresh seed, no options fixing deck orders, only the public part of the setup."""
        self.check_viewer(player)
        copy = self.clone()
        for team in (0, 1):
            hidden = [p for p in self.members[team] if p != player]
            pool = list(self.piles[team])
            keep = {}
            for p in hidden:
                rest = Counter(self.hands[p])
                rest.subtract(self.known[p])
                pool.extend(rest.elements())
                keep[p] = len(self.hands[p]) - len(self.known[p])
            pool.sort()
            rng.shuffle(pool)
            for p in hidden:
                copy.hands[p] = sorted(self.known[p] + pool[:keep[p]])
                del pool[:keep[p]]
            copy.piles[team] = pool
        hidden_teams = [t for t in (0, 1) if player is None or self.team_of[player] != t]
        unseen = list(self.objective_deck) + [objective for t in hidden_teams
                                                if (objective := self.objective[t]) is not None]
        unseen.sort()
        rng.shuffle(unseen)
        for t in hidden_teams:
            if copy.objective[t] is not None:
                copy.objective[t] = unseen.pop()
        copy.objective_deck = unseen
        copy.seed = rng.getrandbits(32)
        copy.options = FrozenDict(self.options, order=None, objectives=None)
        copy._setup = FrozenDict(first_team=self._setup["first_team"], grid=self._setup["grid"])
        copy.replayable = False
        if copy.outcome is None:
            copy._redecide()
        return copy

    def _redecide(self) -> None:
        """Recompute the decision at hand (after hands were resampled)."""
        player = self.to_move
        assert player is not None  # the game is not over
        if self.stack:
            top = self.stack[-1]
            if top.__class__ is Window:
                moves = {**self.answers(player, top), "pass": (TicTacKO._decline,)}
            else:
                step = top.steps[top.index]
                moves = self.step_choices(top, step)
                if step.optional:
                    moves["skip"] = ("skip",)
        elif self.stage == "start":
            moves = {**self._awaken_choices(), "draw": (TicTacKO._go_draw,)}
        else:
            moves = self._action_choices()
        self._decide(player, moves)

    def setup_record(self) -> dict:
        return thaw(self._setup)

    def _record_setup(self, first: int) -> None:
        """The dealt setup, read-only (copies share it; `setup_record` thaws it for records)."""
        cards = [deck.cards for deck in self.decks]
        self._setup = FrozenDict(
            first_team=first,
            decks=tuple([tuple([cards[t][k].name for k in reversed(self.piles[t])]) for t in (0, 1)]),
            hands=tuple([tuple([cards[self.team_of[p]][k].name for k in hand]) for p, hand in enumerate(self.hands)]),
            objectives=tuple([self.objective_cards[i].name for i in cast("list[int]", self.objective)]),  # all dealt
            grid=tuple([None if c is None else cards[c[TEAM]][c[KIND]].name for c in self.grid]),
        )

    # ---- the card report's hooks (tictac_nb.cards.events) --------------------------------------
    def hand_cards(self, seat: int) -> dict[str, int]:
        """The cards in `seat`'s hand by name, for the design lab's card report."""
        cards = self.decks[self.team_of[seat]].cards
        held: dict[str, int] = {}
        for k in self.hands[seat]:
            name = cards[k].name
            held[name] = held.get(name, 0) + 1
        return held

    def card_played(self, action: str) -> str | None:
        """The card the mover plays from hand with `action` (`play NAME`, `play NAME @5`, `respond NAME`)."""
        verb, _, rest = action.partition(" ")
        return rest.partition(" @")[0] if verb in ("play", "respond") else None

    def key(self) -> Any:
        return (tuple(self.grid), tuple(map(tuple, self.hands)), tuple(map(tuple, self.known)),
                tuple(map(tuple, self.piles)), tuple(map(tuple, self.discards)), tuple(self.objective),
                tuple(self.objective_deck), tuple(map(tuple, self.completed)),
                tuple(frame.key() for frame in self.stack), self.stage, self.pos, self.magic_played,
                self.character_played, self.full_at_start, self.gridlock, self.gridlock_new, self.serial,
                self.actions, self.to_move, self.outcome)

    def clone(self) -> TicTacKO:
        copy = object.__new__(TicTacKO)
        copy.__dict__.update(self.__dict__)
        copy.grid = self.grid[:]
        copy.hands = [hand[:] for hand in self.hands]
        copy.known = [known[:] for known in self.known]
        copy.piles = [self.piles[0][:], self.piles[1][:]]
        copy.discards = [self.discards[0][:], self.discards[1][:]]
        copy.objective = self.objective[:]
        copy.objective_deck = self.objective_deck[:]
        copy.completed = [self.completed[0][:], self.completed[1][:]]
        copy.stack = [frame.copy() for frame in self.stack]
        copy._moves = self._moves.copy()  # cheaper here than frozen in _decide: playouts decide more than clone
        copy.history = self.history[:]
        return copy


if TYPE_CHECKING:
    def _provides_what_verbs_need(state: TicTacKO) -> Host:
        return state  # mypy checks here that the state keeps the `Host` contract of its `Verbs` mixin
