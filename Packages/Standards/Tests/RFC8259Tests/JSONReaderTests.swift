import Foundation
import RFC8259
import Testing

@Suite("JSON read token by token, as strictly as RFC 8259 writes it")
struct JSONReaderTests {
    /// Reads `text` as one value of any kind, skipped.
    private static func skip(_ text: String) throws(JSONReadError) {
        try JSONReader.read(Array(text.utf8)) { reader throws(JSONReadError) in try reader.skipValue() }
    }

    private static func string(_ bytes: [UInt8]) throws(JSONReadError) -> String {
        try JSONReader.read(bytes) { reader throws(JSONReadError) in try reader.readString() }
    }

    private static func integer(_ text: String) throws(JSONReadError) -> Int {
        try JSONReader.read(Array(text.utf8)) { reader throws(JSONReadError) in try reader.readInteger() }
    }

    static let wellFormed = [
        "{}", "[]", " \t\r\n[ 1 , -2.5e+3 , 0 , -0.0E-1 ]\n", #"{"a":{"b":[true,false,null,"x",{"c":[]}]}}"#,
        #""\"\\\/\b\f\n\r\t\u0041\ud83d\ude00""#, "\"é日本🦊\"", "\u{FEFF}{}", "-0",
    ]

    @Test("A well-formed document is read to its end", arguments: wellFormed)
    func readsWellFormedDocuments(text: String) throws {
        try Self.skip(text)
        if !text.hasPrefix("\u{FEFF}") {
            _ = try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
        }
    }

