"""Fuzz: thousands of frames per game from a seeded generator, over real WebSockets, from every seat and an
onlooker: malformed text, JSON of any shape and depth, fields of the wrong type or size, stale turns,
another seat's actions, first steps, and now and then the legal action of the seat to move (so the game
goes on). Every message gets exactly one answer; the game changes only by a legal action of the seat
to move made on the position it was shown. Beside them, connections that must be closed: oversized,
binary, wrong tokens, floods; the server serves the others throughout."""

from __future__ import annotations

import json
import random
import string
import time

import pytest
from rooms.wire import Client, run, served

from tictac_nb.notebook.table import MESSAGES
from tictac_nb.rooms.hall import Hall
from tictac_nb.rooms.server import CLOSE_BINARY, CLOSE_FLOOD, CLOSE_TOKEN, MAX_MESSAGE

FRAMES = 2000  # per game
SECONDS = 40  # at most, per game
TYPES = [*MESSAGES, "hello", "go", "", "ACT", "act ", None, 3]


def junk(rng: random.Random, depth: int = 0):
    """Any JSON value, nested at most a few levels (deep nesting has its own frames)."""
    pick = rng.randrange(9 if depth < 3 else 6)
    if pick == 0:
        return None
    if pick == 1:
        return rng.choice([True, False])
    if pick == 2:
        return rng.choice([0, -1, 2**53, 2**64, 1.5, -0.0, 1e308])
    if pick in (3, 4, 5):
        return "".join(rng.choice(string.printable + "é✓\u202e") for _ in range(rng.randrange(12)))
    if pick in (6, 7):
        return [junk(rng, depth + 1) for _ in range(rng.randrange(4))]
    return {str(junk(rng, 3))[:10]: junk(rng, depth + 1) for _ in range(rng.randrange(4))}


def message(rng: random.Random, state, client: Client, mover: bool) -> str:
    """One frame's text; a legal action of the mover now and then."""
    turn = client.values["turn"]
    legal = state.legal_actions() if state.outcome is None else []
    pick = rng.randrange(12)
    if pick == 0 and legal:
        content = {"type": "act", "target": rng.choice(legal), "turn": turn}
    elif pick == 1 and legal:
        content = {"type": "act", "target": rng.choice(legal), "turn": turn + rng.choice([-3, -1, 1, 7])}
    elif pick == 2:
        target = rng.choice(legal)[:rng.randrange(1, 4)] if legal else "1"
        content = {"type": "act", "target": target + rng.choice(["", "x", " ", "@", "9"]), "turn": turn}
    elif pick == 3:
        content = {"type": rng.choice(TYPES), **{rng.choice(["turn", "target", "width", "x"]): junk(rng)
                                                  for _ in range(rng.randrange(4))}}
    elif pick == 4:
        content = junk(rng)
    elif pick == 5:
        return rng.choice(["{", "", "nul", "[1,", '{"type": "act",}', "\x00", "'act'", "NaN", "{" * 50])
    elif pick == 6:
        content = {"type": "width", "width": rng.choice([0, 119, 120, 320.5, 20_000, 20_001, -5, 1e9, "500"])}
    elif pick == 7:
        content = {"type": rng.choice(["undo", "new", "reveal", "cancel"]), "turn": rng.choice([turn, turn - 1])}
    elif pick == 8:
        if rng.random() < 0.5:
            depth = rng.randrange(100, 2000)
            return "[" * depth + "]" * depth
        depth = rng.randrange(100, 680)
        return '{"a":' * depth + "1" + "}" * depth
    elif pick == 9:
        content = {"type": "act", "target": "".join(rng.choice(string.printable) for _ in range(rng.randrange(250))),
                   "turn": turn}
    else:
        content = {"type": "act", "target": rng.choice(legal) if legal else "5", "turn": junk(rng)}
    text = json.dumps(content)
    return text if len(text.encode()) <= MAX_MESSAGE else "{}"


