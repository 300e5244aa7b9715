/// What a redirect's `iss` parameter must be (RFC 9207 §2.4): the issuer the authorization request went to, and
/// whether the parameter may be missing.
public struct ExpectedIssuer: Sendable, Equatable {
    /// The issuer identifier from the authorization server's metadata; an `iss` naming another is refused.
    public var issuer: String
    /// The metadata said `authorization_response_iss_parameter_supported`: a response without `iss` is refused.
    public var isRequired: Bool

    public init(_ issuer: String, isRequired: Bool) {
        self.issuer = issuer
        self.isRequired = isRequired
    }
}
