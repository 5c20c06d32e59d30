"""The player's own routes: my devices, a link for another device, notice settings, my matches."""

from __future__ import annotations

import segno
from fastapi import APIRouter, HTTPException, Query, Request, Response
from fastapi.responses import HTMLResponse
from pydantic import BaseModel, Field
from sqlalchemy import update

from app import messages as msg
from app.errors import ServiceError
from app.identity.devices import device_name
from app.notices.channels import check_webhook_url
from app.notices.targets import TargetRefused, resolve
from app.notices.turns import new_unsubscribe_key
from app.ops.links import absolute, public_base
from app.routes.deps import NO_STORE, DeviceDep, DevicesDep, ServiceDep, per_address
from app.routes.schemas import Body, MatchOut
from app.store.models import Device, Player
from app.table.mine import my_matches

router = APIRouter(prefix="/api", tags=["me"])


class DeviceOut(BaseModel):
    id: str
    name: str
    created_at: str
    last_seen_at: str
    current: bool = Field(description="The device making this request.")


class DeviceList(BaseModel):
    devices: list[DeviceOut]


class LinkOut(BaseModel):
    url: str = Field(description="Opens Caravela signed in as you, once, within 10 minutes. Secret.")
    expires_at: str
    qr: str = Field(description="The same link as a QR code: an SVG image as a data: URI, drawn by the server.")


class Redeem(Body):
    code: str = Field(min_length=20, max_length=100)


class SignedInOut(BaseModel):
    id: str
    name: str
    token: str = Field(description="This device's secret token; it is never shown again.")
    device_id: str


class NoticeSettings(Body):
    email: str | None = Field(
        default=None,
        max_length=254,
        pattern=r"^[^@\s]+@[^@\s]+\.[^@\s]+$",
        description="Turn notices by e-mail (the server needs SMTP_URL); null = none.",
    )
    webhook_url: str | None = Field(
        default=None, max_length=500, description="Turn notices as a JSON POST to this http(s) address; null = none."
    )


class NoticeSettingsOut(BaseModel):
    email: str | None
    webhook_url: str | None
    email_available: bool = Field(description="The server can send e-mail (it has SMTP_URL).")
    delay_seconds: float = Field(description="How long a turn waits, unseen, before its notice goes out.")


class MineEntry(MatchOut):
    my_seat: int
    to_act: list[int]
    last_move_at: str | None


class Mine(BaseModel):
    turn: list[MineEntry] = Field(description="Running matches where it is your turn, the latest move first.")
    waiting: list[MineEntry] = Field(description="Your other open and running matches.")
    finished: list[MineEntry] = Field(description="Your last finished matches, with results.")


def device_out(device: Device, current: Device) -> dict:
    return {
        "id": device.id,
        "name": device.name,
        "created_at": device.created_at.isoformat(),
        "last_seen_at": device.last_seen_at.isoformat(),
        "current": device.id == current.id,
    }


@router.get("/me/devices", response_model=DeviceList)
async def list_devices(me: DeviceDep, devices: DevicesDep) -> dict:
    """Lists the devices signed in as you, the most recently seen first."""
    player, current = me
    return {"devices": [device_out(d, current) for d in await devices.list(player.id)]}


class DeviceName(Body):
    name: str = Field(min_length=1, max_length=40, pattern=r"\S", description="Two browsers alike are told apart.")


@router.patch("/me/devices/{device_id}", response_model=DeviceOut)
async def rename_device(device_id: str, body: DeviceName, me: DeviceDep, devices: DevicesDep) -> dict:
    """Names one of your devices (it starts as its browser and system, e.g. "Chrome on macOS")."""
    return device_out(await devices.rename(me[0].id, device_id, body.name), me[1])


@router.delete("/me/devices/{device_id}", status_code=204)
async def sign_out_device(device_id: str, me: DeviceDep, devices: DevicesDep) -> Response:
    """Signs a device out at once: its token stops working and its open sockets close."""
    await devices.revoke(me[0].id, device_id)
    return Response(status_code=204)


