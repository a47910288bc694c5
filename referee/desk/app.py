"""The desk's web application: the page, its assets, and a small JSON API over `library`.

Routes::

    GET  /                      the page (static/index.html)
    GET  /static/{name}         its script and style sheet, from the package
    GET  /api/state             the files named at start (with their text), the games, the house rules
    GET  /api/template/{game}   ``referee new GAME``
    POST /api/check             ``referee check --format json -`` of the body (``?rules=…``)
    POST /api/view              the table view of one hand (``?game=G&hand=H``), the last hand's choices
    POST /api/report            ``referee report`` of the body (``?format=html|markdown``)
    POST /api/save?file=N       write the body to the N-th file named at start

Only `save` writes anywhere, and only to a file named on the command line, picked by its index.
Bodies above `MAX_BODY` bytes are refused with 413. Every page response forbids scripts other than
the desk's own (a Content-Security-Policy), so a transcript's text can never run as code.
"""

from __future__ import annotations

import errno
import json
import os
import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from importlib import resources
from typing import Any, TypeVar
from urllib.parse import quote

import anyio
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from ..games import registry
from ..notation.limits import MAX_DIGITS, MAX_NUMBER, shown
from ..output.atomic import write_atomically
from ..output.template import UnknownGame, template
from .guard import DESK_HEADER, Access, Guard
from .library import (
    RulesParameterError,
    check_json,
    desk_view,
    query_rules,
    report_text,
)
from .work import Busy, Limits, Load, Stopped, Work

MAX_BODY = 4 * 1024 * 1024
"""A ten-hand game is a few kilobytes; 4 MB is a long evening's archive and keeps a mistake cheap."""
DRAIN = 4 * MAX_BODY

STATIC = {"desk.js": "text/javascript; charset=utf-8", "desk.css": "text/css; charset=utf-8",
          "favicon.svg": "image/svg+xml"}
SECURITY_HEADERS = {
    "Content-Security-Policy": ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
                                "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
}
LOOPBACK_NAMES = frozenset({"127.0.0.1", "localhost", "::1"})


@dataclass(slots=True)
class DeskConfig:
    """What the desk was started with: the files named on the command line and the house rules."""

    files: list[str] = field(default_factory=list)
    rules: str | None = None
    rules_label: str | None = None  # --rules as written (a file name, or the inline text)
    limits: Limits = field(default_factory=Limits)


class BodyTooLarge(Exception):
    pass


class SlowBody(Exception):
    pass


class BadParameter(ValueError):
    """A query parameter the desk cannot use: answered 400 with the message."""


def _number(request: Request, name: str) -> int | None:
    """The query parameter `name` as a number, None when it is absent. The rule of the command
    line: ASCII digits, at most `MAX_NUMBER` (``str.isdigit`` takes "²" and "①", which ``int``
    refuses, and a 5,000-digit number costs more than it says)."""
    value = request.query_params.get(name)
    if value is None:
        return None
    if not re.fullmatch(f"[0-9]{{1,{MAX_DIGITS}}}", value):
        raise BadParameter(f"{name}={shown(value)!r}: a number in the digits 0-9, at most {MAX_NUMBER:,}")
    return int(value)


async def _body(request: Request, load: Load, limits: Limits) -> bytes:
    """The request's body, at most `MAX_BODY` bytes. Above that the rest is read and thrown away
    (up to `DRAIN` bytes) before the refusal, so that the client, still sending, hears it. What
    is kept counts in `load` (`Busy` past its bound) until the request ends (`_guarded`); a body
    that stops arriving (`Limits.gap`) or takes too long (`Limits.body`) is `SlowBody`."""
    chunks: list[bytes] = []
    size = 0
    deadline = anyio.current_time() + limits.body
    stream = request.stream().__aiter__()
    while True:
        with anyio.move_on_after(max(0.0, min(limits.gap, deadline - anyio.current_time()))) as waiting:
            chunk = await anext(stream, None)
        if waiting.cancelled_caught:
            raise SlowBody
        if chunk is None:
            break
        size += len(chunk)
        if size > MAX_BODY:
            chunks = []
            if size > DRAIN:
                break
        else:
            load.hold(len(chunk))
            request.state.held = getattr(request.state, "held", 0) + len(chunk)
            chunks.append(chunk)
    if size > MAX_BODY:
        raise BodyTooLarge
    return b"".join(chunks)


T = TypeVar("T")


