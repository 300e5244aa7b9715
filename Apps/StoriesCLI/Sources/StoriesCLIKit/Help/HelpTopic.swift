import CommandReference

/// `stories-cli help TOPIC` for the reference that is no command's: what the man page's ENVIRONMENT, FILES and EXIT
/// STATUS say, from the same `CLIReference`, so that `--help` itself stays a page a person reads.
public enum HelpTopic: String, CaseIterable, Sendable {
    case environment
    case exitCodes = "exit-codes"
    case files

    var section: HelpSection {
        switch self {
        case .environment: CLIReference.environment
        case .exitCodes: CLIReference.exitCodes
        case .files: CLIReference.files
        }
    }

    /// The topic's page, wrapped to `columns`.
    public func text(columns: Int) -> String {
        section.rendered(columns: columns)
    }
}
