/// The sections of a command's man page that swift-argument-parser's `generate-manual` has no place for, written as
/// mdoc from the values `--help` prints them from: ENVIRONMENT, FILES, EXIT STATUS, EXAMPLES and SEE ALSO, in the
/// order mdoc puts them. `Scripts/generate-man` writes them in place of the tool's generic EXIT STATUS.
public struct ManualPage: Sendable, Equatable {
    /// One command's EXAMPLES; `command` is nil for the tool itself, else the subcommand's name.
    public struct Examples: Sendable, Equatable {
        public var command: String?
        public var examples: [CommandExample]

        public init(command: String?, examples: [CommandExample]) {
            self.command = command
            self.examples = examples
        }
    }

    /// The executable, as the page's name.
    public var toolName: String
    public var environment: [HelpSection.Definition]
    public var files: [HelpSection.Definition]
    public var exitStatus: [HelpSection.Definition]
    /// The tool's own examples first, then each subcommand's, each under a subsection of its own.
    public var examples: [Examples]
    /// Other pages in section 1.
    public var seeAlso: [String]

    public init(
        toolName: String, environment: [HelpSection.Definition] = [], files: [HelpSection.Definition] = [],
        exitStatus: [HelpSection.Definition], examples: [Examples], seeAlso: [String]
    ) {
        self.toolName = toolName
        self.environment = environment
        self.files = files
        self.exitStatus = exitStatus
        self.examples = examples
        self.seeAlso = seeAlso
    }

    /// The definitions of a `--help` section, or none when `section` holds examples.
    public static func definitions(of section: HelpSection) -> [HelpSection.Definition] {
        if case .definitions(let definitions) = section.body { definitions } else { [] }
    }

    /// The sections as mdoc lines, each section only when it has something to say.
    public var mdocLines: [String] {
        var lines: [String] = []
        if !environment.isEmpty {
            lines += [".Sh ENVIRONMENT"] + Self.list(environment) { Self.names($0, macro: "Ev") }
        }
        if !files.isEmpty {
            lines += [".Sh FILES"] + Self.list(files) { Self.names($0, macro: "Pa") }
        }
        if !exitStatus.isEmpty {
            lines += [#".Sh "EXIT STATUS""#] + Self.list(exitStatus) { Self.names($0, macro: nil) }
        }
        let exampleLines = examples.flatMap(exampleLines)
        if !exampleLines.isEmpty {
            lines += [".Sh EXAMPLES"] + exampleLines
        }
        if !seeAlso.isEmpty {
            lines.append(#".Sh "SEE ALSO""#)
            // Every reference but the last ends with a comma, as mdoc separates them.
            lines += seeAlso.enumerated().map { ".Xr \($1) 1" + ($0 < seeAlso.count - 1 ? " ," : "") }
        }
        return lines
    }

    private func exampleLines(_ entry: Examples) -> [String] {
        guard !entry.examples.isEmpty else { return [] }
        var lines = entry.command.map { [".Ss \(toolName) \($0)"] } ?? []
        for (index, example) in entry.examples.enumerated() {
            if index > 0 { lines.append(".Pp") }
            lines += MdocText.lines(example.comment.prefix(1).uppercased() + example.comment.dropFirst() + ":")
            lines.append(".Bd -literal -offset indent")
            lines += example.commands.map { MdocText.escaped("$ " + $0) }
            lines.append(".Ed")
        }
        return lines
    }

    private static func list(
        _ definitions: [HelpSection.Definition], head: (String) -> String
    ) -> [String] {
        var lines = [".Bl -tag -width Ds"]
        for definition in definitions {
            lines.append(".It " + head(definition.label))
            lines += MdocText.lines(definition.text)
        }
        return lines + [".El"]
    }

    /// `A, B` as `Ev A , Ev B`: each name under its macro, the comma between them a separate word.
    private static func names(_ label: String, macro: String?) -> String {
        label.split(separator: ", ").map { name in macro.map { "\($0) \(name)" } ?? name }
            .joined(separator: " , ")
    }
}
