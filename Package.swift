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
        .package(path: "Packages/DomainFailure"),
        .package(path: "Packages/Standards"),
        .package(path: "Packages/APIClient"),
        .package(path: "Packages/Keyrings"),
        .package(path: "Packages/LoopbackRedirect"),
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
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.6.0"),
        .package(url: "https://github.com/swiftlang/swift-subprocess", from: "1.0.2"),
        // `swift package generate-documentation` for StoriesCLIKit's and StoriesServerKit's catalogues (Scripts/docs).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"),
    ],
    targets: [
        // MARK: shared by both executables
        // The version both executables print.
        .target(name: "StoriesVersion", path: "Apps/StoriesVersion"),
        // The sections --help and the man pages add to swift-argument-parser's: their values, layout and mdoc.
        .target(name: "CommandReference", path: "Apps/CommandReference"),
        // Not a product: writes those man page sections for Scripts/generate-man.
        .executableTarget(
            name: "ManualSections",
            dependencies: ["CommandReference", "StoriesCLIKit", "StoriesServerKit"],
            path: "Apps/ManualSections"
        ),

        // MARK: stories-cli
        // stories-cli's commands, rendering, failure messages, and Composition/, which names the implementations.
        .target(
            name: "StoriesCLIKit",
            dependencies: [
                .product(name: "APIClient", package: "APIClient"),
                .product(name: "APIClientLive", package: "APIClient"),
                .product(name: "Authorization", package: "APIClient"),
                .product(name: "CredentialsStore", package: "APIClient"),
                .product(name: "SecretServiceKeyring", package: "Keyrings"),
                .product(name: "LoopbackRedirect", package: "LoopbackRedirect"),
                .product(name: "RFC3339", package: "Standards"),
                .product(name: "RFC8259", package: "Standards"),
                .product(name: "StoriesDomain", package: "Stories"),
                .product(name: "StoriesData", package: "Stories"),
                .product(name: "StoriesPresentation", package: "Stories"),
                .product(name: "OnboardingDomain", package: "Onboarding"),
                .product(name: "OnboardingData", package: "Onboarding"),
                .product(name: "OnboardingPresentation", package: "Onboarding"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                // `api`'s requests and responses, built and read by hand.
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Subprocess", package: "swift-subprocess"),
                "StoriesVersion",
                "CommandReference",
            ],
            path: "Apps/StoriesCLI/Sources/StoriesCLIKit"
        ),
        // stories-cli's entry point: runs StoriesCLIKit's `StoriesCommand`.
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
        // The stubs Scripts/generate-openapi writes from openapi/authorization-server.yaml, likewise; StoriesServerKit's
        // AuthorizationServerBackend implements them.
        .target(
            name: "AuthorizationServerAPI",
            dependencies: [
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            path: "Apps/StoriesServer/Sources/AuthorizationServerAPI"
        ),
        // stories-server's handlers over those stubs: the authorization server and the protected resource.
        .target(
            name: "StoriesServerKit",
            dependencies: [
                "StoriesServerAPI",
                "AuthorizationServerAPI",
                "CommandReference",
                .product(name: "RFC3339", package: "Standards"),
                .product(name: "RFC7636", package: "Standards"),
                .product(name: "RFC8259", package: "Standards"),
                .product(name: "RFC9449", package: "Standards"),
                // The demo catalog's seeded generator.
                .product(name: "SeededRandomness", package: "Standards"),
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
        // stories-server's entry point: its options, then StoriesServerKit's application.
        .executableTarget(
            name: "StoriesServer",
            dependencies: [
                "StoriesServerKit",
                "CommandReference",
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
                .product(name: "Subprocess", package: "swift-subprocess"),
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
            name: "StoriesServerTests",
            dependencies: [
                "StoriesServerKit",
                "StoriesServerAPI",
                "AuthorizationServerAPI",
                "CommandReference",
                "TestSupport",
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "RFC3339", package: "Standards"),
                .product(name: "APIClientTestSupport", package: "APIClient"),
                .product(name: "RFC9449", package: "Standards"),
                .product(name: "SeededRandomness", package: "Standards"),
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
                .product(name: "LoopbackRedirect", package: "LoopbackRedirect"),
                "StoriesCLIKit",
                "StoriesCLITestSupport",
                "StoriesServerKit",
                "TestSupport",
                .product(name: "APIClient", package: "APIClient"),
                .product(name: "AuthorizationServerClient", package: "APIClient"),
                .product(name: "Authorization", package: "APIClient"),
                .product(name: "CredentialsStore", package: "APIClient"),
                .product(name: "StoriesDomain", package: "Stories"),
                // The story service whose page requests are held to what the server's catalog answers.
                .product(name: "StoriesData", package: "Stories"),
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
                .product(name: "DomainFailure", package: "DomainFailure"),
                "StoriesCLIKit",
                "StoriesCLITestSupport",
                "CommandReference",
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
