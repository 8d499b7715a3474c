"""TIC TOC: Lost Boys against Pirates, a card game for 2 to 4 players.

The box: 64 cards. The rulebook does not give the split; the kit's default deck (`deck.txt`, option
`deck`), after a published review that counts 4 Crocodiles, is 20 Lost Boys, 4 Peter Pan, 20 Pirates,
4 Captain Hook, 4 Crocodile, 4 Mr. Smee, 4 Tinker Bell, 4 Pirate Treasure.

Rules (the rulebook, and this kit's rulings where it is silent):
- Players "Player 1" to "Player 4" sit clockwise. Each is dealt 3 cards; 4 cards go face up to the
  market; the rest is the draw pile. Hands are private (everyone sees how many cards), the order of
  the draw pile is hidden; tables, market and discard pile are public.
- A turn: the player draws 2 cards (automatically, as the turn starts), then plays or discards as
  many cards as they like (a card in hand may be discarded at any time of the turn), and may end the
  turn only with 3 cards or fewer in hand.
- A table holds one team: Lost Boys with at most one Peter Pan, or Pirates with at most one Captain
  Hook. Playing a card of the other team first discards the whole table (a switch).
- Tinker Bell: discard it and take a card of the discard pile into hand. Pirate Treasure: discard it
  and take a market card into hand; the market is refilled at once. The market is reachable only so.
- Crocodile: against another player with Captain Hook or Pirates on the table: Hook there, Hook
  escapes; otherwise all that player's Pirates escape. Mr. Smee: the same against Peter Pan and Lost
  Boys. Escaping cards and the played card go to the discard pile. A card with no valid target cannot
  be played (it can always be discarded).
- Win: Peter Pan with 6 Lost Boys, or Captain Hook with 6 Pirates, on one's table (checked after
  every placement); or three Crocodiles in one hand (TIC TOC!), checked after every card a hand
  receives: the deal, draws, Tinker Bell and Pirate Treasure.
- A card must be drawn from an empty draw pile: the discard pile is shuffled into a new draw pile;
  with both empty, the player draws what there is and the market is not refilled.
- The turn cap (option `turn_cap`, 200 turns) ends a stuck game as a draw: "timeout".

Notation (cards by their short names Boy, Pan, Pirate, Hook, Croc, Smee, Tink, Treasure; players by
number as on the board):
    play Pirate           place a card of your team on your table
    play Hook (switch)    discard your Lost Boys table, then place Captain Hook
    croc @2               play a Crocodile against Player 2's Pirates
    smee @3               play Mr. Smee against Player 3's Lost Boys
    tink Hook             play Tinker Bell and take a Captain Hook from the discard pile
    treasure Pirate       play Pirate Treasure and take a Pirate from the market
    discard Smee          discard a card from your hand
    end                   end your turn (with 3 cards or fewer); the next player draws 2

For players (the rules page of the print sheet):
- 2 to 4 players sit clockwise. Deal 3 cards to each; lay 4 cards face up as the market; the rest is the
  draw pile. Hands are secret, but everyone sees how many cards each player holds.
- On your turn, draw 2 cards, then play or discard as many cards as you like. You may end your turn only
  with 3 cards or fewer in hand.
- Your table holds one team: Lost Boys with at most one Peter Pan, or Pirates with at most one Captain
  Hook. Playing a card of the other team first discards your whole table.
- Tinker Bell: discard it and take any card from the discard pile. Pirate Treasure: discard it and take a
  market card; refill the market at once. The market is only reached this way.
- Crocodile: play it against another player's Pirates: Captain Hook escapes if he is there, otherwise all
  the Pirates escape. Mr. Smee does the same against Peter Pan and the Lost Boys. Escaped cards and the
  card played go to the discard pile. A card with nothing to attack cannot be played, only discarded.
- You win with Peter Pan and 6 Lost Boys, or Captain Hook and 6 Pirates, on your table; or with three
  Crocodiles in your hand at once (call "TIC TOC!").
- When the draw pile runs out, shuffle the discard pile into a new draw pile.

Rulings of this kit, where the rulebook is silent:
- The deal: 3 cards to each player in turn order from the first player, then 4 to the market, the
  rest is the draw pile, top first. The option `deck_order` fixes the top cards in that order.
- Two hands with three Crocodiles after the deal (only with 6 or more Crocodiles): the player dealt
  first (nearest the first player in turn order) shouted first and wins.
- A draw that completes three Crocodiles wins at once: the second card of the draw is not drawn.
- Tinker Bell cannot take a Tinker Bell: the rules say "another card", and swapping one Tinker Bell
  for another changes nothing and could repeat forever. Pirate Treasure may take a Pirate Treasure.
- Pirate Treasure: the market card is taken and its slot refilled at once, then the Treasure goes on
  the discard pile (so with both piles empty the market stays short). Tinker Bell likewise goes on
  the discard pile after the card is taken.
- A crew may grow beyond 6; a leader with 6 or more crew wins.
- A card taken from the market or the discard pile is known to everyone until its owner plays or
  discards a card of that kind; views list such known cards.
- The rulebook says the player must shout TIC TOC!; it does not say whether the hand is shown. This kit
  shouts for the player: three Crocodiles win at once with no action to play, and every view then lists
  the winner's three Crocodiles as known; the rest of the winner's hand, and every other hand, stays as
  hidden as before.
- The turn cap counts turns of all players; the game ends in a draw when the capped turn ends.

Options: `players` (2-4), `first_player` (a seat, 0 is Player 1; None: by the seed), `deck` (cards per
kind, kinds not named keep the kit's count), `deck_order` (the top of the deck, to script a game),
`turn_cap` (200).

Hidden information: a view shows its own hand, every hand's size, the cards known to be in each hand,
and the public rest. `determinize` keeps all of that and deals the unseen cards (the draw pile and the
unknown part of other hands) anew, never giving a hand three Crocodiles while the game goes on. It does
not remember which cards were reshuffled into the draw pile (a simplification: such a bot guesses a
little more widely than a card counter would).
"""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path
from typing import Any

