/// One entry of a command's EXAMPLES: what it does, then the command lines that do it, as gh's help shows them.
public struct CommandExample: Sendable, Equatable {
    /// What the example does, in a few words; shown after `# `.
    public var comment: String
    /// The command lines, each shown after `$ ` and never wrapped, so that they can be copied.
    public var commands: [String]

    public init(_ comment: String, _ commands: String...) {
        self.comment = comment
        self.commands = commands
    }
}
