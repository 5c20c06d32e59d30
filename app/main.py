"""Builds the app: settings → database → hub → matches → bots, and the route table."""

from __future__ import annotations

from contextlib import asynccontextmanager
from datetime import timedelta

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles

import engines
from app.errors import ServiceError
from app.events import SignedOut
from app.identity.devices import Devices
from app.identity.passkeys import Passkeys
from app.identity.players import Players
from app.identity.sweep import sweeper
from app.notices.push import Push, load_keys
from app.notices.rows import NoticeRows
from app.notices.turns import Notices
from app.ops.canonical import CanonicalHost
from app.ops.headers import SecurityHeaders
from app.ops.inputs import InputGate
from app.ops.limits import Limited, Limits
from app.ops.links import ForwardedHeaders
from app.ops.logs import setup_logging
from app.ops.settings import Settings
from app.play.clock import ClockRules
from app.play.extra_games import register_extra_games
from app.play.hub import Hub
from app.play.matches import MatchService
from app.play.pghub import PostgresHub, asyncpg_dsn
from app.play.socket import SocketRoute, SocketsFirst
from app.records import ratings
from app.routes import (
    admin,
    away,
    cancel,
    chat,
    docs,
    history,
    lobby,
    me,
    pages,
    passkeys,
    play,
    push,
    records,
    rematch,
    resign,
)
from app.routes.pages import STATIC
from app.store.db import make_engine, migrate_async
from app.table.bots import BotRunner
from app.table.chat import Chat
from app.table.clocks import Clocks
from app.table.expiry import LobbyExpiry
from app.table.lobby import Lobby
from app.table.mine import my_matches
from app.table.rematch import Rematches
from app.table.replay import rebuild_stale_states
from app.table.thinking import Thinkers
from app.table.viewer import Replays


def openapi_with_actions(app: FastAPI) -> dict:
    """Returns the OpenAPI document with every action of every game as a named schema."""
    if app.openapi_schema:
        return app.openapi_schema
    from fastapi.openapi.utils import get_openapi

    doc = get_openapi(title=app.title, version=app.version, summary=app.summary, routes=app.routes)
    schemas = doc.setdefault("components", {}).setdefault("schemas", {})
    # The games are known only once the app is built (tests add their fixture game).
    for body in ("NewMatch", "AdminNewMatch"):
        if "game" in schemas.get(body, {}).get("properties", {}):
            schemas[body]["properties"]["game"]["enum"] = sorted(engines.GAMES)
    for game in engines.GAMES.values():
        for model in game.action_models:
            name = f"{game.id}.{model.__name__}"
            schema = model.model_json_schema(ref_template=f"#/components/schemas/{game.id}.{{model}}")
            for sub, sub_schema in schema.pop("$defs", {}).items():
                schemas[f"{game.id}.{sub}"] = sub_schema
            schemas[name] = {**schema, "description": f"{game.title}: {(model.__doc__ or name).strip()}"}
    app.openapi_schema = doc
    return doc


def sentence(err: RequestValidationError) -> str:
    """Returns one readable sentence for the first problem of a refused request."""
    first = err.errors()[0] if err.errors() else {}
    loc = [str(p) for p in first.get("loc", ())]
    where = ".".join(loc[1:] if loc and loc[0] in ("body", "query", "path", "header") else loc)
    kind = str(first.get("type"))
    if loc == ["body"] and kind == "missing":
        return "This request needs a JSON body."
    what = {"missing": "this field is required", "extra_forbidden": "unknown field, not accepted here"}.get(
        kind, str(first.get("msg", "malformed request"))
    )
    text = f"{where}: {what}" if where else what[:1].upper() + what[1:]
    return text if text.endswith(".") else text + "."


