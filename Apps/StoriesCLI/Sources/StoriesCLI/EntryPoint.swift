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
        await runCommand()
    }

    /// Runs the command and ends the process from the thread that finished it. Returning to `main` would first hop
    /// back to the main actor, and on Linux the main queue is served by a thread that libdispatch starts for the
    /// purpose (`dispatch_main` parks the process's first thread): a thread start at the end of every command, only
    /// to call `exit`. Failures already end the process inside `main()` (`exit(withError:)`).
    @concurrent private static func runCommand() async -> Never {
        await StoriesCommand.main()
        exit(EXIT_SUCCESS)
    }
}
