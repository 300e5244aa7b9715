import Authorization
import Foundation
import GRDB

extension SQLiteCredentialsStore {
    /// The accounts stored for `origin` in the file at `path`, sorted: what a shell offers after `--account` when
    /// the user presses Tab, in a process started only for that.
    ///
    /// Synchronous, and it reads only: one read-only connection and one read transaction, no cross-process lock,
    /// and nothing created, migrated or re-moded, unlike opening the store. A file that does not exist holds no
    /// accounts (and neither it nor its directory is created); so does one that an older version wrote and no
    /// command of this version has opened yet. The integrity check that opening the store runs is left to the next
    /// command: a name offered from a damaged file is only a suggestion.
    /// - Throws: `foreignDatabase` or `unsupportedVersion` for a file that is not ours or is newer, and the errors a
    ///   read of the store throws.
    public static func accountNames(
        inFileAt path: String, for origin: ServerOrigin
    ) throws(CredentialsStoreError) -> [String] {
        guard FileManager.default.fileExists(atPath: path) else { return [] }
        var configuration = Configuration()
        configuration.readonly = true
        // A read in WAL mode never waits for a writer; only a crashed writer's recovery would. A shell waiting for
        // its suggestions should not wait long for that.
        configuration.busyMode = .timeout(0.5)
        configuration.label = "credentials-completion"
        do {
            let reader = try DatabaseQueue(path: path, configuration: configuration)
            defer { try? reader.close() }
            return try reader.read { db in
                let inspection = try FileInspection.inspect(db, path: path, applicationID: applicationID)
                guard inspection.owner == .us, inspection.version == CredentialsSchema.currentVersion else {
                    return []
                }
                return try String.fetchAll(
                    db, sql: "SELECT account FROM credential WHERE origin = ? ORDER BY account",
                    arguments: [origin.key])
            }
        } catch {
            throw SQLiteErrorMapping.storeError(for: error, path: path)
        }
    }
}
