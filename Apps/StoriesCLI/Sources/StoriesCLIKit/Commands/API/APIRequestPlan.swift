import Foundation
import HTTPTypes

/// Everything `stories-cli api` will send, read from its arguments before anything is opened or sent, so that every
/// mistake in them is a usage error (exit 64) with nothing sent.
struct APIRequestPlan: Sendable {
    var method: HTTPRequest.Method
    var target: APIRequestTarget
    var headerFields: HTTPFields
    var body: [UInt8]?
    var include: Bool
    var paginate: Bool
    var slurp: Bool

    /// The command line's arguments, as `APICommand` parsed them.
    struct Arguments: Sendable {
        var path: String
        var method: String?
        var rawFields: [String] = []
        var typedFields: [String] = []
        var headers: [String] = []
        var input: String?
        var include = false
        var paginate = false
        var slurp = false
    }

    /// The plan for `arguments` against `serverURL`.
    /// - Parameter readStandardInput: the rest of standard input, at most `limit` + 1 bytes; `nil` if it fails.
    static func make(
        _ arguments: Arguments, serverURL: URL, readStandardInput: (_ limit: Int) -> [UInt8]?
    ) throws(APIArgumentError) -> APIRequestPlan {
        var standardInputRead = false
        func read(_ path: String) throws(APIArgumentError) -> [UInt8] {
            guard path == "-" else { return try APIInputFile.read(path) }
            guard !standardInputRead else { throw .standardInputTwice }
            standardInputRead = true
            guard let bytes = readStandardInput(APIInputFile.limit) else {
                throw .unreadableFile(path: "-", errorNumber: nil)
            }
            guard bytes.count <= APIInputFile.limit else { throw .inputTooLarge(path: "-", limit: APIInputFile.limit) }
            return bytes
        }

        var headerFields = HTTPFields()
        for header in arguments.headers { headerFields.append(try APIRequestHeader.parse(header)) }
        var fields: [APIRequestField] = []
        for field in arguments.rawFields { fields.append(try .raw(field)) }
        for field in arguments.typedFields {
            fields.append(
                try .typed(field) { path throws(APIArgumentError) in String(decoding: try read(path), as: UTF8.self) })
        }
        let body = try arguments.input.map { path throws(APIArgumentError) in try read(path) }

        let method: HTTPRequest.Method
        if let given = arguments.method {
            guard let parsed = HTTPRequest.Method(given.uppercased()) else { throw .malformedMethod(given) }
            method = parsed
        } else {
            // As `gh api`: a request with fields or a body is a POST unless -X says otherwise.
            method = fields.isEmpty && body == nil ? .get : .post
        }
        guard !arguments.paginate || method == .get else { throw .paginateNeedsGET(method: method.rawValue) }
        guard !arguments.slurp || arguments.paginate else { throw .slurpNeedsPaginate }
        guard !arguments.slurp || !arguments.include else { throw .slurpWithInclude }

        var target = try APIRequestTarget.resolve(arguments.path, serverURL: serverURL)
        var sentBody = body
        // Fields go into a JSON body, unless the method has none (GET, HEAD) or --input is the body.
        if body != nil || method == .get || method == .head {
            target = target.addingQuery(fields)
        } else if !fields.isEmpty {
            sentBody = APIRequestBody.json(fields)
        }
        if sentBody != nil, headerFields[.contentType] == nil {
            headerFields[.contentType] = "application/json"
        }
        return APIRequestPlan(
            method: method, target: target, headerFields: headerFields, body: sentBody, include: arguments.include,
            paginate: arguments.paginate, slurp: arguments.slurp)
    }
}
