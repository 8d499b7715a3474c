"""The arena's pages and API. A link's token travels in the URL fragment and an Authorization header only.

    GET  /arena                      the teacher's page of assignments (the lobby's token in the fragment)
    GET  /arena/A                    an assignment's ladder page (a student's link, or the teacher's)
    GET  /arena/A/replay/M           a match's replay (the kit's replay page, as an onlooker saw the game)
    GET  /api/arena                  the teacher's list of assignments; POST: create, links, deadline, remove
    GET  /api/arena/A                the ladder, recent matches; a student's own versions and prints too
    POST /api/arena/A/submit         a student's bot (JSON: name, kind, payload in base64)
    GET  /api/arena/A/grades.csv     the teacher's CSV of grades

A student's link sees the public ladder and its own entry only; no payload is ever served.
"""

from __future__ import annotations

import json
from typing import Any

import tornado.http1connection
import tornado.web

from ..core.words import ARENA, DEAD_ENDS
from . import pages
from .arena import MAX_BOT, Refused, Submission
from .server import REPLAY_POLICY, DeadEnd, Guarded, error_words, replay_text

MAX_SUBMISSION = 2 * MAX_BOT
"""The largest submission body read (a payload in base64 and its name), in bytes."""


class ArenaPage(Guarded, tornado.web.RequestHandler):
    """The arena's page: the same HTML for every link (the token is in the fragment)."""

    def initialize(self, hall: Any) -> None:
        self.hall = hall

    def get(self, assignment: str = "") -> None:
        if assignment and self.hall.arena.assignment(assignment) is None:
            raise DeadEnd(404, "no_assignment")
        self.set_header("Cache-Control", "no-store")
        self.write(pages.arena_page(bool(assignment)))


class MatchReplay(Guarded, tornado.web.RequestHandler):
    def initialize(self, hall: Any) -> None:
        self.hall = hall

    def get(self, assignment: str, match: str) -> None:
        record = self.hall.arena.match_record(assignment, int(match)) if len(match) < 12 else None
        if record is None:
            raise DeadEnd(404, "no_assignment" if self.hall.arena.assignment(assignment) is None else "not_found")
        self.set_header("Content-Security-Policy", REPLAY_POLICY)
        self.set_header("Cache-Control", "no-store")
        self.write(replay_text(json.dumps(record, sort_keys=True)))


class ArenaJson(Guarded, tornado.web.RequestHandler):
    """JSON for a link's token (Authorization: Bearer): `self.teacher` for the lobby's, `self.entry` for a
    student's of this assignment; anything else a 401 with the sentence of its dead end."""

    def initialize(self, hall: Any) -> None:
        self.hall = hall
        self.teacher, self.entry = False, None

    def set_default_headers(self) -> None:
        super().set_default_headers()
        self.set_header("Cache-Control", "no-store")
        self.set_header("Content-Type", "application/json")

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        error = kwargs.get("exc_info", (None, None))[1]
        self.finish({"error": str(error) if isinstance(error, Refused) else DEAD_ENDS[error_words(status_code)]})

    def refuse(self, status: int, words: str) -> None:
        self.set_status(status)
        self.finish({"error": words})

    def prepare(self) -> None:
        token = self.request.headers.get("Authorization", "").removeprefix("Bearer ")
        self.teacher = self.hall.check_teacher(token)
        arguments = self.path_args
        if not arguments:
            if not self.teacher:
                self.refuse(401, "the arena's page needs the teacher's link, printed when the server started")
            return
        self.assignment = self.hall.arena.assignment(arguments[0])
        if self.assignment is None:
            self.refuse(404, DEAD_ENDS["no_assignment"])
        elif not self.teacher:
            self.entry = self.hall.arena.entry_of(self.assignment.id, token)
            if self.entry is None:
                self.refuse(401, DEAD_ENDS["no_entry"])


class Assignments(ArenaJson):
    """The teacher's: GET every assignment and each game's form (its options, as the lobby offers them);
    POST {"do": "create", "game", "options", "title", "deadline"},
    {"do": "links", "assignment", "count"}, {"do": "reissue", "assignment", "number"} (an entry's new link, the
    old one revoked), {"do": "deadline", "assignment", "deadline"}, {"do": "remove", "assignment"}."""

    def get(self) -> None:
        self.write({"games": pages.game_forms(),
                    "assignments": [a.public() for a in self.hall.arena.assignments()]})

    def post(self) -> None:
        arena = self.hall.arena
        try:
            ask = json.loads(self.request.body or b"null")
            if not isinstance(ask, dict):
                raise ValueError("send an object: {do: create | links | deadline | remove, ...}")
            what = ask.get("do")
            if what == "create":
                answer = {"id": arena.create(ask.get("game"), ask.get("options") or {}, str(ask.get("title") or ""),
                                             ask.get("deadline"))}
            elif arena.assignment(ask.get("assignment")) is None:
                raise ValueError("name an assignment of this server")
            elif what == "links":
                answer = {"tokens": arena.issue(ask["assignment"], ask.get("count"))}
            elif what == "reissue":
                answer = {"token": arena.reissue(ask["assignment"], ask.get("number"))}
            elif what == "deadline":
                arena.set_deadline(ask["assignment"], ask.get("deadline"))
                answer = {}
            elif what == "remove":
                arena.remove(ask["assignment"])
                answer = {}
            else:
                raise ValueError("do is one of create, links, reissue, deadline, remove")
        except (ValueError, TypeError, RecursionError) as error:  # InvalidOption is a ValueError
            self.refuse(400, str(error)[:300])
            return
        self.hall.scheduler.nudge()
        self.write(answer)


