import OpenAPIRuntime
import RFC3339

extension Configuration {
    /// How the server encodes and decodes bodies.
    ///
    /// The client's transcoder: no global lock while encoding pages, and the same RFC 3339 forms both ways. Compact
    /// JSON: the runtime's default (sorted keys, pretty-printed) costs every response a sort and a third more bytes,
    /// for readers that are programs.
    static let stories = Configuration(dateTranscoder: RFC3339DateTranscoder(), jsonEncodingOptions: [])
}
