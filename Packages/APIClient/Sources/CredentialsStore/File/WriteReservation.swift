import GRDB

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Proves, before a refresh token is spent, that its successor can be written — and keeps that true until it is.
///
/// A rolled-back write proves nothing: SQLite writes a transaction's pages to the WAL only when it commits. So the
/// proof is a committed write larger than any successor, placed where the successor will go:
///
/// 1. A complete checkpoint (`RESTART`): every reader now reads from the database file, so the next writer starts
///    the WAL over from its beginning instead of appending.
/// 2. A committed rewrite of the reservation row, `max(64 KiB, 2 × the largest stored row)` of random bytes: it writes
///    that many bytes at the start of the WAL, growing the WAL file to hold them — or fails with `SQLITE_FULL`.
/// 3. Another complete checkpoint: the reservation's pages are copied into the database file (growing it, the first
///    time, or failing) and the next writer again starts the WAL from its beginning.
///
/// The successor's transaction then overwrites the first pages of a WAL file that is already at least that large, so
/// it needs no new disk space. A full disk after step 3 cannot stop it; on a full disk before, the check fails and
/// nothing the session depends on has changed.
///
/// A standing reservation: when the WAL file already has that many bytes allocated after step 1 (an earlier proof
/// grew it, in this process or another, and no sign-out has truncated it since) on a file system that is not
/// read-only, steps 2 and 3 are skipped. The successor lands in allocated space either way, and a refresh pays one
/// checkpoint instead of a 64 KiB commit and two checkpoints.
///
/// Not covered: a copy-on-write file system (btrfs, ZFS), where even an overwrite needs free space, and another
/// process writing more than the reservation between the check and the save (refreshes are serialised by the lock
/// file, so only a sign-in elsewhere could).
enum WriteReservation {
    static let tableName = "writeReservation"

    /// Well above a credential row with the tokens real servers issue (a few KiB), so the successor fits even when
    /// it is larger than its predecessor or another write lands first.
    static let minimumBytes = 64 << 10

    /// - Parameter writeAheadLogPath: the `-wal` file of `db`, whose allocated size can make steps 2 and 3
    ///   unnecessary.
    static func prove(_ db: Database, writeAheadLogPath: String) throws {
        try checkpointCompletely(db)
        if try allocatedBytes(atPath: writeAheadLogPath) >= requiredBytes(db),
            !isOnReadOnlyFileSystem(writeAheadLogPath)
        {
            return
        }
        try db.inTransaction(.immediate) {
            let bytes = try requiredBytes(db)
            let reserved = try Int.fetchOne(db, sql: "SELECT length(filler) FROM \(tableName) WHERE id = 1")
            // Same size: SQLite overwrites the row's pages in place, so every check writes the same pages and the
            // files stop growing after the first. Random bytes, because SQLite skips pages whose content is unchanged.
            try db.execute(
                sql: reserved == bytes
                    ? "UPDATE \(tableName) SET filler = randomblob(?) WHERE id = 1"
                    : "INSERT OR REPLACE INTO \(tableName) (id, filler) VALUES (1, randomblob(?))",
                arguments: [bytes]
            )
            return .commit
        }
        try checkpointCompletely(db)
    }

    /// `max(64 KiB, 2 × the largest stored row)`.
    private static func requiredBytes(_ db: Database) throws -> Int {
        let largestRow =
            try Int.fetchOne(
                db,
                sql: """
                    SELECT max(length(CAST(origin AS BLOB)) + length(CAST(account AS BLOB))
                        + length(CAST(accessToken AS BLOB)) + coalesce(length(CAST(refreshToken AS BLOB)), 0)
                        + coalesce(length(CAST(scope AS BLOB)), 0) + coalesce(length(CAST(issuer AS BLOB)), 0)
                        + coalesce(length(CAST(tokenEndpoint AS BLOB)), 0)
                        + coalesce(length(CAST(deviceAuthorizationEndpoint AS BLOB)), 0)
                        + coalesce(length(CAST(revocationEndpoint AS BLOB)), 0)
                        + coalesce(length(CAST(resource AS BLOB)), 0) + coalesce(length(CAST(dpopKey AS BLOB)), 0)
                        + coalesce(length(CAST(dpopSigningAlgorithms AS BLOB)), 0) + 256)
                    FROM credential
                    """
            ) ?? 0
        return max(minimumBytes, 2 * largestRow)
    }

    /// The bytes the file system has allocated to the file at `path` (`st_blocks`, not its length, which a sparse
    /// file can exceed); 0 when it does not exist.
    private static func allocatedBytes(atPath path: String) -> Int {
        var status = stat()
        guard stat(path, &status) == 0 else { return 0 }
        return Int(status.st_blocks) * 512
    }

    /// Whether the file system holding `path` is mounted read-only: what a standing reservation does not show by
    /// itself (Linux remounts a file system read-only after an I/O error; the files stay open and allocated).
    private static func isOnReadOnlyFileSystem(_ path: String) -> Bool {
        var status = statvfs()
        guard statvfs(path, &status) == 0 else { return true }
        return status.f_flag & UInt(ST_RDONLY) != 0
    }

    /// Copies the whole WAL into the database file and waits (up to the busy timeout) until no reader uses it, so the
    /// next transaction writes at the start of the WAL. Throws `SQLITE_BUSY` when that cannot be had in time.
    private static func checkpointCompletely(_ db: Database) throws {
        let busy = try Int.fetchOne(db, sql: "PRAGMA wal_checkpoint(RESTART)") ?? 1
        guard busy == 0 else { throw DatabaseError(resultCode: .SQLITE_BUSY) }
    }
}
