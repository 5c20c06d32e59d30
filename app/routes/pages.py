"""The HTML pages and the health check."""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter, Request
from fastapi.responses import FileResponse, JSONResponse
from sqlalchemy import text

# Beside the package (a link in the source tree, real files once installed): see pyproject.toml.
STATIC = (Path(__file__).resolve().parent.parent / "static").resolve()

router = APIRouter(include_in_schema=False)


#: Pages are checked again on every visit (a cheap 304): a browser never shows one from its
#: cache, so an upgraded server is seen at once and, without a network, the service
#: worker's offline page shows instead of a stale copy.
PAGE_HEADERS = {"Cache-Control": "no-cache"}


@router.get("/")
async def lobby_page() -> FileResponse:
    return FileResponse(STATIC / "index.html", headers=PAGE_HEADERS)


@router.get("/m/{match_id}")
async def match_page(match_id: str) -> FileResponse:
    # The page itself carries no secret; it reads the match id from its own URL.
    return FileResponse(STATIC / "match.html", headers=PAGE_HEADERS)


@router.get("/m/{match_id}/table")
async def table_page(match_id: str) -> FileResponse:
    # The table screen (a TV): the match as a spectator sees it, laid out to be read across a
    # room. Like the match page it carries nothing and reads the match id from its own URL.
    return FileResponse(STATIC / "table.html", headers=PAGE_HEADERS)


@router.get("/manifest.webmanifest")
async def manifest() -> FileResponse:
    # At the root, so the installed app's scope and start page are the whole site.
    return FileResponse(STATIC / "manifest.webmanifest", media_type="application/manifest+json")


@router.get("/sw.js")
async def service_worker() -> FileResponse:
    # At the root: a service worker controls only pages under its own path. Always checked
    # again (no-cache), so a new version of the app replaces the old worker at once.
    return FileResponse(STATIC / "sw.js", media_type="text/javascript", headers=PAGE_HEADERS)


@router.get("/p/{rater}")
async def player_page(rater: str) -> FileResponse:
    # A player's ratings and record (or a bot level's, ``bot:normal``), read by the page itself.
    return FileResponse(STATIC / "player.html")


@router.get("/leaderboard")
async def leaderboard_page() -> FileResponse:
    return FileResponse(STATIC / "leaderboard.html")


@router.get("/favicon.ico")
async def favicon() -> FileResponse:
    # Pages carry their icon inline; browsers still ask here for anything else they show
    # (a JSON answer, a stylesheet opened on its own), so answer rather than log a 404.
    return FileResponse(STATIC / "favicon.svg", media_type="image/svg+xml")


@router.get("/healthz", include_in_schema=True, tags=["ops"])
async def healthz(request: Request) -> JSONResponse:
    """Answers 200 while the process serves requests and reaches its database, else 503."""
    try:
        async with request.app.state.service.sessions() as s:
            await s.execute(text("SELECT 1"))
    except Exception as err:  # noqa: BLE001 - any failure means "not healthy"
        return JSONResponse({"status": "unhealthy", "database": err.__class__.__name__}, status_code=503)
    return JSONResponse({"status": "ok", "database": "ok"})
