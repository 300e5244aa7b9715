import APIClient
import ArgumentParser
import CommandReference

/// `stories-cli servers`: the named servers from the spec.
struct ServersCommand: ParsableCommand, DocumentedCommand {
    static let configuration = CommandConfiguration(
        commandName: "servers",
        abstract: "List the servers --server can name.",
        discussion: """
            Each with its URL and what it is. Any other server is reached by its URL: --server-url URL for one \
            command, or `stories-cli use URL` for every command.
            """
    )

    static let examples = [
        CommandExample("The named servers, with their URLs", "stories-cli servers"),
        CommandExample("Only the names, for a script", "stories-cli servers | awk 'NR > 1 { print $1 }'"),
        CommandExample("The URL of one of them", "stories-cli servers | awk '$1 == \"staging\" { print $2 }'"),
    ]

    init() {}

    func run() throws {
        let output = StandardOutput(environment: [:])
        do {
            try output.write(Self.table())
        } catch .readerClosed {
            return
        } catch {
            let failure = FailureMessages.failureBeforeConnecting(error)
            output.writeError("error: \(failure.message)\n")
            throw ExitCode(failure.exitStatus.rawValue)
        }
    }

    static func table() -> String {
        let rows = ServerName.allCases.map { name in
            (
                name.rawValue, (try? name.apiServer.url().absoluteString) ?? "(invalid URL in spec)",
                name.apiServer.summary
            )
        }
        let nameWidth = max(4, rows.map(\.0.count).max() ?? 0)
        let urlWidth = max(3, rows.map(\.1.count).max() ?? 0)
        func pad(_ text: String, _ width: Int) -> String { text + String(repeating: " ", count: width - text.count) }
        var output = "\(pad("NAME", nameWidth))  \(pad("URL", urlWidth))  DESCRIPTION\n"
        for row in rows {
            output += "\(pad(row.0, nameWidth))  \(pad(row.1, urlWidth))  \(row.2)\n"
        }
        return output
    }
}
