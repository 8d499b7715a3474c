"""The DesignLab widget: controls built from each game's options, two variants played and compared."""

from __future__ import annotations

import dataclasses
import html

import ipywidgets as widgets
import matplotlib
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tictac_nb
from tictac_nb import lab
from tictac_nb.core.engine import Option, boolean, choice_of, int_between
from tictac_nb.lab.widget import OptionControl, option_domain

matplotlib.use("Agg")


@pytest.mark.parametrize(("option", "domain"), [
    (Option(True, boolean, "d"), ("bool",)),
    (Option(2, choice_of(2, 3, 4), "d"), ("choice", (2, 3, 4))),
    (Option(None, int_between(0, 3, allow_none=True), "d"), ("int", 0, 3, True)),
    (Option(200, int_between(1, 10_000), "d"), ("int", 1, 10_000, False)),
    (Option(None, lambda v: v, "d"), ("text",)),
])
def test_option_domains_are_read_from_the_checks(option, domain):
    assert option_domain(option) == domain


def test_controls_turn_widget_values_back_into_option_values():
    seats = OptionControl("first_player", Option(None, int_between(0, 3, allow_none=True), "who starts"))
    assert isinstance(seats.widget, widgets.Dropdown) and seats.value is None
    assert seats.widget.label == "random (by seed)"  # shown, not an empty selection
    seats.widget.value = 2
    assert seats.value == 2 and "who starts" in seats.help.value
    seats.value = None
    assert seats.widget.label == "random (by seed)" and seats.value is None
    cap = OptionControl("turn_cap", Option(200, int_between(1, 10_000), "cap"))
    assert isinstance(cap.widget, widgets.BoundedIntText) and cap.value == 200
    text = OptionControl("deck", Option(None, lambda v: v, "cards"))
    text.widget.value = "{'Croc': 6}"
    assert text.value == {"Croc": 6}
    text.widget.value = "XOWPCOXXO"
    assert text.value == "XOWPCOXXO"
    text.widget.value = " "
    assert text.value is None


def test_every_game_gets_one_control_per_option_and_one_bot_per_seat(game_name):
    ui = lab.DesignLab(game=game_name, games=2)
    game = tictac_nb.GAMES[game_name]
    for panel in (ui.a, ui.b):
        assert list(panel.controls) == list(game.options)
        for name, control in panel.controls.items():
            assert control.value == game.options[name].default
            assert html.escape(game.options[name].doc) in control.help.value
        assert panel.options() == {}
        assert len(panel.bots) == tictac_nb.new_game(game_name, seed=0).num_players


def test_switching_game_rebuilds_the_panels():
    ui = lab.DesignLab(games=2)
    for name in reversed(tictac_nb.GAMES):
        ui.picker.value = name
        assert list(ui.a.controls) == list(ui.b.controls) == list(tictac_nb.GAMES[name].options)
        assert ui.panels.children == (ui.a.box, ui.b.box) and ui.a.game.name == name


def test_running_plays_both_variants_on_the_same_seeds():
    ui = lab.DesignLab(games=6, seed=3)
    ui.b.controls["peek"].value = False
    ui.b.bots[0].value = "mcts:50"
    table = ui.run()
    assert list(table.columns) == ["Variant A: rules as printed", "Variant B: peek=False"]
    a, b = ui.results.values()
    assert list(a["seed"]) == list(b["seed"]) == list(range(3, 9))
    assert set(b["bots"]) == {"mcts(50) vs random"} and all(o == {"peek": False} for o in b["options"])
    assert table.loc["games"].tolist() == [6, 6]
    assert table.loc["first_player_advantage", "Variant B: peek=False"] == lab.first_player_advantage(b)
    assert not ui.button.disabled


def test_labels_name_the_variants_and_equal_variants_are_told_apart():
    ui = lab.DesignLab(games=2)
    assert list(ui.run().columns) == ["Variant A: rules as printed", "Variant B: rules as printed"]
    ui.a.label.value, ui.b.label.value = "same", "same"
    assert list(ui.run().columns) == ["A: same", "B: same"]


def test_a_bad_option_value_is_reported_not_raised():
    ui = lab.DesignLab(games=2)
    ui.b.controls["tiles"].widget.value = "XXXX"
    assert "tiles" in ui.b.message.value
    table = ui.run()
    assert table.empty and ui.results == {} and not ui.button.disabled


def test_option_errors_and_docs_are_shown_as_text_not_markup():
    ui = lab.DesignLab(games=2)
    ui.b.controls["tiles"].widget.value = "<img src=x onerror=alert(1)>"
    shown = ui.b.message.value
    assert "<img" not in shown and "&lt;img src=x onerror=alert(1)&gt;" in shown
    control = OptionControl("x", Option(None, lambda v: v, "<b>bold</b> & more"))
    assert control.help.value == "<small>&lt;b&gt;bold&lt;/b&gt; &amp; more</small>"


def test_variants_alternate_in_chunks_so_an_interrupt_keeps_a_fair_sample(monkeypatch):
    from tictac_nb.lab import widget as lab_widget

    calls = []
    real = lab_widget.play_games

    def play(game, n, **kwargs):
        calls.append((kwargs["variant"], kwargs["seed"], n))
        frame = real(game, n, **kwargs)
        frame.attrs["interrupted"] = len(calls) == 5  # the interrupt lands in A's third chunk
        return frame.iloc[:1] if len(calls) == 5 else frame

    monkeypatch.setattr(lab_widget, "play_games", play)
    ui = lab.DesignLab(games=40, seed=0)
    ui.b.controls["peek"].value = False
    ui.run()
    assert [v[0] for v in calls] == ["Variant A: rules as printed", "Variant B: peek=False"] * 2 + [
        "Variant A: rules as printed"]
    assert [c[1] for c in calls] == [0, 0, 2, 2, 4]
    a, b = ui.results.values()
    assert len(a) == len(b) == 4 and list(a["seed"]) == list(b["seed"]) == [0, 1, 2, 3]
    labels = [box.children[1].value for box in ui.progress.children]
    assert labels == ["Variant A: rules as printed: 5 of 40 games", "Variant B: peek=False: 4 of 40 games"]