async def _work_on(request: Request, load: Load, limits: Limits, size: int, job: Callable[[Work], T]) -> T:
    """`job` run in a thread once `load` has room for `size` bytes more in work, stopped when the
    client leaves (the server says so by a disconnect message) or its time is up."""
    async with load.working_on(size):
        work = Work(limits.work)

        async def watch() -> None:
            while (await request.receive())["type"] != "http.disconnect":
                pass
            work.stop()

        failure: Exception | None = None
        async with anyio.create_task_group() as group:
            group.start_soon(watch)
            try:
                result = await anyio.to_thread.run_sync(job, work)
            except Exception as error:  # noqa: BLE001 - raised below, outside the group (which would wrap it)
                failure = error
            group.cancel_scope.cancel()
        if failure is not None:
            raise failure
        return result


def _error(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status, headers=SECURITY_HEADERS)


Handler = Callable[[Request], Awaitable[Response]]


def _guarded(handler: Handler, load: Load, limits: Limits) -> Handler:
    """Turn a too-large or slow body, bad house rules, a busy desk or stopped work into a clear
    JSON error rather than a 500; give back what the request held in `load`."""
    async def run(request: Request) -> Response:
        try:
            return await handler(request)
        except BodyTooLarge:
            return _error(413, f"the transcript is larger than {MAX_BODY // (1024 * 1024)} MB — "
                               "check it with 'referee check FILE' on the command line")
        except SlowBody:
            return _error(408, "the request stopped arriving: send it again")
        except (RulesParameterError, BadParameter) as error:
            return _error(400, str(error))
        except Busy:
            return JSONResponse({"error": "the desk is busy with other requests: send it again in a moment"},
                                status_code=503, headers={**SECURITY_HEADERS, "Retry-After": "2"})
        except Stopped as stopped:
            if not stopped.timed_out:
                return _error(503, "the client left before the answer")
            return _error(503, f"the desk stopped this request after {limits.work:.0f} seconds — "
                               "check the transcript with 'referee check FILE' on the command line")
        finally:
            load.release(getattr(request.state, "held", 0))
    return run


def _text(body: bytes) -> str:
    return body.decode("utf-8", "replace")


