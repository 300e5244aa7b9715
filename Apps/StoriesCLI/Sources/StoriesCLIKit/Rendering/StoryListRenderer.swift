import StoriesPresentation

/// Renders rows for a terminal: a numbered title line and a dimmed details line, like a news site.
///
/// With a `width` (standard output is a terminal), each line is fitted to it: the site is dropped before the title
/// is cut, and cuts end in "…". Without one (a pipe), lines are written in full for the program reading them.
enum StoryListRenderer {
    /// Titles are not cut shorter than this to keep the site in view; below it, the site goes first.
    static let shortestTitleBesideSite = 20

    static func render(_ rows: [StoryRow], startingAt first: Int = 1, color: Bool, width: Int? = nil) -> String {
        let numberWidth = String(first + rows.count - 1).count
        return rows.enumerated().map { offset, row in
            let number = String(first + offset)
            let prefix = String(repeating: " ", count: numberWidth - number.count) + number + ". "
            let indent = String(repeating: " ", count: numberWidth + 2)
            // Server text is made safe, then fitted, and only then wrapped in our own escape codes.
            var title = TerminalText.sanitize(row.title)
            var domain = row.domain.map { " (\(TerminalText.sanitize($0)))" } ?? ""
            var details = "\(row.points) by \(TerminalText.sanitize(row.author)) \(row.age) | \(row.comments)"
            // The id is what `show` needs: a narrow terminal cuts the details before it, never the id.
            let id = " | id \(TerminalText.sanitize(row.id))"
            if let width {
                let forTitle = width - TerminalColumns.width(of: prefix)
                if TerminalColumns.width(of: title + domain) > forTitle {
                    if forTitle - TerminalColumns.width(of: domain) < shortestTitleBesideSite { domain = "" }
                    title = TerminalColumns.truncate(title, toFit: forTitle - TerminalColumns.width(of: domain))
                }
                let forDetails = width - indent.count - TerminalColumns.width(of: id)
                details = forDetails >= 1 ? TerminalColumns.truncate(details, toFit: forDetails) : ""
            }
            let detailsLine = details.isEmpty ? String(id.dropFirst(3)) : details + id
            return
                "\(prefix)\(ANSI.bold(title, enabled: color))\(ANSI.dim(domain, enabled: color && !domain.isEmpty))\n"
                + "\(indent)\(ANSI.dim(detailsLine, enabled: color))\n"
        }.joined()
    }
}
