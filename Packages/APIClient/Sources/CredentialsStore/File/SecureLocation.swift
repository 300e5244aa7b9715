import Authorization
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Makes sure the credentials file and its directory are the user's alone, before SQLite touches either.
///
/// The directory also receives the `-wal`, `-shm` and lock files, so it must be private too: a directory others can
/// write to would let them plant those files. Everything here works on paths (`stat`, `chmod`), never on a descriptor
/// of an existing database file: closing any descriptor of that file would drop the POSIX locks SQLite holds on it
/// for other connections of this process.
enum SecureLocation {
    /// Checks the directory (creating it 0700 if missing) and the file, creating it 0600 if it does not exist yet.
    /// Modes of things that already exist are left alone until the file is known to be ours (`restrictModes(of:)`):
    /// the directory of another application's database is not ours to change either.
    /// Returns whether it created the file, so that a caller that then refuses it can remove it again.
    @discardableResult
    static func prepare(path: String) throws(CredentialsStoreError) -> Bool {
        let directory = directory(of: path)
        try prepareDirectory(directory)
        let created = try prepareFile(path)
        // Checked before SQLite opens anything: running as root, SQLite hands an existing -wal to the database's owner.
        for sidecar in [path + "-wal", path + "-shm"] {
            try requireOwnRegularFileIfPresent(sidecar)
        }
        guard access(directory, W_OK) == 0 else { throw .readOnly(path: path) }
        return created
    }

    /// Restricts the directory to the user (0700) and the database file and its `-wal` and `-shm` files to 0600, once
    /// the file is known to be ours. The user's home directory is the exception: its mode is the user's choice and
    /// other programs depend on it (a web server serving `~/public_html`), so it is left as it is unless others can
    /// write to it, which is refused.
    static func restrictModes(of path: String, homeDirectory: () -> String?) throws(CredentialsStoreError) {
        let directory = directory(of: path)
        var status = stat()
        guard stat(directory, &status) == 0 else { throw .fileSystemError(path: directory, errorNumber: errno) }
        let directoryMode = status.st_mode & 0o7777
        // The password database is read only here, for a directory open to others: a start with a private directory
        // (the default) pays nothing for the home-directory exception.
        if directoryMode & 0o077 != 0 {
            if let home = homeDirectory(), isSameDirectory(directory, home) {
                guard directoryMode & 0o022 == 0 else {
                    throw .insecureDirectory(path: directory, mode: octal(directoryMode))
                }
            } else if chmod(directory, 0o700) != 0 {
                throw .insecureDirectory(path: directory, mode: octal(directoryMode))
            }
        }
        for file in [path, path + "-wal", path + "-shm"] {
            guard lstat(file, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { continue }
            let mode = status.st_mode & 0o7777
            guard mode & 0o077 != 0 else { continue }
            guard chmod(file, 0o600) == 0 else { throw .insecurePermissions(path: file, mode: octal(mode)) }
        }
    }

    /// The home directory of the user this process runs as, from the password database.
    static func userHomeDirectory() -> String? {
        guard let entry = getpwuid(geteuid()), let directory = entry.pointee.pw_dir else { return nil }
        return String(cString: directory)
    }

    /// Whether two paths name the same directory (same device and inode), however they are spelled.
    private static func isSameDirectory(_ first: String, _ second: String) -> Bool {
        var a = stat()
        var b = stat()
        guard stat(first, &a) == 0, stat(second, &b) == 0 else { return false }
        return a.st_dev == b.st_dev && a.st_ino == b.st_ino
    }

    static func directory(of path: String) -> String {
        let directory = (path as NSString).deletingLastPathComponent
        return directory.isEmpty ? "." : directory
    }

    /// Creates the directory that holds `path` (0700) if it does not exist, as `prepare(path:)` does, for a file
    /// that lives next to the credentials file (the refresh lock).
    static func prepareDirectory(of path: String) throws(CredentialsStoreError) {
        try prepareDirectory(directory(of: path))
    }

    private static func prepareDirectory(_ directory: String) throws(CredentialsStoreError) {
        var status = stat()
        if stat(directory, &status) != 0 {
            do {
                try FileManager.default.createDirectory(
                    atPath: directory,
                    withIntermediateDirectories: true,
                    attributes: [.posixPermissions: 0o700]
                )
            } catch {
                throw .readOnly(path: directory)
            }
            guard stat(directory, &status) == 0 else { throw .fileSystemError(path: directory, errorNumber: errno) }
        }
        guard status.st_mode & S_IFMT == S_IFDIR else {
            throw .fileSystemError(path: directory, errorNumber: ENOTDIR)
        }
        guard status.st_uid == geteuid() else { throw .ownedByAnotherUser(path: directory, owner: status.st_uid) }
        // A sticky directory others may write to (/tmp) is shared by design: tightening it would break every other
        // user of it, and leaving it would let them plant the -wal, -shm or lock file.
        let mode = status.st_mode & 0o7777
        if mode & S_ISVTX != 0, mode & 0o022 != 0 {
            throw .insecureDirectory(path: directory, mode: octal(mode))
        }
    }

    /// Whether it created the file.
    private static func prepareFile(_ path: String) throws(CredentialsStoreError) -> Bool {
        var status = stat()
        if lstat(path, &status) != 0 {
            guard errno == ENOENT else { throw .fileSystemError(path: path, errorNumber: errno) }
            let descriptor = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
            if descriptor >= 0 {
                // Just created: no connection can have it open, so closing this descriptor drops no lock.
                close(descriptor)
                return true
            }
            guard errno == EEXIST else { throw failure(opening: path, errorNumber: errno) }
            // Another process created it meanwhile: check what it created.
            guard lstat(path, &status) == 0 else { throw .fileSystemError(path: path, errorNumber: errno) }
        }
        guard status.st_mode & S_IFMT == S_IFREG else { throw .notARegularFile(path: path) }
        guard status.st_uid == geteuid() else { throw .ownedByAnotherUser(path: path, owner: status.st_uid) }
        guard access(path, R_OK | W_OK) == 0 else { throw failure(opening: path, errorNumber: errno) }
        return false
    }

    /// A `-wal` or `-shm` someone else planted (or a link to elsewhere) would receive the tokens SQLite writes.
    private static func requireOwnRegularFileIfPresent(_ path: String) throws(CredentialsStoreError) {
        var status = stat()
        guard lstat(path, &status) == 0 else { return }
        guard status.st_mode & S_IFMT == S_IFREG else { throw .notARegularFile(path: path) }
        guard status.st_uid == geteuid() else { throw .ownedByAnotherUser(path: path, owner: status.st_uid) }
    }

    private static func failure(opening path: String, errorNumber: Int32) -> CredentialsStoreError {
        switch errorNumber {
        case EACCES, EROFS, EPERM: .readOnly(path: path)
        case ELOOP: .notARegularFile(path: path)
        default: .fileSystemError(path: path, errorNumber: errorNumber)
        }
    }

    private static func octal(_ mode: mode_t) -> String {
        String(mode, radix: 8)
    }
}
