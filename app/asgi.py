"""The ASGI entry point for uvicorn: ``uvicorn app.asgi:app``."""

import os

from app.main import create_app

app = create_app(migrate=os.environ.get("CARAVELA_SKIP_MIGRATE") != "1")
