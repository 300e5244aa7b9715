// swift-tools-version: 6.0
// The Stories feature: Domain (plain types and protocols; its one dependency, DomainFailure, has none), Data
// (Domain over APIProtocol) and Presentation (UI-less view models over Domain). Data and Presentation never import
// each other.
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
        .package(path: "../DomainFailure"),
        .package(path: "../Standards"),
        .package(path: "../APIClient"),
        // StoriesData reads a page's body (`HTTPBody`); StoriesDataTests builds the generated client's responses by hand.
        .package(url: "https://github.com/apple/swift-openapi-runtime", from: "1.8.0"),
        // StoriesData reads the head of a page's response (`HTTPResponse`); its tests build responses by hand.
        .package(url: "https://github.com/apple/swift-http-types", from: "1.3.0"),
        // Documentation only: `swift package generate-documentation` (Scripts/docs). No target depends on it.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"),
    ],
    targets: [
        // `Story`, `StoryPage`, `StoryPages`, `StoryService`, `StoryServiceError`: plain types and protocols.
        .target(name: "StoriesDomain", dependencies: [.product(name: "DomainFailure", package: "DomainFailure")]),
        // `APIStoryService` over the generated client, `StoryPageReader` (a page read from its bytes), `NextPageLink`.
        .target(
            name: "StoriesData",
            dependencies: [
                "StoriesDomain",
                .product(name: "DomainFailure", package: "DomainFailure"),
                .product(name: "APIClient", package: "APIClient"),
                // StoryPageReader: the page's dates and its JSON, read from the bytes.
                .product(name: "RFC3339", package: "Standards"),
                .product(name: "RFC8259", package: "Standards"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]
        ),
        // `StoryListViewModel`, `StoryListFailure` and `StoryRowFormatter`: what `list` renders from.
        .target(name: "StoriesPresentation", dependencies: ["StoriesDomain"]),
        .testTarget(
            name: "StoriesDataTests",
            dependencies: [
                "StoriesDomain",
                "StoriesData",
                .product(name: "DomainFailure", package: "DomainFailure"),
                .product(name: "APIClient", package: "APIClient"),
                .product(name: "APIClientTestSupport", package: "APIClient"),
                .product(name: "RFC3339", package: "Standards"),
                .product(name: "RFC8259", package: "Standards"),
                .product(name: "SeededRandomness", package: "Standards"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]
        ),
        .testTarget(
            name: "StoriesPresentationTests",
            dependencies: [
                "StoriesDomain", "StoriesPresentation", .product(name: "DomainFailure", package: "DomainFailure"),
            ]
        ),
    ]
)
