/// What is wrong with the arguments of `stories-cli api`, found before anything is sent. Worded by `FailureMessages`;
/// every case is a usage error (exit 64).
enum APIArgumentError: Error, Equatable, Sendable {
    /// A `-f` or `-F` argument that is not `key=value` with a non-empty key.
    case malformedField(flag: String, argument: String)
    /// A `-H` argument that is not `Name: value` with a valid field name and value.
    case malformedHeader(String)
    /// A `-H` for a field the session or the transport sets (`Authorization`, `DPoP`, `Host`, …).
    case reservedHeader(String)
    /// A `-X` value that is not an HTTP method token.
    case malformedMethod(String)
    /// A PATH that is empty or not a URL path.
    case malformedPath(String)
    /// A URL outside the session's server (another scheme, host or port, or outside its base path).
    case outsideServer(url: String, server: String)
    /// `--input` or `-F key=@file` names a file that cannot be read (`errno`, or `nil` when it is not a file).
    case unreadableFile(path: String, errorNumber: Int32?)
    /// `--input` or `-F key=@file` holds more than `limit` bytes.
    case inputTooLarge(path: String, limit: Int)
    /// Standard input asked for twice (`--input -` and `-F key=@-`, or `@-` twice).
    case standardInputTwice
    /// `--paginate` with another method than GET.
    case paginateNeedsGET(method: String)
    /// `--slurp` without `--paginate`.
    case slurpNeedsPaginate
    /// `--slurp` with `--include`: headers have no place in one JSON array.
    case slurpWithInclude
}
