import AsyncHTTPClient
import Testing

@testable import StoriesCLIKit

/// When the CLI's HTTP client comes into being, which is start-up time a command pays for.
@Suite("Lazy HTTP client transport")
struct LazyHTTPClientTransportTests {
    static func makeTransport() -> LazyHTTPClientTransport {
        LazyHTTPClientTransport(configuration: HTTPClient.Configuration(), backstopTimeout: .seconds(1))
    }

    @Test("A new transport has no client, and shutting it down creates none")
    func noClientUntilNeeded() async {
        let transport = Self.makeTransport()
        #expect(!transport.hasCreatedClient)
        await transport.shutdown()
        #expect(!transport.hasCreatedClient)
    }

    @Test("Starting the client at once creates it without a request, and shutdown waits for a creation under way")
    func startsClientAtOnce() async {
        let transport = Self.makeTransport()
        transport.startCreatingClient()
        // No wait in between: shutdown must find the client even if the background creation has not finished.
        await transport.shutdown()
        #expect(transport.hasCreatedClient)
    }
}
