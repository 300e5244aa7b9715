import Hummingbird

extension Request {
    /// Longest form body the pages read: a few short fields.
    static let maximumFormBodySize = 16 * 1024

    /// The fields of an `application/x-www-form-urlencoded` body of at most `maximumFormBodySize` bytes (a longer one
    /// is answered 413 by the framework), or `nil` if a field repeats.
    func formFields() async throws -> FormFields? {
        var request = self
        let buffer = try await request.collectBody(upTo: Self.maximumFormBodySize)
        return FormFields(Substring(String(buffer: buffer)))
    }

    /// The query's fields, or `nil` if a parameter repeats.
    var queryFields: FormFields? {
        FormFields(Substring(uri.query ?? ""))
    }
}
