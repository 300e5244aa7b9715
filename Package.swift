// swift-tools-version: 6.0
// The app manifest: the two executables in Apps/ and every test target in Tests/. Feature and networking code lives
// in the local packages under Packages/, which an Apple-platform app could add unchanged. Benchmarks are a package
// of their own (Benchmarks/), so building the product never builds them or their dependencies.
import PackageDescription

let package = Package(
    name: "StoriesApp",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "stories-cli", targets: ["StoriesCLI"]),
        .executable(name: "stories-server", targets: ["StoriesServer"]),
    ],
    dependencies: [
        .package(path: "Packages/APIClient"),
        .package(path: "Packages/Stories"),
        .package(path: "Packages/Onboarding"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.0"),
        .package(url: "https://github.com/apple/swift-openapi-runtime", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.3.0"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.24.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.80.0"),
        .package(url: "https://github.com/swift-server/swift-openapi-async-http-client", from: "1.1.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.5.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-auth", from: "2.0.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.0.0"),
        .package(url: "https://github.com/apple/swift-crypto", "3.0.0"..<"5.0.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.6.0"),
    ],
    targets: [
        // MARK: shared by both executables
        .target(name: "StoriesVersion", path: "Apps/StoriesVersion"),

        // MARK: stories-cli
        .target(
            name: "StoriesCLIKit",
            dependencies: [
                .product(name: "APIClient", package: "APIClient"),
                .product(name: "APIClientLive", package: "APIClient"),
                .product(name: "Authorization", package: "APIClient"),
                .product(name: "CredentialsStore", package: "APIClient"),
                .product(name: "SecretServiceKeyring", package: "APIClient"),
                .product(name: "RFC3339", package: "APIClient"),
                .product(name: "RFC8259", package: "APIClient"),
                .product(name: "StoriesDomain", package: "Stories"),
                .product(name: "StoriesData", package: "Stories"),
                .product(name: "StoriesPresentation", package: "Stories"),
                .product(name: "OnboardingDomain", package: "Onboarding"),
                .product(name: "OnboardingData", package: "Onboarding"),
                .product(name: "OnboardingPresentation", package: "Onboarding"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "ProcessSpawning", package: "APIClient"),
                "StoriesVersion",
            ],
            path: "Apps/StoriesCLI/Sources/StoriesCLIKit"
        ),
        .executableTarget(
            name: "StoriesCLI",
            dependencies: ["StoriesCLIKit"],
            path: "Apps/StoriesCLI/Sources/StoriesCLI"
        ),

        // MARK: stories-server
        // The stubs Scripts/generate-openapi writes from openapi/openapi.yaml (APIProtocol, Components, Operations,
        // registerHandlers), at `package` access; StoriesServerKit implements them.
        .target(
            name: "StoriesServerAPI",
            dependencies: [
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            path: "Apps/StoriesServer/Sources/StoriesServerAPI"
        ),
        .target(
            name: "StoriesServerKit",
            dependencies: [
                "StoriesServerAPI",
                .product(name: "RFC3339", package: "APIClient"),
                .product(name: "RFC7636", package: "APIClient"),
                .product(name: "RFC8259", package: "APIClient"),
                .product(name: "RFC9449", package: "APIClient"),
                .product(name: "Hummingbird", package: "hummingbird"),
                // Its HTTP/1 channel, wrapped to bound each client's connections.
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                // With an external authorization server: its metadata and token introspection, and the service that
                // shuts that client down with the application.
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            path: "Apps/StoriesServer/Sources/StoriesServerKit"
        ),
        .executableTarget(
            name: "StoriesServer",
            dependencies: [
                "StoriesServerKit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                "StoriesVersion",
            ],
            path: "Apps/StoriesServer/Sources/StoriesServer"
        ),

        // MARK: tests
        // Generic helpers for any test target (child processes, fault servers, proxies); it imports no app.
        .target(
            name: "TestSupport",
            dependencies: [
                .product(name: "ProcessSpawning", package: "APIClient"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Tests/TestSupport"
        ),
        // What the CLI's unit tests and the integration tests both need of StoriesCLIKit: captured output, piped input.
        .target(
            name: "StoriesCLITestSupport",
            dependencies: ["StoriesCLIKit"],
            path: "Tests/StoriesCLITestSupport"
        ),
        .testTarget(
            name: "APIClientTests",
            dependencies: [
                .product(name: "APIClient", package: "APIClient"),
                .product(name: "APIClientTestSupport", package: "APIClient"),
                .product(name: "RFC3339", package: "APIClient"),
                .product(name: "RFC8259", package: "APIClient"),
            ],
            path: "Packages/APIClient/Tests/APIClientTests"
        ),
        .testTarget(
            name: "APIClientLiveTests",
            dependencies: [
                .product(name: "APIClientLive", package: "APIClient"),
                .product(name: "Authorization", package: "APIClient"),
                .product(name: "CredentialsStore", package: "APIClient"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            path: "Packages/APIClient/Tests/APIClientLiveTests"
        ),
        .testTarget(
            name: "RFC7636Tests",
            dependencies: [.product(name: "RFC7636", package: "APIClient")],
            path: "Packages/APIClient/Tests/RFC7636Tests"
        ),
        .testTarget(
            name: "RFC8259Tests",
            dependencies: [.product(name: "RFC8259", package: "APIClient")],
            path: "Packages/APIClient/Tests/RFC8259Tests"
        ),
        .testTarget(
            name: "RFC9449Tests",
            dependencies: [
                .product(name: "RFC9449", package: "APIClient"),
                .product(name: "RFC7636", package: "APIClient"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            path: "Packages/APIClient/Tests/RFC9449Tests"
        ),
        .testTarget(
            name: "AuthorizationTests",
            dependencies: [
                .product(name: "APIClient", package: "APIClient"),
                .product(name: "Authorization", package: "APIClient"),
                .product(name: "CredentialsStore", package: "APIClient"),
                .product(name: "APIClientTestSupport", package: "APIClient"),
                .product(name: "RFC7636", package: "APIClient"),
                .product(name: "RFC9449", package: "APIClient"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "ProcessSpawning", package: "APIClient"),
            ],
            path: "Packages/APIClient/Tests/AuthorizationTests"
        ),
        .testTarget(
            name: "CredentialsStoreTests",
            dependencies: [
                .product(name: "Authorization", package: "APIClient"),
                .product(name: "CredentialsStore", package: "APIClient"),
                .product(name: "RFC9449", package: "APIClient"),
                // A second, independent connection to the file, as another process would hold.
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            path: "Packages/APIClient/Tests/CredentialsStoreTests"
        ),
        // Against a real Secret Service: Scripts/keyring-tests runs them on a private D-Bus session.
        .testTarget(
            name: "SecretServiceKeyringTests",
            dependencies: [
                .product(name: "Authorization", package: "APIClient"),
                .product(name: "CredentialsStore", package: "APIClient"),
                .product(name: "SecretServiceKeyring", package: "APIClient"),
            ],
            path: "Packages/APIClient/Tests/SecretServiceKeyringTests"
        ),
        .testTarget(
            name: "StoriesDataTests",
            dependencies: [
                .product(name: "DomainFailure", package: "APIClient"),
                .product(name: "APIClient", package: "APIClient"),
                .product(name: "APIClientTestSupport", package: "APIClient"),
                .product(name: "StoriesDomain", package: "Stories"),
                .product(name: "StoriesData", package: "Stories"),
                .product(name: "RFC8259", package: "APIClient"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            path: "Packages/Stories/Tests/StoriesDataTests"
        ),
        .testTarget(
            name: "StoriesPresentationTests",
            dependencies: [
                .product(name: "DomainFailure", package: "APIClient"),
                .product(name: "StoriesDomain", package: "Stories"),
                .product(name: "StoriesPresentation", package: "Stories"),
            ],
            path: "Packages/Stories/Tests/StoriesPresentationTests"
        ),
        .testTarget(
            name: "OnboardingTests",
            dependencies: [
                .product(name: "DomainFailure", package: "APIClient"),
                .product(name: "APIClient", package: "APIClient"),
                .product(name: "APIClientTestSupport", package: "APIClient"),
                .product(name: "OnboardingDomain", package: "Onboarding"),
                .product(name: "OnboardingData", package: "Onboarding"),
                .product(name: "OnboardingPresentation", package: "Onboarding"),
                .product(name: "Authorization", package: "APIClient"),
            ],
            path: "Packages/Onboarding/Tests/OnboardingTests"
        ),
        .testTarget(
            name: "StoriesServerTests",
            dependencies: [
                "StoriesServerKit",
                "StoriesServerAPI",
                "TestSupport",
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "RFC3339", package: "APIClient"),
                .product(name: "APIClientTestSupport", package: "APIClient"),
                .product(name: "RFC9449", package: "APIClient"),
                // A client for the server processes the option tests start.
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                // Peer addresses, and a channel that has one, for the per-client limits.
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
            ],
            path: "Tests/StoriesServerTests"
        ),
        .testTarget(
            name: "IntegrationTests",
            dependencies: [
                .product(name: "APIClientLive", package: "APIClient"),
                "StoriesCLIKit",
                "StoriesCLITestSupport",
                "StoriesServerKit",
                "TestSupport",
                .product(name: "APIClient", package: "APIClient"),
                .product(name: "Authorization", package: "APIClient"),
                .product(name: "CredentialsStore", package: "APIClient"),
                .product(name: "StoriesDomain", package: "Stories"),
                .product(name: "OnboardingDomain", package: "Onboarding"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "OpenAPIAsyncHTTPClient", package: "swift-openapi-async-http-client"),
                .product(name: "APIClientTestSupport", package: "APIClient"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Tests/IntegrationTests"
        ),
        .testTarget(
            name: "StoriesCLITests",
            dependencies: [
                .product(name: "APIClientLive", package: "APIClient"),
                .product(name: "DomainFailure", package: "APIClient"),
                "StoriesCLIKit",
                "StoriesCLITestSupport",
                .product(name: "APIClient", package: "APIClient"),
                .product(name: "APIClientTestSupport", package: "APIClient"),
                .product(name: "Authorization", package: "APIClient"),
                .product(name: "CredentialsStore", package: "APIClient"),
                .product(name: "StoriesData", package: "Stories"),
                .product(name: "StoriesPresentation", package: "Stories"),
                .product(name: "OnboardingPresentation", package: "Onboarding"),
                .product(name: "StoriesDomain", package: "Stories"),
                .product(name: "OnboardingDomain", package: "Onboarding"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            path: "Tests/StoriesCLITests"
        ),
    ]
)
