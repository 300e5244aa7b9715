import ArgumentParser

/// "Did you mean …?" for a mistyped subcommand, which swift-argument-parser reports only as an unexpected argument.
public enum SubcommandSuggestion {
    /// The failure for `arguments` (without the program name) when the first one looks like a mistyped
    /// subcommand: not an option, not a known name, and within two edits of a known one. `nil` otherwise, so the
    /// parser reports everything else as usual.
    public static func failure(for arguments: [String]) -> CommandFailure? {
        guard let word = arguments.first, !word.hasPrefix("-") else { return nil }
        let names = StoriesCommand.configuration.subcommands.compactMap { $0.configuration.commandName }
        guard !names.contains(word), word != "help" else { return nil }
        let ranked = names.map { (name: $0, distance: editDistance(word.lowercased(), $0)) }
            .filter { $0.distance <= 2 && $0.distance < $0.name.count }
            .sorted { ($0.distance, $0.name) < ($1.distance, $1.name) }
        guard let best = ranked.first else { return nil }
        return .usage("Unknown command '\(TerminalText.sanitize(word))'. Did you mean '\(best.name)'?")
    }

    /// Levenshtein distance: insertions, deletions and substitutions.
    static func editDistance(_ lhs: String, _ rhs: String) -> Int {
        let lhs = Array(lhs)
        let rhs = Array(rhs)
        guard !lhs.isEmpty else { return rhs.count }
        guard !rhs.isEmpty else { return lhs.count }
        var previous = Array(0...rhs.count)
        for (i, left) in lhs.enumerated() {
            var current = [i + 1] + Array(repeating: 0, count: rhs.count)
            for (j, right) in rhs.enumerated() {
                current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (left == right ? 0 : 1))
            }
            previous = current
        }
        return previous[rhs.count]
    }
}
