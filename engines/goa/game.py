"""Goa's flow: two parts of four rounds; each round places markers, auctions, acts.

Facts first, then the hooks of ``engines.core.Game``. After every action the
flow settles: finished choices close, a settled auction opens the next one, a
settled turn passes on, a finished round starts the next (seed "Game Turn").
Pure: no I/O, no clock; shuffles come from ``state["rng"]``.
"""

from __future__ import annotations

from ..core import Game, IllegalAction, Outcome, log, pending
from ..core.log import log_winners
from . import auction, data, scoring, turns, undo, view
from . import state as st
from .actions import ACTION_MODELS, GoaOptions
from .choices import forced, options, resolve, tidy
from .state import player


class Goa(Game[scoring.Breakdown]):
    """Goa (first edition, 2004) for 2-4 traders."""

    id = "goa"
    title = "Goa"
    log_keys_on_client = True
    min_players = 2
    max_players = 4
    action_models = ACTION_MODELS
    options_model = GoaOptions
    #: Kept states of the undo stack are never changed in place; an auction marker is placed,
    #: then taken away, never moved.
    shared = ("log", "undo", "markers")
    #: Changed only by a new value: the tiles on the board and in the boxes, the colony
    #: tiles left, who reached a milestone first.
    replaced = ("grid", "b_tiles", "boxed", "colony_supply", "milestones")
    #: An action changes one or two players' records: each is copied when taken (``st.player``).
    lent = ("players",)
    #: Card ids, tile ids, a position, a turn's flags.
    flat = ("deck", "discard", "gone", "flag_pos", "turn")

    def new_state(self, state: dict, num_players: int, options: dict) -> None:
        """Sets up the board, supplies, the start player and round 1 (seed "Preparation")."""
        st.setup(state, num_players)
        state["auctioneer_may_match"] = options["auctioneer_may_match"]
        log(state, key="goa.round", part="A", round=1)

    def seats_to_act(self, state: dict) -> list[int]:
        """Returns the one seat whose decision is awaited (Goa has no simultaneous step)."""
        if top := pending.top(state):
            return [top["seat"]]
        phase = state["phase"]
        if phase == "place":
            return [auction.placer(state)]
        if phase == "auction":
            return [auction.speaker(state)]
        return [state["turn"]["seat"]]

    def legal(self, state: dict, seat: int) -> list[dict]:
        """Returns the open choice's options, or the phase's actions; ``undo`` when a step may be taken back."""
        back = [{"type": "undo"}] if undo.can_undo(state, seat) else []
        if top := pending.top(state):
            return [{"type": "choose", "option": o} for o in options(state, top)] + back
        phase = state["phase"]
        if phase == "place":
            return auction.legal_place(state)
        if phase == "auction":
            return auction.legal_bids(state, seat)
        return turns.legal_turn(state, seat) + back

    def play(self, state: dict, seat: int, action: dict) -> None:
        """Applies one action, then lets the flow settle."""
        kind, phase = action["type"], state["phase"]
        if kind == "undo":
            undo.take_back(state, seat)
            return
        kept = undo.keep(state, action)
        if state["pending"]:
            if kind != "choose":
                raise IllegalAction("Finish the open choice first.", "goa.err.finish_choice")
            resolve(state, seat, action["option"])
        elif kind == "choose":
            raise IllegalAction("There is no open choice.", "goa.err.no_choice")
        elif phase == "place":
            if kind not in ("place_flag", "place_marker"):
                raise IllegalAction("Place your auction marker first.", "goa.err.place_first")
            auction.place(state, seat, action)
        elif phase == "auction":
            if kind not in ("bid", "pass"):
                raise IllegalAction("It is your turn to bid or pass.", "goa.err.bid_or_pass")
            auction.bid(state, seat, action)
        else:
            turns.act(state, seat, action)
        settle(state)
        undo.after(state, seat, kept)

    def changes(self, state: dict, seat: int, action: dict) -> tuple[str, ...] | None:
        """A bid or pass that leaves the auction open writes only the auction (and the log)."""
        if (
            state["phase"] == "auction"
            and action["type"] in ("bid", "pass")
            and not state["pending"]
            and auction.only_words(state, seat, action)
        ):
            return ("auction",)
        return None

    def copy_for(self, state: dict, seat: int, action: dict) -> dict:
        """Copies the state as every game does; an undoable step also gets the state before it.

        That is ``state`` itself, which ``apply`` never changes: the undo stack keeps it
        without a second copy (see ``undo.keep``).
        """
        new = super().copy_for(state, seat, action)
        if undo.undoable(state, action):
            new[undo.BEFORE] = undo.without_history(state)
        return new

    def seat_view(self, state: dict, seat: int | None) -> dict:
        """Returns what ``seat`` may see (see ``view.py``)."""
        return view.seat_view(state, seat)

    def final_scores(self, state: dict) -> Outcome[scoring.Breakdown]:
        """Returns the final scores (see ``scoring.py``)."""
        return scoring.final_scores(state)


def settle(state: dict) -> None:
    """Moves the flow on until someone has a decision to make."""
    while True:
        tidy(state)
        if forced(state):
            continue
        if state["pending"] or state.get("over"):
            return
        phase = state["phase"]
        if phase == "auction" and state["auction"]["done"]:
            if auction.after_auction(state):
                turns.begin_actions(state)
        elif phase in ("actions", "extra") and state["turn"]["acted"]:
            turns.finish_turn(state)
        elif phase == "round_end":
            end_round(state)
        else:
            return


def end_round(state: dict) -> None:
    """Ends a round: red tiles turn back up; after round 4 the B tiles come; after round 8 the game ends."""
    for seat, p in enumerate(state["players"]):
        if p["used"]:
            player(state, seat)["used"] = []
    state.update(actions=None, extra=None, turn=None, markers=[], flag_pos=None, placing=1, phase="place")
    if state["round"] == data.ROUNDS_PER_PART * data.PARTS:
        state["over"] = True
        state["phase"] = "over"
        log(state, key="goa.over")
        log_winners(state, scoring.final_scores(state), "goa")
        return
    state["round"] += 1
    if state["round"] == data.ROUNDS_PER_PART + 1:
        # Seed: at the end of part A the remaining tiles are replaced by the B tiles.
        for row in state["grid"]:
            state["gone"] += [t for t in row if t]
        st.lay_tiles(state, state["b_tiles"])
        state["b_tiles"] = []
        state["part"] = "B"
        log(state, key="goa.part_b")
    log(
        state,
        key="goa.round",
        part=state["part"],
        round=state["round"],
    )
