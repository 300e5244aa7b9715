import Foundation
import HTTPTypes
import OpenAPIRuntime

/// Reads the form body of the OAuth endpoints (token, PAR, device authorization, revocation, introspection) with
/// `FormParameters`, before the generated code decodes it, and answers a body that is not a form, or longer than
/// `maximumBodySize`, with 400 `invalid_request` (RFC 6749 §5.2).
///
/// The generated code's decoder (swift-openapi-runtime's `URIDecoder`) reads a broken percent-escape as an empty
/// string and collects a body of any length, so without this a body of `%` was a 500 and `…&%` was read as if the
/// broken part were absent. A body this accepts is handed on unchanged: it is well-formed, so both decoders read the
/// same parameters from it.
struct FormBodyMiddleware: ServerMiddleware {
    /// The operations whose bodies are forms.
    let operationIDs: Set<String>
    /// The parameters those operations define (a test pins them to the spec); others are only checked for their form.
    static let parameterNames: Set<String> = [
        "client_id", "code", "code_challenge", "code_challenge_method", "code_verifier", "device_code", "grant_type",
        "password", "redirect_uri", "refresh_token", "request_uri", "resource", "response_type", "scope", "state",
        "token", "token_type_hint", "username",
    ]
    /// The longest body read, in bytes: a few short parameters (a `scope`, `state` and `resource` of at most 1 KiB
    /// each, a redirect URI, a PKCE challenge).
    var maximumBodySize = 64 * 1024

    func intercept(
        _ request: HTTPRequest,
        body: HTTPBody?,
        metadata: ServerRequestMetadata,
        operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        // Another content type is the generated code's to refuse; without one, it reads the body as the form.
        guard operationIDs.contains(operationID), let body, Self.isForm(request.headerFields[.contentType]) else {
            return try await next(request, body, metadata)
        }
        let bytes: [UInt8]
        do {
            bytes = try await collect(body)
            guard let text = String(validating: bytes, as: UTF8.self) else { throw FormParameters.Malformed.notText }
            _ = try FormParameters(decoding: text, names: Self.parameterNames)
        } catch let malformed as FormParameters.Malformed {
            return RequestRejectionMiddleware.badRequest(shape: .oauth, detail: malformed.detail)
        }
        return try await next(request, HTTPBody(bytes), metadata)
    }

    /// Whether `contentType` is absent or names a form, whatever its parameters (`; charset=UTF-8`).
    static func isForm(_ contentType: String?) -> Bool {
        guard let contentType else { return true }
        let essence = contentType.split(separator: ";", maxSplits: 1).first ?? ""
        return essence.trimmingCharacters(in: .whitespaces).lowercased() == "application/x-www-form-urlencoded"
    }

    /// The body's bytes; throws `tooLarge` as soon as it is known to be longer than `maximumBodySize`.
    private func collect(_ body: HTTPBody) async throws -> [UInt8] {
        if case .known(let length) = body.length, length > maximumBodySize {
            throw FormParameters.Malformed.tooLarge(limit: maximumBodySize)
        }
        var bytes: [UInt8] = []
        for try await chunk in body {
            guard bytes.count + chunk.count <= maximumBodySize else {
                throw FormParameters.Malformed.tooLarge(limit: maximumBodySize)
            }
            bytes += chunk
        }
        return bytes
    }
}
