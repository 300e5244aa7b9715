// swift-tools-version: 6.1
// Benchmarks, in a package of their own so that building the product (`swift build` at the root) never builds them
// or ordo-one/benchmark. Run from this folder:
//
//     swift package benchmark                     # the in-process suite (StoriesBenchmarks), release build
//     swift run -c release refresh-lock-benchmark # flock versus BEGIN IMMEDIATE across processes
//
// ordo-one/benchmark discovers its suites as executable targets in a folder named `Benchmarks` inside the package,
// hence `Benchmarks/Benchmarks/StoriesBenchmarks`. `refresh-lock-benchmark` starts copies of itself as lock holders,
// which the benchmark runner cannot do, so it stays a plain executable under `Sources/`.
import PackageDescription

let package = Package(
    name: "Benchmarks",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "refresh-lock-benchmark", targets: ["RefreshLockBenchmark"])
    ],
    dependencies: [
        .package(path: "../Packages/Standards"),
        .package(path: "../Packages/APIClient"),
        .package(path: "../Packages/Stories"),
        // Only the malloc interposer: the default "RuntimeInterposer" trait needs a package the mirror lacks.
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
        .package(url: "https://github.com/apple/swift-openapi-runtime", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.3.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.0.0"),
        // The bare ES256 signature that a DPoP proof's cost is measured against.
        .package(url: "https://github.com/apple/swift-crypto", "3.0.0"..<"5.0.0"),
        // Starts the lock holders of refresh-lock-benchmark.
        .package(url: "https://github.com/swiftlang/swift-subprocess", from: "1.0.2"),
    ],
    targets: [
        .executableTarget(
            name: "StoriesBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "APIClient", package: "APIClient"),
                .product(name: "AuthorizationServerClient", package: "APIClient"),
                .product(name: "APIClientTestSupport", package: "APIClient"),
                .product(name: "StoriesData", package: "Stories"),
                .product(name: "Authorization", package: "APIClient"),
                .product(name: "CredentialsStore", package: "APIClient"),
                .product(name: "RFC3339", package: "Standards"),
                .product(name: "RFC9449", package: "Standards"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            path: "Benchmarks/StoriesBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "RefreshLockBenchmark",
            dependencies: [
                .product(name: "Authorization", package: "APIClient"),
                .product(name: "CredentialsStore", package: "APIClient"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Subprocess", package: "swift-subprocess"),
            ],
            path: "Sources/RefreshLockBenchmark"
        ),
    ]
)
