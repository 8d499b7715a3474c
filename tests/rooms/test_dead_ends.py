"""Where a room's page stops, it says what happened and what to do: an unknown room, address or replay gets a
page in the rooms' look (never a bare "404: Not Found"), and every reason a seat's connection is closed with is
such a sentence, short enough for a WebSocket close frame. The pages themselves:
tests/browser/test_rooms_dead_ends.py."""

from __future__ import annotations

import json

import pytest
from rooms.test_lobby import fetch
from rooms.wire import run, served

from tictac_nb.core.words import DEAD_ENDS
from tictac_nb.rooms.hall import Hall


@pytest.mark.parametrize("key", DEAD_ENDS)
def test_every_dead_end_says_what_to_do_within_a_close_frame(key):
    words = DEAD_ENDS[key]
    assert len(words.encode()) <= 123, "a WebSocket close reason holds at most 123 bytes"
    assert words.endswith(".") and any(verb in words for verb in ("ask", "Ask", "reload", "Reload", "come back",
                                                                    "Check")), words


def test_a_missing_room_or_address_gets_a_page_that_says_what_to_do():
    async def scenario():
        hall = Hall(None, bot_delay=0)
        room = hall.open("tyc", seed=2)
        async with served(hall) as port:
            for path, key, style in ((f"/seat/{room.id}x", "no_room", "../static/rooms.css"),
                                     ("/watch/gone", "no_room", "../static/rooms.css"),
                                     (f"/replay/{room.id}", "no_replay", "../static/rooms.css"),
                                     ("/nothing/here/at/all", "not_found", "../../../static/rooms.css"),
                                     ("/nothing", "not_found", '"static/rooms.css')):
                code, body = await fetch(port, path)
                page = body.decode()
                assert code == 404 and page.startswith("<!doctype html>"), path
                assert DEAD_ENDS[key] in page.replace("&#x27;", "'") and style in page, (path, page)
                assert "404: Not Found" not in page
            code, body = await fetch(port, "/api/qr?room=nope", hall.teacher)
            assert code == 400 and json.loads(body)["error"] == DEAD_ENDS["bad_request"]

    run(scenario())


def test_a_notebook_at_a_locked_seat_is_told_so_and_comes_back_once_unlocked():
    from rooms.test_client import until

    from tictac_nb import Board

    async def scenario():
        hall = Hall(None, bot_delay=0)
        room = hall.open("tyc", seed=2)
        async with served(hall) as port:
            seat = Board.join(f"http://127.0.0.1:{port}/seat/{room.id}#{room.seats[0].token}")
            await until(seat.connected.is_set)
            room.lock(0)
            await until(lambda: seat.message == DEAD_ENDS["locked"])
            room.lock(0, False)
            await until(seat.connected.is_set, seconds=20)  # its backoff waits at most 8 s between tries
            seat.close()

    run(scenario())
