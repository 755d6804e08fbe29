/// A strict reader of RFC 4180 CSV, independent of the writer it checks: records end in
/// CRLF (the last one too), a field is either quoted (any text, `""` for a quote) or
/// plain (no quote, CR or LF); anything else is an error naming where it is.
enum CSVRecords {
    struct Malformed: Error, CustomStringConvertible {
        var description: String
    }

    static func parse(_ text: String) throws(Malformed) -> [[String]] {
        let scalars = Array(text.unicodeScalars)
        var records: [[String]] = []
        var record: [String] = []
        var index = 0
        func at(_ offset: Int) -> Unicode.Scalar? { offset < scalars.count ? scalars[offset] : nil }
        while index < scalars.count {
            var field = String.UnicodeScalarView()
            if at(index) == "\"" {
                index += 1
                while true {
                    guard let scalar = at(index) else {
                        throw Malformed(description: "record \(records.count + 1): a quoted field is never closed")
                    }
                    if scalar == "\"" {
                        if at(index + 1) == "\"" {
                            field.append("\"")
                            index += 2
                            continue
                        }
                        index += 1
                        break
                    }
                    field.append(scalar)
                    index += 1
                }
            } else {
                while let scalar = at(index), scalar != ",", scalar != "\r", scalar != "\n" {
                    if scalar == "\"" {
                        throw Malformed(description: "record \(records.count + 1): a quote inside an unquoted field")
                    }
                    field.append(scalar)
                    index += 1
                }
            }
            record.append(String(field))
            switch at(index) {
            case ",":
                index += 1
                if index == scalars.count {
                    throw Malformed(description: "record \(records.count + 1): the text ends after a comma")
                }
            case "\r" where at(index + 1) == "\n":
                records.append(record)
                record = []
                index += 2
            case nil:
                throw Malformed(description: "record \(records.count + 1): the last record does not end in CRLF")
            default:
                throw Malformed(description: "record \(records.count + 1): a field is followed by neither a comma nor CRLF")
            }
        }
        return records
    }
}
