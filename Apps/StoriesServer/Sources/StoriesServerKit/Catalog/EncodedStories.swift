import Foundation
import OpenAPIRuntime
import StoriesServerAPI

/// Every story of a catalog as JSON, encoded once with the encoder the generated server uses for its responses, laid
/// out one after the other with a comma between neighbours, so that the `items` array of any page is one slice.
///
/// The catalog never changes after start-up, so a page built from these bytes is the page the generated encoder
/// would write for the same stories (`EncodedStoryPageTests` compares the two, decoded); encoding 20 stories per
/// request was most of the cost of serving a page.
struct EncodedStories: Sendable {
    /// `{…},{…},…,{…}`.
    private let bytes: [UInt8]
    /// `starts[i]` is where story `i` begins; `starts[count]` is one past a comma that would follow the last story.
    private let starts: [Int]

    /// Returns `nil` if a story cannot be encoded (it cannot: strings, integers and dates only).
    init?(_ stories: some Collection<StoredStory>, configuration: Configuration) {
        let encoder = JSONEncoder.responses(configuration)
        var bytes: [UInt8] = []
        var starts: [Int] = []
        starts.reserveCapacity(stories.count + 1)
        for story in stories {
            starts.append(bytes.count)
            guard let json = try? encoder.encode(Components.Schemas.Story(story)) else { return nil }
            bytes.append(contentsOf: json)
            bytes.append(UInt8(ascii: ","))
        }
        starts.append(bytes.count)
        bytes.removeLast(bytes.isEmpty ? 0 : 1)
        self.bytes = bytes
        self.starts = starts
    }

    /// The stories at `offsets`, comma-separated, without brackets.
    func items(_ offsets: Range<Int>) -> ArraySlice<UInt8> {
        guard !offsets.isEmpty else { return [] }
        return bytes[starts[offsets.lowerBound]..<(starts[offsets.upperBound] - 1)]
    }
}

extension JSONEncoder {
    /// The encoder `OpenAPIRuntime.Converter` builds for response bodies from `configuration`.
    static func responses(_ configuration: Configuration) -> JSONEncoder {
        let encoder = JSONEncoder()
        var formatting: JSONEncoder.OutputFormatting = []
        if configuration.jsonEncodingOptions.contains(.prettyPrinted) { formatting.formUnion(.prettyPrinted) }
        if configuration.jsonEncodingOptions.contains(.sortedKeys) { formatting.formUnion(.sortedKeys) }
        if configuration.jsonEncodingOptions.contains(.withoutEscapingSlashes) {
            formatting.formUnion(.withoutEscapingSlashes)
        }
        encoder.outputFormatting = formatting
        let transcoder = configuration.dateTranscoder
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(try transcoder.encode(date))
        }
        return encoder
    }
}
