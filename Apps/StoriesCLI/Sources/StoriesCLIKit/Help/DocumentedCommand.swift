import ArgumentParser
import CommandReference

/// A command whose `--help` ends with EXAMPLES, which the man page's EXAMPLES section repeats.
protocol DocumentedCommand: ParsableCommand {
    /// Three to six realistic uses, the most common first.
    static var examples: [CommandExample] { get }
}
