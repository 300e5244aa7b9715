import ArgumentParser

/// One entry of a command's EXAMPLES: what it does, then the command lines that do it, as gh's help shows them.
struct CommandExample: Sendable, Equatable {
    /// What the example does, in a few words; shown after `# `.
    var comment: String
    /// The command lines, each shown after `$ ` and never wrapped, so that they can be copied.
    var commands: [String]

    init(_ comment: String, _ commands: String...) {
        self.comment = comment
        self.commands = commands
    }
}

/// A command whose `--help` ends with EXAMPLES, which the man page's EXAMPLES section repeats.
protocol DocumentedCommand: ParsableCommand {
    /// Three to six realistic uses, the most common first.
    static var examples: [CommandExample] { get }
}