def create_app(settings: Settings | None = None, migrate: bool = True) -> FastAPI:
    settings = settings or Settings.from_env()
    setup_logging(settings.log_level)
    register_extra_games(settings.extra_games)

    @asynccontextmanager
    async def lifespan(app: FastAPI):
        if migrate:
            await migrate_async(settings.database_url)
        db = make_engine(settings.database_url)

        async def load(match_id: str):
            match, seats = await service.get(match_id)
            return match.v, match.state, service.summary(match, seats)

        hub = PostgresHub(load, asyncpg_dsn(settings.database_url)) if settings.is_postgres else Hub(load)
        # What a move writes besides itself (turn notices, clocks, ratings) is handed to the service here.
        notice_rows = NoticeRows(timedelta(seconds=settings.notice_delay))
        service = MatchService(
            db,
            hub.publish,
            one_writer=not settings.is_postgres,
            clocks=ClockRules(settings.clock_scale),
            on_turn=notice_rows.queue,
            on_finish=ratings.finished,
        )
        # A signed-out device's sockets close on every worker: the hub carries its id.
        devices = Devices(service.sessions, lambda device_id: hub.publish(SignedOut(device_id)))
        thinkers = Thinkers(settings.bot_workers, settings.bot_budget_ms, settings.extra_games)
        bots = BotRunner(service, settings.bot_delay, thinkers)
        hub.listeners.append(bots.on_event)
        hub.seat_watchers.append(bots.forget)  # a seat made away on another worker
        await hub.start()
        app.state.settings, app.state.hub, app.state.service, app.state.bots = settings, hub, service, bots
        app.state.devices = devices
        app.state.players = Players(service.sessions, service.tell)
        app.state.lobby = Lobby(service)
        app.state.replays = Replays(service)
        app.state.chat = Chat(service, hub.publish, app.state.limits)
        hub.chat_frame = app.state.chat.frame

        async def load_drafts(match_id: str):
            return {seat: draft.own() for seat, draft in (await service.drafts(match_id)).items()}

        hub.drafts_loader = load_drafts
        app.state.passkeys = Passkeys(service.sessions)

        async def waiting(player_id: str) -> int:
            return len((await my_matches(service, player_id))["turn"])

        push_keys = await load_keys(service.sessions, settings)
        notices = app.state.notices = Notices(service, settings, push=Push(settings, *push_keys), waiting=waiting)
        notices.start()
        app.state.rematches = Rematches(service, notices.offer)
        lobbies = LobbyExpiry(service, settings)
        lobbies.rounds.start()
        leftovers = sweeper(service.sessions)
        leftovers.start()
        clocks = app.state.clocks = Clocks(service, settings)
        clocks.start_sweeper()
        await rebuild_stale_states(service)
        await bots.resume()
        try:
            yield
        finally:
            await lobbies.rounds.stop()
            await leftovers.stop()
            await clocks.stop_sweeper()
            await notices.stop()
            await bots.stop()
            await hub.stop()
            await service.close()
            await db.dispose()

    # FastAPI, with a match's socket going straight to the middlewares and its session (app/play/socket.py).
    app = SocketsFirst(
        title="Caravela",
        summary="Play Goa and Go Goa with friends in the browser (Navegador and Coimbra are coming).",
        description="Lobby, seats and bots over REST; live play over `WS /ws/matches/{id}` (docs/protocol.md). "
        "Every action of every game is listed under its game's id in the schemas.",
        version="0.1.0",
        lifespan=lifespan,
        # Served from this server's own files instead (app/routes/docs.py): offline, strict policy.
        docs_url=None,
        redoc_url=None,
    )
    app.state.settings = settings
    app.state.limits = Limits(settings.limits)

    @app.exception_handler(ServiceError)
    async def service_error(_request: Request, err: ServiceError) -> JSONResponse:
        # ``key``/``args`` let a client say the refusal in its reader's language, as on the socket.
        body: dict = {"detail": str(err.reason)}
        if err.key:
            body.update(key=err.key, args=err.args_)
        headers = {"retry-after": str(err.retry_after)} if isinstance(err, Limited) else None
        return JSONResponse(body, status_code=err.status, headers=headers)

    @app.exception_handler(RequestValidationError)
    async def bad_request(_request: Request, err: RequestValidationError) -> JSONResponse:
        # Only the JSON-safe parts: the raw errors hold the input (bytes, NaN) and exceptions.
        errors = [
            {"loc": [str(p) for p in e.get("loc", ())], "type": str(e.get("type")), "msg": str(e.get("msg"))}
            for e in err.errors()
        ]
        return JSONResponse({"detail": sentence(err), "errors": errors}, status_code=422)

    for router in (
        lobby.router,
        play.router,
        history.router,
        records.router,
        cancel.router,
        resign.router,
        rematch.router,
        chat.router,
        chat.admin_router,
        away.router,
        admin.router,
        me.router,
        push.router,
        passkeys.router,
        pages.router,
        docs.router,
    ):
        app.include_router(router)
    app.openapi = lambda: openapi_with_actions(app)  # type: ignore[method-assign]  # FastAPI's documented hook
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    app.mount("/docs/files", docs.files(), name="docs-files")
    # Innermost: live play's sockets go straight to their session (app/play/socket.py), past routing.
    app.add_middleware(SocketRoute)
    app.add_middleware(InputGate)
    app.add_middleware(SecurityHeaders)
    if settings.canonical_host:
        app.add_middleware(CanonicalHost, host=settings.canonical_host)
    # Outermost: every layer below sees the request as the browser made it (app/ops/links.py).
    app.add_middleware(ForwardedHeaders, allowed=settings.forwarded_allow_ips)
    return app
