import HTTPTypes
@_spi(Generated) import OpenAPIRuntime
import RFC7636
import StoriesServerAPI

/// Answers `listStories` with the page as the catalog writes it (`StoryPageEncoder`, straight from the stories'
/// draws), instead of building 20 stories and encoding them through the generated serializer: that encoding was most
/// of the cost of serving a page.
///
/// Only the plain case: a signed-in user (the bearer middleware runs first), at most one `limit` of 1 to 3 digits and
/// one base64url `cursor`, and no `Accept` or one that takes JSON as it is spelt. Everything else — another
/// operation, other query items, percent-escapes, a refused limit or cursor — goes to the generated code, so its
/// answers (400s, 406s, 401s) stay exactly the spec's.
///
/// A page of a query it reads, written here or by the generated code, also gets the next page's `Link` header
/// (`NextPageLinkField`); the generated code's pages for queries it does not read go without (the header is optional).
struct EncodedStoryPageMiddleware: ServerMiddleware {
    let catalog: StoryCatalog

    func intercept(
        _ request: HTTPRequest,
        body: HTTPBody?,
        metadata: ServerRequestMetadata,
        operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        guard operationID == Operations.ListStories.id, AuthenticatedUser.username != nil,
            let query = request.path.flatMap(PageQuery.init(path:))
        else {
            return try await next(request, body, metadata)
        }
        let limit = query.limit ?? StoryCatalog.defaultPageSize
        var (response, responseBody): (HTTPResponse, HTTPBody?)
        if Self.acceptsJSON(request.headerFields),
            let page = try? catalog.encodedPage(cursor: query.cursor, limit: limit)
        {
            response = HTTPResponse(status: .ok, headerFields: [.contentType: "application/json; charset=utf-8"])
            responseBody = HTTPBody(page)
        } else {
            (response, responseBody) = try await next(request, body, metadata)
        }
        // Here and not through the generated headers, which would percent-encode the link's brackets and quotes.
        if response.status == .ok, let next = try? catalog.nextCursor(after: query.cursor, limit: limit) {
            response.headerFields[.link] = NextPageLinkField.value(cursor: next, limit: limit)
        }
        return (response, responseBody)
    }

    /// Whether the generated code would answer `fields`' `Accept` with `application/json`: OpenAPIRuntime's own check,
    /// the one the generated stubs run before answering `listStories`, so that the catalog answers exactly the
    /// requests the generated code would answer with JSON. (It is the runtime's interface to generated code, SPI;
    /// this middleware stands in for generated code.)
    ///
    /// stories-cli asks for `application/json, application/problem+json`; when only the exact spellings `*/*` and
    /// `application/json` were taken here, every page it fetched went through the generated serializer, and serving
    /// `list --all` cost the server four times the processor time a bearer walker's identical pages did.
    static func acceptsJSON(_ fields: HTTPFields) -> Bool {
        (try? acceptChecker.validateAcceptIfPresent("application/json", in: fields)) != nil
    }

    /// Only its `Accept` check is used, which no configuration changes.
    private static let acceptChecker = Converter(configuration: Configuration())
}

/// `limit` and `cursor` from a query made of nothing else, each at most once, in characters that need no decoding.
struct PageQuery: Equatable {
    var limit: Int?
    var cursor: String?
}

extension PageQuery {
    /// `nil` for any query it does not read exactly as the generated code would.
    init?(path: String) {
        guard let questionMark = path.utf8.firstIndex(of: UInt8(ascii: "?")) else { return }
        let query = path.utf8[path.utf8.index(after: questionMark)...]
        for item in query.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: false) {
            guard let equals = item.firstIndex(of: UInt8(ascii: "=")) else { return nil }
            let name = item[..<equals]
            let value = item[item.index(after: equals)...]
            if name.elementsEqual("limit".utf8), limit == nil, (1...3).contains(value.count),
                value.allSatisfy(Self.isDigit)
            {
                limit = value.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
            } else if name.elementsEqual("cursor".utf8), cursor == nil, (1...64).contains(value.count),
                value.allSatisfy(Base64URL.isInAlphabet)
            {
                cursor = String(decoding: value, as: UTF8.self)
            } else {
                return nil
            }
        }
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
}
