import Authorization
import Synchronization

/// A store that counts reads of the active session, around a real store; given a failure, it refuses every
/// replacement (a sign-in's write) with it.
final class CountingStore: CredentialsStoring {
    private let inner: any CredentialsStoring
    private let readCount = Mutex(0)
    private let replacementFailure: CredentialsStoreError?

    init(_ inner: any CredentialsStoring, refusingReplacementsWith replacementFailure: CredentialsStoreError? = nil) {
        self.inner = inner
        self.replacementFailure = replacementFailure
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
        try await inner.save(credential, ifGenerationIs: expectedGeneration)
    }

    func replace(with credential: Credential) async throws(CredentialsStoreError) -> Credential {
        if let replacementFailure { throw replacementFailure }
        return try await inner.replace(with: credential)
    }

    func activate(account: String, for origin: ServerOrigin) async throws(CredentialsStoreError) -> Credential? {
        try await inner.activate(account: account, for: origin)
    }

    func verifyWritable() async throws(CredentialsStoreError) {
        try await inner.verifyWritable()
    }

    func removeCredential(for origin: ServerOrigin, account: String) async throws(CredentialsStoreError) -> Bool {
        try await inner.removeCredential(for: origin, account: account)
    }
}
