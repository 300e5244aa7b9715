import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Standard outputs that refuse what a child process writes, for testing how it stops.
public enum BrokenStandardOutput {
    /// The write end of a pipe whose read end is already closed, so that every write fails with `EPIPE`, as when
    /// the reader of `stories-cli list --all | head -1` has gone. Closing the reader first makes this deterministic:
    /// there is no window in which a write could still land in the pipe's buffer.
    public static func pipeWithoutReader() throws -> FileHandle {
        var descriptors: [Int32] = [0, 0]
        guard pipe(&descriptors) == 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        close(descriptors[0])
        return FileHandle(fileDescriptor: descriptors[1], closeOnDealloc: true)
    }

    /// `/dev/full`, where every write fails with `ENOSPC`.
    public static func fullDevice() throws -> FileHandle {
        guard let handle = FileHandle(forWritingAtPath: "/dev/full") else { throw POSIXError(.ENOENT) }
        return handle
    }
}
