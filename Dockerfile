# Caravela: one image for the app; migrations run on start (python -m app).
# Debian trixie: its postgresql-client (17) dumps and restores the compose file's PostgreSQL 16.
FROM python:3.11-slim-trixie

ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 PIP_NO_CACHE_DIR=1 PIP_DISABLE_PIP_VERSION_CHECK=1

# Dependencies first, in their own layer: rebuilt only when the lock file changes,
# and the same versions CI tested (requirements.lock).
COPY requirements.lock /tmp/requirements.lock
RUN pip install -r /tmp/requirements.lock
# pg_dump and pg_restore, for `python -m app backup` / `restore` (docs/hosting.md).
RUN apt-get update && apt-get install -y --no-install-recommends postgresql-client \
    && rm -rf /var/lib/apt/lists/*

# Then the package, which carries static/, migrations/ and alembic.ini inside it
# (app/static etc. are links; the wheel holds the files), so nothing depends on
# the working directory. The sources are removed once installed.
WORKDIR /src
COPY pyproject.toml README.md alembic.ini ./
COPY app ./app
COPY engines ./engines
COPY static ./static
COPY migrations ./migrations
RUN pip install --no-deps . && rm -rf /src

RUN useradd --system --home-dir /data caravela && mkdir -p /data /backups && chown caravela /data /backups
USER caravela
WORKDIR /data

ENV HOST=0.0.0.0 PORT=8000 DATABASE_URL=sqlite:////data/caravela.db
EXPOSE 8000
# Shell form on purpose: $PORT is read when the check runs, so it follows a changed PORT.
HEALTHCHECK --interval=10s --timeout=3s --retries=5 \
  CMD python -c "import urllib.request; urllib.request.urlopen('http://127.0.0.1:${PORT:-8000}/healthz', timeout=2)" || exit 1
CMD ["python", "-m", "app", "serve"]
