import Logging

/// Writes each message as one plain line, without timestamp or level, so that scripts can match
/// `Listening on <url>` and docs/SERVER.md can show the lines exactly as they appear.
public struct PlainLineLogHandler: LogHandler {
    public var logLevel: Logger.Level = .info
    public var metadata: Logger.Metadata = [:]
    private let output: LineWriter

    /// - Parameter output: shared by every handler of the process (standard output), so that lines never interleave.
    public init(output: LineWriter) {
        self.output = output
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        output.writeLine(event.message.description)
    }
}
