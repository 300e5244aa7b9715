import Foundation

/// A failure a command reports: a message a person can act on, and the exit code scripts can branch on.
public struct CommandFailure: Error, Equatable, Sendable, LocalizedError {
    public var message: String
    public var exitStatus: CLIExitCode

    init(_ message: String, exitStatus: CLIExitCode) {
        self.message = message
        self.exitStatus = exitStatus
    }

    public var errorDescription: String? { message }

    static func usage(_ message: String) -> CommandFailure {
        CommandFailure(message, exitStatus: .usage)
    }
}
