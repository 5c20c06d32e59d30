"""A tiny game used only by the platform's tests (never registered for players).

"Tally": seats take turns adding 1-3 to a shared total. Each time the total
passes a multiple of 5, everyone secretly picks a number 0-9 at once; when
the last pick is in, the highest pick scores a point (ties: nobody). Each seat
also has a secret ``purse`` growing by what it adds. The game ends when the
total reaches ``target`` (an option, default 15). It exercises turns,
simultaneous commit/reveal, private log lines and hidden values.
"""

from __future__ import annotations

from typing import ClassVar, Literal

from pydantic import BaseModel, Field

from engines.core import Game, IllegalAction, log, rank, seat_name
from engines.core.rng import randint


class TallyOptions(BaseModel):
    model_config = {"extra": "forbid"}
    target: int = Field(default=15, ge=5, le=60)


class Add(BaseModel):
    type: Literal["add"] = "add"
    n: int = Field(ge=1, le=3)


class Pick(BaseModel):
    type: Literal["pick"] = "pick"
    n: int = Field(ge=0, le=9)


class Tally(Game):
    id = "tally"
    title = "Tally (test fixture)"
    min_players = 1
    max_players = 4
    options_model = TallyOptions
    action_models = (Add, Pick)
    log_words: ClassVar[dict[str, dict[str, str]]] = {
        "en": {
            "tally.picked": "You picked {n}.",
            "tally.added": "{who} added {n} (total {total}).",
            "tally.revealed": "Picks revealed: {picks}.",
        }
    }

    def new_state(self, state, num_players, options):
        state.update(
            total=0,
            turn=0,
            target=options["target"],
            points=[0] * num_players,
            purse=[randint(state, 1, 100) for _ in range(num_players)],
            picks=None,
        )

    def seats_to_act(self, state):
        if state["picks"] is not None:
            return {s for s, p in enumerate(state["picks"]) if p is None}
        return {state["turn"]}

    def legal(self, state, seat):
        if state["picks"] is not None:
            return [{"type": "pick", "n": n} for n in range(10)]
        return [{"type": "add", "n": n} for n in (1, 2, 3)]

    def play(self, state, seat, action):
        if action["type"] == "pick":
            if state["picks"] is None:
                raise IllegalAction("Nobody is picking now.", "tally.err.no_pick")
            state["picks"][seat] = action["n"]
            log(state, [seat], key="tally.picked", n=action["n"])
            if all(p is not None for p in state["picks"]):
                self._reveal(state)
            return
        if state["picks"] is not None:
            raise IllegalAction("Pick a number first.", "tally.err.pick_first")
        before = state["total"]
        state["total"] += action["n"]
        state["purse"][seat] += action["n"]
        log(
            state,
            key="tally.added",
            who=seat_name(seat),
            n=action["n"],
            total=state["total"],
        )
        state["turn"] = (state["turn"] + 1) % state["num_players"]
        if state["total"] >= state["target"]:
            state["over"] = True
        elif state["total"] // 5 > before // 5:
            state["picks"] = [None] * state["num_players"]

    def _reveal(self, state):
        picks = state["picks"]
        best = max(picks)
        if picks.count(best) == 1:
            state["points"][picks.index(best)] += 1
        said = ", ".join(f"{seat_name(s)} {p}" for s, p in enumerate(picks))
        log(state, key="tally.revealed", picks=said)
        state["picks"] = None

    def seat_view(self, state, seat):
        picks = state["picks"]
        return {
            "total": state["total"],
            "target": state["target"],
            "turn": state["turn"],
            "points": list(state["points"]),
            "picked": None if picks is None else [p is not None for p in picks],
            "my_pick": None if picks is None or seat is None else picks[seat],
            "my_purse": None if seat is None else state["purse"][seat],
        }

    def final_scores(self, state):
        scores = [p * 100 + state["purse"][s] for s, p in enumerate(state["points"])]
        return {
            "scores": scores,
            **rank(scores),
            "breakdown": [{"points": p, "purse": state["purse"][s]} for s, p in enumerate(state["points"])],
        }


GAME = Tally()
