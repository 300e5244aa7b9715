import Authorization

/// Credentials in memory, with the same compare-and-swap and active-account rules as the SQLite store. For tests and
/// previews.
public actor InMemoryCredentialsStore: CredentialsStoring {
    /// Each origin's sessions by account, and which account is active.
    private struct OriginSessions {
        var byAccount: [String: Credential] = [:]
        var activeAccount: String?

        /// Above every generation this origin's sessions carry.
        var nextGeneration: Int64 { (byAccount.values.map(\.generation).max() ?? 0) + 1 }
    }

    private var origins: [ServerOrigin: OriginSessions] = [:]

    /// A store holding `credentials` as given (generations included); for each origin, the last one listed is active.
    public init(_ credentials: [Credential] = []) {
        for credential in credentials {
            origins[credential.origin, default: OriginSessions()].byAccount[credential.account] = credential
            origins[credential.origin]?.activeAccount = credential.account
        }
    }

    public func credential(for origin: ServerOrigin) -> Credential? {
        guard let sessions = origins[origin], let active = sessions.activeAccount else { return nil }
        return sessions.byAccount[active]
    }

    public func credential(for origin: ServerOrigin, account: String) -> Credential? {
        origins[origin]?.byAccount[account]
    }

    public func allCredentials() -> [StoredCredential] {
        origins.sorted { $0.key.key < $1.key.key }.flatMap { _, sessions in
            sessions.byAccount.values.sorted { $0.account < $1.account }.map {
                StoredCredential(credential: $0, isActive: $0.account == sessions.activeAccount)
            }
        }
    }

    public func save(_ credential: Credential, ifGenerationIs expectedGeneration: Int64?) -> CredentialSaveResult {
        var sessions = origins[credential.origin, default: OriginSessions()]
        let current = sessions.byAccount[credential.account]
        guard current?.generation == expectedGeneration else { return .conflict(current: current) }
        var next = credential
        next.generation = sessions.nextGeneration
        sessions.byAccount[credential.account] = next
        if sessions.activeAccount == nil { sessions.activeAccount = credential.account }
        origins[credential.origin] = sessions
        return .saved(next)
    }

    public func replace(with credential: Credential) -> Credential {
        var sessions = origins[credential.origin, default: OriginSessions()]
        var next = credential
        // Generations only grow, so a 401 for the previous session's token is never mistaken for this one's.
        next.generation = sessions.nextGeneration
        sessions.byAccount[credential.account] = next
        sessions.activeAccount = credential.account
        origins[credential.origin] = sessions
        return next
    }

    public func activate(account: String, for origin: ServerOrigin) -> Credential? {
        guard var sessions = origins[origin], var credential = sessions.byAccount[account] else { return nil }
        guard sessions.activeAccount != account else { return credential }
        credential.generation = sessions.nextGeneration
        sessions.byAccount[account] = credential
        sessions.activeAccount = account
        origins[origin] = sessions
        return credential
    }

    /// Memory is always writable.
    public func verifyWritable() throws(CredentialsStoreError) {}

    @discardableResult
    public func removeCredential(for origin: ServerOrigin, account: String) -> Bool {
        guard var sessions = origins[origin], sessions.byAccount[account] != nil else { return false }
        let nextGeneration = sessions.nextGeneration
        sessions.byAccount[account] = nil
        if sessions.activeAccount == account {
            // The session written last was the one active last: sessions are written only while active, unless a
            // writer outside the coordinator saves another.
            if var successor = sessions.byAccount.values.max(by: { $0.generation < $1.generation }) {
                successor.generation = nextGeneration
                sessions.byAccount[successor.account] = successor
                sessions.activeAccount = successor.account
            } else {
                sessions.activeAccount = nil
            }
        }
        origins[origin] = sessions.byAccount.isEmpty ? nil : sessions
        return true
    }
}
