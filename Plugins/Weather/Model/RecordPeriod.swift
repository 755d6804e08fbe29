/// `--past DURATION`: how far back `--past` and `--verify` read the weather record, as
/// typed (`7d`) and in seconds; a `--verify` without it reads the whole record.
public struct RecordPeriod: Sendable, Hashable {
    public var text: String
    public var seconds: Double

    public init(text: String, seconds: Double) {
        self.text = text
        self.seconds = seconds
    }
}

/// What the weather record held over a period, read from the store alone: the observations
/// `--now` (and the glance) kept, oldest first, and the period's bounds in Unix seconds
/// (`from` nil: since the record began).
public struct WeatherRecord: Sendable, Hashable {
    public var observations: [CurrentConditions]
    public var from: Int64?
    public var to: Int64
    /// The period as typed (`7d`); nil for the whole record.
    public var period: String?

    public init(observations: [CurrentConditions], from: Int64?, to: Int64, period: String? = nil) {
        self.observations = observations
        self.from = from
        self.to = to
        self.period = period
    }
}
