/// Reads the redirect that answers an authorization request (RFC 6749 §4.1.2, §4.1.2.1; RFC 9207).
public enum AuthorizationResponse {
    /// The authorization code in the redirect's `query`, after checking, in this order: no parameter is repeated,
    /// `state` is the request's (before anything else is believed, an error included, so a forged redirect can
    /// neither spend a code nor fake a denial), `iss` is `issuer` when both are known, then an `error` or the code.
    ///
    /// - Parameters:
    ///   - query: the redirect URI's query, without the `?`, still percent-encoded.
    ///   - state: the request's state.
    ///   - issuer: the authorization server's issuer identifier, when the client knows it (from RFC 8414 metadata).
    public static func code(
        from query: Substring, state: AuthorizationState, issuer: String?
    ) throws(AuthorizationRedirectError) -> Secret {
        guard let pairs = FormValue.decode(query: query) else { throw .missingState }
        var fields: [String: String] = [:]
        for (name, value) in pairs {
            guard fields.updateValue(value, forKey: name) == nil else { throw .repeatedParameter(name) }
        }
        guard let received = fields["state"] else { throw .missingState }
        guard state.matches(received) else { throw .stateMismatch }
        if let issuer, let named = fields["iss"], named != issuer {
            throw .issuerMismatch(expected: issuer, received: named)
        }
        if let error = fields["error"] {
            let description = fields["error_description"]
            throw error == "access_denied"
                ? .denied(description: description) : .refused(code: error, description: description)
        }
        guard let code = fields["code"], !code.isEmpty else { throw .missingCode }
        return Secret(code)
    }

    /// `code(from:state:issuer:)` for a whole query string.
    public static func code(
        from query: String, state: AuthorizationState, issuer: String?
    ) throws(AuthorizationRedirectError) -> Secret {
        try code(from: query[...], state: state, issuer: issuer)
    }
}
