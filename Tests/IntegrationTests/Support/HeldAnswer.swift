import Dispatch

/// An answer the fault server withholds until the test releases it. `hold()` runs on the server's connection
/// thread; `arrival()` tells the test the request is there.
final class HeldAnswer: Sendable {
    private let released = DispatchSemaphore(value: 0)
    private let arrivals: AsyncStream<Void>
    private let arrived: AsyncStream<Void>.Continuation

    init() {
        (arrivals, arrived) = AsyncStream.makeStream(of: Void.self)
    }

    func hold() {
        arrived.yield()
        released.wait()
    }

    /// Waits for the first held request.
    func arrival() async {
        for await _ in arrivals { return }
    }

    /// Lets a held request (and any later one) be answered. Safe to call more than once.
    func release() {
        for _ in 0..<8 { released.signal() }
    }
}