class Ladder(ArenaJson):
    """An assignment's ladder for any of its links; a student's own entry (versions, prints) for its author;
    every entry's link for the teacher."""

    def get(self, assignment: str) -> None:
        arena = self.hall.arena
        ladder = arena.ladder(self.assignment)
        answer: dict[str, Any] = {"assignment": self.assignment.public(), "ladder": ladder.rows(),
                                  "matches": [{**m, "replay": f"{assignment}/replay/{m['match']}"}
                                              for m in ladder.recent],
                                  "teacher": self.teacher}
        if self.teacher:
            answer["links"] = arena.links(assignment)
        else:
            answer["you"] = {"name": arena.entry_name(self.entry), "versions": arena.versions(self.entry),
                             "prints": arena.prints(self.entry), "refused": arena.refusals(self.entry)}
        self.write(answer)


class Grades(ArenaJson):
    def get(self, assignment: str) -> None:
        if not self.teacher:
            self.refuse(403, "the grades are the teacher's: open the arena with the teacher's link")
            return
        self.set_header("Content-Type", "text/csv; charset=UTF-8")
        self.set_header("Content-Disposition", f'attachment; filename="arena-{assignment}.csv"')
        self.write(self.hall.arena.ladder(self.assignment).csv())


@tornado.web.stream_request_body
class Submit(ArenaJson):
    """A student's bot for their own entry (the link's token picks the entry; `name` is only its display
    name). Checked here without running it, then tried in a jail; kept only if it passes."""

    SUPPORTED_METHODS = ("POST",)

    def prepare(self) -> None:
        self.body = bytearray()
        self.too_large = False
        super().prepare()
        if self._finished:
            return
        if self.teacher:
            self.refuse(403, ARENA["no_link"])
            return
        connection = self.request.connection
        assert isinstance(connection, tornado.http1connection.HTTP1Connection)  # tornado's HTTPServer's, each request's
        connection.set_max_body_size(MAX_SUBMISSION)
        length = self.request.headers.get("Content-Length", "0")
        if not length.isdigit() or int(length) > MAX_SUBMISSION:
            self.refused(Refused(ARENA["too_large"].format(size=length[:20], limit=MAX_BOT), 413))

    def refused(self, refused: Refused) -> None:
        """Answer a refused try with its sentence, and keep the sentence in its author's history."""
        self.hall.arena.refuse(self.entry, str(refused))
        self.refuse(refused.status, str(refused))

    def data_received(self, chunk: bytes) -> None:
        if len(self.body) + len(chunk) > MAX_SUBMISSION:
            self.too_large = True
        elif not self.too_large:
            self.body += chunk

    async def post(self, assignment: str) -> None:
        arena = self.hall.arena
        try:
            if self.too_large:
                raise Refused(ARENA["too_large"].format(size=f"over {MAX_SUBMISSION}", limit=MAX_BOT), 413)
            submission = Submission.of_json(bytes(self.body))
            arena.check(self.assignment, self.entry, submission)
            words = await self.hall.scheduler.trial(submission, self.assignment)
            if words is not None:
                raise Refused(words)
            arena.check(self.assignment, self.entry, submission)  # the name may have been taken meanwhile
            version = arena.keep(self.assignment, self.entry, submission)
        except Refused as refused:
            self.refused(refused)
            return
        self.hall.scheduler.nudge()
        self.write({"version": version, "name": submission.name})


def routes(hall: Any) -> list[tuple]:
    """The arena's routes, for `server.make_app`."""
    some = r"([A-Za-z0-9_-]{1,32})"
    return [
        (r"/arena", ArenaPage, {"hall": hall}),
        (rf"/arena/{some}", ArenaPage, {"hall": hall}),
        (rf"/arena/{some}/replay/([0-9]{{1,11}})", MatchReplay, {"hall": hall}),
        (r"/api/arena", Assignments, {"hall": hall}),
        (rf"/api/arena/{some}", Ladder, {"hall": hall}),
        (rf"/api/arena/{some}/submit", Submit, {"hall": hall}),
        (rf"/api/arena/{some}/grades\.csv", Grades, {"hall": hall}),
    ]
