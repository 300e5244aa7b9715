import Authorization
import CredentialsStore

/// A keyring whose `store` calls wait until `parties` of them have arrived, then all go on: two processes that both
/// found a new sealed file without a key and both made one, before either recorded it.
actor GatedKeyring: DataKeyStore {
    private let keys = InMemoryDataKeyStore()
    private let parties: Int
    private var arrived = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(parties: Int) {
        self.parties = parties
    }

    var fileIDs: [String] { get async { await keys.fileIDs } }

    func dataKey(fileID: String) async throws(KeyringError) -> DataKey {
        try await keys.dataKey(fileID: fileID)
    }

    func store(_ key: DataKey, fileID: String, path: String) async throws(KeyringError) {
        try await keys.store(key, fileID: fileID, path: path)
        arrived += 1
        if arrived < parties {
            await withCheckedContinuation { waiting.append($0) }
        } else {
            for continuation in waiting { continuation.resume() }
            waiting.removeAll()
        }
    }

    func removeDataKey(fileID: String) async throws(KeyringError) {
        try await keys.removeDataKey(fileID: fileID)
    }

    func checkAvailable() async throws(KeyringError) {}
}
