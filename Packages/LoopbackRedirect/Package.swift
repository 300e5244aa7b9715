// swift-tools-version: 6.0
// The loopback redirect listener of a native app's browser sign-in (RFC 8252 §7.3): a small HTTP server on 127.0.0.1
// that takes the authorization server's one redirect, as an `AuthorizationRedirectListening` (Authorization). It is
// the one server in the client, so it is a package of its own, beside the client rather than inside it.
import PackageDescription

let package = Package(
    name: "LoopbackRedirect",
    platforms: [.macOS(.v15), .iOS(.v18)],
    products: [
        .library(name: "LoopbackRedirect", targets: ["LoopbackRedirect"])
    ],
    dependencies: [
        .package(path: "../APIClient"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.80.0"),
    ],
    targets: [
        // `LoopbackRedirectListener` over SwiftNIO: one bounded HTTP/1 exchange per connection, the redirect checked
        // against the request's `state` and `iss`, a page for the person in the browser.
        .target(
            name: "LoopbackRedirect",
            dependencies: [
                .product(name: "Authorization", package: "APIClient"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]
        ),
        .testTarget(
            name: "LoopbackRedirectTests",
            dependencies: [
                "LoopbackRedirect",
                .product(name: "Authorization", package: "APIClient"),
            ]
        ),
    ]
)