from ...core.engine import InvalidOption, Outcome, State, Target, excerpt
from ...core.frozen import FrozenDict

# ---- the cards, read from deck.txt ----------------------------------------------------------------


def _read_deck() -> tuple[tuple[str, ...], tuple[str, ...], tuple[int, ...]]:
    shorts, fulls, counts = [], [], []
    for line in (Path(__file__).with_name("deck.txt")).read_text().splitlines():
        if line.strip() and not line.lstrip().startswith("#"):
            count, short, full = line.split(None, 2)
            counts.append(int(count))
            shorts.append(short)
            fulls.append(full.strip())
    return tuple(shorts), tuple(fulls), tuple(counts)


SHORT, FULL, DEFAULT_COUNTS = _read_deck()
BOY, PAN, PIRATE, HOOK, CROC, SMEE, TINK, TREASURE = range(8)
assert SHORT == ("Boy", "Pan", "Pirate", "Hook", "Croc", "Smee", "Tink", "Treasure"), SHORT
KINDS = range(8)
DECK = FrozenDict(zip(SHORT, DEFAULT_COUNTS, strict=True))
LOST_BOYS, PIRATES = 0, 1
TEAM_NAMES = ("Lost Boys", "Pirates")
TEAM_OF = (LOST_BOYS, LOST_BOYS, PIRATES, PIRATES, None, None, None, None)
CREW_OF = (BOY, PIRATE)
LEADER_OF = (PAN, HOOK)
WIN_CREW = 6
HAND_LIMIT = 3
MAX_PLAYERS = 4
NAMES = tuple(f"Player {i + 1}" for i in range(MAX_PLAYERS))
_LOOKUP = {name.lower(): k for k in KINDS for name in (SHORT[k], FULL[k])}
_LOOKUP.update({"lost boys": BOY, "pirates": PIRATE, "hook": HOOK, "captain": HOOK, "smee": SMEE})

# ---- the notation: every action string, precomputed ---------------------------------------------
PLAY, SWITCH, CROC_AT, SMEE_AT, TINK_TAKE, TREASURE_TAKE, DISCARD, END = range(8)
PLAY_A = tuple(f"play {SHORT[k]}" for k in KINDS)
SWITCH_A = tuple(f"play {SHORT[k]} (switch)" for k in KINDS)
CROC_A = tuple(f"croc @{p + 1}" for p in range(MAX_PLAYERS))
SMEE_A = tuple(f"smee @{p + 1}" for p in range(MAX_PLAYERS))
TINK_A = tuple(f"tink {SHORT[k]}" for k in KINDS)
TREASURE_A = tuple(f"treasure {SHORT[k]}" for k in KINDS)
DISCARD_A = tuple(f"discard {SHORT[k]}" for k in KINDS)
ACTIONS: dict[str, tuple[int, int]] = {"end": (END, 0)}
for _k in (BOY, PAN, PIRATE, HOOK):
    ACTIONS[PLAY_A[_k]] = (PLAY, _k)
    ACTIONS[SWITCH_A[_k]] = (SWITCH, _k)
