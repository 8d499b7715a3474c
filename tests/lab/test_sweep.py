"""Sweeps give one table whatever runs them: this process, a process pool, or a Dask cluster."""

from __future__ import annotations

from concurrent.futures import Executor, Future, ProcessPoolExecutor, ThreadPoolExecutor

import pandas as pd
import pytest
from helpers import ALL_GAMES

import tictac_nb
from tictac_nb import lab
from tictac_nb.lab import sweeps

TWO_GAMES = ALL_GAMES[:2]  # keep it light: the first two registered games, every game's default rules


def variants():
    found = [lab.Variant(name, {}, "random", label=f"{name} printed") for name in TWO_GAMES]
    found.append(lab.Variant("tic-tac-two", {"peek": False}, ["mcts:8", "random"], label="no peek, mcts X"))
    return found


@pytest.fixture(scope="module")
def local_table():
    return lab.sweep(variants(), 6, seed=100, workers=1, progress=False)


def test_local_sweep_rows(local_table):
    assert len(local_table) == 6 * len(variants())
    assert list(local_table["variant"].unique()) == [v.name for v in variants()]
    assert list(local_table["seed"][:6]) == list(range(100, 106))
    mcts = local_table[local_table["variant"] == "no peek, mcts X"]
    assert set(mcts["bots"]) == {"mcts(8) vs random"} and all(o == {"peek": False} for o in mcts["options"])


def test_a_sweep_row_is_the_game_played_alone(local_table):
    first = local_table.iloc[0]
    alone = lab.play_game(first["game"], int(first["seed"]), variant=first["variant"])
    assert alone["moves"] == first["moves"] and alone["reason"] == first["reason"]


def test_process_pool_gives_the_same_table(local_table):
    with ProcessPoolExecutor(2) as pool:
        pooled = lab.sweep(variants(), 6, seed=100, executor=pool, chunk=4, progress=False)
    pd.testing.assert_frame_equal(pooled, local_table)


def test_default_pool_and_any_chunk_size_give_the_same_table(local_table):
    pooled = lab.sweep(variants(), 6, seed=100, workers=2, chunk=1, progress=False)
    pd.testing.assert_frame_equal(pooled, local_table)
    threads = ThreadPoolExecutor(3)
    try:
        threaded = lab.sweep(variants(), 6, seed=100, executor=threads, chunk=5, progress=False)
    finally:
        threads.shutdown()
    pd.testing.assert_frame_equal(threaded, local_table)


def test_dask_cluster_gives_the_same_table_as_the_process_pool(local_table):
    from dask import distributed

    with distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None) \
            as cluster, distributed.Client(cluster) as client:
        on_dask = lab.sweep(variants(), 6, seed=100, executor=client.get_executor(), chunk=3, progress=False)
    with ProcessPoolExecutor(2) as pool:
        pooled = lab.sweep(variants(), 6, seed=100, executor=pool, progress=False)
    pd.testing.assert_frame_equal(on_dask, pooled)
    pd.testing.assert_frame_equal(on_dask, local_table)


def test_grid_is_every_combination():
    found = lab.grid("tic-tac-two", peek=[True, False], wild=[True, False])
    assert [v.options for v in found] == [
        {"peek": True, "wild": True}, {"peek": True, "wild": False},
        {"peek": False, "wild": True}, {"peek": False, "wild": False},
    ]
    assert found[3].name == "tic-tac-two: peek=False, wild=False"
    assert lab.grid("tic-tac-two") == [lab.Variant("tic-tac-two", {})]


def test_a_mapping_names_the_variants():
    table = lab.sweep({"plain": lab.Variant("tic-tac-two"), "blank peek": lab.Variant("tic-tac-two", {"peek": False})},
                      3, workers=1, progress=False)
    assert list(table["variant"].unique()) == ["plain", "blank peek"]


def test_bad_variants_are_refused_before_any_work():
    with pytest.raises(tictac_nb.InvalidOption, match="peek"):
        lab.sweep([lab.Variant("tic-tac-two", {"peek": 3})], 2, workers=1, progress=False)
    with pytest.raises(ValueError, match="share a label"):
        lab.sweep([lab.Variant("tic-tac-two"), lab.Variant("tic-tac-two")], 2, workers=1, progress=False)


def test_interrupting_a_sweep_keeps_finished_chunks(monkeypatch, capsys):
    real = sweeps.play_chunk
    calls = []

    def flaky(*args):
        calls.append(args)
        if len(calls) == 3:
            raise KeyboardInterrupt
        return real(*args)

    monkeypatch.setattr(sweeps, "play_chunk", flaky)
    table = lab.sweep([lab.Variant("tic-tac-two")], 10, chunk=2, workers=1, progress=False)
    assert list(table["seed"]) == [0, 1, 2, 3] and table.attrs["interrupted"]
    assert "kept the 4 finished games of 10" in capsys.readouterr().out


class SyncExecutor(Executor):
    """Runs each task at once on submit; the third submit is 'interrupted' by the user."""

    def __init__(self):
        self.submitted = 0

    def submit(self, fn, *args, **kwargs):
        self.submitted += 1
        if self.submitted == 3:
            raise KeyboardInterrupt
        future = Future()
        future.set_result(fn(*args, **kwargs))
        return future


def test_interrupting_a_pooled_sweep_keeps_the_chunks_already_done():
    table = lab.sweep([lab.Variant("tic-tac-two")], 10, chunk=2, executor=SyncExecutor(), progress=False)
    assert table.attrs["interrupted"] and list(table["seed"]) == [0, 1, 2, 3]


def test_an_interrupted_comparison_keeps_a_sample_of_every_variant():
    variants = [lab.Variant("tic-tac-two", {}, label="plain"),
                lab.Variant("tic-tac-two", {"peek": False}, label="no peek")]
    table = lab.sweep(variants, 10, chunk=2, executor=SyncExecutor(), progress=False)
    assert table.attrs["interrupted"]
    assert table.groupby("variant", sort=False)["seed"].apply(list).to_dict() == {"plain": [0, 1], "no peek": [0, 1]}


def test_work_goes_out_interleaved_across_variants(monkeypatch):
    sent = []
    real = sweeps.play_chunk

    def record(variant, seeds, *rest):
        sent.append((variant.name, seeds[0]))
        return real(variant, seeds, *rest)

    monkeypatch.setattr(sweeps, "play_chunk", record)
    lab.sweep([lab.Variant("tic-tac-two", {}, label="a"), lab.Variant("tic-tac-two", {"wild": False}, label="b")], 4,
              chunk=2, workers=1, progress=False)
    assert sent == [("a", 0), ("b", 0), ("a", 2), ("b", 2)]
