import ArgumentParser

/// `--insecure-storage`, on every command that can create the credentials file (`login`, `register`): the one way, on
/// the command line, to keep a new file's tokens in the file itself where no OS keyring can seal them.
struct NewFileStorageOptions: ParsableArguments {
    @Flag(help: "Keep tokens in the 0600 file, not in the OS keyring.")
    var insecureStorage = false

    /// Makes a new credentials file plain when the flag is given; the environment's choice stands otherwise.
    func adjust(_ context: inout CommandContext) {
        if insecureStorage { context.newFileStorage = .plain }
    }
}
