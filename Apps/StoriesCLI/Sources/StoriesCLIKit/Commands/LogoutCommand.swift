import ArgumentParser
import Foundation
import OnboardingDomain

/// `stories-cli logout`: revokes the session at the server and removes it from this machine.
public struct LogoutCommand: StoriesSubcommand {
    public static let configuration = CommandConfiguration(
        commandName: "logout",
        abstract: "Sign out: revoke the session at the server, then delete it here.",
        discussion: """
            The local session is deleted even when the server cannot be reached; the failed revocation is reported \
            and the exit code is then 69 (unreachable) or 1. With --all, every server with a stored session is \
            signed out.
            """
    )

    @OptionGroup public var connection: ConnectionOptions

    @Flag(help: "Sign out of every server with a stored session.")
    public var all = false

    public init() {}

    public func execute(in context: CommandContext) async throws {
        let servers: [ResolvedServer]
        if all {
            servers = try await CompositionRoot.serversWithSessions(context: context).map {
                ResolvedServer.matching(url: $0)
            }
            if servers.isEmpty { try context.output.write("No stored sessions.\n") }
        } else {
            servers = [context.server]
        }
        var worst: CommandFailure?
        for server in servers {
            var serverContext = context
            serverContext.server = server
            if let failure = try await signOut(in: serverContext) {
                context.output.writeError("warning: \(failure.message)\n")
                worst = worst ?? failure
            }
        }
        if let worst {
            throw CommandFailure("Signed out locally, but not every session was revoked.", exitStatus: worst.exitStatus)
        }
    }

    /// Signs out of one server; returns the revocation problem, if any.
    private func signOut(in context: CommandContext) async throws -> CommandFailure? {
        try await CompositionRoot.withServices(context: context) { services in
            let result: SignOutResult
            do {
                result = try await services.onboarding.signOut()
            } catch OnboardingError.notSignedIn {
                try context.output.write("Not signed in to \(context.server.displayName); nothing to do.\n")
                return nil
            }
            try context.output.write(
                "Signed out of \(context.server.displayName) (\(TerminalText.sanitize(result.account))).\n")
            guard let failure = result.revocationFailure else { return nil }
            let reason = FailureMessages.failure(for: failure, server: context.server)
            return CommandFailure(
                "The session was deleted here, but revoking it at the server failed. \(reason.message)",
                exitStatus: reason.exitStatus
            )
        }
    }
}
