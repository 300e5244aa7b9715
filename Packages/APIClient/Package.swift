// swift-tools-version: 6.0
// The shared API client package: the generated client, authorisation and the credentials store, each a module.
import PackageDescription

let package = Package(
    name: "APIClient",
    platforms: [.macOS(.v15), .iOS(.v18)],
    products: [
        .library(name: "APIClient", targets: ["APIClient"]),
        .library(name: "DomainFailure", targets: ["DomainFailure"]),
        .library(name: "Authorization", targets: ["Authorization"]),
        .library(name: "CredentialsStore", targets: ["CredentialsStore"]),
        .library(name: "SecretServiceKeyring", targets: ["SecretServiceKeyring"]),
        .library(name: "APIClientLive", targets: ["APIClientLive"]),
        .library(name: "APIClientTestSupport", targets: ["APIClientTestSupport"]),
        .library(name: "RFC3339", targets: ["RFC3339"]),
        .library(name: "RFC7636", targets: ["RFC7636"]),
        .library(name: "RFC8259", targets: ["RFC8259"]),
        .library(name: "RFC9449", targets: ["RFC9449"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-openapi-runtime", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.3.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.0.0"),
        // APIClientLive's transport: AsyncHTTPClient through the generator's transport, and SwiftNIO for the loopback
        // redirect listener and the event-loop clock.
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.24.0"),
        .package(url: "https://github.com/swift-server/swift-openapi-async-http-client", from: "1.1.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.80.0"),
        // SHA-256 for the PKCE challenge (RFC 7636 S256). CryptoKit on Apple platforms, BoringSSL's on Linux.
        .package(url: "https://github.com/apple/swift-crypto", "3.0.0"..<"5.0.0"),
        // Reads openapi/openapi.yaml in tests (`OpenAPISpec`), for the facts the generator drops.
        .package(url: "https://github.com/jpsim/Yams", from: "5.0.0"),
        // Starts the child processes of the cross-process tests.
        .package(url: "https://github.com/swiftlang/swift-subprocess", from: "1.0.2"),
        // Documentation only: `swift package generate-documentation` (Scripts/docs). No target depends on it.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"),
    ],
    targets: [
        // `FailureCause`, the error behind a domain failure, for every feature's Domain module. No dependencies at
        // all, so a Domain module that uses it stays as free of the client as before.
        .target(name: "DomainFailure"),
        // Generated `Client`, `APIProtocol`, `Servers` and `Components`, plus named servers and failure classification.
        .target(
            name: "APIClient",
            dependencies: [
                "DomainFailure",
                "RFC3339",
                "RFC8259",
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // Bearer middleware, session coordination, token endpoint, PKCE.
        .target(
            name: "Authorization",
            dependencies: [
                "APIClient",
                "RFC7636",
                "RFC9449",
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]
        ),
        // `CredentialsStoring` implementations: SQLite through GRDB (system libsqlite3) and in memory.
        .target(
            name: "CredentialsStore",
            dependencies: [
                "Authorization",
                "RFC9449",
                .product(name: "GRDB", package: "GRDB.swift"),
                // AES-GCM for sealed storage: CryptoKit on Apple platforms, BoringSSL's on Linux.
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        // The freedesktop Secret Service through libsecret (Debian: libsecret-1-dev), for `SecretServiceKeyring`.
        // libsecret rather than the D-Bus API by hand: it negotiates the Secret Service session, unlocks and
        // prompts as every desktop expects. Only the read, which every command on a sealed file makes, goes by hand
        // (CSecretService/PlainSessionRead.c, BusConnection.c) on the user's own bus: four calls, three waits.
        .systemLibrary(
            name: "CLibSecret",
            pkgConfig: "libsecret-1",
            providers: [.apt(["libsecret-1-dev"])]
        ),
        // A narrow C face of libsecret and D-Bus (plain C types, a cancellable per call), so Swift never handles GLib
        // objects.
        .target(
            name: "CSecretService",
            dependencies: [.target(name: "CLibSecret", condition: .when(platforms: [.linux]))]
        ),
        // `DataKeyStore` over the Secret Service, Linux only. A Keychain one for Apple platforms would be a target
        // of its own beside it (`KeychainKeyring`, over Security's generic passwords).
        .target(
            name: "SecretServiceKeyring",
            dependencies: [
                "Authorization",
                .target(name: "CSecretService", condition: .when(platforms: [.linux])),
            ]
        ),
        // The live graph every front needs: the AsyncHTTPClient transport and its adapters, the connection limits, the
        // middleware order, the token, discovery and `/me` clients, and the loopback redirect listener (RFC 8252).
        // Fronts add a credentials store and a lock of their choice.
        .target(
            name: "APIClientLive",
            dependencies: [
                "APIClient",
                "Authorization",
                "RFC3339",
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "OpenAPIAsyncHTTPClient", package: "swift-openapi-async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]
        ),
        // The one date transcoder for the generated client and the reference server: lock-free, strict RFC 3339.
        .target(
            name: "RFC3339",
            dependencies: [.product(name: "OpenAPIRuntime", package: "swift-openapi-runtime")]
        ),
        // PKCE's S256 challenge and verifier grammar, and base64url: one definition for the client and the reference
        // server.
        .target(
            name: "RFC7636",
            dependencies: [.product(name: "Crypto", package: "swift-crypto")]
        ),
        // JSON for paths too hot for Foundation's coders: strings written straight into bytes exactly as `JSONEncoder`
        // writes them (one escaper for the DPoP proofs, the reference server's pages and the CLI's `list --json`), and
        // a strict token-by-token reader (`StoryPageReader` reads `list`'s pages with it).
        .target(name: "RFC8259"),
        // DPoP (RFC 9449): the client's proofs and the reference server's checks of them, one definition for both.
        // swift-crypto does the ES256 signatures and SHA-256; JOSE's JSON goes through Codable, never string joins.
        .target(
            name: "RFC9449",
            dependencies: ["RFC7636", "RFC8259", .product(name: "Crypto", package: "swift-crypto")]
        ),
        // `MockAPI`, typed fixtures and the contract as tests read it (`OpenAPISpec`), for tests of anything built on
        // `APIProtocol`.
        .target(
            name: "APIClientTestSupport",
            dependencies: [
                "APIClient",
                "Authorization",
                "RFC3339",
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "Yams", package: "Yams"),
            ]
        ),

        // MARK: tests (`swift test` here runs them; the root manifest lists them too, so that one `swift test` at the
        // root runs every test of the workspace in one build)
        .testTarget(
            name: "APIClientTests",
            dependencies: ["APIClient", "APIClientTestSupport", "RFC3339", "RFC8259"]
        ),
        .testTarget(name: "RFC7636Tests", dependencies: ["RFC7636"]),
        .testTarget(name: "RFC8259Tests", dependencies: ["RFC8259"]),
        .testTarget(
            name: "RFC9449Tests",
            dependencies: ["RFC9449", "RFC7636", .product(name: "Crypto", package: "swift-crypto")]
        ),
        .testTarget(
            name: "APIClientLiveTests",
            dependencies: [
                "APIClientLive",
                "Authorization",
                "CredentialsStore",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]
        ),
        .testTarget(
            name: "AuthorizationTests",
            dependencies: [
                "APIClient",
                "Authorization",
                "CredentialsStore",
                "APIClientTestSupport",
                "RFC7636",
                "RFC9449",
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Subprocess", package: "swift-subprocess"),
            ]
        ),
        .testTarget(
            name: "CredentialsStoreTests",
            dependencies: [
                "Authorization",
                "CredentialsStore",
                "RFC9449",
                // A second, independent connection to the file, as another process would hold.
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        // Against a real Secret Service: Scripts/keyring-tests runs them on a private D-Bus session.
        .testTarget(
            name: "SecretServiceKeyringTests",
            dependencies: ["Authorization", "CredentialsStore", "SecretServiceKeyring"]
        ),
    ]
)
