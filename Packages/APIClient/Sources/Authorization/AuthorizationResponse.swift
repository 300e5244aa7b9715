/// Reads the redirect that answers an authorization request (RFC 6749 §4.1.2, §4.1.2.1; RFC 9207).
public enum AuthorizationResponse {
    /// The authorization code in the redirect's `query`, after checking, in this order: no parameter is repeated,
    /// `state` is the request's (before anything else is believed, an error included, so a forged redirect can
    /// neither spend a code nor fake a denial), `iss` is the expected issuer when both are known and present when the
    /// server said it always sends it (RFC 9207 §2.4), then an `error` or the code.
    ///
    /// - Parameters:
    ///   - query: the redirect URI's query, without the `?`, still percent-encoded.
    ///   - state: the request's state.
    ///   - issuer: the authorization server's issuer, when the client knows it (from RFC 8414 metadata).
    public static func code(
        from query: Substring, state: AuthorizationState, issuer: ExpectedIssuer?
    ) throws(AuthorizationRedirectError) -> Secret {
        guard let pairs = FormValue.decode(query: query) else { throw .missingState }
        var fields: [String: String] = [:]
        for (name, value) in pairs {
            guard fields.updateValue(value, forKey: name) == nil else { throw .repeatedParameter(name) }
        }
        guard let received = fields["state"] else { throw .missingState }
        guard state.matches(received) else { throw .stateMismatch }
        if let issuer {
            if let named = fields["iss"] {
                guard named == issuer.issuer else { throw .issuerMismatch(expected: issuer.issuer, received: named) }
            } else if issuer.isRequired {
                throw .missingIssuer(expected: issuer.issuer)
            }
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
        from query: String, state: AuthorizationState, issuer: ExpectedIssuer?
    ) throws(AuthorizationRedirectError) -> Secret {
        try code(from: query[...], state: state, issuer: issuer)
    }
}