    static let illFormed: [(String, JSONReadError.Reason)] = [
        ("", .unexpectedEnd), ("[1,]", .unexpectedByte(UInt8(ascii: "]"))),
        (#"{"a":1,}"#, .unexpectedByte(UInt8(ascii: "}"))), ("[1 2]", .unexpectedByte(UInt8(ascii: "2"))),
        ("{} x", .unexpectedByte(UInt8(ascii: "x"))), ("01", .unexpectedByte(UInt8(ascii: "1"))),
        ("1.", .unexpectedEnd), (".5", .unexpectedByte(UInt8(ascii: "."))), ("-", .unexpectedEnd),
        ("1e", .unexpectedEnd), ("+1", .unexpectedByte(UInt8(ascii: "+"))), ("tru", .unexpectedEnd),
        ("nul1", .unexpectedByte(UInt8(ascii: "1"))), (#"{1:2}"#, .unexpectedByte(UInt8(ascii: "1"))),
        (#"{"a" 1}"#, .unexpectedByte(UInt8(ascii: "1"))), (#""\x""#, .invalidEscape), (#""\u12G4""#, .invalidEscape),
        ("\"tab\there\"", .unexpectedByte(0x09)), ("\"open", .unexpectedEnd),
        (String(repeating: "[", count: 513) + String(repeating: "]", count: 513), .tooDeep),
    ]

    @Test("An ill-formed document is refused, saying why", arguments: illFormed)
    func refusesIllFormedDocuments(text: String, reason: JSONReadError.Reason) {
        #expect(throws: JSONReadError.self) { try Self.skip(text) }
        do {
            try Self.skip(text)
        } catch {
            #expect(error.reason == reason)
        }
    }

    @Test("A skipped string may hold a UTF-16 surrogate without its other half, as RFC 8259 §8.2's grammar allows")
    func skipsUnpairedSurrogates() throws {
        try Self.skip(#"["\ud800", "\udc00x"]"#)
    }

    @Test("Nesting is allowed to the maximum depth, 512 as in JSONDecoder; one deeper is refused (the table above)")
    func nestsToTheMaximumDepth() throws {
        let depth = JSONReader.maximumDepth
        try Self.skip(String(repeating: "[", count: depth) + String(repeating: "]", count: depth))
    }

    static let illFormedUTF8: [[UInt8]] = [
        [0xFF], [0xC0, 0xAF], [0xE0, 0x80, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE6, 0x97],
        [0x80], [0xF8, 0x88, 0x80, 0x80, 0x80],
    ]

    @Test(
        "Bytes that are not UTF-8 are refused in a string that is read and in one that is skipped",
        arguments: illFormedUTF8)
    func refusesIllFormedUTF8(sequence: [UInt8]) {
        let string = [UInt8(ascii: "\""), UInt8(ascii: "a")] + sequence + [UInt8(ascii: "\"")]
        #expect(throws: JSONReadError(.invalidUTF8, at: 2)) { try Self.string(string) }
        let skipped = Array("[".utf8) + string + Array("]".utf8)
        #expect(throws: JSONReadError(.invalidUTF8, at: 3)) {
            try JSONReader.read(skipped) { reader throws(JSONReadError) in try reader.skipValue() }
        }
    }

    static let strings: [(String, String)] = [
        (#""plain""#, "plain"), (#""""#, ""), (#""\"\\\/\b\f\n\r\t""#, "\"\\/\u{8}\u{C}\n\r\t"),
        (#""\u0041\u00e9\u65E5""#, "Aé日"), (#""\ud83e\udd8a fox""#, "🦊 fox"), (#""\u0000""#, "\u{0}"),
        ("\"é 🦊 \\n\"", "é 🦊 \n"),
    ]

    @Test("A string reads as JSONDecoder reads it", arguments: strings)
    func readsStrings(json: String, text: String) throws {
        #expect(try Self.string(Array(json.utf8)) == text)
        #expect(try JSONDecoder().decode(String.self, from: Data(json.utf8)) == text)
    }

    /// What the reader reads, and what `JSONDecoder` decodes as an `Int`; nil for a refusal.
    static let integers: [(json: String, read: Int?, decoded: Int?)] = [
        ("0", 0, 0), ("-0", 0, 0), ("42", 42, 42), ("-17", -17, -17), ("9223372036854775807", .max, .max),
        ("-9223372036854775808", .min, .min), ("9223372036854775808", nil, nil), ("-9223372036854775809", nil, nil),
        ("1.0", 1, 1), ("1e2", 100, 100), ("1E0", 1, 1), ("-1.0e1", -10, -10), ("0.5e1", 5, 5), ("10e-1", 1, 1),
        ("5e-1", nil, nil), ("1.5", nil, nil), ("25e-1", nil, nil), ("1e400", nil, nil), ("0e999999999999", 0, 0),
        ("0.000", 0, 0), ("12345678901234567890123e-3", nil, nil), ("9007199254740992.0", 1 << 53, 1 << 53),
        ("-9007199254740992e0", -(1 << 53), -(1 << 53)), ("9223372036854775807.0", nil, nil),
        ("-9223372036854775808.0", nil, nil),
        // Where JSONDecoder goes through a Double or a Decimal, it rounds or truncates; the reader refuses instead.
        ("100000000000000000000e-2", nil, 1_000_000_000_000_000_000),
        ("9007199254740993.0", nil, 9_007_199_254_740_993),
        ("1.0000000000000001", nil, 1), ("1e-400", nil, 0),
    ]

    @Test(
        "A whole number reads as JSONDecoder decodes an Int, and one JSONDecoder would round or truncate is refused",
        arguments: integers)
    func readsIntegersAsJSONDecoderDoes(json: String, read: Int?, decoded: Int?) throws {
        #expect(
            (try? JSONDecoder().decode(Int.self, from: Data(json.utf8))) == decoded, "the table holds for JSONDecoder")
        if let read {
            #expect(try Self.integer(json) == read)
            #expect(read == decoded, "whatever the reader reads, JSONDecoder decodes the same")
        } else {
            #expect(throws: JSONReadError.self) { try Self.integer(json) }
        }
    }

    @Test("A value of another kind than the one asked for is refused")
    func refusesValuesOfAnotherKind() {
        #expect(throws: JSONReadError(.expected(.number), at: 0)) { try Self.integer(#""1""#) }
        #expect(throws: JSONReadError(.expected(.number), at: 0)) { try Self.integer("null") }
        #expect(throws: JSONReadError(.expected(.string), at: 0)) { try Self.string(Array("1".utf8)) }
    }

    @Test("Members are walked by name, escaped names included, and null is told apart from a value")
    func walksMembersByName() throws {
        let json = Array(#"{"a":"x","\u0062":null,"c":[1,{"d":2}],"b":"y"}"#.utf8)
        let read = try JSONReader.read(json) { reader throws(JSONReadError) -> [String] in
            var seen: [String] = []
            var members = try reader.beginObject()
            while try reader.nextMember(&members) {
                if reader.memberName(is: "a") {
                    seen.append("a=" + (try reader.readString()))
                } else if reader.memberName(is: "b") {
                    seen.append(try reader.readNull() ? "b=null" : "b=" + (try reader.readString()))
                } else {
                    try reader.skipValue()
                    seen.append("skipped")
                }
            }
            return seen
        }
        #expect(read == ["a=x", "b=null", "skipped", "b=y"])
    }

    @Test("Walking an object as an array stops the program rather than reading the document wrongly")
    func walkingAContainerAsTheOtherKindTraps() async {
        await #expect(processExitsWith: .failure) {
            _ = try? JSONReader.read(Array("{}".utf8)) { reader throws(JSONReadError) in
                var members = try reader.beginObject()
                _ = try reader.nextElement(&members)
            }
        }
    }
}
