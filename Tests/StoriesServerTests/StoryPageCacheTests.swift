import Synchronization
import Testing

@testable import StoriesServerKit

@Suite("StoryPageCache")
struct StoryPageCacheTests {
    /// Counts the pages it writes; each page is its range's bounds.
    final class Writer: Sendable {
        private let written = Mutex<[Range<Int>]>([])

        var pages: [Range<Int>] { written.withLock { $0 } }

        func write(_ stories: Range<Int>) -> [UInt8] {
            written.withLock { $0.append(stories) }
            return [UInt8(stories.lowerBound), UInt8(stories.upperBound)]
        }
    }

    @Test("A page asked for again is copied, not written again")
    func keepsPages() {
        let cache = StoryPageCache(capacity: 4)
        let writer = Writer()
        for _ in 0..<3 {
            #expect(cache.page(of: 0..<20) { writer.write(0..<20) } == [0, 20])
            #expect(cache.page(of: 20..<40) { writer.write(20..<40) } == [20, 40])
        }
        #expect(writer.pages == [0..<20, 20..<40])
    }

    @Test("Past its capacity, the page written first goes first")
    func boundsPages() {
        let cache = StoryPageCache(capacity: 3)
        let writer = Writer()
        for start in 0..<5 {
            _ = cache.page(of: start..<start + 1) { writer.write(start..<start + 1) }
        }
        #expect(cache.count == 3)
        _ = cache.page(of: 4..<5) { writer.write(4..<5) }
        _ = cache.page(of: 0..<1) { writer.write(0..<1) }
        #expect(writer.pages == [0..<1, 1..<2, 2..<3, 3..<4, 4..<5, 0..<1])
        #expect(cache.count == 3)
    }

    @Test("A page that could not be written is not kept")
    func skipsFailures() {
        let cache = StoryPageCache(capacity: 3)
        #expect(cache.page(of: 0..<20) { nil } == nil)
        #expect(cache.count == 0)
        #expect(cache.page(of: 0..<20) { [1] } == [1])
    }
}
