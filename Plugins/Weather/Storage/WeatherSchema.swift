import APICore

/// The weather provider's tables, created by its own migrations (owner `weather`).
///
/// One row per (city as typed and normalised, units, lang, cnt) in
/// `weather_forecasts`, and its steps in `weather_entries`. Measurement columns
/// are declared without a type on purpose: with no affinity SQLite keeps an
/// integer an integer and a real a real, so `1017` and `1006.74` come back as
/// the API sent them. `weather_places` keeps the places the geocoder resolved.
enum WeatherSchema {
    static let migrations: [Migration] = [
        Migration(
            1,
            sql: """
                CREATE TABLE weather_forecasts (
                    city_key    TEXT NOT NULL,
                    units       TEXT NOT NULL,
                    lang        TEXT NOT NULL,
                    requested   TEXT NOT NULL,
                    fetched_at  REAL NOT NULL,
                    city_id     INTEGER,
                    city_name   TEXT,
                    country     TEXT,
                    lat,
                    lon,
                    timezone    INTEGER,
                    sunrise     INTEGER,
                    sunset      INTEGER,
                    population  INTEGER,
                    PRIMARY KEY (city_key, units, lang)
                );
                CREATE TABLE weather_entries (
                    city_key    TEXT NOT NULL,
                    units       TEXT NOT NULL,
                    lang        TEXT NOT NULL,
                    position    INTEGER NOT NULL,
                    dt          INTEGER NOT NULL,
                    dt_txt      TEXT,
                    temp, feels_like, temp_min, temp_max, pressure, sea_level, grnd_level, humidity, temp_kf,
                    weather_id  INTEGER,
                    weather_main TEXT,
                    description TEXT,
                    icon        TEXT,
                    clouds, wind_speed, wind_deg, wind_gust, visibility, pop, rain_3h, snow_3h,
                    PRIMARY KEY (city_key, units, lang, position),
                    FOREIGN KEY (city_key, units, lang)
                        REFERENCES weather_forecasts (city_key, units, lang) ON DELETE CASCADE
                ) WITHOUT ROWID;
                """),
        // Places resolved through the Geocoding API, by how they were asked for
        // (`direct:london,gb`, `zip:94040,us`, `reverse:48.8566,2.3522`); `local_names`
        // is the geocoder's object as JSON text. Kept 30 days: places do not move.
        Migration(
            2,
            sql: """
                CREATE TABLE weather_places (
                    lookup      TEXT PRIMARY KEY,
                    fetched_at  REAL NOT NULL,
                    name        TEXT,
                    local_names TEXT,
                    lat,
                    lon,
                    country     TEXT,
                    state       TEXT
                ) WITHOUT ROWID;
                """),
        // `--now` and `--air`: the latest current conditions per (place, units, lang), and the
        // latest air quality per place and kind (`now`, or `forecast` for the hourly answer).
        Migration(
            3,
            sql: """
                CREATE TABLE weather_current (
                    city_key    TEXT NOT NULL,
                    units       TEXT NOT NULL,
                    lang        TEXT NOT NULL,
                    requested   TEXT NOT NULL,
                    fetched_at  REAL NOT NULL,
                    city_id     INTEGER,
                    city_name   TEXT,
                    country     TEXT,
                    lat, lon,
                    timezone    INTEGER,
                    sunrise     INTEGER,
                    sunset      INTEGER,
                    population  INTEGER,
                    dt          INTEGER,
                    temp, feels_like, temp_min, temp_max, pressure, humidity, visibility,
                    wind_speed, wind_deg, wind_gust, clouds, rain_1h, snow_1h,
                    weather_id  INTEGER,
                    weather_main TEXT,
                    description TEXT,
                    icon        TEXT,
                    conditions  TEXT,
                    PRIMARY KEY (city_key, units, lang)
                ) WITHOUT ROWID;
                CREATE TABLE weather_air (
                    city_key    TEXT NOT NULL,
                    kind        TEXT NOT NULL,
                    requested   TEXT NOT NULL,
                    fetched_at  REAL NOT NULL,
                    lat, lon,
                    PRIMARY KEY (city_key, kind)
                ) WITHOUT ROWID;
                CREATE TABLE weather_air_samples (
                    city_key    TEXT NOT NULL,
                    kind        TEXT NOT NULL,
                    position    INTEGER NOT NULL,
                    dt          INTEGER NOT NULL,
                    aqi         INTEGER,
                    pm2_5, pm10, o3, no2, so2, co, nh3, no,
                    PRIMARY KEY (city_key, kind, position),
                    FOREIGN KEY (city_key, kind) REFERENCES weather_air (city_key, kind) ON DELETE CASCADE
                ) WITHOUT ROWID;
                """),
        // A forecast is kept per (place, units, lang, cnt): `--cnt` changes the answer, so an
        // answer of 8 steps no longer replaces, or stands for, the whole forecast. The two
        // tables get `cnt` in their keys: made anew when no forecast is stored, else rebuilt
        // (``keyByCountSQL``).
        Migration(4, apply: { tx in
            let stored = try tx.queryOne("SELECT 1 FROM weather_forecasts LIMIT 1") != nil
            try tx.executeScript(
                stored ? keyByCountSQL : "DROP TABLE weather_entries; DROP TABLE weather_forecasts;" + tablesByCountSQL(""))
        }),
        // Every forecast step, current conditions and air quality keeps its versions, and
        // what is stored becomes each item's first version (``WeatherVersions``). Numbered
        // 6: 5 is held for another step, and the store runs a gap's steps in order.
        Migration(6, apply: WeatherVersions.migrate),
    ]

