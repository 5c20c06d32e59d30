"""Coimbra's flow: the starting choice, then four rounds of phases A–F, then final scoring.

Facts first, then the hooks of ``engines.core.Game``. After every action the
flow settles: automatic steps run (die tokens, a location's clean-up, Phase D,
the Phase E cards, the end of round) until a player has a decision to make.
Open choices (a walk, a track, the Broker) sit on the core pending stack and
are answered first. Pure: no I/O, no clock; dice and shuffles use ``state["rng"]``.
"""

from __future__ import annotations

from ..core import Game, IllegalAction, Outcome, log, pending, seat_name
from . import city, data, income, player_order, scoring, setup, view, voyages
from .actions import ACTION_MODELS
from .characters import deal_rows, take_discard
from .effects import broker_options, choose_track, track_options
from .pilgrimage import stop, walk, walk_options

#: The action types each kind of pending step answers.
ANSWERS = {"walk": ("walk", "pass"), "track": ("choose_track",), "broker": ("take_discard", "pass")}
#: The action types each phase takes when no step is pending.
PHASE_ACTIONS = {
    "start": ("take_pair", "start_space"),
    "place": ("place",),
    "resolve": ("take_tile", "buy", "alternative"),
    "income": ("income",),
    "voyage": ("fund", "pass"),
}


class Coimbra(Game[scoring.Breakdown]):
    """Coimbra (eggertspiele, 2018) for 2-4 players."""

    id = "coimbra"
    title = "Coimbra"
    log_keys_on_client = True
    min_players = 2
    max_players = 4
    action_models = ACTION_MODELS

    def new_state(self, state: dict, num_players: int, options: dict) -> None:
        """Sets up the table (seed steps 1–13); the starting choice comes first."""
        setup.setup(state, num_players)

    def seats_to_act(self, state: dict) -> list[int]:
        """Returns the one seat whose decision is awaited (Coimbra has no simultaneous step)."""
        if top := pending.top(state):
            return [top["seat"]]
        phase = state["phase"]
        if phase == "start":
            return [state["start"]["queue"][0]]
        if phase == "resolve":
            area, i = city.next_die(state) or ("", 0)
            return [state["city"][area][i]["seat"]]
        return [state["queue"][0]]

    def legal(self, state: dict, seat: int) -> list[dict]:
        """Returns the open step's answers, or the phase's actions."""
        if top := pending.top(state):
            if top["kind"] == "walk":
                return walk_options(state, seat)
            if top["kind"] == "track":
                return track_options(top)
            return broker_options(state, top)
        phase = state["phase"]
        if phase == "start":
            return setup.start_options(state, seat)
        if phase == "place":
            return city.place_options(state)
        if phase == "resolve":
            return city.resolve_options(state, seat)
        if phase == "income":
            return income.income_options(state, seat)
        return voyages.fund_options(state, seat)

    def play(self, state: dict, seat: int, action: dict) -> None:
        """Applies one action, then lets the flow settle."""
        kind = action["type"]
        if top := pending.top(state):
            if kind not in ANSWERS[top["kind"]]:
                raise IllegalAction("Finish the open step first.", "co.err.finish_step", {"step": top["kind"]})
            answer(state, seat, top, action)
        elif kind not in PHASE_ACTIONS[state["phase"]]:
            raise IllegalAction(
                "That is not an action of this phase.", "co.err.wrong_phase", {"type": kind, "phase": state["phase"]}
            )
        elif state["phase"] == "start":
            setup.choose_start(state, seat, action)
        elif state["phase"] == "place":
            city.place(state, seat, action)
            state["queue"].pop(0)
        elif state["phase"] == "resolve":
            city.resolve(state, seat, action)
        elif state["phase"] == "income":
            income.take_income(state, seat, action)
        elif kind == "fund":
            voyages.fund(state, seat, action["voyage"])
            state["queue"].pop(0)
        else:
            voyages.decline(state, seat)
            state["queue"].pop(0)
        settle(state)

    def seat_view(self, state: dict, seat: int | None) -> dict:
        """Returns what ``seat`` may see (see ``view.py``)."""
        return view.seat_view(state, seat)

    def final_scores(self, state: dict) -> Outcome[scoring.Breakdown]:
        """Returns the final scores (see ``scoring.py``)."""
        return scoring.final_scores(state)


def answer(state: dict, seat: int, top: pending.Pending, action: dict) -> None:
    """Answers the open step on top of the stack."""
    kind = action["type"]
    if kind == "walk":
        walk(state, seat, top, action["to"])
    elif kind == "choose_track":
        choose_track(state, seat, top, action["track"])
    elif kind == "take_discard":
        take_discard(state, seat, top, action["card"])
    elif top["kind"] == "walk":
        stop(state, seat, top)
    else:
        pending.remove(state, top)
        log(state, key="co.broker_pass", player=seat_name(seat))


def settle(state: dict) -> None:
    """Moves the flow on until someone has a decision to make."""
    while not state.get("pending") and not state.get("over"):
        phase = state["phase"]
        if phase == "start":
            if state["start"] is not None:
                return
            begin_round(state)
        elif phase == "place":
            if state["queue"]:
                return
            state.update(phase="resolve", resolving=0)
        elif phase == "resolve":
            if not resolve_automatic(state):
                return
        elif phase == "income":
            if not state["queue"]:
                state.update(phase="voyage", queue=list(state["order"]))
            elif income.income_done(state, state["queue"][0]):
                income.finish_income(state, state["queue"].pop(0))
            else:
                return
        elif state["queue"]:
            return
        else:
            end_round(state)


def resolve_automatic(state: dict) -> bool:
    """Runs one automatic step of Phase C (a token, a location's end, Phase D); False if a player acts."""
    if state["resolving"] == len(data.AREAS):
        player_order.new_order(state)
        state.update(phase="income", queue=list(state["order"]))
        return True
    at = city.next_die(state)
    if at is None:
        city.finish_area(state)
        return True
    area, i = at
    entry = state["city"][area][i]
    if entry["seat"] is not None:
        return False
    city.token_acts(state, area, entry)
    return True


def begin_round(state: dict) -> None:
    """Phase A, then Phase B: three dice each, placed one at a time in player order."""
    log(state, key="co.round", round=state["round"])
    city.roll(state)
    state.update(phase="place", queue=[s for _ in range(data.DICE_PER_PLAYER) for s in state["order"]])


def end_round(state: dict) -> None:
    """Ends a round: tiles and the extra die return, boards clear; after round 4 the game ends."""
    state["tiles"] = list(data.TILES)
    for p in state["players"]:
        p.update(tokens=0, tiles=[], extra_die=False, extra_used=False, board=[], taken=dict.fromkeys(data.TRACKS, 0))
    if state["round"] == data.ROUNDS:
        state.update(over=True, phase="over", queue=[])
        log(state, key="co.over")
        return
    state["round"] += 1
    deal_rows(state)
    begin_round(state)
