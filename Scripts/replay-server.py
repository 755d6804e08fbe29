#!/usr/bin/env python3
"""A loopback replay of real API answers, for the demo and manual tries.

Serves the real responses in Tests/Fixtures/real on 127.0.0.1 only:
  GET /data/2.5/forecast?q=CITY[&cnt=N] the stored forecast for a known city, cut to its first N
                                        entries as the API does for `cnt`; else the real 404 body
  GET /data/2.5/weather?id=N|lat=&lon=   the recorded current conditions of that city (by id or nearest), else 404
  GET /data/2.5/air_pollution[/forecast] the recorded air quality answer nearest the coordinates, else 404
  GET /svc/search/v2/articlesearch.json  the stored page recorded for the words asked (`dog`), else
                                        a stored page of another search
  GET /svc/books/v3/lists/overview.json  the recorded best-seller overview (1 April 2018), when an
                                        `api-key` is sent; else NYT's 401 answer
Prints "PORT <n>" on its first line, then serves until it has lived --lifetime seconds.
"""
import argparse
import http.server
import json
import math
import pathlib
import threading
import urllib.parse

ROOT = pathlib.Path(__file__).resolve().parent.parent / "Tests" / "Fixtures" / "real"
CITIES = {
    "strasbourg": "weather/weather-strasbourg-metric-fr-cnt40.json",
    "rostov": "weather/weather-rostov-metric-ru-cnt8.json",
    "london": "weather/weather-london-2019-metric-cnt3.json",
    "wroclaw": "weather/weather-wroclaw-metric-cnt3.json",
    "bethnal green": "weather/weather-bethnal-green-2014-standard-cnt25-one-item.json",
}
# Names whose real Geocoding answer is in the fixtures, by the name and then the whole query.
PLACES = {
    "london": "geo/direct_london_pyowm.json",
    "london,gb": "geo/direct_london_gb_dblock_2026.json",
    "hemel hempstead": "geo/direct_hemel_hempstead_aahill1.json",
}
# The forecasts that can be found by coordinates or id: each recorded one, by its own city block.
FORECASTS = [
    "forecast/forecast_hemel_hempstead_latlon_2022_aahill1.json",
    "weather/weather-strasbourg-metric-fr-cnt40.json",
    "weather/weather-rostov-metric-ru-cnt8.json",
    "weather/weather-london-2019-metric-cnt3.json",
    "weather/weather-wroclaw-metric-cnt3.json",
]
# Current conditions, found by id or coordinates from their own `id` and `coord`.
CURRENT = [
    "current/current-london-2024-standard-baranbarandev.json",
    "current/current-sydney-2020-metric-rain1h-ramola1808.json",
    "current/current-helsinki-2017-standard-snow-mrmccrab.json",
]
# Air quality answers, found by coordinates from their own `coord`.
AIR = {
    "/data/2.5/air_pollution": ["air/air-pollution-london-2021-pyowm.json"],
    "/data/2.5/air_pollution/forecast": ["air/air-pollution-forecast-50-50-2021-pyowm.json"],
}
# Words whose real recorded answer is in the fixtures.
NYT_WORDS = {
    "dog": "nyt/nyt-2016-05-dog-video-multimedia-docs.json",
}
NYT_PAGES = [
    "nyt/nyt-2016-11-compact-escaped-slashes.json",
    "nyt/nyt-2017-03-wordcount-int-printpage-int.json",
]

# NYT Books' best-seller overview, as recorded.
BOOKS_OVERVIEW = "openapi-answers/nyt_books_lists_overview_2018-04-01_yanwenwang.json"


def forecast_for(query):
    """The recorded forecast a request asks for: by id, by the nearest coordinates, or by city name."""
    if "id" in query:
        return next((name for name in FORECASTS if city_of(name).get("id") == int_or_none(query["id"])), None)
    if "lat" in query and "lon" in query:
        try:
            lat, lon = float(query["lat"]), float(query["lon"])
        except ValueError:
            return None
        def distance(name):
            coord = city_of(name).get("coord", {})
            dlat = math.radians(coord.get("lat", 0) - lat)
            dlon = math.radians(coord.get("lon", 0) - lon) * math.cos(math.radians(lat))
            return 6371 * math.hypot(dlat, dlon)
        nearest = min(FORECASTS, key=distance)
        return nearest if distance(nearest) <= 50 else None
    return CITIES.get(query.get("q", "").split(",")[0].strip().lower())


