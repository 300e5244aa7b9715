import Foundation

/// What an authorization server's introspection endpoint said about a token (RFC 7662 §2.2): the members this server
/// reads; the others are ignored.
struct IntrospectedToken: Decodable, Sendable, Equatable {
    var active: Bool
    var username: String?
    var sub: String?
    /// Seconds since 1970 (RFC 7519 NumericDate, which may have a fraction).
    var exp: Double?
    /// One audience or several (RFC 7519 §4.1.3).
    var aud: [String]?
    /// `cnf.jkt`: the thumbprint of the DPoP key the token is bound to (RFC 9449 §6.2).
    var keyThumbprint: String?

    init(
        active: Bool, username: String? = nil, sub: String? = nil, exp: Double? = nil, aud: [String]? = nil,
        keyThumbprint: String? = nil
    ) {
        self.active = active
        self.username = username
        self.sub = sub
        self.exp = exp
        self.aud = aud
        self.keyThumbprint = keyThumbprint
    }

    enum CodingKeys: String, CodingKey {
        case active, username, sub, exp, aud, cnf
    }

    private struct Confirmation: Decodable {
        var jkt: String?
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        active = try container.decode(Bool.self, forKey: .active)
        username = try container.decodeIfPresent(String.self, forKey: .username)
        sub = try container.decodeIfPresent(String.self, forKey: .sub)
        exp = try container.decodeIfPresent(Double.self, forKey: .exp)
        if let one = try? container.decodeIfPresent(String.self, forKey: .aud) {
            aud = [one]
        } else {
            aud = try container.decodeIfPresent([String].self, forKey: .aud)
        }
        keyThumbprint = try container.decodeIfPresent(Confirmation.self, forKey: .cnf)?.jkt
    }
}

/// Why an introspection gave no answer; the token's fate is then unknown, not negative.
enum IntrospectionFailure: Error, Equatable {
    case unreachable
    case timedOut
    case tooLarge
    /// Any status but 200, such as 401 when the authorization server does not know this server's client.
    case status(Int)
    /// Not an RFC 7662 response.
    case unreadable

    /// For the log line.
    var reason: String {
        switch self {
        case .unreachable: "unreachable"
        case .timedOut: "timeout"
        case .tooLarge: "too_large"
        case .status(let status): "status_\(status)"
        case .unreadable: "unreadable"
        }
    }
}

/// Asks the authorization server about a token: `RemoteIntrospector` over HTTP, a scripted one in tests.
protocol TokenIntrospecting: Sendable {
    func introspect(_ token: String) async throws(IntrospectionFailure) -> IntrospectedToken
}
