"""Plays fixture (Tally) matches to the end over REST, remembering what each seat saw."""

from __future__ import annotations

from tests.helpers import Client, started_match


def play_out(match_id: str, people: list[Client]) -> list[list[dict]]:
    """Plays until the game is over; returns ``seen[v][seat]``, each seat's REST view at version v.

    In a simultaneous pick each seat picks its own seat number, so the picks differ.
    """
    seen: list[list[dict]] = []
    while True:
        views = [p.view(match_id) for p in people]
        assert len({v["v"] for v in views}) == 1
        seen.append(views)
        if views[0]["view"]["over"]:
            return seen
        for seat, got in enumerate(views):
            legal = got["view"]["legal"]
            if legal:
                action = legal[0] if legal[0]["type"] == "add" else {"type": "pick", "n": seat}
                r = people[seat].act(match_id, action, v=got["v"])
                assert r.status_code == 200, r.text
                break


def finished_match(base: str, seats: int = 2, target: int = 7, **create) -> tuple[dict, list[Client], list]:
    """Returns a finished Tally match, its players and what each seat saw at each version."""
    match, people = started_match(base, seats=seats, options={"target": target}, **create)
    seen = play_out(match["id"], people)
    return match, people, seen
