import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where a command's output goes. Commands never touch stdout or stderr directly, so tests capture what they say.
public protocol OutputWriting: Sendable {
    /// Whether standard output is a terminal: human layout and, unless `NO_COLOR` is set, colour.
    var usesColor: Bool { get }
    /// Writes `text` to standard output. Throws when the output cannot take it: the reader went away, or the disk
    /// is full.
    func write(_ text: String) throws(StandardOutputError)
    /// Writes `text` to standard error. Diagnostics that cannot be written are dropped: there is nowhere left to
    /// report them.
    func writeError(_ text: String)
}

/// The process's standard output and standard error, written with `write(2)` so that a closed pipe or a full disk
/// becomes an error the command reports, not a trap in the I/O library.
struct StandardOutput: OutputWriting {
    let usesColor: Bool

    init(environment: [String: String]) {
        let noColor = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
        usesColor = isatty(STDOUT_FILENO) == 1 && !noColor && environment["TERM"] != "dumb"
    }

    func write(_ text: String) throws(StandardOutputError) {
        if let errorNumber = Self.writeAll(text, to: STDOUT_FILENO) {
            throw StandardOutputError(errorNumber: errorNumber)
        }
    }

    func writeError(_ text: String) {
        _ = Self.writeAll(text, to: STDERR_FILENO)
    }

    /// Writes every byte, retrying short writes and interrupted calls. Returns `errno` on failure.
    private static func writeAll(_ text: String, to descriptor: Int32) -> Int32? {
        var text = text
        return text.withUTF8 { bytes -> Int32? in
            var offset = 0
            while offset < bytes.count {
                let written = systemWrite(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += written
            }
            return nil
        }
    }
}

/// `write(2)`, named so that it cannot be confused with the protocol's `write(_:)`.
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
        Glibc.write(descriptor, buffer, count)
    #else
        Darwin.write(descriptor, buffer, count)
    #endif
}
