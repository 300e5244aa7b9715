import ArgumentParser
import Foundation
import StoriesCLIKit

/// The executable only hands over to the command tree; everything else lives in StoriesCLIKit, where tests reach it.
@main
enum EntryPoint {
    static func main() async {
        // A reader that goes away (`stories-cli list --all | head -1`) must surface as EPIPE from write(2), which
        // ends a command quietly, rather than as SIGPIPE killing the process in the middle of a write.
        signal(SIGPIPE, SIG_IGN)
        if let failure = SubcommandSuggestion.failure(for: Array(CommandLine.arguments.dropFirst())) {
            FileHandle.standardError.write(Data("error: \(failure.message)\n".utf8))
            exit(failure.exitStatus.rawValue)
        }
        await StoriesCommand.main()
    }
}
