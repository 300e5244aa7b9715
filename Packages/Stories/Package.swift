// swift-tools-version: 6.0
// The Stories feature: Domain (plain types and protocols), Data (Domain over APIProtocol) and
// Presentation (UI-less view models over Domain). Data and Presentation never import each other.
import PackageDescription

let package = Package(
    name: "Stories",
    platforms: [.macOS(.v15), .iOS(.v18)],
    products: [
        .library(name: "StoriesDomain", targets: ["StoriesDomain"]),
        .library(name: "StoriesData", targets: ["StoriesData"]),
        .library(name: "StoriesPresentation", targets: ["StoriesPresentation"]),
    ],
    dependencies: [
        .package(path: "../Networking")
    ],
    targets: [
        .target(name: "StoriesDomain"),
        .target(
            name: "StoriesData",
            dependencies: [
                "StoriesDomain",
                .product(name: "APIClient", package: "Networking"),
            ]
        ),
        .target(name: "StoriesPresentation", dependencies: ["StoriesDomain"]),
    ]
)