def create_app(config: DeskConfig, access: Access | None = None) -> Starlette:
    """The desk for `config`, used only as `access` allows (by default: a desk on loopback,
    reached by the loopback names or the address it listens on; see `guard`)."""
    from starlette.concurrency import run_in_threadpool

    load, limits = Load(), config.limits

    def rules_of(request: Request) -> str | None:
        return query_rules(request.query_params.get("rules"), config.rules)

    async def page(request: Request) -> Response:
        html = resources.files(__package__).joinpath("static", "index.html").read_text("utf-8")
        return Response(html, media_type="text/html; charset=utf-8", headers=SECURITY_HEADERS)

    async def static(request: Request) -> Response:
        name = request.path_params["name"]
        if name not in STATIC:
            return _error(404, "no such file")
        data = resources.files(__package__).joinpath("static", name).read_bytes()
        return Response(data, media_type=STATIC[name], headers=SECURITY_HEADERS)

    async def state(request: Request) -> Response:
        files = await run_in_threadpool(_named_files, config.files)
        return JSONResponse({"files": files, "games": sorted(registry()), "rules": config.rules,
                             "rules_label": config.rules_label, "max_body": MAX_BODY}, headers=SECURITY_HEADERS)

    async def new(request: Request) -> Response:
        try:
            return Response(template(request.path_params["game"]), media_type="text/plain; charset=utf-8",
                            headers=SECURITY_HEADERS)
        except UnknownGame as error:
            return _error(404, str(error))

    async def check(request: Request) -> Response:
        body, rules = await _body(request, load, limits), rules_of(request)
        out, status = await _work_on(request, load, limits, len(body), lambda work: check_json(body, rules, work))
        return Response(out, media_type="application/json; charset=utf-8",
                        headers={**SECURITY_HEADERS, "X-Referee-Exit": str(status)})

    async def view(request: Request) -> Response:
        game, hand = _number(request, "game"), _number(request, "hand")
        selected = (game, hand) if game is not None and hand is not None else None
        body, rules = await _body(request, load, limits), rules_of(request)
        data: dict[str, Any] = await _work_on(request, load, limits, len(body),
                                              lambda work: desk_view(_text(body), rules, selected, work))
        return Response(json.dumps(data, ensure_ascii=False), media_type="application/json; charset=utf-8",
                        headers=SECURITY_HEADERS)

    async def report(request: Request) -> Response:
        form = request.query_params.get("format", "html")
        if form not in ("html", "markdown"):
            return _error(400, f"format={shown(form)!r}: html or markdown")
        index = _number(request, "file")
        body, rules = await _body(request, load, limits), rules_of(request)
        transcript = _text(body)
        name = (os.path.basename(config.files[index]) if index is not None and index < len(config.files)
                else f"{pasted_stem(transcript)}.ttn")
        text, status = await _work_on(request, load, limits, len(body),
                                      lambda work: report_text(transcript, rules, form, name, work))
        stem = os.path.splitext(name)[0]
        media = "text/html" if form == "html" else "text/markdown"
        suffix = "html" if form == "html" else "md"
        return Response(text, media_type=f"{media}; charset=utf-8", headers={
            **SECURITY_HEADERS, "X-Referee-Exit": str(status),
            "Content-Disposition": attachment(f"{stem}.ruling.{suffix}")})

    async def save(request: Request) -> Response:
        if request.headers.get(DESK_HEADER) != "save":
            return _error(403, f"saving needs the {DESK_HEADER} header that the desk's page sends")
        index = _number(request, "file")
        if index is None or index >= len(config.files):
            return _error(403, "the desk saves only to a file named on the command line (referee serve FILE)")
        body = await _body(request, load, limits)
        text = _text(body)
        path = config.files[index]
        try:
            await run_in_threadpool(write_atomically, path, text, "")
        except OSError as error:  # the file is as it was: the text went to a temporary file first
            full = error.errno in (errno.ENOSPC, errno.EDQUOT)
            return _error(507 if full else 500, f"{path}: not saved, the file is as it was: {error.strerror}")
        return JSONResponse({"saved": path, "bytes": len(text.encode("utf-8"))}, headers=SECURITY_HEADERS)

    routes = [
        Route("/", page),
        Route("/static/{name}", static),
        Route("/api/state", state),
        Route("/api/template/{game}", new),
        Route("/api/check", _guarded(check, load, limits), methods=["POST"]),
        Route("/api/view", _guarded(view, load, limits), methods=["POST"]),
        Route("/api/report", _guarded(report, load, limits), methods=["POST"]),
        Route("/api/save", _guarded(save, load, limits), methods=["POST"]),
    ]
    middleware = [Middleware(Guard, access=access or Access(LOOPBACK_NAMES))]
    return Starlette(routes=routes, middleware=middleware)


_TAG = re.compile(r'^\s*\[(Game|Date|Event)\s+"([^"\n]*)"\]', re.MULTILINE)


def pasted_stem(text: str) -> str:
    """The name a transcript that came from no file goes by in downloads and in its ruling's
    title: its game and date (or event), as the page names it (``boston-2026-11-30``); the
    header is near the top, so only the start of the text is read."""
    tags: dict[str, str] = {}
    for match in _TAG.finditer(text, 0, 4096):
        tags.setdefault(match.group(1), match.group(2).strip())
    name = "-".join(filter(None, [tags.get("Game", ""), tags.get("Date") or tags.get("Event", "")]))
    return re.sub(r"^[-.]+|-+$", "", re.sub(r"[^A-Za-z0-9._-]+", "-", name)) or "transcript"


def attachment(name: str) -> str:
    """A Content-Disposition for a download named `name` (RFC 6266): an ASCII ``filename`` for
    old clients — ASCII letters, digits, dot, dash and underscore, anything else "_" — and the
    name itself as ``filename*``, UTF-8 and percent-encoded (an HTTP header is Latin-1: a name
    such as ``Партия-ruling.html`` written as it is cannot be sent at all)."""
    fallback = "".join(c if c.isascii() and (c.isalnum() or c in "-_.") else "_" for c in name)
    return f"attachment; filename=\"{fallback}\"; filename*=UTF-8''{quote(name, safe='')}"


def _named_files(paths: list[str]) -> list[dict[str, Any]]:
    """The files named at start, each with its text (None for a file that does not exist yet)."""
    files = []
    for index, path in enumerate(paths):
        text = None
        if os.path.isfile(path):
            with open(path, "rb") as stream:
                text = _text(stream.read(MAX_BODY))
        files.append({"index": index, "name": os.path.basename(path), "path": path, "text": text})
    return files

