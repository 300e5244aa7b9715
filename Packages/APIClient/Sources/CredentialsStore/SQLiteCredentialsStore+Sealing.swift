import Authorization
import Foundation
import GRDB

/// Raised inside a transaction that cannot go on without a data key this process does not hold yet: the caller
/// gets it (from the keyring, or makes one) outside the transaction and runs it again.
private struct DataKeyNeeded: Error {
    let record: StorageRecord
}

/// A data key this process made and put in the keyring, not yet recorded in the file.
private struct PreparedKey: Sendable {
    let fileID: String
    /// The key id the file must still record for this one to take its place: `nil` for a file that has no key yet,
    /// the lost key's id for a sign-in over a file whose key the keyring no longer has.
    let replacing: String?
}

/// Sealing at rest: every read and write of a secret column goes through `ColumnSealing`, with the data key the
/// file's `storage` row names, fetched from the keyring outside any transaction (a keyring call can take seconds;
/// a transaction holds SQLite's locks) and checked against the row inside the transaction that uses it.
extension SQLiteCredentialsStore {
    /// How many times an operation fetches a key and starts again before it gives up: another process can re-key
    /// the file between the fetch and the transaction, but not forever.
    private static let keyAttempts = 3

    /// A read transaction whose secret columns `work` opens with `ColumnSealing`.
    func readOpening<T>(
        _ work: (Database, ColumnSealing) throws -> T
    ) async throws(CredentialsStoreError) -> T {
        for _ in 1..<Self.keyAttempts {
            do {
                return try readNow { db in try work(db, try sealing(for: StorageRecord.fetch(db), writing: false)) }
            } catch let needed as DataKeyNeeded {
                try await loadKey(fileID: needed.record.fileID)
            } catch {
                throw storeError(for: error)
            }
        }
        do {
            return try readNow { db in try work(db, try sealing(for: StorageRecord.fetch(db), writing: false)) }
        } catch {
            throw storeError(for: error)
        }
    }

    /// A read transaction on the calling thread (GRDB's synchronous `read`, as `read(_:)` runs it), its errors as
    /// thrown, so that the caller can tell a needed key from a failure.
    private func readNow<T>(_ work: (Database) throws -> T) throws -> T {
        try reader.read(work)
    }

    /// An IMMEDIATE write transaction whose secret columns `work` seals and opens with `ColumnSealing`. The first
    /// sealed write of a file makes its data key; with `replacingMissingKey` (a sign-in), a file whose key the
    /// keyring no longer has is given a new one and its unreadable sessions are deleted.
    func performSealing<T: Sendable>(
        replacingMissingKey: Bool = false,
        _ work: @escaping @Sendable (Database, ColumnSealing) throws -> T
    ) async throws(CredentialsStoreError) -> T {
        var prepared: PreparedKey?
        for attempt in 1...Self.keyAttempts {
            let candidate = prepared
            do {
                return try await writer().write { db in
                    var record = try StorageRecord.fetch(db)
                    if let candidate, record.storage == .sealed, record.fileID == candidate.replacing {
                        if candidate.replacing != nil {
                            // Sealed with a key that is gone: nothing in these rows can be opened again.
                            try db.execute(sql: "DELETE FROM credential")
                        }
                        record.fileID = candidate.fileID
                        try record.write(db)
                    }
                    return try work(db, try self.sealing(for: record, writing: true))
                }
            } catch let needed as DataKeyNeeded {
                if let unused = prepared, unused.fileID != needed.record.fileID {
                    await removeKeyQuietly(fileID: unused.fileID)
                }
                prepared = nil
                guard attempt < Self.keyAttempts else { throw CredentialsStoreError.locked(path: path) }
                guard let fileID = needed.record.fileID else {
                    prepared = try await makeKey(replacing: nil)
                    continue
                }
                do {
                    try await loadKey(fileID: fileID)
                } catch .keyring(_, failure: .keyMissing) where replacingMissingKey {
                    prepared = try await makeKey(replacing: fileID)
                }
            } catch {
                if let unused = prepared { await removeKeyQuietly(fileID: unused.fileID) }
                throw storeError(for: error)
            }
        }
        throw CredentialsStoreError.locked(path: path)
    }

    /// Gets the file ready for a sign-in's write: for a sealed file, proves the keyring usable and makes the file's
    /// data key if it has none, so that a sign-in never ends with a session that cannot be kept. A file whose key
    /// the keyring no longer has starts over now with a new key, its sessions (which nothing can open again)
    /// deleted, so that the sign-in, which reads the sessions it replaces, finds none.
    public func prepareForSignIn() async throws(CredentialsStoreError) {
        let record = try read { db in try StorageRecord.fetch(db) }
        guard record.storage == .sealed else { return }
        do {
            try await requireKeyring().checkAvailable()
        } catch {
            throw CredentialsStoreError.keyring(path: path, failure: error)
        }
        guard record.fileID != nil else {
            try await performSealing { _, _ in }
            return
        }
        do {
            try await loadKey(fileID: record.fileID)
        } catch .keyring(_, failure: .keyMissing) {
            try await performSealing(replacingMissingKey: true) { _, _ in }
        }
    }

