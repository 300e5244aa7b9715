import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The process's standard output and standard error, written with `write(2)` so that a closed pipe or a full disk
/// becomes an error the command reports, not a trap in the I/O library.
struct StandardOutput: OutputWriting {
    let usesColor: Bool
    let lineWidth: Int?
    let showsProgress: Bool

    init(environment: [String: String]) {
        let noColor = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
        let isTerminal = isatty(STDOUT_FILENO) == 1
        usesColor = isTerminal && !noColor && environment["TERM"] != "dumb"
        lineWidth = isTerminal ? Self.terminalWidth(environment: environment) : nil
        showsProgress = !isTerminal && isatty(STDERR_FILENO) == 1 && environment["TERM"] != "dumb"
    }

    /// `COLUMNS` when set (as shells and `tmux` export it), else what the terminal reports, else 80.
    static func terminalWidth(environment: [String: String]) -> Int {
        if let columns = environment["COLUMNS"].flatMap(Int.init), columns > 0 { return columns }
        var size = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        return 80
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
