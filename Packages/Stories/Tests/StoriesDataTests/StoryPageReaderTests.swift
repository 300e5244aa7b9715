import APIClient
import APIClientTestSupport
import Foundation
import RFC3339
import RFC8259
import SeededRandomness
import StoriesData
import Testing

@Suite("A page of stories read from its bytes as the generated decoding reads it")
struct StoryPageReaderTests {
    /// The generated client's decoding of the body, before `Scripts/generate-openapi` handed it over unread.
    private static func decoded(_ json: [UInt8]) throws -> Components.Schemas.StoryPage {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            try RFC3339DateTranscoder().decode(try decoder.singleValueContainer().decode(String.self))
        }
        return try decoder.decode(Components.Schemas.StoryPage.self, from: Data(json))
    }

    private static let story =
        #"{"id":"7","title":"T","url":"https://a.example/x","author":"ann","score":3,"commentCount":1,"#
        + #""createdAt":"2026-11-26T21:09:13.598Z"}"#

    /// Bodies the schema allows, written in every way JSON allows.
    static let accepted: [String] = [
        #"{"items":[]}"#, #"{"items":[],"nextCursor":null}"#, #"{"nextCursor":"41","items":[]}"#,
        #"{"items":[\#(story)],"nextCursor":"6"}"#,
        #"{"items":[{"createdAt":"2026-01-02T03:04:05Z","commentCount":0,"score":0,"author":"b","title":"","id":"1"}]}"#,
        #"{"items":[{"id":"1","title":"t","url":null,"author":"a","score":1.0,"commentCount":2e1,"#
            + #""createdAt":"2026-01-02T03:04:05+01:00"}]}"#,
        #"{"extra":{"nested":[1,2.5,true,null,"s",{}]},"items":[{"unknown":[],"id":"\u0031","title":"\"\\\/\n","#
            + #""author":"\u00e9\ud83e\udd8a","score":-4,"commentCount":9223372036854775807,"#
            + #""createdAt":"2026-01-02T03:04:05.5Z","more":"x"}]}"#,
        " \n{ \"items\" : [ \(story) , \(story) ] }\r\n", "\u{FEFF}{\"items\":[]}",
        #"{"items":[{"id":"日本","title":"é 🦊","author":"ß","score":0,"commentCount":0,"#
            + #""createdAt":"2026-02-28T23:59:60Z"}]}"#,
        // Names with escapes, and unknown members twice.
        #"{"\u0069tems":[{"\u0069d":"1","title":"t","author":"a","score":1,"commentCount":1,"#
            + #""created\u0041t":"2026-01-02T03:04:05Z"}],"x":1,"x":2}"#,
    ]

    @Test("A body the schema allows reads as JSONDecoder decodes it", arguments: accepted)
    func readsAsJSONDecoderDecodes(json: String) throws {
        let bytes = Array(json.utf8)
        #expect(try StoryPageReader.page(from: bytes) == Self.decoded(bytes))
    }

    /// Bodies the generated decoding refuses too.
    static let refusedByBoth: [(String, JSONReadError.Reason)] = [
        ("", .unexpectedEnd), ("[]", .expected(.object)), (#"{"items":null}"#, .expected(.array)),
        (#"{}"#, .missingMember("items")), (#"{"items":[1]}"#, .expected(.object)),
        (#"{"items":[],"nextCursor":5}"#, .expected(.string)),
        (
            #"{"items":[{"title":"t","author":"a","score":1,"commentCount":1,"createdAt":"2026-01-02T03:04:05Z"}]}"#,
            .missingMember("id")
        ),
        (
            #"{"items":[{"id":null,"title":"t","author":"a","score":1,"commentCount":1,"#
                + #""createdAt":"2026-01-02T03:04:05Z"}]}"#, .expected(.string)
        ),
        (
            #"{"items":[{"id":"1","title":"t","author":"a","score":"1","commentCount":1,"#
                + #""createdAt":"2026-01-02T03:04:05Z"}]}"#, .expected(.number)
        ),
        (
            #"{"items":[{"id":"1","title":"t","author":"a","score":1.5,"commentCount":1,"#
                + #""createdAt":"2026-01-02T03:04:05Z"}]}"#, .notAnInteger
        ),
        (
            #"{"items":[{"id":"1","title":"t","author":"a","score":9223372036854775808,"commentCount":1,"#
                + #""createdAt":"2026-01-02T03:04:05Z"}]}"#, .integerOutOfRange
        ),
        (
            #"{"items":[{"id":"1","title":"t","author":"a","score":1,"commentCount":1,"createdAt":"yesterday"}]}"#,
            .invalidMember("createdAt")
        ),
        (
            #"{"items":[{"id":"1","title":"t","author":"a","score":1,"commentCount":1,"#
                + #""createdAt":"2026-02-30T03:04:05Z"}]}"#, .invalidMember("createdAt")
        ),
        (
            #"{"items":[{"id":"\ud800","title":"t","author":"a","score":1,"commentCount":1,"#
                + #""createdAt":"2026-01-02T03:04:05Z"}]}"#, .unpairedSurrogate
        ),
        (#"{"items":[]} {}"#, .unexpectedByte(UInt8(ascii: "{"))),
    ]

    @Test("A body the generated decoding refuses is refused, saying why", arguments: refusedByBoth)
    func refusesWhatJSONDecoderRefuses(json: String, reason: JSONReadError.Reason) {
        let bytes = Array(json.utf8)
        #expect(throws: (any Error).self, "JSONDecoder refuses it too") { try Self.decoded(bytes) }
        #expect(throws: JSONReadError.self) { try StoryPageReader.page(from: bytes) }
        do {
            _ = try StoryPageReader.page(from: bytes)
        } catch {
            #expect(error.reason == reason)
        }
    }

    /// Bodies `JSONDecoder` reads one way or another although RFC 8259 does not make them JSON, or leaves their
    /// meaning open.
    static let refusedAsNotJSON: [(String, JSONReadError.Reason)] = [
        (#"{"items":[],}"#, .unexpectedByte(UInt8(ascii: "}"))),
        (#"{"items":[],"x":[01]}"#, .unexpectedByte(0x31)), (#"{"items":[],"x":01}"#, .unexpectedByte(0x31)),
        (#"{"items":[],"x":"\q"}"#, .invalidEscape),
        (#"{"items":[],"items":[]}"#, .duplicateMember("items")),
        (#"{"items":[],"nextCursor":"1","nextCursor":null}"#, .duplicateMember("nextCursor")),
        (
            #"{"items":[{"id":"1","id":"2","title":"t","author":"a","score":1,"commentCount":1,"#
                + #""createdAt":"2026-01-02T03:04:05Z"}]}"#, .duplicateMember("id")
        ),
    ]

    @Test(
        "A body that is not JSON, or whose meaning JSON leaves open, is refused although JSONDecoder reads it",
        arguments: refusedAsNotJSON)
    func refusesWhatRFC8259Refuses(json: String, reason: JSONReadError.Reason) throws {
        let bytes = Array(json.utf8)
        _ = try Self.decoded(bytes)
        #expect(throws: JSONReadError.self) { try StoryPageReader.page(from: bytes) }
        do {
            _ = try StoryPageReader.page(from: bytes)
        } catch {
            #expect(error.reason == reason)
        }
    }

    @Test(
        "Bytes that are not UTF-8 are refused, in a member that is read and in one that is skipped",
        arguments: ["title", "unknown"])
    func refusesBytesThatAreNotUTF8(member: String) {
        var bytes = Array(#"{"items":[{"id":"1","author":"a","score":1,"commentCount":1,"#.utf8)
        bytes += Array(#""createdAt":"2026-01-02T03:04:05Z",""#.utf8) + Array(member.utf8) + Array(#"":"a"#.utf8)
        let invalid = bytes.count
        bytes += [0xC3, 0x28] + Array(#"","title":"t"}]}"#.utf8)
        #expect(throws: JSONReadError(.invalidUTF8, at: invalid)) { try StoryPageReader.page(from: bytes) }
    }

    @Test("A body in UTF-16 is refused although JSONDecoder reads it: RFC 8259 §8.1 asks for UTF-8")
    func refusesUTF16() throws {
        let bytes = Array("\u{FEFF}{\"items\":[]}".data(using: .utf16LittleEndian)!)
        _ = try Self.decoded(bytes)
        #expect(throws: JSONReadError.self) { try StoryPageReader.page(from: bytes) }
    }

    @Test("Every part of a page cut short is refused, never read as a page and never a crash")
    func refusesEveryTruncation() {
        let page = Array(#"{"items":[\#(Self.story)],"nextCursor":"6","x":[1.5e-3,true,null,"\u00e9\n"]}"#.utf8)
        for length in 0..<page.count {
            #expect(throws: JSONReadError.self, "\(length) bytes") {
                try StoryPageReader.page(from: Array(page[..<length]))
            }
        }
    }

    @Test("A page the reference server's encoding writes reads back as it was")
    func readsWhatTheEncodingWrites() throws {
        let page = Components.Schemas.StoryPage.fixture(
            items: [
                .fixture(id: "3", title: "Quote \" backslash \\ tab \t é 🦊", url: nil),
                .fixture(id: "2", score: 0, commentCount: 0, createdAt: Date(timeIntervalSince1970: 1_790_000_000.125)),
            ],
            nextCursor: "2")
        #expect(try StoryPageReader.page(from: StoryPageJSON.bytes(of: page)) == page)
    }

    @Test("Whatever a page becomes when its bytes are damaged, the reader accepts it only as JSONDecoder reads it")
    func damagedPagesReadAsJSONDecoderReadsThemOrNotAtAll() throws {
        let page = Array(#"{"items":[\#(Self.story),\#(Self.story)],"nextCursor":"6","extra":[1,{"a":null}]}"#.utf8)
        // A fixed seed: the same damaged bodies every run.
        var generator = SplitMix64(seed: 0x5EED_2026_1126)
        let alphabet = Array(#"{}[]:,"\ 0123456789.eE+-tfnulxu\"#.utf8) + [0x00, 0x1F, 0x7F, 0xC3, 0xA9, 0xFF]
        var acceptedCount = 0
        for _ in 0..<4000 {
            var damaged = page
            for _ in 0...Int.random(in: 0...2, using: &generator) {
                let position = Int.random(in: 0..<damaged.count, using: &generator)
                switch Int.random(in: 0...2, using: &generator) {
                case 0: damaged[position] = alphabet.randomElement(using: &generator)!
                case 1: damaged.remove(at: position)
                default: damaged.insert(alphabet.randomElement(using: &generator)!, at: position)
                }
            }
            guard let read = try? StoryPageReader.page(from: damaged) else { continue }
            acceptedCount += 1
            #expect(try Self.decoded(damaged) == read, "\(String(decoding: damaged, as: UTF8.self))")
        }
        // Some damage leaves a page valid (a digit for a digit, a space added): the comparison above did happen.
        #expect(acceptedCount > 100)
    }
}
