"""Phase D (new order by this round's crowns, ties reversed) and Phase E (gains by die colour)."""

from __future__ import annotations

import random

import pytest

from engines.coimbra import GAME, data
from engines.coimbra.income import reward
from engines.coimbra.player_order import crowns, new_order
from engines.core import IllegalAction
from tests.engines.coimbra.co_helpers import act, at_phase, seat_now, staged, types, until


def through_c(state: dict) -> dict:
    """Plays the alternative for every die left and passes every open step, up to Phase E."""

    def calm(s):
        legal = GAME.legal_actions(s, seat_now(s))
        return next((a for a in legal if a["type"] in ("pass", "alternative")), legal[0])

    return until(state, lambda s: s["phase"] != "resolve" and not s["pending"], calm)


def test_new_order_by_crowns_this_round_most_first_ties_reversed():
    """Seed Phase D."""
    base = at_phase("place", 4, seed=1)
    a, b, c, d = base["order"]  # flags 1-4 carry 0, 1, 2, 3 crowns
    state = staged(4, [("castle", a, "gray1", 1)])
    state = act(state, {"type": "take_tile", "tile": "chapel"})  # a: 0 + 3
    state = through_c(state)
    # a 3 and d 3 tie: their old order (a before d) is reversed; then c 2, b 1.
    assert state["order"] == [d, a, c, b]


def test_a_three_way_tie_in_crowns_reverses_the_three_players_order():
    """Seed Phase D: "In case of a tie, the order between tied players is reversed"."""
    base = at_phase("place", 4, seed=1)
    a, b, c, d = base["order"]  # flags 1-4 carry 0, 1, 2, 3 crowns
    state = staged(4, [("castle", a, "gray1", 1), ("castle", b, "gray2", 2)])
    state = act(
        state,
        {"type": "take_tile", "tile": "chapel"},
        {"type": "pass"},  # the Chapel's step: not walked
        {"type": "take_tile", "tile": "chancery"},
    )
    state = through_c(state)
    # a 0 + 3, b 1 + 2 and d 3 tie at 3 crowns: a, b, d becomes d, b, a; then c with 2.
    assert state["order"] == [d, b, a, c]


def test_tied_players_reverse_their_previous_order_in_every_group_of_equals():
    """Seed Phase D, checked over many random rounds: most crowns first, and inside each group of
    players with equal crowns their previous order reversed."""
    rnd = random.Random(9)
    for _ in range(300):
        n = rnd.choice((2, 3, 4))
        before = rnd.sample(range(n), n)
        state = {
            "log": [],
            "order": list(before),
            "players": [
                {"tiles": rnd.sample(list(data.TILES), rnd.randint(0, 2)), "tokens": rnd.randint(0, 2)}
                for _ in range(n)
            ],
        }
        total = {s: crowns(state, s)["total"] for s in before}
        new_order(state)
        after = state["order"]
        assert [total[s] for s in after] == sorted(total.values(), reverse=True)
        for value in set(total.values()):
            tied = [s for s in before if total[s] == value]
            assert [s for s in after if total[s] == value] == tied[::-1]


def test_crown_tokens_and_benefit_tiles_count_for_phase_d():
    """Seed Phase D, the three sources of crowns."""
    base = at_phase("place", 4, seed=1)
    a, b, c, d = base["order"]
    state = staged(
        4,
        [("castle", b, "gray1", 1), ("upper", b, "gray2", 1)],
        rows={"upper": ["G01", "G02", "G03", "G04"]},
        crowns=["G01"],
    )
    state = act(state, {"type": "take_tile", "tile": "armoury"}, {"type": "buy", "card": "G01"})
    state = through_c(state)
    # b: flag 1 + armoury 1 + token 1 = 3, tied with d's flag 3: reversed, d first; then c 2, a 0.
    assert state["order"] == [d, b, c, a]


def test_phase_e_goes_in_the_new_player_order():
    """Seed Phase E, first sentence."""
    state = through_c(staged(3, [("upper", 0, "gray1", 1), ("upper", 1, "gray2", 1), ("upper", 2, "gray3", 1)]))
    assert state["phase"] == "income" and seat_now(state) == state["order"][0]


