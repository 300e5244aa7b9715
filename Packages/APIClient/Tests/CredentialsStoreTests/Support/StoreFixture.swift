import Authorization
import CredentialsStore
import Foundation
import GRDB
import Testing

/// A fresh directory per test, the credential the tests store, and a way to build databases other programs wrote.
struct StoreFixture {
    /// The test's own directory; the store lives in `data/` below it, which the store creates.
    let root: URL

    init(root: URL = FileManager.default.temporaryDirectory.appendingPathComponent("store-tests-\(UUID().uuidString)"))
    {
        self.root = root
    }

    /// The keyring of the fixture's sealed stores: one per test, shared by every store it opens, as a user's
    /// processes share theirs.
    let keyring = InMemoryDataKeyStore()

    /// The store at `path`, a new file in `storage`: each storage-parameterised test runs over both.
    func store(
        _ storage: CredentialsStorage, busyTimeout: TimeInterval = SQLiteCredentialsStore.defaultBusyTimeout
    ) throws -> SQLiteCredentialsStore {
        try SQLiteCredentialsStore(path: path, busyTimeout: busyTimeout, keyring: keyring, newFileStorage: storage)
    }

    var directory: String { root.appendingPathComponent("data").path }
    var path: String { directory + "/credentials.sqlite" }

    func makeDirectory(mode: Int = 0o700) throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: directory)
    }

    func contents() throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: path))
    }

    static func credential(
        host: String = "api.example.com", account: String = "demo", access: String = "a1"
    )
        throws -> Credential
    {
        Credential(
            origin: try ServerOrigin(try #require(URL(string: "https://\(host)/v1"))),
            account: account,
            accessToken: Secret(access),
            refreshToken: Secret("r1"),
            scope: "read",
            expiresAt: Date(timeIntervalSince1970: 1_800_000_900.123456),
            issuedAt: Date(timeIntervalSince1970: 1_800_000_000.654321)
        )
    }

    /// Writes a database at `path` the way another program would, and closes it before returning.
    static func writeDatabase(at path: String, _ sql: String) throws {
        let database = try DatabaseQueue(path: path)
        try database.writeWithoutTransaction { db in try db.execute(sql: sql) }
        try database.close()
    }

    /// `PRAGMA name` of the database at `path`, read over a read-only connection of its own.
    static func pragma(_ name: String, at path: String) throws -> Int {
        try value(at: path, sql: "PRAGMA \(name)")
    }

    /// The integer `sql` selects from the database at `path`, read over a read-only connection of its own.
    static func value(at path: String, sql: String) throws -> Int {
        var configuration = Configuration()
        configuration.readonly = true
        let database = try DatabaseQueue(path: path, configuration: configuration)
        defer { try? database.close() }
        return try database.read { db in try Int.fetchOne(db, sql: sql) ?? 0 }
    }

    static func mode(of path: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return try #require(attributes[.posixPermissions] as? Int)
    }
}
