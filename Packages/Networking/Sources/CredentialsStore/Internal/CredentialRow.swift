import Authorization
import Foundation
import GRDB

/// The `credential` table's row. Dates are stored as seconds since 1970 (`REAL`) so they round-trip exactly.
struct CredentialRow: Codable, FetchableRecord, PersistableRecord {
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

    init(_ credential: Credential) {
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
    }

    func credential() throws -> Credential {
        var components = URLComponents()
        components.scheme = scheme
        components.host = host
        components.port = port
        components.path = basePath
        guard let url = components.url, let serverOrigin = try? ServerOrigin(url), serverOrigin.key == origin else {
            throw DatabaseError(resultCode: .SQLITE_CORRUPT, message: "credential row has an invalid origin")
        }
        return Credential(
            origin: serverOrigin,
            account: account,
            accessToken: Secret(accessToken),
            refreshToken: refreshToken.map(Secret.init),
            tokenType: tokenType,
            scope: scope,
            expiresAt: expiresAt.map(Date.init(timeIntervalSince1970:)),
            issuedAt: Date(timeIntervalSince1970: issuedAt),
            generation: generation,
            isSignInRequired: isSignInRequired
        )
    }
}
