"""Every level of every game's bot reads its view alone, and the strong bots' samples match their views.

A bot is handed a view; behind one view lie many states (the deck's order, others'
hands and money, secret drafts, the dice to come). Each test here keeps a view, deals
the hidden parts of its state again, and asks every level for its move with the same
generator: the move must not change. The strong bots search with a playout cap and a
budget too long to run out, so their moves are reproducible on any machine.
"""

from __future__ import annotations

import json
import random

import pytest

from engines import get_game
from engines.bots import LEVELS, bot_for
from engines.coimbra import data as coimbra_data
from engines.coimbra.sample import sample_state as coimbra_sample
from engines.coimbra.sample import unseen_cards
from engines.core.rng import seed_state
from engines.goa.sample import sample_state as goa_sample
from engines.goa.sample import unseen_cards as goa_unseen
from engines.gogoa import data as gogoa_data
from engines.gogoa.sample import sample_state as gogoa_sample
from engines.navegador import data as nav_data
from engines.navegador.sample import sample_state as navegador_sample
from engines.navegador.sample import unseen_tokens

SAMPLERS = {"coimbra": coimbra_sample, "goa": goa_sample, "gogoa": gogoa_sample, "navegador": navegador_sample}
#: How many positions of random games each level is asked about (strong bots are slower).
POSITIONS = {"easy": 6, "normal": 6, "strong": 2}


@pytest.fixture(autouse=True)
def reproducible(monkeypatch: pytest.MonkeyPatch) -> None:
    """Three rounds of samples (enough for Go Goa's search to overrule its normal bot) and no clock in the way."""
    monkeypatch.setenv("CARAVELA_BOT_PLAYOUTS", "3")
    monkeypatch.setenv("CARAVELA_BOT_BUDGET_MS", "600000")


def positions(game_id: str, count: int, players: int = 2, seed: int = 0) -> list[tuple[dict, int]]:
    """Returns (state, seat) at ``count`` points of one random game, each with a choice to make."""
    game = get_game(game_id)
    state = game.setup(players, seed)
    rnd = random.Random(seed)
    states = []
    while not state.get("over"):
        seat = rnd.choice(sorted(game.to_act(state)))
        legal = game.legal_actions(state, seat)
        if len([a for a in legal if a["type"] != "undo"]) > 1:
            states.append((state, seat))
        state = game.apply(state, seat, rnd.choice([a for a in legal if a["type"] != "undo"]))
    picked = rnd.sample(range(len(states)), min(count, len(states)))
    return [states[i] for i in sorted(picked)]


def redeal_goa(state: dict, seat: int, rnd: random.Random) -> dict:
    """Deals Goa's hidden parts again: the deck with others' hands, others' ducats, the unseen tiles."""
    out = json.loads(json.dumps(state))
    others = [s for s in range(out["num_players"]) if s != seat]
    pool = out["deck"] + [c for s in others for c in out["players"][s]["hand"]]
    rnd.shuffle(pool)
    for s in others:
        hand = out["players"][s]["hand"]
        out["players"][s]["hand"], pool = pool[: len(hand)], pool[len(hand) :]
        out["players"][s]["ducats"] = rnd.randint(0, 40)
    out["deck"] = pool
    rnd.shuffle(out["boxed"])
    rnd.shuffle(out["b_tiles"])
    return out


def redeal(game_id: str, state: dict, seat: int, rnd: random.Random) -> dict:
    """Returns a state with the same view for ``seat`` and other hidden truth (and other dice to come)."""
    game = get_game(game_id)
    if game_id == "goa":
        out = redeal_goa(state, seat, rnd)  # ducats far from what the sampler deals: a harder truth
    else:
        out = SAMPLERS[game_id](game.view(state, seat), seat, rnd)
        out["log"] = state["log"]
    out["rng"] = seed_state(rnd.getrandbits(32))
    return out


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("game_id", ["goa", "gogoa", "navegador", "coimbra"])
def test_a_bot_moves_alike_whatever_the_hidden_truth(game_id: str, level: str) -> None:
    game = get_game(game_id)
    bot = bot_for(game_id, level)
    differed = 0
    for n, (state, seat) in enumerate(positions(game_id, POSITIONS[level], seed=len(level))):
        view = game.view(state, seat)
        other = redeal(game_id, state, seat, random.Random(n))
        differed += json.dumps(other, sort_keys=True, default=str) != json.dumps(state, sort_keys=True, default=str)
        again = game.view(other, seat)
        assert json.dumps(again, sort_keys=True) == json.dumps(view, sort_keys=True)
        first = bot(json.loads(json.dumps(view)), seat, random.Random(n))
        second = bot(json.loads(json.dumps(again)), seat, random.Random(n))
        assert first == second, f"{game_id} {level}: the move changed with the hidden truth"
        assert first in view["legal"]
    assert differed, "no hidden truth was dealt again"


