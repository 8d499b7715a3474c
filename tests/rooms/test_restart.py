"""Reconnect and restart lose nothing: a page that reconnects with its token gets the current view, and a
server restarted mid-game (a subprocess, stopped by its process group) reopens the room where it was."""

from __future__ import annotations

import asyncio
import random

from browser_support import free_port
from rooms.wire import Client, RoomServer, run, served

from tictac_nb import Replay, export_html, from_record
from tictac_nb.rooms.hall import Hall
from tictac_nb.rooms.store import Store


async def play(clients: list[Client], state_of, moves: int, rng: random.Random) -> None:
    """`moves` random legal actions, each by the seat to move; every other client reads its frame."""
    for _ in range(moves):
        state = state_of()
        if state.outcome is not None:
            return
        mover = state.to_move
        await clients[mover].act(rng.choice(state.legal_actions()))
        for seat, client in enumerate(clients):
            if seat != mover:
                await client.next()


def test_a_restarted_server_reopens_the_room_where_it_was_and_pages_come_back(tmp_path):
    port = free_port()
    server = RoomServer(port, tmp_path)
    try:
        opened = server.api("POST", body={"game": "tic-tac-ko", "options": {"players": 4}})
        room = next(r for r in server.api()["rooms"] if r["id"] == opened["id"])
        tokens = [seat["token"] for seat in room["seats"]]
        rng = random.Random(4)

        async def first_half():
            clients = [await Client.token(port, room["id"], token) for token in tokens]
            for _ in range(30):
                record = next(Store(tmp_path).unfinished()).state  # what the store holds now
                mover = record.to_move
                await clients[mover].act(rng.choice(record.legal_actions()))
                for seat, client in enumerate(clients):
                    if seat != mover:
                        await client.next()
            again = await Client.token(port, room["id"], tokens[2])  # a reload: the same view at once
            assert again.values["svg"] == clients[2].values["svg"] and again.values["played"] == 30
            return clients[2].values["svg"]

        before = run(first_half())
        server.stop()
        server = RoomServer(port, tmp_path)
        assert server.api()["rooms"][0]["id"] == room["id"]

        async def second_half():
            clients = [await Client.token(port, room["id"], token) for token in tokens]
            assert clients[2].values["svg"] == before and clients[0].values["played"] == 30
            await play(clients, lambda: next(Store(tmp_path).unfinished()).state, 20, rng)
            assert clients[1].values["played"] == 50

        run(second_half())
    finally:
        server.stop()
    state = next(Store(tmp_path).unfinished()).state
    assert len(state.history) == 50 and from_record(state.record()).history == state.history
    assert "Traceback" not in server.logged()


def test_finished_games_stay_in_the_store_for_replays(tmp_path):
    async def scenario():
        hall = Hall(tmp_path, bot_delay=0)
        room = hall.open("tic-tac-two", bots={0: "random", 1: "random"}, seed=3)
        while room.state.outcome is None:
            await asyncio.sleep(0.01)
        return room.state.record()

    record = run(scenario())
    games = Store(tmp_path).games()
    assert games == [record]
    replay = Replay(games[0])
    assert replay.count == len(record["moves"])
    assert export_html(games[0], tmp_path / "game.html").read_text().count("<svg") > 0
    assert list(Store(tmp_path).unfinished()) == []


def test_a_room_that_cannot_be_saved_says_so_in_the_log_and_plays_on(caplog):
    def full_disk(room):
        raise OSError("No space left on device")

    async def scenario():
        hall = Hall(None, bot_delay=0)
        room = hall.open("tic-tac-two", seed=1)
        room.on_change = full_disk
        async with served(hall) as port:
            seat = await Client.seat(port, room, room.state.to_move)
            await seat.act(room.state.legal_actions()[0])
            assert seat.values["played"] == 1 and room.id in caplog.text and "could not be saved" in caplog.text

    run(scenario())
