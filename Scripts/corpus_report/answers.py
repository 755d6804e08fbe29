"""Which real recorded answer each corpus operation is served, and what a person wants from it.

One entry per operation that has a recorded answer in Tests/Fixtures/real/openapi-answers:
the document's file name, then the operation as `GET /path` the document writes it. Each says
- `pages`: the answer files in order (the first request gets the first; with `--pages 2` the
  second request gets the second, or the first again when only one was recorded), each with the
  `Link` header recorded beside it, if any;
- `values`: what the run types, by the document's parameter name (path parameters, query
  parameters, and the search words when the operation takes them in that parameter);
- `want`: how many rows a person asking this wants to see (the items of the list they asked
  for; 1 for a record);
- `origin`: the API's own origin as the recorded answers write their links, which the loopback
  server replaces with its own so that a `next` URL or `Link` header leads back to it;
- `second`: the request the API expects next, `(path, {parameter: value})`, for the paging check.
"""
import os
from dataclasses import dataclass, field

ANSWERS = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))),
                       "Tests", "Fixtures", "real", "openapi-answers")


@dataclass(frozen=True)
class Page:
    file: str
    link: str = None


@dataclass(frozen=True)
class Recorded:
    pages: tuple
    want: int
    values: dict = field(default_factory=dict)
    origin: str = None
    second: tuple = None

    def body(self, number):
        """The bytes of page `number` (the last recorded one past the end)."""
        page = self.pages[min(number, len(self.pages) - 1)]
        with open(os.path.join(ANSWERS, page.file), "rb") as handle:
            return handle.read()

    def link(self, number):
        return self.pages[min(number, len(self.pages) - 1)].link


def _github_links():
    """The recorded `Link` header of each page of the paged issues, in order."""
    name = os.path.join(ANSWERS, "github_issues_per_page3_link_headers_octokit-fixtures.txt")
    with open(name, encoding="utf-8") as lines:
        return [line.rstrip("\n").split("\t", 1)[1] for line in lines if "\t" in line]


_LINKS = _github_links()
_ISSUES_REPO = "tmp-scenario-paginate-issues-20220719043836917-izyoe"
_NYT_OVERVIEW = Recorded((Page("nyt_books_lists_overview_2018-04-01_yanwenwang.json"),), want=80)
_OPEN_METEO = Recorded((Page("openmeteo_forecast_berlin_2023-11-13_open-meteo-ruby.json"),), want=168,
                       values={"latitude": "52.52", "longitude": "13.41", "hourly": "weather_code",
                               "daily": "weather_code", "current": "weather_code", "minutely_15": "weather_code"})

