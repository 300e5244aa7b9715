import APIClient
import APIClientLive
import Authorization
import Foundation
import LoopbackRedirect
import OnboardingDomain
import OnboardingPresentation
import StoriesDomain
import StoriesPresentation

/// Turns every error a command can meet into one sentence and an exit code. A feature's own outcomes (a taken
/// username, a denied sign-in, a story that does not exist) come in the feature's words, from its Presentation, with
/// the terminal's next command added; everything below the features (the network, the session, the credentials file,
/// the terminal, the process) is worded here, the one catalog for it. Lower layers throw cases with data, and text a
/// server sent is made safe for the terminal here before it goes into any sentence.
enum FailureMessages {
    /// The failure for `error` met while talking to `server` (`nil` before a server was chosen).
    static func failure(for error: any Error, server: ResolvedServer?) -> CommandFailure {
        let server = server.map(ServerWording.init) ?? ServerWording.unknown
        return describe(error, server: server)
            ?? CommandFailure("The command failed unexpectedly.", exitStatus: .failure)
    }

    /// Failures that need no server to describe: option and environment validation, the credentials file, output.
    static func failureBeforeConnecting(_ error: any Error) -> CommandFailure {
        failure(for: error, server: nil)
    }

    /// The failure for a known error type, or `nil` for one this module cannot phrase.
    private static func describe(_ error: any Error, server: ServerWording) -> CommandFailure? {
        switch error {
        case let failure as CommandFailure: failure
        case let error as StandardOutputError: failure(for: error)
        case let error as StoryServiceError: failure(for: error, server: server)
        case let error as ListingCutOff: cutOff(error, server: server)
        case let error as OnboardingError: failure(for: error, server: server)
        case let error as AuthorizationError: failure(for: error, server: server)
        case let error as TokenEndpointError: failure(for: error, server: server, duringRefresh: false)
        case let error as CredentialsStoreError: failure(for: error)
        case let error as KeyringNeededForNewFile: keyringFailure(forNewFile: error)
        case let error as APINotFoundAtServerURL: apiNotFound(error)
        case let error as APIFailure: failure(for: error, server: server)
        case let error as NetworkFailure: unreachable(server, error)
        case let error as ResponseTooLarge: tooLarge(server, error)
        case let error as InsecureServerURL: insecure(error.origin)
        case let error as ProxyConfigurationError: failure(for: error)
        case let error as AuthorizationRedirectError: failure(for: error, server: server)
        case let error as AuthorizationServerMetadataError: failure(for: error, server: server)
        case let error as APIArgumentError: failure(for: error)
        case let error as APIResponseFailure: failure(for: error, server: server)
        default: nil
        }
    }

    /// The failure its cause describes, or `fallback` when the cause is of a type this module cannot phrase.
    private static func detailed(
        _ cause: any Error, server: ServerWording, fallback: @autoclosure () -> CommandFailure
    ) -> CommandFailure {
        describe(cause, server: server) ?? fallback()
    }

    // MARK: Output

    static func failure(for error: StandardOutputError) -> CommandFailure {
        switch error {
        case .readerClosed:
            CommandFailure("Standard output was closed before everything was written.", exitStatus: .ioError)
        case .noSpace:
            CommandFailure(
                "Standard output is full (no space left), so the output is incomplete.", exitStatus: .ioError)
        case .failed(let errorNumber):
            CommandFailure(
                "Standard output cannot be written (\(String(cString: strerror(errorNumber)))), so the output is incomplete.",
                exitStatus: .ioError)
        }
    }

    // MARK: The environment

    static func failure(for error: ProxyConfigurationError) -> CommandFailure {
        switch error {
        case .notAProxyURL(let variable):
            .usage("\(variable) is not a proxy URL like http://proxy.example:3128.")
        case .unsupportedScheme(let variable, let scheme):
            .usage("\(variable) uses \(scheme)://; stories-cli supports http:// and socks5:// proxies.")
        }
    }

    // MARK: Domain errors

    /// A feature's own outcome in the feature's words (its Presentation), as one sentence, with the terminal's next
    /// step after it when there is one. Values that came from a server are made safe before they are passed in.
    static func feature(
        _ error: OnboardingError, server: ServerWording, joinedBy separator: String = ". ", then next: String? = nil
    ) -> String {
        let outcome = OnboardingMessages.outcome(of: error, server: server.name) ?? ""
        guard let next else { return sentence(outcome) }
        return outcome + separator + next
    }

