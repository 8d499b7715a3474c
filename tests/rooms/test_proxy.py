"""Behind JupyterHub or Binder only the Jupyter server's port is reachable: through jupyter-server-proxy a
seat's page loads and its WebSocket plays, at the proxied prefix `/proxy/<port>/`."""

from __future__ import annotations

import asyncio
import json
import sys
import urllib.request

from browser_support import TOKEN, Server, free_port, wait_for_http
from rooms.wire import RoomServer, run
from tornado.httpclient import HTTPRequest
from tornado.websocket import websocket_connect


def test_a_seat_plays_through_jupyter_server_proxy(tmp_path):
    rooms = RoomServer(free_port(), tmp_path)
    port = free_port()
    jupyter = Server([sys.executable, "-m", "jupyter", "server", "--no-browser", "--allow-root", f"--port={port}",
                      "--ServerApp.ip=127.0.0.1", f"--IdentityProvider.token={TOKEN}",
                      f"--ServerApp.root_dir={tmp_path}"], port, tmp_path)
    try:
        wait_for_http(f"{jupyter.url}/api/status", jupyter.proc)
        opened = rooms.api("POST", body={"game": "tic-tac-two", "bots": {"1": "random"}})
        room = next(r for r in rooms.api()["rooms"] if r["id"] == opened["id"])
        token = next(seat["token"] for seat in room["seats"] if seat["token"])
        prefix = f"{jupyter.url}/proxy/{rooms.port}"
        def get(path: str) -> str:
            request = urllib.request.Request(f"{prefix}{path}", headers={"Authorization": f"token {TOKEN}"})
            with urllib.request.urlopen(request, timeout=30) as answer:
                return answer.read().decode()

        page = get(f"/seat/{room['id']}")
        assert "../static/seat.js" in page and token not in page
        assert "board.js" in get("/static/seat.js") and "export default" in get("/static/board.js")

        async def play() -> None:
            ws = await websocket_connect(HTTPRequest(f"{prefix.replace('http', 'ws', 1)}/ws/{room['id']}",
                                                     headers={"Authorization": f"token {TOKEN}"}))
            await ws.write_message(json.dumps({"type": "hello", "token": token}))
            shown = json.loads(await asyncio.wait_for(ws.read_message(), 30))["set"]
            assert shown["svg"].startswith("<svg") and shown["played"] == 0
            await ws.write_message(json.dumps({"type": "act", "target": "5", "turn": shown["turn"]}))
            while shown.get("played", 0) < 1:
                shown |= json.loads(await asyncio.wait_for(ws.read_message(), 30))["set"]
            ws.close()

        run(play())
    finally:
        jupyter.stop()
        rooms.stop()
