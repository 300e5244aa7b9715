import HTTPTypes

/// Shows the caller of a generated operation each response's head as soon as it arrives, before the body is read
/// and decoded.
///
/// The generated client returns an operation's output only once the whole body is decoded, and its middlewares have
/// no way to reach one caller rather than every caller. So the observer travels with the call as a task-local value,
/// the way request-scoped context crosses layers one does not own (as swift-distributed-tracing's `ServiceContext`
/// does): it is bound for the duration of one call by `observing(_:during:)`, and read by
/// `ResponseHeadObservingMiddleware`, which the composition root installs. Calls made outside `observing` — and
/// every call when the middleware is not installed — run as before.
///
/// `StoryPages` uses it to request the next page as soon as the server's `Link: <…>; rel="next"` header arrives,
/// while this page's body is still being read and decoded.
public enum ResponseHeadObservation {
    @TaskLocal static var observer: (@Sendable (HTTPResponse) -> Void)?

    /// Runs `operation` with `observer` told the head of every response its requests get (a retried request's too),
    /// on the task that sends it, before the body is read; the observer must return quickly and must not throw.
    public static func observing<Result>(
        _ observer: @escaping @Sendable (HTTPResponse) -> Void,
        isolation: isolated (any Actor)? = #isolation,
        during operation: () async throws -> Result
    ) async rethrows -> Result {
        try await $observer.withValue(observer, operation: operation, isolation: isolation)
    }
}
