import APIClient
import APIClientLive
import Authorization
import DomainFailure
import Foundation
import OnboardingDomain
import StoriesDomain
import Testing

@testable import StoriesCLIKit

/// Every failure a command can meet becomes one sentence and a documented exit code.
@Suite("Failure messages and exit codes")
struct FailureMessagesTests {
    static let local = ResolvedServer(name: .local, url: URL(string: "http://127.0.0.1:8080/v1")!)

    static let table: [(error: any Error, code: CLIExitCode, phrase: String)] = [
        (StoryServiceError.notSignedIn, .signInRequired, "stories-cli login --server local"),
        (StoryServiceError.sessionExpired, .signInRequired, "stories-cli login --server local"),
        (StoryServiceError.forbidden, .signInRequired, "HTTP 403"),
        (
            OnboardingError.unknownAccount("carol"), .unknownAccount,
            "carol is not signed in to local (http://127.0.0.1:8080/v1)."
        ),
        (StoryServiceError.notFound(id: "9"), .failure, "No story has id 9"),
        (
            StoryServiceError.unreachable(FailureCause(NetworkFailure.connectionRefused)), .unreachable,
            "the connection was refused"
        ),
        (
            StoryServiceError.unreachable(FailureCause(NetworkFailure.timedOut(after: .seconds(30)))), .unreachable,
            "within 30 seconds"
        ),
        (
            StoryServiceError.unavailable(
                retryAfter: .seconds(120),
                cause: FailureCause(APIFailure.unavailable(status: 503, retryAfter: RetryAfter(delay: .seconds(120))))),
            .unreachable, "retry in 2 minutes"
        ),
        (
            StoryServiceError.unavailable(
                retryAfter: nil, cause: FailureCause(APIFailure.unavailable(status: 500, retryAfter: nil))),
            .unreachable, "unavailable right now (HTTP 500)"
        ),
        (
            StoryServiceError.malformedResponse(
                FailureCause(DecodingError.valueNotFound(Int.self, .init(codingPath: [], debugDescription: "")))),
            .malformedData, "does not match the API"
        ),
        (
            StoryServiceError.malformedResponse(
                FailureCause(ResponseTooLarge(operationID: "listStories", limit: 8 << 20))),
            .malformedData, "larger than the 8 MiB limit"
        ),
        (StoryServiceError.endlessListing(.repeatedCursor), .malformedData, "cursor it had returned before"),
        (StoryServiceError.endlessListing(.pageLimitReached(pages: 20)), .malformedData, "after 20"),
        (
            StoryServiceError.credentialsUnavailable(
                FailureCause(CredentialsStoreError.corrupt(path: "/tmp/c.sqlite"))),
            .ioError, "/tmp/c.sqlite is damaged"
        ),
        (CredentialsStoreError.diskFull(path: "/tmp/c.sqlite"), .ioError, "/tmp/c.sqlite is full"),
        (
            ProxyConfigurationError.notAProxyURL(variable: "HTTPS_PROXY"), .usage,
            "HTTPS_PROXY is not a proxy URL like http://proxy.example:3128."
        ),
        (
            ProxyConfigurationError.unsupportedScheme(variable: "ALL_PROXY", scheme: "ftp"), .usage,
            "ALL_PROXY uses ftp://; stories-cli supports http:// and socks5:// proxies."
        ),
        (
            CredentialsStoreError.foreignDatabase(path: "/tmp/c.sqlite", applicationID: 0), .ioError,
            "stories-cli did not create, so it was left untouched"
        ),
        (
            CredentialsStoreError.foreignDatabase(path: "/tmp/c.sqlite", applicationID: 0x0F10_5EED), .ioError,
            "application id 0xf105eed"
        ),
        (
            CredentialsStoreError.insecureDirectory(path: "/tmp", mode: "1777"), .ioError,
            "/tmp has mode 1777 and is shared"
        ),
        (
            CredentialsStoreError.ownedByAnotherUser(path: "/srv/c", owner: 65534), .ioError,
            "belongs to another user (uid 65534)"
        ),
        (CredentialsStoreError.notARegularFile(path: "/tmp/c.sqlite"), .ioError, "symbolic link, a directory"),
        (
            CredentialsStoreError.fileSystemError(path: "/tmp/c.sqlite.lock", errorNumber: EACCES), .ioError,
            "(Permission denied)"
        ),
        (CredentialsStoreError.databaseError(path: "/tmp/c.sqlite", resultCode: 266), .ioError, "input/output error"),
        (CredentialsStoreError.databaseError(path: "/tmp/c.sqlite", resultCode: 21), .ioError, "SQLite result code 21"),
        (
            CredentialsStoreError.keyring(path: "/tmp/c.sqlite", failure: .keyMissing(fileID: "f")), .signInRequired,
            "sealed by a keyring that is not available: sign in again"
        ),
        (
            CredentialsStoreError.keyring(path: "/tmp/c.sqlite", failure: .unavailable(reason: "no bus")),
            .keyringUnavailable, "is sealed with a key kept in the OS keyring, which this session cannot reach"
        ),
        (
            KeyringNeededForNewFile(path: "/tmp/c.sqlite", failure: .unavailable(reason: "no bus")),
            .keyringUnavailable, "--insecure-storage"
        ),
        (
            CredentialsStoreError.keyring(path: "/tmp/c.sqlite", failure: .locked(collection: "login")),
            .keyringUnavailable, "collection login is locked"
        ),
        (
            CredentialsStoreError.keyring(path: "/tmp/c.sqlite", failure: .timedOut(deadline: .seconds(5))),
            .keyringUnavailable, "did not answer within 5 seconds"
        ),
        (
            CredentialsStoreError.sealedValueRejected(path: "/tmp/c.sqlite", column: "accessToken"), .ioError,
            "altered or moved"
        ),
        (
            StoryServiceError.credentialsUnavailable(
                FailureCause(CredentialsStoreError.lockTimedOut(path: "/tmp/c.lock"))),
            .ioError, "renewing the session for too long"
        ),
        (
            AuthorizationError.sessionEndedDuringRefresh(origin: "https://api.example.com:443/v1"), .signInRequired,
            "ended by another command while this one renewed it"
        ),
        (AuthorizationError.excessiveRefresh(count: 5, window: .seconds(30)), .failure, "rejected freshly renewed"),
        (StoryServiceError.unexpected(FailureCause(APIFailure.notFound)), .failure, "no such endpoint (HTTP 404)"),
        (StoryServiceError.unexpected(FailureCause(APIFailure.unexpectedStatus(418))), .failure, "HTTP 418"),
        (StoryServiceError.rejected(reason: "bad cursor."), .failure, "refused the request: bad cursor"),
        (
            AuthorizationError.refreshFailed(.unavailable(status: 503, retryAfter: nil)), .unreachable,
            "could not renew the session right now (HTTP 503)"
        ),
        (
            AuthorizationError.refreshFailed(.unreachable(.connectionRefused)), .unreachable,
            "The stored session is unchanged"
        ),
        (
            AuthorizationError.refreshFailed(.malformedResponse(.tooLarge(limit: 1 << 20))), .malformedData,
            "larger than the 1 MiB limit"
        ),
        (AuthorizationError.refreshFailed(.invalidGrant(description: nil)), .signInRequired, "has expired"),
        (TokenEndpointError.invalidGrant(description: nil), .signInRequired, "did not accept that username"),
        (
            OnboardingError.signInThrottled(retryAfter: .seconds(120)), .unreachable,
            "held this sign-in back after too many failed attempts and did not check the password. Nothing was stored. The server asks to retry in 2 minutes."
        ),
        (
            TokenEndpointError.throttled(retryAfter: RetryAfter(delay: .seconds(30))), .unreachable,
            "did not check the password. Nothing was stored. The server asks to retry in 30 seconds."
        ),
        (TokenEndpointError.unavailable(status: 429, retryAfter: nil), .unreachable, "could not sign in right now"),
        (InsecureServerURL(origin: "http://example.test:80/v1"), .usage, "without TLS"),
        (OnboardingError.forbidden, .signInRequired, "HTTP 403"),
        (OnboardingError.invalidInput("username too short"), .usage, "username too short"),
        (
            OnboardingError.unreachable(FailureCause(TokenEndpointError.unreachable(.hostNotFound))), .unreachable,
            "does not resolve"
        ),
        (OnboardingError.deviceSignInDenied, .signInDenied, "was denied on the verification page"),
        (OnboardingError.deviceSignInExpired, .signInExpired, "--device` again for a new one"),
        (
            OnboardingError.deviceSignInForgotten, .signInExpired,
            "no longer knows this sign-in's code (it forgets the oldest when one address starts too many); run `stories-cli login --server local --device` again"
        ),
        (OnboardingError.browserSignInDenied, .signInDenied, "was denied in the browser; nothing was stored"),
        (OnboardingError.browserSignInTimedOut, .signInExpired, "did not come back within 5 minutes"),
        (
            OnboardingError.browserSignInForgotten, .signInExpired,
            "no longer knows this sign-in request (it forgets one that waits too long, and the oldest when one address starts too many); run `stories-cli login --server local` again."
        ),
        (OnboardingError.browserSignInUnsupported, .failure, "does not offer sign-in in a browser"),
        (
            OnboardingError.malformedResponse(
                FailureCause(
                    AuthorizationServerMetadataError.issuerMismatch(
                        expected: "http://127.0.0.1:8080", received: "https://evil.test"))), .malformedData,
            "describes itself as https://evil.test, not http://127.0.0.1:8080 where its metadata was looked up"
        ),
        (
            AuthorizationServerMetadataError.untrustedEndpoint("http://evil.test/authorize"), .malformedData,
            "names, http://evil.test/authorize, which is neither TLS nor this machine; nothing was sent to it"
        ),
        (
            AuthorizationServerMetadataError.resourceMismatch(
                expected: "http://127.0.0.1:8080/v1", received: "https://evil.test/v1"), .malformedData,
            "publishes protected-resource metadata for https://evil.test/v1, not http://127.0.0.1:8080/v1 (RFC 9728)"
        ),
        (
            AuthorizationServerMetadataError.request(.malformedResponse(.tooLarge(limit: 65536))), .malformedData,
            "The authorization server metadata of local (http://127.0.0.1:8080/v1) is unusable: "
        ),
        (
            OnboardingError.malformedResponse(
                FailureCause(AuthorizationServerMetadataError.request(.malformedResponse(.tooLarge(limit: 65536))))),
            .malformedData,
            "The authorization server metadata of local (http://127.0.0.1:8080/v1) is unusable: the body is larger than"
        ),
        (
            AuthorizationServerMetadataError.noMetadata(issuer: "https://login.example/v1"), .malformedData,
            "trusts the authorization server https://login.example/v1, which publishes no metadata"
        ),
        (
            StoryServiceError.unreachable(FailureCause(APIFailure.unreachable(.proxyAuthenticationRequired))),
            .unreachable,
            "Could not reach local (http://127.0.0.1:8080/v1) through the proxy: the proxy asked for credentials it was not given, or refused them (HTTP 407). Check HTTPS_PROXY"
        ),
        (
            OnboardingError.passwordSignInUnsupported, .failure,
            "does not accept a password here; `stories-cli login --server local` signs in in a browser, `stories-cli login --server local --device` with a code."
        ),
        (
            TokenEndpointError.misconfigured(code: "invalid_client", description: "Unknown client."), .failure,
            "rejected the token request as misconfigured (invalid_client: Unknown client). Nothing was stored."
        ),
        (
            OnboardingError.deviceSignInUnsupported, .failure,
            "does not offer sign-in with a code; `stories-cli login --server local` signs in in a browser"
        ),
        (
            TokenEndpointError.notPublished(.revocation), .failure,
            "The authorization server of local (http://127.0.0.1:8080/v1) publishes no revocation endpoint"
        ),
        (
            OnboardingError.browserSignInRefused(code: "invalid_grant", description: "code spent"), .signInRequired,
            "refused the sign-in (invalid_grant: code spent)"
        ),
        (
            OnboardingError.browserSignInRefused(code: "temporarily_unavailable", description: nil), .unreachable,
            "refused the sign-in (temporarily_unavailable)"
        ),
        (
            OnboardingError.browserSignInRedirectInvalid(FailureCause(AuthorizationRedirectError.stateMismatch)),
            .failure, "not the state this sign-in sent"
        ),
        (
            OnboardingError.browserSignInRedirectInvalid(
                FailureCause(
                    AuthorizationRedirectError.issuerMismatch(expected: "https://a.test", received: "https://b.test"))),
            .failure, "named https://b.test as the issuer, not https://a.test"
        ),
        (
            OnboardingError.browserSignInRedirectInvalid(
                FailureCause(AuthorizationRedirectError.missingIssuer(expected: "https://a.test"))),
            .failure, "without naming its issuer, which https://a.test always does (RFC 9207)"
        ),
        (
            OnboardingError.unexpected(FailureCause(AuthorizationRedirectError.listenerUnavailable(errno: 98))),
            .failure, "Could not listen on 127.0.0.1 for the browser's return"
        ),
        (
            TokenEndpointError.malformedResponse(.invalidDeviceAuthorization), .malformedData,
            "lacks a code, an absolute verification URI or a lifetime"
        ),
        (StandardOutputError.noSpace, .ioError, "Standard output is full"),
        (CommandFailure.usage("Bad option."), .usage, "Bad option"),
        (CancellationError(), .failure, "failed unexpectedly"),
    ]

