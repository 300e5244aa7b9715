import Foundation
import OnboardingDomain
import StoriesCLITestSupport
import Testing

@testable import StoriesCLIKit

@Suite("Shell words in suggested commands")
struct ShellWordTests {
    @Test(
        "A value a shell would split, expand or run is single-quoted; a plain one is left as it is",
        arguments: [
            ("demo", "demo"), ("alice@example.com", "alice@example.com"),
            ("http://127.0.0.1:8080/v1", "http://127.0.0.1:8080/v1"), ("", "''"), ("two words", "'two words'"),
            ("x $(touch /tmp/pwned)", "'x $(touch /tmp/pwned)'"), ("`id`", "'`id`'"), ("a;b", "'a;b'"),
            ("o'brien", #"'o'\''brien'"#), ("~root", "'~root'"), ("*", "'*'"), ("zoë", "'zoë'"), ("=ls", "'=ls'"),
            ("a=b", "a=b"),
        ])
    func quotes(value: String, word: String) {
        #expect(ShellWord.quoted(value) == word)
    }
}

@Suite("Suggested commands with names the server chose")
struct SuggestedCommandQuotingTests {
    @Test("The account a sign-in left signed in is suggested as one shell word, whatever the server named it")
    func previousAccountIsQuoted() throws {
        let output = CapturedOutput()
        var context = ListCommandTests.context(output)
        context.server = ResolvedServer(name: nil, url: URL(string: "http://127.0.0.1:8080/v1")!)
        let result = SignInResult(
            session: SessionSummary(
                account: "bob", server: "http://127.0.0.1:8080/v1", refreshedAt: Date(), accessTokenExpiresAt: nil,
                isSignInRequired: false),
            previouslyActiveAccount: "x $(touch /tmp/pwned)")
        try SessionReplacementNote.write(for: result, context: context)
        #expect(
            output.error.contains(
                "switch back with `stories-cli switch --server-url http://127.0.0.1:8080/v1 --account='x $(touch /tmp/pwned)'`"
            ))
    }
}
