import Foundation
import OnboardingDomain

/// The stable `whoami --json` shape.
enum WhoamiJSON {
    static func encode(user: UserAccount, session: SessionSummary, server: ResolvedServer, now: Date) throws -> String {
        struct Object: Encodable {
            var username: String
            var displayName: String?
            var server: String
            var accessTokenFresh: Bool
            var accessTokenExpiresAt: Date?
            var refreshedAt: Date

            enum CodingKeys: String, CodingKey {
                case username, displayName, server, accessTokenFresh, accessTokenExpiresAt, refreshedAt
            }

            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(username, forKey: .username)
                try container.encode(displayName, forKey: .displayName)
                try container.encode(server, forKey: .server)
                try container.encode(accessTokenFresh, forKey: .accessTokenFresh)
                try container.encode(accessTokenExpiresAt, forKey: .accessTokenExpiresAt)
                try container.encode(refreshedAt, forKey: .refreshedAt)
            }
        }
        return try StoryJSON.encode(
            Object(
                username: user.username,
                displayName: user.displayName,
                server: server.url.absoluteString,
                accessTokenFresh: session.isAccessTokenFresh(at: now),
                accessTokenExpiresAt: session.accessTokenExpiresAt,
                refreshedAt: session.refreshedAt
            )
        )
    }
}
