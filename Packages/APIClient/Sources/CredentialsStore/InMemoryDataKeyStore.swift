import Authorization

/// Data keys in memory: a deterministic keyring for tests and previews. `failure`, when set, is what every call
/// throws, as a keyring that is locked, gone or slow would.
public actor InMemoryDataKeyStore: DataKeyStore {
    private var keys: [String: DataKey] = [:]
    /// Thrown by every call while set.
    public var failure: KeyringError?

    public init(failure: KeyringError? = nil) {
        self.failure = failure
    }

    /// Makes every call throw `failure` (`nil`: work again).
    public func fail(with failure: KeyringError?) {
        self.failure = failure
    }

    /// The ids of the files whose keys it holds, sorted.
    public var fileIDs: [String] { keys.keys.sorted() }

    /// Forgets every key, as a keyring that was reset (or a copy of the file in another home) would.
    public func removeAll() {
        keys.removeAll()
    }

    public func dataKey(fileID: String) throws(KeyringError) -> DataKey {
        if let failure { throw failure }
        guard let key = keys[fileID] else { throw KeyringError.keyMissing(fileID: fileID) }
        return key
    }

    public func store(_ key: DataKey, fileID: String, path: String) throws(KeyringError) {
        if let failure { throw failure }
        keys[fileID] = key
    }

    public func removeDataKey(fileID: String) throws(KeyringError) {
        if let failure { throw failure }
        keys[fileID] = nil
    }

    public func checkAvailable() throws(KeyringError) {
        if let failure { throw failure }
    }
}
