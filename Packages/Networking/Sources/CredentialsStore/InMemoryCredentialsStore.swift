import Authorization

/// Credentials in memory, with the same compare-and-swap rules as the SQLite store. For tests and previews.
public actor InMemoryCredentialsStore: CredentialsStoring {
    private var credentials: [ServerOrigin: Credential]

    public init(_ credentials: [Credential] = []) {
        self.credentials = Dictionary(credentials.map { ($0.origin, $0) }, uniquingKeysWith: { _, last in last })
    }

    public func credential(for origin: ServerOrigin) -> Credential? {
        credentials[origin]
    }

    public func allCredentials() -> [Credential] {
        credentials.values.sorted { $0.origin.key < $1.origin.key }
    }

    public func save(_ credential: Credential, ifGenerationIs expectedGeneration: Int64?) -> CredentialSaveResult {
        let current = credentials[credential.origin]
        guard current?.generation == expectedGeneration else { return .conflict(current: current) }
        var next = credential
        next.generation = (current?.generation ?? 0) + 1
        credentials[credential.origin] = next
        return .saved(next)
    }

    public func replace(with credential: Credential) -> Credential {
        var next = credential
        next.generation = (credentials[credential.origin]?.generation ?? 0) + 1
        credentials[credential.origin] = next
        return next
    }

    private var writabilityFailure: CredentialsStoreError?

    /// Makes `verifyWritable()` fail (or succeed again, with `nil`), as a read-only or full disk would.
    public func setWritabilityFailure(_ failure: CredentialsStoreError?) {
        writabilityFailure = failure
    }

    public func verifyWritable() throws(CredentialsStoreError) {
        if let writabilityFailure { throw writabilityFailure }
    }

    @discardableResult
    public func removeCredential(for origin: ServerOrigin) -> Bool {
        credentials.removeValue(forKey: origin) != nil
    }
}
