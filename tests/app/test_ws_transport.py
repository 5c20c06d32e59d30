"""What the WebSocket layer under the app negotiates (issue 14: idle sockets are cheap)."""

from tests.helpers import Seat, started_match


def test_a_socket_is_not_compressed_even_when_the_client_offers_deflate(server):
    """permessage-deflate would keep a zlib compressor and decompressor per socket (~40 KB)."""
    match, (ana, _) = started_match(server.base)
    sock = Seat(server.ws_base, match["id"], ana.token)  # websockets offers permessage-deflate
    assert "permessage-deflate" in sock.ws.request.headers.get("Sec-WebSocket-Extensions", "")
    assert "Sec-WebSocket-Extensions" not in sock.ws.response.headers
    assert sock.recv_until("state")["view"]
