import ArgumentParser
import Foundation
import StoriesCLIKit

/// The executable only hands over to the command tree; everything else lives in StoriesCLIKit, where tests reach it.
@main
enum EntryPoint {
    static func main() async {
        StartupSignals.configure()
        StandardOutputFlush.checkAtExit()
        let arguments = Array(CommandLine.arguments.dropFirst())
        if let failure = SubcommandSuggestion.failure(for: arguments) { fail(failure) }
        switch ParsedCommandLine(arguments) {
        case .command(let command): await run(command)
        case .failed(let failure): fail(failure)
        case .exit(let error): HelpPage.exit(withError: error)
        case .topic(let topic): HelpPage.exit(showing: topic)
        }
    }

    private static func fail(_ failure: CommandFailure) -> Never {
        FileHandle.standardError.write(Data("error: \(failure.message)\n".utf8))
        exit(failure.exitStatus.rawValue)
    }

    /// Runs the command and ends the process from the thread that finished it. Returning to `main` would first hop
    /// back to the main actor, and on Linux the main queue is served by a thread that libdispatch starts for the
    /// purpose (`dispatch_main` parks the process's first thread): a thread start at the end of every command, only
    /// to call `exit`. Failures already end the process inside `main()` (`exit(withError:)`).
    @concurrent private static func run(_ parsed: any ParsableCommand) async -> Never {
        var command = parsed
        do {
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            // A command's own failure was reported by the command (`ExitCode`); help and version print here.
            HelpPage.exit(withError: error)
        }
        exit(EXIT_SUCCESS)
    }
}