    /// `weather_forecasts` and `weather_entries` with `cnt` in their keys, their names ending in `suffix`.
    static func tablesByCountSQL(_ suffix: String) -> String {
        """
        CREATE TABLE weather_forecasts\(suffix) (
            city_key    TEXT NOT NULL,
            units       TEXT NOT NULL,
            lang        TEXT NOT NULL,
            cnt         INTEGER NOT NULL,
            requested   TEXT NOT NULL,
            fetched_at  REAL NOT NULL,
            city_id     INTEGER,
            city_name   TEXT,
            country     TEXT,
            lat,
            lon,
            timezone    INTEGER,
            sunrise     INTEGER,
            sunset      INTEGER,
            population  INTEGER,
            PRIMARY KEY (city_key, units, lang, cnt)
        );
        CREATE TABLE weather_entries\(suffix) (
            city_key    TEXT NOT NULL,
            units       TEXT NOT NULL,
            lang        TEXT NOT NULL,
            cnt         INTEGER NOT NULL,
            position    INTEGER NOT NULL,
            dt          INTEGER NOT NULL,
            dt_txt      TEXT,
            temp, feels_like, temp_min, temp_max, pressure, sea_level, grnd_level, humidity, temp_kf,
            weather_id  INTEGER,
            weather_main TEXT,
            description TEXT,
            icon        TEXT,
            clouds, wind_speed, wind_deg, wind_gust, visibility, pop, rain_3h, snow_3h,
            PRIMARY KEY (city_key, units, lang, cnt, position),
            FOREIGN KEY (city_key, units, lang, cnt)
                REFERENCES weather_forecasts\(suffix) (city_key, units, lang, cnt) ON DELETE CASCADE
        ) WITHOUT ROWID;
        """
    }

    /// Migration 4 on a store that holds forecasts: both tables rebuilt with `cnt` in their keys.
    /// A forecast stored before is given the count of its steps when it has fewer than 40 (it
    /// may have answered a `--cnt`), else 0, the whole forecast. The steps' old table goes
    /// first: dropping the forecasts' would delete them through the foreign key; renaming the
    /// new forecasts' table renames the steps' reference to it.
    static let keyByCountSQL = tablesByCountSQL("_by_count") + """
        INSERT INTO weather_forecasts_by_count
            SELECT f.city_key, f.units, f.lang,
                (SELECT CASE WHEN COUNT(*) < 40 THEN COUNT(*) ELSE 0 END FROM weather_entries e
                    WHERE e.city_key = f.city_key AND e.units = f.units AND e.lang = f.lang),
                f.requested, f.fetched_at, f.city_id, f.city_name, f.country, f.lat, f.lon, f.timezone,
                f.sunrise, f.sunset, f.population
            FROM weather_forecasts f;
        INSERT INTO weather_entries_by_count
            SELECT e.city_key, e.units, e.lang, f.cnt, e.position, e.dt, e.dt_txt, e.temp, e.feels_like,
                e.temp_min, e.temp_max, e.pressure, e.sea_level, e.grnd_level, e.humidity, e.temp_kf,
                e.weather_id, e.weather_main, e.description, e.icon, e.clouds, e.wind_speed, e.wind_deg,
                e.wind_gust, e.visibility, e.pop, e.rain_3h, e.snow_3h
            FROM weather_entries e JOIN weather_forecasts_by_count f
                ON f.city_key = e.city_key AND f.units = e.units AND f.lang = e.lang;
        DROP TABLE weather_entries;
        DROP TABLE weather_forecasts;
        ALTER TABLE weather_forecasts_by_count RENAME TO weather_forecasts;
        ALTER TABLE weather_entries_by_count RENAME TO weather_entries;
        """
}
