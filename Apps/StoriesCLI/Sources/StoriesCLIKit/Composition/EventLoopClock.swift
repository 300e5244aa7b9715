import NIOCore

/// The continuous clock, with its sleeps run as timers of an event loop: the CLI's request deadlines use the HTTP
/// client's own loop, which waits for its sockets and timers in one `epoll_wait`.
///
/// The default clock's first sleep in a process makes libdispatch start its timer thread on Linux; a deadline set for
/// every request cost each command that sends one about 0.5 ms (README, "Performance").
struct EventLoopClock: Clock {
    typealias Instant = ContinuousClock.Instant

    /// The loop to set timers on; throws when there is none any more (the transport has shut down).
    private let eventLoop: @Sendable () async throws -> any EventLoop

    init(eventLoop: @escaping @Sendable () async throws -> any EventLoop) {
        self.eventLoop = eventLoop
    }

    var now: Instant { .now }

    var minimumResolution: Duration { ContinuousClock().minimumResolution }

    /// Returns at `deadline`, or throws `CancellationError` as soon as the task is cancelled.
    func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        try Task.checkCancellation()
        let timer = try await eventLoop().scheduleTask(in: max(.zero, now.duration(to: deadline)).timeAmount) {}
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
