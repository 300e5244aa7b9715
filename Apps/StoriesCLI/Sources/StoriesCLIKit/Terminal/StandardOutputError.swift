#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why standard output stopped taking what a command writes.
public enum StandardOutputError: Error, Equatable, Sendable {
    /// The reader closed the pipe (`stories-cli list --all | head -1`). Not a failure: the reader has what it wanted.
    case readerClosed
    /// The file or device is full (`stories-cli list > /dev/full`).
    case noSpace
    /// Any other write error, with its `errno`.
    case failed(errorNumber: Int32)

    init(errorNumber: Int32) {
        switch errorNumber {
        case EPIPE: self = .readerClosed
        case ENOSPC, EDQUOT: self = .noSpace
        default: self = .failed(errorNumber: errorNumber)
        }
    }
}
