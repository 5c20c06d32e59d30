"""What the table screen may hold, and the QR code it shows, for tests/browser/test_table.py.

The table screen is a spectator: every check here is one the spectator's view must pass, held
against the frames its socket received and the page's text. The QR code is read back into its
module matrix and compared with the matrix of the join address drawn by the same library the
server uses (segno): no QR decoder is installed (they need Pillow or OpenCV and native code),
and the matrix comparison says the same thing, module by module.
"""

from __future__ import annotations

import json
import re
import urllib.parse

import segno
from playwright.sync_api import Page

CARD_ID = re.compile(r"\bE\d\d\b")  # Goa's expedition cards
GOGOA_HIDDEN = ("draft", "roles", "direction_value", "deviation_options", "ahead", "steps_left", "ends", "reach")


def frames_recorder(page: Page) -> list[dict]:
    """Records every websocket frame the page receives, parsed."""
    frames: list[dict] = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda payload: frames.append(json.loads(payload))))
    return frames


def until_over(frames: list[dict]) -> list[dict]:
    """The frames before the game ended (at the end the breakdown makes money public)."""
    out = []
    for f in frames:
        view = f.get("view") if f.get("type") == "state" else None
        if view and view.get("over"):
            break
        if f.get("type") == "patch" and any(op.get("path") == "/over" and op.get("value") for op in f["ops"]):
            break
        out.append(f)
    return out


def assert_spectator_frames(frames: list[dict]) -> None:
    """No frame speaks for a seat: no seat in hello, no `you`/`me`, nobody's ducats or hand cards."""
    for f in frames:
        if f.get("type") == "hello":
            assert f.get("seat") is None, f"the table screen was greeted as seat {f.get('seat')}"
        if f.get("type") == "state":
            view = f["view"]
            assert not view.get("you") and not view.get("me"), f"a seat's own part reached the table: {view}"
            for p in view.get("players", []):
                assert "ducats" not in p, f"a player's ducats reached the table: {p}"
                assert p.get("hand") is None or isinstance(p["hand"], int), f"cards reached the table: {p}"
        for op in f.get("ops", []) if f.get("type") == "patch" else []:
            path = op.get("path", "")
            assert not path.startswith(("/you", "/me")), f"a seat's own part reached the table: {op}"
            assert not re.match(r"^/players/\d+/(ducats|hand/)", path), f"a secret reached the table: {op}"


def assert_no_hidden_cards(frames: list[dict], html: str, hidden: set[str]) -> None:
    """None of the cards in players' hands (not yet face up) is in a frame or in the page."""
    leaked = set(CARD_ID.findall(json.dumps(frames))) & hidden
    assert not leaked, f"the table screen received cards in hands: {leaked}"
    leaked = set(CARD_ID.findall(html)) & hidden
    assert not leaked, f"the table screen's page holds cards in hands: {leaked}"


def assert_no_draft(frames: list[dict], html: str) -> None:
    """Go Goa: nothing of a draft (dice roles, the path being drawn) reached the table screen."""
    text = json.dumps(frames)
    found = [k for k in GOGOA_HIDDEN if f'"{k}"' in text]
    assert not found, f"draft keys reached the table screen: {found}"
    assert "gg-draft" not in html, "a path being drawn is on the table screen"


def found(pattern: str, text: str) -> str:
    """The first group of `pattern` in `text`; an assertion names the pattern when it is missing."""
    m = re.search(pattern, text)
    assert m, f"no {pattern!r} in the QR code's SVG"
    return m.group(1)


def qr_matrix(data_uri: str) -> list[list[int]]:
    """Reads segno's SVG (one path of horizontal runs, ``M x y``, ``h n``, ``m dx dy``, at the
    given scale with a quiet zone) back into rows of dark (1) and light (0) modules."""
    svg = urllib.parse.unquote(data_uri.split(",", 1)[1])
    scale = float(found(r"scale\(([\d.]+)\)", svg))
    size = int(float(found(r"width='([\d.]+)'", svg)) / scale)
    d = found(r" d='([^']+)'", svg)
    dark: set[tuple[int, int]] = set()
    x = y = 0.0
    for cmd, args in re.findall(r"([MmHhVv])([-\d. ]+)", d):
        nums = [float(n) for n in args.split()]
        if cmd == "M":
            x, y = nums
        elif cmd == "m":
            x, y = x + nums[0], y + nums[1]
        elif cmd == "h":
            dark.update((int(x + i), int(y)) for i in range(int(nums[0])))
            x += nums[0]
        else:
            raise AssertionError(f"unexpected path command {cmd!r}")
    return [[int((c, r) in dark) for c in range(size)] for r in range(size)]


def expected_matrix(url: str) -> list[list[int]]:
    """The module matrix of `url` as the server draws it, quiet zone included."""
    qr = segno.make(url, error="m")
    return [list(row) for row in qr.matrix_iter(border=4)]