    /// The story list's own outcome in its words (StoriesPresentation), as one sentence.
    static func feature(_ error: StoryServiceError, server: ServerWording) -> String {
        sentence(StoryListFailure.outcome(of: error, server: server.name) ?? "")
    }

    static func failure(for error: StoryServiceError, server: ServerWording) -> CommandFailure {
        switch error {
        case .notSignedIn: notSignedIn(server)
        case .sessionExpired: sessionExpired(server)
        case .notFound(let id):
            CommandFailure(feature(.notFound(id: serverText(id)), server: server), exitStatus: .failure)
        case .forbidden: forbidden(server)
        case .rejected(let reason):
            CommandFailure(feature(.rejected(reason: serverText(reason)), server: server), exitStatus: .failure)
        case .unavailable(let retryAfter, let cause):
            failure(for: .unavailable(retryAfter, cause.error), server: server)
        case .unreachable(let cause): failure(for: .unreachable(cause.error), server: server)
        case .malformedResponse(let cause): failure(for: .malformed(cause.error), server: server)
        case .endlessListing: CommandFailure(feature(error, server: server), exitStatus: .malformedData)
        case .credentialsUnavailable(let cause): failure(for: .credentialsUnavailable(cause.error), server: server)
        case .unexpected(let cause): failure(for: .unexpected(cause.error), server: server)
        }
    }

    static func failure(for error: OnboardingError, server: ServerWording) -> CommandFailure {
        switch error {
        case .invalidInput(let detail):
            CommandFailure(feature(.invalidInput(serverText(detail)), server: server), exitStatus: .usage)
        case .usernameTaken:
            CommandFailure(feature(error, server: server, then: "Choose another one."), exitStatus: .failure)
        case .wrongCredentials: wrongCredentials(server)
        case .signInThrottled(let retryAfter): throttled(server, retryAfter: retryAfter)
        case .notSignedIn: notSignedIn(server)
        case .unknownAccount(let account):
            CommandFailure(
                feature(
                    .unknownAccount(TerminalText.sanitize(account)), server: server,
                    then:
                        "`stories-cli status` lists the signed-in accounts; `\(server.loginCommand) --username=\(ShellWord.quoted(TerminalText.sanitize(account)))` adds this one."
                ),
                exitStatus: .unknownAccount)
        case .sessionExpired: sessionExpired(server)
        case .deviceSignInDenied:
            CommandFailure(feature(error, server: server), exitStatus: .signInDenied)
        case .deviceSignInExpired, .deviceSignInForgotten:
            CommandFailure(
                feature(
                    error, server: server, joinedBy: "; ",
                    then: "run `\(server.loginCommand) --device` again for a new one."),
                exitStatus: .signInExpired)
        case .browserSignInDenied:
            CommandFailure(feature(error, server: server), exitStatus: .signInDenied)
        case .browserSignInUnsupported:
            CommandFailure(
                feature(
                    error, server: server, joinedBy: "; ",
                    then: "`\(server.loginCommand) --device` signs in with a code."),
                exitStatus: .failure)
        case .passwordSignInUnsupported:
            CommandFailure(
                feature(
                    error, server: server, joinedBy: "; ",
                    then:
                        "`\(server.loginCommand)` signs in in a browser, `\(server.loginCommand) --device` with a code."
                ),
                exitStatus: .failure)
        case .deviceSignInUnsupported:
            CommandFailure(
                feature(
                    error, server: server, joinedBy: "; ",
                    then: "`\(server.loginCommand)` signs in in a browser."),
                exitStatus: .failure)
        case .browserSignInForgotten:
            CommandFailure(
                feature(error, server: server, joinedBy: "; ", then: "run `\(server.loginCommand)` again."),
                exitStatus: .signInExpired)
        case .browserSignInTimedOut:
            CommandFailure(
                "The browser did not come back within \(spoken(LoopbackRedirectListener.Limits.standard.overallTimeout)); nothing was stored. Run `\(server.loginCommand)` again.",
                exitStatus: .signInExpired)
        case .browserSignInRefused(let code, let description):
            CommandFailure(
                feature(
                    .browserSignInRefused(code: serverText(code), description: description.map(serverText)),
                    server: server),
                exitStatus: code == "invalid_grant"
                    ? .signInRequired
                    : ["temporarily_unavailable", "server_error"].contains(code) ? .unreachable : .failure)
        case .browserSignInRedirectInvalid(let cause):
            detailed(
                cause.error, server: server,
                fallback: CommandFailure(
                    "The browser came back with an answer that is not for this sign-in; nothing was stored.",
                    exitStatus: .failure))
        case .cancelled:
            CommandFailure(feature(error, server: server), exitStatus: .failure)
        case .forbidden: forbidden(server)
        case .unavailable(let retryAfter, let cause):
            failure(for: .unavailable(retryAfter, cause.error), server: server)
        case .unreachable(let cause): failure(for: .unreachable(cause.error), server: server)
        case .malformedResponse(let cause): failure(for: .malformed(cause.error), server: server)
        case .credentialsUnavailable(let cause): failure(for: .credentialsUnavailable(cause.error), server: server)
        case .unexpected(let cause): failure(for: .unexpected(cause.error), server: server)
        }
    }

