import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import Synchronization
import Testing

@testable import StoriesServerKit

@Suite("Access log")
struct AccessLogTests {
    @Test("One line per request with method, path, status and duration, and never a token")
    func oneLinePerRequest() async throws {
        let lines = LogLines()
        let app = try await buildApplication(
            configuration: ServerConfiguration(port: 0, storyCount: 5, passwordHashCost: 4),
            logger: Logger(label: "test") { _ in RecordingLogHandler(lines: lines) })
        let issued = try await app.test(.router) { client in
            _ = try await client.execute(uri: "/v1/health", method: .get)
            let token = try await client.execute(
                uri: "/v1/oauth/token", method: .post, headers: [.contentType: "application/x-www-form-urlencoded"],
                body: ByteBuffer(
                    string: "grant_type=password&username=demo&password=demo-password&client_id=stories-cli"))
            let access = try #require(
                (try JSONSerialization.jsonObject(with: Data(buffer: token.body)) as? [String: Any])?["access_token"]
                    as? String)
            _ = try await client.execute(
                uri: "/v1/stories?limit=2", method: .get, headers: [.authorization: "Bearer \(access)"])
            _ = try await client.execute(uri: "/v1/me", method: .trace)
            return String(buffer: token.body)
        }
        let log = lines.all
        #expect(log.contains { $0.hasPrefix("GET /v1/health 200 ") && $0.hasSuffix(" ms") }, "\(log)")
        #expect(log.contains { $0.hasPrefix("POST /v1/oauth/token 200 ") }, "\(log)")
        #expect(log.contains { $0.hasPrefix("GET /v1/stories 200 ") }, "\(log)")
        #expect(log.contains { $0.hasPrefix("TRACE /v1/me 405 ") }, "\(log)")
        #expect(log.contains { $0.hasPrefix("token grant_type=password outcome=issued") }, "\(log)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(issued.utf8)) as? [String: Any])
        for key in ["access_token", "refresh_token"] {
            let token = try #require(object[key] as? String)
            #expect(!log.contains { $0.contains(token) })
        }
    }
}
