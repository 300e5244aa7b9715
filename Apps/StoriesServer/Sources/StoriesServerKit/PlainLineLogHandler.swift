import Foundation
import Logging

/// Writes each message as one plain line on standard output, without timestamp or level, so that scripts can match
/// `Listening on <url>` and the README can show the lines exactly as they appear.
public struct PlainLineLogHandler: LogHandler {
    public var logLevel: Logger.Level = .info
    public var metadata: Logger.Metadata = [:]

    public init() {}

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        FileHandle.standardOutput.write(Data("\(event.message)\n".utf8))
    }
}
