import Foundation
import Logging

/// A swift-log handler that writes `--verbose` lines to the command's error output, so logs go where the command's
/// other diagnostics go (and tests can read them).
struct OutputLogHandler: LogHandler {
    let output: any OutputWriting
    var logLevel: Logger.Level = .info
    var metadata: Logger.Metadata = [:]

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let merged = metadata.merging(event.metadata ?? [:]) { _, new in new }
        let details =
            merged.isEmpty ? "" : " " + merged.sorted { $0.key < $1.key }.map { "\($0)=\($1)" }.joined(separator: " ")
        output.writeError("[\(event.level)] \(event.message)\(details)\n")
    }
}
