import APIClient
import AsyncHTTPClient
import NIOCore
import NIOHTTP1
import NIOPosix

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reduces AsyncHTTPClient's and SwiftNIO's errors to `NetworkFailure`, for the transport `LiveAPIClient` uses. Their own text (errno numbers, internal type names, header values) never reaches a message.
public enum HTTPClientFailureClassifier {
    /// The `NetworkFailure` behind `error`, `.other` for an error that is not AsyncHTTPClient's or SwiftNIO's.
    public static func classify(_ error: any Error) -> NetworkFailure {
        return switch error {
        case let error as HTTPClientError: classify(error)
        case let error as NIOConnectionError:
            if error.dnsAError != nil || error.dnsAAAAError != nil, error.connectionErrors.isEmpty {
                .hostNotFound
            } else {
                error.connectionErrors.lazy.map { classify($0.error) }.first { $0 != .other } ?? .other
            }
        case let error as IOError: classify(errorNumber: error.errnoCode)
        case let error as ChannelError: classify(error)
        // The parser's complaint about a connection that closed mid-message is a lost connection, not bad HTTP.
        case let error as HTTPParserError: error == .invalidEOFState ? .connectionLost : .invalidHTTP
        case is InvalidResponseStatus, is NIOHTTPDecoderError: .invalidHTTP
        case is NIOConnectionError, is SocketAddressError: .hostNotFound
        default: .other
        }
    }

    private static func classify(_ error: HTTPClientError) -> NetworkFailure {
        switch error {
        case .connectTimeout, .readTimeout, .writeTimeout, .deadlineExceeded, .tlsHandshakeTimeout,
            .getConnectionFromPoolTimeout:
            .timedOut(after: nil)
        case .remoteConnectionClosed, .bodyLengthMismatch, .uncleanShutdown: .connectionLost
        // The proxy's answer to CONNECT, not the server's: the server was never reached.
        case .proxyAuthenticationRequired: .proxyAuthenticationRequired
        case .invalidProxyResponse: .proxyRefused
        default: .other
        }
    }

    private static func classify(_ error: ChannelError) -> NetworkFailure {
        switch error {
        case .connectTimeout: .timedOut(after: nil)
        case .ioOnClosedChannel, .eof, .outputClosed, .inputClosed, .alreadyClosed: .connectionLost
        default: .other
        }
    }

    private static func classify(errorNumber: Int32) -> NetworkFailure {
        switch errorNumber {
        case ECONNREFUSED: .connectionRefused
        case ECONNRESET, EPIPE, ECONNABORTED: .connectionLost
        case ETIMEDOUT: .timedOut(after: nil)
        default: .other
        }
    }
}
