import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import Testing

@testable import StoriesServerKit

/// RFC 8707's `resource` in token and device authorization requests: the tokens are good for that resource only.
@Suite("Resource indicators in grants")
struct ResourceIndicatorGrantTests {
    let clock = TestEnvironment()

    static func passwordGrant(resource: String?) -> [(String, String)] {
        [("grant_type", "password"), ("username", "demo"), ("password", "demo-password"), ("client_id", "stories-cli")]
            + (resource.map { [("resource", $0)] } ?? [])
    }

    @Test(
        "A password grant for this API, or naming none, buys a token this API takes; one for another resource buys a token it refuses; a malformed one is invalid_target",
        arguments: [
            (String?.none, HTTPResponse.Status.ok), ("http://127.0.0.1:8080/v1", .ok),
            ("HTTP://127.0.0.1:8080/v1/", .ok),
            ("https://other.example/api", .unauthorized), ("not a uri", nil), ("https://other.example/api#part", nil),
        ] as [(String?, HTTPResponse.Status?)])
    func passwordGrant(resource: String?, here: HTTPResponse.Status?) async throws {
        let app = try await AuthorizationServerApp.make(clock: clock)
        try await app.test(.router) { client in
            let response = try await client.postForm("/v1/oauth/token", Self.passwordGrant(resource: resource))
            guard let here else {
                #expect(response.status == .badRequest)
                #expect(response.oauthError == "invalid_target")
                return
            }
            let token = try #require(try response.json()["access_token"] as? String)
            let me = try await client.execute(uri: "/v1/me", method: .get, headers: [.authorization: "Bearer \(token)"])
            #expect(me.status == here)
        }
    }

    @Test("A refresh keeps the family's resource: naming another is invalid_target and spends nothing")
    func refresh() async throws {
        let app = try await AuthorizationServerApp.make(clock: clock)
        try await app.test(.router) { client in
            let issued = try await client.postForm(
                "/v1/oauth/token", Self.passwordGrant(resource: "https://other.example/api")
            ).json()
            let refreshToken = try #require(issued["refresh_token"] as? String)
            let refused = try await client.postForm(
                "/v1/oauth/token",
                [
                    ("grant_type", "refresh_token"), ("refresh_token", refreshToken),
                    ("resource", "http://127.0.0.1:8080/v1"),
                ])
            #expect(refused.status == .badRequest)
            #expect(refused.oauthError == "invalid_target")
            let rotated = try await client.postForm(
                "/v1/oauth/token", [("grant_type", "refresh_token"), ("refresh_token", refreshToken)])
            #expect(rotated.status == .ok)
        }
    }

    @Test("A device authorization with a malformed resource is invalid_target")
    func deviceMalformed() async throws {
        let app = try await AuthorizationServerApp.make(clock: clock)
        try await app.test(.router) { client in
            let response = try await client.postForm(
                "/v1/oauth/device_authorization", [("client_id", "stories-cli"), ("resource", "relative/path")])
            #expect(response.status == .badRequest)
            #expect(response.oauthError == "invalid_target")
        }
    }

    @Test(
        "A device authorization's resource holds for its tokens, and a poll that names another is invalid_target",
        arguments: [
            ("https://other.example/api", String?.none, HTTPResponse.Status?.some(.unauthorized)),
            ("http://127.0.0.1:8080/v1", nil, .ok),
            ("https://other.example/api", "https://other.example/api", .unauthorized),
            ("https://other.example/api", "http://127.0.0.1:8080/v1", nil),
        ])
    func device(requested: String, polledWith: String?, here: HTTPResponse.Status?) async throws {
        let app = try await AuthorizationServerApp.make(clock: clock)
        try await app.test(.router) { client in
            let started = try await client.postForm(
                "/v1/oauth/device_authorization", [("client_id", "stories-cli"), ("resource", requested)]
            ).json()
            let deviceCode = try #require(started["device_code"] as? String)
            let userCode = try #require(started["user_code"] as? String)
            #expect(try await client.verifyDevice(userCode: userCode, decision: "approve").status == .ok)
            let poll = try await client.postForm(
                "/v1/oauth/token",
                [
                    ("grant_type", AuthorizationServerApp.deviceGrantType), ("device_code", deviceCode),
                    ("client_id", "stories-cli"),
                ] + (polledWith.map { [("resource", $0)] } ?? []))
            guard let here else {
                #expect(poll.status == .badRequest)
                #expect(poll.oauthError == "invalid_target")
                return
            }
            let token = try #require(try poll.json()["access_token"] as? String)
            let me = try await client.execute(uri: "/v1/me", method: .get, headers: [.authorization: "Bearer \(token)"])
            #expect(me.status == here)
        }
    }
}
