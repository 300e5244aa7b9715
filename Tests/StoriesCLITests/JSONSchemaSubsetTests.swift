import Testing

/// The validator the `--json` schema tests use, checked on its own: each keyword accepts what it should and names
/// what it refuses.
@Suite("The JSON Schema subset validator")
struct JSONSchemaSubsetTests {
    static let schema = """
        {
          "$schema": "https://json-schema.org/draft/2020-12/schema",
          "title": "t", "description": "d", "$comment": "c",
          "type": "object",
          "required": ["id", "count", "at", "link", "items"],
          "properties": {
            "id": { "type": "string", "minLength": 1 },
            "count": { "type": "integer", "minimum": 0 },
            "ratio": { "type": "number" },
            "flag": { "type": "boolean" },
            "at": { "type": "string", "format": "date-time", "pattern": "Z$" },
            "link": { "type": ["string", "null"], "format": "uri" },
            "items": { "type": "array", "items": { "$ref": "#/$defs/item" } }
          },
          "additionalProperties": true,
          "$defs": {
            "item": { "type": "object", "required": ["name"], "properties": { "name": { "type": "string" } },
                      "additionalProperties": false }
          }
        }
        """

    static let valid = """
        {"id": "1", "count": 0, "ratio": 0.5, "flag": true, "at": "2026-11-21T10:00:00Z", "link": null,
         "items": [{"name": "a"}], "later": "a key added by a newer version"}
        """

    struct Case: CustomTestStringConvertible, Sendable {
        let testDescription: String
        let document: String
        var removing: String? = nil
        let problem: String
    }

