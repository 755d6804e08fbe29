/// A small strftime: the time directive of a ``LineTemplate`` (`%Y-%m-%d %H:%M`).
///
/// ISO 8601 text is shown on its own clock (`2022-09-23T00:00:00+03:00` →
/// `00:00`), so a place's local time stays local; Unix seconds are shown in
/// UTC. Parsed once, checked once: an unknown `%x` is a usage error.
struct TimeFormat: Sendable, Equatable {
    /// A mistake at `offset` characters into the format.
    struct Problem: Error {
        var offset: Int
        var reason: String
    }

    enum Piece: Sendable, Equatable {
        case text(String)
        case field(Character)
    }

    static let letters: Set<Character> = ["Y", "y", "m", "d", "e", "H", "I", "p", "M", "S", "b", "B", "a", "A", "j", "z", "Z", "%"]

    let pieces: [Piece]

    init(_ text: String) throws {
        var pieces: [Piece] = []
        var literal = ""
        var iterator = Array(text).enumerated().makeIterator()
        while let (offset, character) = iterator.next() {
            guard character == "%" else {
                literal.append(character)
                continue
            }
            guard let (_, letter) = iterator.next() else {
                throw Problem(offset: offset, reason: "'%' at the end of a time format")
            }
            guard Self.letters.contains(letter) else {
                throw Problem(offset: offset, reason: "unknown time field '%\(letter)' (use %Y %m %d %H %M %S %a %b %j %z)")
            }
            if letter == "%" {
                literal.append("%")
                continue
            }
            if !literal.isEmpty { pieces.append(.text(literal)) }
            literal = ""
            pieces.append(.field(letter))
        }
        if !literal.isEmpty { pieces.append(.text(literal)) }
        self.pieces = pieces
    }

    /// `value` formatted, or nil when it is not a time.
    func format(_ value: JSONValue) -> String? {
        guard let time = Self.time(of: value) else { return nil }
        return pieces.map { piece in
            switch piece {
            case let .text(text): text
            case let .field(letter): Self.text(letter, of: time)
            }
        }.joined()
    }

    /// The moment and its clock: ISO 8601 text with its offset, or Unix seconds in UTC.
    static func time(of value: JSONValue) -> LocalTime? {
        switch value {
        case let .int(seconds): return LocalTime(unix: seconds)
        case let .double(seconds): return Int64(saturating: seconds, rounding: .down).map { LocalTime(unix: $0) }
        case let .string(text):
            guard let date = Timestamp.parse(text) else { return nil }
            return LocalTime(date, offset: offset(in: text))
        default: return nil
        }
    }

    /// Seconds east of UTC written at the end of an ISO 8601 time (`+03:00`, `-0500`); 0 for `Z` or none.
    static func offset(in text: String) -> Int {
        let tail = text.split(separator: "T", maxSplits: 1).dropFirst().first ?? ""
        guard let sign = tail.lastIndex(where: { $0 == "+" || $0 == "-" }) else { return 0 }
        let digits = tail[tail.index(after: sign)...].filter(\.isNumber)
        guard digits.count == 4 || digits.count == 2, let number = Int(digits) else { return 0 }
        let (hours, minutes) = digits.count == 4 ? (number / 100, number % 100) : (number, 0)
        return (tail[sign] == "-" ? -1 : 1) * (hours * 3600 + minutes * 60)
    }

    private static let months = ["January", "February", "March", "April", "May", "June", "July", "August",
                                 "September", "October", "November", "December"]
    private static let days = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]

    private static func text(_ letter: Character, of time: LocalTime) -> String {
        func pad(_ number: Int, _ width: Int = 2) -> String {
            let digits = String(number)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        switch letter {
        case "Y": return pad(time.year, 4)
        case "y": return pad(time.year % 100)
        case "m": return pad(time.month)
        case "d": return pad(time.day)
        case "e": return time.day < 10 ? " \(time.day)" : "\(time.day)"
        case "H": return pad(time.hour)
        case "I": return pad(time.hour % 12 == 0 ? 12 : time.hour % 12)
        case "p": return time.hour < 12 ? "AM" : "PM"
        case "M": return pad(time.minute)
        case "S": return pad(time.second)
        case "b": return String(months[time.month - 1].prefix(3))
        case "B": return months[time.month - 1]
        case "a": return String(days[time.weekday].prefix(3))
        case "A": return days[time.weekday]
        case "j": return pad(dayOfYear(time), 3)
        case "z", "Z":
            let offset = abs(time.offset)
            return (time.offset < 0 ? "-" : "+") + pad(offset / 3600) + pad(offset % 3600 / 60)
        default: return ""
        }
    }

    /// 1 for 1 January.
    private static func dayOfYear(_ time: LocalTime) -> Int {
        let leap = time.year % 4 == 0 && (time.year % 100 != 0 || time.year % 400 == 0)
        let before = [0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334][max(0, min(11, time.month - 1))]
        return before + time.day + (leap && time.month > 2 ? 1 : 0)
    }
}
