import APICore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The weather's versions (weather migration 6, docs/design/0260-item-versions.md): a
/// forecast step per place and time, the current conditions per place, and the air
/// quality per place and kind each keep a row every time a fetch brings content they
/// did not have. The latest version of an item is its last one written (the highest
/// `num`), whose hash a new fetch is compared with.
///
/// Each table's index `<table>_item` lists the columns that name an item, then `fetched_at`
/// when it has it: what `store prune` keeps each item's latest version by.
///
/// The current conditions' versions are the place's weather record: each `--now` fetch
/// that brought a new observation is one row, with the observation's own time (`dt`).
enum WeatherVersions {
    /// The text of a query, as its versions record it: `forecast/paris/metric//0`.
    static func queryKey(_ kind: String, _ key: [SQLValue]) -> SQLValue {
        .text(([kind] + key.map { $0.string ?? $0.int64.map(String.init) ?? "" }).joined(separator: "/"))
    }

    // MARK: Forecast steps

    /// The hash of one step: the values stored for it but its key and position.
    static func stepHash(_ values: [SQLValue]) -> Int64 { VersionHash.of(values) }

    static let latestStepHash =
        "SELECT hash FROM weather_entry_versions WHERE city_key = ? AND units = ? AND lang = ? AND dt = ? "
        + "ORDER BY num DESC LIMIT 1"

    /// The step a forecast `?4`-`?8` (key, cnt, position) holds as stored, as a version fetched at
    /// `?1`, hashed `?2`, brought by `?3`.
    static let insertStepVersion: String = {
        let values = ["dt"] + ForecastStore.entryColumns.names + ForecastStore.conditionColumns
        return "INSERT INTO weather_entry_versions (city_key, units, lang, dt, fetched_at, hash, query_key, content) "
            + "SELECT city_key, units, lang, dt, ?1, ?2, ?3, "
            + "json_object(" + values.map { "'\($0)', \($0)" }.joined(separator: ", ") + ") "
            + "FROM weather_entries WHERE city_key = ?4 AND units = ?5 AND lang = ?6 AND cnt = ?7 AND position = ?8"
    }()

    /// Adds a version of the step just stored at `position` of the forecast `key` (with its
    /// `cnt`) when its `hash` is not its latest version's.
    static func addStep(
        key: [SQLValue], position: Int, dt: Int64, hash: Int64, fetchedAt: Date, in transaction: any StoreTransaction
    ) throws {
        let latest = try transaction.queryOne(latestStepHash, Array(key.prefix(3)) + [.integer(dt)])
        guard latest?[0].int64 != hash else { return }
        try transaction.execute(
            insertStepVersion,
            [fetchedAt.sql, .integer(hash), queryKey("forecast", key)] + key + [position.sql])
    }

    // MARK: Current conditions

    static let latestCurrentHash =
        "SELECT hash FROM weather_current_versions WHERE city_key = ? AND units = ? AND lang = ? ORDER BY num DESC LIMIT 1"

    /// The current conditions of `?4`-`?6` as stored, as a version hashed `?1` brought by `?2`.
    static let insertCurrentVersion: String = {
        let values = ForecastStore.cityColumns.names + CurrentStore.observationColumns.names
            + ForecastStore.conditionColumns
        return "INSERT INTO weather_current_versions (city_key, units, lang, dt, fetched_at, hash, query_key, content) "
            + "SELECT city_key, units, lang, dt, fetched_at, ?1, ?2, "
            + "json_object(" + values.map { "'\($0)', \($0)" }.joined(separator: ", ")
            + ", 'conditions', json(conditions)) "
            + "FROM weather_current WHERE city_key = ?3 AND units = ?4 AND lang = ?5"
    }()

    /// Adds a version of the current conditions just stored under `key` when `hash` is new.
    static func addCurrent(key: [SQLValue], hash: Int64, in transaction: any StoreTransaction) throws {
        let latest = try transaction.queryOne(latestCurrentHash, key)
        guard latest?[0].int64 != hash else { return }
        try transaction.execute(insertCurrentVersion, [.integer(hash), queryKey("current", key)] + key)
    }

    // MARK: Air quality

    static let latestAirHash =
        "SELECT hash FROM weather_air_versions WHERE city_key = ? AND kind = ? ORDER BY num DESC LIMIT 1"

    /// The air quality of `?3`-`?4` as stored, its samples in order, as a version hashed `?1` brought by `?2`.
    static let insertAirVersion: String = {
        let sample = ["dt", "aqi"] + AirStore.componentColumns
        return "INSERT INTO weather_air_versions (city_key, kind, fetched_at, hash, query_key, content) "
            + "SELECT a.city_key, a.kind, a.fetched_at, ?1, ?2, json_object('lat', a.lat, 'lon', a.lon, 'samples', "
            + "(SELECT json_group_array(json_object(" + sample.map { "'\($0)', s.\($0)" }.joined(separator: ", ") + ")) "
            + "FROM (SELECT * FROM weather_air_samples s WHERE s.city_key = a.city_key AND s.kind = a.kind "
            + "ORDER BY s.position) s)) FROM weather_air a WHERE a.city_key = ?3 AND a.kind = ?4"
    }()

