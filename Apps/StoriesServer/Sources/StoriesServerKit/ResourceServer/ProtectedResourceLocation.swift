/// Where the RFC 9728 metadata of this API lives. The resource identifier is the public origin plus the base path
/// (`https://stories.example/v1`); §3.1 builds the metadata's URL by inserting the well-known path between the origin
/// and the resource's path. The server also serves it under the base path, where clients generated from the spec
/// look, as it does its RFC 8414 metadata.
enum ProtectedResourceLocation {
    static let wellKnownPath = "/.well-known/oauth-protected-resource"

    /// `/.well-known/oauth-protected-resource/v1`, at the origin's root.
    static let rootPath = wellKnownPath + ServerConfiguration.basePath

    /// The resource identifier of this API at `origin`: no trailing slash, no query, no fragment (RFC 9728 §1.2).
    static func resource(at origin: PublicOrigin) -> String {
        origin.url(ServerConfiguration.basePath)
    }
}
