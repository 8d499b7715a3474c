"""The sandbox: every attack of issues 20 and 28, as a bot, run through the lab (and its jail) on each game
with hidden information, as root and as a normal user.

The attack bots live in `sandbox_attacks` (a worker imports that module alone) and print what they found,
which the lab keeps for the teacher and the test reads back; it compares that with the real game, rebuilt
from the result rows.
"""

from __future__ import annotations

import dataclasses
import json
import os
import pickle
import platform
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time

import pytest
import sandbox_attacks as attacks

import tictac_nb
from tictac_nb import RandomBot, lab
from tictac_nb.core.bots import Forfeit, seat_copy
from tictac_nb.trust import cgroup, entrant, jail, sandbox, wire
from tictac_nb.trust.clock import Deadline, MoveClock
from tictac_nb.trust.sandbox import as_bot, decide

HIDDEN = [name for name, game in tictac_nb.GAMES.items()
          if game.hidden_information or game.state_class.determinize is not tictac_nb.State.determinize]
"""The games with something hidden from a seat, as each declares it (Trek's bag order, hidden from everyone,
shows as its own `determinize`)."""
SHORT = {name: {"turn_cap": 12} if "turn_cap" in tictac_nb.GAMES[name].options else {} for name in HIDDEN}
"""Options that keep a game short in these tests: the lowest turn cap of a game that has one."""


def test_every_game_that_hides_something_says_so():
    assert {name for name, game in tictac_nb.GAMES.items() if game.hidden_information} <= set(HIDDEN)
    assert len(HIDDEN) >= 4


@pytest.fixture
def log():
    """Reads back what attack bots printed ("ATTACK {json}" lines) from results: frames, standings or rows."""
    yield found_in
    assert not outliving(), "a worker outlived its batch"
    assert not zombies()


def outliving(wait: float = 10.0) -> list[int]:
    """Our workers still alive after `wait` seconds at most: a killed process takes a moment to exit."""
    end = time.monotonic() + wait
    while (alive := our_workers()) and time.monotonic() < end:
        time.sleep(0.05)
    return alive


def found_in(*results) -> list[dict]:
    texts = []
    for result in results:
        if isinstance(result, lab.tournaments.Standings):
            result = result.games
        texts += result["output"].values() if isinstance(result, dict) else result.attrs["output"].values()
    return [json.loads(line[len("ATTACK "):]) for text in texts for line in text.splitlines()
            if line.startswith("ATTACK ")]


def our_workers() -> list[int]:
    """Live worker processes started by this process (their config names it as their parent), jailed or not,
    and whatever they started (a child keeps its parent's command line)."""
    marker = f'"parent": {os.getpid()}'.encode()
    found = []
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as cmdline:
                words = cmdline.read()
        except OSError:
            continue
        if b"tictac_nb.trust.worker" in words and marker in words:
            found.append(int(pid))
    return found


def zombies() -> list[int]:
    """Children of this process that ended and were never reaped."""
    found = []
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if fields[0] == "Z" and int(fields[1]) == os.getpid():
            found.append(int(pid))
    return found


def student(attack) -> dict:
    """Seat 1 played by `attack`, the others by the kit's random bot (whatever the number of seats)."""
    return {1: attack}


def real_positions(rows) -> list[tictac_nb.State]:
    """Every position of every game in `rows` at which the student's bot (seat 1) had to move."""
    positions = []
    for _, row in rows.iterrows():
        state = tictac_nb.new_game(row["game"], seed=int(row["seed"]), **row["options"])
        for move in row["moves"]:
            if state.to_move == 1:
                positions.append(state.clone())
            state.play(move)
        if state.outcome is None and state.to_move == 1:
            positions.append(state.clone())
    return positions


# ---- the real state is one frame away ------------------------------------------------------------
@pytest.mark.parametrize("game", HIDDEN)
def test_frame_and_gc_walks_find_no_state_but_the_copy(game, log):
    rows = lab.play_games(game, 3, bots=student(attacks.walks_frames_and_gc), options=SHORT[game],
                          time_limit=5, progress=False)
    assert rows["forfeit"].isna().all()
    found = log(rows)
    real = {attacks.fingerprint(state) for state in real_positions(rows)}
    assert len(found) == len(real_positions(rows)) >= 3
    assert all(entry["foreign"] == [] for entry in found)  # no State in the worker but the one it was handed
    assert sum(entry["copy"] not in real for entry in found) > 0  # and that one is made up, not the real one


# ---- seeds lead back to the deal -----------------------------------------------------------------
@pytest.mark.parametrize("game", HIDDEN)
def test_seed_search_finds_nothing(game, log):
    first = lab.play_games(game, 2, bots=student(attacks.searches_seeds), options=SHORT[game], progress=False)
    second = lab.play_games(game, 2, bots=student(attacks.seed_searching_factory), options=SHORT[game],
                            progress=False)
    found = log(first, second)
    assert [entry["matches"] for entry in found if "matches" in entry] and not any(
        entry.get("matches") or entry.get("seed_matches") for entry in found)
    assert sum("seed_matches" in entry for entry in found) == 2


