import APIClient
import AsyncHTTPClient
import Testing

@testable import APIClientLive

@Suite("AsyncHTTPClient's errors as NetworkFailure")
struct HTTPClientFailureClassifierTests {
    @Test(
        "A proxy's refusal of CONNECT is the proxy's failure, not the server's, and nothing reached the server",
        arguments: [
            (HTTPClientError.proxyAuthenticationRequired, NetworkFailure.proxyAuthenticationRequired),
            (.invalidProxyResponse, .proxyRefused),
        ])
    func proxyFailures(error: HTTPClientError, expected: NetworkFailure) {
        let failure = HTTPClientFailureClassifier.classify(error)
        #expect(failure == expected)
        #expect(!failure.mayHaveReachedServer)
    }
}
