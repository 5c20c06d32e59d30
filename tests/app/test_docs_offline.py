"""/docs and /redoc work offline: every file from this server, under the strict policy."""

from __future__ import annotations

import re

import httpx
import pytest

from app.ops.headers import PAGE_POLICY

URL = re.compile(r"""(?:src|href)=["']([^"']+)["']""")


@pytest.mark.parametrize("path", ["/docs", "/redoc"])
def test_the_api_reference_names_no_other_site_and_loads_from_here(sqlite_server, path):
    page = httpx.get(sqlite_server.base + path)
    assert page.status_code == 200
    assert "http://" not in page.text and "https://" not in page.text and "//" not in page.text.replace("://", "")
    assert "<script>" not in page.text  # no inline script: the policy allows none
    urls = URL.findall(page.text)
    assert any(u.endswith(".js") for u in urls)
    for url in urls:
        assert url.startswith("/"), url
        assert httpx.get(sqlite_server.base + url).status_code == 200, url
    policy = page.headers["content-security-policy"]
    assert policy.startswith(PAGE_POLICY) and "cdn" not in policy and "https:" not in policy
    script = policy.split("script-src")[1].split(";")[0]
    assert script.strip() == "'self'"


def test_the_viewers_ship_no_other_sites_script(sqlite_server):
    """The bundle the page loads is this server's file (no loader that fetches the rest from a CDN)."""
    bundle = httpx.get(sqlite_server.base + "/docs/files/swagger-ui-bundle.js")
    assert bundle.status_code == 200 and len(bundle.content) > 500_000
    assert "cdn.jsdelivr.net" not in bundle.text
