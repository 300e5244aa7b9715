// swift-tools-version: 6.0
// The shared API client package: the generated client, authorisation and the credentials store, each a module.
import PackageDescription

let package = Package(
    name: "APIClient",
    platforms: [.macOS(.v15), .iOS(.v18)],
    products: [
        .library(name: "APIClient", targets: ["APIClient"]),
        .library(name: "AuthorizationServerClient", targets: ["AuthorizationServerClient"]),
        .library(name: "Authorization", targets: ["Authorization"]),
        .library(name: "CredentialsStore", targets: ["CredentialsStore"]),
        .library(name: "APIClientLive", targets: ["APIClientLive"]),
        .library(name: "APIClientTestSupport", targets: ["APIClientTestSupport"]),
    ],
    dependencies: [
        .package(path: "../DomainFailure"),
        .package(path: "../Standards"),
        .package(url: "https://github.com/apple/swift-openapi-runtime", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.3.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.0.0"),
        // APIClientLive's transport: AsyncHTTPClient through the generator's transport, and SwiftNIO for its event loop
        // and the event-loop clock.
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.24.0"),
        .package(url: "https://github.com/swift-server/swift-openapi-async-http-client", from: "1.1.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.80.0"),
        // SHA-256 for the PKCE challenge (RFC 7636 S256). CryptoKit on Apple platforms, BoringSSL's on Linux.
        .package(url: "https://github.com/apple/swift-crypto", "3.0.0"..<"5.0.0"),
        // Reads openapi/*.yaml in tests (`OpenAPISpec`), for the facts the generator drops.
        .package(url: "https://github.com/jpsim/Yams", from: "5.0.0"),
        // Starts the child processes of the cross-process tests.
        .package(url: "https://github.com/swiftlang/swift-subprocess", from: "1.0.2"),
        // Documentation only: `swift package generate-documentation` (Scripts/docs). No target depends on it.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"),
    ],
    targets: [
        // The Stories API's generated `Client`, `APIProtocol`, `Servers` and `Components` (openapi/openapi.yaml), plus
        // named servers, failure classification and the transport-level middlewares.
        .target(
            name: "APIClient",
            dependencies: [
                .product(name: "DomainFailure", package: "DomainFailure"),
                .product(name: "RFC3339", package: "Standards"),
                .product(name: "RFC8259", package: "Standards"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // Generated `Client`, `APIProtocol` and `Components` of the authorization server's endpoints
        // (openapi/authorization-server.yaml): the token, device authorization, PAR, revocation and introspection
        // requests and the RFC 8414 metadata document, sent wherever a server's metadata puts them.
        .target(
            name: "AuthorizationServerClient",
            dependencies: [
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]
        ),
        // Bearer middleware, session coordination, token endpoint, PKCE.
        .target(
            name: "Authorization",
            dependencies: [
                "APIClient",
                "AuthorizationServerClient",
                .product(name: "RFC7636", package: "Standards"),
                .product(name: "RFC9449", package: "Standards"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]
        ),
        // `CredentialsStoring` implementations: SQLite through GRDB (system libsqlite3) and in memory.
        .target(
            name: "CredentialsStore",
            dependencies: [
                "Authorization",
                .product(name: "RFC9449", package: "Standards"),
                .product(name: "GRDB", package: "GRDB.swift"),
                // AES-GCM for sealed storage: CryptoKit on Apple platforms, BoringSSL's on Linux.
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        // The live graph every front needs: the AsyncHTTPClient transport and its adapters, the connection limits, the
        // middleware order, and the token, discovery and `/me` clients. Fronts add a credentials store, a lock and, for
        // a browser sign-in, a redirect listener (Packages/LoopbackRedirect) of their choice.
        .target(
            name: "APIClientLive",
            dependencies: [
                "APIClient",
                "AuthorizationServerClient",
                "Authorization",
                .product(name: "RFC3339", package: "Standards"),
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
        // `MockAPI` and `MockAuthorizationServerAPI`, typed fixtures and the contracts as tests read them (`OpenAPISpec`),
        // for tests of anything built on either generated `APIProtocol`.
        .target(
            name: "APIClientTestSupport",
            dependencies: [
                "APIClient",
                "AuthorizationServerClient",
                "Authorization",
                .product(name: "RFC3339", package: "Standards"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "Yams", package: "Yams"),
            ]
        ),

        // MARK: tests (declared here only; Scripts/test runs them with every other package's)
        .testTarget(
            name: "APIClientTests",
            dependencies: [
                "APIClient", "APIClientTestSupport", .product(name: "RFC3339", package: "Standards"),
                .product(name: "RFC8259", package: "Standards"),
            ]
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
                "AuthorizationServerClient",
                "Authorization",
                "CredentialsStore",
                "APIClientTestSupport",
                .product(name: "RFC7636", package: "Standards"),
                .product(name: "RFC9449", package: "Standards"),
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
                .product(name: "RFC9449", package: "Standards"),
                // A second, independent connection to the file, as another process would hold.
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
    ]
)
