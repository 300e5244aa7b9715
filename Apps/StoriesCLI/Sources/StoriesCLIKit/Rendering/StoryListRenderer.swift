import StoriesPresentation

/// Renders rows for a terminal: the story's id (what `show` takes) and its title on one line, dimmed details under
/// it, like a news site. No row is numbered: a position number beside ids (row 3 of a page whose ids run 500 to 481)
/// reads as an id, and `show 3` would show another story.
///
/// With a `width` (standard output is a terminal), each line is fitted to it: the site is dropped before the title
/// is cut, and cuts end in "…"; the id is never cut. Without one (a pipe), lines are written in full for the program
/// reading them.
enum StoryListRenderer {
    /// Titles are not cut shorter than this to keep the site in view; below it, the site goes first.
    static let shortestTitleBesideSite = 20

    /// Ids wider than this are not padded to: titles then start where each row's id ends.
    static let widestAlignedID = 12

    static func render(_ rows: [StoryRow], color: Bool, width: Int? = nil) -> String {
        let ids = rows.map { TerminalText.sanitize($0.id) }
        let column = min(ids.map { TerminalColumns.width(of: $0) }.max() ?? 0, widestAlignedID)
        let indent = String(repeating: " ", count: column + 2)
        return zip(rows, ids).map { row, id in
            let padding = String(repeating: " ", count: max(0, column - TerminalColumns.width(of: id)))
            let prefix = id + padding + "  "
            // Server text is made safe, then fitted, and only then wrapped in our own escape codes.
            var title = TerminalText.sanitize(row.title)
            var domain = row.domain.map { " (\(TerminalText.sanitize($0)))" } ?? ""
            var details = "\(row.points) by \(TerminalText.sanitize(row.author)) \(row.age) | \(row.comments)"
            if let width {
                let forTitle = width - TerminalColumns.width(of: prefix)
                if TerminalColumns.width(of: title + domain) > forTitle {
                    if forTitle - TerminalColumns.width(of: domain) < shortestTitleBesideSite { domain = "" }
                    title = TerminalColumns.truncate(title, toFit: forTitle - TerminalColumns.width(of: domain))
                }
                let forDetails = width - indent.count
                details = forDetails >= 1 ? TerminalColumns.truncate(details, toFit: forDetails) : ""
            }
            return
                "\(prefix)\(ANSI.bold(title, enabled: color))\(ANSI.dim(domain, enabled: color && !domain.isEmpty))\n"
                + "\(indent)\(ANSI.dim(details, enabled: color))\n"
        }.joined()
    }
}
