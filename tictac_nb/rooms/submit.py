"""A student's side of the class arena (`tictac-nb serve`): submit a bot from a notebook, or save it to a file
to upload on the arena page.

    >>> from tictac_nb import arena
    >>> arena.submit(my_bot, name="Ada's bot", link="http://host:8765/arena/AbC#your-token")  # doctest: +SKIP

The bot is packed here (`entrant.Entrant`: cloudpickled, so a notebook's functions and classes travel by
value) and sent with the link's token in an Authorization header, never in the URL. The server tries it in
a jail before it plays; a refusal says why in a sentence (`ArenaRefused`).
"""

from __future__ import annotations

import base64
import json
import os
import urllib.error
import urllib.request
from typing import Any
from urllib.parse import urlsplit

from ..trust.entrant import Entrant

FORMAT = "tictac_nb bot"


class ArenaRefused(Exception):
    """The arena did not take the bot; the message says why and what to do."""


def packed(bot: Any) -> dict:
    """`bot` as the arena takes it: how it is made (kind), its own name, its payload in base64."""
    entrant = Entrant.of(bot)
    return {"format": FORMAT, "kind": entrant.kind, "bot": entrant.name,
            "payload": base64.b64encode(entrant.payload).decode()}


def save(bot: Any, path: str | os.PathLike) -> str:
    """Write `bot` to a file for the arena page's upload form; the path written."""
    with open(path, "w", encoding="utf-8") as file:
        json.dump(packed(bot), file)
    return os.fspath(path)


def submit(bot: Any, name: str, link: str, timeout: float = 180.0) -> dict:
    """Send `bot` under the display `name` to the entry of `link` (the arena link your teacher handed out).
    Its answer: {"version": N, "name": ...}; `ArenaRefused` with the server's sentence otherwise."""
    body = {**packed(bot), "name": name}
    return post(link, json.dumps(body).encode(), timeout)


def submit_file(path: str | os.PathLike, name: str, link: str, timeout: float = 180.0) -> dict:
    """Send a bot file made by `save` under the display `name`."""
    with open(path, encoding="utf-8") as file:
        body = {**json.load(file), "name": name}
    return post(link, json.dumps(body).encode(), timeout)


def endpoint(link: str) -> tuple[str, str]:
    """The submit URL and the token of an arena link (http://host/arena/ID#TOKEN)."""
    parts = urlsplit(link)
    path = parts.path.rstrip("/")
    head, _, assignment = path.rpartition("/arena/")
    if parts.scheme not in ("http", "https") or not assignment or not parts.fragment:
        raise ValueError("an arena link looks like http://host:port/arena/ID#TOKEN: ask your teacher for yours")
    return f"{parts.scheme}://{parts.netloc}{head}/api/arena/{assignment}/submit", parts.fragment


def post(link: str, body: bytes, timeout: float) -> dict:
    url, token = endpoint(link)
    request = urllib.request.Request(url, data=body, method="POST", headers={
        "Authorization": f"Bearer {token}", "Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=timeout) as answer:
            return json.loads(answer.read())
    except urllib.error.HTTPError as error:
        try:
            words = json.loads(error.read()).get("error")
        except (ValueError, AttributeError):
            words = None
        raise ArenaRefused(words or f"the arena answered {error.code}") from None