    @Test("Each failure maps to its documented exit code and a message that says what happened", arguments: table)
    func maps(error: any Error, code: CLIExitCode, phrase: String) {
        let failure = FailureMessages.failure(for: error, server: Self.local)
        #expect(failure.exitStatus == code, "\(failure.message)")
        #expect(failure.message.contains(phrase), "\(failure.message)")
    }

    @Test("Every message is one line ending in exactly one full stop, with no library text", arguments: table)
    func isOneSentence(error: any Error, code: CLIExitCode, phrase: String) {
        let message = FailureMessages.failure(for: error, server: Self.local).message
        #expect(!message.contains("\n"))
        #expect(message.hasSuffix("."), "\(message)")
        #expect(!message.hasSuffix(".."), "\(message)")
        for fragment in ["errno", "<redacted>", "Optional(", "Error(", "NIO", "HTTPClientError"] {
            #expect(!message.contains(fragment), "\(message)")
        }
    }

    @Test("A Retry-After the server sent as inf, nan or 1e20 never traps", arguments: ["inf", "nan", "1e20", "-5"])
    func hostileRetryAfter(value: String) {
        let retryAfter = RetryAfter(headerValue: value, now: Date())
        let failure = FailureMessages.failure(
            for: AuthorizationError.refreshFailed(.unavailable(status: 503, retryAfter: retryAfter)), server: Self.local
        )
        #expect(failure.exitStatus == .unreachable)
        #expect(failure.message.contains("Try again later"))
    }
}

@Suite("Failure messages with server text")
struct ServerTextInFailureMessagesTests {
    @Test("A description the server sent is shown without control characters or the token it echoed")
    func sanitisesServerDescriptions() {
        let echoed = TokenEndpointError.misconfigured(
            code: "invalid_client", description: "token abcdefghijklmnopqrstuvwxyz0123456789 \u{1B}[31mrevoked")
        let message = FailureMessages.failure(for: echoed, server: FailureMessagesTests.local).message
        #expect(message.contains("invalid_client"))
        #expect(!message.contains("abcdefghijklmnopqrstuvwxyz0123456789"))
        #expect(!message.contains("\u{1B}"))
    }
}
