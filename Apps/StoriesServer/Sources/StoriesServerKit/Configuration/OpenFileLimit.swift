#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The process's limit on open file descriptors (`RLIMIT_NOFILE`), which bounds how many connections it can hold.
public enum OpenFileLimit {
    /// The soft and hard limits, or `nil` when they cannot be read.
    public static var current: (soft: UInt64, hard: UInt64)? {
        var limit = rlimit()
        guard getrlimit(resource, &limit) == 0 else { return nil }
        return (UInt64(limit.rlim_cur), UInt64(limit.rlim_max))
    }

    /// Raises the soft limit to the hard one, as far as the system allows (macOS caps it at `OPEN_MAX`); whether the
    /// soft limit now equals the hard one. The common soft limit of 1,024 would let a few hundred idle connections make
    /// the server refuse everyone, while the hard limit is commonly far higher.
    @discardableResult
    public static func raiseSoftLimitToHard() -> Bool {
        var limit = rlimit()
        guard getrlimit(resource, &limit) == 0 else { return false }
        if limit.rlim_cur == limit.rlim_max { return true }
        limit.rlim_cur = limit.rlim_max
        return setrlimit(resource, &limit) == 0
    }

    private static var resource: Int32 {
        #if canImport(Glibc)
            Int32(RLIMIT_NOFILE.rawValue)
        #else
            RLIMIT_NOFILE
        #endif
    }
}