RECORDED = {
    "nyt_top_stories_v2.yaml": {
        "GET /{section}.json": Recorded((Page("nyt_topstories_home_2022-10-01_andreaborg217.json"),), want=40,
                                        values={"section": "home"}),
    },
    # The overview: a person wants the books, five per list, not the sixteen lists as rows.
    "nyt_books_api.yaml": {"GET /lists/overview.json": _NYT_OVERVIEW},
    "nyt_books_api.json": {
        "GET /lists/overview.{format}": Recorded(_NYT_OVERVIEW.pages, want=80, values={"format": "json"}),
    },
    "nyt_most_popular_api_v2.yaml": {
        "GET /viewed/{period}.json": Recorded((Page("nyt_mostpopular_viewed_2019-12_kvikas8.json"),), want=20,
                                              values={"period": "1"}),
    },
    # Asked with four resolutions at once; a person reading a forecast wants the hours.
    "openmeteo_forecast_v3.1.yml": {"GET /v1/forecast": _OPEN_METEO},
    "openmeteo_openapi_v3.0.yml": {"GET /v1/forecast": _OPEN_METEO},
    "openweathermap_ballerina_openapi.yaml": {
        "GET /weather": Recorded((Page("openweathermap_current_weather_london_2020_open-weather-ruby-client.json"),),
                                 want=1, values={"q": "London"}),
    },
    "pokeapi_openapi.yml": {
        "GET /api/v2/ability/": Recorded(
            (Page("pokeapi_ability_list_limit20_offset0_next_url_2019_poke-api-v2.json"),
             Page("pokeapi_ability_list_limit10_offset10_next_previous_2019_poke-api-v2.json")),
            want=20, origin="https://pokeapi.co",
            second=("/api/v2/ability/", {"offset": "20", "limit": "20"})),
        "GET /api/v2/pokemon/{id}/": Recorded((Page("pokeapi_pokemon_1_record_2019_poke-api-v2.json"),), want=1,
                                               values={"id": "1"}),
    },
    "openai_openapi_2024-04.yaml": {
        "GET /assistants": Recorded(
            (Page("openai_assistants_list_cursor_2024-04-27_ruby-openai.json"),
             Page("openai_assistants_list_cursor_2023-11-14_ruby-openai.json")),
            want=20, second=("/v1/assistants", {"after": "asst_jMfdcgu0od1W6M0halr25anI"})),
        "GET /vector_stores": Recorded((Page("openai_vector_stores_list_has_more_false_2024-06-10_ruby-openai.json"),),
                                       want=17),
    },
    "github_api.github.com_v0.0.6_2020-09.json": {
        "GET /repos/{owner}/{repo}": Recorded((Page("github_get_repository_hello-world_octokit-fixtures.json"),),
                                              want=1,
                                              values={"owner": "octokit-fixture-org", "repo": "hello-world"}),
        "GET /repos/{owner}/{repo}/issues": Recorded(
            tuple(Page(f"github_issues_per_page3_page{n}_octokit-fixtures.json", _LINKS[n - 1]) for n in range(1, 6)),
            want=3, origin="https://api.github.com",
            values={"owner": "octokit-fixture-org", "repo": _ISSUES_REPO, "per_page": "3"},
            second=("/repositories/515435940/issues", {"per_page": "3", "page": "2"})),
        "GET /search/issues": Recorded((Page("github_search_issues_sesame_octokit-fixtures.json"),), want=2,
                                       values={"q": "sesame repo:octokit-fixture-org/tmp-scenario-search-issues"}),
    },
    "apisguru_stackexchange.com_2.0_openapi.yaml": {
        "GET /questions": Recorded((Page("stackexchange_questions_votes_pagesize10_2018-10_orderquestions.json"),),
                                   want=10, values={"site": "stackoverflow", "pagesize": "10", "sort": "votes"},
                                   second=("/2.0/questions", {"site": "stackoverflow", "page": "2"})),
        "GET /users/{ids}/associated": Recorded((Page("stackexchange_users_1_associated_2016-03_stackapi.json"),),
                                                want=30, values={"ids": "1"},
                                                second=("/2.0/users/1/associated", {"page": "2"})),
    },
    "spotify_official_open-api_2026-05.yml": {
        "GET /search": Recorded((Page("spotify_search_artist_gatan_spotify-web-api-js.json"),), want=1,
                                values={"q": "gatan", "type": "artist"}, origin="https://api.spotify.com"),
        "GET /artists/{id}": Recorded((Page("spotify_artist_abba_0LcJLqbBmaGUft1e9Mm8HV_spotify-web-api-js.json"),),
                                      want=1, values={"id": "0LcJLqbBmaGUft1e9Mm8HV"}),
        "GET /artists/{id}/albums": Recorded(
            (Page("spotify_artist_albums_offset0_limit20_next_spotify-web-api-js.json"),), want=20,
            values={"id": "5YyScSZOuBHpoFhGvHFedc"}, origin="https://api.spotify.com",
            second=("/v1/artists/5YyScSZOuBHpoFhGvHFedc/albums", {"offset": "20", "limit": "11"})),
        "GET /albums/{id}/tracks": Recorded(
            (Page("spotify_album_tracks_0sNOF9WDwhWunNAHPD3Baj_spotify-web-api-js.json"),), want=13,
            values={"id": "0sNOF9WDwhWunNAHPD3Baj"}),
    },
    "wikimedia_mobileapps_spec_2019-06.yaml": {
        "GET /{domain}/v1/page/summary/{title}": Recorded(
            (Page("wikipedia_page_summary_moscow_apps-android-wikipedia.json"),), want=1,
            values={"domain": "en.wikipedia.org", "title": "Moscow"}),
        "GET /{domain}/v1/page/most-read/{year}/{month}/{day}": Recorded(
            (Page("wikipedia_feed_most-read_2016-11-06_apps-android-wikipedia.json"),), want=43,
            values={"domain": "en.wikipedia.org", "year": "2016", "month": "11", "day": "06"}),
    },
}


def recorded_for(document, operation_key):
    return RECORDED.get(document, {}).get(operation_key)