    /// What was wrong with the browser's return to the loopback listener. Nothing here names the code or the state.
    static func failure(for error: AuthorizationRedirectError, server: ServerWording) -> CommandFailure {
        let nothing = "nothing was exchanged or stored"
        return switch error {
        case .denied:
            failure(for: OnboardingError.browserSignInDenied, server: server)
        case .refused(let code, let description):
            failure(for: OnboardingError.browserSignInRefused(code: code, description: description), server: server)
        case .missingState:
            CommandFailure(
                "The browser came back without a state, so the answer is not for this sign-in; \(nothing).",
                exitStatus: .failure)
        case .stateMismatch:
            CommandFailure(
                "The browser came back with a state that is not the state this sign-in sent (an answer to another sign-in, or a forged one); \(nothing).",
                exitStatus: .failure)
        case .missingCode:
            CommandFailure(
                "The browser came back from \(server.name) without an authorization code or an error; \(nothing).",
                exitStatus: .failure)
        case .repeatedParameter(let name):
            CommandFailure(
                "The browser came back with \(serverText(name)) more than once; \(nothing).", exitStatus: .failure)
        case .issuerMismatch(let expected, let received):
            CommandFailure(
                "The browser came back from a server that named \(serverText(received)) as the issuer, not \(serverText(expected)); \(nothing).",
                exitStatus: .failure)
        case .missingIssuer(let expected):
            CommandFailure(
                "The browser came back without naming its issuer, which \(serverText(expected)) always does (RFC 9207), so the answer may come from another server; \(nothing).",
                exitStatus: .failure)
        case .timedOut:
            failure(for: OnboardingError.browserSignInTimedOut, server: server)
        case .cancelled:
            failure(for: OnboardingError.cancelled, server: server)
        case .listenerUnavailable(let errorNumber):
            CommandFailure(
                "Could not listen on 127.0.0.1 for the browser's return (\(String(cString: strerror(errorNumber)))); `\(server.loginCommand) --device` signs in without it.",
                exitStatus: .failure)
        }
    }

    /// Why the API's authorization server could not be used (RFC 9728, RFC 8414).
    static func failure(for error: AuthorizationServerMetadataError, server: ServerWording) -> CommandFailure {
        switch error {
        case .issuerMismatch(let expected, let received):
            CommandFailure(
                "The authorization server of \(server.name) describes itself as \(metadataURLText(received)), not \(metadataURLText(expected)) where its metadata was looked up (RFC 8414); nothing was sent to it.",
                exitStatus: .malformedData)
        case .untrustedEndpoint(let endpoint):
            CommandFailure(
                "The authorization server of \(server.name) is at, or names, \(metadataURLText(endpoint)), which is neither TLS nor this machine; nothing was sent to it.",
                exitStatus: .malformedData)
        case .resourceMismatch(let expected, let received):
            CommandFailure(
                "\(server.name) publishes protected-resource metadata for \(metadataURLText(received)), not \(metadataURLText(expected)) (RFC 9728); it was not used, and nothing was sent.",
                exitStatus: .malformedData)
        case .noMetadata(let issuer):
            CommandFailure(
                "\(server.name) trusts the authorization server \(metadataURLText(issuer)), which publishes no metadata where RFC 8414 and OpenID Connect put it; nothing was sent to it.",
                exitStatus: .malformedData)
        case .request(.malformedResponse(let problem)):
            // A metadata document, not the token endpoint, sent it: say so.
            CommandFailure(
                "The authorization server metadata of \(server.name) is unusable: \(describe(problem)); nothing was sent to it.",
                exitStatus: .malformedData)
        case .request(let cause):
            failure(for: cause, server: server, duringRefresh: false)
        }
    }

    /// The failure classes both feature domains share, with the error below them.
    private enum SharedFailure {
        case unavailable(Duration?, any Error)
        case unreachable(any Error)
        case malformed(any Error)
        case credentialsUnavailable(any Error)
        case unexpected(any Error)
    }

