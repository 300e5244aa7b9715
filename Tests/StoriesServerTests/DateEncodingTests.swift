import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import RFC3339
import Testing

@testable import StoriesServerKit

@Suite("Dates on the wire")
struct DateEncodingTests {
    @Test("Pages carry RFC 3339 dates that the client's transcoder reads back")
    func pagesUseRFC3339() async throws {
        let app = try await buildApplication(
            configuration: ServerConfiguration(port: 0, storyCount: 5, passwordHashCost: 4),
            logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() })
        let dates = try await app.test(.router) { client -> [String] in
            let token = try await client.execute(
                uri: "/v1/oauth/token", method: .post, headers: [.contentType: "application/x-www-form-urlencoded"],
                body: ByteBuffer(
                    string: "grant_type=password&username=demo&password=demo-password&client_id=stories-cli"))
            let access = try #require(
                (try JSONSerialization.jsonObject(with: Data(buffer: token.body)) as? [String: Any])?["access_token"]
                    as? String)
            let page = try await client.execute(
                uri: "/v1/stories?limit=5", method: .get, headers: [.authorization: "Bearer \(access)"])
            let object = try JSONSerialization.jsonObject(with: Data(buffer: page.body)) as? [String: Any]
            return (object?["items"] as? [[String: Any]])?.compactMap { $0["createdAt"] as? String } ?? []
        }
        #expect(dates.count == 5)
        for date in dates {
            #expect(throws: Never.self) { try RFC3339DateTranscoder().decode(date) }
            #expect(date.hasSuffix("Z"))
        }
    }
}