@router.post("/me/link", response_model=LinkOut, status_code=201, dependencies=[NO_STORE])
async def new_link(request: Request, me: DeviceDep, devices: DevicesDep) -> dict:
    """Makes a one-time link (and its QR code) that signs another device in as you."""
    code, expires = await devices.new_link(me[0].id)
    # In the fragment: a browser never sends it to a server, so no access log keeps it.
    url = absolute(request, f"/#link={code}")
    return {"url": url, "expires_at": expires.isoformat(), "qr": segno.make(url, error="m").svg_data_uri(scale=4)}


@router.post("/devices", response_model=SignedInOut, status_code=201, dependencies=[NO_STORE, per_address("links")])
async def redeem_link(body: Redeem, request: Request, devices: DevicesDep) -> dict:
    """Spends a one-time link: this browser becomes a new device of the link's player."""
    player, device, token = await devices.redeem(body.code, device_name(request.headers.get("user-agent")))
    return {"id": player.id, "name": player.name, "token": token, "device_id": device.id}


@router.get("/me/matches", response_model=Mine)
async def mine(me: DeviceDep, service: ServiceDep) -> dict:
    """Your matches: where it is your turn, where you wait, and the last finished ones."""
    return await my_matches(service, me[0].id)


def notice_settings(request: Request, player: Player) -> dict:
    notices = request.app.state.notices
    return {
        "email": player.email,
        "webhook_url": player.webhook_url,
        "email_available": notices.channels.email_on,
        "delay_seconds": notices.delay.total_seconds(),
    }


@router.get("/me/settings", response_model=NoticeSettingsOut)
async def read_settings(request: Request, me: DeviceDep) -> dict:
    """Returns where your turn notices go."""
    return notice_settings(request, me[0])


@router.put("/me/settings", response_model=NoticeSettingsOut)
async def save_settings(body: NoticeSettings, request: Request, me: DeviceDep, service: ServiceDep) -> dict:
    """Sets where your turn notices go: an e-mail address, a webhook, both or neither."""
    player = me[0]
    if body.email and not request.app.state.notices.channels.email_on:
        raise HTTPException(422, msg.EMAIL_OFF)
    webhook = None
    if body.webhook_url:
        try:
            webhook = check_webhook_url(body.webhook_url)
        except ValueError:
            raise HTTPException(422, msg.BAD_WEBHOOK) from None
        try:  # refused now, with its reason, rather than stored and failing at every turn
            await resolve(webhook, request.app.state.settings.webhook_private)
        except TargetRefused as err:
            raise ServiceError(422, err.reason) from None
    values = {
        "email": body.email or None,
        "webhook_url": webhook,
        # Links in notices lead back to the address this page was opened at.
        "site_url": public_base(request),
        "unsubscribe_key": player.unsubscribe_key or new_unsubscribe_key(),
    }
    async with service.sessions.begin() as s:
        await s.execute(update(Player).where(Player.id == player.id).values(**values))
    for key, value in values.items():
        setattr(player, key, value)
    return notice_settings(request, player)


UNSUBSCRIBED = """<!doctype html><html><head><meta charset="utf-8"><title>Caravela</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="manifest" href="/manifest.webmanifest"></head><body>
<p lang="en">{en}</p><p lang="ru">{ru}</p><p><a href="/">Caravela</a></p></body></html>"""


@router.get("/notices/unsubscribe", response_class=HTMLResponse)
async def unsubscribe(service: ServiceDep, key: str = Query(min_length=16, max_length=64)) -> HTMLResponse:
    """The link in every notice e-mail: stops e-mail notices (webhooks stay as they are)."""
    async with service.sessions.begin() as s:
        done = await s.execute(
            update(Player).where(Player.unsubscribe_key == key).values(email=None).returning(Player.id)
        )
        found = done.scalar_one_or_none() is not None
    if not found:
        return HTMLResponse(
            UNSUBSCRIBED.format(
                en="This link is not known (any more).", ru="Эта ссылка не найдена (или уже не действует)."
            ),
            404,
        )
    return HTMLResponse(
        UNSUBSCRIBED.format(
            en="Done: Caravela sends you no more e-mails.", ru="Готово: Caravela больше не будет присылать вам письма."
        )
    )
