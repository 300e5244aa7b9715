/// A section of `--help` that swift-argument-parser has no place for (EXAMPLES, ENVIRONMENT, FILES, EXIT CODES),
/// laid out as it lays out OPTIONS: the title in capitals, entries indented two columns, each label padded to the
/// column where descriptions start (or alone on its line when it is longer), descriptions wrapped there.
/// `ManualPage` writes the man page's sections from the same values. `Scripts/check-readme` reads stories-cli's EXIT
/// CODES back from `--help`: keep the layout when changing it.
public struct HelpSection: Sendable, Equatable {
    public enum Body: Sendable, Equatable {
        /// Label and description pairs: a variable, a file, an exit code.
        case definitions([Definition])
        /// `# comment` then `$ command` lines, a blank line between examples.
        case examples([CommandExample])
    }

    /// A label (a variable, a file, an exit code; several separated by ", ") and its description.
    public struct Definition: Sendable, Equatable {
        public var label: String
        public var text: String

        public init(_ label: String, _ text: String) {
            self.label = label
            self.text = text
        }
    }

    public var title: String
    public var body: Body

    public init(title: String, body: Body) {
        self.title = title
        self.body = body
    }

    /// Where descriptions start, as in the parser's OPTIONS.
    static let descriptionColumn = 26
    /// The narrowest a description is wrapped to, however narrow the terminal.
    static let minimumDescriptionWidth = 30

    /// The section as `--help` prints it, wrapped to `columns`.
    public func rendered(columns: Int) -> String {
        var text = "\(title):\n"
        switch body {
        case .definitions(let definitions):
            let width = max(Self.minimumDescriptionWidth, columns - Self.descriptionColumn)
            let indent = String(repeating: " ", count: Self.descriptionColumn)
            for definition in definitions {
                let lines = Self.wrap(definition.text, width: width)
                // At least two spaces between a label and its description, so that a reader can split them.
                if definition.label.count <= Self.descriptionColumn - 4 {
                    let padding = String(repeating: " ", count: Self.descriptionColumn - 2 - definition.label.count)
                    text += "  \(definition.label)\(padding)\(lines.first ?? "")\n"
                    for line in lines.dropFirst() { text += indent + line + "\n" }
                } else {
                    text += "  \(definition.label)\n"
                    for line in lines { text += indent + line + "\n" }
                }
            }
        case .examples(let examples):
            let width = max(Self.minimumDescriptionWidth, columns - 4)
            for (index, example) in examples.enumerated() {
                if index > 0 { text += "\n" }
                for line in Self.wrap(example.comment, width: width) { text += "  # \(line)\n" }
                for command in example.commands { text += "  $ \(command)\n" }
            }
        }
        return text
    }

    /// `text` in lines of at most `width` characters, broken at spaces; a word longer than that stands alone.
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            if line.isEmpty {
                line = String(word)
            } else if line.count + 1 + word.count <= width {
                line += " " + word
            } else {
                lines.append(line)
                line = String(word)
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }
}
