import Foundation
import OnboardingDomain
import OnboardingPresentation
import StoriesDomain
import StoriesPresentation
import Testing

@testable import StoriesCLIKit

/// A feature's own outcomes are worded once, in its Presentation: the terminal says the same sentence, naming the
/// server as it does, and adds only its next command.
@Suite("The terminal words a feature's own outcomes with the feature's words")
struct FeatureWordingTests {
    static let server = ServerWording(FailureMessagesTests.local)

    @Test(
        "Each onboarding outcome the CLI reports starts with OnboardingMessages' sentence for it",
        arguments: [
            OnboardingError.usernameTaken, .unknownAccount("carol"), .deviceSignInDenied, .deviceSignInExpired,
            .browserSignInDenied, .browserSignInUnsupported, .cancelled,
            .browserSignInRefused(code: "access_denied", description: "no"), .invalidInput("Too short."),
        ])
    func onboardingOutcomes(error: OnboardingError) throws {
        let outcome = try #require(OnboardingMessages.outcome(of: error, server: Self.server.name))
        let message = FailureMessages.failure(for: error, server: FailureMessagesTests.local).message
        #expect(message.hasPrefix(outcome), "\(message)")
    }

    @Test(
        "Each story-list outcome the CLI reports is StoryListFailure's sentence for it",
        arguments: [
            StoryServiceError.notFound(id: "9"), .rejected(reason: "closed"), .endlessListing(.repeatedCursor),
            .endlessListing(.pageLimitReached(pages: 20)),
        ])
    func storyOutcomes(error: StoryServiceError) throws {
        let outcome = try #require(StoryListFailure.outcome(of: error, server: Self.server.name))
        let message = FailureMessages.failure(for: error, server: FailureMessagesTests.local).message
        #expect(message == outcome + ".")
    }

    /// The whole sentences, pinned: the checks above hold whatever the feature says, so a change of wording must show
    /// here.
    @Test(
        "The terminal's sentence for each feature outcome, word for word",
        arguments: [
            (
                OnboardingError.usernameTaken as any Error,
                "That username is already taken on local (http://127.0.0.1:8080/v1). Choose another one."
            ),
            (
                OnboardingError.deviceSignInExpired,
                "The code expired before the sign-in to local (http://127.0.0.1:8080/v1) was approved; run `stories-cli login --server local --device` again for a new one."
            ),
            (
                OnboardingError.cancelled,
                "The sign-in to local (http://127.0.0.1:8080/v1) was cancelled; nothing was stored."
            ),
            (StoryServiceError.notFound(id: "9"), "No story has id 9 on local (http://127.0.0.1:8080/v1)."),
            (
                StoryServiceError.endlessListing(.pageLimitReached(pages: 20)),
                "local (http://127.0.0.1:8080/v1) was still returning pages after 20, the most a listing follows; stopped there."
            ),
        ] as [(any Error, String)])
    func exactSentences(error: any Error, sentence: String) {
        #expect(FailureMessages.failure(for: error, server: FailureMessagesTests.local).message == sentence)
    }

    @Test(
        "Failures below the features have no feature sentence: the terminal words their cause",
        arguments: [OnboardingError.notSignedIn, .sessionExpired, .wrongCredentials, .browserSignInTimedOut])
    func causesBelowTheFeature(error: OnboardingError) {
        #expect(OnboardingMessages.outcome(of: error, server: Self.server.name) == nil)
    }
}
