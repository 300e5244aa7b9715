// swift-tools-version: 6.0
// Standards code the client and the reference server share, one module per RFC, so that neither side depends on the
// other's package: RFC 3339 dates, RFC 7636 PKCE, RFC 8259 JSON for hot paths, RFC 9449 DPoP.
import PackageDescription

let package = Package(
    name: "Standards",
    platforms: [.macOS(.v15), .iOS(.v18)],
    products: [
        .library(name: "RFC3339", targets: ["RFC3339"]),
        .library(name: "RFC7636", targets: ["RFC7636"]),
        .library(name: "RFC8259", targets: ["RFC8259"]),
        .library(name: "RFC9449", targets: ["RFC9449"]),
        .library(name: "SeededRandomness", targets: ["SeededRandomness"]),
    ],
    dependencies: [
        // RFC3339's transcoder is the generated code's `DateTranscoder`.
        .package(url: "https://github.com/apple/swift-openapi-runtime", from: "1.8.0"),
        // SHA-256 and ES256: CryptoKit on Apple platforms, BoringSSL's on Linux.
        .package(url: "https://github.com/apple/swift-crypto", "3.0.0"..<"5.0.0"),
    ],
    targets: [
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
        // a strict token-by-token reader (StoriesData reads `list`'s pages with it).
        .target(name: "RFC8259"),
        // DPoP (RFC 9449): the client's proofs and the reference server's checks of them, one definition for both.
        // swift-crypto does the ES256 signatures and SHA-256; JOSE's JSON goes through Codable, never string joins.
        .target(
            name: "RFC9449",
            dependencies: ["RFC7636", .product(name: "Crypto", package: "swift-crypto")]
        ),
        // A seeded generator, so that tests with generated inputs see the same inputs every run.
        .target(name: "SeededRandomness"),
        .testTarget(name: "RFC3339Tests", dependencies: ["RFC3339", "SeededRandomness"]),
        .testTarget(name: "RFC7636Tests", dependencies: ["RFC7636"]),
        .testTarget(name: "RFC8259Tests", dependencies: ["RFC8259"]),
        .testTarget(
            name: "RFC9449Tests",
            dependencies: ["RFC9449", "RFC7636", .product(name: "Crypto", package: "swift-crypto")]
        ),
    ]
)
