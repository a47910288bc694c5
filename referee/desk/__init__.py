"""``referee serve``: the referee's desk, a local web page to write a transcript, watch the hand
replayed and settle the dispute.

The page (``static/``) is plain HTML, CSS and JavaScript shipped in the package: nothing is
fetched from anywhere and nothing is built. The server is Starlette on uvicorn (see docs/desk.md
for why); `app` holds the routes, `library` the calls into the referee, `view` the table
replayed step by step, `settle` the lines that answer an open choice, `lasthand` a proposed line
replayed on the last hand alone.
"""

from __future__ import annotations

import ipaddress
import os
import socket
import sys
import threading
import webbrowser

from .app import DeskConfig, create_app
from .library import check_json

LOOPBACK_HOSTS = ["127.0.0.1", "localhost", "::1", "[::1]"]


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
    return (f"warning: the desk listens on {host}: anyone who can reach this machine there can use it and "
            "save to the files named here; do this only on a network you trust (a club's own)")


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


def url_of(sock: socket.socket) -> str:
    host, port = sock.getsockname()[:2]
    return f"http://[{host}]:{port}/" if ":" in host else f"http://{host}:{port}/"


def has_screen() -> bool:
    """Whether a graphical browser can be opened: on Linux and the BSDs only with a display, or
    `webbrowser` would start a text browser (lynx, w3m) in the terminal the desk is running in."""
    if sys.platform in ("win32", "darwin"):
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def serve(files: list[str], host: str = "127.0.0.1", port: int = 8750, rules: str | None = None,
          rules_label: str | None = None, open_browser: bool = True) -> None:
    """Run the desk until Ctrl-C. Prints its address first (the tests read it from there)."""
    import uvicorn

    config = DeskConfig(check_files(files), rules, rules_label)
    loopback = is_loopback(host)
    sock = bind(host, port)
    url = url_of(sock)
    warning = host_warning(host)
    if warning is not None:
        print(warning, file=sys.stderr)
    app = create_app(config, LOOPBACK_HOSTS if loopback else None)
    check_json(b"", rules)  # load the parser and rulebooks now, not on the first keystroke
    print(f"referee desk: {url}  (Ctrl-C stops it)", flush=True)
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", lifespan="off", access_log=False))
    if open_browser and has_screen():
        threading.Timer(0.5, webbrowser.open, [url]).start()
    try:
        server.run(sockets=[sock])
    except KeyboardInterrupt:
        pass
    finally:
        sock.close()
    print("referee desk: stopped", flush=True)
