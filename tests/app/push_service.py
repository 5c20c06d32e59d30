"""A push service for the tests: it plays the browser's vendor (FCM, Mozilla, Apple).

It hands out subscriptions as a browser would (an endpoint on this server, a fresh P-256 key
pair and auth secret), and for each POST checks what a real push service checks — the VAPID
token (RFC 8292: ES256 signed by the key in ``k``, ``aud`` = the endpoint's origin, ``exp``
within 24 hours) — then decrypts the body (RFC 8291, ``aes128gcm``) with the subscription's
private key, as the browser would. Anything wrong is kept in ``problems`` and answered 400.
"""

from __future__ import annotations

import base64
import json
import os
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import http_ece
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature


def b64(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


@dataclass
class Browser:
    """One subscription's secret half: what only the browser holds."""

    key: ec.EllipticCurvePrivateKey
    auth: bytes
    answers: list[int] = field(default_factory=list)  # answered first, then 201


def check_vapid(header: str, origin: str) -> tuple[str, dict]:
    """Returns the VAPID key and claims of an Authorization header, or raises AssertionError."""
    scheme, _, params = header.partition(" ")
    assert scheme.lower() == "vapid", f"not a VAPID header: {header[:20]}"
    parts = dict(p.strip().split("=", 1) for p in params.split(","))
    token, key = parts["t"], parts["k"]
    head, claims, signature = token.split(".")
    assert json.loads(unb64(head)) == {"typ": "JWT", "alg": "ES256"}
    public = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), unb64(key))
    raw = unb64(signature)
    assert len(raw) == 64, "an ES256 JWT signature is r and s, 32 bytes each"
    der = encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big"))
    try:
        public.verify(der, f"{head}.{claims}".encode(), ec.ECDSA(hashes.SHA256()))
    except InvalidSignature:
        raise AssertionError("the VAPID signature does not verify") from None
    said = json.loads(unb64(claims))
    assert said["aud"] == origin, f"aud {said['aud']} is not the endpoint's origin {origin}"
    assert time.time() < said["exp"] <= time.time() + 24 * 3600, "exp must lie within the next 24 hours"
    assert said.get("sub"), "a contact (sub) is expected"
    return key, said


class PushService:
    """The push service on a free port; ``received[name]`` holds each decrypted payload."""

    def __init__(self):
        self.browsers: dict[str, Browser] = {}
        self.received: dict[str, list[dict]] = {}
        self.problems: list[str] = []
        #: The VAPID key each subscription's pushes were signed with.
        self.signed_by: dict[str, set[str]] = {}
        service = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):  # noqa: N802 - http.server's hook name
                name = self.path.rsplit("/", 1)[-1]
                body = self.rfile.read(int(self.headers.get("content-length", 0)))
                self.send_response(service.take(name, dict(self.headers), body))
                self.end_headers()

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.origin = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def subscribe(self, name: str) -> dict:
        """Returns a new subscription as ``PushSubscription.toJSON()`` gives it."""
        key = ec.generate_private_key(ec.SECP256R1())
        self.browsers[name] = Browser(key, os.urandom(16))
        point = key.public_key().public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
        keys = {"p256dh": b64(point), "auth": b64(self.browsers[name].auth)}
        return {"endpoint": f"{self.origin}/push/{name}", "expirationTime": None, "keys": keys}

    def take(self, name: str, headers: dict, body: bytes) -> int:
        browser = self.browsers.get(name)
        if browser is None:
            return 404
        try:
            key, _claims = check_vapid(headers.get("Authorization", ""), self.origin)
            assert headers.get("Content-Encoding") == "aes128gcm", "RFC 8291 content coding expected"
            assert int(headers.get("TTL", "-1")) >= 0, "a TTL header is required"
            message = json.loads(http_ece.decrypt(body, private_key=browser.key, auth_secret=browser.auth))
        except Exception as err:  # noqa: BLE001 - every failure is the test's to report
            self.problems.append(f"{name}: {err.__class__.__name__}: {err}")
            return 400
        self.signed_by.setdefault(name, set()).add(key)
        status = browser.answers.pop(0) if browser.answers else 201
        if status < 300:
            self.received.setdefault(name, []).append(message)
        return status

    def to(self, name: str) -> list[dict]:
        return self.received.get(name, [])

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()
