import AsyncHTTPClient
import Foundation
import HTTPTypes
import NIOCore
import Testing

@testable import APIClientLive

/// When the CLI's HTTP client comes into being, which is start-up time a command pays for, and that it is shut down.
@Suite("Lazy HTTP client transport")
struct LazyHTTPClientTransportTests {
    static func makeTransport() -> LazyHTTPClientTransport {
        LazyHTTPClientTransport(configuration: HTTPClient.Configuration(), backstopTimeout: .seconds(1))
    }

    @Test("A new transport has no client, and shutting it down creates none")
    func noClientUntilNeeded() async {
        let transport = Self.makeTransport()
        #expect(transport.client == nil)
        await transport.shutdown()
        #expect(transport.client == nil)
    }

    @Test("A client on the process's event loop leaves that loop running when it shuts down, for work left behind")
    func leavesProcessEventLoopRunning() async throws {
        let processEventLoop = ProcessEventLoop()
        let transport = LazyHTTPClientTransport(
            configuration: HTTPClient.Configuration(), backstopTimeout: .seconds(1), processEventLoop: processEventLoop)
        let loop = try await transport.eventLoop()
        await transport.shutdown()
        // What AsyncHTTPClient's TLS-context queue does when its context arrives after the request failed.
        #expect(try await loop.submit { 42 }.get() == 42)
        #expect(processEventLoop.eventLoopGroup.next() === loop)
    }

    @Test("A client started at once exists without a request, and a shutdown right after shuts it down")
    func startsClientAtOnce() async throws {
        let transport = Self.makeTransport()
        transport.startCreatingClient()
        // No wait in between: the shutdown must wait for the creation under way, or it finds no client to shut down.
        await transport.shutdown()
        let client = try #require(transport.client)
        await #expect(throws: HTTPClientError.alreadyShutdown) {
            try await client.shutdown()
        }
    }

    @Test("A request after shutdown fails instead of starting a client nothing would shut down")
    func refusesRequestsAfterShutdown() async throws {
        let transport = Self.makeTransport()
        await transport.shutdown()
        let url = try #require(URL(string: "http://127.0.0.1:9/v1"))
        await #expect(throws: HTTPClientError.alreadyShutdown) {
            _ = try await transport.send(
                HTTPRequest(method: .get, scheme: "http", authority: "127.0.0.1:9", path: "/v1/stories"),
                body: nil, baseURL: url, operationID: "listStories")
        }
        #expect(transport.client == nil)
    }
}
