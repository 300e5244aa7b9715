import HTTPTypes

/// The `Link` header of a page that has a next one (RFC 8288, `openapi/openapi.yaml`): the same cursor as the body's
/// `nextCursor`, in the head, so that a client can ask for the next page before it has read and decoded this one.
/// The target is relative to the request (`<?cursor=…&limit=…>`), so it holds behind any path prefix; the limit is the
/// one this page was written with, so that following the link asks for pages of the same size.
enum NextPageLinkField {
    static func value(cursor: String, limit: Int) -> String {
        // Cursors are digits (the contract's pattern), so nothing in them needs percent-encoding.
        "<?cursor=\(cursor)&limit=\(limit)>; rel=\"next\""
    }
}

extension HTTPField.Name {
    /// `Link` (RFC 8288). A literal token: the initialiser fails only on characters a field name cannot have.
    static let link = HTTPField.Name("Link")!
}
