// swift-tools-version: 6.0
// The Onboarding feature: Domain (plain types and protocols; its one dependency, DomainFailure, has none), Data
// (Domain over APIProtocol) and Presentation (UI-less view models over Domain). Data and Presentation never import
// each other.
import PackageDescription

let package = Package(
    name: "Onboarding",
    platforms: [.macOS(.v15), .iOS(.v18)],
    products: [
        .library(name: "OnboardingDomain", targets: ["OnboardingDomain"]),
        .library(name: "OnboardingData", targets: ["OnboardingData"]),
        .library(name: "OnboardingPresentation", targets: ["OnboardingPresentation"]),
    ],
    dependencies: [
        .package(path: "../DomainFailure"),
        .package(path: "../APIClient"),
    ],
    targets: [
        .target(name: "OnboardingDomain", dependencies: [.product(name: "DomainFailure", package: "DomainFailure")]),
        .target(
            name: "OnboardingData",
            dependencies: [
                "OnboardingDomain",
                .product(name: "DomainFailure", package: "DomainFailure"),
                .product(name: "APIClient", package: "APIClient"),
                .product(name: "Authorization", package: "APIClient"),
            ]
        ),
        .target(name: "OnboardingPresentation", dependencies: ["OnboardingDomain"]),
        .testTarget(
            name: "OnboardingTests",
            dependencies: [
                "OnboardingDomain",
                "OnboardingData",
                "OnboardingPresentation",
                .product(name: "DomainFailure", package: "DomainFailure"),
                .product(name: "APIClient", package: "APIClient"),
                .product(name: "APIClientTestSupport", package: "APIClient"),
                .product(name: "Authorization", package: "APIClient"),
            ]
        ),
    ]
)
