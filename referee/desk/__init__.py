"""``referee serve``: the referee's desk, a local web page to write a transcript, watch the hand
replayed and settle the dispute.

The page (``static/``) is plain HTML, CSS and JavaScript shipped in the package: nothing is
fetched from anywhere and nothing is built. The server is Starlette on uvicorn (see docs/desk.md
for why); `app` holds the routes, `library` the calls into the referee, `view` the table
replayed step by step, `settle` the lines that answer an open choice, `lasthand` a proposed line
replayed on the last hand alone, `guard` who may use the desk, `work` what a request may cost,
`net` the connections uvicorn is given.
"""

from __future__ import annotations

import asyncio
import ipaddress
import os
import secrets
import socket
import sys
import threading
import webbrowser

from .app import LOOPBACK_NAMES, DeskConfig, create_app
from .guard import Access, host_of
from .library import check_json
from .work import Limits


class DeskError(Exception):
    """Why the desk cannot start (a port in use, a directory named as a file…)."""


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def host_warning(host: str) -> str | None:
    """What to tell whoever opens the desk to the network (any address but this machine's own)."""
    if is_loopback(host):
        return None
    return (f"warning: the desk listens on {host}: anyone who can reach this machine there and is given "
            "its address with the token can use it and save to the files named here; do this only on a "
            "network you trust (a club's own)")


def access_for(host: str, allowed: list[str]) -> Access:
    """Who may use a desk listening on `host`: the loopback names, the host itself, this
    machine's name (``NAME`` and ``NAME.local``) beyond loopback, and the names of
    ``--allow-host``; any address a connection arrives on is accepted by `guard` too. Beyond
    loopback the API needs a secret made now, for this start only."""
    names = set(LOOPBACK_NAMES) | {host_of(host) if host.startswith("[") else host.lower()}
    names |= {host_of(name) if name.startswith("[") else name.lower().rstrip(".") for name in allowed}
    if is_loopback(host):
        return Access(frozenset(names))
    machine = socket.gethostname().lower()
    names |= {machine, f"{machine}.local"}
    return Access(frozenset(names), secrets.token_urlsafe(18))


def network_address() -> str | None:
    """This machine's address on its main network, for the address a desk listening on every
    interface prints: the one a packet to a documentation address (192.0.2.1, never routed)
    would leave from. Connecting a UDP socket sends nothing; it only asks the routing table."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))
            address: str = probe.getsockname()[0]
            return address
    except OSError:
        return None


def check_files(files: list[str]) -> list[str]:
    """The files named at start, made absolute; a directory or an unreadable file is refused."""
    out = []
    for path in files:
        if os.path.isdir(path):
            raise DeskError(f"{path}: this is a directory, not a transcript file")
        if os.path.exists(path) and not os.access(path, os.R_OK):
            raise DeskError(f"{path}: the file cannot be read (permission denied)")
        out.append(os.path.abspath(path))
    return out


def bind(host: str, port: int) -> socket.socket:
    """A listening socket on host:port (port 0: any free port), or a `DeskError` that says why not."""
    try:
        infos = socket.getaddrinfo(host.strip("[]"), port, type=socket.SOCK_STREAM)
    except socket.gaierror as error:
        raise DeskError(f"--host {host}: cannot resolve it ({error.strerror})") from None
    family, _, _, _, address = infos[0]
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind(address)
    except OSError as error:
        sock.close()
        raise DeskError(f"cannot listen on {host}:{port}: {error.strerror} — try another --port") from None
    sock.listen(64)
    return sock


def url_of(sock: socket.socket, token: str | None = None) -> str:
    """The desk's address (with its secret, when it has one). A desk listening on every
    interface (0.0.0.0, ::) is given its address on the network, which others can open."""
    host, port = sock.getsockname()[:2]
    if ipaddress.ip_address(host).is_unspecified:
        host = network_address() or socket.gethostname()
    query = f"?token={token}" if token else ""
    return f"http://[{host}]:{port}/{query}" if ":" in host else f"http://{host}:{port}/{query}"


def has_screen() -> bool:
    """Whether a graphical browser can be opened: on Linux and the BSDs only with a display, or
    `webbrowser` would start a text browser (lynx, w3m) in the terminal the desk is running in."""
    if sys.platform in ("win32", "darwin"):
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def serve(files: list[str], host: str = "127.0.0.1", port: int = 8750, rules: str | None = None,
          rules_label: str | None = None, open_browser: bool = True, allow_hosts: list[str] | None = None,
          limits: Limits | None = None) -> None:
    """Run the desk until Ctrl-C. Prints its address first (the tests read it from there)."""
    import uvicorn

    from .net import AcceptNotice, protocol_for, raise_descriptor_limit

    limits = limits or Limits()
    config = DeskConfig(check_files(files), rules, rules_label, limits)
    access = access_for(host, allow_hosts or [])
    sock = bind(host, port)
    url = url_of(sock, access.token)
    warning = host_warning(host)
    if warning is not None:
        print(warning, file=sys.stderr)
    app = create_app(config, access)
    check_json(b"", rules)  # load the parser and rulebooks now, not on the first keystroke
    print(f"referee desk: {url}  (Ctrl-C stops it)", flush=True)
    raise_descriptor_limit()
    notice = AcceptNotice()
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", lifespan="off", access_log=False,
                                           loop="asyncio", http=protocol_for(limits)))

    async def run() -> None:
        asyncio.get_running_loop().set_exception_handler(notice)
        await server.serve(sockets=[sock])

    if open_browser and has_screen():
        threading.Timer(0.5, webbrowser.open, [url]).start()
    try:
        asyncio.run(run())
    except KeyboardInterrupt:
        pass
    finally:
        sock.close()
    print("referee desk: stopped", flush=True)
