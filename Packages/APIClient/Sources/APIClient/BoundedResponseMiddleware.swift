import Foundation
import HTTPTypes
import OpenAPIRuntime

/// Bounds every response in time and size, so that no server can make the client wait or hold memory without end.
///
/// The deadline covers the whole exchange, body included: a connect timeout and a read-idle timeout alone never
/// abandon a body that trickles one byte at a time. The body is read into memory up to the operation's limit and
/// abandoned past it, before it is held in full: a `Content-Length` over the limit fails at once, an endless chunked
/// body as soon as it crosses the limit. Install it next to the transport, inside every middleware that retries, so
/// that each attempt gets its own deadline, and inside `TransportFailureMiddleware`, which classifies what breaks
/// while the body is read.
public struct BoundedResponseMiddleware: ClientMiddleware {
    /// The bounds for one operation.
    public struct Limits: Sendable, Equatable {
        /// How long the request may take, from sending to the last byte of the response body.
        public var deadline: Duration
        /// The largest response body accepted, in bytes.
        public var maximumBytes: Int

        public init(deadline: Duration, maximumBytes: Int) {
            self.deadline = deadline
            self.maximumBytes = maximumBytes
        }
    }

    private let limits: @Sendable (_ operationID: String) -> Limits
    private let clock: any Clock<Duration>

    /// - Parameters:
    ///   - clock: what the deadlines are timed by: a clock whose timers cost less than the default's where the
    ///     transport already runs a timer loop (the CLI's runs them on its HTTP client's event loop).
    ///   - limits: the bounds for each operation, by its `operationId` in the spec.
    public init(
        clock: any Clock<Duration> = ContinuousClock(), limits: @escaping @Sendable (_ operationID: String) -> Limits
    ) {
        self.clock = clock
        self.limits = limits
    }

    public func intercept(
        _ request: HTTPRequest,
        body: HTTPBody?,
        baseURL: URL,
        operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        let limits = limits(operationID)
        // The task group below awaits every child before it returns, so `next` never outlives this call.
        return try await withoutActuallyEscaping(next) { next in
            try await Self.withDeadline(limits.deadline, on: clock) {
                let (response, responseBody) = try await next(request, body, baseURL)
                guard let responseBody else { return (response, nil) }
                let bytes = try await Self.collect(responseBody, upTo: limits.maximumBytes, operationID: operationID)
                return (response, HTTPBody(bytes))
            }
        }
    }

    /// Reads `body` into memory, failing as soon as it is known to exceed `limit`.
    static func collect(_ body: HTTPBody, upTo limit: Int, operationID: String) async throws -> [UInt8] {
        if case .known(let length) = body.length, length > limit {
            throw ResponseTooLarge(operationID: operationID, limit: limit)
        }
        var bytes: [UInt8] = []
        for try await chunk in body {
            guard chunk.count <= limit - bytes.count else {
                throw ResponseTooLarge(operationID: operationID, limit: limit)
            }
            bytes.append(contentsOf: chunk)
        }
        return bytes
    }

    /// Runs `operation`, cancelling it and throwing `NetworkFailure.timedOut` when `deadline` passes first.
    static func withDeadline<Result: Sendable>(
        _ deadline: Duration,
        on clock: any Clock<Duration>,
        _ operation: @escaping @Sendable () async throws -> Result
    ) async throws -> Result {
        try await withThrowingTaskGroup(of: Result.self) { group in
            group.addTask { try await operation() }
            group.addTask {
                try await clock.sleep(for: deadline)
                throw NetworkFailure.timedOut(after: deadline)
            }
            defer { group.cancelAll() }
            // The first child to finish decides: the response, its failure, or the deadline.
            return try await group.next()!
        }
    }
}