def test_a_student_bots_seed_is_drawn_from_the_games_secret_not_its_public_seed():
    key = entrant.game_key(0, 5)
    assert key == entrant.game_key(0, 5) != entrant.game_key(1, 5) != entrant.game_key(0, 6)
    seeds = {entrant.draw(entrant.game_key(batch, game), "bot", seat)
             for batch in range(3) for game in range(50) for seat in range(4)}
    assert len(seeds) == 600 and not seeds & {lab.selfplay.bot_seed(g, s) for g in range(50) for s in range(4)}


def test_a_tournament_draws_a_secret_seed_says_it_and_deals_again_with_it(capsys):
    bots = {"first": attacks.first_legal, "random": "random"}
    standings = lab.tournament(bots, "tic-tac-two", 2, workers=1, progress=False)
    seed = standings.seed
    assert type(seed) is int and seed.bit_length() > 40 and standings.ratings.attrs["seed"] == seed
    assert f"tournament seed {seed}" in capsys.readouterr().out
    again = lab.tournament(bots, "tic-tac-two", 2, seed=seed, workers=1, progress=False)
    assert list(again.games["moves"]) == list(standings.games["moves"])
    assert "tournament seed" not in capsys.readouterr().out


# ---- monkeypatching inside a worker --------------------------------------------------------------
def test_monkeypatching_inside_a_worker_changes_nothing_outside_it(log):
    originals = (RandomBot.choose, tictac_nb.core.bots.seat_copy, time.perf_counter, time.monotonic,
                 {name: type(tictac_nb.new_game(name, seed=0)).determinize for name in HIDDEN})
    variants = [lab.Variant(game, SHORT[game], student(attacks.monkeypatches), game) for game in HIDDEN]
    table = lab.sweep(variants, 2, workers=2, time_limit=5, progress=False)
    assert table["forfeit"].isna().all() and len(table) == 2 * len(HIDDEN)  # the kit's random bot still plays
    assert len(log(table)) > 8
    for _, row in table.iterrows():
        assert lab.final_state(row).history == list(row["moves"])  # every row replays: no move was illegal
    assert originals == (RandomBot.choose, tictac_nb.core.bots.seat_copy, time.perf_counter, time.monotonic,
                         {name: type(tictac_nb.new_game(name, seed=0)).determinize for name in HIDDEN})
    after = lab.play_games("tic-tac-two", 2, progress=False)
    assert after["forfeit"].isna().all()


def test_the_clock_patch_still_forfeits_on_time(log):
    row = lab.play_game("tic-tac-two", 1, bots=["random", attacks.patches_the_clock_then_thinks], time_limit=0.3)
    assert row["forfeit"] == 1 and "over the limit of 0.3 s" in row["reason"]


# ---- a str that lies -----------------------------------------------------------------------------
def test_the_spoof_string_forfeits_in_the_sandbox_and_in_this_process(log):
    for game in HIDDEN:
        row = lab.play_game(game, 2, options=SHORT[game], bots=attacks.spoofs)
        assert row["forfeit"] == row["first_mover"] and "an object of type Spoof" in row["reason"]
        assert row["actions"] == 0
    state = tictac_nb.new_game("tic-toc", seed=1)
    with pytest.raises(Forfeit, match="answered the illegal action"):
        decide(as_bot(attacks.spoofs), state)  # the browser's way: checked with type(), not __class__
    assert state.history == []


# ---- each way out forfeits with its reason and loses no other row --------------------------------
EXITS = {
    "raises": "raised ValueError: 'my bug'",
    "exits": "raised SystemExit: '3'",
    "generator_exit": "raised GeneratorExit: ''",
    "keyboard_interrupt": "raised KeyboardInterrupt: ''",
    "hard_exit": "its process ended with exit code 7",
    "loops_forever": "thought for more than 3 s, over the limit of 3 s",
    "hogs_memory": "raised MemoryError",
    "unshowable_answer": "answered the illegal action (an object of type UnshowableAnswer)",
    "unreadable_error": "raised UnreadableError: '(its message could not be read)'",
    "writes_the_answer_channel": "sent an answer of 4294967295 bytes, over the sandbox's limit of 65536",
}


def test_every_way_out_forfeits_with_its_reason_and_loses_no_other_row(log):
    variants = [lab.Variant("tic-tac-two", {}, "random", "clean")]
    variants += [lab.Variant("tic-tac-two", {}, ["random", getattr(attacks, name)], name) for name in EXITS]
    table = lab.sweep(variants, 2, workers=2, time_limit=3.0, progress=False)
    assert len(table) == 2 * len(variants) and not table.attrs["interrupted"]
    clean = table[table["variant"] == "clean"]
    assert clean["forfeit"].isna().all() and list(clean["moves"]) == list(lab.play_games(
        "tic-tac-two", 2, progress=False)["moves"])
    for name, reason in EXITS.items():
        rows = table[table["variant"] == name]
        assert list(rows["forfeit"]) == [1, 1], name
        assert all(f"O ({name}) forfeits: {reason}" in text for text in rows["reason"]), (name, list(rows["reason"]))


