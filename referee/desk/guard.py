"""Who may use the desk: the checks every request passes before it reaches a route.

The desk reads and writes the files named at start, so it must answer its own page and
nothing else. Three kinds of stranger are kept out:

- A web page on another site that renames itself to the desk's address (DNS rebinding): its
  requests are then same-origin, but they still carry the page's own name in ``Host``. Only
  the machine's own names and addresses pass (`Access.names`, the address the connection
  arrived on, and the names given with ``--allow-host``).
- Any web page open in the same browser: it may send the desk requests without reading the
  answers, which costs the desk its CPU. A request to the API whose ``Origin`` is not the
  desk's own, or that the browser marks as cross-site (``Sec-Fetch-Site``), is refused, and a
  ``POST`` needs the desk's header (`DESK_HEADER`) or ``application/json`` — neither of which a
  page elsewhere can send without the browser asking the desk first, which it never agrees to.
- Another machine on the network, when the desk listens beyond loopback: the API then needs
  the secret made at start (`Access.token`), printed in the desk's address as Jupyter does
  (``/?token=…``). Opening that address gives the browser the secret as a cookie, which the
  page's requests then carry; a script may send it as the `TOKEN_HEADER` header instead.
"""

from __future__ import annotations

import ipaddress
import secrets
from dataclasses import dataclass
from urllib.parse import parse_qs

from starlette.datastructures import Headers
from starlette.requests import cookie_parser
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from ..notation.limits import SHOWN_NAME, shown

DESK_HEADER = "X-Referee-Desk"
"""The page sends it with every ``POST`` (``save`` with a save). A web page from elsewhere cannot
send a custom header to the desk without the browser asking first (and the desk never agrees)."""
TOKEN_HEADER = "X-Referee-Token"


@dataclass(frozen=True, slots=True)
class Access:
    """Who may use the desk: the names accepted in ``Host`` (lower case, IPv6 without brackets)
    besides the address each connection arrived on, and the secret the API needs (None on
    loopback)."""

    names: frozenset[str]
    token: str | None = None

    def cookie(self, port: int) -> str:
        """The cookie that carries the secret; one per port, as cookies are shared between a
        host's ports and two desks may run side by side."""
        return f"referee-desk-{port}"


def host_of(header: str) -> str:
    """The name in a ``Host`` header, without its port: ``[::1]:8750`` → ``::1``."""
    header = header.strip().lower()
    if header.startswith("["):
        return header[1:header.find("]")] if "]" in header else header
    return header.rsplit(":", 1)[0] if header.count(":") == 1 else header


def _same_address(name: str, address: str) -> bool:
    """Whether `name` is the IP address `address` (an IPv4 address may arrive mapped in IPv6)."""
    try:
        first, second = ipaddress.ip_address(name), ipaddress.ip_address(address)
    except ValueError:
        return False
    mapped = [getattr(a, "ipv4_mapped", None) or a for a in (first, second)]
    return mapped[0] == mapped[1]


class Guard:
    """ASGI middleware: refuses what `Access` does not allow, and hands the secret of a
    ``/?token=…`` address to the browser as a cookie."""

    def __init__(self, app: ASGIApp, access: Access) -> None:
        self.app, self.access = app, access

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = Headers(scope=scope)
        refusal = self.refusal(scope, headers)
        if refusal is not None:
            status, message = refusal
            await JSONResponse({"error": message}, status_code=status,
                               headers={"Cache-Control": "no-store"})(scope, receive, send)
            return
        token = self.access.token
        given = self._given(scope) if token is not None and scope["path"] == "/" else None
        if token is not None and given is not None and secrets.compare_digest(given.encode(), token.encode()):
            cookie = f"{self.access.cookie(_port(scope))}={token}; Path=/; HttpOnly; SameSite=Strict"

            async def send_cookie(message: Message) -> None:
                if message["type"] == "http.response.start":
                    message = {**message, "headers": [*message["headers"], (b"set-cookie", cookie.encode())]}
                await send(message)

            await self.app(scope, receive, send_cookie)
            return
        await self.app(scope, receive, send)

    def refusal(self, scope: Scope, headers: Headers) -> tuple[int, str] | None:
        """Why the request is refused (its status and message), or None."""
        host = host_of(headers.get("host", ""))
        server = scope.get("server")
        if host not in self.access.names and not (server and _same_address(host, server[0])):
            return 400, (f"this desk answers only to this machine's own names and addresses, not "
                         f"{shown(host, SHOWN_NAME)!r}: to reach it by that name, start it with --allow-host NAME")
        if not scope["path"].startswith("/api/"):
            return None  # the page and its assets: nothing to read or spend there
        origin = headers.get("origin")
        own = f"{scope.get('scheme', 'http')}://{headers.get('host', '').lower()}"
        foreign = origin is not None and origin.lower() != own
        if foreign or headers.get("sec-fetch-site") in ("cross-site", "same-site"):
            return 403, "the desk answers only its own page, not a request from another web page"
        if scope["method"] == "POST" and not headers.get(DESK_HEADER) and \
                headers.get("content-type", "").split(";")[0].strip().lower() != "application/json":
            return 403, f"the desk's API takes requests from its own page (the {DESK_HEADER} header)"
        token = self.access.token
        if token is not None:
            given = headers.get(TOKEN_HEADER) or cookie_parser(headers.get("cookie", "")).get(
                self.access.cookie(_port(scope)))
            if given is None or not secrets.compare_digest(given.encode(), token.encode()):
                return 403, ("this desk is open to the network and needs its secret: open the address it "
                             "printed at start, the one that ends in /?token=…")
        return None

    @staticmethod
    def _given(scope: Scope) -> str | None:
        """The ``token`` in the query string, if any."""
        values = parse_qs(scope.get("query_string", b"").decode("latin-1")).get("token")
        return values[0] if values else None


def _port(scope: Scope) -> int:
    server = scope.get("server")
    return int(server[1]) if server and server[1] is not None else 0
