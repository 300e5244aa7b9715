// swift-tools-version: 6.0
// `FailureCause`, the error behind a domain failure, for every feature's Domain module. A package of its own that
// names no other, so that a Domain module's whole graph is the standard library and Foundation.
import PackageDescription

let package = Package(
    name: "DomainFailure",
    platforms: [.macOS(.v15), .iOS(.v18)],
    products: [
        .library(name: "DomainFailure", targets: ["DomainFailure"])
    ],
    targets: [
        .target(name: "DomainFailure"),
        .testTarget(name: "DomainFailureTests", dependencies: ["DomainFailure"]),
    ]
)
