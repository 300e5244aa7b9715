import Observation
import OnboardingDomain

/// The sessions stored on this device as a "signed-in accounts" screen shows them (`servers`: grouped by server in the
/// store's order, each server's active account first), and as the store lists them (`state`), for a front that shows
/// them as a list (JSON output).
///
/// Isolation: not `Sendable`; `load()` runs on the caller's actor (see `SignInFlowViewModel`).
@Observable
public final class StoredSessionsViewModel {
    public enum State: Sendable, Equatable {
        case idle
        case loading
        /// Every stored session in the store's order; empty when nobody is signed in anywhere.
        case loaded([SessionSummary])
        case failed(OnboardingError)
    }

    /// One server's stored sessions, the active account first.
    public struct ServerSessions: Sendable, Equatable {
        /// The server's base URL, as `SessionSummary.server` gives it.
        public var server: String
        public var sessions: [SessionSummary]

        public init(server: String, sessions: [SessionSummary]) {
            self.server = server
            self.sessions = sessions
        }
    }

    public private(set) var state: State = .idle

    @ObservationIgnored private let listing: any StoredSessionListing

    public init(listing: any StoredSessionListing) {
        self.listing = listing
    }

    /// Reads the stored sessions.
    public nonisolated(nonsending) func load() async {
        state = .loading
        do throws(OnboardingError) {
            state = .loaded(try await listing.storedSessions())
        } catch {
            state = .failed(error)
        }
    }

    /// The loaded sessions by server; empty until loaded.
    public var servers: [ServerSessions] {
        guard case .loaded(let sessions) = state else { return [] }
        return Self.grouped(sessions)
    }

    /// Groups by server in order of first appearance; within a server the active account comes first and the others
    /// keep their order.
    static func grouped(_ sessions: [SessionSummary]) -> [ServerSessions] {
        var groups: [ServerSessions] = []
        for session in sessions {
            if let index = groups.firstIndex(where: { $0.server == session.server }) {
                groups[index].sessions.append(session)
            } else {
                groups.append(ServerSessions(server: session.server, sessions: [session]))
            }
        }
        for index in groups.indices {
            let sessions = groups[index].sessions
            groups[index].sessions = sessions.filter(\.isActive) + sessions.filter { !$0.isActive }
        }
        return groups
    }
}
