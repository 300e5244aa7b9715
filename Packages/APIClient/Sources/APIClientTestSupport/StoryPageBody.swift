import APIClient
import Foundation
import OpenAPIRuntime
import RFC3339

extension Operations.ListStories.Output.Ok.Body {
    /// `page` as a server sends it, for the body that the generated client hands over unread (`StoryPageReader`):
    /// `JSONEncoder`'s bytes, dates written by the client's `RFC3339DateTranscoder`.
    public static func json(_ page: Components.Schemas.StoryPage) -> Self {
        .application_Ast_(HTTPBody(StoryPageJSON.bytes(of: page)))
    }
}

/// Story pages encoded as the reference server and the generated code encode them.
public enum StoryPageJSON {
    /// `page` as JSON bytes.
    public static func bytes(of page: Components.Schemas.StoryPage) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(try RFC3339DateTranscoder().encode(date))
        }
        // Strings, integers and dates, whose transcoder never throws: this encoding cannot fail.
        return Array(try! encoder.encode(page))
    }
}
