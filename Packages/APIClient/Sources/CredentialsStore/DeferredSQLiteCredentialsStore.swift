import Authorization
import Foundation
import Synchronization

/// An `SQLiteCredentialsStore` whose file is created by the first write, not by opening it: until the file exists,
/// reads find no sessions and create nothing, so a command that only reads while signed out (`list`, `status`,
/// `logout --all`) leaves no file and no directory behind.
///
/// Each read checks for the file until it exists, so one another process creates meanwhile is read rather than
/// hidden. Once it exists it is opened (checked, migrated) as `SQLiteCredentialsStore` opens it, and every call goes
/// there.
public final class DeferredSQLiteCredentialsStore: CredentialsStoring {
    /// The file's path.
    public let path: String
    private let open: @Sendable (String) throws(CredentialsStoreError) -> SQLiteCredentialsStore
    private let opened = Mutex<SQLiteCredentialsStore?>(nil)

    /// - Parameters:
    ///   - path: the credentials file, opened at the first call that needs it.
    ///   - open: opens (creating if needed) the store at a path; `SQLiteCredentialsStore.init` unless a test needs
    ///     another busy timeout.
    public init(
        path: String,
        open: @escaping @Sendable (String) throws(CredentialsStoreError) -> SQLiteCredentialsStore = { path in
            try SQLiteCredentialsStore(path: path)
        }
    ) {
        self.path = path
        self.open = open
    }

    /// The store if its file exists, opened now if need be; `nil` (and nothing created) when it does not.
    private func existingStore() throws(CredentialsStoreError) -> SQLiteCredentialsStore? {
        try opened.withLock { (opened) throws(CredentialsStoreError) -> SQLiteCredentialsStore? in
            if let opened { return opened }
            guard FileManager.default.fileExists(atPath: path) else { return nil }
            let store = try open(path)
            opened = store
            return store
        }
    }

    /// The store, its file and directory created now if need be: for a write.
    private func createdStore() throws(CredentialsStoreError) -> SQLiteCredentialsStore {
        try opened.withLock { (opened) throws(CredentialsStoreError) -> SQLiteCredentialsStore in
            if let opened { return opened }
            let store = try open(path)
            opened = store
            return store
        }
    }

    public func credential(for origin: ServerOrigin) async throws(CredentialsStoreError) -> Credential? {
        try await existingStore()?.credential(for: origin)
    }

    public func credential(
        for origin: ServerOrigin, account: String
    ) async throws(CredentialsStoreError) -> Credential? {
        try await existingStore()?.credential(for: origin, account: account)
    }

    public func allCredentials() async throws(CredentialsStoreError) -> [StoredCredential] {
        try await existingStore()?.allCredentials() ?? []
    }

    public func allSessionFacts() async throws(CredentialsStoreError) -> [StoredSessionFacts] {
        try await existingStore()?.allSessionFacts() ?? []
    }

    public func save(
        _ credential: Credential, ifGenerationIs expectedGeneration: Int64?
    ) async throws(CredentialsStoreError) -> CredentialSaveResult {
        try await createdStore().save(credential, ifGenerationIs: expectedGeneration)
    }

    public func replace(with credential: Credential) async throws(CredentialsStoreError) -> Credential {
        try await createdStore().replace(with: credential)
    }

    public func activate(
        account: String, for origin: ServerOrigin
    ) async throws(CredentialsStoreError) -> Credential? {
        try await existingStore()?.activate(account: account, for: origin)
    }

    public func verifyWritable() async throws(CredentialsStoreError) {
        try await createdStore().verifyWritable()
    }

    @discardableResult
    public func removeCredential(
        for origin: ServerOrigin, account: String
    ) async throws(CredentialsStoreError) -> Bool {
        try await existingStore()?.removeCredential(for: origin, account: account) ?? false
    }
}
