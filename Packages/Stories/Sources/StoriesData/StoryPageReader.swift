import APIClient
import Foundation
import RFC3339
import RFC8259

/// Reads the body of `listStories`'s 200 response, a `StoryPage`, from its bytes: the one response body the
/// generated client hands over unread (see `Scripts/generate-openapi`).
///
/// `JSONDecoder` was 40% of `list --all`'s processor time: a page of 100 stories builds a tree of values, a
/// dictionary per story and a container per member before a single field is set. This reads the bytes once, straight
/// into the generated types, through `JSONReader`. It accepts what the schema describes as the generated decoding
/// does (members in any order, unknown members ignored, `url` and `nextCursor` absent or `null`, dates read as
/// `RFC3339DateTranscoder` reads them, the transcoder `LiveAPIClient` configures, whole numbers written `1.0` or
/// `1e2`). It refuses some bodies `JSONDecoder` reads: ill-formed JSON anywhere in the body, such as a trailing comma;
/// a member that the schema names appearing twice (RFC 8259 §4 leaves such an object's meaning open); a number with a
/// fraction or an exponent that a `Double` would round (`JSONReader.readInteger()`); UTF-16 or UTF-32 instead of
/// UTF-8 (RFC 8259 §8.1). Whatever it reads, `JSONDecoder` decodes the same: `StoryPageReaderTests` holds it to that.
public enum StoryPageReader {
    /// The page in `bytes`.
    public static func page(from bytes: [UInt8]) throws(JSONReadError) -> Components.Schemas.StoryPage {
        try JSONReader.read(bytes) { reader throws(JSONReadError) in try page(from: &reader) }
    }

    private static func page(from reader: inout JSONReader) throws(JSONReadError) -> Components.Schemas.StoryPage {
        var items: [Components.Schemas.Story]?
        var nextCursor: String?
        var hasNextCursor = false
        var members = try reader.beginObject()
        while try reader.nextMember(&members) {
            if reader.memberName(is: "items") {
                guard items == nil else { throw JSONReadError(.duplicateMember("items"), at: reader.offset) }
                items = try stories(from: &reader)
            } else if reader.memberName(is: "nextCursor") {
                guard !hasNextCursor else { throw JSONReadError(.duplicateMember("nextCursor"), at: reader.offset) }
                hasNextCursor = true
                nextCursor = try reader.readNull() ? nil : reader.readString()
            } else {
                try reader.skipValue()
            }
        }
        guard let items else { throw JSONReadError(.missingMember("items"), at: reader.offset) }
        return Components.Schemas.StoryPage(items: items, nextCursor: nextCursor)
    }

    private static func stories(from reader: inout JSONReader) throws(JSONReadError) -> [Components.Schemas.Story] {
        var stories: [Components.Schemas.Story] = []
        stories.reserveCapacity(100)  // The largest page the API serves.
        var elements = try reader.beginArray()
        while try reader.nextElement(&elements) {
            stories.append(try story(from: &reader))
        }
        return stories
    }

    private static func story(from reader: inout JSONReader) throws(JSONReadError) -> Components.Schemas.Story {
        var id: String?
        var title: String?
        var url: String?
        var author: String?
        var score: Int?
        var commentCount: Int?
        var createdAt: Date?
        var hasURL = false
        var members = try reader.beginObject()
        while try reader.nextMember(&members) {
            if reader.memberName(is: "id") {
                try readOnce(&id, "id", from: &reader) { reader throws(JSONReadError) in try reader.readString() }
            } else if reader.memberName(is: "title") {
                try readOnce(&title, "title", from: &reader) { reader throws(JSONReadError) in try reader.readString() }
            } else if reader.memberName(is: "url") {
                guard !hasURL else { throw JSONReadError(.duplicateMember("url"), at: reader.offset) }
                hasURL = true
                url = try reader.readNull() ? nil : reader.readString()
            } else if reader.memberName(is: "author") {
                try readOnce(&author, "author", from: &reader) { reader throws(JSONReadError) in
                    try reader.readString()
                }
            } else if reader.memberName(is: "score") {
                try readOnce(&score, "score", from: &reader) { reader throws(JSONReadError) in try reader.readInteger()
                }
            } else if reader.memberName(is: "commentCount") {
                try readOnce(&commentCount, "commentCount", from: &reader) { reader throws(JSONReadError) in
                    try reader.readInteger()
                }
            } else if reader.memberName(is: "createdAt") {
                try readOnce(&createdAt, "createdAt", from: &reader, read: date)
            } else {
                try reader.skipValue()
            }
        }
        guard let id else { throw JSONReadError(.missingMember("id"), at: reader.offset) }
        guard let title else { throw JSONReadError(.missingMember("title"), at: reader.offset) }
        guard let author else { throw JSONReadError(.missingMember("author"), at: reader.offset) }
        guard let score else { throw JSONReadError(.missingMember("score"), at: reader.offset) }
        guard let commentCount else { throw JSONReadError(.missingMember("commentCount"), at: reader.offset) }
        guard let createdAt else { throw JSONReadError(.missingMember("createdAt"), at: reader.offset) }
        return Components.Schemas.Story(
            id: id, title: title, url: url, author: author, score: score, commentCount: commentCount,
            createdAt: createdAt)
    }

    /// Reads a required member's value into `value`, which must not hold one yet.
    private static func readOnce<Value>(
        _ value: inout Value?, _ name: String, from reader: inout JSONReader,
        read: (inout JSONReader) throws(JSONReadError) -> Value
    ) throws(JSONReadError) {
        guard value == nil else { throw JSONReadError(.duplicateMember(name), at: reader.offset) }
        value = try read(&reader)
    }

    /// An RFC 3339 date-time, as the client's `RFC3339DateTranscoder` reads one.
    private static func date(from reader: inout JSONReader) throws(JSONReadError) -> Date {
        let start = reader.offset
        let date = try reader.readString { bytes throws(JSONReadError) in RFC3339DateTranscoder.parse(bytes) }
        guard let date else { throw JSONReadError(.invalidMember("createdAt"), at: start) }
        return date
    }
}