def test_the_plot_is_an_opaque_png_whatever_the_backend_set(monkeypatch):
    """A transparent figure (as some inline backends set) would lose its black axes and text on a dark page."""
    import io

    import matplotlib.image
    import matplotlib.pyplot as plt

    from tictac_nb.lab.widget import figure_png

    monkeypatch.setitem(matplotlib.rcParams, "figure.facecolor", (1, 1, 1, 0))
    monkeypatch.setitem(matplotlib.rcParams, "savefig.facecolor", "auto")
    figure = lab.plot_comparison({"a": lab.play_games("tic-tac-two", 3, progress=False)})
    pixels = matplotlib.image.imread(io.BytesIO(figure_png(figure)))
    assert pixels[..., 3].min() == 1.0 and tuple(pixels[0, 0]) == (1.0, 1.0, 1.0, 1.0)
    assert not plt.fignum_exists(figure.number)


def test_extra_bots_join_every_seat_menu():
    def cautious(seed):
        return lab.UniformBot(seed)

    ui = lab.DesignLab(games=3, bots={"cautious": cautious})
    assert [label for label, _ in ui.a.bots[1].options][-1] == "cautious"
    ui.a.bots[1].value = dict(ui.a.bots[1].options)["cautious"]  # a student's factory, packed for its sandbox
    ui.b.controls["wild"].value = False
    ui.picker.value = ui.picker.value  # unchanged game keeps the menus
    ui.run()
    a, b = ui.results.values()
    assert set(a["bots"]) == {"random vs cautious"} and set(b["bots"]) == {"random vs random"}


def test_a_games_own_bots_join_its_seat_menus():
    ui = lab.DesignLab(game="tic-toc", games=2)
    labels = [label for label, _ in ui.a.bots[0].options]
    assert "TicTocBot" in labels
    ui.picker.value = "tic-tac-two"
    assert "TicTocBot" not in [label for label, _ in ui.a.bots[0].options]


# ---- typed values that are no values ------------------------------------------------------------------

@pytest.mark.parametrize(("option", "typed", "words"), [
    ("mix", "{['lake']: 4}", "option 'mix' cannot be read: unhashable type: 'list'"),
    ("mix", "-" * 100_000 + "1", "option 'mix' is 100,001 characters long; a typed value has at most 100,000"),
    ("mix", "-" * 10_000 + "1", "option 'mix' is nested too deeply to read"),
    ("bag", "~" * 5_000 + "1", "option 'bag' is nested too deeply to read"),
])
def test_a_typed_value_that_is_no_value_gets_a_message_in_the_widget(option, typed, words, capsys):
    ui = lab.DesignLab(game="tic-tac-trek", games=2)
    ui.b.controls[option].widget.value = typed          # the observer: no exception
    assert html.escape(words) in ui.b.message.value
    table = ui.run()                                     # "Play both variants": no exception either
    assert table.empty and ui.results == {} and not ui.button.disabled
    assert f"Variant B: {words}" in capsys.readouterr().out


def test_an_option_whose_check_breaks_on_an_odd_value_is_named(monkeypatch):
    ui = lab.DesignLab(game="tic-tac-two", games=2)
    game = ui.b.game
    real = game.options["tiles"]

    def breaks(value):
        if value == "boom":
            raise KeyError("the check's own bug")
        return real.check(value)
    ui.b.game = dataclasses.replace(game, options={**game.options, "tiles": Option(real.default, breaks, real.doc)})
    monkeypatch.setitem(tictac_nb.GAMES, game.name, ui.b.game)
    ui.b.controls["tiles"].widget.value = "boom"
    assert "option &#x27;tiles&#x27; cannot be used: KeyError" in ui.b.message.value
    assert ui.run().empty


PANELS: dict[str, lab.DesignLab] = {}


def typed_texts() -> st.SearchStrategy[str]:
    literals = st.recursive(
        st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=12),
        lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6) | st.integers(), inner,
                                                                    max_size=4) | st.tuples(inner, inner),
        max_leaves=12)
    nested = st.builds(lambda n, c, tail: c * n + tail, st.integers(0, 30_000), st.sampled_from("-+~([{"),
                       st.sampled_from(["1", "", "]", "x"]))
    bad_keys = st.builds(lambda k, v: "{" + repr(k) + ": " + repr(v) + "}",
                         st.lists(st.text(max_size=5), max_size=3) | st.dictionaries(st.text(max_size=3), st.none()),
                         st.integers())
    return st.text(max_size=40) | literals.map(repr) | nested | bad_keys


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=st.sampled_from(list(tictac_nb.GAMES)), data=st.data(), typed=typed_texts())
def test_no_typed_value_raises_out_of_the_widget(game, data, typed):
    ui = PANELS.get(game) or PANELS.setdefault(game, lab.DesignLab(game=game, games=1))
    texts = [name for name, c in ui.b.controls.items() if isinstance(c.widget, widgets.Text)]
    name = data.draw(st.sampled_from(texts))
    control = ui.b.controls[name]
    try:
        control.widget.value = typed
        problem = ui.b.problem()
        if problem is None:
            tictac_nb.new_game(game, seed=0, **ui.b.options())
            assert ui.b.message.value == ""
        else:
            assert problem and ui.b.message.value and len(problem) < 400
    finally:
        control.widget.value = "" if control.option.default is None else repr(control.option.default)
