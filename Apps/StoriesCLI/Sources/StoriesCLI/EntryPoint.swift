import ArgumentParser
import Foundation
import StoriesCLIKit

/// The executable only hands over to the command tree; everything else lives in StoriesCLIKit, where tests reach it.
@main
enum EntryPoint {
    static func main() async {
        StartupSignals.configure()
        StandardOutputFlush.checkAtExit()
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