def income_state(color_die: str, level: dict | None = None, extra: bool = False) -> dict:
    state = through_c(staged(4, [("upper", 0, color_die, 1)]))
    state = until(state, lambda s: seat_now(s) == 0 and not s["pending"])
    state["players"][0]["influence"].update(level or {})
    state["players"][0]["extra_die"] = extra
    return state


@pytest.mark.parametrize(
    ("die", "track", "what"), [("gray1", "gray", "guards"), ("orange1", "orange", "coins"), ("green1", "green", "vp")]
)
def test_a_die_pays_the_reward_of_its_colours_track_at_your_level(die, track, what):
    state = income_state(die, {track: 8})
    before = state["players"][0][what]
    state = act(state, {"type": "income", "die": die, "track": None})
    assert state["players"][0][what] == before + reward(track, 8) == before + 4


def test_a_purple_die_moves_the_pilgrim():
    """Seed Phase E, "Purple die"; steps by level ref §3.3."""
    state = income_state("purple1", {"purple": 12})
    state = act(state, {"type": "income", "die": "purple1", "track": None})
    assert state["pending"][-1]["kind"] == "walk" and state["pending"][-1]["data"]["steps"] == 3


def test_the_white_die_pays_a_track_of_your_choice():
    """Seed Phase E, "White die"."""
    state = income_state("white", {"green": 5})
    assert {a["track"] for a in GAME.legal_actions(state, 0)} == {"gray", "orange", "purple", "green"}
    state = act(state, {"type": "income", "die": "white", "track": "green"})
    assert state["players"][0]["vp"] == 3


def test_the_extra_die_tile_is_one_more_income_of_your_choice():
    """Ref §3.4 (the extra die tile's effect is designed)."""
    state = income_state("gray1", {"orange": 2}, extra=True)
    state = act(
        state, {"type": "income", "die": "gray1", "track": None}, {"type": "income", "die": "extra", "track": "orange"}
    )
    assert state["players"][0]["coins"] == 7 + 2 + 2  # the alternative, then 2 at orange 2
    with pytest.raises(IllegalAction):
        GAME.apply(state, seat_now(state), {"type": "income", "die": "extra", "track": "orange"})


def test_each_die_is_activated_once_in_any_order():
    state = through_c(staged(4, [("upper", 0, "gray1", 1), ("lower", 0, "green1", 1)]))
    state = until(state, lambda s: seat_now(s) == 0 and not s["pending"])
    state = act(state, {"type": "income", "die": "green1", "track": None})
    assert GAME.legal_actions(state, 0) == [{"type": "income", "die": "gray1", "track": None}]


def test_the_reward_grows_with_the_track_level():
    assert [reward("orange", lv) for lv in (0, 2, 5, 8, 11, 15)] == [1, 2, 3, 4, 5, 6]
    assert [reward("purple", lv) for lv in (0, 2, 5, 8, 11, 15)] == [1, 2, 2, 2, 3, 3]


def test_phase_e_cards_pay_after_the_dice():
    """Seed Phase E, "Important"; conditions ref §3.12."""
    state = income_state("green1")
    state["players"][0]["cards"] = ["S02", "G07", "S07", "O07"]  # +1 VP; +2 if gray; +2 if green; +1 coin/orange
    state = act(state, {"type": "income", "die": "green1", "track": None})
    me = state["players"][0]
    assert me["vp"] == 1 + 1 + 2 and me["coins"] == 9


def test_phase_e_dice_return_to_the_dice_area_and_phase_f_follows():
    state = through_c(staged(2, [("upper", 0, "gray1", 1)], tokens=False))
    state = until(state, lambda s: s["phase"] != "income")
    assert state["phase"] == "voyage" and types(state) >= {"pass"}


def test_with_no_crowns_won_the_flags_alone_reverse_the_order():
    """Seed Phase D: flags 1-4 carry 0-3 crowns (ref §3.2), so a round without tiles or tokens turns
    the order around."""
    a, b, c, d = at_phase("place", 4, seed=1)["order"]
    state = through_c(staged(4, []))
    assert state["order"] == [d, c, b, a]
