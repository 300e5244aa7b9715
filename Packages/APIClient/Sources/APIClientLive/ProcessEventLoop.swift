import NIOPosix
import Synchronization

/// One event-loop thread for a whole process, started the first time a client needs it and never shut down.
///
/// An HTTP client shut down at the end of a command can leave work behind that completes on its event loop:
/// AsyncHTTPClient creates a TLS context on a dispatch queue of its own, alongside the connection attempt, and when
/// the host name fails to resolve first, the context arrives after the request has failed. On a loop already shut
/// down that was SwiftNIO's "Cannot schedule tasks on an EventLoop that has already shut down" (a crash in its strict
/// mode). A loop that lives as long as the process cannot be found shut down. `stories-cli`'s run owns one; tests
/// give a transport none, and it shuts its own loop down.
public final class ProcessEventLoop: Sendable {
    private let group = Mutex<MultiThreadedEventLoopGroup?>(nil)

    public init() {}

    /// The group, started by the first call.
    var eventLoopGroup: MultiThreadedEventLoopGroup {
        group.withLock { group in
            if let group { return group }
            let started = MultiThreadedEventLoopGroup(numberOfThreads: 1)
            group = started
            return started
        }
    }
}
