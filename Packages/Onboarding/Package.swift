// swift-tools-version: 6.0
// The Onboarding feature: Domain (plain types and protocols), Data (Domain over APIProtocol) and
// Presentation (UI-less view models over Domain). Data and Presentation never import each other.
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
        .package(path: "../Networking")
    ],
    targets: [
        .target(name: "OnboardingDomain"),
        .target(
            name: "OnboardingData",
            dependencies: [
                "OnboardingDomain",
                .product(name: "APIClient", package: "Networking"),
                .product(name: "Authorization", package: "Networking"),
            ]
        ),
        .target(name: "OnboardingPresentation", dependencies: ["OnboardingDomain"]),
    ]
)