def nearest(names, query, coord_of):
    """The recorded answer whose coordinates are within 50 km of the query's, or None."""
    try:
        lat, lon = float(query["lat"]), float(query["lon"])
    except (KeyError, ValueError):
        return None
    def distance(name):
        coord = coord_of(name)
        dlat = math.radians(coord.get("lat", 0) - lat)
        dlon = math.radians(coord.get("lon", 0) - lon) * math.cos(math.radians(lat))
        return 6371 * math.hypot(dlat, dlon)
    best = min(names, key=distance)
    return best if distance(best) <= 50 else None


def answer_of(name):
    return json.loads((ROOT / name).read_bytes())


def city_of(name):
    return json.loads((ROOT / name).read_bytes()).get("city", {})


def int_or_none(text):
    return int(text) if text.isdigit() else None


class Replay(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        url = urllib.parse.urlsplit(self.path)
        query = dict(urllib.parse.parse_qsl(url.query))
        if url.path == "/geo/1.0/direct":
            asked = " ".join(query.get("q", "").lower().split())
            name = PLACES.get(asked.replace(", ", ",")) or PLACES.get(asked.split(",")[0].strip())
            # The API's answer for a name it does not know is an empty list.
            return self.send(200, name) if name else self.send_body(200, b"[]")
        if url.path == "/geo/1.0/zip":
            return self.send(200, "geo/zip_94040_dblock_2026.json")
        if url.path == "/geo/1.0/reverse":
            return self.send(200, "geo/reverse_london_dblock_2026.json")
        if url.path == "/data/2.5/forecast":
            name = forecast_for(query)
            if name is None:
                return self.send(404, "weather/weather-error-404-city-not-found.json")
            cnt = query.get("cnt", "")
            if not cnt.isdigit():
                return self.send(200, name)
            forecast = json.loads((ROOT / name).read_bytes())
            forecast["list"] = forecast["list"][: int(cnt)]
            forecast["cnt"] = len(forecast["list"])
            return self.send_body(200, json.dumps(forecast, ensure_ascii=False).encode())
        if url.path == "/data/2.5/weather":
            if "id" in query:
                name = next((n for n in CURRENT if answer_of(n).get("id") == int_or_none(query["id"])), None)
            else:
                name = nearest(CURRENT, query, lambda n: answer_of(n).get("coord", {}))
            return self.send(200, name) if name else self.send(404, "weather/weather-error-404-city-not-found.json")
        if url.path in AIR:
            name = nearest(AIR[url.path], query, lambda n: answer_of(n).get("coord", {}))
            return self.send(200, name) if name else self.send(404, "weather/weather-error-404-city-not-found.json")
        if url.path == "/svc/search/v2/articlesearch.json":
            page = int(query.get("page", "0") or 0)
            words = query.get("q", "").strip().lower()
            if words in NYT_WORDS:
                # One recorded page: later pages are empty-handed as far as the replay knows.
                return self.send(200, NYT_WORDS[words]) if page == 0 else self.send(404, None)
            return self.send(200, NYT_PAGES[page % len(NYT_PAGES)])
        if url.path == "/svc/books/v3/lists/overview.json":
            if not query.get("api-key"):
                return self.send(401, "errors/nyt_401_invalid_apikey_khalilahmad0.json")
            return self.send(200, BOOKS_OVERVIEW)
        self.send_response(404)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def send(self, status, name):
        self.send_body(status, (ROOT / name).read_bytes() if name else b"")

    def send_body(self, status, body):
        self.send_response(status)
        self.send_header("Content-Type", "application/json; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--lifetime", type=float, default=120)
    args = parser.parse_args()
    server = http.server.ThreadingHTTPServer(("127.0.0.1", args.port), Replay)
    print(f"PORT {server.server_address[1]}", flush=True)
    threading.Timer(args.lifetime, server.shutdown).start()
    server.serve_forever()


if __name__ == "__main__":
    main()
