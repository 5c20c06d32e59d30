"""Bot seats play through the same accepted-action path as people."""

import time

from tests.helpers import Client, Seat

ADMIN = {"authorization": "Bearer test-admin-token"}


def test_a_match_of_bots_and_one_person_plays_to_the_end(server):
    ana = Client(server.base)
    match = ana.create(seats=3, options={"target": 20})
    for seat in (1, 2):
        ana.post(f"/api/matches/{match['id']}/bots", {"seat": seat})
    ana.post(f"/api/matches/{match['id']}/start")
    sock = Seat(server.ws_base, match["id"], ana.token)
    sock.recv_until("state")
    deadline = time.monotonic() + 30
    while not sock.view["over"] and time.monotonic() < deadline:
        if 0 in sock.view["to_act"]:
            sock.act(sock.view["legal"][0])
        else:
            sock.recv(timeout=10)
    assert sock.view["over"]
    log = ana.http.get(f"/api/admin/matches/{match['id']}/actions", headers=ADMIN).json()
    bot_moves = [a for a in log if a["seat"] in (1, 2)]
    # A bot's move is named for the version it was chosen at (in a simultaneous
    # step that may be older than the version it was accepted as), then a random
    # part, so no seat can guess it and block the bot's move.
    for a in bot_moves:
        _, chosen_at, seat, secret = a["action_id"].split("-")
        assert int(seat) == a["seat"] and int(chosen_at) <= a["v"] - 1 and len(secret) == 20
    assert len({a["action_id"].split("-")[3] for a in bot_moves}) == len(bot_moves)
    assert ana.http.get(f"/api/admin/matches/{match['id']}/state", headers=ADMIN).json()["equals_stored"]


def test_a_bot_drafting_in_secret_does_not_pause_between_its_steps():
    """A pause per secret step would let every seat count a bot's draft steps by the time it
    takes to submit: Go Goa's starter drafts alone while the others wait."""
    import engines
    from app.table.bots import BotRunner

    game, runner = engines.get_game("gogoa"), BotRunner(service=None, delay=0.6)
    state = game.setup(2, 4)
    while game.legal_actions(state, min(game.to_act(state)))[0]["type"] == "keep_plans":
        seat = min(game.to_act(state))
        state = game.apply(state, seat, game.legal_actions(state, seat)[0])
    assert runner.pause("m", game, state) == 0.6  # the day begins: people follow it
    starter = min(game.to_act(state))
    for _step in range(3):
        state = game.apply(state, starter, game.legal_actions(state, starter)[0])
        assert runner.pause("m", game, state) == 0.0
    runner.forget("m")
    assert not runner.keeps("m")
