import GRDB

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
/// nothing the session depends on has changed. Not covered: a copy-on-write file system (btrfs, ZFS), where even an
/// overwrite needs free space, and another process writing more than the reservation between the check and the
/// save (refreshes are serialised by the lock file, so only a sign-in elsewhere could).
enum WriteReservation {
    static let tableName = "writeReservation"

    /// Well above a credential row with the tokens real servers issue (a few KiB), so the successor fits even when
    /// it is larger than its predecessor or another write lands first.
    static let minimumBytes = 64 << 10

    static func prove(_ db: Database) throws {
        try checkpointCompletely(db)
        try db.inTransaction(.immediate) {
            let largestRow =
                try Int.fetchOne(
                    db,
                    sql: """
                        SELECT max(length(CAST(origin AS BLOB)) + length(CAST(account AS BLOB))
                            + length(CAST(accessToken AS BLOB)) + coalesce(length(CAST(refreshToken AS BLOB)), 0)
                            + coalesce(length(CAST(scope AS BLOB)), 0) + 256)
                        FROM credential
                        """
                ) ?? 0
            let bytes = max(minimumBytes, 2 * largestRow)
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

    /// Copies the whole WAL into the database file and waits (up to the busy timeout) until no reader uses it, so the
    /// next transaction writes at the start of the WAL. Throws `SQLITE_BUSY` when that cannot be had in time.
    private static func checkpointCompletely(_ db: Database) throws {
        let busy = try Int.fetchOne(db, sql: "PRAGMA wal_checkpoint(RESTART)") ?? 1
        guard busy == 0 else { throw DatabaseError(resultCode: .SQLITE_BUSY) }
    }
}
