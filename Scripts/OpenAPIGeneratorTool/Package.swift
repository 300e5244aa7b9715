// swift-tools-version: 6.0
// Pins the generator that `Scripts/generate-openapi` runs. It is a package of its own so that the
// product packages never resolve, or build, the generator and its YAML stack.
import PackageDescription

let package = Package(
    name: "OpenAPIGeneratorTool",
    dependencies: [
        .package(url: "https://github.com/apple/swift-openapi-generator", exact: "1.14.3")
    ]
)
