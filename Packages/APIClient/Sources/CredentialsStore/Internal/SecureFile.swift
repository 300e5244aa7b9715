import Authorization
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Creates the credentials directory (0700) and file (0600) before SQLite touches them, so there is no moment in
/// which a token sits in a file other users can read (requirement F4).
enum SecureFile {
    static func prepare(path: String) throws(CredentialsStoreError) {
        let directory = (path as NSString).deletingLastPathComponent
        if !directory.isEmpty, !FileManager.default.fileExists(atPath: directory) {
            do {
                try FileManager.default.createDirectory(
                    atPath: directory,
                    withIntermediateDirectories: true,
                    attributes: [.posixPermissions: 0o700]
                )
            } catch {
                throw .readOnly(path: path)
            }
        }
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else {
            switch errno {
            case EACCES, EROFS, EPERM: throw .readOnly(path: path)
            case ELOOP, EISDIR: throw .notARegularFile(path: path)
            default: throw .fileSystemError(path: path, errorNumber: errno)
            }
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw .fileSystemError(path: path, errorNumber: errno) }
        let mode = status.st_mode & 0o777
        if mode & 0o077 != 0 {
            guard fchmod(descriptor, 0o600) == 0 else {
                throw .insecurePermissions(path: path, mode: String(mode, radix: 8))
            }
        }
    }
}
