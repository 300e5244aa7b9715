/// The account a request's bearer token belongs to, set by `BearerAuthenticationMiddleware` for the handler that
/// serves the request. A task-local scopes it to exactly that request.
enum AuthenticatedUser {
    @TaskLocal static var username: String?
}