    /// The cause's own sentence when this module knows its type, else the class's.
    private static func failure(for shared: SharedFailure, server: ServerWording) -> CommandFailure {
        switch shared {
        case .unavailable(let retryAfter, let cause):
            detailed(cause, server: server, fallback: unavailable(server, status: nil, retryAfter: retryAfter))
        case .unreachable(let cause): detailed(cause, server: server, fallback: unreachable(server, .other))
        case .malformed(let cause): detailed(cause, server: server, fallback: malformed(server))
        case .credentialsUnavailable(let cause):
            detailed(
                cause, server: server,
                fallback: CommandFailure("The credentials store cannot be used.", exitStatus: .ioError))
        case .unexpected(let cause): detailed(cause, server: server, fallback: unexpected(server))
        }
    }

    // MARK: Lower-layer errors

    static func failure(for error: APIFailure, server: ServerWording) -> CommandFailure {
        switch error {
        case .unreachable(let failure): unreachable(server, failure)
        case .unavailable(let status, let retryAfter):
            unavailable(server, status: status, retryAfter: retryAfter?.delay)
        case .forbidden: forbidden(server)
        case .notFound:
            CommandFailure(
                "\(server.name) has no such endpoint (HTTP 404). Check the server URL.", exitStatus: .failure)
        case .unexpectedStatus(let status):
            CommandFailure(
                "\(server.name) answered HTTP \(status), which this command does not expect.", exitStatus: .failure)
        case .notSignedIn: notSignedIn(server)
        case .sessionExpired: sessionExpired(server)
        case .credentialsUnavailable: CommandFailure("The credentials store cannot be used.", exitStatus: .ioError)
        case .responseTooLarge(let tooLarge): self.tooLarge(server, tooLarge)
        case .malformedResponse: malformed(server)
        case .insecureTransport(let origin): insecure(origin)
        case .other: unexpected(server)
        }
    }

    static func failure(for error: AuthorizationError, server: ServerWording) -> CommandFailure {
        switch error {
        case .notSignedIn: notSignedIn(server)
        case .sessionExpired: sessionExpired(server)
        case .sessionEndedDuringRefresh:
            CommandFailure(
                "The session on \(server.name) was ended by another command while this one renewed it; the renewed tokens were revoked. Run `\(server.loginCommand)` to sign in again.",
                exitStatus: .signInRequired)
        case .originMismatch(let expected, let actual):
            CommandFailure(
                "Refusing to send the session for \(expected) to \(actual): a session only goes to the server that issued it.",
                exitStatus: .failure)
        case .refreshFailed(let error): failure(for: error, server: server, duringRefresh: true)
        case .excessiveRefresh(let count, let window):
            CommandFailure(
                "\(server.name) rejected freshly renewed sessions \(count) times within \(spoken(window)); stopped renewing. Sign in again with `\(server.loginCommand)` if this persists.",
                exitStatus: .failure)
        }
    }

    static func failure(for error: TokenEndpointError, server: ServerWording, duringRefresh: Bool) -> CommandFailure {
        let unchanged = duringRefresh ? " The stored session is unchanged." : " Nothing was stored."
        switch error {
        case .invalidGrant:
            return duringRefresh ? sessionExpired(server) : wrongCredentials(server)
        case .throttled(let retryAfter):
            return throttled(server, retryAfter: retryAfter.delay)
        case .misconfigured(let code, let description):
            // The server's own full stop would end up inside the parentheses, before this sentence's.
            let detail = [code, description].compactMap { $0.map(serverText) }.joined(separator: ": ")
                .trimmingCharacters(in: CharacterSet(charactersIn: ". "))
            return CommandFailure(
                sentence("\(server.name) rejected the token request as misconfigured (\(detail)).\(unchanged)"),
                exitStatus: .failure)
        case .unreachable(let failure):
            guard duringRefresh else { return unreachable(server, failure) }
            guard failure != .invalidHTTP else {
                return CommandFailure(
                    "\(server.name) answered the session renewal with something that is not valid HTTP.\(unchanged)",
                    exitStatus: .malformedData)
            }
            return CommandFailure(
                "Could not renew the session with \(server.name): \(describe(failure)).\(unchanged) Try again later.",
                exitStatus: .unreachable)
        case .unavailable(let status, let retryAfter):
            let action = duringRefresh ? "renew the session" : "sign in"
            return CommandFailure(
                "\(server.name) could not \(action) right now (HTTP \(status)).\(unchanged) \(retryAdvice(retryAfter?.delay))",
                exitStatus: .unreachable)
        case .malformedResponse(let problem):
            return CommandFailure(
                "\(server.name)'s token endpoint sent an unusable answer: \(describe(problem)).\(unchanged)",
                exitStatus: .malformedData)
        case .insecureTransport(let origin):
            return insecure(origin)
        case .notPublished(let endpoint):
            let name =
                switch endpoint {
                case .deviceAuthorization: "device authorization"
                case .revocation: "revocation"
                case .pushedAuthorizationRequest: "pushed authorization request"
                }
            return CommandFailure(
                "The authorization server of \(server.name) publishes no \(name) endpoint.\(unchanged)",
                exitStatus: .failure)
        }
    }

