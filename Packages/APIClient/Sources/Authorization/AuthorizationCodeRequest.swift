import Foundation
import RFC7636

/// An authorization request of the authorization code grant with PKCE (RFC 6749 §4.1.1, RFC 7636 §4.3), as the URL a
/// browser opens. The URL carries the challenge and the state, never the verifier.
public struct AuthorizationCodeRequest: Sendable, Equatable {
    /// The authorization endpoint, from the server's metadata or its documented default.
    public var endpoint: URL
    public var clientID: String
    /// Where the browser is sent back: the loopback listener (RFC 8252 §7.3). Sent again, character for character,
    /// with the code.
    public var redirectURI: String
    public var pkce: PKCE
    public var state: AuthorizationState
    public var scope: String?
    /// The API the tokens are for (RFC 8707 §2), when it named itself in RFC 9728 metadata.
    public var resource: String?

    public init(
        endpoint: URL, clientID: String, redirectURI: String, pkce: PKCE, state: AuthorizationState, scope: String?,
        resource: String? = nil
    ) {
        self.endpoint = endpoint
        self.clientID = clientID
        self.redirectURI = redirectURI
        self.pkce = pkce
        self.state = state
        self.scope = scope
        self.resource = resource
    }

    /// The endpoint with the request's parameters appended to any query it already has (RFC 6749 §3.1).
    public var url: URL {
        var parameters = [
            ("response_type", "code"), ("client_id", clientID), ("redirect_uri", redirectURI),
            ("code_challenge", pkce.challenge), ("code_challenge_method", PKCE.method), ("state", state.value),
        ]
        if let scope { parameters.append(("scope", scope)) }
        if let resource { parameters.append(("resource", resource)) }
        return pageURL(with: parameters)
    }

    /// The endpoint with only `client_id` and the `request_uri` a push of this request returned (RFC 9126 §4): the
    /// state and the challenge stay out of the URL.
    public func url(pushed: PushedAuthorizationRequest) -> URL {
        pageURL(with: [("client_id", clientID), ("request_uri", pushed.requestURI)])
    }

    private func pageURL(with parameters: [(String, String)]) -> URL {
        let query = parameters.map { "\(FormValue.encode($0.0))=\(FormValue.encode($0.1))" }.joined(separator: "&")
        var text = endpoint.absoluteString
        if let fragment = text.firstIndex(of: "#") { text = String(text[..<fragment]) }
        text += (text.contains("?") ? (text.hasSuffix("?") || text.hasSuffix("&") ? "" : "&") : "?") + query
        // Every parameter is percent-encoded above, so appending them to a valid URL keeps it valid.
        return URL(string: text) ?? endpoint
    }
}

/// `application/x-www-form-urlencoded` values in a query: unreserved characters as they are, every other byte
/// percent-encoded, so `+`, `&`, `=` and `/` in a value can never be read as something else.
enum FormValue {
    static func encode(_ text: String) -> String {
        var encoded = ""
        for byte in text.utf8 {
            if CodeChallenge.isUnreserved(byte) {
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                encoded +=
                    "%" + String(byte >> 4, radix: 16, uppercase: true)
                    + String(byte & 0xF, radix: 16, uppercase: true)
            }
        }
        return encoded
    }

    /// The name-value pairs of a query in order, `+` read as a space and percent escapes decoded; `nil` for a
    /// malformed escape or bytes that are not UTF-8.
    static func decode(query: Substring) -> [(name: String, value: String)]? {
        var pairs: [(String, String)] = []
        for part in query.split(separator: "&", omittingEmptySubsequences: true) {
            let pieces = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = decode(pieces[0]) else { return nil }
            guard let value = pieces.count > 1 ? decode(pieces[1]) : "" else { return nil }
            pairs.append((name, value))
        }
        return pairs
    }

    private static func decode(_ text: Substring) -> String? {
        text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding
    }
}
