import Synchronization

/// The `listStories` requests a scripted API received.
final class ListingRequests: Sendable {
    private let requests = Mutex<[(cursor: String?, limit: Int)]>([])

    func record(cursor: String?, limit: Int) {
        requests.withLock { $0.append((cursor, limit)) }
    }

    var all: [(cursor: String?, limit: Int)] { requests.withLock { $0 } }
}