@pytest.mark.parametrize("game_id", sorted(SAMPLERS))
@pytest.mark.parametrize("players", [2, 3])
def test_every_sampled_state_gives_the_seat_its_view(game_id: str, players: int) -> None:
    game = get_game(game_id)
    for n, (state, seat) in enumerate(positions(game_id, 25, players, seed=players)):
        view = json.loads(json.dumps(game.view(state, seat)))
        for k in range(3):
            sampled = SAMPLERS[game_id](view, seat, random.Random(100 * n + k))
            assert json.loads(json.dumps(game.view(sampled, seat))) == view


def chi2_passes(counts: list[int], z: float = 3.09) -> bool:
    """Tells whether counts look uniform: the chi-square statistic under its 99.9 % point.

    The point comes from the Wilson-Hilferty approximation (no statistics package needed).

    >>> chi2_passes([100, 98, 103, 99]), chi2_passes([150, 50, 100, 100])
    (True, False)
    """
    total, k = sum(counts), len(counts)
    expected = total / k
    stat = sum((c - expected) ** 2 / expected for c in counts)
    df = k - 1
    return stat < df * (1 - 2 / (9 * df) + z * (2 / (9 * df)) ** 0.5) ** 3


def test_navegador_deals_the_unseen_tokens_evenly() -> None:
    """Every unseen colony token is as likely as any other to be the one removed, or on top of a stack."""
    game = get_game("navegador")
    view = game.view(game.setup(3, 5), 0)
    unseen = unseen_tokens(view)
    removed = {g: dict.fromkeys(prices, 0) for g, prices in unseen.items()}
    top = dict.fromkeys(unseen["spice"], 0)
    rng = random.Random(11)
    for _ in range(1500):
        state = navegador_sample(view, 0, rng)
        for good, (token,) in state["removed"].items():
            removed[good][token] += 1
        top[state["regions"]["goa"]["stack"][0]] += 1
    for good, counts in removed.items():
        assert chi2_passes(list(counts.values())), (good, counts)
    assert chi2_passes(list(top.values())), top


def test_navegador_keeps_what_is_in_sight() -> None:
    game = get_game("navegador")
    state, seat = positions("navegador", 1, 2, seed=3)[0]
    state = json.loads(json.dumps(state))
    # A token on a sheet is seen: it never turns up in a stack or among the removed.
    state["players"][1]["colonies"]["sugar"].append(state["regions"]["rio"]["stack"].pop())
    view = game.view(state, seat)
    sugar = [r for r, info in nav_data.REGIONS.items() if info["good"] == "sugar"]
    in_sight = [t for r in sugar for t in state["regions"][r]["colonies"]]
    in_sight += [t for p in state["players"] for t in p["colonies"]["sugar"]]
    for k in range(50):
        sampled = navegador_sample(view, seat, random.Random(k))
        hidden = sampled["removed"]["sugar"] + [t for r in sugar for t in sampled["regions"][r]["stack"]]
        assert sorted(hidden + in_sight) == sorted(nav_data.COLONY_PRICES["sugar"])


def test_gogoa_deals_others_plans_from_the_unseen_ones_evenly() -> None:
    """Another seat's first easy plan is any easy plan the seat has not seen, each as often."""
    game = get_game("gogoa")
    view = game.view(game.setup(3, 7), 0)
    seen = {p["id"] for p in view["me"]["dealt"]}
    counts = {p: 0 for p in gogoa_data.EASY_DECK if p not in seen}
    hard = {p: 0 for p in gogoa_data.HARD_DECK if p not in seen}
    rng = random.Random(3)
    for _ in range(2000):
        state = gogoa_sample(view, 0, rng)
        one, two = state["players"][1]["dealt"], state["players"][2]["dealt"]
        assert len(set(one + two) | seen) == 12, "a plan was dealt twice"
        counts[one[0]] += 1
        hard[two[3]] += 1
    assert chi2_passes(list(counts.values())), counts
    assert chi2_passes(list(hard.values())), hard


