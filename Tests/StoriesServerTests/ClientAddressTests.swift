import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import NIOEmbedded
import Testing

@testable import StoriesServerKit

/// How the server tells clients apart for its limits.
@Suite("Client addresses")
struct ClientAddressTests {
    @Test(
        "A client is its IPv4 address, the /64 of its IPv6 address, an IPv4-mapped address as IPv4",
        arguments: [
            ("203.0.113.7", "203.0.113.7"), ("127.0.0.1", "127.0.0.1"),
            ("2001:db8:1:2:aaaa:bbbb:cccc:dddd", "2001:db8:1:2::/64"), ("2001:db8:1:2::1", "2001:db8:1:2::/64"),
            ("::1", "0:0:0:0::/64"), ("::ffff:198.51.100.9", "198.51.100.9"),
        ])
    func fromPeer(peer: String, client: String) throws {
        #expect(ClientAddress(try SocketAddress(ipAddress: peer, port: 50_000)).description == client)
    }

    @Test("A request without a peer, or from a Unix-domain socket, is the one unknown client")
    func unknownPeer() throws {
        #expect(ClientAddress(nil) == .unknown)
        #expect(ClientAddress(try SocketAddress(unixDomainSocketPath: "/tmp/stories.sock")) == .unknown)
    }

    @Test("The request context carries the connection's peer address")
    func contextHasPeer() throws {
        let channel = EmbeddedChannel()
        channel.remoteAddress = try SocketAddress(ipAddress: "198.51.100.9", port: 4242)
        let context = StoriesRequestContext(
            source: ApplicationRequestContextSource(channel: channel, logger: Logger(label: "test")))
        #expect(ClientIdentification.peer.identify([:], context.remoteAddress) == ClientAddress(text: "198.51.100.9"))
    }

    @Test("Every request runs as its client, and a Retry-After a handler asks for reaches the answer")
    func middleware() async throws {
        let router = Router(context: StoriesRequestContext.self)
        router.add(
            middleware: ClientAddressMiddleware(identification: AuthorizationServerApp.testClientIdentification))
        router.get("/who") { _, _ -> String in
            RequestClient.current?.answerRetryAfter(7)
            return RequestClient.address.description
        }
        router.get("/plain") { _, _ in RequestClient.address.description }
        try await Application(router: router).test(.router) { client in
            let who = try await client.get("/who", as: "192.0.2.5")
            #expect(who.text == "192.0.2.5")
            #expect(who.headers[.retryAfter] == "7")
            let plain = try await client.get("/plain")
            #expect(plain.text == "unknown")
            #expect(plain.headers[.retryAfter] == nil)
        }
    }
}
