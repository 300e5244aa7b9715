#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One of the process's resource limits (`getrlimit(2)`), written once for the two C libraries' spellings.
struct ResourceLimit {
    /// Open file descriptors (`RLIMIT_NOFILE`).
    static let openFiles: ResourceLimit = {
        #if canImport(Glibc)
            ResourceLimit(resource: Int32(RLIMIT_NOFILE.rawValue))
        #else
            ResourceLimit(resource: RLIMIT_NOFILE)
        #endif
    }()

    /// The size of a core file (`RLIMIT_CORE`).
    static let coreFileSize: ResourceLimit = {
        #if canImport(Glibc)
            ResourceLimit(resource: Int32(RLIMIT_CORE.rawValue))
        #else
            ResourceLimit(resource: RLIMIT_CORE)
        #endif
    }()

    private let resource: Int32

    /// The soft (`rlim_cur`) and hard (`rlim_max`) limits, or `nil` when they cannot be read.
    var current: rlimit? {
        var limit = rlimit()
        return getrlimit(resource, &limit) == 0 ? limit : nil
    }

    /// Sets the soft limit to `value`, keeping the hard one; whether the system took it.
    @discardableResult
    func setSoftLimit(to value: rlim_t) -> Bool {
        guard var limit = current else { return false }
        limit.rlim_cur = value
        return setrlimit(resource, &limit) == 0
    }
}
