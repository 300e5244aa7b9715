import Foundation
import StoriesCLIKit
import Synchronization

/// Collects what a command writes, so tests read it instead of the process's stdout.
public final class CapturedOutput: OutputWriting {
    private let buffers = Mutex((standard: "", error: ""))
    public let usesColor = false
    public let lineWidth: Int?
    public let showsProgress: Bool

    /// - Parameters:
    ///   - lineWidth: the terminal width to pretend; `nil` (the default) behaves like a pipe.
    ///   - showsProgress: whether to pretend standard error is a terminal watching a piped listing.
    public init(lineWidth: Int? = nil, showsProgress: Bool = false) {
        self.lineWidth = lineWidth
        self.showsProgress = showsProgress
    }

    public var standard: String { buffers.withLock { $0.standard } }
    public var error: String { buffers.withLock { $0.error } }

    public func write(_ text: String) throws(StandardOutputError) {
        buffers.withLock { $0.standard += text }
    }

    public func writeError(_ text: String) {
        buffers.withLock { $0.error += text }
    }
}
