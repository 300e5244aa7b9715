import Hummingbird

extension Request {
    /// Longest form body the pages read: a few short fields.
    static let maximumFormBodySize = 16 * 1024

    /// The parameters in `names` of an `application/x-www-form-urlencoded` body of at most `maximumFormBodySize`
    /// bytes (a longer one is answered 413 by the framework), decoded as strictly as the OAuth endpoints' bodies.
    /// Throws `FormParameters.Malformed` for a body that is not a form.
    func formParameters(named names: Set<String>) async throws -> FormParameters {
        var request = self
        let buffer = try await request.collectBody(upTo: Self.maximumFormBodySize)
        guard let text = String(validating: buffer.readableBytesView, as: UTF8.self) else {
            throw FormParameters.Malformed.notText
        }
        return try FormParameters(decoding: text, names: names)
    }

    /// The query's parameters in `names`, decoded as a form body is.
    func queryParameters(named names: Set<String>) throws(FormParameters.Malformed) -> FormParameters {
        try FormParameters(decoding: uri.query ?? "", names: names)
    }
}