    static func failure(for error: CredentialsStoreError) -> CommandFailure {
        if case .keyring(let path, let failure) = error { return keyringFailure(failure, path: path) }
        let message =
            switch error {
            case .keyring:
                "The OS keyring failed."
            case .sealedValueRejected(let path, let column):
                "A sealed value (\(column)) in the credentials file \(path) does not open with the file's key for its row: it was altered or moved. It was left as it is: move the file aside and sign in again."
            case .corrupt(let path):
                "The credentials file \(path) is damaged. It was left as it is: move it aside and sign in again."
            case .unsupportedVersion(let path, let found, let supported):
                "The credentials file \(path) has schema version \(found), newer than this version understands (\(supported)). Update stories-cli, or use another --credentials-db."
            case .locked(let path):
                "The credentials file \(path) is locked by another process. Try again in a moment."
            case .lockTimedOut(let path):
                "Another stories-cli process has been renewing the session for too long (lock file \(path)). Try again in a moment."
            case .readOnly(let path):
                "The credentials file \(path) cannot be written. Check the permissions of the file and its directory."
            case .insecurePermissions(let path, let mode):
                "The credentials file \(path) has mode \(mode) and could not be restricted to 0600. Fix its permissions."
            case .foreignDatabase(let path, let applicationID) where applicationID == 0:
                "The file \(path) is an SQLite database that stories-cli did not create, so it was left untouched; choose another --credentials-db."
            case .foreignDatabase(let path, let applicationID):
                "The file \(path) belongs to another application (application id 0x\(String(UInt32(bitPattern: applicationID), radix: 16))), so it was left untouched; choose another --credentials-db."
            case .interruptedForeignWrite(let path):
                "The file \(path) is an SQLite database that stories-cli did not create, left in the middle of a write by the program that did (\(path)-journal); it was left untouched: choose another --credentials-db."
            case .diskFull(let path):
                "The disk holding the credentials file \(path) is full, so the session was left as it was; free some space and try again."
            case .insecureDirectory(let path, let mode):
                "The credentials directory \(path) has mode \(mode) and is shared with other users or could not be restricted to 0700; choose a directory of your own with --credentials-db."
            case .ownedByAnotherUser(let path, let owner):
                "The credentials path \(path) belongs to another user (uid \(owner)); choose a path of your own with --credentials-db."
            case .notARegularFile(let path):
                "The credentials path \(path) is a symbolic link, a directory or a device rather than a file; choose another --credentials-db."
            case .fileSystemError(let path, let errorNumber):
                "The credentials file \(path) cannot be used (\(String(cString: strerror(errorNumber))))."
            case .databaseError(let path, let resultCode) where resultCode & 0xFF == 10:
                "The credentials file \(path) cannot be read or written (an input/output error)."
            case .databaseError(let path, let resultCode):
                "The credentials file \(path) cannot be used (SQLite result code \(resultCode))."
            }
        return CommandFailure(message, exitStatus: .ioError)
    }

