"""A real `referee serve` for the desk's tests: 127.0.0.1, a free port, stopped by Ctrl-C (SIGINT).

The server runs as the command people run (``python -m referee serve --no-browser --port 0``),
so the tests also cover the command line, the socket and the clean stop.
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any


@dataclass
class Answer:
    status: int
    headers: Any  # an email.message.Message: names are case-insensitive
    body: bytes

    def text(self) -> str:
        return self.body.decode("utf-8")


LAUNCH = """
import json, sys
from referee.desk import serve
from referee.desk.work import Limits
serve([], port=0, open_browser=False, limits=Limits(**json.loads(sys.argv[1])))
"""
"""A desk with shorter time limits than the command's, for the tests of slow clients."""


class Desk:
    """A running desk; `stop()` sends Ctrl-C and returns what it printed. With `limits` (the
    fields of `referee.desk.work.Limits`) it runs with those time limits and no file; with
    `descriptors`, with that many file descriptors at most; with `file_size`, on a disk that
    fills up once a file reaches that many bytes."""

    def __init__(self, *args: str, limits: dict[str, float] | None = None, descriptors: int | None = None,
                 file_size: int | None = None) -> None:
        command = [sys.executable, "-m", "referee", "serve", "--no-browser", "--port", "0", *args]
        if limits is not None:
            command = [sys.executable, "-c", LAUNCH, json.dumps(limits)]

        def limit() -> None:
            import resource
            import signal

            if descriptors is not None:
                resource.setrlimit(resource.RLIMIT_NOFILE, (descriptors, descriptors))
            if file_size is not None:  # a write past it fails with EFBIG, as on a full disk
                signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
                resource.setrlimit(resource.RLIMIT_FSIZE, (file_size, file_size))

        # under a file-size limit Python could cache a module's bytecode cut short, breaking every later run
        env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"} if file_size is not None else None
        self.process = subprocess.Popen(command, preexec_fn=limit, env=env,
                                        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        assert self.process.stdout is not None
        first = self.process.stdout.readline()
        found = re.search(r"http://127\.0\.0\.\d+:\d+/", first)
        if found is None:
            self.process.kill()
            err = self.process.stderr.read() if self.process.stderr else ""
            raise AssertionError(f"the desk did not start: {first!r} {err}")
        self.url = found.group(0)

    def request(self, path: str, body: bytes | str | None = None, params: Mapping[str, str] | None = None,
                headers: Mapping[str, str] | None = None, method: str | None = None, page: bool = True,
                timeout: float = 60) -> Answer:
        """A request as the desk's page sends it (with its header on a POST), unless `page` is False."""
        url = self.url + path.lstrip("/") + (("?" + urllib.parse.urlencode(params)) if params else "")
        data = body.encode("utf-8") if isinstance(body, str) else body
        method = method or ("POST" if data is not None else "GET")
        sent = {"X-Referee-Desk": "page"} if page and method == "POST" else {}
        request = urllib.request.Request(url, data=data, headers={**sent, **(headers or {})}, method=method)
        try:
            with urllib.request.urlopen(request, timeout=timeout) as response:
                return Answer(response.status, response.headers, response.read())
        except urllib.error.HTTPError as error:
            return Answer(error.code, error.headers, error.read())

    def stop(self) -> tuple[int, str, str]:
        """Ctrl-C, as a person stops it; returns the exit status and what it printed."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
        try:
            out, err = self.process.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            out, err = self.process.communicate()
        return self.process.returncode, out, err


def running(*args: str) -> Iterator[Desk]:
    """A pytest fixture body: a desk for the test, always stopped after it."""
    desk = Desk(*args)
    try:
        yield desk
    finally:
        desk.stop()


def chromium() -> tuple[str, str] | None:
    """Debian's chromium and its driver, or None (the browser tests then skip and say why)."""
    browser = next((p for p in ("/usr/bin/chromium", "/usr/bin/chromium-browser") if os.path.exists(p)), None)
    driver = next((p for p in ("/usr/bin/chromedriver",) if os.path.exists(p)), None)
    return (browser, driver) if browser and driver else None


CASES = Path(__file__).resolve().parent.parent / "cases"
