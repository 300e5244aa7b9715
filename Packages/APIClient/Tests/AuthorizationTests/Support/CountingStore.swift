import Authorization
import Synchronization

/// A store that counts reads of the active session, around a real store; given a failure, it refuses every write
/// with it (a locked, read-only or full file), and so fails `verifyWritable()` too.
final class CountingStore: CredentialsStoring {
    private let inner: any CredentialsStoring
    private let readCount = Mutex(0)
    private let writeFailure: CredentialsStoreError?

    init(_ inner: any CredentialsStoring, refusingWritesWith writeFailure: CredentialsStoreError? = nil) {
        self.inner = inner
        self.writeFailure = writeFailure
    }

    /// How many times `credential(for:)` was called.
    var reads: Int { readCount.withLock { $0 } }

    func credential(for origin: ServerOrigin) async throws(CredentialsStoreError) -> Credential? {
        readCount.withLock { $0 += 1 }
        return try await inner.credential(for: origin)
    }

    func credential(for origin: ServerOrigin, account: String) async throws(CredentialsStoreError) -> Credential? {
        try await inner.credential(for: origin, account: account)
    }

    func allCredentials() async throws(CredentialsStoreError) -> [StoredCredential] {
        try await inner.allCredentials()
    }

    func save(
        _ credential: Credential, ifGenerationIs expectedGeneration: Int64?
    ) async throws(CredentialsStoreError) -> CredentialSaveResult {
        if let writeFailure { throw writeFailure }
        return try await inner.save(credential, ifGenerationIs: expectedGeneration)
    }

    func replace(with credential: Credential) async throws(CredentialsStoreError) -> Credential {
        if let writeFailure { throw writeFailure }
        return try await inner.replace(with: credential)
    }

    func activate(account: String, for origin: ServerOrigin) async throws(CredentialsStoreError) -> Credential? {
        if let writeFailure { throw writeFailure }
        return try await inner.activate(account: account, for: origin)
    }

    func verifyWritable() async throws(CredentialsStoreError) {
        if let writeFailure { throw writeFailure }
        try await inner.verifyWritable()
    }

    func removeCredential(for origin: ServerOrigin, account: String) async throws(CredentialsStoreError) -> Bool {
        if let writeFailure { throw writeFailure }
        return try await inner.removeCredential(for: origin, account: account)
    }
}
