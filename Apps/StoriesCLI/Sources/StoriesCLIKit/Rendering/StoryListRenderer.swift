import StoriesPresentation

/// Renders rows for a terminal: a numbered title line and a dimmed details line, like a news site.
enum StoryListRenderer {
    static func render(_ rows: [StoryRow], startingAt first: Int = 1, color: Bool) -> String {
        let width = String(first + rows.count - 1).count
        return rows.enumerated().map { offset, row in
            let number = String(first + offset)
            let padding = String(repeating: " ", count: width - number.count)
            let indent = String(repeating: " ", count: width + 2)
            // Server text is made safe before our own escape codes are added around it.
            let domain = row.domain.map { " " + ANSI.dim("(\(TerminalText.sanitize($0)))", enabled: color) } ?? ""
            let details =
                "\(row.points) by \(TerminalText.sanitize(row.author)) \(row.age) | \(row.comments) | id \(TerminalText.sanitize(row.id))"
            let title = TerminalText.sanitize(row.title)
            return "\(padding)\(number). \(ANSI.bold(title, enabled: color))\(domain)\n"
                + "\(indent)\(ANSI.dim(details, enabled: color))\n"
        }.joined()
    }
}

/// Escape codes, used only when the output is a terminal and `NO_COLOR` is unset.
enum ANSI {
    static func bold(_ text: String, enabled: Bool) -> String { enabled ? "\u{1B}[1m\(text)\u{1B}[0m" : text }
    static func dim(_ text: String, enabled: Bool) -> String { enabled ? "\u{1B}[2m\(text)\u{1B}[0m" : text }
}
