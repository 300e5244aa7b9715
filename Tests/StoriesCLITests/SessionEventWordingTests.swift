import Authorization
import StoriesCLITestSupport
import Testing

@testable import StoriesCLIKit

/// The `--verbose` lines about the session are sentences a person reads, never a dump of a Swift value.
@Suite("Session events in the verbose log")
struct SessionEventWordingTests {
    @Test(
        "Each session event is a sentence",
        arguments: [
            (AuthEvent.refreshed(account: "demo", generation: 2), "session: renewed demo's access token."),
            (
                .adoptedRefreshFromAnotherProcess(generation: 3),
                "session: using the access token another stories-cli process renewed."
            ),
            (
                .refreshRetriedAfterLostAnswer,
                "session: the answer to the renewal was lost; asking once more with the same refresh token."
            ),
            (.refreshFailed(reason: .sessionRejected), "session: the server ended the session; sign in again."),
            (.refreshFailed(reason: .transient), "session: the renewal failed for now; the session is unchanged."),
            (
                .refreshFailed(reason: .misconfigured),
                "session: the authorization server refused the renewal as misconfigured; the session is unchanged."
            ),
            (
                .refreshFailed(reason: .storeUnavailable),
                "session: the credentials file cannot be written, so the session was not renewed."
            ),
            (
                .refreshFailed(reason: .tooManyRefreshes),
                "session: renewing stopped: the server keeps rejecting tokens it has just issued."
            ),
            (
                .refreshFailed(reason: .sessionEnded),
                "session: signed in or out elsewhere during the renewal; its tokens were revoked."
            ),
            (.signedOut(reason: .sessionRejected), "session: ended by the server."),
            (.signedOut(reason: .userRequested), "session: signed out."),
        ])
    func sentence(event: AuthEvent, line: String) {
        #expect(SessionEventWording.line(for: event) == line)
        #expect(!line.contains("("))
    }

    @Test(
        "STORIES_DEBUG=1 turns the verbose log on as --verbose does; other values do not",
        arguments: [("1", true), ("true", true), ("yes", true), ("0", false), ("", false), ("no", false)])
    func debugEnvironment(value: String, enabled: Bool) throws {
        let context = try CommandContext.resolve(
            try ConnectionOptions.parse(["--server", "local", "--credentials-db", "/nonexistent/c.sqlite"]),
            environment: ["STORIES_DEBUG": value],
            output: CapturedOutput(), input: .piped([]), now: { .init() })
        #expect((context.logger.logLevel == .info) == enabled)
    }
}
