/// The version both executables report with `--version`: one constant, so the CLI and the server never disagree.
public enum StoriesVersion {
    public static let current = "0.2.0"
}
