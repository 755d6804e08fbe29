// The start-up baseline for scenario 7: the smallest program that loads
// Foundation, built with the same compiler in release mode (-O).
import Foundation

FileHandle.standardOutput.write(Data("hello \(ProcessInfo.processInfo.processIdentifier)\n".utf8))