    /// Moves every session to `target` storage in one transaction, its secret columns opened with the old key and
    /// sealed with the new one, then checkpoints so that no copy of the old form stays in the WAL. Sealing makes a
    /// new data key; unsealing deletes the old one from the keyring once the file no longer needs it. Returns
    /// whether anything changed (`false`: the file was in `target` storage already).
    @discardableResult
    public func convert(to target: CredentialsStorage) async throws(CredentialsStoreError) -> Bool {
        let current = try read { db in try StorageRecord.fetch(db) }
        guard current.storage != target else { return false }
        let from: ColumnSealing
        let next: StorageRecord
        let to: ColumnSealing
        var made: PreparedKey?
        switch target {
        case .sealed:
            from = .plain
            let prepared = try await makeKey(replacing: nil)
            made = prepared
            next = StorageRecord(storage: .sealed, fileID: prepared.fileID)
            to = try sealing(cached: prepared.fileID)
        case .plain:
            if current.fileID != nil { try await loadKey(fileID: current.fileID) }
            from = current.fileID == nil ? .plain : try sealing(cached: current.fileID)
            next = .plain
            to = .plain
        }
        do {
            try await writer().write { db in
                guard try StorageRecord.fetch(db) == current else {
                    // Another process changed the storage meanwhile; the caller holds the refresh lock, so this is
                    // a process that does not take it, such as another `storage` command of an older build.
                    throw DatabaseError(resultCode: .SQLITE_BUSY, message: "storage changed")
                }
                for row in try CredentialRow.fetchAll(db) {
                    try row.resealed(from: from, to: to).update(db)
                }
                try next.write(db)
            }
        } catch {
            if let made { await removeKeyQuietly(fileID: made.fileID) }
            throw storeError(for: error)
        }
        try await checkpoint()
        if target == .plain, let old = current.fileID { await removeKeyQuietly(fileID: old) }
        return true
    }

    /// Makes a sealed file that holds no session plain, without its key (nothing in it is sealed): how a sign-in
    /// that chose plain storage starts over in a session that cannot reach the keyring, once the sessions it could
    /// not open were forgotten. The file's key is then deleted from the keyring if it can be (a leftover key seals
    /// nothing). Returns whether anything changed.
    @discardableResult
    public func makePlainIfEmpty() async throws(CredentialsStoreError) -> Bool {
        // `nil`: nothing changed; `.some(fileID)`: made plain, and the key it had, if any.
        let replacedKey: String??
        do {
            replacedKey = try await writer().write { db -> String?? in
                let record = try StorageRecord.fetch(db)
                guard record.storage == .sealed, try CredentialRow.fetchCount(db) == 0 else { return nil }
                try StorageRecord.plain.write(db)
                return .some(record.fileID)
            }
        } catch {
            throw storeError(for: error)
        }
        guard let replacedKey else { return false }
        if let fileID = replacedKey { await removeKeyQuietly(fileID: fileID) }
        return true
    }

    /// The sealing `record` calls for, with the key this process holds; throws `DataKeyNeeded` when it holds none.
    /// A sealed file with no key yet has no sealed value to open, and a write must make its key first.
    private func sealing(for record: StorageRecord, writing: Bool) throws -> ColumnSealing {
        guard record.storage == .sealed else { return .plain }
        guard let fileID = record.fileID else {
            if writing { throw DataKeyNeeded(record: record) }
            return .unkeyed
        }
        guard let cached = cachedKey.withLock({ $0 }), cached.fileID == fileID else {
            throw DataKeyNeeded(record: record)
        }
        return ColumnSealing(cached.key)
    }

    /// The sealing of the key this process holds for `fileID`.
    private func sealing(cached fileID: String?) throws(CredentialsStoreError) -> ColumnSealing {
        guard let cached = cachedKey.withLock({ $0 }), cached.fileID == fileID else {
            throw CredentialsStoreError.keyring(path: path, failure: .keyMissing(fileID: fileID ?? ""))
        }
        return ColumnSealing(cached.key)
    }

    private func requireKeyring() throws(KeyringError) -> any DataKeyStore {
        guard let keyring else { throw KeyringError.unavailable(reason: "no keyring is configured") }
        return keyring
    }

    /// Fetches the data key of `fileID` from the keyring into the cache.
    private func loadKey(fileID: String?) async throws(CredentialsStoreError) {
        guard let fileID else { return }
        do {
            let key = try await requireKeyring().dataKey(fileID: fileID)
            cachedKey.withLock { $0 = (fileID, key) }
        } catch {
            throw CredentialsStoreError.keyring(path: path, failure: error)
        }
    }

    /// Makes a data key under a new file id, puts it in the keyring and the cache.
    private func makeKey(replacing: String?) async throws(CredentialsStoreError) -> PreparedKey {
        let fileID = UUID().uuidString.lowercased()
        let key = DataKey.random()
        do {
            try await requireKeyring().store(key, fileID: fileID, path: path)
        } catch {
            throw CredentialsStoreError.keyring(path: path, failure: error)
        }
        cachedKey.withLock { $0 = (fileID, key) }
        return PreparedKey(fileID: fileID, replacing: replacing)
    }

    /// Deletes a key no file records (best effort: a leftover key seals nothing).
    private func removeKeyQuietly(fileID: String) async {
        try? await keyring?.removeDataKey(fileID: fileID)
    }

    private func storeError(for error: any Error) -> CredentialsStoreError {
        // Still no key after every attempt: other processes kept re-keying the file, which holds it as a lock would.
        if error is DataKeyNeeded { return .locked(path: path) }
        if case ColumnSealingError.rejected(let column) = error {
            return .sealedValueRejected(path: path, column: column)
        }
        return SQLiteErrorMapping.storeError(for: error, path: path)
    }
}