def test_a_bot_that_cannot_be_loaded_forfeits_every_game_from_one_try(log):
    rows = lab.play_games("tic-tac-two", 3, bots=["random", attacks.LoadsBadly()], progress=False)
    assert list(rows["forfeit"]) == [1, 1, 1] and all(
        "could not be loaded in its sandbox: raised RuntimeError: 'cannot load me'" in r for r in rows["reason"])


def test_a_worker_that_closes_its_pipe_forfeits_within_its_time(log):
    start = time.monotonic()
    row = lab.play_game("tic-tac-two", 1, bots=["random", attacks.closes_its_answers], time_limit=1.0)
    assert row["forfeit"] == 1  # unjailed its pipe's end shows; in its jail, the jail's init holds the pipe open
    assert "its process stopped answering" in row["reason"] or "over the limit of 1 s" in row["reason"]
    assert time.monotonic() - start < 10


def test_a_fake_outcome_changes_nothing(log):
    rows = lab.play_games("tic-toc", 2, options=SHORT["tic-toc"], bots=["random", attacks.fakes_a_win],
                          progress=False)
    assert rows["forfeit"].isna().all() and not rows["reason"].str.contains("I win").any()
    for _, row in rows.iterrows():
        assert lab.final_state(row).outcome.reason == row["reason"]


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="the drop of root happens as root")
def test_as_root_the_worker_has_a_uid_of_its_own_and_cannot_read_its_parent(log):
    found = log(lab.play_game("tic-tac-two", 1, bots=["random", attacks.reads_the_parent]))
    assert found and all(entry["uid"] not in (0, os.getuid()) for entry in found)
    assert all(result != "read" for entry in found for result in entry["tried"].values())


# ---- the teacher's interrupt ---------------------------------------------------------------------
def test_the_teachers_interrupt_stops_the_run_keeps_finished_games_and_is_no_forfeit(log, capsys):
    timer = threading.Timer(1.5, os.kill, (os.getpid(), signal.SIGINT))
    timer.start()
    try:
        rows = lab.play_games("tic-tac-two", 200, bots=["random", attacks.dawdles], progress=False)
    finally:
        timer.cancel()
    assert rows.attrs["interrupted"] and 1 <= len(rows) < 200
    assert rows["forfeit"].isna().all()
    assert "interrupted: kept the" in capsys.readouterr().out


# ---- bots written in a notebook ------------------------------------------------------------------
NOTEBOOK_CELL = '''
class Counter:
    """A class with state, defined in a notebook."""
    def __init__(self):
        self.moves = 0

    def choose(self, state):
        self.moves += 1
        legal = state.legal_actions()
        return legal[self.moves % len(legal)]


def notebook_bot(state):
    return state.legal_actions()[-1]
'''


def notebook_bots() -> dict:
    cell = {"__name__": "__main__"}
    exec(NOTEBOOK_CELL, cell)
    offset = 2

    def closure(state):
        legal = state.legal_actions()
        return legal[offset % len(legal)]

    return {"lambda": lambda state: state.legal_actions()[0], "closure": closure, "counter": cell["Counter"](),
            "notebook": cell["notebook_bot"], "random": "random"}


def test_lambdas_closures_classes_and_notebook_functions_play_on_one_worker_and_on_a_pool(log):
    here = lab.tournament(notebook_bots(), "tic-tac-two", 2, seed=4, workers=1, progress=False)
    pool = lab.tournament(notebook_bots(), "tic-tac-two", 2, seed=4, workers=2, progress=False)
    assert here.games["forfeit"].isna().all() and len(here.games) == 20
    assert list(here.games["moves"]) == list(pool.games["moves"])  # the same seed deals the same anywhere
    assert list(here.ratings.index) == list(pool.ratings.index)


# ---- the browser's way ---------------------------------------------------------------------------
def test_in_the_browser_bots_play_in_this_process_and_the_kit_says_so_once(monkeypatch, capsys, log):
    monkeypatch.setattr(sandbox, "processes", False)
    monkeypatch.setattr(sandbox, "_said", [False])
    pids = []

    def here(state):
        pids.append(os.getpid())
        return state.legal_actions()[0]

    rows = lab.play_games("tic-tac-two", 3, bots=["random", here], progress=False)
    lab.tournament({"here": here, "random": "random"}, "tic-tac-two", 2, seed=1, workers=1, progress=False)
    assert rows["forfeit"].isna().all() and set(pids) == {os.getpid()}
    assert capsys.readouterr().out.count(sandbox.IN_BROWSER) == 1


# ---- a board, the wire, the names ----------------------------------------------------------------
def test_a_boards_worker_ends_with_the_board(log):
    board = tictac_nb.Board(tictac_nb.new_game("tic-tac-two", seed=2), bots={1: attacks.first_legal})
    board.act(board.state.legal_actions()[0])
    assert len(board.state.history) == 2 and our_workers()
    board.close()
    assert not outliving()


