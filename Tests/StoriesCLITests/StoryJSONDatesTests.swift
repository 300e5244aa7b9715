import Foundation
import StoriesDomain
import Testing

@testable import StoriesCLIKit

@Suite("Dates in --json output")
struct StoryJSONDatesTests {
    /// The encoder `--json` used before it formatted dates itself; its output is the stable format.
    static func foundationEncoded(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return String(decoding: try encoder.encode(value), as: UTF8.self) + "\n"
    }

    @Test(
        "A story's createdAt is written byte for byte as JSONEncoder's .iso8601 writes it, from 1582-10-15 on",
        arguments: [
            1_795_255_200, 1_795_255_200.125963, 1_795_255_200.9999, 0, -0.5, -0.0001, 951_825_600,
            253_402_300_799.999, -12_219_292_800, 253_402_300_800,
        ])
    func createdAtAsBefore(secondsSince1970: Double) throws {
        let story = Story(
            id: "1", title: "t", url: nil, author: "a", score: 1, commentCount: 0,
            createdAt: Date(timeIntervalSince1970: secondsSince1970))
        let object = StoryJSON.StoryObject(story: story)
        #expect(try StoryJSON.encode(object) == Self.foundationEncoded(object))
    }

    @Test("Dates anywhere in a --json document are written as JSONEncoder's .iso8601 writes them")
    func nestedDatesAsBefore() throws {
        let value = ["refreshedAt": [Date(timeIntervalSince1970: 1_795_255_200.5)], "none": []]
        #expect(try StoryJSON.encode(value) == Self.foundationEncoded(value))
    }
}
