import Authorization
import Foundation
import Testing

@testable import CredentialsStore

/// Several accounts per origin, one of them active, with the same rules in both stores.
@Suite("Several accounts per server in the store")
struct AccountsTests {
    /// The two stores, so that the in-memory one an app's tests use cannot drift from the file the CLI uses.
    enum Kind: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case inMemory
        case sqlite

        var testDescription: String { rawValue }

        func make() throws -> any CredentialsStoring {
            switch self {
            case .inMemory: InMemoryCredentialsStore()
            case .sqlite: try SQLiteCredentialsStore(path: StoreFixture().path)
            }
        }
    }

    static let origin = try! ServerOrigin(URL(string: "https://api.example.com/v1")!)

    static func session(_ account: String, token: String? = nil) throws -> Credential {
        try StoreFixture.credential(account: account, access: "access-\(token ?? account)")
    }

    /// The accounts of `origin` as `name` or `name*` (active), in the store's order.
    static func accounts(in store: any CredentialsStoring) async throws -> [String] {
        try await store.allCredentials().filter { $0.credential.origin == origin }.map {
            $0.credential.account + ($0.isActive ? "*" : "")
        }
    }

    @Test("Each account keeps its own session; the one signed in last is active", arguments: Kind.allCases)
    func keepsEveryAccount(kind: Kind) async throws {
        let store = try kind.make()
        let alice = try await store.replace(with: try Self.session("alice"))
        let bob = try await store.replace(with: try Self.session("bob"))
        #expect(try await store.credential(for: Self.origin) == bob)
        #expect(try await store.credential(for: Self.origin, account: "alice") == alice)
        #expect(try await store.credential(for: Self.origin, account: "carol") == nil)
        #expect(try await Self.accounts(in: store) == ["alice", "bob*"])
        #expect(bob.generation > alice.generation)
    }

    @Test(
        "Signing in again as an account replaces only its session and makes it active", arguments: Kind.allCases)
    func signInAgainReplacesOnlyThatAccount(kind: Kind) async throws {
        let store = try kind.make()
        _ = try await store.replace(with: try Self.session("alice"))
        let bob = try await store.replace(with: try Self.session("bob"))
        let again = try await store.replace(with: try Self.session("alice", token: "alice-2"))
        #expect(try await store.credential(for: Self.origin) == again)
        #expect(try await store.credential(for: Self.origin, account: "bob") == bob)
        #expect(try await Self.accounts(in: store) == ["alice*", "bob"])
        #expect(again.generation > bob.generation)
    }

    @Test(
        "Saving compares and swaps on the account's own row and leaves the active account alone",
        arguments: Kind.allCases)
    func saveComparesPerAccount(kind: Kind) async throws {
        let store = try kind.make()
        let alice = try await store.replace(with: try Self.session("alice"))
        let bob = try await store.replace(with: try Self.session("bob"))
        var renewed = alice
        renewed.accessToken = Secret("access-alice-2")
        // Bob's generation is not Alice's: a write based on Bob's row never lands in Alice's.
        #expect(try await store.save(renewed, ifGenerationIs: bob.generation) == .conflict(current: alice))
        guard case .saved(let saved) = try await store.save(renewed, ifGenerationIs: alice.generation) else {
            Issue.record("expected the write to Alice's row to succeed")
            return
        }
        #expect(saved.accessToken == Secret("access-alice-2"))
        #expect(try await store.credential(for: Self.origin, account: "alice") == saved)
        #expect(try await store.credential(for: Self.origin) == bob)
        #expect(try await store.save(renewed, ifGenerationIs: alice.generation) == .conflict(current: saved))
    }

    @Test("The first session saved for a server becomes its active one", arguments: Kind.allCases)
    func firstSaveIsActive(kind: Kind) async throws {
        let store = try kind.make()
        guard case .saved(let alice) = try await store.save(try Self.session("alice"), ifGenerationIs: nil) else {
            Issue.record("expected saved")
            return
        }
        guard case .saved = try await store.save(try Self.session("bob"), ifGenerationIs: nil) else {
            Issue.record("expected saved")
            return
        }
        #expect(try await store.credential(for: Self.origin) == alice)
        #expect(try await Self.accounts(in: store) == ["alice*", "bob"])
    }

    @Test(
        "Activating an account makes it active with a generation above every other of its server",
        arguments: Kind.allCases)
    func activates(kind: Kind) async throws {
        let store = try kind.make()
        let alice = try await store.replace(with: try Self.session("alice"))
        let bob = try await store.replace(with: try Self.session("bob"))
        let activated = try #require(try await store.activate(account: "alice", for: Self.origin))
        #expect(activated.accessToken == alice.accessToken)
        #expect(activated.generation > bob.generation)
        #expect(try await store.credential(for: Self.origin) == activated)
        #expect(try await Self.accounts(in: store) == ["alice*", "bob"])
    }

    @Test("Activating the active account writes nothing", arguments: Kind.allCases)
    func activatingActiveAccountWritesNothing(kind: Kind) async throws {
        let store = try kind.make()
        _ = try await store.replace(with: try Self.session("alice"))
        let bob = try await store.replace(with: try Self.session("bob"))
        #expect(try await store.activate(account: "bob", for: Self.origin) == bob)
        #expect(try await store.credential(for: Self.origin) == bob)
    }

    @Test("Activating an account the server has no session for changes nothing", arguments: Kind.allCases)
    func activatingUnknownAccount(kind: Kind) async throws {
        let store = try kind.make()
        let alice = try await store.replace(with: try Self.session("alice"))
        #expect(try await store.activate(account: "carol", for: Self.origin) == nil)
        let other = try ServerOrigin(URL(string: "https://staging.example.com/v1")!)
        #expect(try await store.activate(account: "alice", for: other) == nil)
        #expect(try await store.credential(for: Self.origin) == alice)
        #expect(try await store.allCredentials().count == 1)
    }

    struct Removal: Sendable, CustomTestStringConvertible {
        var name: String
        /// Sign-ins in order, then accounts activated in order.
        var signIns: [String]
        var activations: [String]
        var removed: String
        var remaining: [String]
        var testDescription: String { name }
    }

    static let removals = [
        Removal(
            name: "an inactive account", signIns: ["alice", "bob", "carol"], activations: [], removed: "alice",
            remaining: ["bob", "carol*"]),
        Removal(
            name: "the active account: the one signed in before it takes over", signIns: ["alice", "bob", "carol"],
            activations: [], removed: "carol", remaining: ["alice", "bob*"]),
        Removal(
            name: "the active account: the one active before it takes over", signIns: ["alice", "bob", "carol"],
            activations: ["alice", "bob"], removed: "bob", remaining: ["alice*", "carol"]),
        Removal(
            name: "the only account", signIns: ["alice"], activations: [], removed: "alice", remaining: []),
    ]

    @Test("Removing an account removes only its session", arguments: Kind.allCases, removals)
    func removes(kind: Kind, removal: Removal) async throws {
        let store = try kind.make()
        let staging = try await store.replace(
            with: try StoreFixture.credential(host: "staging.example.com", account: removal.removed))
        for account in removal.signIns { _ = try await store.replace(with: try Self.session(account)) }
        for account in removal.activations { _ = try await store.activate(account: account, for: Self.origin) }
        let before = try #require(try await store.credential(for: Self.origin))
        #expect(try await store.removeCredential(for: Self.origin, account: removal.removed))
        #expect(try await store.removeCredential(for: Self.origin, account: removal.removed) == false)
        #expect(try await Self.accounts(in: store) == removal.remaining)
        let after = try await store.credential(for: Self.origin)
        if before.account == removal.removed, let after {
            // The successor is newer than anything a coordinator may have cached of the removed session.
            #expect(after.generation > before.generation)
        } else if before.account != removal.removed {
            #expect(after == before)
        }
        #expect(try await store.credential(for: staging.origin) == staging)
    }
}
