import Foundation

/// Where a command's output goes. Commands never touch stdout or stderr directly, so tests capture what they say.
public protocol OutputWriting: Sendable {
    /// Whether standard output is a terminal: human layout and, unless `NO_COLOR` is set, colour.
    var usesColor: Bool { get }
    /// The terminal's width in columns, to fit lines to; `nil` when standard output is not a terminal (full lines).
    var lineWidth: Int? { get }
    /// Whether a progress line may be drawn on standard error: it is a terminal and standard output is not (the
    /// listing goes to a file or a pipe while a person watches), so progress never mixes into the output.
    var showsProgress: Bool { get }
    /// Writes `text` to standard output. Throws when the output cannot take it: the reader went away, or the disk
    /// is full.
    func write(_ text: String) throws(StandardOutputError)
    /// Writes `text` to standard error. Diagnostics that cannot be written are dropped: there is nowhere left to
    /// report them.
    func writeError(_ text: String)
}
