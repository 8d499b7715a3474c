"""The rooms' secrets at rest: every token is a keyed hash (HMAC-SHA256) of what it opens, under a key
kept in a file of its own (`rooms.key`, 0600) beside the database, never in it.

The database holds no token: a seat's link is worked out again from its room, its seat and how often it
was reissued, so a copied database (without the key file) opens nothing, and a reissued link replaces the
old one by counting up. The data folder is 0700, and every file the rooms write in it 0600.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import os
import secrets
from pathlib import Path

KEY_FILE = "rooms.key"
KEY_BYTES = 32
TOKEN_BYTES = 24


def private_folder(folder: str | os.PathLike) -> Path:
    """`folder`, made if need be, readable by its owner only (0700)."""
    path = Path(folder)
    path.mkdir(mode=0o700, parents=True, exist_ok=True)
    path.chmod(0o700)
    return path


def private_file(path: str | os.PathLike, mode: str = "a") -> int:
    """A descriptor of `path` opened for writing ("a" appends, "w" replaces), created 0600 and kept so."""
    flags = os.O_WRONLY | os.O_CREAT | (os.O_APPEND if mode == "a" else os.O_TRUNC)
    descriptor = os.open(path, flags, 0o600)
    os.fchmod(descriptor, 0o600)
    return descriptor


def write_private(path: str | os.PathLike, text: str) -> None:
    with os.fdopen(private_file(path, "w"), "w") as file:
        file.write(text)


class Keys:
    """The key of one data folder (or of one server's memory: `Keys()`), and the tokens it makes."""

    def __init__(self, key: bytes | None = None) -> None:
        self._key = key if key is not None else secrets.token_bytes(KEY_BYTES)

    @classmethod
    def of_folder(cls, folder: str | os.PathLike) -> Keys:
        """The folder's key, made once (0600) and read on every later start."""
        path = private_folder(folder) / KEY_FILE
        try:
            descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        except FileExistsError:
            path.chmod(0o600)
            key = path.read_bytes()
            if len(key) != KEY_BYTES:
                raise ValueError(f"{path} is not a rooms key ({KEY_BYTES} bytes); remove it to start afresh "
                                 "(every link of this folder then stops working)") from None
            return cls(key)
        key = secrets.token_bytes(KEY_BYTES)
        with os.fdopen(descriptor, "wb") as file:
            file.write(key)
        return cls(key)

    def token(self, *parts: object) -> str:
        """The token of `parts` (such as a room id, a seat and its issue): URL-safe, unguessable without the key."""
        message = "\x1f".join(str(part) for part in parts).encode()
        digest = hmac.new(self._key, message, hashlib.sha256).digest()[:TOKEN_BYTES]
        return base64.urlsafe_b64encode(digest).decode().rstrip("=")

    def teacher(self) -> str:
        """The lobby's token: the same after every restart of the folder's server."""
        return self.token("teacher")

    def seat(self, room: str, seat: int, issue: int) -> str:
        return self.token("seat", room, seat, issue)

    def watch(self, room: str, issue: int = 0) -> str:
        """A room's spectator token."""
        return self.token("watch", room, issue)