    /// The keyring that holds an existing sealed file's data key failed. A key the keyring does not have means the
    /// file was sealed by another keyring (copied from another machine or home, or the keyring was reset): its
    /// sessions need a new sign-in (77), the file is not damaged. Any other failure is a keyring this session cannot
    /// reach now (78), typically an SSH session or a tmux started outside the desktop, with no D-Bus session bus:
    /// every command needs the key, a sign-in too (it reads the sessions it replaces), so `login --insecure-storage`
    /// is no way out for this file; the ways out are named instead.
    static func keyringFailure(_ failure: KeyringError, path: String) -> CommandFailure {
        let situation: String
        let remedy: String
        switch failure {
        case .keyMissing, .malformedKey:
            return CommandFailure(
                "The sessions in \(path) are sealed by a keyring that is not available: sign in again with `stories-cli login`.",
                exitStatus: .signInRequired)
        case .unavailable(let reason):
            let detail = reason.isEmpty ? "" : " (\(TerminalText.sanitize(reason)))"
            situation = "no Secret Service on a D-Bus session bus\(detail)"
            remedy =
                "Run the command inside the desktop session, or set DBUS_SESSION_BUS_ADDRESS to that session's bus."
        case .locked(let collection):
            situation = "its collection \(TerminalText.sanitize(collection)) is locked"
            remedy = "Unlock it (for example by signing in to the desktop)."
        case .timedOut(let deadline):
            situation = "it did not answer within \(spoken(deadline))"
            remedy = "Check that its Secret Service is running and not waiting on a prompt."
        case .denied:
            situation = "it refused access to the file's key"
            remedy = "Allow stories-cli in the keyring."
        case .failed(let domain, let code):
            situation = "it failed (\(TerminalText.sanitize(domain)) \(code))"
            remedy = "Check the keyring."
        }
        return CommandFailure(
            "The credentials file \(path) is sealed with a key kept in the OS keyring, which this session cannot reach: \(situation). \(remedy) Otherwise use another file with --credentials-db (`stories-cli login --insecure-storage --credentials-db FILE` keeps its tokens in the file itself); or, once the keyring is back, `stories-cli storage unseal` keeps this file's tokens in the file itself; or start over: `stories-cli logout --all` deletes this file's sessions without revoking them, then `stories-cli login --insecure-storage`.",
            exitStatus: .keyringUnavailable)
    }

    /// `logout` deleted `count` sessions of a sealed file without revoking them: the keyring that holds the file's
    /// key cannot be reached from this session (`failure`), so their tokens could not be read to revoke.
    static func signedOutWithoutRevoking(_ failure: KeyringError, count: Int) -> CommandFailure {
        let reason =
            switch failure {
            case .unavailable: "this session cannot reach the OS keyring that holds the credentials file's key"
            case .locked: "the OS keyring that holds the credentials file's key is locked"
            default: "the OS keyring that holds the credentials file's key cannot be used now"
            }
        let sessions = count == 1 ? "its tokens stay" : "their tokens stay"
        return CommandFailure(
            "Signed out here, but not revoked: \(reason), so \(sessions) valid at the server until they expire.",
            exitStatus: .keyringUnavailable)
    }

    /// No keyring can seal the credentials file a sign-in is about to create: say what to do about the keyring, or
    /// how to choose plain storage for the new file.
    static func keyringFailure(forNewFile failure: KeyringNeededForNewFile) -> CommandFailure {
        let plainChoice =
            "or sign in with `stories-cli login --insecure-storage` (or STORIES_CREDENTIALS_STORAGE=plain) to keep a new credentials file's tokens in the file itself (0600)."
        let message =
            switch failure.failure {
            case .unavailable(let reason):
                "No OS keyring is available to seal the credentials\(reason.isEmpty ? "" : " (\(TerminalText.sanitize(reason)))"): start a Secret Service (such as gnome-keyring) in a D-Bus session, \(plainChoice)"
            case .locked(let collection):
                "The OS keyring's collection \(TerminalText.sanitize(collection)) is locked: unlock it (for example by signing in to the desktop), \(plainChoice)"
            case .timedOut(let deadline):
                "The OS keyring did not answer within \(spoken(deadline)): check that its Secret Service is running and not waiting on a prompt, \(plainChoice)"
            case .denied:
                "The OS keyring refused access to the credentials key: allow stories-cli in the keyring, \(plainChoice)"
            case .failed(let domain, let code):
                "The OS keyring failed (\(TerminalText.sanitize(domain)) \(code)): check it, \(plainChoice)"
            case .keyMissing, .malformedKey:
                "The OS keyring cannot keep a key for the new credentials file \(failure.path): check it, \(plainChoice)"
            }
        return CommandFailure(message, exitStatus: .keyringUnavailable)
    }

    /// The server URL answers 404 for the API, which answers under its `/v1`: a usage error (the URL given is
    /// wrong), with the URL to give.
    static func apiNotFound(_ error: APINotFoundAtServerURL) -> CommandFailure {
        let given = TerminalText.sanitize(error.serverURL.absoluteString)
        let api = TerminalText.sanitize(error.apiURL.absoluteString)
        return .usage(
            "\(given) answers 404 (no such endpoint) for the API, which is at \(api), so nothing was signed in: give --server-url \(ShellWord.quoted(api))."
        )
    }

    /// The failure of the page a text listing stopped at, and the command that resumes there.
    static func cutOff(_ cutOff: ListingCutOff, server: ServerWording) -> CommandFailure {
        let failure = failure(for: cutOff.failure, server: server)
        return CommandFailure(
            "\(failure.message) `\(cutOff.resumeCommand)` resumes from the page that failed.",
            exitStatus: failure.exitStatus)
    }

