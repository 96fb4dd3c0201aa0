"""Headless Chromium (Debian's ``chromium``) driven over the DevTools protocol, for the
dashboard test: open a page, fill a form, read the text, take a screenshot.

Under ``.ci/run`` (``BLOXCAB_CI=1``) a missing Chromium is a failure; elsewhere the test
that needs it says it is not installed."""

from __future__ import annotations

import base64
import itertools
import json
import os
import re
import shutil
import subprocess
import tempfile
import threading
import urllib.request
from pathlib import Path
from typing import Any

from websockets.sync.client import ClientConnection, connect

CI = os.environ.get("BLOXCAB_CI") == "1"
# The one picture in docs/ not made by `python -m tools.shots`: the fleet dashboard, taken
# in headless Chromium by tests/test_fleet_dashboard.py under .ci/run.
DASHBOARD_SHOT = Path("docs/fleet-dashboard.png")
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
WAIT_S = 60


class Browser:
    def __init__(self, width: int = 1280, height: int = 900) -> None:
        assert CHROMIUM is not None, "Chromium is not installed (Debian: apt install chromium)"
        self.profile = Path(tempfile.mkdtemp(prefix="bloxcab-chromium-"))
        self.proc = subprocess.Popen(
            [CHROMIUM, "--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run",
             "--hide-scrollbars",  # a page taller than the window keeps its full width
             "--disable-dev-shm-usage", "--remote-debugging-address=127.0.0.1",
             "--remote-debugging-port=0", f"--user-data-dir={self.profile}",
             f"--window-size={width},{height}", "about:blank"],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        assert self.proc.stderr is not None
        port = None
        for line in self.proc.stderr:  # "DevTools listening on ws://127.0.0.1:PORT/devtools/..."
            found = re.search(r"DevTools listening on ws://127\.0\.0\.1:(\d+)/", line)
            if found:
                port = int(found.group(1))
                break
        assert port is not None, "Chromium did not open its DevTools port"
        threading.Thread(target=self.proc.stderr.read, daemon=True).start()
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list", timeout=WAIT_S) as r:
            pages = [t for t in json.load(r) if t["type"] == "page"]
        self.ws: ClientConnection = connect(pages[0]["webSocketDebuggerUrl"],
                                            max_size=64 * 1024 * 1024,
                                            open_timeout=WAIT_S)
        self.ids = itertools.count(1)
        self.events: list[dict[str, Any]] = []
        self.call("Page.enable")
        self.call("Emulation.setDeviceMetricsOverride", width=width, height=height,
                  deviceScaleFactor=1, mobile=False)

    def call(self, method: str, **params: Any) -> dict[str, Any]:
        """One DevTools command and its result; events that come meanwhile are kept."""
        n = next(self.ids)
        self.ws.send(json.dumps({"id": n, "method": method, "params": params}))
        while True:
            message = json.loads(self.ws.recv(timeout=WAIT_S))
            if message.get("id") == n:
                assert "error" not in message, message["error"]
                return dict(message.get("result", {}))
            self.events.append(message)

    def wait_event(self, method: str) -> dict[str, Any]:
        while True:
            for k, event in enumerate(self.events):
                if event.get("method") == method:
                    del self.events[k]
                    return event
            self.events.append(json.loads(self.ws.recv(timeout=WAIT_S)))

    def open(self, url: str) -> None:
        self.events.clear()
        self.call("Page.navigate", url=url)
        self.wait_event("Page.loadEventFired")

    def run(self, script: str) -> Any:
        """A JavaScript expression's value."""
        result = self.call("Runtime.evaluate", expression=script, returnByValue=True)
        assert "exceptionDetails" not in result, result["exceptionDetails"]
        return result["result"].get("value")

    def submit(self, fields: dict[str, str]) -> None:
        """Fill the page's form and send it; returns once the next page has loaded."""
        self.events.clear()
        sets = "".join(f"document.querySelector('[name={name}]').value = {json.dumps(value)};"
                       for name, value in fields.items())
        self.run(f"{sets} document.querySelector('form').submit(); true")
        self.wait_event("Page.loadEventFired")

    def screenshot(self, path: Path) -> bytes:
        data = base64.b64decode(self.call("Page.captureScreenshot", format="png",
                                          captureBeyondViewport=True)["data"])
        path.write_bytes(data)
        return data

    def close(self) -> None:
        self.ws.close()
        self.proc.terminate()
        self.proc.wait(30)
        shutil.rmtree(self.profile, ignore_errors=True)