async def fuzz(name: str, options: dict, seed: int) -> dict:
    hall = Hall(None, bot_delay=0)
    room = hall.open(name, options, seed=seed)
    rng = random.Random(seed)
    counts = {"frames": 0, "changed": 0, "closed": 0}
    deadline = time.monotonic() + SECONDS
    async with served(hall, rate=1e6, burst=10**6) as port:
        seats = [await Client.seat(port, room, seat) for seat in range(room.state.num_players)]
        onlooker = await Client.watch(port, room)  # hears every change; a spectator's messages are dropped
        clients = seats
        asked: set[int] = set()  # the seats that asked for a new game while this one is on: all of them start it
        while counts["frames"] < FRAMES and time.monotonic() < deadline:
            if room.state.outcome is not None:
                await seats[0].ask({"type": "new", "turn": seats[0].values["turn"]})
                for client in [*clients[1:], onlooker]:
                    await client.next()
                asked.clear()
            index = room.state.to_move if rng.random() < 0.4 else rng.randrange(len(clients))
            client = clients[index]
            before = room.state.clone()
            text = message(rng, before, client, index == before.to_move)
            answers, answers_turn = client.values["answers"], client.values["turn"]
            await client.ask(text)
            assert client.values["answers"] == answers + 1
            counts["frames"] += 1
            try:
                content = json.loads(text)
            except (ValueError, RecursionError):
                content = None
            fresh = content == {"type": "new", "turn": answers_turn}
            if fresh and room.state.history != before.history:
                asked.add(index)
                assert asked == set(range(len(seats))), text[:80]  # only the last seat to ask starts it
                asked.clear()
                counts["changed"] += 1
                for other in [*clients, onlooker]:
                    if other is not client:
                        await other.next()
            elif fresh:
                asked.add(index)
            if room.state.history != before.history and not fresh:
                assert index == before.to_move and content["type"] == "act" and \
                    content["target"] in before.legal_actions(), text[:80]
                assert room.state.history == [*before.history, content["target"]]
                counts["changed"] += 1
                for other in [*clients, onlooker]:
                    if other is not client:
                        await other.next()
            elif not fresh or room.state.history == before.history:
                assert room.state.key() == before.key() and room.state.record() == before.record(), text[:80]
            if rng.random() < 0.01:  # a connection that must be closed, beside the others
                counts["closed"] += 1
                kind = rng.randrange(4)
                if kind == 0:
                    bad = await Client.open(port, room.id, None)
                    await bad.send({"type": "hello", "token": "x" * rng.randrange(1, 90)})
                    code = CLOSE_TOKEN
                else:  # before its hello: a seat's second connection would take the seat over
                    bad = await Client.open(port, room.id, None)
                    if kind == 1:
                        await bad.send(json.dumps({"type": "cancel", "pad": "y" * MAX_MESSAGE}))
                        code = 1009
                    elif kind == 2:
                        await bad.send(bytes(rng.randrange(256) for _ in range(20)))
                        code = CLOSE_BINARY
                    else:
                        code = None  # a flood, at the real limit, on a server of its own below
                        bad.close()
                if code is not None:
                    assert (await bad.closed()).code == code
    return counts


@pytest.mark.parametrize(("name", "options"), [("tic-toc", {"players": 3}), ("tic-tac-ko", {"players": 4}),
                                               ("tic-tac-two", {})], ids=["tic-toc-3", "tic-tac-ko-4", "tic-tac-two"])
def test_fuzzed_frames_are_each_answered_and_change_the_game_only_by_a_legal_action(name, options):
    counts = run(fuzz(name, options, seed=11))
    print(f"\n{name}: {counts['frames']} frames fuzzed, {counts['changed']} legal actions played, "
          f"{counts['closed']} connections closed")
    assert counts["frames"] >= 1000 and counts["changed"] > 10


def test_a_flood_is_closed_and_the_others_are_served():
    async def scenario():
        hall = Hall(None, bot_delay=0)
        room = hall.open("tic-toc", {"players": 3}, seed=2)
        async with served(hall) as port:
            calm = await Client.seat(port, room, room.state.to_move)
            floods = [await Client.seat(port, room, seat) for seat in range(3) if seat != room.state.to_move]
            for flood in floods:
                for _ in range(200):
                    await flood.send('{"type": "cancel"}')
            for flood in floods:
                assert (await flood.closed()).code == CLOSE_FLOOD
            await calm.act(room.state.legal_actions()[0])
            assert len(room.state.history) == 1

    run(scenario())
