#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The open-file limit a command needs, checked before anything opens a file.
///
/// A command holds a few descriptors at once: the credentials file with its WAL, shared-memory and lock files,
/// SwiftNIO's event loop (epoll, eventfd, timerfd), a socket, standard input, output and error. Under a lower limit
/// SwiftNIO stops the process when it cannot create its event loop (`fatalError`), and SQLite fails with a bare
/// "unable to open". So the soft limit is raised to `needed` when the hard limit allows (`ulimit -Sn 8`), and a
/// hard limit below it is a clear failure (exit 71) before a command opens anything.
enum DescriptorLimit {
    /// Several times what a command holds, so a library that opens one more file does not bring the traps back.
    static let needed: rlim_t = 64

    /// Raises the soft limit to `needed` if it is lower; throws when the hard limit forbids it.
    static func raiseIfNeeded() throws(CommandFailure) {
        // RLIM_INFINITY is the largest value of rlim_t, so an unlimited process passes the comparisons.
        guard let limit = ResourceLimit.openFiles.current, limit.rlim_cur < needed else { return }
        if limit.rlim_max >= needed, ResourceLimit.openFiles.setSoftLimit(to: needed) { return }
        throw CommandFailure(
            "stories-cli needs to open up to \(needed) files, and this process may open \(limit.rlim_cur) (`ulimit -n`); raise the limit and try again.",
            exitStatus: .osError)
    }
}
