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

    @Test(
        "Failures below the features have no feature sentence: the terminal words their cause",
        arguments: [OnboardingError.notSignedIn, .sessionExpired, .wrongCredentials, .browserSignInTimedOut])
    func causesBelowTheFeature(error: OnboardingError) {
        #expect(OnboardingMessages.outcome(of: error, server: Self.server.name) == nil)
    }
}
