"""Passkey routes: add one to your player, list and remove them, and sign in with one."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

from fastapi import APIRouter, Request, Response
from pydantic import BaseModel, Field

from app import messages as msg
from app.errors import ServiceError
from app.identity.devices import device_name
from app.identity.passkeys import Passkeys, passkeys_work_at, relying_party
from app.ops.links import configured_base, is_known_host, origin, public_base
from app.routes.deps import NO_STORE, DeviceDep, per_address
from app.routes.me import SignedInOut
from app.routes.schemas import Body

router = APIRouter(prefix="/api", tags=["passkeys"])


class Challenge(BaseModel):
    challenge_id: str
    options: dict[str, Any] = Field(description="WebAuthn options as JSON (PublicKeyCredential.parse*OptionsFromJSON).")


class Answer(Body):
    challenge_id: str = Field(min_length=1, max_length=32)
    credential: dict[str, Any] = Field(description="As PublicKeyCredential.toJSON() gives it.")


class PasskeyOut(BaseModel):
    id: str
    name: str
    created_at: str
    last_used_at: str | None


class PasskeyList(BaseModel):
    passkeys: list[PasskeyOut]


def passkeys_of(request: Request) -> Passkeys:
    return request.app.state.passkeys


def page_origin(request: Request) -> str:
    """Returns the origin the page was opened at (PUBLIC_URL, else as this request reached us).

    The relying party a passkey is bound to comes from it, so a host this server does not
    know as its own (a rebound name) is refused, after telling an insecure page that first.
    """
    page = origin(public_base(request))
    if not is_known_host(request) and not configured_base(request.app.state.settings):
        relying_party(page)
        raise ServiceError(422, msg.UNKNOWN_HOST.format(host=urlsplit(page).hostname or ""))
    return page


class PasskeysWhere(BaseModel):
    url: str | None = Field(description="Where passkeys work for this page (its own origin if here); null: nowhere.")
    here: bool = Field(description="They work on the page that asked.")


@router.get("/passkeys/where", response_model=PasskeysWhere)
async def passkeys_where(request: Request) -> dict:
    """Says where passkeys work, so a page offers them only where they can (and names the address)."""
    page = page_origin(request)
    url = passkeys_work_at(page, bool(configured_base(request.app.state.settings)))
    return {"url": url, "here": url == page}


@router.get("/me/passkeys", response_model=PasskeyList)
async def list_passkeys(request: Request, me: DeviceDep) -> dict:
    """Lists your passkeys."""
    keys = await passkeys_of(request).list(me[0].id)
    return {
        "passkeys": [
            {
                "id": k.id,
                "name": k.name,
                "created_at": k.created_at.isoformat(),
                "last_used_at": k.last_used_at.isoformat() if k.last_used_at else None,
            }
            for k in keys
        ]
    }


@router.post("/me/passkeys/options", response_model=Challenge, dependencies=[per_address("passkeys")])
async def passkey_options(request: Request, me: DeviceDep) -> dict:
    """Starts adding a passkey: the options for navigator.credentials.create()."""
    return await passkeys_of(request).registration_options(me[0], page_origin(request))


@router.post("/me/passkeys", response_model=PasskeyOut, status_code=201)
async def add_passkey(body: Answer, request: Request, me: DeviceDep) -> dict:
    """Keeps the passkey the browser made; from now on it signs you in on any device that has it."""
    name = device_name(request.headers.get("user-agent"))
    key = await passkeys_of(request).register(me[0], body.challenge_id, body.credential, page_origin(request), name)
    return {"id": key.id, "name": key.name, "created_at": key.created_at.isoformat(), "last_used_at": None}


@router.delete("/me/passkeys/{passkey_id}", status_code=204)
async def remove_passkey(passkey_id: str, request: Request, me: DeviceDep) -> Response:
    """Forgets one of your passkeys: it signs nobody in here any more."""
    await passkeys_of(request).remove(me[0].id, passkey_id)
    return Response(status_code=204)


@router.post("/passkeys/options", response_model=Challenge, dependencies=[per_address("passkeys")])
async def sign_in_options(request: Request) -> dict:
    """Starts a sign-in with a passkey: the options for navigator.credentials.get()."""
    return await passkeys_of(request).sign_in_options(page_origin(request))


@router.post("/passkeys/sign-in", response_model=SignedInOut, status_code=201, dependencies=[NO_STORE])
async def sign_in(body: Answer, request: Request) -> dict:
    """Signs this browser in as the passkey's player: a new device with its own token."""
    player, device, token = await passkeys_of(request).sign_in(
        body.challenge_id, body.credential, page_origin(request), device_name(request.headers.get("user-agent"))
    )
    return {"id": player.id, "name": player.name, "token": token, "device_id": device.id}
