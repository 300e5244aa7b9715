import AuthorizationServerClient
import Foundation
import HTTPTypes
import OpenAPIRuntime
import Testing

@testable import Authorization

/// Answers recorded from an independent authorization server (django-oauth-toolkit 3.4.1, `Scripts/interop`), read
/// through the generated client as `stories-cli` reads them: what such a server sends that stories-server does not
/// must still work. Secrets in the recordings are replaced by made-up values of the same shape.
@Suite("Answers of an independent authorization server (django-oauth-toolkit)")
struct IndependentServerAnswersTests {
    static let sentAt = Date(timeIntervalSince1970: 1_800_000_000)

    static func endpoint(answering response: HTTPResponse, body: String) -> TokenEndpoint {
        let client = Client(
            serverURL: URL(string: "http://127.0.0.1:8000/v1")!,
            transport: RecordedAnswerTransport(response: response, body: body))
        return TokenEndpoint(api: client, clientID: "stories-cli", now: { sentAt })
    }

    @Test("Reads a device authorization that comes without Cache-Control (RFC 8628 §3.2 does not ask for one)")
    func readsDeviceAuthorizationWithoutCacheControl() async throws {
        var response = HTTPResponse(status: .ok)
        response.headerFields[.contentType] = "application/json"
        let body = """
            {"verification_uri": "http://127.0.0.1:8000/device", "expires_in": 1800, "user_code": "LTSXBQRT", \
            "device_code": "made-up-device-code-0001", "interval": 1}
            """
        let authorization = try await Self.endpoint(answering: response, body: body)
            .requestDeviceAuthorization(scope: nil, at: .fixture())
        #expect(authorization.userCode == "LTSXBQRT")
        #expect(authorization.deviceCode == Secret("made-up-device-code-0001"))
        #expect(authorization.verificationURI == URL(string: "http://127.0.0.1:8000/device"))
        #expect(authorization.verificationURIComplete == nil)
        #expect(authorization.expiresAt == Self.sentAt.addingTimeInterval(1800))
        #expect(authorization.interval == .seconds(1))
    }
}

/// Answers every request with one recorded response.
private struct RecordedAnswerTransport: ClientTransport {
    let response: HTTPResponse
    let body: String

    func send(
        _ request: HTTPRequest, body requestBody: HTTPBody?, baseURL: URL, operationID: String
    ) async throws -> (HTTPResponse, HTTPBody?) {
        (response, HTTPBody(body))
    }
}
