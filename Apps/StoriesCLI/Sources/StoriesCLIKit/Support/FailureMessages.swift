import Authorization
import Foundation
import OnboardingDomain
import OnboardingPresentation
import StoriesDomain

/// Turns every error a command can meet into a message and an exit code, in one place.
enum FailureMessages {
    static func failure(for error: any Error, server: ResolvedServer) -> CommandFailure {
        switch error {
        case let error as StoryServiceError: failure(for: error, server: server)
        case let error as OnboardingError: failure(for: error, server: server)
        case let error as TokenEndpointError: failure(for: error, server: server)
        case let error as AuthorizationError: failure(for: error, server: server)
        default: failureBeforeConnecting(error)
        }
    }

    /// Failures that need no server to describe: option and environment validation, the credentials file.
    static func failureBeforeConnecting(_ error: any Error) -> CommandFailure {
        switch error {
        case let failure as CommandFailure: failure
        case let error as StandardOutputError: failure(for: error)
        case let error as CredentialsStoreError:
            CommandFailure(
                error.errorDescription ?? "The credentials store cannot be used.", exitStatus: .ioError)
        default: CommandFailure("Unexpected error (\(type(of: error))).", exitStatus: .failure)
        }
    }

    static func failure(for error: StandardOutputError) -> CommandFailure {
        switch error {
        case .readerClosed:
            CommandFailure("Standard output was closed before everything was written.", exitStatus: .ioError)
        case .noSpace:
            CommandFailure("Standard output is full (no space left); the output is incomplete.", exitStatus: .ioError)
        case .failed(let errorNumber):
            CommandFailure(
                "Standard output cannot be written (\(String(cString: strerror(errorNumber)))); the output is incomplete.",
                exitStatus: .ioError)
        }
    }

    static func failure(for error: StoryServiceError, server: ResolvedServer) -> CommandFailure {
        switch error {
        case .notSignedIn:
            notSignedIn(server)
        case .sessionExpired:
            CommandFailure(
                "Your session for \(server.displayName) has expired. Run `\(server.loginCommand)` to sign in again.",
                exitStatus: .signInRequired
            )
        case .notFound(let id):
            CommandFailure("No story has id \(id) on \(server.displayName).", exitStatus: .failure)
        case .rejected(let reason):
            CommandFailure("The server refused the request: \(reason)", exitStatus: .failure)
        case .unreachable(let reason):
            unreachable(server, reason: reason)
        case .malformedResponse(let reason):
            CommandFailure(
                "\(server.displayName) sent data that does not match the API (\(reason)).",
                exitStatus: .malformedData
            )
        case .credentialsUnavailable(let reason):
            CommandFailure(reason, exitStatus: .ioError)
        case .unexpected(let reason):
            CommandFailure("The request to \(server.displayName) failed: \(reason).", exitStatus: .failure)
        }
    }

    static func failure(for error: OnboardingError, server: ResolvedServer) -> CommandFailure {
        switch error {
        case .invalidInput(let detail):
            CommandFailure(detail, exitStatus: .usage)
        case .usernameTaken:
            CommandFailure(
                "That username is already taken on \(server.displayName). Choose another one.",
                exitStatus: .failure
            )
        case .wrongCredentials:
            CommandFailure(
                "\(server.displayName) did not accept that username and password. Nothing was stored.",
                exitStatus: .signInRequired
            )
        case .notSignedIn: notSignedIn(server)
        case .sessionExpired: failure(for: StoryServiceError.sessionExpired, server: server)
        case .unreachable(let reason): unreachable(server, reason: reason)
        case .malformedResponse(let reason):
            failure(for: StoryServiceError.malformedResponse(reason: reason), server: server)
        case .credentialsUnavailable(let reason): CommandFailure(reason, exitStatus: .ioError)
        case .unexpected: CommandFailure(OnboardingMessages.message(for: error), exitStatus: .failure)
        }
    }

    static func failure(for error: TokenEndpointError, server: ResolvedServer) -> CommandFailure {
        switch error {
        case .invalidGrant:
            CommandFailure(
                "\(server.displayName) did not accept that username and password. Nothing was stored.",
                exitStatus: .signInRequired
            )
        case .transient(let reason, _):
            unreachable(server, reason: reason)
        case .malformedResponse:
            CommandFailure(error.errorDescription ?? "Unusable token response.", exitStatus: .malformedData)
        case .misconfigured, .insecureTransport:
            CommandFailure(error.errorDescription ?? "Sign-in is misconfigured.", exitStatus: .failure)
        }
    }

    static func failure(for error: AuthorizationError, server: ResolvedServer) -> CommandFailure {
        switch error {
        case .notSignedIn: notSignedIn(server)
        case .sessionExpired: failure(for: StoryServiceError.sessionExpired, server: server)
        case .originMismatch, .excessiveRefresh:
            CommandFailure(error.errorDescription ?? "Authorisation failed.", exitStatus: .failure)
        case .lockTimeout:
            CommandFailure(error.errorDescription ?? "The credentials lock is busy.", exitStatus: .ioError)
        case .refreshFailed(let refreshError):
            switch refreshError {
            case .invalidGrant: failure(for: StoryServiceError.sessionExpired, server: server)
            case .transient(let reason, _):
                CommandFailure(
                    "Could not renew the session with \(server.displayName) (\(reason)). The stored session is unchanged; try again later.",
                    exitStatus: .unreachable
                )
            case .malformedResponse, .misconfigured, .insecureTransport:
                failure(for: refreshError, server: server)
            }
        }
    }

    static func notSignedIn(_ server: ResolvedServer) -> CommandFailure {
        CommandFailure(
            "Not signed in to \(server.displayName). Run `\(server.loginCommand)` first.",
            exitStatus: .signInRequired
        )
    }

    static func unreachable(_ server: ResolvedServer, reason: String) -> CommandFailure {
        var message = "Could not reach \(server.displayName): \(reason)."
        if server.name == .local {
            message +=
                " Start the reference server with `swift run stories-server` (or `stories-server`) and try again."
        } else {
            message += " Check your connection and the server URL, then try again."
        }
        return CommandFailure(message, exitStatus: .unreachable)
    }
}