    static let invalid: [Case] = [
        Case(testDescription: "a missing required key", document: "{}", removing: "id", problem: "\"id\" is missing"),
        Case(testDescription: "a string where an integer belongs", document: #"{"count": "0"}"#, problem: "$.count"),
        Case(testDescription: "a fraction where an integer belongs", document: #"{"count": 1.5}"#, problem: "$.count"),
        Case(testDescription: "a boolean where a number belongs", document: #"{"ratio": true}"#, problem: "$.ratio"),
        Case(testDescription: "a number where a boolean belongs", document: #"{"flag": 1}"#, problem: "$.flag"),
        Case(testDescription: "null where null is not allowed", document: #"{"id": null}"#, problem: "$.id"),
        Case(testDescription: "a value where null or a string belongs", document: #"{"link": 3}"#, problem: "$.link"),
        Case(testDescription: "an empty string under minLength 1", document: #"{"id": ""}"#, problem: "shorter"),
        Case(testDescription: "a number under the minimum", document: #"{"count": -1}"#, problem: "minimum"),
        Case(
            testDescription: "a string that misses the pattern", document: #"{"at": "2026-11-21T10:00:00+01:00"}"#,
            problem: "does not match"),
        Case(
            testDescription: "a date that is not RFC 3339", document: #"{"at": "2026-11-21 10:00:00Z"}"#,
            problem: "date-time"),
        Case(testDescription: "a relative URI", document: #"{"link": "/v1/stories"}"#, problem: "absolute URI"),
        Case(
            testDescription: "an array element breaking a $ref", document: #"{"items": [{"name": 1}]}"#,
            problem: "$.items[0].name"),
        Case(
            testDescription: "a key additionalProperties false forbids",
            document: #"{"items": [{"name": "a", "x": 1}]}"#,
            problem: "$.items[0].x: not allowed"),
        Case(testDescription: "an object where an array belongs", document: #"{"items": {}}"#, problem: "$.items"),
    ]

    @Test("Accepts a document that follows every keyword, and keys the schema does not list where it allows them")
    func acceptsValid() throws {
        let validator = try JSONSchemaSubset(JSONValue.parse(Self.schema))
        #expect(validator.problems(in: try JSONValue.parse(Self.valid)) == [])
    }

    @Test("Names the key and the problem of a document that breaks a keyword", arguments: invalid)
    func refusesInvalid(_ invalid: Case) throws {
        let validator = try JSONSchemaSubset(JSONValue.parse(Self.schema))
        guard case .object(var document) = try JSONValue.parse(Self.valid),
            case .object(let change) = try JSONValue.parse(invalid.document)
        else { throw JSONSchemaSubset.UnsupportedSchema(description: "the fixtures are objects") }
        document.merge(change) { _, new in new }
        if let removed = invalid.removing { document[removed] = nil }
        let problems = validator.problems(in: .object(document))
        #expect(problems.contains { $0.contains(invalid.problem) }, "\(problems)")
    }

    @Test("Closed, it names every key the schema does not list, however open the schema")
    func closedNamesUnlistedKeys() throws {
        let validator = try JSONSchemaSubset(JSONValue.parse(Self.schema))
        let problems = validator.problems(in: try JSONValue.parse(Self.valid), closed: true)
        #expect(problems == [#"$: the key "later" is not in the schema"#], "\(problems)")
    }

    @Test(
        "Refuses a schema with a keyword or format it does not check, rather than ignoring it",
        arguments: [
            #"{"$schema": "https://json-schema.org/draft/2020-12/schema", "oneOf": []}"#,
            #"{"$schema": "https://json-schema.org/draft/2020-12/schema", "format": "email"}"#,
            #"{"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "decimal"}"#,
            #"{"$schema": "https://json-schema.org/draft/2020-12/schema", "$ref": "other.json"}"#,
            #"{"$schema": "https://json-schema.org/draft/2020-12/schema", "properties": {"a": {"enum": [1]}}}"#,
            #"{"$schema": "http://json-schema.org/draft-07/schema#"}"#,
            #"{"type": "object"}"#,
        ])
    func refusesUnsupported(schema: String) throws {
        #expect(throws: JSONSchemaSubset.UnsupportedSchema.self) { try JSONSchemaSubset(JSONValue.parse(schema)) }
    }

    @Test(
        "Reads RFC 3339 date-times as the grammar and the calendar allow",
        arguments: [
            ("2026-11-21T10:00:00Z", true), ("2024-02-29T23:59:60z", true), ("2026-11-21t10:00:00.125+05:30", true),
            ("0001-01-01T00:00:00Z", true), ("2026-11-21T10:00:00-00:00", true),
            ("2025-02-29T00:00:00Z", false), ("1900-02-29T00:00:00Z", false), ("2026-13-01T00:00:00Z", false),
            ("2026-04-31T00:00:00Z", false), ("2026-11-21T24:00:00Z", false), ("2026-11-21T10:00:00", false),
            ("2026-11-21T10:00:00.Z", false), ("2026-11-21T10:00:00+0530", false), ("2026-11-21", false),
            ("26-11-21T10:00:00Z", false), ("2026-11-21T10:00:00Z ", false), ("2026-11-21T10:00:00+24:00", false),
        ])
    func dateTimes(text: String, valid: Bool) {
        #expect(JSONSchemaSubset.isDateTime(text) == valid)
    }

    @Test(
        "Reads absolute URIs by their scheme and characters",
        arguments: [
            ("https://api.stories.example/v1", true), ("http://127.0.0.1:8080/v1", true), ("urn:x:y", true),
            ("http://[::1]:80/a%20b?q=1#f", true),
            ("/v1/stories", false), ("://x", false), ("1http://x", false), ("http://a b", false),
            ("http://x/%zz", false), ("http://x/%2", false), ("https://exämple.test", false), ("", false),
        ])
    func uris(text: String, valid: Bool) {
        #expect(JSONSchemaSubset.isURI(text) == valid)
    }

    @Test("Tells booleans, integers, fractions and null apart, as JSON Schema's types do")
    func decodesTypes() throws {
        let decoded = try JSONValue.parse(#"[true, 1, 1.5, null, "1"]"#)
        #expect(decoded == .array([.bool(true), .integer(1), .number(1.5), .null, .string("1")]))
    }
}