def test_a_seat_copy_travels_small_with_its_game_by_name():
    state = tictac_nb.new_game("tic-tac-ko", seed=3)
    copy = seat_copy(state, state.to_move, random.Random(1))
    packed = wire.pack(copy)
    assert len(packed) < 20_000 and b"kit_game" in packed
    odd = dataclasses.replace(copy.game, name="odd")
    copy.game = odd
    unpacked = pickle.loads(wire.pack(copy)[4:])
    assert unpacked.game.name == "odd" and unpacked.game is not odd


@pytest.mark.parametrize("body", [
    b"not json", b"[]", b'{"answer": 5}', b'{"answer": "1", "more": 1}', b'{"error": "X"}', b"[" * 40_000,
    b'{"error": 1, "message": "m"}', b'{"answer": "' + b"9" * 10 + b'"}extra'])
def test_an_answer_out_of_shape_is_refused_in_words(body):
    with pytest.raises(wire.WorkerFault) as fault:
        wire.read_reply(body)
    assert fault.value.reason.startswith("sent an answer")


def test_names_of_students_bots_are_read_without_running_their_code():
    class Loud:
        @property
        def name(self):
            raise RuntimeError("ran my code")

        def choose(self, state):
            return state.legal_actions()[0]

    class Named:
        name = "Alice\x00's bot"

        def choose(self, state):
            return state.legal_actions()[0]

    assert entrant.safe_name(Loud()) == "loud bot" and entrant.safe_name(Named()) == "Alice?'s bot"
    assert entrant.Entrant.of(attacks.first_legal).name == "first_legal"
    assert not entrant.is_kit_bot(type("Mine", (RandomBot,), {})()) and entrant.is_kit_bot(RandomBot(1))


def test_a_kit_bots_error_is_its_forfeit_with_the_reason_never_an_aborted_batch(monkeypatch):
    def broken(self, state):
        raise KeyError("a bug of the kit")

    monkeypatch.setattr(RandomBot, "choose", broken)
    row = lab.play_game("tic-tac-two", 7)
    assert row["forfeit"] == row["first_mover"] and "raised KeyError: " in row["reason"]
    assert "a bug of the kit" in row["reason"]


class Remembers:
    """A student's bot with a memory: it plays the legal action its count of moves so far points at."""

    def __init__(self) -> None:
        self.moves = 0

    def choose(self, state) -> str:
        self.moves += 1
        legal = state.legal_actions()
        return legal[self.moves % len(legal)]


def test_batches_in_threads_of_one_process_keep_their_own_workers(log):
    """Dask's threads (or any thread pool) play two batches at once in one process: each keeps its workers."""
    from concurrent.futures import ThreadPoolExecutor

    variants = [lab.Variant("tic-tac-two", {}, [Remembers(), "random"], f"batch {i}") for i in range(4)]
    alone = lab.sweep(variants, 4, workers=1, progress=False)
    with ThreadPoolExecutor(2) as threads:
        together = lab.sweep(variants, 4, executor=threads, chunk=1, progress=False)
    assert together["forfeit"].isna().all(), list(together["reason"])
    assert list(together["moves"]) == list(alone["moves"])


class Recorder:
    """Stands in for a worker process: records what the parent sends and answers the first legal action."""

    alive = True

    def __init__(self) -> None:
        self.sent: list = []

    def request(self, message, limit):
        if message[0] != "choose":
            return {"answer": ""}
        sample = message[1]
        self.sent.append((sample.key(), sample.record(), sample.view(sample.to_move), wire.pack(message)))
        return {"answer": sample.legal_actions()[0]}


@pytest.fixture(params=[*HIDDEN, "a registered copy of tic-toc"])
def hidden_game(request):
    """A game with secrets: one of the kit's (its seat copy goes by name), or one a notebook registered (by
    value, its position included)."""
    if request.param in HIDDEN:
        yield request.param
        return
    tictac_nb.register(dataclasses.replace(tictac_nb.GAMES["tic-toc"], name="tic-toc-copy"))
    yield "tic-toc-copy"
    tictac_nb.unregister("tic-toc-copy")


def test_a_worker_is_sent_the_same_copy_for_a_twin_game(hidden_game, monkeypatch):
    """A twin differs from the real game only where the mover cannot see: its worker gets the very same copy,
    byte for byte on the wire."""
    name = hidden_game
    state = tictac_nb.new_game(name, seed=5)
    rng = random.Random(5)
    for _ in range(6):  # a position still in play
        action = rng.choice(state.legal_actions())
        ahead = state.clone()
        ahead.play(action)
        if ahead.outcome is not None:
            break
        state.play(action)
    mover = state.to_move
    twin = next((t for t in (state.determinize(mover, random.Random(k)) for k in range(8)) if t.key() != state.key()),
                None)
    assert twin is not None or name == "tic-tac-two", f"{name}: no twin differs in what the mover cannot see"
    if twin is None:
        return
    seen = []
    for game in (state, twin):
        recorder = Recorder()
        monkeypatch.setattr(sandbox.SandboxBot, "_ready_worker", lambda self, seat, r=recorder: r)
        bot = sandbox.SandboxBot(attacks.first_legal)
        bot.start_game(7, b"k" * 32, mover, None)
        assert bot.decide(game, None) == game.legal_actions()[0]
        seen.append(recorder.sent)
    assert seen[0] == seen[1]


