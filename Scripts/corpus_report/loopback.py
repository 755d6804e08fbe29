"""The loopback API the report runs apicli against: 127.0.0.1 only, in a thread, bounded.

It answers whatever the report says the current run should get (`plan`), whatever path
apicli asks for, so that a wrong path still gets an answer and the answer checks stay
separate from the request checks; every request is kept (path, query, headers) for those.
It stops by itself after `lifetime` seconds or `limit` requests, whichever comes first.
"""
import http.server
import threading
import urllib.parse


class Plan:
    """The answers of one run: request N gets `bodies[N]` (the last one past the end)."""

    def __init__(self, bodies, media="application/json", links=(), origin=None):
        self.bodies, self.media, self.links, self.origin = list(bodies), media, list(links), origin

    def answer(self, number, own_origin):
        index = min(number, len(self.bodies) - 1)
        body = self.bodies[index]
        link = self.links[index] if index < len(self.links) else None
        if self.origin:
            # The recorded links name the real API; here the API is this server.
            body = body.replace(self.origin.encode(), own_origin.encode())
            link = link.replace(self.origin, own_origin) if link else link
        return body, link


class Request:
    def __init__(self, target, headers):
        split = urllib.parse.urlsplit(target)
        self.target, self.path = target, split.path
        self.query = urllib.parse.parse_qs(split.query, keep_blank_values=True)
        self.headers = {name.lower(): value for name, value in headers.items()}


class LoopbackAPI:
    def __init__(self, lifetime=3600.0, limit=20000):
        self.requests, self.plan, self.limit = [], Plan([b"{}"]), limit
        self.lock = threading.Lock()
        self.run_start = 0
        api = self

        class Handler(http.server.BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def do_GET(self):
                with api.lock:
                    api.requests.append(Request(self.path, dict(self.headers)))
                    number = len(api.requests) - api.run_start - 1
                    plan = api.plan
                    over = len(api.requests) > api.limit
                if over:
                    threading.Thread(target=api.server.shutdown, daemon=True).start()
                body, link = plan.answer(number, api.origin)
                self.send_response(200)
                self.send_header("Content-Type", plan.media + "; charset=utf-8")
                self.send_header("Content-Length", str(len(body)))
                if link:
                    self.send_header("Link", link)
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args):
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.origin = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.timer = threading.Timer(lifetime, self.server.shutdown)
        self.timer.daemon = True
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def __enter__(self):
        self.timer.start()
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.timer.cancel()
        self.server.shutdown()
        self.server.server_close()

    def begin(self, plan):
        """Start a run: later requests get `plan`; returns where this run's requests start."""
        with self.lock:
            self.plan, self.run_start = plan, len(self.requests)
            return self.run_start

    def since(self, start):
        with self.lock:
            return list(self.requests[start:])
