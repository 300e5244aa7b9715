// swift-tools-version: 6.0
// The OS keyrings that hold a sealed credentials file's data key, each a `DataKeyStore` (Authorization) in a target of
// its own: the freedesktop Secret Service for Linux. A Keychain one for Apple platforms would go beside it
// (`KeychainKeyring`, over Security's generic passwords).
import PackageDescription

let package = Package(
    name: "Keyrings",
    platforms: [.macOS(.v15), .iOS(.v18)],
    products: [
        .library(name: "SecretServiceKeyring", targets: ["SecretServiceKeyring"])
    ],
    dependencies: [
        .package(path: "../APIClient"),
        // Documentation only: `swift package generate-documentation` (Scripts/docs). No target depends on it.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"),
    ],
    targets: [
        // `DataKeyStore` over the Secret Service, Linux only: libsecret and GIO are loaded at run time, so building
        // needs none of their headers.
        .target(
            name: "SecretServiceKeyring",
            dependencies: [.product(name: "Authorization", package: "APIClient")]
        ),
        // Against a real Secret Service: Scripts/keyring-tests runs them on a private D-Bus session; under plain
        // `swift test` only the cases that need no keyring run.
        .testTarget(
            name: "SecretServiceKeyringTests",
            dependencies: [
                "SecretServiceKeyring",
                .product(name: "Authorization", package: "APIClient"),
                .product(name: "CredentialsStore", package: "APIClient"),
            ]
        ),
    ]
)