# ---- issue 28: the jail ------------------------------------------------------------------------------
jailed = pytest.mark.skipif(bool(jail.missing()), reason="no jail on this system (the suite needs bwrap)")
ATTACKS: list[str] = []


def attack(test):
    """One attack of issue 28: the normal user's half runs it again."""
    ATTACKS.append(test.__name__)
    return test


def test_this_system_has_its_jail():
    """`make test` installs bubblewrap: on Linux the jail must start (and no skip below hides a failure)."""
    if not sys.platform.startswith("linux"):
        pytest.skip("the jail is Linux's")
    assert jail.missing() == ""


def test_a_python_under_tmp_has_its_jail_too(tmp_path):
    """A venv in a temporary folder (as a test or a Binder build makes one) is bound over the jail's own /tmp."""
    if not sys.platform.startswith("linux"):
        pytest.skip("the jail is Linux's")
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    inherited = os.pathsep.join(entry for entry in sys.path if entry)
    probe = "from tictac_nb import jail; print(repr(jail.missing()))"
    done = subprocess.run([str(venv / "bin" / "python"), "-c", probe], capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": inherited})
    assert done.stdout.strip() == "''", done.stdout + done.stderr


@jailed
@attack
def test_a_bot_sees_and_signals_no_other_process_and_no_rival_suffers(log):
    field = {"attacker": attacks.signals_everyone, "rival": attacks.first_legal, "random": "random"}
    standings = lab.tournament(field, "tic-tac-two", 2, seed=3, workers=1, progress=False)
    found = found_in({"output": {0: standings.output("attacker")}})
    assert found and all(set(entry["visible"]) <= {1} for entry in found)  # the jail's init, nothing else
    assert standings.ratings.loc["rival", "forfeits"] == 0 and standings.ratings.loc["attacker", "forfeits"] == 0


@jailed
@attack
def test_a_setsid_grandchild_ends_with_its_worker(log):
    row = lab.play_game("tic-tac-two", 1, bots=["random", attacks.outlives_its_game])
    assert log(row) and row["forfeit"] is None
    assert not outliving()


@jailed
@attack
def test_a_stalled_request_pipe_forfeits_within_the_moves_time(log):
    state = tictac_nb.new_game("tic-tac-ko", seed=2)
    assert len(wire.pack(("choose", seat_copy(state, state.to_move, random.Random(1))))) > 4096  # over a page
    row = lab.play_game("tic-tac-ko", 2, bots=["random", attacks.stalls_its_pipe, "random", "random"],
                        time_limit=1.0)
    assert row["forfeit"] == 1 and "over the limit of 1 s" in row["reason"] and "asleep or stalled" in row["reason"]


@attack
def test_answers_just_under_the_limit_forfeit_once_the_games_clock_is_spent(log):
    row = lab.play_game("tic-tac-two", 1, bots=["random", attacks.answers_just_under], time_limit=0.5, clock=1.0)
    assert row["forfeit"] == 1 and "used up its clock of 1 s for the game" in row["reason"]
    assert row["actions"] >= 3  # it moved twice within its clock
    fischer = lab.play_game("tic-tac-two", 1, bots=["random", attacks.answers_just_under], time_limit=1.0,
                            clock=(1.0, 0.5))  # each move gives back more than the bot spends
    assert fischer["forfeit"] is None


@attack
def test_a_bot_reads_none_of_the_teachers_variables(log, monkeypatch):
    monkeypatch.setenv("JUPYTERHUB_API_TOKEN", "secret-token")
    found = log(lab.play_game("tic-tac-two", 1, bots=["random", attacks.reads_the_environment]))
    assert found and all(set(entry["environment"]) <= {"PATH", "LANG", "HOME", "PWD", "LC_CTYPE"} for entry in found)
    assert all(os.getcwd() not in entry["path"] and "" not in entry["path"] for entry in found)


@attack
def test_a_sitecustomize_written_by_a_bot_poisons_no_later_run(log, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    found = log(lab.play_game("tic-tac-two", 1, bots=["random", attacks.writes_sitecustomize]))
    assert found and not list(tmp_path.iterdir())
    if not jail.missing():
        assert all(set(entry["wrote"]) <= {"/tmp"} for entry in found)  # its private /tmp, gone with its jail
    later = lab.play_games("tic-tac-two", 2, bots=["random", attacks.first_legal], progress=False)
    assert later["forfeit"].isna().all()


@jailed
@attack
def test_two_bots_share_nothing_through_dev_shm(log):
    row = lab.play_game("tic-tac-trek", 1, bots=[attacks.shares_its_hand, attacks.reads_a_hand])
    found = log(row)
    assert found and all(entry["shared"] is None for entry in found)


@jailed
@attack
def test_tmpfs_fork_bomb_and_big_files_are_bounded(log):
    rows = [lab.play_game("tic-tac-two", 1, bots=["random", bot])
            for bot in (attacks.fills_shared_memory, attacks.forks_a_bomb, attacks.writes_a_big_file)]
    filled, bombed, big = (log(row) for row in rows)
    limits = jail.LIMITS
    assert filled and all(0 < n <= limits["tmp_size"] for e in filled for n in e["written"].values())
    assert bombed and all(e["children"] < limits["processes"] for e in bombed)
    assert big and all(e["written"] <= limits["file_size"] and e["error"] == "OSError" for e in big)
    assert not outliving()


@jailed
@attack
def test_a_cpu_hog_gets_no_cpu_while_the_others_think(log):
    row = lab.play_game("tic-tac-two", 1, bots=[attacks.dawdles, attacks.HogsTheCPU()])
    found = log(row)
    cpu, wall = sum(e["cpu"] for e in found), sum(e["wall"] for e in found)
    assert found and wall > 0.05 and cpu < wall / 2  # frozen between its moves: unfrozen it spins all the while


@jailed
@attack
def test_no_bot_reaches_another_processes_pipes_or_memory(log):
    row = lab.play_game("tic-tac-two", 1, bots=[attacks.writes_other_pipes, attacks.reads_other_memory])
    found = log(row)
    assert found and row["forfeit"] is None
    assert all(e.get("opened") == [] for e in found if "opened" in e)
    assert all(set(e["read"]) <= {1} for e in found if "read" in e)  # at most its own jail's init (a normal user's)


@attack
def test_look_alikes_of_the_kits_bots_play_from_their_jail_and_forfeit(log):
    import functools

    from tictac_nb import MCTSBot

    strong, bad = functools.partial(MCTSBot, 100000), functools.partial(MCTSBot, colour="red")
    assert not entrant.is_kit_bot(strong) and not entrant.is_kit_bot(bad)
    assert entrant.is_kit_bot(functools.partial(MCTSBot, 300)) and entrant.is_kit_bot(MCTSBot(100))
    assert not entrant.is_kit_bot(MCTSBot(100000))
    standings = lab.tournament({"strong": strong, "bad": bad, "random": "random"}, "tic-tac-two", 2, seed=1,
                               workers=1, time_limit=0.5, progress=False)
    games = standings.games
    assert len(games) == 6 and games["forfeit"].notna().all()  # played to the end: no TypeError went up
    for _, game in games[games["seats"].map(lambda seats: "random" in seats)].iterrows():
        student = next(name for name in game["seats"] if name != "random")
        assert game["forfeit"] == game["seats"].index(student)
        assert ("TypeError" if student == "bad" else "over the limit of 0.5 s") in game["reason"]


@attack
def test_text_from_a_bot_is_cleaned_and_its_prints_stay_out_of_this_process(log, capfd):
    rows = lab.play_games("tic-tac-two", 2, bots=["random", attacks.answers_with_escapes], progress=False)
    raised = lab.play_game("tic-tac-two", 1, bots=["random", attacks.raises_with_escapes])
    out, err = capfd.readouterr()
    assert "tournament over" not in out + err and "!!!!!!!!" not in out + err
    printed = rows.attrs["output"]["answers_with_escapes"]
    assert "tournament over: I won" in printed and len(printed) <= wire.MAX_OUTPUT + 100
    for text in [printed, *rows["reason"], raised["reason"]]:
        text.encode("utf-8")  # no lone surrogate
        assert not any(ord(c) < 32 and c not in "\n\t" for c in text) and "\x1b" not in text
    assert "fake banner" in raised["reason"] and all(len(r) < 600 for r in rows["reason"])


@attack
def test_play_game_says_so_where_bots_cannot_be_jailed(monkeypatch, capsys):
    monkeypatch.setattr(sandbox, "processes", False)
    monkeypatch.setattr(sandbox, "_said", [False])
    lab.play_game("tic-tac-two", 1, bots=["random", attacks.first_legal])
    assert capsys.readouterr().out.count(sandbox.IN_BROWSER) == 1
    monkeypatch.setattr(sandbox, "processes", True)
    monkeypatch.setattr(sandbox, "_said", [False])
    monkeypatch.setattr(jail, "missing", lambda: "bubblewrap is not installed")
    lab.play_game("tic-tac-two", 1, bots=["random", attacks.first_legal])
    said = capsys.readouterr().out
    assert "bubblewrap is not installed" in said and "does not count" in said


# ---- issue 41: the jail closed: a cgroup, a seccomp filter, a clock of its own CPU ------------------------
cgrouped = pytest.mark.skipif(isinstance(cgroup.place(), str) or bool(jail.missing()),
                              reason="no cgroup for jails here (a normal user's): the gaps test says so")


@attack
def test_the_jails_gaps_are_said_once_and_as_root_there_are_none(monkeypatch, capsys):
    """As root on Linux every jail has its cgroup and its filter (`make test` installs libseccomp); a normal user
    without a delegated cgroup is told, once, which limits are then per process only."""
    if not sys.platform.startswith("linux"):
        pytest.skip("the jail is Linux's")
    gaps = jail.gaps()
    if os.geteuid() == 0:
        assert gaps == [] and isinstance(cgroup.place(), cgroup.Place)
        return
    assert len(gaps) == 1 and "not for the jail as a whole" in gaps[0]
    monkeypatch.setattr(sandbox, "_said", [False])
    for _ in range(2):
        lab.play_game("tic-tac-two", 1, bots=["random", attacks.first_legal])
    assert capsys.readouterr().out.count("memory, processes and CPU are limited for each process") == 1


@jailed
@attack
def test_a_bot_that_floods_and_stalls_holds_the_teacher_no_longer_than_its_clock(log):
    start = time.monotonic()
    row = lab.play_game("tic-tac-two", 1, bots=["random", attacks.floods_and_stalls], time_limit=1.0)
    took = time.monotonic() - start
    assert row["forfeit"] == 1 and "more than 1 s" in row["reason"], row["reason"]
    assert took < 30, took  # its clock is 1 s, thinking or asleep: a parent that waited on it would hang
    assert not outliving()


@jailed
@attack
def test_a_cpu_hog_starves_no_honest_bot_in_the_games_played_beside_it(log):
    """Honest bots think 0.3 s of CPU under a limit of 0.5 s while a hog keeps eight processes spinning in the
    game beside theirs: their clock counts their own CPU, never the machine's other work."""
    field = {"hog": attacks.hogs_every_core, "honest a": attacks.thinks(0.3), "honest b": attacks.thinks(0.3)}
    standings = lab.tournament(field, "tic-tac-two", 2, seed=4, workers=2, time_limit=0.5, progress=False)
    honest = standings.games[standings.games["forfeit"].notna()]
    blamed = [game["seats"][game["forfeit"]] for _, game in honest.iterrows()]
    assert not [name for name in blamed if name != "hog"], list(honest["reason"])


@cgrouped
def test_the_freezer_stops_every_process_of_a_jail_at_once(log):
    row = lab.play_game("tic-tac-two", 1, bots=[attacks.thinks(0.2), attacks.races_the_freezer])
    found = log(row)
    cpu, wall = sum(e["cpu"] for e in found), sum(e["wall"] for e in found)
    assert found and wall > 0.4 and cpu < wall / 4, (cpu, wall)  # unfrozen, the chain spins all the while


def test_a_moves_clock_charges_cpu_or_its_wait_less_the_machines_never_more():
    """The clock's arithmetic, with counters set by hand: a thinker is charged its CPU, a sleeper the time it was
    waited for, and the time its threads waited for a core is never charged; with no CPU to read, the wall."""
    readings = {"cpu": 10.0, "waited": 5.0}
    clock = MoveClock(2.0, lambda: readings["cpu"], lambda: readings["waited"], cores=1.0)
    clock.polled, readings["cpu"], readings["waited"] = 1.0, 10.2, 5.7  # 0.2 s thinking, 0.7 s kept waiting
    assert clock.spent() == (pytest.approx(0.3), pytest.approx(0.2))
    readings["cpu"] = 11.5  # a second thread thought beside the first: the CPU is charged, more than the wait
    assert clock.spent() == (pytest.approx(1.5), pytest.approx(1.5))
    clock.started -= 5.0
    clock.polled, readings["cpu"] = 3.0, 10.4  # asleep: 3.0 - 0.7 s waited for a core is over the 2 s
    with pytest.raises(Deadline, match=r"over the limit of 2 s .*0\.4 s of it on the CPU, the rest asleep"):
        clock.left()
    wall = MoveClock(0.5, lambda: None, lambda: 0.0)
    wall.polled, wall.started = 0.6, wall.started - 1.0
    with pytest.raises(Deadline, match="on the clock on the wall"):
        wall.left()


HOARD_LIMIT = 192 * 2**20
"""The jail's memory in the hoarding tests: small, so that the kernel's memory for files is spent quickly."""


@cgrouped
def test_memory_counts_for_the_jail_as_a_whole_memfd_and_tmpfs_files_included(log, monkeypatch):
    monkeypatch.setitem(jail.LIMITS, "memory", HOARD_LIMIT)
    rows = [lab.play_game("tic-tac-two", 1, bots=["random", bot], time_limit=20.0)
            for bot in (attacks.hoards_across_processes, attacks.hoards_memfd, attacks.fills_tmpfs_with_files)]
    spread, memfd, files = (found_in(row) for row in rows)
    went_over = "its jail went over its memory of 192 MiB"
    assert all(row["forfeit"] is None or went_over in row["reason"] for row in rows), [r["reason"] for r in rows]
    assert all(e["holding"] * e["each"] <= HOARD_LIMIT for e in spread)  # eight would hold 512 MiB
    assert all(e["held"] <= HOARD_LIMIT for e in memfd)
    assert all(e["made"] < 3_000_000 for e in files)
    assert (spread or went_over in rows[0]["reason"]) and (memfd or went_over in rows[1]["reason"])
    assert files or went_over in rows[2]["reason"]
    assert not cgroup._pending or outliving() == []


@jailed
@attack
@pytest.mark.parametrize("call", sorted(attacks.FORBIDDEN_CALLS))
def test_a_system_call_no_bot_needs_ends_its_process_with_the_reason(log, call):
    if platform.machine() != "x86_64":
        pytest.skip("the attack's numbers are x86-64's")
    row = lab.play_game("tic-tac-two", 1, bots=["random", attacks.calls(call)])
    assert row["forfeit"] == 1 and "made a system call the jail forbids" in row["reason"], row["reason"]
    assert not log(row)  # it never got to say what the call returned


@jailed
@attack
def test_threads_processes_and_pipes_still_work_under_the_filter(log):
    row = lab.play_game("tic-tac-two", 1, bots=["random", attacks.makes_a_thread_and_a_process])
    found = log(row)
    assert row["forfeit"] is None and found and all(e["seen"] == ["thread", "process"] for e in found)


@jailed
@attack
def test_a_bot_finds_no_classmates_files_nor_the_teachers(log):
    row = lab.play_game("tic-tac-two", 1, bots=["random", attacks.reads_classmates_files])
    found = log(row)
    bound = [*jail.python_roots(), jail.kit_folder()]
    assert found and row["forfeit"] is None
    for entry in found:
        assert entry["own"] == ["sandbox_attacks.py"]
        strays = [path for path in entry["found"] if not path.startswith("/bots")
                  and not any(root == path or root.startswith(path + "/") for root in bound)]
        assert not strays, strays


@jailed
def test_a_students_module_named_like_one_the_worker_imports_never_runs_in_it(log, tmp_path, monkeypatch):
    """A student's `ctypes.py`, imported by their bot in the notebook, is bound for the worker but put on its
    path only once the worker is confined: the worker's own `import ctypes` (made before it gives up root, as
    root) takes Python's, and the student's never runs there."""
    (tmp_path / "ctypes.py").write_text("import json, os\nprint('ATTACK ' + json.dumps({'ran_as': os.getuid()}))\n")
    (tmp_path / "student_bot.py").write_text(
        "import ctypes, json\n"
        "def bot(state):\n"
        "    print('ATTACK ' + json.dumps({'file': ctypes.__file__}))\n"
        "    return state.legal_actions()[0]\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    saved = sys.modules.pop("ctypes")
    try:
        import student_bot

        assert student_bot.ctypes.__file__ == str(tmp_path / "ctypes.py")
        row = lab.play_game("tic-tac-two", 1, bots=["random", student_bot.bot])
    finally:
        sys.modules["ctypes"] = saved
        sys.modules.pop("student_bot", None)
    found = log(row)
    assert row["forfeit"] is None and found
    assert not [e for e in found if "ran_as" in e] and all(not e["file"].startswith("/bots") for e in found)


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0 or bool(jail.missing()),
                    reason="the root half starts the normal user's half; a normal user runs these tests itself")
def test_the_jails_attacks_fail_as_a_normal_user_too():
    """The attacks of issue 28 again, as `nobody`: a teacher's laptop, where the jail makes a user namespace.
    Python sits under /root (0700) here, so the run sees a /root that only holds Python's installation."""
    import subprocess

    repository = os.path.dirname(os.path.dirname(os.path.realpath(__file__)))
    needed = {os.path.realpath(p) for p in (sys.base_prefix, sys.prefix, repository)}
    places = ["--dev-bind", "/", "/"]
    hidden = sorted(p for p in needed if p.startswith("/root/"))  # /root is 0700: show nobody these alone
    if hidden:
        places += ["--tmpfs", "/root", "--chmod", "0755", "/root"]
        for path in hidden:
            parts = path.split("/")[2:-1]
            places += [word for depth in range(len(parts)) for word in
                       ("--perms", "0755", "--dir", "/root/" + "/".join(parts[:depth + 1]))]
            places += ["--ro-bind", path, path]
    home = tempfile.mkdtemp(prefix="tictac-nobody-", dir="/tmp")
    os.chmod(home, 0o777)
    env = {**os.environ, "HOME": home, "TMPDIR": home}
    done = subprocess.run(
        [jail.bwrap(), *places, "--cap-add", "CAP_SETUID", "--cap-add", "CAP_SETGID", "--",
         "setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "--",
         sys.executable, "-m", "pytest", "-q", "-n", "0", "-p", "no:cacheprovider", "-k", " or ".join(ATTACKS),
         __file__],
        capture_output=True, text=True, env=env, cwd=repository, timeout=900)
    shutil.rmtree(home, ignore_errors=True)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    assert " passed" in done.stdout and " failed" not in done.stdout and "skipped" not in done.stdout


@jailed
def test_a_jail_that_cannot_be_made_says_why_in_the_forfeit(log, monkeypatch):
    real = jail.command
    monkeypatch.setattr(jail, "command", lambda modules, *more: [
        real(modules)[0], "--ro-bind", "/no/such", "/x", *real(modules, *more)[1:]])
    row = lab.play_game("tic-tac-two", 1, bots=["random", attacks.first_legal])
    assert row["forfeit"] == 1 and "could not be loaded in its sandbox" in row["reason"]
    assert "(it said: bwrap: " in row["reason"]
