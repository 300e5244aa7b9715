import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import Testing

@testable import StoriesServerKit

/// What one connection, and one client's connections, can hold of a listening server: each test plays a client that
/// sends part of a request and waits for the server to close the connection (every read gives up after 5 seconds, so
/// a server that holds the connection fails the test rather than hanging it).
@Suite("Connection bounds")
struct ConnectionBoundsTests {
    static let readLimit = Duration.seconds(5)

    static func application(_ bounds: ConnectionBounds) async throws -> some ApplicationProtocol {
        try await buildApplication(
            configuration: ServerConfiguration(port: 0, storyCount: 1, passwordHashCost: 4, connections: bounds),
            logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() })
    }

    /// A short idle timeout, far below the read limit, and room for many connections.
    static let shortIdle = ConnectionBounds(
        idleTimeout: .milliseconds(200), connectionsPerClient: 100, shutdownGracePeriod: .seconds(1))

    @Test(
        "A connection that stops sending is closed after the idle timeout",
        arguments: [
            "GET /v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\n",
            "POST /v1/oauth/token HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\n"
                + "Content-Length: 100000\r\n\r\ngrant",
            "",
        ])
    func stalledConnectionIsClosed(sent: String) async throws {
        try await Self.application(Self.shortIdle).test(.live) { client in
            let port = try #require(client.port)
            let socket = try LoopbackSocket(port: port, readLimit: Self.readLimit)
            if !sent.isEmpty { try socket.send(sent) }
            #expect(await socket.readUntilClosed() == .closed)
        }
    }

    @Test("A kept-alive connection with no next request is closed after the idle timeout")
    func idleKeepAliveIsClosed() async throws {
        try await Self.application(Self.shortIdle).test(.live) { client in
            let port = try #require(client.port)
            let socket = try LoopbackSocket(port: port, readLimit: Self.readLimit)
            try socket.send("GET /v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            let first = await socket.read()
            guard case .bytes(let answer) = first else {
                Issue.record("no answer: \(first)")
                return
            }
            #expect(String(decoding: answer, as: UTF8.self).hasPrefix("HTTP/1.1 200"))
            #expect(await socket.readUntilClosed() == .closed)
        }
    }

    @Test("A client's connection past its limit is closed at once, while another address's is answered")
    func connectionsPerClient() async throws {
        // An idle timeout far beyond the read limit: a close seen here is the limit's, not the timeout's.
        let bounds = ConnectionBounds(
            idleTimeout: .seconds(60), connectionsPerClient: 3, shutdownGracePeriod: .seconds(1))
        try await Self.application(bounds).test(.live) { client in
            let port = try #require(client.port)
            // From 127.0.0.3, which the test framework's own client does not use. Each is answered before the next
            // opens: connections are set up on several event loops, so without that the one refused could be any.
            var held: [LoopbackSocket] = []
            for _ in 0..<3 {
                let socket = try LoopbackSocket(port: port, from: "127.0.0.3", readLimit: Self.readLimit)
                try socket.send("GET /v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                guard case .bytes = await socket.read() else {
                    Issue.record("a connection within the limit got no answer")
                    return
                }
                held.append(socket)
            }
            let fourth = try LoopbackSocket(port: port, from: "127.0.0.3", readLimit: Self.readLimit)
            #expect(await fourth.readUntilClosed() == .closed)

            let neighbour = try LoopbackSocket(port: port, from: "127.0.0.2", readLimit: Self.readLimit)
            try neighbour.send("GET /v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            guard case .bytes(let answer) = await neighbour.read() else {
                Issue.record("127.0.0.2 got no answer")
                return
            }
            #expect(String(decoding: answer, as: UTF8.self).hasPrefix("HTTP/1.1 200"))
            withExtendedLifetime(held) {}
        }
    }
}

/// The table of open connections per client.
@Suite("Connections per client")
struct ConnectionsPerClientTests {
    @Test("A client is admitted up to its limit, another client apart from it, and again once one of its closes")
    func admission() {
        let connections = ConnectionsPerClient(limit: 2)
        let one = ClientAddress(text: "127.0.0.1")
        let other = ClientAddress(text: "127.0.0.2")
        #expect(connections.admit(one))
        #expect(connections.admit(one))
        #expect(!connections.admit(one))
        #expect(connections.admit(other))
        #expect(connections.count(of: one) == 2)
        connections.release(one)
        #expect(connections.count(of: one) == 1)
        #expect(connections.admit(one))
        connections.release(one)
        connections.release(one)
        #expect(connections.count(of: one) == 0)
        connections.release(one)
        #expect(connections.count(of: one) == 0)
    }
}
