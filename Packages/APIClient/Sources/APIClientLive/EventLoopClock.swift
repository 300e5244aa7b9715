import NIOCore

/// The continuous clock, with its sleeps run as timers of an event loop: `LiveAPIClient`'s request deadlines use the
/// HTTP client's own loop, which waits for its sockets and timers in one `epoll_wait`.
///
/// The default clock's first sleep in a process makes libdispatch start its timer thread on Linux; a deadline set for
/// every request cost each `stories-cli` command that sends one about 0.5 ms (measured when this clock replaced it).
public struct EventLoopClock: Clock {
    public typealias Instant = ContinuousClock.Instant

    /// The loop to set timers on; throws when there is none any more (the transport has shut down).
    private let eventLoop: @Sendable () async throws -> any EventLoop

    public init(eventLoop: @escaping @Sendable () async throws -> any EventLoop) {
        self.eventLoop = eventLoop
    }

    public var now: Instant { .now }

    public var minimumResolution: Duration { ContinuousClock().minimumResolution }

    /// Returns at `deadline`, or throws `CancellationError` as soon as the task is cancelled.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        try Task.checkCancellation()
        let timer = try await eventLoop().scheduleTask(in: TimeAmount(max(.zero, now.duration(to: deadline)))) {}
        do {
            try await withTaskCancellationHandler {
                try await timer.futureResult.get()
            } onCancel: {
                timer.cancel()
            }
        } catch EventLoopError.cancelled {
            throw CancellationError()
        }
    }
}
