"""A TIC TOC bot that plays from its own view: a short list of card-player's priorities.

`TicTocBot` reads only `state.view(seat)` and the legal actions, so it cannot cheat. Each decision:
1. win now if it can (the sixth crew card or the leader; a third Crocodile from the market or the
   discard pile);
2. chase away the leader or crew of the opponent nearest to winning, once that opponent is close;
3. build its team: pick Lost Boys or Pirates by what is on its table and in its hand (switching only
   for a clearly better hand), play the leader first (a leader on the table shields the crew: an
   attack then takes only the leader), then the crew;
4. use Tinker Bell or Pirate Treasure when the card it would take is worth more than the one spent;
5. discard its least useful card while it holds more than 3, then end the turn.

The generic `MCTSBot` also plays TIC TOC (random playouts over determinized deals), but random
playouts of a card game that random players rarely win say little; this bot is the stronger one.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from ...core.engine import State

CREW = {"Lost Boys": "Boy", "Pirates": "Pirate"}
LEADER = {"Lost Boys": "Pan", "Pirates": "Hook"}
TEAMS = ("Lost Boys", "Pirates")


class TicTocBot:
    """A heuristic TIC TOC player; `danger` is how close (crew, plus 2 for a leader) an opponent must
    be before it spends a Crocodile or Mr. Smee on them. It is deterministic: `seed` is taken, and
    unused, so that it is made like every bot, as `TicTocBot(seed=...)`."""

    def __init__(self, seed: int | None = None, danger: int = 4) -> None:
        self.danger = danger

    def __repr__(self) -> str:
        return "TicTocBot()"

    def choose(self, state: State) -> str:
        return self.explain(state)[0]

    def explain(self, state: State) -> tuple[str, str]:
        """The action `choose` plays and the words of the priority that chose it (for the coach)."""
        me = state.to_move
        assert me is not None  # a bot is asked to move in a game not over
        action, rule = decide_why(state.view(me), state.legal_actions(), me, self.danger)
        return action, RULES[rule]


def strength(table: dict) -> int:
    return table["crew"] + 2 * table["leader"]


def pick_team(view: dict, me: int, hand: Counter) -> str:
    """The team to build: the table's, unless the hand holds a clearly better start for the other."""
    table = view["tables"][me]

    def promise(team: str) -> int:
        score = hand[CREW[team]] + 2 * min(hand[LEADER[team]], 1)
        if table["team"] == team:
            score += strength(table) + (2 if table["leader"] and not hand[LEADER[team]] else 0)
        return score

    current = table["team"]
    if current is None:
        return max(TEAMS, key=promise)
    other = TEAMS[1 - TEAMS.index(current)]
    return other if promise(other) > promise(current) + 2 else current


def card_value(card: str, view: dict, me: int, hand: Counter, team: str) -> float:
    """How much keeping `card` in hand is worth to `me` building `team`."""
    table = view["tables"][me]
    if card == LEADER[team]:
        has = (table["team"] == team and table["leader"]) or hand[card] > 1
        return 0.5 if has else 9
    if card == CREW[team]:
        return 6
    if card in CREW.values():
        return 1
    if card in LEADER.values():
        return 2
    others = [t for q, t in enumerate(view["tables"]) if q != me]
    if card == "Croc":
        return 7 if hand["Croc"] >= 2 else 4 + any(t["team"] == "Pirates" for t in others)
    if card == "Smee":
        return 2 + any(t["team"] == "Lost Boys" for t in others)
    return 1.5  # Tinker Bell and Pirate Treasure: worth what they fetch, judged when played


RULES = {
    "win": "1. win now",
    "attack": "2. stop the opponent nearest to winning",
    "build": "3. build its team, leader first, then crew",
    "fetch": "4. fetch a better card with Tinker Bell or Pirate Treasure",
    "end": "5. end the turn",
    "spend": "5. spend a Crocodile or Mr. Smee rather than discard it",
    "discard": "5. discard its least useful card, down to the hand limit",
}
"""The words of each priority (numbered as in this module's docstring), keyed as `decide_why` names them."""


def decide_why(view: dict, legal: Sequence[str], me: int, danger: int = 4) -> tuple[str, str]:
    """The action to play and the key (in `RULES`) of the priority that chose it."""
    hand = Counter(view["hand"])
    table = view["tables"][me]
    legal_set = set(legal)

    # 1. win now
    if hand["Croc"] >= 2:
        for action in ("tink Croc", "treasure Croc"):
            if action in legal_set:
                return action, "win"
    if table["team"] is not None:
        crew_card, leader_card = CREW[table["team"]], LEADER[table["team"]]
        if table["leader"] and table["crew"] >= 5 and f"play {crew_card}" in legal_set:
            return f"play {crew_card}", "win"
        if table["crew"] >= 6 and f"play {leader_card}" in legal_set:
            return f"play {leader_card}", "win"

    # 2. stop the opponent nearest to winning
    attacks = [a for a in legal if a.startswith(("croc", "smee"))]
    if attacks:
        def threat(action: str) -> int:
            return strength(view["tables"][int(action.split("@")[1]) - 1])
        worst = max(attacks, key=threat)
        if threat(worst) >= danger and not (worst.startswith("croc") and hand["Croc"] >= 2 and threat(worst) < 6):
            return worst, "attack"

    # 3. build the team
    team = pick_team(view, me, hand)
    for card in (LEADER[team], CREW[team]):
        for action in (f"play {card}", f"play {card} (switch)"):
            if action in legal_set:
                return action, "build"

    # 4. fetch a better card with Tinker Bell or Pirate Treasure
    fetches = [a for a in legal if a.startswith(("tink ", "treasure "))]
    if fetches:
        def gain(action: str) -> float:
            card = action.split()[1]
            spent = "Tink" if action.startswith("tink") else "Treasure"
            if card in ("Tink", "Treasure"):
                return -1
            return card_value(card, view, me, hand, team) - card_value(spent, view, me, hand, team)
        best = max(fetches, key=gain)
        if gain(best) >= 2:
            return best, "fetch"

    # 5. down to the hand limit, then end the turn
    if "end" in legal_set:
        return "end", "end"
    if attacks:  # a Crocodile or Mr. Smee about to be discarded is better spent
        return max(attacks, key=lambda a: strength(view["tables"][int(a.split("@")[1]) - 1])), "spend"
    discards = [a for a in legal if a.startswith("discard ")]
    return min(discards, key=lambda a: card_value(a.split()[1], view, me, hand, team)), "discard"
