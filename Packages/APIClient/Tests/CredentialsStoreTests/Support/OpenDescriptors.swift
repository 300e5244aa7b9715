#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How many of this process's open file descriptors refer to a file: how a test sees, from outside the store, whether
/// it opened a second connection (each SQLite connection holds its own descriptor on the database file).
enum OpenDescriptors {
    /// The descriptors whose device and inode are those of the file at `path`; 0 when it does not exist.
    static func count(of path: String) -> Int {
        var target = stat()
        guard stat(path, &target) == 0 else { return 0 }
        var count = 0
        for descriptor in 0..<getdtablesize() {
            var status = stat()
            guard fstat(descriptor, &status) == 0 else { continue }
            if status.st_dev == target.st_dev && status.st_ino == target.st_ino { count += 1 }
        }
        return count
    }
}
