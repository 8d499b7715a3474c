"""The kit's version, in one place: the package exports it, a shared game's document records it."""

VERSION = "0.1.0"
