/// The confidential client a request authenticated as, set by `IntrospectionClientMiddleware` for the introspection
/// handler. A task-local scopes it to exactly that request.
enum AuthenticatedClient {
    @TaskLocal static var id: String?
}
