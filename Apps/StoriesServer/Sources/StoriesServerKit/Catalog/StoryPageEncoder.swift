import Foundation
import OpenAPIRuntime
import RFC3339
import RFC8259

/// Writes a page of demo stories as the JSON body of a `StoryPage` straight from their draws, out of fragments
/// escaped once, instead of building the stories and running them through `JSONEncoder`.
///
/// It writes the JSON value the generated serializer writes for the same page under the server's configuration
/// (compact, dates by its transcoder, `/` escaped unless the configuration says otherwise), with the keys in the
/// schema's order where `JSONEncoder` on Linux writes them in hash order; `EncodedStoryPageTests` compares the two.
/// Encoding every story once at start-up instead took start-up from 8.0 to 12.7 s and memory from 333 to 549 MB at
/// 1,000,000 stories.
struct StoryPageEncoder: Sendable {
    /// Where one fragment is in `fragments`.
    private struct Fragment {
        var start: Int32
        var count: Int32
    }

    /// Every fragment, one after another: one array, so that writing a page retains nothing per story.
    private let fragments: [UInt8]
    /// `heads[(titleKind × subjects + subject) × sites + site]`: from the end of the id to the story number in the
    /// link, `","title":"…","url":"…-`; for a question, which has no link, `","title":"…`.
    private let heads: [Fragment]
    /// `tails[author]`: `","author":"…","score":`.
    private let tails: [Fragment]
    /// Strings as the generated serializer's `JSONEncoder` writes them, slashes escaped as the configuration says.
    private let strings: JSONStringWriter
    private let dates: DateWriter

    /// How dates are written: the server's transcoder straight into the page (its dates need no escaping: digits,
    /// `-`, `:`, `.`, `T` and `Z`), or any other through its strings, escaped. Making a string per date was a third of
    /// the cost of writing a page.
    private enum DateWriter {
        case rfc3339(RFC3339DateTranscoder)
        case transcoder(any DateTranscoder)
    }

    /// Returns `nil` for a configuration that sorts keys or pretty-prints: the generated serializer writes those
    /// pages.
    init?(factory: DemoStoryFactory, configuration: Configuration) {
        guard configuration.jsonEncodingOptions.isDisjoint(with: [.sortedKeys, .prettyPrinted]) else { return nil }
        let strings = JSONStringWriter(
            escapesSlashes: !configuration.jsonEncodingOptions.contains(.withoutEscapingSlashes))
        var fragments: [UInt8] = []
        func fragment(_ parts: [String], escaping: [Bool]) -> Fragment {
            let start = fragments.count
            for (part, escaped) in zip(parts, escaping) {
                if escaped {
                    strings.appendContents(of: part, to: &fragments)
                } else {
                    fragments.append(contentsOf: part.utf8)
                }
            }
            return Fragment(start: Int32(start), count: Int32(fragments.count - start))
        }
        var heads: [Fragment] = []
        for kind in factory.titles.indices {
            let isQuestion = kind >= DemoStoryWords.templates.count
            for subject in DemoStoryWords.subjects.indices {
                let title = factory.titles[kind][subject]
                for site in DemoStoryWords.sites {
                    heads.append(
                        isQuestion
                            ? fragment([#"","title":""#, title], escaping: [false, true])
                            : fragment(
                                [#"","title":""#, title, #"","url":""#, site, factory.slugs[subject], "-"],
                                escaping: [false, true, false, true, true, true]))
                }
            }
        }
        tails = DemoStoryWords.authors.map {
            fragment([#"","author":""#, $0, #"","score":"#], escaping: [false, true, false])
        }
        self.heads = heads
        self.fragments = fragments
        self.strings = strings
        dates =
            if let rfc3339 = configuration.dateTranscoder as? RFC3339DateTranscoder {
                .rfc3339(rfc3339)
            } else {
                .transcoder(configuration.dateTranscoder)
            }
    }

    /// `{"items":[…],"nextCursor":"…"}` for the stories at `positions` of a catalog of `count` whose newest story is
    /// `newest`; `nil` if the transcoder refused a date.
    func page(positions: Range<Int>, count: Int, newest: Date, next: String?) -> [UInt8]? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(positions.count * 256 + 64)
        bytes.append(contentsOf: #"{"items":["#.utf8)
        let written = fragments.withUnsafeBufferPointer { fragments in
            for position in positions {
                if position != positions.lowerBound { bytes.append(UInt8(ascii: ",")) }
                guard appendStory(at: position, count: count, newest: newest, fragments: fragments, to: &bytes)
                else { return false }
            }
            return true
        }
        guard written else { return nil }
        bytes.append(UInt8(ascii: "]"))
        if let next {
            bytes.append(contentsOf: #","nextCursor":""#.utf8)
            strings.appendContents(of: next, to: &bytes)
            bytes.append(UInt8(ascii: "\""))
        }
        bytes.append(UInt8(ascii: "}"))
        return bytes
    }

    /// The story at `position` as a JSON object, as `DemoStoryFactory.story(at:count:newest:)` makes it.
    private func appendStory(
        at position: Int, count: Int, newest: Date, fragments: UnsafeBufferPointer<UInt8>, to bytes: inout [UInt8]
    ) -> Bool {
        let draws = DemoStoryDraws(position: position)
        let number = count - position
        func append(_ fragment: Fragment) {
            bytes.append(
                contentsOf: UnsafeBufferPointer(
                    rebasing: fragments[Int(fragment.start)..<Int(fragment.start + fragment.count)]))
        }
        bytes.append(contentsOf: #"{"id":""#.utf8)
        Self.appendDecimal(number, to: &bytes)
        let kind = DemoStoryFactory.titleKind(draws)
        append(heads[(kind * DemoStoryWords.subjects.count + draws.subject) * DemoStoryWords.sites.count + draws.site])
        if !draws.isQuestion { Self.appendDecimal(number, to: &bytes) }
        append(tails[draws.author])
        Self.appendDecimal(draws.score, to: &bytes)
        bytes.append(contentsOf: #","commentCount":"#.utf8)
        Self.appendDecimal(draws.commentCount, to: &bytes)
        bytes.append(contentsOf: #","createdAt":""#.utf8)
        let createdAt = DemoStoryFactory.createdAt(position: position, draws: draws, newest: newest)
        switch dates {
        case .rfc3339(let transcoder):
            transcoder.encode(createdAt, appendingTo: &bytes)
        case .transcoder(let transcoder):
            guard let date = try? transcoder.encode(createdAt) else { return false }
            strings.appendContents(of: date, to: &bytes)
        }
        bytes.append(contentsOf: #""}"#.utf8)
        return true
    }

    /// `value` in decimal digits, as JSON writes an integer.
    static func appendDecimal(_ value: Int, to bytes: inout [UInt8]) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var magnitude = value.magnitude
            var start = digits.count
            repeat {
                start -= 1
                digits[start] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            if value < 0 { bytes.append(UInt8(ascii: "-")) }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[start...]))
        }
    }
}
