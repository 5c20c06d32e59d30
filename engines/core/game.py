"""The engine protocol every game implements, and the checks every game shares.

A game subclasses :class:`Game` and fills in the lower-case hooks
(``new_state``, ``seats_to_act``, ``legal``, ``play``, ``seat_view``,
``final_scores``). The public members of the engine contract (docs/design.md) -- ``setup``, ``to_act``,
``legal_actions``, ``apply``, ``view``, ``outcome`` -- live here, so a game never
handles "game over", "not your turn", action parsing or copying the state.

Engines are pure: no I/O, no clock, no global randomness (see ``rng.py``).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from typing import Any, ClassVar, Generic, Literal

from pydantic import BaseModel, TypeAdapter, ValidationError, create_model

from .copying import IMMUTABLE, LENT, clone, clone_except, copy_plain
from .errors import IllegalAction
from .log import visible
from .outcome import BreakdownT, Outcome
from .rng import SEED_FORMAT, seed_state


class ActionModel(BaseModel):
    """Base of every action model: unknown fields are refused, not ignored."""

    model_config = {"extra": "forbid"}


class NoOptions(BaseModel):
    """Options of a game that has none."""

    model_config = {"extra": "forbid"}


def first_problem(err: ValidationError) -> tuple[str, str]:
    """Returns where the first pydantic error lies (dotted field names) and what it says."""
    first = err.errors()[0]
    where = ".".join(str(p) for p in first.get("loc", ()) if not isinstance(p, int))
    return where, first.get("msg", "invalid")


def readable(err: ValidationError) -> str:
    """Turns a pydantic error into one sentence a player can read."""
    where, problem = first_problem(err)
    return f"Malformed action: {where + ': ' if where else ''}{problem}"


def plain_action(kind: str, doc: str) -> type[ActionModel]:
    """Returns the model of an action with no parameters (``{"type": kind}``).

    >>> plain_action("pass", "Pass.").model_validate({"type": "pass"}).model_dump()
    {'type': 'pass'}
    """
    name = "".join(part.title() for part in kind.split("_"))
    model = create_model(name, __base__=ActionModel, __doc__=doc, type=(Literal[kind], kind))  # type: ignore[arg-type]
    return model


class Game(Generic[BreakdownT]):
    """Base class of every game; subclasses declare facts and implement the hooks.

    The type parameter is the game's per-seat breakdown in its outcome
    (``class Goa(Game[Breakdown])``); a bare ``Game`` stands for any game.
    """

    id: ClassVar[str] = ""
    title: ClassVar[str] = ""
    min_players: ClassVar[int] = 1
    max_players: ClassVar[int] = 1
    options_model: ClassVar[type[BaseModel]] = NoOptions
    #: pydantic models of every action, each with a ``type: Literal[...]`` field.
    action_models: ClassVar[tuple[type[BaseModel], ...]] = ()
    #: True lets ``apply`` skip the "is it in ``legal_actions``" check. Only for a game
    #: whose action space is too large to list, which must then say why here.
    open_action_space: ClassVar[bool] = False
    #: The shape of this game's state. Bump it when a change of the engine makes stored
    #: states unreadable: the service then rebuilds every running match's state by
    #: replaying its actions (the action list is the truth, the state a cache).
    state_format: ClassVar[int] = 1
    #: Lists of the state whose items are never changed once appended: ``apply`` gives the
    #: new state new lists of the same items instead of copying them (see :func:`clone`).
    shared: ClassVar[tuple[str, ...]] = ("log",)
    #: Keys of the state that ``play`` only ever replaces (``state["grid"] = [...]``), never
    #: changes in place: ``apply`` hands the new state the old value itself.
    replaced: ClassVar[tuple[str, ...]] = ()
    #: Lists of records of which an action changes few (the players): ``apply`` gives the new
    #: state a new list of the same records, and ``play`` takes a record with :func:`own`
    #: before changing it, which copies it the first time.
    lent: ClassVar[tuple[str, ...]] = ()
    #: Lists and dicts of the state that hold only strings, numbers and ``None`` (a deck, a
    #: turn's flags): a shallow copy of them is a deep one.
    flat: ClassVar[tuple[str, ...]] = ()
    #: True when the web client shows every log key of this game in every language (its
    #: table ``static/js/games/<id>/log_strings.json``): socket frames then carry each line
    #: as key and args only, without its English ``text`` (a third of a patch's log bytes).
    log_keys_on_client: ClassVar[bool] = False
    #: The words of each log key by language, for a game that has no table beside the
    #: client (a test fixture); the four games' words are in their tables.
    log_words: ClassVar[dict[str, dict[str, str]] | None] = None
    #: Action types that only build the acting seat's secret draft (Go Goa's path, hex by
    #: hex): such an action changes what that seat alone sees -- never who acts, another
    #: seat's or the public view, the log, nor the random stream. The service keeps a seat's
    #: draft actions apart from the match's public versions and stores them with the seat's
    #: next other action (its submit), so nobody else can count them (the conformance suite
    #: checks the promise).
    draft_actions: ClassVar[frozenset[str]] = frozenset()

    def __init__(self) -> None:
        self._by_type = {m.model_fields["type"].default: m for m in self.action_models}
        # How copy_for copies each key it need not deep-copy (see shared, replaced, lent, flat).
        self._shared_lists = tuple(name for name in self.shared if "." not in name)
        self._nested_paths = [name.split(".") for name in self.shared if "." in name]
        self._how = {
            **{k: "flat" for k in self.flat},
            **{k: "lent" for k in self.lent},
            **{k: "as_is" for k in (*self.replaced, *self._shared_lists)},
        }
        self._defaults = {
            kind: {name: f.default for name, f in m.model_fields.items() if not f.is_required()}
            for kind, m in self._by_type.items()
        }

    # ---- the engine contract (docs/design.md) -------------------------------------------------

    def setup(
        self, num_players: int, seed: int, options: dict | None = None, *, seed_format: int = SEED_FORMAT
    ) -> dict:
        """Returns a new game state; all randomness comes from ``seed``.

        ``seed_format`` says how the seed becomes the generator's state (``rng.SEED_FORMAT``):
        a stored match passes the format it was dealt with, so it replays as it was played.
        Raises ``ValueError`` for a player count out of range or bad options.
        """
        if not isinstance(num_players, int) or not self.min_players <= num_players <= self.max_players:
            raise ValueError(f"{self.title} takes {self.min_players} to {self.max_players} players, not {num_players}")
        try:
            opts = self.options_model.model_validate(options or {})
        except ValidationError as err:
            raise ValueError(f"Bad options: {readable(err)[len('Malformed action: ') :]}") from None
        state: dict[str, Any] = {
            "rng": seed_state(seed, seed_format),
            "log": [],
            "num_players": num_players,
            "format": self.state_format,
        }
        self.new_state(state, num_players, opts.model_dump())
        return state

    def is_current(self, state: dict) -> bool:
        """Tells whether a stored state has this engine's shape (else rebuild it by replay).

        States made before formats were stamped count as format 0.
        """
        return state.get("format", 0) == self.state_format

    def to_act(self, state: dict) -> set[int]:
        """Returns the seats that may act now; several = a simultaneous step; empty = over."""
        if state.get("over"):
            return set()
        return set(self.seats_to_act(state))

    def legal_actions(self, state: dict, seat: int) -> list[dict]:
        """Returns every legal next action of ``seat`` (empty if it may not act)."""
        if seat not in self.to_act(state):
            return []
        return [self._fill(a) for a in self.legal(state, seat)]

    def apply(self, state: dict, seat: int, action: dict, legal: list[dict] | None = None) -> dict:
        """Returns the state after ``seat`` plays ``action``; the input is never changed.

        Raises ``IllegalAction`` with a readable reason when the action is
        malformed or not one of ``legal_actions`` now (compared in normal form).
        A caller that has just listed ``legal_actions(state, seat)`` may pass them
        as ``legal`` so they are not listed twice.
        """
        if legal is not None and any(action is a for a in legal):
            # Picked from the list just made for this seat: the game goes on, the seat may
            # act, the action is legal and in normal form already. The copy is play's own.
            parsed = {k: v if type(v) in IMMUTABLE else copy_plain(v) for k, v in action.items()}
            checked = True
        else:
            if state.get("over"):
                raise IllegalAction("The game is over.", "core.err.over")
            if seat not in self.to_act(state):
                raise IllegalAction("It is not your turn.", "core.err.not_your_turn")
            parsed, checked = self.normalize_action(action), self.open_action_space
        if not checked and parsed not in (legal or self.legal_actions(state, seat)):
            # The game's own checks say best why (e.g. "A bid must be higher than 3");
            # the generic reason covers a move they would have let through, or choke on.
            try:
                self.play(clone(state, self.shared), seat, parsed)
            except IllegalAction:
                raise
            except Exception:  # noqa: BLE001 - the move is refused either way
                pass
            raise IllegalAction("That move is not allowed now.", "core.err.not_legal", {"type": parsed["type"]})
        new = self.copy_for(state, seat, parsed)
        try:
            self.play(new, seat, parsed)
        finally:
            new.pop(LENT, None)
        return new

    def is_draft(self, action: dict) -> bool:
        """Tells whether a (normalised) action only builds its seat's secret draft (``draft_actions``)."""
        return action.get("type") in self.draft_actions

    def apply_all(self, state: dict, seat: int, actions: Iterable[dict]) -> dict:
        """Returns the state after ``seat`` plays each of ``actions`` in turn (a draft, then its submit)."""
        for action in actions:
            state = self.apply(state, seat, action)
        return state

    def copy_for(self, state: dict, seat: int, action: dict) -> dict:
        """Returns the copy of ``state`` that ``play`` may change for this action.

        Deep where the action may write (the keys ``changes`` names, or the whole state),
        shared elsewhere: the input is never changed either way. The ``shared`` lists
        (the log) always get new lists, so any action may append to them. Cheaper where the
        game says how its keys change: numbers, strings and ``replaced`` keys are shared,
        ``flat`` ones copied one level, ``lent`` lists' records copied when ``own`` takes them.
        """
        named = self.changes(state, seat, action)
        keys: Collection[str] = state.keys() if named is None else named
        new = dict(state)
        for k in self._shared_lists:
            if type(state.get(k)) is list:
                new[k] = list(state[k])
        how, lent = self._how, set[tuple[str, int]]()
        # Numbers, strings and None need no copy; the declared keys are copied below.
        deep = {k: state[k] for k in keys if k not in how and k in state and type(state[k]) not in IMMUTABLE}
        for k in self.flat:
            if k in keys and type(state.get(k)) in (list, dict):
                new[k] = state[k].copy()
        for k in self.lent:
            if k in keys and type(state.get(k)) is list:
                new[k] = list(state[k])
                lent.update((k, i) for i in range(len(state[k])))
        if deep:
            new.update(clone_except(deep, [p for p in self._nested_paths if p[0] in deep]))
        if lent:
            new[LENT] = lent
        return new

    def view(self, state: dict, seat: int | None) -> dict:
        """Returns what ``seat`` may see (``None`` = spectator), JSON-ready.

        Adds the shared fields every client relies on: ``to_act``, ``legal``
        (this seat's next actions), ``log`` (lines it may read) and ``over``.
        """
        out = self.seat_view(state, seat)
        out["to_act"] = sorted(self.to_act(state))
        out["legal"] = self.legal_actions(state, seat) if seat is not None else []
        out["over"] = bool(state.get("over"))
        if out["over"]:
            out["outcome"] = self.outcome(state)
        return out

    def outcome(self, state: dict) -> Outcome[BreakdownT] | None:
        """Returns ``None`` until the game is over, then scores, ranking and breakdown."""
        if not state.get("over"):
            return None
        return self.final_scores(state)

    def log_lines(self, state: dict, seat: int | None, start: int = 0) -> list[dict]:
        """Returns the log lines ``seat`` may read from index ``start`` on, each with its ``n``.

        Each is a key and its args; their words are in the game's table (``app/wording.py``).
        """
        return visible(state, seat, start)

    def log_length(self, state: dict) -> int:
        """Returns how many lines the whole log holds (public and private)."""
        return len(state.get("log", ()))

    def normalize_action(self, action: Any) -> dict:
        """Returns the one canonical form of an action: parsed, every default filled.

        The service stores and compares this form, so ``{"type": "step"}`` and the
        same action with its defaults spelled out are one move; ``apply`` compares
        it with ``legal_actions`` (which the core brings to the same form).
        Raises ``IllegalAction`` for a malformed action.
        """
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise IllegalAction("Malformed action: an object with a 'type' is expected.", "core.err.no_type")
        model = self._by_type.get(action["type"])
        if model is None:
            raise IllegalAction(
                f"Unknown action type '{action['type']}' in {self.title}.",
                "core.err.unknown_type",
                {"type": action["type"], "game": self.title},
            )
        try:
            return model.model_validate(action).model_dump()
        except ValidationError as err:
            where, problem = first_problem(err)
            raise IllegalAction(readable(err), "core.err.malformed", {"where": where, "problem": problem}) from None

    def _fill(self, action: dict) -> dict:
        """Returns a legal action the game listed, with its model's defaults spelled out (cheap)."""
        return {**self._defaults[action["type"]], **action}

    def action_schema(self) -> dict:
        """Returns the JSON schema of every action (for OpenAPI and docs)."""
        if not self.action_models:
            return {}
        from typing import Union

        # The union is built at run time from a tuple of models: `X | Y` has no spelling for
        # that, and mypy cannot check a type made from a value.
        return TypeAdapter(Union[tuple(self.action_models)]).json_schema()  # type: ignore[arg-type]  # noqa: UP007

    def describe(self) -> dict:
        """Returns the static facts the lobby shows."""
        return {
            "id": self.id,
            "title": self.title,
            "min_players": self.min_players,
            "max_players": self.max_players,
            "options": self.options_model.model_json_schema(),
        }

    # ---- hooks a game implements ---------------------------------------------------

    def changes(self, state: dict, seat: int, action: dict) -> tuple[str, ...] | None:
        """Returns the keys of the state that ``play`` may change for this action (``None``: any).

        A game may name them for its frequent small actions, so ``apply`` copies only
        those; every other key of the new state is the old state's own object, which
        ``play`` must then leave alone (the conformance tests check that inputs never change).
        """
        return None

    def new_state(self, state: dict, num_players: int, options: dict) -> None:
        """Fills a fresh ``state`` (which already holds ``rng``, ``log`` and ``num_players``)."""
        raise NotImplementedError

    def seats_to_act(self, state: dict) -> set[int] | list[int]:
        """Returns the seats that may act in a game that is not over."""
        raise NotImplementedError

    def legal(self, state: dict, seat: int) -> list[dict]:
        """Returns the legal next actions of a seat that may act."""
        raise NotImplementedError

    def play(self, state: dict, seat: int, action: dict) -> None:
        """Applies a parsed action to ``state`` (a private copy: mutate freely).

        Raises ``IllegalAction`` for a rule broken. Sets ``state["over"] = True``
        when the game ends.
        """
        raise NotImplementedError

    def seat_view(self, state: dict, seat: int | None) -> dict:
        """Returns what ``seat`` may see, without the shared fields ``view`` adds."""
        raise NotImplementedError

    def final_scores(self, state: dict) -> Outcome[BreakdownT]:
        """Returns the outcome of a finished game: scores, placings (see ``rank``) and breakdown."""
        raise NotImplementedError
