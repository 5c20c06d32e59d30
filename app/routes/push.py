"""Web Push for the page: the server's public key, and this device's push subscription."""

from __future__ import annotations

from typing import Literal

from fastapi import APIRouter, Request, Response
from pydantic import BaseModel, Field
from sqlalchemy import delete, update

from app import messages as msg
from app.errors import ServiceError
from app.notices.push import check_subscription
from app.notices.targets import TargetRefused, resolve
from app.ops.links import public_base
from app.routes.deps import DeviceDep, ServiceDep
from app.routes.schemas import Body
from app.store.models import Player, PushSubscription

router = APIRouter(prefix="/api", tags=["me"])


class PushKey(BaseModel):
    public_key: str = Field(description="The server's VAPID public key, base64url (the applicationServerKey).")


class PushKeys(Body):
    p256dh: str = Field(min_length=80, max_length=120, description="The browser's P-256 public key, base64url.")
    auth: str = Field(min_length=16, max_length=32, description="The browser's 16-byte auth secret, base64url.")


class NewSubscription(Body):
    """A browser's ``PushSubscription.toJSON()``, plus the language its notices should speak."""

    endpoint: str = Field(min_length=10, max_length=1000)
    keys: PushKeys
    expirationTime: float | None = None  # noqa: N815 - the browser's own field name
    lang: Literal["en", "ru"] = "en"


class SubscriptionOut(BaseModel):
    endpoint: str
    lang: str


class OldSubscription(Body):
    endpoint: str = Field(min_length=10, max_length=1000)


@router.get("/push/key", response_model=PushKey)
async def push_key(request: Request) -> dict:
    """Returns the key a browser subscribes to this server's pushes with."""
    return {"public_key": request.app.state.notices.push.public_key}


@router.post("/me/push", response_model=SubscriptionOut, status_code=201)
async def subscribe(body: NewSubscription, request: Request, me: DeviceDep, service: ServiceDep) -> dict:
    """Sends your turn notices to this device's browser too (its push subscription).

    A subscription already stored (the same endpoint) now belongs to this device and player.
    """
    player, device = me
    try:
        check_subscription(body.endpoint, body.keys.p256dh, body.keys.auth)
    except ValueError:
        raise ServiceError(422, msg.BAD_PUSH) from None
    if not request.app.state.settings.push_private:
        try:
            await resolve(body.endpoint)
        except TargetRefused:
            raise ServiceError(422, msg.PRIVATE_PUSH) from None
    async with service.sessions.begin() as s:
        await s.execute(delete(PushSubscription).where(PushSubscription.endpoint == body.endpoint))
        s.add(
            PushSubscription(
                player_id=player.id,
                device_id=device.id,
                endpoint=body.endpoint,
                p256dh=body.keys.p256dh,
                auth=body.keys.auth,
                lang=body.lang,
            )
        )
        # Links in notices lead back to the address this page was opened at.
        await s.execute(update(Player).where(Player.id == player.id).values(site_url=public_base(request)))
    return {"endpoint": body.endpoint, "lang": body.lang}


@router.delete("/me/push", status_code=204)
async def unsubscribe(body: OldSubscription, me: DeviceDep, service: ServiceDep) -> Response:
    """Stops sending your notices to this push subscription (nothing happens if it is not yours)."""
    async with service.sessions.begin() as s:
        await s.execute(
            delete(PushSubscription).where(
                PushSubscription.endpoint == body.endpoint, PushSubscription.player_id == me[0].id
            )
        )
    return Response(status_code=204)
