"""A notebook opens a room: `open("tic-tac-ko", players=4, bots={3: "default"})` opens a
room on the room server of a data folder, starting that server in the background if none runs, and shows
the seat links, each a board to play with `seat(i)` (a `RemoteBoard`, `tictac_nb.notebook.remote`).
"""

from __future__ import annotations

import html
import json
import os
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

from ..notebook.remote import RemoteBoard, join
from .keys import Keys, private_file, private_folder
from .store import SERVER_FILE


class OpenedRoom:
    """A room opened from a notebook: its seat links (shown as a table), `seat(i)` and `watch()` boards."""

    def __init__(self, url: str, room: dict) -> None:
        self.url, self.id = url, room["id"]
        self.title, self.seats = room["title"], room["seats"]
        self.links = [None if seat["token"] is None else f"{url}/seat/{self.id}#{seat['token']}"
                      for seat in self.seats]
        self.watch_link = f"{url}/watch/{self.id}#{room['watch']}"

    def seat(self, index: int) -> RemoteBoard:
        link = self.links[index]
        if link is None:
            raise ValueError(f"seat {index} is played by a bot")
        return join(link)

    def watch(self) -> RemoteBoard:
        return join(self.watch_link)

    def _repr_html_(self) -> str:
        rows = "".join(
            f"<tr><td>{html.escape(seat['name'])}</td><td>"
            + (html.escape(seat['bot_words'], quote=False) if link is None
               else f'<a href="{html.escape(link)}" target="_blank" rel="noreferrer">{html.escape(link)}</a>')
            + "</td></tr>" for seat, link in zip(self.seats, self.links, strict=True))
        return (f"<p>{html.escape(self.title)}, room {html.escape(self.id)}: hand each player their own link "
                f"(it is their secret).</p><table>{rows}</table><p>Onlooker (projector): "
                f'<a href="{html.escape(self.watch_link)}" target="_blank">{html.escape(self.watch_link)}</a></p>')

    def __repr__(self) -> str:
        return f"{self.title}, room {self.id}: " + ", ".join(link or "bot" for link in self.links)


def _answers(url: str) -> bool:
    try:
        urllib.request.urlopen(f"{url}/lobby", timeout=2)
        return True
    except urllib.error.HTTPError:
        return True
    except OSError:
        return False


def server_url(data: str | os.PathLike = "rooms-data", host: str = "127.0.0.1", timeout: float = 30) -> str:
    """The URL of the room server of `data`, started in the background (its own process group) if none
    answers; it keeps running after the notebook, until stopped (`tictac-nb` prints its pid)."""
    folder = Path(data)
    known = folder / SERVER_FILE
    if known.is_file():
        url = json.loads(known.read_text())["url"]
        if _answers(url):
            return url
    private_folder(folder)
    with os.fdopen(private_file(folder / "server.log"), "a") as log:
        subprocess.Popen([sys.executable, "-m", "tictac_nb.rooms.cli", "serve", "--host", host, "--port", "0",
                          "--data", str(folder)], stdout=log, stderr=log, start_new_session=True)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if known.is_file():
            url = json.loads(known.read_text())["url"]
            if _answers(url):
                return url
        time.sleep(0.1)
    raise RuntimeError(f"the room server did not start; see {folder / 'server.log'}")


def open(game: str, players: int | None = None, bots: dict[int, str] | None = None,  # noqa: A001
         data: str | os.PathLike = "rooms-data", base: str | None = None, **options: Any) -> OpenedRoom:
    """Open a room of `game` on the room server of `data` (started if none runs) and show its seat links:
    `rooms.open("tic-tac-ko", players=4, bots={3: "default"})`. Bots are named: "default", "random", "mcts:N".
    `base` is the server's address as the players' browsers reach it, where that is not the local one
    (the class network's, or behind jupyter-server-proxy, e.g. "https://hub.school/user/ana/proxy/8765")."""
    url = server_url(data)
    teacher = Keys.of_folder(data).teacher()
    if players is not None:
        options["players"] = players
    headers = {"Authorization": f"Bearer {teacher}"}
    body = json.dumps({"game": game, "options": options, "bots": {str(k): v for k, v in (bots or {}).items()}})
    request = urllib.request.Request(f"{url}/api/rooms", data=body.encode(), method="POST", headers=headers)
    try:
        room_id = json.loads(urllib.request.urlopen(request, timeout=30).read())["id"]
    except urllib.error.HTTPError as error:
        raise ValueError(json.loads(error.read()).get("error", "the room server refused the room")) from None
    listing = urllib.request.urlopen(urllib.request.Request(f"{url}/api/rooms", headers=headers), timeout=30)
    room = next(room for room in json.loads(listing.read())["rooms"] if room["id"] == room_id)
    return OpenedRoom(base.rstrip("/") if base else url, room)