    /// The server refused the page a `--cursor` named: the cursor is not one it issued (a typo, another server's, or
    /// one it no longer honours). A usage error: the command line asked for something that cannot be listed.
    static func cursorRejected(cursor: String, reason: String) -> CommandFailure {
        CommandFailure(
            "The server did not accept --cursor \(ShellWord.quoted(TerminalText.sanitize(cursor))) (\(serverText(reason))): pass a nextCursor that `stories-cli list --json` printed for this server, or leave --cursor out to start from the first page.",
            exitStatus: .usage)
    }

    // MARK: Shared sentences

    static func notSignedIn(_ server: ServerWording) -> CommandFailure {
        CommandFailure(
            "Not signed in to \(server.name). Run `\(server.loginCommand)` first.\(server.choiceHint)",
            exitStatus: .signInRequired)
    }

    static func sessionExpired(_ server: ServerWording) -> CommandFailure {
        CommandFailure(
            "Your session for \(server.name) has expired. Run `\(server.loginCommand)` to sign in again.",
            exitStatus: .signInRequired)
    }

    static func wrongCredentials(_ server: ServerWording) -> CommandFailure {
        CommandFailure(
            "\(server.name) did not accept that username and password. Nothing was stored.", exitStatus: .signInRequired
        )
    }

    static func throttled(_ server: ServerWording, retryAfter: Duration) -> CommandFailure {
        CommandFailure(
            "\(server.name) held this sign-in back after too many failed attempts and did not check the password. Nothing was stored. \(retryAdvice(retryAfter))",
            exitStatus: .unreachable)
    }

    static func forbidden(_ server: ServerWording) -> CommandFailure {
        CommandFailure(
            "\(server.name) refused access (HTTP 403, or a 401 for insufficient scope): this account is not allowed to do that.",
            exitStatus: .signInRequired)
    }

    static func unreachable(_ server: ServerWording, _ failure: NetworkFailure) -> CommandFailure {
        let message =
            switch failure {
            case .timedOut(let deadline?):
                "\(server.name) did not answer in full within \(spoken(deadline)). Try again later."
            case .connectionLost:
                "The connection to \(server.name) closed before the answer was complete. Try again later."
            case .invalidHTTP:
                "\(server.name) answered with something that is not valid HTTP, so the answer was abandoned."
            case .proxyAuthenticationRequired, .proxyRefused:
                // The proxy answered, not the server: the fix is the proxy setting, not the server.
                "Could not reach \(server.name) through the proxy: \(describe(failure)). Check HTTPS_PROXY (or ALL_PROXY, with user:password@ if it needs them) and NO_PROXY."
            default:
                "Could not reach \(server.name): \(describe(failure)). \(server.reachHint)\(server.choiceHint)"
            }
        // The server did answer: what it sent is unusable, as with a body that does not match the API.
        return CommandFailure(message, exitStatus: failure == .invalidHTTP ? .malformedData : .unreachable)
    }

    static func unavailable(_ server: ServerWording, status: Int?, retryAfter: Duration?) -> CommandFailure {
        let status = status.map { " (HTTP \($0))" } ?? ""
        return CommandFailure(
            "\(server.name) is unavailable right now\(status). \(retryAdvice(retryAfter))", exitStatus: .unreachable)
    }

    static func malformed(_ server: ServerWording) -> CommandFailure {
        CommandFailure("\(server.name) sent data that does not match the API.", exitStatus: .malformedData)
    }

    static func tooLarge(_ server: ServerWording, _ error: ResponseTooLarge) -> CommandFailure {
        CommandFailure(
            "\(server.name) sent a response larger than the \(bytes(error.limit)) limit, so it was abandoned.",
            exitStatus: .malformedData)
    }

    static func insecure(_ origin: String) -> CommandFailure {
        CommandFailure(
            "Refusing to send credentials to \(origin) without TLS: use https, or http only to this machine (127.0.0.1, [::1] or localhost).",
            exitStatus: .usage)
    }

    static func unexpected(_ server: ServerWording) -> CommandFailure {
        CommandFailure("The request to \(server.name) failed unexpectedly.", exitStatus: .failure)
    }

    // MARK: Words

