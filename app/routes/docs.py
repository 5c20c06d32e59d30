"""The API reference (``/docs``, ``/redoc``) served whole from this server, so it works offline.

FastAPI's own pages load Swagger UI and ReDoc from a CDN and start them with an inline
script, which needed a looser Content-Security-Policy and a network. Here the viewers'
files come from the ``fastapi-offline`` package (which ships and updates them), under
``/docs/files/``, and each page starts its viewer from a small script file of ours
(``static/js/docs/``), so the pages keep the strict policy: scripts from this server only.
"""

from __future__ import annotations

from pathlib import Path

import fastapi_offline
from fastapi import APIRouter
from fastapi.responses import HTMLResponse
from fastapi.staticfiles import StaticFiles

#: Swagger UI's and ReDoc's files, as the package ships them.
FILES = Path(fastapi_offline.__file__).resolve().parent / "static"

router = APIRouter(include_in_schema=False)

PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Caravela API: {title}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="/favicon.ico">{css}
</head><body><div id="viewer" data-openapi="/openapi.json"></div>
<script src="/docs/files/{bundle}"></script>
<script src="/static/js/docs/{start}"></script>
</body></html>"""


def files() -> StaticFiles:
    """The viewers' files, mounted at ``/docs/files``."""
    return StaticFiles(directory=FILES)


@router.get("/docs")
async def swagger() -> HTMLResponse:
    css = '\n<link rel="stylesheet" href="/docs/files/swagger-ui.css">'
    return HTMLResponse(PAGE.format(title="Swagger UI", css=css, bundle="swagger-ui-bundle.js", start="swagger.js"))


@router.get("/redoc")
async def redoc() -> HTMLResponse:
    return HTMLResponse(PAGE.format(title="ReDoc", css="", bundle="redoc.standalone.js", start="redoc.js"))
