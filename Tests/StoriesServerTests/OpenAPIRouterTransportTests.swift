import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import OpenAPIRuntime
import Testing

@testable import StoriesServerKit

@Suite("Generated handlers on the router")
struct OpenAPIRouterTransportTests {
    /// A router with one handler at `GET /echo/{name}` that answers with `body(request body, name)`.
    static func application(
        bufferingUpTo limit: Int = 1 << 20,
        body: @escaping @Sendable (Data, String) -> HTTPBody
    ) throws -> some ApplicationProtocol {
        let router = Router()
        try OpenAPIRouterTransport(router: router, maximumBufferedBodyLength: limit).register(
            { request, requestBody, metadata in
                let received = try await Data(collecting: requestBody ?? HTTPBody(), upTo: 1 << 20)
                let name = String(metadata.pathParameters["name"] ?? "")
                return (HTTPResponse(status: .ok, headerFields: [.contentType: "text/plain"]), body(received, name))
            },
            method: .post,
            path: "/echo/{name}")
        return Application(router: router)
    }

    @Test(
        "Bodies of known length arrive whole with their Content-Length, buffered or streamed",
        arguments: [(0, 1 << 20), (5, 1 << 20), (100_000, 1 << 20), (100_000, 1_000)])
    func knownLength(size: Int, limit: Int) async throws {
        let payload = Data((0..<size).map { UInt8(truncatingIfNeeded: $0) })
        let app = try Self.application(bufferingUpTo: limit) { _, _ in HTTPBody(payload) }
        try await app.test(.router) { client in
            let response = try await client.execute(uri: "/echo/x", method: .post)
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "text/plain")
            #expect(response.headers[.contentLength] == String(size))
            #expect(Data(buffer: response.body) == payload)
        }
    }

    @Test("A body of unknown length streams in chunks and arrives whole")
    func unknownLength() async throws {
        let chunks: [ArraySlice<UInt8>] = [[1, 2, 3], [], [4, 5]]
        let app = try Self.application { _, _ in
            HTTPBody(
                AsyncStream { continuation in
                    for chunk in chunks { continuation.yield(chunk) }
                    continuation.finish()
                }, length: .unknown)
        }
        try await app.test(.router) { client in
            let response = try await client.execute(uri: "/echo/x", method: .post)
            #expect(response.headers[.contentLength] == nil)
            #expect(Data(buffer: response.body) == Data([1, 2, 3, 4, 5]))
        }
    }

    @Test("The handler gets the request body and the path parameters")
    func passesRequest() async throws {
        let app = try Self.application { received, name in HTTPBody(Data(name.utf8) + received) }
        try await app.test(.router) { client in
            let response = try await client.execute(
                uri: "/echo/ada", method: .post, body: ByteBuffer(string: ":lovelace"))
            #expect(String(buffer: response.body) == "ada:lovelace")
        }
    }
}