    static func describe(_ failure: NetworkFailure) -> String {
        switch failure {
        case .connectionRefused: "the connection was refused"
        case .hostNotFound: "the host name does not resolve"
        case .timedOut(let deadline?): "no complete answer within \(spoken(deadline))"
        case .timedOut(nil): "the connection timed out"
        case .connectionLost: "the connection closed before the answer was complete"
        case .secureConnectionFailed: "the secure (TLS) connection failed"
        case .invalidHTTP: "the answer was not valid HTTP"
        case .proxyAuthenticationRequired:
            "the proxy asked for credentials it was not given, or refused them (HTTP 407)"
        case .proxyRefused: "the proxy would not open a connection to it"
        case .other: "the connection failed"
        }
    }

    static func describe(_ problem: TokenResponseProblem) -> String {
        switch problem {
        case .notJSON: "the body is not the JSON the API describes"
        case .notBearer: "the token type is not Bearer"
        case .invalidAccessToken: "the access token is empty or has characters a bearer token cannot have"
        case .emptyRefreshToken: "the refresh token is empty"
        case .invalidDeviceAuthorization:
            "the device authorization lacks a code, an absolute verification URI or a lifetime"
        case .invalidPushedAuthorization:
            "the pushed authorization request's answer lacks a usable request_uri or a lifetime"
        case .tooLarge(let limit): "the body is larger than the \(bytes(limit)) limit"
        case .unexpectedStatus(let status): "HTTP \(status), which a token endpoint does not answer"
        case .unusableAccountName:
            "it names the account with an empty name, control or bidirectional characters, or more than \(CurrentUserAccountIdentifier.maximumAccountNameLength) code points"
        }
    }

    static func retryAdvice(_ retryAfter: Duration?) -> String {
        guard let retryAfter, retryAfter > .zero else { return "Try again later." }
        return "The server asks to retry in \(spoken(retryAfter))."
    }

    /// "45 seconds", "3 minutes", "2 hours".
    static func spoken(_ duration: Duration) -> String {
        let seconds = max(1, Int(duration.components.seconds) + (duration.components.attoseconds > 0 ? 1 : 0))
        func count(_ value: Int, _ unit: String) -> String { "\(value) \(unit)\(value == 1 ? "" : "s")" }
        if seconds < 120 { return count(seconds, "second") }
        if seconds < 2 * 3600 { return count((seconds + 59) / 60, "minute") }
        return count((seconds + 3599) / 3600, "hour")
    }

    /// "1 MiB", "256 KiB", "900 bytes".
    static func bytes(_ count: Int) -> String {
        if count >= 1 << 20, count % (1 << 20) == 0 { return "\(count >> 20) MiB" }
        if count >= 1 << 10, count % (1 << 10) == 0 { return "\(count >> 10) KiB" }
        return "\(count) bytes"
    }

    /// Text a server sent, made safe to show: no token-shaped values it may have echoed, no terminal controls.
    static func serverText(_ text: String) -> String {
        TerminalText.sanitize(Redaction.sanitize(text, maxLength: 200))
    }

    /// A URL from metadata that discovery read before any token was sent (an issuer, a resource, an endpoint):
    /// nothing of ours can be in it, and token-shaped redaction would hide the very path a person must compare
    /// (`…/realms/v1`), so it is only freed of terminal controls and bounded.
    static func metadataURLText(_ text: String) -> String {
        let shown = TerminalText.sanitize(text)
        return shown.count > 200 ? String(shown.prefix(200)) + "…" : shown
    }

    /// Ends `text` with exactly one full stop, whatever punctuation server text brought along.
    static func sentence(_ text: String) -> String {
        var text = text.trimmingCharacters(in: .whitespaces)
        while let last = text.last, ".!?".contains(last) || last == " " { text.removeLast() }
        return text + "."
    }
}

/// How messages name a server, and what to suggest when it cannot be reached.
struct ServerWording {
    var name: String
    var loginCommand: String
    var reachHint: String
    /// How to choose a server, when nobody chose this one (a fresh install); empty otherwise.
    var choiceHint = ""

    init(_ server: ResolvedServer) {
        name = server.displayName
        loginCommand = server.loginCommand
        if server.isBuiltInDefault {
            choiceHint =
                " No server was chosen, so this is the built-in default: `stories-cli use local` points every command at a stories-server on this machine, and --server or --server-url chooses one for a command."
        }
        reachHint =
            server.name == .local
            ? "Start the reference server with `stories-server` (or `swift run stories-server`) and try again."
            : "Check your connection and the server URL, then try again."
    }

    private init(name: String, loginCommand: String, reachHint: String) {
        self.name = name
        self.loginCommand = loginCommand
        self.reachHint = reachHint
    }

    /// Before a server was chosen (option parsing failed).
    static let unknown = ServerWording(
        name: "the server", loginCommand: "stories-cli login", reachHint: "Check the server URL, then try again.")
}
