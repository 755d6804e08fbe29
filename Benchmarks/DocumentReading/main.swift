// Reads documents through the APIDocuments readers and prints how long it took.
//
//   DocumentReadingBenchmark [--runs N] [--max-bytes BYTES] FILE...
//   DocumentReadingBenchmark --json FILE      (the tree as JSON on stdout, for comparing readers)
//
// One line per file: format, size, the fastest and the median of N reads, the
// values in the tree, and the process's peak resident memory so far. Run one file
// per process to see each file's own peak (Benchmarks/documents.py does). Figures
// only: it never fails on timing; it exits 1 when a document cannot be read.
import APIDocuments
import Foundation

func count(_ node: DocumentNode) -> Int {
    switch node.value {
    case let .array(items): 1 + items.reduce(0) { $0 + count($1) }
    case let .object(members): 1 + members.reduce(0) { $0 + count($1.value) }
    default: 1
    }
}

/// VmHWM, the peak resident memory of this process image. Not getrusage's
/// ru_maxrss: Linux carries that over from the parent across fork and exec.
/// The tree as compact JSON, numbers as written, for Benchmarks/compare_pyyaml.py.
func writeJSON(_ node: DocumentNode, into out: inout String) {
    func quote(_ text: String, into out: inout String) {
        out += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            default:
                if scalar.value < 0x20 {
                    out += "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count) + String(scalar.value, radix: 16)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }
    switch node.value {
    case .null: out += "null"
    case let .bool(flag): out += flag ? "true" : "false"
    case let .number(text): out += text
    case let .string(text): quote(text, into: &out)
    case let .array(items):
        out += "["
        for (index, item) in items.enumerated() {
            if index > 0 { out += "," }
            writeJSON(item, into: &out)
        }
        out += "]"
    case let .object(members):
        out += "{"
        for (index, member) in members.enumerated() {
            if index > 0 { out += "," }
            quote(member.key, into: &out)
            out += ":"
            writeJSON(member.value, into: &out)
        }
        out += "}"
    }
}

func peakResidentMiB() -> Double {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
          let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
          let kibibytes = Double(line.split(separator: " ").dropFirst().first ?? "")
    else { return 0 }
    return kibibytes / 1024
}

var arguments = Array(CommandLine.arguments.dropFirst())
var runs = 5
var limits = DocumentLimits.standard
var files: [String] = []
var dump = false
while !arguments.isEmpty {
    let argument = arguments.removeFirst()
    switch argument {
    case "--runs": runs = arguments.isEmpty ? runs : Int(arguments.removeFirst()) ?? runs
    case "--json": dump = true
    case "--max-bytes": limits.maxBytes = arguments.isEmpty ? limits.maxBytes : Int(arguments.removeFirst()) ?? limits.maxBytes
    default: files.append(argument)
    }
}

if dump, let file = files.first {
    do {
        let (tree, _) = try DocumentFormat.read([UInt8](FileManager.default.contents(atPath: file) ?? Data()), limits: limits)
        var out = ""
        writeJSON(tree, into: &out)
        print(out)
        exit(0)
    } catch {
        FileHandle.standardError.write(Data("\(file): \(error)\n".utf8))
        exit(1)
    }
}

var failed = false
for file in files {
    guard let data = FileManager.default.contents(atPath: file) else {
        print("\(file): cannot read")
        failed = true
        continue
    }
    let bytes = [UInt8](data)
    let clock = ContinuousClock()
    var times: [Double] = []
    var values = 0
    var format = DocumentFormat.of(bytes)
    for _ in 0..<runs {
        let start = clock.now
        do {
            let (tree, found) = try DocumentFormat.read(bytes, limits: limits)
            let elapsed = clock.now - start
            times.append(Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15)
            values = count(tree)
            format = found
        } catch {
            let elapsed = clock.now - start
            let ms = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
            print("\(file): \(format.rawValue), refused in \(String(format: "%.1f", ms)) ms: \(error)")
            failed = true
            break
        }
    }
    guard !times.isEmpty else { continue }
    times.sort()
    let mebibytes = Double(bytes.count) / 1_048_576
    print(String(format: "%@: %@ %.1f MiB, %d values: fastest %.0f ms, median %.0f ms of %d (%.0f MiB/s), peak RSS %.0f MiB",
                 file, format.rawValue, mebibytes, values, times[0], times[times.count / 2], times.count,
                 mebibytes / (times[0] / 1000), peakResidentMiB()))
}
exit(failed ? 1 : 0)
