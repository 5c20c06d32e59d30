"""A software passkey for API tests: makes WebAuthn answers as a browser and authenticator would.

P-256 key, "none" attestation, user present and verified. Only for tests; the browser
tests use Chromium's own virtual authenticator instead.
"""

from __future__ import annotations

import hashlib
import json
import os
import struct

import cbor2
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec
from webauthn.helpers import base64url_to_bytes, bytes_to_base64url

UP, UV, AT = 0x01, 0x04, 0x40


class SoftPasskey:
    """One passkey on one authenticator: a credential id, a key pair and a counter."""

    def __init__(self) -> None:
        self.credential_id = os.urandom(16)
        self.key = ec.generate_private_key(ec.SECP256R1())
        self.count = 0

    def _cose_key(self) -> bytes:
        numbers = self.key.public_key().public_numbers()
        return cbor2.dumps({1: 2, 3: -7, -1: 1, -2: numbers.x.to_bytes(32, "big"), -3: numbers.y.to_bytes(32, "big")})

    @staticmethod
    def _client_data(kind: str, challenge: str, origin: str) -> bytes:
        return json.dumps({"type": kind, "challenge": challenge, "origin": origin, "crossOrigin": False}).encode()

    def create(self, options: dict, origin: str) -> dict:
        """Answers navigator.credentials.create() options as PublicKeyCredential.toJSON() would."""
        rp_hash = hashlib.sha256(options["rp"]["id"].encode()).digest()
        attested = bytes(16) + struct.pack(">H", len(self.credential_id)) + self.credential_id + self._cose_key()
        auth_data = rp_hash + bytes([UP | UV | AT]) + struct.pack(">I", self.count) + attested
        attestation = cbor2.dumps({"fmt": "none", "attStmt": {}, "authData": auth_data})
        cid = bytes_to_base64url(self.credential_id)
        return {
            "id": cid,
            "rawId": cid,
            "type": "public-key",
            "response": {
                "clientDataJSON": bytes_to_base64url(
                    self._client_data("webauthn.create", options["challenge"], origin)
                ),
                "attestationObject": bytes_to_base64url(attestation),
                "transports": ["internal"],
            },
            "clientExtensionResults": {},
        }

    def get(self, options: dict, origin: str, rp_id: str) -> dict:
        """Answers navigator.credentials.get() options: a signature over the challenge."""
        self.count += 1
        auth_data = hashlib.sha256(rp_id.encode()).digest() + bytes([UP | UV]) + struct.pack(">I", self.count)
        client_data = self._client_data("webauthn.get", options["challenge"], origin)
        signature = self.key.sign(auth_data + hashlib.sha256(client_data).digest(), ec.ECDSA(hashes.SHA256()))
        cid = bytes_to_base64url(self.credential_id)
        return {
            "id": cid,
            "rawId": cid,
            "type": "public-key",
            "response": {
                "clientDataJSON": bytes_to_base64url(client_data),
                "authenticatorData": bytes_to_base64url(auth_data),
                "signature": bytes_to_base64url(signature),
                "userHandle": None,
            },
            "clientExtensionResults": {},
        }


def challenge_of(answer: dict) -> bytes:
    """Returns the challenge an answer signed (tests that tamper with answers use it)."""
    data = json.loads(base64url_to_bytes(answer["response"]["clientDataJSON"]))
    return base64url_to_bytes(data["challenge"])
