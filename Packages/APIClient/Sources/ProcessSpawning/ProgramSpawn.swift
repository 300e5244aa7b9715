// Linux only: on other systems the callers keep Foundation's `Process`, as this code is built and tested on Linux alone.
#if canImport(Glibc)
    import Glibc

    /// Starts programs the way a shell does, with `posix_spawn(3)`: no signal blocked, every signal at its default
    /// action, in a process group of its own, and with no open descriptor of this process besides the three it is given.
    ///
    /// Foundation's `Process` starts a child with the signal dispositions this process ignores (`stories-cli` ignores
    /// SIGPIPE, so a browser it opened did too), and on Linux its `run()` reads `/proc/self/fd` names past the end of
    /// their buffer, which crashed a process with many descriptors open. The caller waits for the child, or does not.
    public enum ProgramSpawn {
        /// The descriptors a child gets as its standard input, output and error. No input means `/dev/null`. Each must be
        /// above 2 or the very stream it becomes (the CLI passes 2 as output and error): they are duplicated in order, so
        /// an earlier one would replace a later one's source.
        public struct StandardStreams: Sendable {
            public var input: Int32?
            public var output: Int32
            public var error: Int32

            public init(input: Int32?, output: Int32, error: Int32) {
                self.input = input
                self.output = output
                self.error = error
            }
        }

        /// Starts `executable` (a path) with `arguments`, and `environment`, or this process's environment without one.
        /// Returns the child's process identifier.
        public static func start(
            _ executable: String,
            arguments: [String],
            environment: [String: String]?,
            streams: StandardStreams
        ) throws(SpawnFailure) -> pid_t {
            func check(_ step: SpawnFailure.Step, _ result: Int32) throws(SpawnFailure) {
                if result != 0 { throw SpawnFailure(executable: executable, step: step, errorNumber: result) }
            }
            var actions = posix_spawn_file_actions_t()
            try check(.preparingDescriptors, posix_spawn_file_actions_init(&actions))
            defer { posix_spawn_file_actions_destroy(&actions) }
            if let input = streams.input {
                try check(.preparingDescriptors, posix_spawn_file_actions_adddup2(&actions, input, STDIN_FILENO))
            } else {
                try check(
                    .preparingDescriptors,
                    posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0))
            }
            try check(.preparingDescriptors, posix_spawn_file_actions_adddup2(&actions, streams.output, STDOUT_FILENO))
            try check(.preparingDescriptors, posix_spawn_file_actions_adddup2(&actions, streams.error, STDERR_FILENO))
            try check(.preparingDescriptors, closeInheritedDescriptors(&actions))

            var attributes = posix_spawnattr_t()
            try check(.preparingSignals, posix_spawnattr_init(&attributes))
            defer { posix_spawnattr_destroy(&attributes) }
            var noSignals = sigset_t()
            sigemptyset(&noSignals)
            var everySignal = sigset_t()
            sigfillset(&everySignal)
            try check(.preparingSignals, posix_spawnattr_setsigmask(&attributes, &noSignals))
            try check(.preparingSignals, posix_spawnattr_setsigdefault(&attributes, &everySignal))
            try check(.preparingSignals, posix_spawnattr_setpgroup(&attributes, 0))
            let flags = POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP
            try check(.preparingSignals, posix_spawnattr_setflags(&attributes, Int16(flags)))

            var identifier: pid_t = 0
            let argv = [executable] + arguments
            let result: Int32
            if let environment {
                result = withCStringArray(argv) { argv in
                    withCStringArray(environment.map { "\($0.key)=\($0.value)" }) { envp in
                        posix_spawn(&identifier, executable, &actions, &attributes, argv, envp)
                    }
                }
            } else {
                result = withCStringArray(argv) { argv in
                    posix_spawn(&identifier, executable, &actions, &attributes, argv, environ)
                }
            }
            try check(.starting, result)
            return identifier
        }

        /// Adds the closing of every descriptor from 3 up. Without it, a pipe's writing end that one child inherits by
        /// accident would keep another pipe's reader from ever seeing the end of its output.
        private static func closeInheritedDescriptors(_ actions: inout posix_spawn_file_actions_t) -> Int32 {
            // glibc 2.34 added posix_spawn_file_actions_addclosefrom_np, in no header Swift imports, so it is looked up by
            // name.
            typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, Int32) -> Int32
            guard let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") else { return ENOSYS }
            return unsafeBitCast(symbol, to: CloseFrom.self)(&actions, 3)
        }

        /// Calls `body` with a null-terminated array of C strings copied from `strings`.
        private static func withCStringArray<Result>(
            _ strings: [String], _ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) -> Result
        ) -> Result {
            let copies = strings.map { strdup($0) } + [nil]
            defer { copies.forEach { free($0) } }
            return copies.withUnsafeBufferPointer { body($0.baseAddress!) }
        }
    }
#endif
