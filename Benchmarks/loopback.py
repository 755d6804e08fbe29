"""The loopback server and the clean environment the start-up, instruction and order-file scripts share.

`start_server` runs server.py on 127.0.0.1 with the forecast moved ahead (`--forecast-ahead`, so that
`weather … --offline` prints the table) and the NYT bodies given; `environment` is a fresh HOME with its
XDG dirs, fake keys and both providers pointed at the server.
"""
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def start_server(work, bodies=(), lifetime=3600):
    """(process, base URL, log path) of server.py serving `bodies` ((name, path) pairs) from `work`."""
    port_file, log = os.path.join(work, "port"), os.path.join(work, "log")
    server = subprocess.Popen([sys.executable, os.path.join(HERE, "server.py"), "--port-file", port_file,
                               "--log", log, "--lifetime", str(lifetime), "--forecast-ahead",
                               *[f"--nyt-body={name}={path}" for name, path in bodies]])
    for _ in range(200):
        if os.path.exists(port_file) and open(port_file).read().strip():
            return server, f"http://127.0.0.1:{open(port_file).read().strip()}", log
        time.sleep(0.05)
    server.terminate()
    raise SystemExit("server.py did not start")


def environment(home, url, extra=None):
    """A clean environment under `home` (its XDG dirs made) whose NYT and weather requests go to `url`."""
    for sub in ("data", "config", "cache"):
        os.makedirs(os.path.join(home, sub), exist_ok=True)
    return {"PATH": os.environ["PATH"], "HOME": home, "LANG": "C.UTF-8",
            "XDG_DATA_HOME": os.path.join(home, "data"), "XDG_CONFIG_HOME": os.path.join(home, "config"),
            "XDG_CACHE_HOME": os.path.join(home, "cache"), "OPENWEATHER_API_KEY": "bench-fake-key",
            "NYT_API_KEY": "bench-fake-key", "APICLI_WEATHER_BASE_URL": url, "APICLI_NYT_BASE_URL": url,
            **(extra or {})}
