"""Loads pages of the playground in one headless Chromium, one after another,
and prints one line a page: what the page wrote into an element.

    python3 pages.py WANT PAGE PROFILE [PNG QUERY]

WANT holds one page a line, "ID QUERY": PAGE?QUERY (PAGE alone when QUERY is
empty) is loaded afresh, and the line printed for it is the text of its
element ID once it has one (a <select>: the names it lists, comma-separated),
or an empty line when it has none within TIMEOUT seconds. With PNG and
QUERY, a 1200x800 picture of PAGE?QUERY goes to PNG once its search is shown.

Chromium is driven over the DevTools protocol on a pipe (fds 3 and 4), so
that it starts once for every page and time is the wall clock's: a page is
waited for until it writes, not for a budget of virtual time that Chromium
may skip through while the wasm compiles. Exit 1 when Chromium could not be
started or stopped answering before every page was read.
"""
import base64
import fcntl
import json
import os
import select
import subprocess
import sys
import time

TIMEOUT = 30      # seconds a page has to write its element
SETTLE = 0.25     # seconds the picture must stay still before the screenshot

# The text of element ID, once it has one or TIMEOUT has passed.
READ = """new Promise((resolve) => {
  const t0 = Date.now();
  const look = () => {
    const el = document.getElementById(%s);
    const text = !el ? "" : el.tagName === "SELECT"
      ? [...el.options].map((o) => o.text).join(",") : el.textContent;
    if (text || Date.now() - t0 > %d) resolve(text); else setTimeout(look, 10);
  };
  look();
})"""

# Resolves once the canvas has not changed for SETTLE seconds (the page
# reveals the path a few cells a frame after writing #result).
SETTLED = """new Promise((resolve) => {
  const canvas = document.getElementById("map"), t0 = Date.now();
  let last = null, since = Date.now();
  const look = () => {
    const now = canvas.toDataURL();
    if (now !== last) { last = now; since = Date.now(); }
    if (Date.now() - since >= %d || Date.now() - t0 > %d) resolve(true); else setTimeout(look, 20);
  };
  look();
})"""


class Browser:
    """Headless Chromium and one page of it, spoken to over the pipe."""

    def __init__(self, profile):
        to_chrome, self.out = os.pipe()
        self.inp, from_chrome = os.pipe()
        # the child reads the commands on fd 3 and writes the answers on fd
        # 4: its ends, copied above 9, are moved there after the fork (the
        # pipes, open till then, keep fds 3 and 4 from being anything else)
        ends = [fcntl.fcntl(fd, fcntl.F_DUPFD_CLOEXEC, 10) for fd in (to_chrome, from_chrome)]
        with open(os.path.join(profile, "chromium.err"), "w") as err:
            self.proc = subprocess.Popen(
                ["chromium", "--headless", "--no-sandbox", "--disable-gpu",
                 "--remote-debugging-pipe", "--user-data-dir=" + profile, "about:blank"],
                stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=err,
                pass_fds=(3, 4),
                preexec_fn=lambda: [os.dup2(fd, 3 + i) for i, fd in enumerate(ends)])
        for fd in ends + [to_chrome, from_chrome]:
            os.close(fd)
        self.buf = b""
        self.next_id = 0
        self.session = None
        try:
            page = self.call("Target.createTarget", url="about:blank")["targetId"]
            self.session = self.call("Target.attachToTarget", targetId=page,
                                     flatten=True)["sessionId"]
        except Exception:
            self.close()
            raise

    def call(self, method, timeout=TIMEOUT + 30, **params):
        """Sends a command and returns its result; raises on an error or
        when Chromium does not answer within timeout seconds."""
        self.next_id += 1
        msg = {"id": self.next_id, "method": method, "params": params}
        if self.session and method.split(".")[0] not in ("Browser", "Target"):
            msg["sessionId"] = self.session
        os.write(self.out, json.dumps(msg).encode() + b"\0")
        end = time.monotonic() + timeout
        while True:
            while b"\0" in self.buf:
                raw, self.buf = self.buf.split(b"\0", 1)
                reply = json.loads(raw)
                if reply.get("id") == self.next_id:
                    if "error" in reply:
                        raise RuntimeError("%s: %s" % (method, reply["error"]))
                    return reply["result"]
            left = end - time.monotonic()
            if left <= 0 or not select.select([self.inp], [], [], left)[0]:
                raise RuntimeError("%s: no answer in %d s" % (method, timeout))
            chunk = os.read(self.inp, 1 << 16)
            if not chunk:
                raise RuntimeError("%s: chromium closed the pipe" % method)
            self.buf += chunk

    def load(self, url, expression):
        """Loads url afresh and returns the value expression (a promise)
        resolves to there."""
        if "errorText" in self.call("Page.navigate", url=url):
            return ""
        return self.call("Runtime.evaluate", expression=expression, awaitPromise=True,
                         returnByValue=True)["result"].get("value")

    def close(self):
        try:
            self.call("Browser.close", timeout=10)
        except (RuntimeError, OSError):
            pass
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


def main():
    want, page, profile = sys.argv[1:4]
    shot = sys.argv[4:6]
    os.makedirs(profile, exist_ok=True)
    browser = None
    try:
        browser = Browser(profile)
        for line in open(want):
            element, query = line.rstrip("\n").split(" ", 1)
            url = page + ("?" + query if query else "")
            text = browser.load(url, READ % (json.dumps(element), TIMEOUT * 1000))
            print((text or "").replace("\n", " "), flush=True)
        if shot:
            browser.call("Emulation.setDeviceMetricsOverride", width=1200, height=800,
                         deviceScaleFactor=1, mobile=False)
            browser.load(page + "?" + shot[1], READ % ('"result"', TIMEOUT * 1000))
            browser.call("Runtime.evaluate", expression=SETTLED % (SETTLE * 1000, TIMEOUT * 1000),
                         awaitPromise=True)
            png = browser.call("Page.captureScreenshot", format="png")["data"]
            with open(shot[0], "wb") as f:
                f.write(base64.b64decode(png))
    except Exception as e:  # whatever it was, the pages not printed fail
        print("pages.py: %s" % e, file=sys.stderr)
        return 1
    finally:
        if browser:
            browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