for _p in range(MAX_PLAYERS):
    ACTIONS[CROC_A[_p]] = (CROC_AT, _p)
    ACTIONS[SMEE_A[_p]] = (SMEE_AT, _p)
for _k in KINDS:
    ACTIONS[TINK_A[_k]] = (TINK_TAKE, _k)
    ACTIONS[TREASURE_A[_k]] = (TREASURE_TAKE, _k)
    ACTIONS[DISCARD_A[_k]] = (DISCARD, _k)
PLAYED_CARD = {CROC_AT: FULL[CROC], SMEE_AT: FULL[SMEE], TINK_TAKE: FULL[TINK], TREASURE_TAKE: FULL[TREASURE]}
FIRST_STEPS = {  # a card with several targets, chosen in two steps: its words
    "croc": "play a Crocodile: choose the player whose Pirates it chases (Captain Hook escapes first)",
    "smee": "play Mr. Smee: choose the player whose Lost Boys he chases (Peter Pan escapes first)",
    "tink": "play Tinker Bell: choose a card of the discard pile to take into your hand",
    "treasure": "play Pirate Treasure: choose a market card to take into your hand",
}
EXAMPLES = "e.g. 'play Pirate', 'croc @2', 'tink Hook', 'treasure Pan', 'discard Smee' or 'end'"


def card_kind(name: Any) -> int | None:
    """The kind of a card named by its notation or full name (any case), or None."""
    return _LOOKUP.get(name.strip().lower()) if isinstance(name, str) else None


def seat_number(text: str, players: int) -> int | None:
    """The seat written as `@N` or `N` (N from 1 to `players`, plain digits), or None."""
    number = text[1:].strip() if text.startswith("@") else text
    if not (number.isascii() and number.isdigit() and len(number) <= 3):
        return None
    seat = int(number) - 1
    return seat if 0 <= seat < players else None


def canonical_action(verb: str, rest: str) -> str | None:
    """The notation meant by a loosely written action (any case and spacing, full card names), or None."""
    if verb == "end":
        return None if rest else "end"
    if verb in ("croc", "smee"):
        seat = seat_number(rest, MAX_PLAYERS)
        return None if seat is None else f"{verb} @{seat + 1}"
    if verb not in ("play", "discard", "tink", "treasure"):
        return None
    switch = rest.lower().endswith("(switch)")
    kind = card_kind(rest[: -len("(switch)")] if switch else rest)
    if kind is None:
        return None
    return f"{verb} {SHORT[kind]}" + (" (switch)" if switch else "")


def check_deck(value: Any) -> dict[str, int]:
    """The option `deck`: cards per kind; kinds not named keep the kit's count."""
    if not isinstance(value, dict):
        raise InvalidOption(f"must be a dict of card names to counts, like {{'Croc': 6}}, not {excerpt(value)}")
    counts = dict(DECK)
    for name, count in value.items():
        kind = card_kind(name)
        if kind is None:
            raise InvalidOption(f"names {excerpt(name)}, which is not a card; the cards are {', '.join(SHORT)}")
        if type(count) is not int or not 0 <= count <= 99:
            raise InvalidOption(f"gives {SHORT[kind]} {excerpt(count)} cards; a count is a whole number from 0 to 99")
        counts[SHORT[kind]] = count
    return counts


def check_deck_order(value: Any) -> list[str] | None:
    """The option `deck_order`: the top cards of the deck, dealt first (the rest is shuffled)."""
    if value is None:
        return None
    if isinstance(value, str):
        value = value.split(",")
    if not isinstance(value, (list, tuple)):
        raise InvalidOption(f"must be a list of card names, top of the deck first, not {excerpt(value)}")
    order = []
    for name in value:
        kind = card_kind(name)
        if kind is None:
            raise InvalidOption(f"names {excerpt(name)}, which is not a card; the cards are {', '.join(SHORT)}")
        order.append(SHORT[kind])
    return order


