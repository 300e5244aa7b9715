import APIClientLive
import ArgumentParser
import Authorization
import Foundation

/// A command that talks to a server: the shared `run()` resolves options, builds the composition root once with
/// them, hands its services to `execute(in:services:)`, and turns any error into one message on stderr and a
/// documented exit code.
protocol StoriesSubcommand: AsyncParsableCommand {
    var connection: ConnectionOptions { get }

    /// The command's work, with the services the composition root built for this run. Throw `CommandFailure` or any
    /// error the failure messages know.
    func execute(in context: CommandContext, services: any CommandServices) async throws

    /// Adjusts the resolved context with the command's own options before the services are built (`login
    /// --insecure-storage`); most commands change nothing.
    func adjust(_ context: inout CommandContext)
}

extension StoriesSubcommand {
    func adjust(_ context: inout CommandContext) {}

    func run() async throws {
        let environment = ProcessInfo.processInfo.environment
        let output = StandardOutput(environment: environment)
        // Here rather than at the entry point, so that `--help` and `--version`, which open nothing, always work.
        do {
            try DescriptorLimit.raiseIfNeeded()
        } catch {
            output.writeError("error: \(error.message)\n")
            throw ExitCode(error.exitStatus.rawValue)
        }
        // The process's one event loop, started by the first client and left running until the process exits.
        let status = await run(
            environment: environment, output: output, input: .terminal, now: { Date() },
            processEventLoop: ProcessEventLoop())
        if status != .success { throw ExitCode(status.rawValue) }
    }

    /// Runs the command against injected surroundings and returns its exit status. Tests call this; `browser`
    /// replaces the system's browser (`$BROWSER`, `xdg-open`) for `login`, and `keyring` the OS keyring.
    func run(
        environment: [String: String],
        output: any OutputWriting,
        input: UserInput,
        now: @escaping @Sendable () -> Date,
        limits: ConnectionLimits = .standard,
        browser: (any BrowserOpening)? = nil,
        keyring: (any DataKeyStore)? = nil,
        processEventLoop: ProcessEventLoop? = nil
    ) async -> CLIExitCode {
        var server: ResolvedServer?
        do {
            var context = try CommandContext.resolve(
                connection,
                environment: environment,
                output: output,
                input: input,
                now: now,
                limits: limits,
                browser: browser
            )
            server = context.server
            if let keyring { context.keyring = keyring }
            context.processEventLoop = processEventLoop
            adjust(&context)
            try await execute(in: context, services: CompositionRoot(context: context))
            return .success
        } catch StandardOutputError.readerClosed {
            // `stories-cli list --all | head -1`: the reader has what it wanted; stop quietly, like `git log | head`.
            return .success
        } catch {
            let failure =
                server.map { FailureMessages.failure(for: error, server: $0) }
                ?? FailureMessages.failureBeforeConnecting(error)
            output.writeError("error: \(failure.message)\n")
            return failure.exitStatus
        }
    }
}
