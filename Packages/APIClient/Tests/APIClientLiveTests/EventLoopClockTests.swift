import NIOCore
import NIOPosix
import Testing

@testable import APIClientLive

/// The clock the CLI's request deadlines are timed by: sleeps that are timers of an event loop.
@Suite("Event-loop clock", .timeLimit(.minutes(1)))
struct EventLoopClockTests {
    @Test("A sleep lasts at least its duration")
    func sleepsForItsDuration() async throws {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let loop = group.next()
        let clock = EventLoopClock { loop }
        let start = ContinuousClock.now
        try await clock.sleep(for: .milliseconds(20))
        #expect(ContinuousClock.now - start >= .milliseconds(20))
        try await group.shutdownGracefully()
    }

    @Test("A cancelled sleep ends at once with CancellationError, not at its deadline")
    func cancelledSleepEnds() async throws {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let loop = group.next()
        let clock = EventLoopClock { loop }
        // An hour: only cancellation can end it within the suite's time limit.
        let sleeper = Task { try await clock.sleep(for: .seconds(3600)) }
        sleeper.cancel()
        await #expect(throws: CancellationError.self) { try await sleeper.value }
        try await group.shutdownGracefully()
    }

    @Test("A sleep without an event loop fails with the loop's error")
    func sleepWithoutLoopFails() async {
        struct NoLoop: Error {}
        let clock = EventLoopClock { throw NoLoop() }
        await #expect(throws: NoLoop.self) { try await clock.sleep(for: .seconds(1)) }
    }
}
