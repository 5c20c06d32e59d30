"""Setup for 2-5 players exactly as the seed's "Preparation" lists it."""

from __future__ import annotations

import pytest

from engines.navegador import GAME, data

COUNTS = (2, 3, 4, 5)


@pytest.mark.parametrize("players", COUNTS)
def test_setup_two_ships_in_portugal_and_five_in_supply(players):
    state = GAME.setup(players, 1)
    for seat in range(players):
        assert state["regions"]["portugal"]["ships"][seat] == 2
        assert sum(r["ships"][seat] for r in state["regions"].values()) == 2
        assert state["players"][seat]["supply"] == 5


@pytest.mark.parametrize("players", COUNTS)
def test_setup_worker_on_three_in_lisboa_200_cruzados_and_a_kings_privilege(players):
    for p in GAME.setup(players, 1)["players"]:
        assert (p["workers"], p["money"], p["king"]) == (3, 200, True)


def test_setup_sheet_has_one_orange_factory_one_shipyard_one_church():
    p = GAME.setup(2, 1)["players"][0]
    assert p["factories"] == {"sugar": 0, "gold": 0, "spice": 0, "orange": 1}
    assert (p["shipyards"], p["churches"], p["explorers"]) == (1, 1, [])
    assert all(len(c) == 0 for c in p["colonies"].values())


@pytest.mark.parametrize("players", COUNTS)
def test_setup_every_region_but_portugal_has_a_hidden_stack_and_an_explorer_disk(players):
    state = GAME.setup(players, 7)
    for region, info in data.REGIONS.items():
        reg = state["regions"][region]
        assert reg["colonies"] == []
        if region == "portugal":
            assert reg["explored"] and reg["stack"] == []
        else:
            assert not reg["explored"], "an unexplored region keeps its explorer disk"
            assert len(reg["stack"]) == info["stack"]
            good = info["good"]
            assert good is not None and all(p in data.COLONY_PRICES[good] for p in reg["stack"])


def test_setup_one_colony_token_of_each_good_is_removed_unseen():
    state = GAME.setup(3, 4)
    for good, prices in data.COLONY_PRICES.items():
        dealt = [p for r, info in data.REGIONS.items() if info["good"] == good for p in state["regions"][r]["stack"]]
        assert len(state["removed"][good]) == 1
        assert sorted(dealt + state["removed"][good]) == sorted(prices)


def test_setup_stacks_are_shuffled_from_the_seed():
    def stacks(seed):
        return {r: reg["stack"] for r, reg in GAME.setup(2, seed)["regions"].items()}

    assert stacks(3) == stacks(3)
    assert len({str(stacks(seed)) for seed in range(6)}) > 1


@pytest.mark.parametrize(
    ("players", "regions"),
    [(2, {"nagasaki", "macau"}), (3, {"nagasaki", "macau"}), (4, {"nagasaki"}), (5, {"nagasaki"})],
)
def test_setup_double_loss_token_in_nagasaki_and_in_macau_with_two_or_three_players(players, regions):
    assert set(GAME.setup(players, 1)["double_loss"]) == regions


@pytest.mark.parametrize(("players", "laid"), [(2, 8), (3, 7), (4, 6), (5, 5)])
def test_setup_building_rows_filled_by_player_count_cheapest_first(players, laid):
    rows = GAME.setup(players, 1)["buildings"]
    for factory in ("sugar_factory", "gold_factory", "spice_factory"):
        assert rows[factory] == [True] * 6
    for row in ("shipyard", "church"):
        assert rows[row] == [True] * laid + [False] * (8 - laid), "the most expensive fields stay empty"


def test_setup_market_markers_on_the_fourth_row_from_the_top():
    assert GAME.setup(2, 1)["market"] == {"sugar": 3, "gold": 3, "spice": 3}


@pytest.mark.parametrize("players", COUNTS)
def test_setup_gallery_holds_one_privilege_of_each_type(players):
    state = GAME.setup(players, 1)
    assert state["gallery"] == {c: 1 for c in data.COLUMNS}
    assert state["reserve"] == {c: data.PRIVILEGE_TOKENS - 1 for c in data.COLUMNS}


@pytest.mark.parametrize("players", COUNTS)
def test_setup_navegador_card_goes_to_the_right_of_the_starting_player(players):
    state = GAME.setup(players, 1)
    assert state["current"] == 0 and state["card"]["holder"] == players - 1
    assert GAME.to_act(state) == {0}, "the starting player moves first, the card waits a round"
