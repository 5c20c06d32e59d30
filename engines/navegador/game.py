"""Navegador's flow: the hooks of ``engines.core.Game``, one pending step at a time.

``turns.py`` says which step follows which; each rule module lists a step's
legal actions and plays them. Pure: no I/O, no clock; the colony stacks are
shuffled from ``state["rng"]`` at setup and never again.
"""

from __future__ import annotations

from ..core import Game, IllegalAction, Outcome, pending
from . import buildings, colonies, market, privileges, purchases, rondel, sailing, scoring, turns, view
from . import state as st
from .actions import ACTION_MODELS

#: The multi-step fields: their legal actions and their plays (True = the step is over).
STEPS = {
    "sailing": (sailing.legal, sailing.act),
    "colony": (colonies.legal, colonies.act),
    "buildings": (buildings.legal, buildings.act),
    "market": (market.legal, market.act),
    "privilege": (privileges.legal, privileges.act),
}


#: Field steps, and the actions that finish one doing nothing (more).
FIELD_KINDS = (*STEPS, *purchases.KINDS)
NOTHING = ({"type": "done"}, {"type": "recruit", "count": 0}, {"type": "build_ships", "count": 0})


class Navegador(Game[scoring.Breakdown]):
    """Navegador (PD-Verlag 2010) for 2-5 players."""

    id = "navegador"
    title = "Navegador"
    log_keys_on_client = True
    min_players = 2
    max_players = 5
    action_models = ACTION_MODELS

    def new_state(self, state: dict, num_players: int, options: dict) -> None:
        """Sets up the board and supplies (seed "Preparation"), then the first turn."""
        st.setup(state, num_players)
        turns.begin_turn(state)

    def seats_to_act(self, state: dict) -> list[int]:
        """Returns the one seat whose step is awaited (Navegador has no simultaneous step)."""
        top = pending.top(state)
        return [top["seat"]] if top else []

    def legal(self, state: dict, seat: int) -> list[dict]:
        """Returns the legal actions of the awaited step."""
        step = pending.top(state)
        assert step is not None
        kind = step["kind"]
        if kind == "card":
            return [{"type": "use_card"}, {"type": "keep_card"}]
        if kind == "move":
            return rondel.legal_move(state, seat)
        if kind == "pay":
            return rondel.legal_pay(state, seat)
        if kind in purchases.KINDS:
            return purchases.legal(state, seat, kind)
        return STEPS[kind][0](state, seat, step)

    def play(self, state: dict, seat: int, action: dict) -> None:
        """Plays one action on the awaited step; a closed step opens the next."""
        step = pending.top(state)
        assert step is not None
        kind, t = step["kind"], action["type"]
        if kind == "card":
            if t not in ("use_card", "keep_card"):
                raise IllegalAction("Decide first whether to use the Navegador card.", "nav.err.card_first")
            finished = True
        elif kind == "move":
            if t != "move":
                raise IllegalAction("Move your stone on the rondel first.", "nav.err.move_first")
            step["data"].update(field=action["field"], cost=rondel.move(state, seat, action["field"]))
            finished = True
        elif kind == "pay":
            if t != "return_ship":
                raise IllegalAction("Hand back the ships your move costs first.", "nav.err.pay_first")
            finished = rondel.pay(state, seat, step, action["region"])
        elif kind in purchases.KINDS:
            if t != ("recruit" if kind == "workers" else "build_ships"):
                raise IllegalAction("Say how many to buy on this field.", "nav.err.buy_first")
            purchases.buy(state, seat, kind, action["count"])
            finished = True
        else:
            finished = STEPS[kind][1](state, seat, step, action)
        if finished:
            pending.pop(state)
            turns.after(state, step, action)
        self.settle(state)

    def settle(self, state: dict) -> None:
        """Closes a field step that offers nothing but doing nothing: no click without a choice.

        Nothing is logged: the move's line already says where the stone went.
        """
        while (step := pending.top(state)) is not None and step["kind"] in FIELD_KINDS:
            options = self.legal(state, step["seat"])
            if len(options) != 1 or options[0] not in NOTHING:
                return
            pending.pop(state)
            turns.after(state, step, options[0])

    def seat_view(self, state: dict, seat: int | None) -> dict:
        """Returns what ``seat`` may see (see ``view.py``)."""
        return view.seat_view(state, seat)

    def final_scores(self, state: dict) -> Outcome[scoring.Breakdown]:
        """Returns the final scores (see ``scoring.py``)."""
        return scoring.final_scores(state)
