#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `sigaction(2)` with a plain handler, written once for the two C libraries' spellings of the handler field.
enum SignalAction {
    /// Runs `handler` for signal `number` from now on; returns the action it replaced.
    @discardableResult
    static func install(
        _ handler: @convention(c) (Int32) -> Void, for number: Int32, flags: Int32 = 0
    ) -> sigaction {
        var action = sigaction()
        #if canImport(Glibc)
            action.__sigaction_handler.sa_handler = handler
        #else
            action.__sigaction_u.__sa_handler = handler
        #endif
        sigemptyset(&action.sa_mask)
        action.sa_flags = flags
        var previous = sigaction()
        sigaction(number, &action, &previous)
        return previous
    }

    /// Whether `handler` is what signal `number` runs now.
    static func runs(_ handler: @convention(c) (Int32) -> Void, for number: Int32) -> Bool {
        var current = sigaction()
        sigaction(number, nil, &current)
        #if canImport(Glibc)
            let installed = current.__sigaction_handler.sa_handler
        #else
            let installed = current.__sigaction_u.__sa_handler
        #endif
        return unsafeBitCast(installed, to: Int.self) == unsafeBitCast(handler, to: Int.self)
    }

    /// Whether signal `number` is ignored now (`SIG_IGN`), as a process started by `nohup` or as a background job is.
    static func isIgnored(_ number: Int32) -> Bool {
        var current = sigaction()
        sigaction(number, nil, &current)
        #if canImport(Glibc)
            let handler = current.__sigaction_handler.sa_handler
        #else
            let handler = current.__sigaction_u.__sa_handler
        #endif
        return unsafeBitCast(handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
    }
}
