import Synchronization

/// The pages written last, by the stories they hold, so that a page asked for again (the first page above all) is
/// copied instead of written again. Bounded: past `capacity` pages, the oldest one written goes.
///
/// A page is written outside the lock, so two requests for a page not yet here may both write it; both get the same
/// bytes, as the catalog never changes.
final class StoryPageCache: Sendable {
    private struct Pages {
        var byStories: [Range<Int>: [UInt8]] = [:]
        /// The keys of `byStories`, oldest first from `oldest` on, wrapping around.
        var order: [Range<Int>] = []
        var oldest = 0
    }

    let capacity: Int
    private let pages = Mutex(Pages())

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// The page of `stories`, from here or else from `write` (then kept); `nil` if `write` gives `nil`.
    func page(of stories: Range<Int>, orWrite write: () -> [UInt8]?) -> [UInt8]? {
        if let page = pages.withLock({ $0.byStories[stories] }) { return page }
        guard let page = write() else { return nil }
        guard capacity > 0 else { return page }
        pages.withLock { pages in
            guard pages.byStories.updateValue(page, forKey: stories) == nil else { return }
            if pages.order.count < capacity {
                pages.order.append(stories)
            } else {
                pages.byStories[pages.order[pages.oldest]] = nil
                pages.order[pages.oldest] = stories
                pages.oldest = (pages.oldest + 1) % capacity
            }
        }
        return page
    }

    /// How many pages are kept now.
    var count: Int { pages.withLock { $0.byStories.count } }
}