    /// Adds a version of the air quality just stored under `key` when `hash` is new.
    static func addAir(key: [SQLValue], hash: Int64, in transaction: any StoreTransaction) throws {
        let latest = try transaction.queryOne(latestAirHash, key)
        guard latest?[0].int64 != hash else { return }
        try transaction.execute(insertAirVersion, [.integer(hash), queryKey("air", key)] + key)
    }

    // MARK: Migration 6

    static let tablesSQL = """
        CREATE TABLE weather_entry_versions (
            num         INTEGER PRIMARY KEY,
            city_key    TEXT NOT NULL,
            units       TEXT NOT NULL,
            lang        TEXT NOT NULL,
            dt          INTEGER NOT NULL,
            fetched_at  REAL NOT NULL,
            hash        INTEGER NOT NULL,
            query_key   TEXT,
            content     TEXT NOT NULL
        );
        CREATE INDEX weather_entry_versions_item ON weather_entry_versions (city_key, units, lang, dt);
        CREATE TABLE weather_current_versions (
            num         INTEGER PRIMARY KEY,
            city_key    TEXT NOT NULL,
            units       TEXT NOT NULL,
            lang        TEXT NOT NULL,
            dt          INTEGER,
            fetched_at  REAL NOT NULL,
            hash        INTEGER NOT NULL,
            query_key   TEXT,
            content     TEXT NOT NULL
        );
        CREATE INDEX weather_current_versions_item ON weather_current_versions (city_key, units, lang, fetched_at);
        CREATE TABLE weather_air_versions (
            num         INTEGER PRIMARY KEY,
            city_key    TEXT NOT NULL,
            kind        TEXT NOT NULL,
            fetched_at  REAL NOT NULL,
            hash        INTEGER NOT NULL,
            query_key   TEXT,
            content     TEXT NOT NULL
        );
        CREATE INDEX weather_air_versions_item ON weather_air_versions (city_key, kind);
        CREATE VIEW weather_versions (item, fetched_at, hash, query, content) AS
            SELECT 'forecast/' || city_key || '/' || units || '/' || lang || '/' || dt,
                fetched_at, hash, query_key, content FROM weather_entry_versions
            UNION ALL
            SELECT 'current/' || city_key || '/' || units || '/' || lang, fetched_at, hash, query_key, content
                FROM weather_current_versions
            UNION ALL
            SELECT 'air/' || city_key || '/' || kind, fetched_at, hash, query_key, content FROM weather_air_versions;
        """

    /// Migration 6: the tables, and each stored forecast step, current conditions and air
    /// quality as its item's first version, hashed as a fetch hashes it.
    static func migrate(_ transaction: any StoreTransaction) throws {
        try transaction.executeScript(tablesSQL)
        let stepValues = ["dt"] + ForecastStore.entryColumns.names + ForecastStore.conditionColumns
        var steps: [(key: [SQLValue], position: Int, dt: Int64, hash: Int64, fetchedAt: Date)] = []
        try transaction.forEachRow(
            "SELECT e.city_key, e.units, e.lang, e.cnt, e.position, f.fetched_at, " + stepValues.map { "e." + $0 }.joined(separator: ", ")
                + " FROM weather_entries e JOIN weather_forecasts f ON f.city_key = e.city_key AND f.units = e.units"
                + " AND f.lang = e.lang AND f.cnt = e.cnt ORDER BY f.fetched_at, e.position", []
        ) { row in
            guard let position = row[4].int, let fetched = row[5].double, let dt = row[6].int64 else { return }
            let values = (6..<row.count).map { row[$0] }
            steps.append(([row[0], row[1], row[2], row[3]], position, dt, stepHash(values), Date(timeIntervalSince1970: fetched)))
        }
        for step in steps {
            try addStep(key: step.key, position: step.position, dt: step.dt, hash: step.hash, fetchedAt: step.fetchedAt, in: transaction)
        }
        var currents: [([SQLValue], Int64)] = []
        try transaction.forEachRow("SELECT " + CurrentStore.hashedColumns.joined(separator: ", ") + " FROM weather_current", []) { row in
            currents.append(([row[0], row[1], row[2]], VersionHash.of((3..<row.count).map { row[$0] })))
        }
        for (key, hash) in currents { try addCurrent(key: key, hash: hash, in: transaction) }
        var airs: [[SQLValue]] = []
        try transaction.forEachRow("SELECT city_key, kind FROM weather_air", []) { row in airs.append([row[0], row[1]]) }
        for key in airs {
            try addAir(key: key, hash: try AirStore.storedHash(key, in: transaction), in: transaction)
        }
    }
}
