import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A size-limited tmpfs mounted for one test, so "the disk is full" is real rather than simulated. Linux only, and
/// only as root (CI runs as root); tests that need it say so when they are skipped.
enum SmallFileSystem {
    /// Whether this process can mount one: Linux, running as root.
    static var isAvailable: Bool {
        #if os(Linux)
            getuid() == 0
        #else
            false
        #endif
    }

    static let unavailableReason: Comment = "needs root on Linux to mount a size-limited tmpfs"

    /// Mounts a tmpfs of `bytes` on a new directory, runs `body` with its path, and unmounts it whatever happens
    /// (lazily, so a connection the test still holds cannot keep it mounted).
    static func withMounted<T>(bytes: Int, _ body: (String) async throws -> T) async throws -> T {
        #if os(Linux)
            let mountPoint = FileManager.default.temporaryDirectory.appendingPathComponent("tmpfs-\(UUID().uuidString)")
                .path
            try FileManager.default.createDirectory(atPath: mountPoint, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: mountPoint) }
            guard mount("tmpfs", mountPoint, "tmpfs", 0, "size=\(bytes),mode=0700") == 0 else {
                throw MountFailed(errorNumber: errno)
            }
            defer { umount2(mountPoint, Int32(MNT_DETACH)) }
            return try await body(mountPoint)
        #else
            throw MountFailed(errorNumber: ENOSYS)
        #endif
    }

    /// Makes the file system mounted at `mountPoint` read-only, for root too.
    static func remountReadOnly(_ mountPoint: String) throws {
        #if os(Linux)
            guard mount("tmpfs", mountPoint, "tmpfs", UInt(MS_REMOUNT | MS_RDONLY), nil) == 0 else {
                throw MountFailed(errorNumber: errno)
            }
        #else
            throw MountFailed(errorNumber: ENOSYS)
        #endif
    }

    /// Fills the file system holding `directory` until not one more byte fits, with a file named `filler`.
    static func fill(_ directory: String) throws {
        let descriptor = open(directory + "/filler", O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        for chunk in [1 << 16, 1 << 12, 1] {
            let bytes = [UInt8](repeating: 0xA5, count: chunk)
            while write(descriptor, bytes, chunk) == chunk {}
        }
        let written = write(descriptor, [0], 1)
        let errorNumber = errno
        #expect(written < 0 && errorNumber == ENOSPC, "the file system is full")
    }

    struct MountFailed: Error {
        var errorNumber: Int32
    }
}
