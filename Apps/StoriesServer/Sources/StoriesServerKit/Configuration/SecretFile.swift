#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why a secret file was refused. None carries the file's content.
public enum SecretFileProblem: Error, Equatable, Sendable {
    /// `open` or `read` failed with this errno.
    case unreadable(errno: Int32)
    case notARegularFile
    /// Group or others may read or write it (the permission bits, such as `0o644`): like ssh with a private key, the
    /// server refuses a secret others may have read.
    case accessibleToOthers(mode: UInt32)
    /// Owned by another user than the one the server runs as.
    case ownedByAnotherUser
    /// Longer than `SecretFile.maximumLength`: not a secret but some other file.
    case tooLarge
    /// Empty, or not one line of visible ASCII characters (RFC 6749 `*VSCHAR`).
    case malformed
}

/// Reads a client secret from a file only its owner can read, so that the secret never appears in argv (which
/// `/proc/PID/cmdline` shows every user) or in the environment (which child processes inherit).
public enum SecretFile {
    public static let maximumLength = 4096

    /// The file's one line, without the line break that ends it.
    public static func read(path: String) throws(SecretFileProblem) -> String {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY)
        guard descriptor >= 0 else { throw .unreadable(errno: errno) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw .unreadable(errno: errno) }
        guard status.st_mode & S_IFMT == S_IFREG else { throw .notARegularFile }
        guard status.st_uid == geteuid() else { throw .ownedByAnotherUser }
        let mode = UInt32(status.st_mode) & 0o777
        guard mode & 0o077 == 0 else { throw .accessibleToOthers(mode: mode) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .unreadable(errno: errno)
            }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[..<count])
            guard bytes.count <= maximumLength else { throw .tooLarge }
        }
        while let last = bytes.last, last == UInt8(ascii: "\n") || last == UInt8(ascii: "\r") { bytes.removeLast() }
        guard let secret = String(validating: bytes, as: UTF8.self), ClientCredentials.isVisible(secret) else {
            throw .malformed
        }
        return secret
    }
}

/// `read(2)`, which `SecretFile.read(path:)` hides inside the type.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
