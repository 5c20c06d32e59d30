"""The HTML pages and the health check."""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter
from fastapi.responses import FileResponse

STATIC = Path(__file__).resolve().parent.parent.parent / "static"

router = APIRouter(include_in_schema=False)


@router.get("/")
async def lobby_page() -> FileResponse:
    return FileResponse(STATIC / "index.html")


@router.get("/m/{match_id}")
async def match_page(match_id: str) -> FileResponse:
    # The page itself carries no secret; it reads the match id from its own URL.
    return FileResponse(STATIC / "match.html")


@router.get("/healthz", include_in_schema=True, tags=["ops"])
async def healthz() -> dict:
    """Answers 200 while the process serves requests."""
    return {"status": "ok"}
