"""A notebook at a room: `Board.join(link)` takes a seat (or watches) over a WebSocket from the kernel side,
and `rooms.open(...)` opens a room on a server it starts in the background when none runs."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import stat

import pytest
from rooms.wire import run, served

from tictac_nb import Board, rooms
from tictac_nb.notebook.remote import parse_link
from tictac_nb.rooms.client import SERVER_FILE
from tictac_nb.rooms.hall import Hall


async def until(check, seconds: float = 10) -> None:
    for _ in range(int(seconds / 0.02)):
        if check():
            return
        await asyncio.sleep(0.02)
    raise AssertionError("the board never got there")


def test_links_are_read_or_refused():
    assert parse_link("http://10.0.0.5:8765/seat/abc#tok") == ("ws://10.0.0.5:8765/ws/abc",
                                                              {"type": "hello", "token": "tok"})
    assert parse_link("https://hub.school/user/x/proxy/8765/watch/abc#w") == (
        "wss://hub.school/user/x/proxy/8765/ws/abc", {"type": "hello", "watch": "w"})
    for bad in ("http://h/seat/abc", "http://h/watch/abc", "ftp://h/seat/abc#t", "http://h/lobby#t", "seat/abc#t"):
        with pytest.raises(ValueError):
            parse_link(bad)


def test_a_notebook_takes_a_seat_and_another_watches():
    async def scenario():
        hall = Hall(None, bot_delay=0)
        room = hall.open("tic-tac-ko", {"players": 4}, seed=2)
        async with served(hall) as port:
            mover = room.state.to_move
            seat = Board.join(f"http://127.0.0.1:{port}/seat/{room.id}#{room.seats[mover].token}")
            onlooker = rooms.join(f"http://127.0.0.1:{port}/watch/{room.id}#{room.watch_token}")
            await until(lambda: seat.connected.is_set() and onlooker.connected.is_set())
            assert seat.svg == room.state.render_svg(mover) and onlooker.svg == room.state.render_svg(None)
            assert seat.seat_name == room.state.player_name(mover)
            action = room.state.legal_actions()[0]
            seat._from_page(seat, {"type": "width", "width": 400})
            await until(lambda: seat.svg == room.state.render_svg(mover, None, 400))
            seat.act(action)
            await until(lambda: seat.played == 1 and onlooker.played == 1)
            assert room.state.history == [action] and onlooker.svg == room.state.render_svg(None)
            onlooker.act(room.state.legal_actions()[0])  # a spectator's messages are dropped unread
            await asyncio.sleep(0.2)
            assert len(room.state.history) == 1
            wrong = Board.join(f"http://127.0.0.1:{port}/seat/{room.id}#not-a-token")
            await until(lambda: "no seat" in wrong.message)
            seat.close()
            onlooker.close()

    run(scenario())


def test_rooms_open_starts_a_server_once_and_shows_the_links(tmp_path):
    try:
        opened = rooms.open("tic-tac-ko", players=4, bots={3: "default"}, data=tmp_path)
        assert opened.links[3] is None and all(opened.links[:3])
        assert all(link.startswith(opened.url + "/seat/") for link in opened.links[:3])
        page = opened._repr_html_()
        assert opened.links[0] in page and opened.watch_link in page and "the game's bot" in page
        server = json.loads((tmp_path / SERVER_FILE).read_text())
        assert all(stat.S_IMODE((tmp_path / name).stat().st_mode) == 0o600 for name in ("server.log", SERVER_FILE))
        again = rooms.open("tic-toc", players=3, data=tmp_path, base="https://hub.school/user/ana/proxy/8765/")
        assert again.links[0].startswith(f"https://hub.school/user/ana/proxy/8765/seat/{again.id}#")
        assert again.id != opened.id and json.loads((tmp_path / SERVER_FILE).read_text()) == server  # the same one
        with pytest.raises(ValueError, match="players"):
            rooms.open("tic-toc", players=7, data=tmp_path)
    finally:
        known = tmp_path / SERVER_FILE
        if known.is_file():
            os.killpg(json.loads(known.read_text())["pid"], signal.SIGTERM)
