import Authorization
import Foundation
import GRDB
import RFC9449

/// The `credential` table's row, one per (origin, account). Dates are stored as seconds since 1970 (`REAL`) so they
/// round-trip exactly.
///
/// Rows are decoded by `init(row:)` rather than `Decodable`, and the active row, which every command reads as it
/// starts, is found by SQL written out rather than the query interface: both cost a short-lived process their
/// first-use set-up.
struct CredentialRow: Encodable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "credential"

    var origin: String
    var scheme: String
    var host: String
    var port: Int
    var basePath: String
    var account: String
    var accessToken: String
    var refreshToken: String?
    var tokenType: String
    var scope: String?
    var expiresAt: Double?
    var issuedAt: Double
    var generation: Int64
    var isSignInRequired: Bool
    /// The account requests to this origin use; at most one per origin (a partial unique index).
    var isActive: Bool
    /// The authorization server that issued the tokens. `NULL` in a row written before sessions remembered it, whose
    /// tokens came from the contract's endpoints under the origin.
    var issuer: String?
    var tokenEndpoint: String?
    var deviceAuthorizationEndpoint: String?
    var revocationEndpoint: String?
    var resource: String?
    /// The account's DPoP private key (`DPoPSigningKey.storedRepresentation`, base64, then sealed as the tokens are);
    /// `NULL` for a bearer session. Text, so that it goes through the same `ColumnSealing` as every secret column.
    var dpopKey: String?
    /// The authorization server's `dpop_signing_alg_values_supported`, space-separated; `NULL` when it lists none.
    var dpopSigningAlgorithms: String?

    /// Every column that holds a secret, in the order they are sealed: what `ColumnSealing` seals at rest. A new
    /// secret column is one more line here.
    static let secretColumns: [SecretColumn] = [
        SecretColumn("accessToken", get: { $0.accessToken }, set: { $0.accessToken = $1 }),
        SecretColumn("refreshToken", get: { $0.refreshToken }, set: { $0.refreshToken = $1 }),
        SecretColumn("dpopKey", get: { $0.dpopKey }, set: { $0.dpopKey = $1 }),
    ]

    /// The row of `credential` as the file stores it: its secret columns sealed by `sealing`.
    init(_ credential: Credential, isActive: Bool, sealing: ColumnSealing) throws {
        self.init(credential, isActive: isActive)
        try transformSecrets { value, binding in try sealing.seal(value, binding: binding) }
    }

    /// Applies `transform` to every secret column that holds a value, each with its row and column.
    mutating func transformSecrets(_ transform: (String, ColumnBinding) throws -> String) throws {
        for column in Self.secretColumns {
            guard let value = column.get(self) else { continue }
            let binding = ColumnBinding(origin: origin, account: account, column: column.name)
            column.set(&self, try transform(value, binding))
        }
    }

    /// The row with its secret columns opened from `from` and sealed with `to`: moving a file between storages.
    func resealed(from: ColumnSealing, to: ColumnSealing) throws -> CredentialRow {
        var row = self
        try row.transformSecrets { value, binding in
            try to.seal(try from.open(value, binding: binding), binding: binding)
        }
        return row
    }

    /// The session this row holds, its secret columns opened by `sealing`.
    func credential(opening sealing: ColumnSealing) throws -> Credential {
        var row = self
        try row.transformSecrets { value, binding in try sealing.open(value, binding: binding) }
        return try row.credential()
    }

    private init(_ credential: Credential, isActive: Bool) {
        origin = credential.origin.key
        scheme = credential.origin.scheme
        host = credential.origin.host
        port = credential.origin.port
        basePath = credential.origin.basePath
        account = credential.account
        accessToken = credential.accessToken.unredacted
        refreshToken = credential.refreshToken?.unredacted
        tokenType = credential.tokenType
        scope = credential.scope
        expiresAt = credential.expiresAt?.timeIntervalSince1970
        issuedAt = credential.issuedAt.timeIntervalSince1970
        generation = credential.generation
        isSignInRequired = credential.isSignInRequired
        self.isActive = isActive
        let server = credential.authorizationServer
        issuer = server.issuer
        tokenEndpoint = server.tokenEndpoint.absoluteString
        deviceAuthorizationEndpoint = server.deviceAuthorizationEndpoint?.absoluteString
        revocationEndpoint = server.revocationEndpoint?.absoluteString
        resource = server.resource
        dpopKey = credential.dpopKey?.storedRepresentation.base64EncodedString()
        dpopSigningAlgorithms =
            server.dpopSigningAlgorithms.isEmpty ? nil : server.dpopSigningAlgorithms.joined(separator: " ")
    }

    init(row: Row) throws {
        origin = try row.decode(forColumn: "origin")
        scheme = try row.decode(forColumn: "scheme")
        host = try row.decode(forColumn: "host")
        port = try row.decode(forColumn: "port")
        basePath = try row.decode(forColumn: "basePath")
        account = try row.decode(forColumn: "account")
        accessToken = try row.decode(forColumn: "accessToken")
        refreshToken = try row.decode(forColumn: "refreshToken")
        tokenType = try row.decode(forColumn: "tokenType")
        scope = try row.decode(forColumn: "scope")
        expiresAt = try row.decode(forColumn: "expiresAt")
        issuedAt = try row.decode(forColumn: "issuedAt")
        generation = try row.decode(forColumn: "generation")
        isSignInRequired = try row.decode(forColumn: "isSignInRequired")
        isActive = try row.decode(forColumn: "isActive")
        issuer = try row.decode(forColumn: "issuer")
        tokenEndpoint = try row.decode(forColumn: "tokenEndpoint")
        deviceAuthorizationEndpoint = try row.decode(forColumn: "deviceAuthorizationEndpoint")
        revocationEndpoint = try row.decode(forColumn: "revocationEndpoint")
        resource = try row.decode(forColumn: "resource")
        dpopKey = try row.decode(forColumn: "dpopKey")
        dpopSigningAlgorithms = try row.decode(forColumn: "dpopSigningAlgorithms")
    }

    /// What the row says without its secret columns (a sealed value's presence is not a secret).
    func facts() throws -> StoredSessionFacts {
        StoredSessionFacts(
            origin: try serverOrigin(), account: account, isActive: isActive,
            issuedAt: Date(timeIntervalSince1970: issuedAt),
            expiresAt: expiresAt.map(Date.init(timeIntervalSince1970:)),
            isSignInRequired: isSignInRequired, issuer: issuer,
            isDPoPBound: dpopKey != nil && tokenType.lowercased() == "dpop")
    }

    private func serverOrigin() throws -> ServerOrigin {
        var components = URLComponents()
        components.scheme = scheme
        components.host = host
        components.port = port
        components.path = basePath
        guard let url = components.url, let serverOrigin = try? ServerOrigin(url), serverOrigin.key == origin else {
            throw DatabaseError(resultCode: .SQLITE_CORRUPT, message: "credential row has an invalid origin")
        }
        return serverOrigin
    }

    private func credential() throws -> Credential {
        Credential(
            origin: try serverOrigin(),
            account: account,
            accessToken: Secret(accessToken),
            refreshToken: refreshToken.map(Secret.init),
            tokenType: tokenType,
            scope: scope,
            expiresAt: expiresAt.map(Date.init(timeIntervalSince1970:)),
            issuedAt: Date(timeIntervalSince1970: issuedAt),
            generation: generation,
            isSignInRequired: isSignInRequired,
            authorizationServer: try authorizationServer(),
            dpopKey: try storedDPoPKey()
        )
    }

    /// The row's authorization server; `nil` (the contract's) for a row written before rows named one.
    private func authorizationServer() throws -> AuthorizationServer? {
        guard let tokenEndpoint else { return nil }
        func url(_ text: String?) throws -> URL? {
            guard let text else { return nil }
            guard let url = URL(string: text) else {
                throw DatabaseError(resultCode: .SQLITE_CORRUPT, message: "credential row has an invalid endpoint")
            }
            return url
        }
        guard let token = try url(tokenEndpoint) else { return nil }
        return AuthorizationServer(
            issuer: issuer, tokenEndpoint: token, deviceAuthorizationEndpoint: try url(deviceAuthorizationEndpoint),
            revocationEndpoint: try url(revocationEndpoint), resource: resource,
            dpopSigningAlgorithms: dpopSigningAlgorithms.map { $0.split(separator: " ").map(String.init) } ?? [])
    }

    /// The row's DPoP key; bytes that are not a P-256 private key are damage, as an unreadable endpoint is.
    private func storedDPoPKey() throws -> DPoPSigningKey? {
        guard let dpopKey else { return nil }
        guard let bytes = Data(base64Encoded: dpopKey), let key = DPoPSigningKey(storedRepresentation: bytes) else {
            throw DatabaseError(resultCode: .SQLITE_CORRUPT, message: "credential row has an invalid DPoP key")
        }
        return key
    }

    static func fetchOne(_ db: Database, origin: String, account: String) throws -> CredentialRow? {
        try fetchOne(db, key: ["origin": origin, "account": account])
    }

    /// The active row of `origin`.
    static func active(_ db: Database, origin: String) throws -> CredentialRow? {
        try fetchOne(db, sql: "SELECT * FROM credential WHERE origin = ? AND isActive", arguments: [origin])
    }

    /// The row of `origin` written last (highest generation).
    static func latest(_ db: Database, origin: String) throws -> CredentialRow? {
        try filter(Column("origin") == origin).order(Column("generation").desc).fetchOne(db)
    }

    /// A generation above every one `origin`'s rows carry.
    static func nextGeneration(_ db: Database, origin: String) throws -> Int64 {
        let highest = try Int64.fetchOne(
            db, sql: "SELECT max(generation) FROM credential WHERE origin = ?", arguments: [origin])
        return (highest ?? 0) + 1
    }

    /// Clears the active mark of every row of `origin`, before another row takes it (the unique index allows one).
    static func deactivateAll(_ db: Database, origin: String) throws {
        try db.execute(
            sql: "UPDATE credential SET isActive = 0 WHERE origin = ? AND isActive", arguments: [origin])
    }
}
