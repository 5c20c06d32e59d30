"""The API reference (``/docs``, ``/redoc``) served whole from this server, so it works offline.

FastAPI's own pages load Swagger UI and ReDoc from a CDN and start them with an inline
script, which needed a looser Content-Security-Policy and a network. Here the viewers'
files come from the ``fastapi-offline`` package (which ships and updates them), under
``/docs/files/``, and each page starts its viewer from a small script file of ours
(``static/js/docs/``), so the pages keep the strict policy: scripts from this server only.
ReDoc's bundle is served with its one remote image (a logo in the "API docs by Redocly" link)
pointed at nothing, which the bundle already handles by leaving the logo out: a page that asked
a CDN would break the policy and say so on every visit.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import fastapi_offline
from fastapi import APIRouter
from fastapi.responses import HTMLResponse, Response
from fastapi.staticfiles import StaticFiles

#: Swagger UI's and ReDoc's files, as the package ships them.
FILES = Path(fastapi_offline.__file__).resolve().parent / "static"

#: The one address ReDoc's bundle would load from elsewhere, and what it reads instead: an empty
#: resource, so the image fails quietly and the bundle drops it.
REDOC_LOGO = "https://cdn.redoc.ly/redoc/logo-mini.svg"
NO_IMAGE = "data:,"

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


@cache
def redoc_bundle() -> bytes:
    """ReDoc's bundle with its remote logo left out.

    >>> REDOC_LOGO.encode() in redoc_bundle(), b"Redoc" in redoc_bundle()
    (False, True)
    """
    return (FILES / "redoc.standalone.js").read_bytes().replace(REDOC_LOGO.encode(), NO_IMAGE.encode())


# Registered before the files are mounted at /docs/files, so this one file is answered here.
@router.get("/docs/files/redoc.standalone.js")
async def redoc_script() -> Response:
    return Response(redoc_bundle(), media_type="text/javascript", headers={"Cache-Control": "public, max-age=86400"})