class TicToc(State):
    """A position of TIC TOC: hands, tables, market, piles and whose turn it is."""

    player_names = NAMES

    # ---- setup ---------------------------------------------------------------------------------
    def every_action(self) -> list[str]:
        """Every action for this many players, for tools that number them: `end`, the plays and switches of the
        four team cards, `croc @N` and `smee @N` for each seat, and `tink`, `treasure` and `discard` of each
        of the eight kinds."""
        absent = set(CROC_A[self.num_players:]) | set(SMEE_A[self.num_players:])
        return [action for action in ACTIONS if action not in absent]

    def setup(self, rng: random.Random) -> None:
        options = self.options
        n = self.num_players = options["players"]
        first = options["first_player"]
        if first is not None and first >= n:
            raise InvalidOption(f"option 'first_player' is seat {first}, but a {n}-player game has seats 0 to {n - 1}")
        self.counts = tuple(options["deck"][SHORT[k]] for k in KINDS)
        total = sum(self.counts)
        if total < 3 * n + 4:
            raise InvalidOption(f"option 'deck' has {total} cards, too few to deal 3 to each of {n} players "
                                f"and 4 to the market")
        top = [SHORT.index(name) for name in options["deck_order"] or ()]
        left = list(self.counts)
        for kind in top:
            left[kind] -= 1
            if left[kind] < 0:
                raise InvalidOption(f"option 'deck_order' has more {FULL[kind]} cards than the deck "
                                    f"({self.counts[kind]})")
        self.first_player = rng.randrange(n) if first is None else first
        rest = [k for k in KINDS for _ in range(left[k])]
        rng.shuffle(rest)
        order = top + rest
        self.deck_order: tuple[int, ...] | None = tuple(order)
        self.hands = [[0] * 8 for _ in range(n)]
        self.known = [[0] * 8 for _ in range(n)]
        position = 0
        for i in range(n):
            hand = self.hands[(self.first_player + i) % n]
            for kind in order[position:position + 3]:
                hand[kind] += 1
            position += 3
        self.sizes = [3] * n
        self.market = order[position:position + 4]
        self.draw = order[position + 4:][::-1]  # top of the pile at the end
        self.discard: list[int] = []
        self.in_discard = [0] * 8
        self.leader = [False] * n
        self.crew = [0] * n
        self.team: list[int | None] = [None] * n
        self.shuffle_seed = rng.getrandbits(62)
        self.turn = 0
        self.drawn: tuple[int, ...] | None = None
        self.drew = 0
        self.log: tuple[str, ...] = ()
        self._legal: tuple[str, ...] | None = None
        self.to_move = None
        for i in range(n):
            seat = (self.first_player + i) % n
            if self.hands[seat][CROC] >= 3:
                self._tic_toc(seat, "after the deal")
                return
        self._start_turn(self.first_player)

    # ---- the rules -----------------------------------------------------------------------------
    def legal_actions(self) -> tuple[str, ...]:
        if self._legal is not None:
            return self._legal
        if self.outcome is not None:
            self._legal = ()
            return self._legal
        p = self.to_move
        assert p is not None  # the game is not over
        hand = self.hands[p]
        team = self.team
        mine = team[p]
        acts = []
        for kind in (BOY, PAN, PIRATE, HOOK):
            if hand[kind]:
                side = TEAM_OF[kind]
                assert side is not None  # a card of a team
                if mine is None or mine == side:
                    if not (kind == LEADER_OF[side] and self.leader[p]):
                        acts.append(PLAY_A[kind])
                else:
                    acts.append(SWITCH_A[kind])
        if hand[CROC]:
            acts.extend(CROC_A[q] for q in range(self.num_players) if q != p and team[q] == PIRATES)
        if hand[SMEE]:
            acts.extend(SMEE_A[q] for q in range(self.num_players) if q != p and team[q] == LOST_BOYS)
        if hand[TINK]:
            pile = self.in_discard
            acts.extend(TINK_A[k] for k in KINDS if pile[k] and k != TINK)
        if hand[TREASURE] and self.market:
            market = self.market
            acts.extend(TREASURE_A[k] for k in KINDS if k in market)
        acts.extend(DISCARD_A[k] for k in KINDS if hand[k])
        if self.sizes[p] <= HAND_LIMIT:
            acts.append("end")
        self._legal = tuple(acts)
        return self._legal

    def apply(self, action: str) -> None:
        op, arg = ACTIONS[action]
        self._legal = None
        mover = self.to_move
        assert mover is not None  # the game is not over
        self._HANDLERS[op](self, mover, arg)

    def _end(self, p: int, _: int) -> None:
        if self.turn >= self.options["turn_cap"]:
            self._finish((), f"draw: timeout after {self.turn} turns", timed_out=True)
            return
        self._start_turn((p + 1) % self.num_players)

    def _from_hand(self, p: int, kind: int) -> None:
        """A card leaves `p`'s hand: it is no longer known to be there if it was."""
        self.hands[p][kind] -= 1
        self.sizes[p] -= 1
        if self.known[p][kind]:
            self.known[p][kind] -= 1

    def _discard(self, p: int, kind: int) -> None:
        self._from_hand(p, kind)
        self._to_discard(kind)

    def _place(self, p: int, kind: int) -> None:
        self._from_hand(p, kind)
        side = TEAM_OF[kind]
        assert side is not None  # a card of a team
        self.team[p] = side
        if kind == LEADER_OF[side]:
            self.leader[p] = True
        else:
            self.crew[p] += 1
        if self.leader[p] and self.crew[p] >= WIN_CREW:
            leader = FULL[LEADER_OF[side]]
            self._finish((p,), f"{NAMES[p]} wins: {leader} with {self.crew[p]} {TEAM_NAMES[side]}")

    def _switch(self, p: int, kind: int) -> None:
        self._clear_table(p)
        self._place(p, kind)

    def _croc(self, p: int, q: int) -> None:
        self._chase(p, q, CROC, PIRATES)

    def _smee(self, p: int, q: int) -> None:
        self._chase(p, q, SMEE, LOST_BOYS)

    def _chase(self, p: int, q: int, card: int, side: int) -> None:
        """Crocodile or Mr. Smee: the leader on `q`'s table escapes, or else all its crew."""
        self._discard(p, card)
        if self.leader[q]:
            self.leader[q] = False
            self._to_discard(LEADER_OF[side])
            escaped = FULL[LEADER_OF[side]]
        else:
            crew = self.crew[q]
            for _ in range(crew):
                self._to_discard(CREW_OF[side])
            self.crew[q] = 0
            escaped = f"{crew} {TEAM_NAMES[side]}" if crew > 1 else f"1 {FULL[CREW_OF[side]]}"
        if not self.leader[q] and not self.crew[q]:
            self.team[q] = None
        self.log = (*self.log[-3:], f"{NAMES[p]}'s {FULL[card]} made {NAMES[q]}'s {escaped} escape")

    def _tink(self, p: int, kind: int) -> None:
        self._from_hand(p, TINK)
        pile = self.discard
        del pile[len(pile) - 1 - pile[::-1].index(kind)]
        self.in_discard[kind] -= 1
        self._to_discard(TINK)
        self._take(p, kind, "the discard pile")

    def _treasure(self, p: int, kind: int) -> None:
        self._from_hand(p, TREASURE)
        market = self.market
        slot = market.index(kind)
        card = self._draw_card()
        if card is None:
            del market[slot]
        else:
            market[slot] = card
        self._to_discard(TREASURE)
        self._take(p, kind, "the market")

    def _take(self, p: int, kind: int, source: str) -> None:
        """A card taken into `p`'s hand from a public place: known to all until played or discarded."""
        self.hands[p][kind] += 1
        self.known[p][kind] += 1
        self.sizes[p] += 1
        self.log = (*self.log[-3:], f"{NAMES[p]} took {FULL[kind]} from {source}")
        if self.hands[p][CROC] >= 3:
            self._tic_toc(p, f"with a Crocodile from {source}")

    _HANDLERS = {PLAY: _place, SWITCH: _switch, CROC_AT: _croc, SMEE_AT: _smee, TINK_TAKE: _tink,
                 TREASURE_TAKE: _treasure, DISCARD: _discard, END: _end}

    def _to_discard(self, kind: int) -> None:
        self.discard.append(kind)
        self.in_discard[kind] += 1

    def _clear_table(self, p: int) -> None:
        side = self.team[p]
        if side is None:
            return
        if self.leader[p]:
            self._to_discard(LEADER_OF[side])
        for _ in range(self.crew[p]):
            self._to_discard(CREW_OF[side])
        self.leader[p] = False
        self.crew[p] = 0
        self.team[p] = None

    def _draw_card(self) -> int | None:
        """The top card of the draw pile, reshuffling the discard pile into it when it is empty."""
        if not self.draw:
            if not self.discard:
                return None
            shuffler = random.Random(self.shuffle_seed)
            pile = self.discard
            shuffler.shuffle(pile)
            self.draw = pile
            self.discard = []
            self.in_discard = [0] * 8
            self.shuffle_seed = shuffler.getrandbits(62)
            self.log = (*self.log[-3:], "the discard pile was shuffled into a new draw pile")
        return self.draw.pop()

    def _start_turn(self, p: int) -> None:
        self.to_move = p
        self.turn += 1
        hand = self.hands[p]
        drawn = []
        for _ in range(2):
            card = self._draw_card()
            if card is None:
                break
            hand[card] += 1
            drawn.append(card)
            if hand[CROC] >= 3:
                self.sizes[p] += len(drawn)
                self.drawn, self.drew = tuple(drawn), len(drawn)
                self._tic_toc(p, "with a Crocodile from the draw pile")
                return
        self.sizes[p] += len(drawn)
        self.drawn, self.drew = tuple(drawn), len(drawn)

    def _tic_toc(self, p: int, how: str) -> None:
        self.known[p][CROC] = self.hands[p][CROC]  # the shout shows them
        self._finish((p,), f"{NAMES[p]} wins: TIC TOC! three Crocodiles in hand, {how}")

    def _finish(self, winners: tuple[int, ...], reason: str, timed_out: bool = False) -> None:
        self.outcome = Outcome(winners, None, reason, timed_out)
        self.to_move = None
        self._legal = ()

    # ---- refusals ------------------------------------------------------------------------------
    def refusal(self, action: str) -> str:
        words = action.split()
        if not words:
            return f"an empty action: write {EXAMPLES}"
        verb, rest = words[0].lower(), " ".join(words[1:])
        canonical = canonical_action(verb, rest)
        if canonical in self.legal_actions():
            return f"write the action exactly as {canonical!r}"
        refuse = self._REFUSALS.get(verb)
        if refuse is None:
            return f"{excerpt(action, 27)} is not a TIC TOC action: write {EXAMPLES}"
        assert self.to_move is not None  # the engine asks for refusals only while the game runs
        return refuse(self, self.to_move, verb, rest)

    def _refuse_end(self, p: int, verb: str, rest: str) -> str:
        if rest:
            return "'end' takes nothing after it"
        return f"you must discard down to {HAND_LIMIT} cards before ending your turn (you hold {self.sizes[p]})"

    def _refuse_card(self, p: int, verb: str, rest: str) -> str:
        switch = rest.lower().endswith("(switch)")
        name = rest[: -len("(switch)")].strip() if switch else rest
        if not name:
            return f"{verb} which card? the cards are {', '.join(SHORT)}"
        kind = card_kind(name)
        if kind is None:
            return f"{excerpt(name, 27)} is not a TIC TOC card; the cards are {', '.join(SHORT)}"
        if verb == "play":
            return self._refuse_play(p, kind, switch)
        if switch:
            return f"only 'play' switches teams: write '{verb} {SHORT[kind]}'"
        if verb == "discard":
            return f"you have no {FULL[kind]} in hand to discard"
        card, place = (TINK, "discard pile") if verb == "tink" else (TREASURE, "market")
        if not self.hands[p][card]:
            return f"you have no {FULL[card]} in hand"
        if verb == "tink" and kind == TINK:
            return "Tinker Bell cannot take another Tinker Bell (this kit's ruling: it would change nothing)"
        return f"there is no {FULL[kind]} in the {place}"

    def _refuse_play(self, p: int, kind: int, switch: bool) -> str:
        if not self.hands[p][kind]:
            return f"you have no {FULL[kind]} in hand"
        side = TEAM_OF[kind]
        if side is None:
            how = {CROC: "'croc @N'", SMEE: "'smee @N'", TINK: f"'{TINK_A[HOOK]}'", TREASURE: f"'{TREASURE_A[PAN]}'"}
            return f"{FULL[kind]} is not placed on a table: play it with a target, like {how[kind]}"
        mine = self.team[p]
        if kind == LEADER_OF[side] and self.leader[p] and mine == side:
            return f"your table already has {FULL[kind]}: a team has at most one"
        if mine is not None and mine != side and not switch:
            return (f"your table holds {TEAM_NAMES[mine]}: playing {FULL[kind]} switches teams and discards "
                    f"your table; write {SWITCH_A[kind]!r}")
        return f"your table holds no other team to discard: write {PLAY_A[kind]!r}"

    def _refuse_chase(self, p: int, verb: str, rest: str) -> str:
        card, side = (CROC, PIRATES) if verb == "croc" else (SMEE, LOST_BOYS)
        if not self.hands[p][card]:
            return f"you have no {FULL[card]} in hand"
        q = seat_number(rest, self.num_players)
        if q is None:
            return f"{FULL[card]} needs a player to attack: write '{verb} @N' with N from 1 to {self.num_players}"
        if q == p:
            return f"{FULL[card]} attacks another player, not yourself"
        return (f"{NAMES[q]} has neither {FULL[LEADER_OF[side]]} nor {TEAM_NAMES[side]} on the table "
                f"for {FULL[card]} to chase away")

    _REFUSALS = {"end": _refuse_end, "play": _refuse_card, "discard": _refuse_card, "tink": _refuse_card,
                 "treasure": _refuse_card, "croc": _refuse_chase, "smee": _refuse_chase}

    # ---- information ---------------------------------------------------------------------------
    def names(self, kinds: Any) -> list[str]:
        return [SHORT[k] for k in kinds]

    def hand_names(self, p: int) -> list[str]:
        hand = self.hands[p]
        return [SHORT[k] for k in KINDS for _ in range(hand[k])]

    def phase(self) -> str:
        return "turn"

    def view_body(self, player: int | None) -> dict:
        n = self.num_players
        mover = self.to_move
        return {
            "first_player": self.first_player,
            "turn": self.turn,
            "turn_cap": self.options["turn_cap"],
            "hand": None if player is None else self.hand_names(player),
            "drawn": self.names(self.drawn) if player is not None and player == mover and self.drawn else None,
            "drew": self.drew,
            "hand_sizes": list(self.sizes),
            "known": [[SHORT[k] for k in KINDS for _ in range(self.known[q][k])] for q in range(n)],
            "tables": [{"team": None if (side := self.team[q]) is None else TEAM_NAMES[side],
                        "leader": self.leader[q], "crew": self.crew[q]} for q in range(n)],
            "market": self.names(self.market),
            "draw_size": len(self.draw),
            "discard": self.names(self.discard),
            "deck": dict(zip(SHORT, self.counts, strict=True)),
            "may_end": mover is not None and self.sizes[mover] <= HAND_LIMIT,
            "log": list(self.log),
        }

    def unseen(self, player: int | None) -> list[int]:
        """The cards `player` cannot place: in the draw pile or unknown in other hands, sorted."""
        pool = list(self.counts)
        for kind in self.market:
            pool[kind] -= 1
        for k in KINDS:
            pool[k] -= self.in_discard[k]
        for q in range(self.num_players):
            side = self.team[q]
            if side is not None:
                pool[CREW_OF[side]] -= self.crew[q]
                pool[LEADER_OF[side]] -= self.leader[q]
            held = self.hands[q] if q == player else self.known[q]
            for k in KINDS:
                pool[k] -= held[k]
        return [k for k in KINDS for _ in range(pool[k])]

    def determinize(self, player: int | None, rng: random.Random) -> TicToc:
        """Deal the cards `player` cannot see anew: other hands keep their sizes and known cards."""
        self.check_viewer(player)
        copy = self.clone()
        pool = self.unseen(player)
        others = [q for q in range(self.num_players) if q != player]
        blanks = [self.sizes[q] - sum(self.known[q]) for q in others]
        playing = self.outcome is None
        for _ in range(30):
            rng.shuffle(pool)
            hands, position = [], 0
            for q, blank in zip(others, blanks, strict=True):
                hand = self.known[q][:]
                for kind in pool[position:position + blank]:
                    hand[kind] += 1
                position += blank
                hands.append(hand)
            pile = pool[position:]
            if not playing or all(hand[CROC] < 3 for hand in hands):
                break
        else:
            hands, pile = self._deal_few_crocodiles(pool, others, blanks)
            rng.shuffle(pile)
        for q, hand in zip(others, hands, strict=True):
            copy.hands[q] = hand
        copy.draw = pile
        copy.shuffle_seed = rng.getrandbits(62)
        copy.seed = rng.getrandbits(32)
        copy.options = FrozenDict(self.options, deck_order=None)
        copy.deck_order = None
        copy.replayable = False
        if player is None or player != self.to_move:
            copy.drawn = None
        copy._legal = None
        return copy

    def _deal_few_crocodiles(self, pool: list[int], others: list[int], blanks: list[int]):
        """A deal with no hand of three Crocodiles (the real one proves it exists), for when sampling
        keeps failing: Crocodiles go to the draw pile first, then to hands with room for them."""
        crocs = pool.count(CROC)
        plain = [k for k in pool if k != CROC]
        in_pile = min(crocs, len(self.draw))
        left = crocs - in_pile
        hands = []
        for q, blank in zip(others, blanks, strict=True):
            hand = self.known[q][:]
            extra = min(left, blank, max(0, 2 - hand[CROC]))
            left -= extra
            hand[CROC] += extra
            for kind in plain[:blank - extra]:
                hand[kind] += 1
            plain = plain[blank - extra:]
            hands.append(hand)
        return hands, [CROC] * (in_pile + left) + plain

    def status(self) -> str:
        if self.outcome is not None:
            return self.outcome.reason
        assert self.to_move is not None  # the game is not over
        name, size = NAMES[self.to_move], self.sizes[self.to_move]
        if size <= HAND_LIMIT:
            return f"Turn {self.turn}: {name} drew {self.drew}: play, discard, or end the turn"
        return f"Turn {self.turn}: {name} drew {self.drew} and holds {size} cards: play or discard down to {HAND_LIMIT}"

    def describe(self, action: str) -> str:
        if action in FIRST_STEPS:  # the card in hand that opens the choice (FIRST_STEPS words the choice itself)
            return f"your {FULL[_LOOKUP[action]]}: choose its target"
        op, arg = ACTIONS[action]
        if op == PLAY:
            return f"play {FULL[arg]} on your table"
        if op == SWITCH:
            side = TEAM_OF[arg]
            assert side is not None  # a card of a team
            return f"switch to {TEAM_NAMES[side]}, discarding your table to play {FULL[arg]}"
        if op == CROC_AT:
            return f"play a Crocodile against {NAMES[arg]}'s Pirates"
        if op == SMEE_AT:
            return f"play Mr. Smee against {NAMES[arg]}'s Lost Boys"
        if op == TINK_TAKE:
            return f"play Tinker Bell to take {FULL[arg]} from the discard pile"
        if op == TREASURE_TAKE:
            return f"play Pirate Treasure to take {FULL[arg]} from the market"
        if op == DISCARD:
            return f"discard {FULL[arg]} from your hand"
        return "end your turn"

    def targets(self) -> list[Target]:
        """Every legal action, and the first step (`croc`, `smee`, `tink`, `treasure`) of a card with
        several targets, which the board opens before the second."""
        found = super().targets()
        for verb in FIRST_STEPS:
            if sum(t.action.startswith(verb + " ") for t in found) > 1:
                found.append(Target(verb, self.describe(verb)))
        return found

    def setup_record(self) -> dict:
        """The dealt deck (on a determinized copy, which knows no real deal: None)."""
        deck = None if self.deck_order is None else self.names(self.deck_order)
        return {"deck": deck, "first_player": self.first_player}

    def key(self) -> Any:
        return (tuple(map(tuple, self.hands)), tuple(map(tuple, self.known)), tuple(self.leader),
                tuple(self.crew), tuple(self.team), tuple(self.draw), tuple(self.market), tuple(self.discard),
                self.to_move, self.turn, self.shuffle_seed, self.drawn, self.drew, self.outcome)

    def clone(self) -> TicToc:
        copy = object.__new__(TicToc)
        copy.__dict__.update(self.__dict__)
        copy.hands = [hand[:] for hand in self.hands]
        copy.known = [known[:] for known in self.known]
        copy.sizes = self.sizes[:]
        copy.leader = self.leader[:]
        copy.crew = self.crew[:]
        copy.team = self.team[:]
        copy.draw = self.draw[:]
        copy.market = self.market[:]
        copy.discard = self.discard[:]
        copy.in_discard = self.in_discard[:]
        copy.history = self.history[:]
        return copy

    # ---- the card report's hooks (tictac_nb.cards.events) --------------------------------------
    def hand_cards(self, seat: int) -> dict[str, int]:
        """The cards in `seat`'s hand by full name, for the design lab's card report."""
        return {FULL[k]: held for k, held in enumerate(self.hands[seat]) if held}

    def card_played(self, action: str) -> str | None:
        """The card the mover plays with `action` (a discard plays none), for the card report."""
        op, arg = ACTIONS.get(action, (DISCARD, 0))
        return PLAYED_CARD[op] if op in PLAYED_CARD else FULL[arg] if op in (PLAY, SWITCH) else None

    # ---- helpers for tests and notebooks -------------------------------------------------------
    def card_census(self) -> Counter:
        """Every card's whereabouts counted by kind: hands, tables, market, draw and discard piles."""
        census: Counter = Counter()
        for q in range(self.num_players):
            census.update({SHORT[k]: self.hands[q][k] for k in KINDS})
            side = self.team[q]
            if side is not None:
                census[SHORT[CREW_OF[side]]] += self.crew[q]
                census[SHORT[LEADER_OF[side]]] += self.leader[q]
        census.update(self.names(self.market))
        census.update(self.names(self.draw))
        census.update(self.names(self.discard))
        return +census
