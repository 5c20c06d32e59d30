# Caravela: one image for the app; migrations run on start (python -m app).
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 PIP_NO_CACHE_DIR=1
WORKDIR /srv/caravela

COPY pyproject.toml README.md ./
COPY app ./app
COPY engines ./engines
RUN pip install .

COPY alembic.ini ./
COPY migrations ./migrations
COPY static ./static

RUN useradd --system --home /srv/caravela caravela && mkdir -p /data && chown caravela /data
USER caravela

ENV HOST=0.0.0.0 PORT=8000 DATABASE_URL=sqlite:////data/caravela.db
EXPOSE 8000
HEALTHCHECK --interval=10s --timeout=3s --retries=5 \
  CMD python -c "import urllib.request,sys; urllib.request.urlopen('http://127.0.0.1:8000/healthz', timeout=2)" || exit 1
CMD ["python", "-m", "app", "serve"]
