import HTTPTypes

extension HTTPField.Name {
    /// A request's DPoP proof (RFC 9449 §4.1).
    static let dpop = HTTPField.Name("DPoP")!
    /// A nonce for the next proofs (RFC 9449 §8, §9).
    static let dpopNonce = HTTPField.Name("DPoP-Nonce")!
}