def test_gogoa_keeps_revealed_plans_and_reserved_die() -> None:
    game = get_game("gogoa")
    state, seat = next(
        (s, seat)
        for s, seat in positions("gogoa", 200, 2, seed=4)
        if s["phase"] == "day" and s["step"] == "others" and seat != s["starter"]
    )
    view = game.view(state, seat)
    for k in range(30):
        sampled = gogoa_sample(view, seat, random.Random(k))
        other = 1 - seat
        assert sampled["players"][other]["plans"] == state["players"][other]["plans"]
        assert set(sampled["players"][other]["plans"]) <= set(sampled["players"][other]["dealt"])
        moves = sampled["handed_in"][state["starter"]]
        assert {"type": "assign", "role": "direction", "die": state["reserved"]} in [
            {k: m[k] for k in ("type", "role", "die")} for m in moves if m["type"] == "assign"
        ]


def test_coimbra_deals_the_deck_within_its_backs_evenly() -> None:
    """The unseen back-II cards lie on top, back III below; each unseen card is as likely on top as any other."""
    game = get_game("coimbra")
    view = game.view(game.setup(3, 4), 0)
    unseen = unseen_cards(view)
    top = dict.fromkeys(unseen["II"], 0)
    bottom = dict.fromkeys(unseen["III"], 0)
    rng = random.Random(5)
    for _ in range(1500):
        deck = coimbra_sample(view, 0, rng)["deck"]
        assert len(deck) == view["deck"]
        assert [coimbra_data.CARDS[c]["back"] for c in deck] == ["III"] * len(unseen["III"]) + ["II"] * len(
            unseen["II"]
        )
        top[deck[-1]] += 1
        bottom[deck[0]] += 1
    assert chi2_passes(list(top.values())), top
    assert chi2_passes(list(bottom.values())), bottom


def test_coimbra_reads_the_flow_back_from_the_view() -> None:
    """Whose turn comes next, the location being resolved and the open steps come back as they were."""
    game = get_game("coimbra")
    for players in (2, 4):
        state, rnd = game.setup(players, players), random.Random(players)
        while not state.get("over"):
            seat = sorted(game.to_act(state))[0]
            sampled = coimbra_sample(json.loads(json.dumps(game.view(state, seat))), seat, rnd)
            for key in ("queue", "pending", "order"):
                assert sampled[key] == state[key], (key, state["phase"])
            assert sorted(sampled["crowns"]) == sorted(state["crowns"])
            if state["phase"] == "resolve":
                assert sampled["resolving"] == state["resolving"]
            state = game.apply(state, seat, rnd.choice(game.legal_actions(state, seat)))


def test_goa_deals_the_unseen_cards_evenly() -> None:
    """Any card the seat has not seen is as likely as any other in another's hand, or on the deck's top."""
    game = get_game("goa")
    state, seat = next((s, seat) for s, seat in positions("goa", 60, 3, seed=6) if s["players"][(seat + 1) % 3]["hand"])
    view = game.view(state, seat)
    other = (seat + 1) % 3
    in_hand = dict.fromkeys(goa_unseen(view), 0)
    on_top = dict.fromkeys(goa_unseen(view), 0)
    rng = random.Random(8)
    for _ in range(1500):
        sampled = goa_sample(view, seat, rng)
        in_hand[sampled["players"][other]["hand"][0]] += 1
        on_top[sampled["deck"][-1]] += 1
        assert sampled["players"][seat]["hand"] == state["players"][seat]["hand"]
    assert chi2_passes(list(in_hand.values())), in_hand
    assert chi2_passes(list(on_top.values())), on_top


def test_goa_deals_ducats_within_what_is_public() -> None:
    """A seat leading an auction holds at least its bid; the seat's own ducats are its own."""
    game = get_game("goa")
    found = 0
    for state, seat in positions("goa", 400, 2, seed=9):
        a = state["auction"]
        if state["phase"] != "auction" or a["leader"] == seat or a["high"] == 0:
            continue
        found += 1
        view = game.view(state, seat)
        for k in range(20):
            sampled = goa_sample(view, seat, random.Random(k))
            assert sampled["players"][a["leader"]]["ducats"] >= a["high"]
            assert sampled["players"][seat]["ducats"] == state["players"][seat]["ducats"]
    assert found
