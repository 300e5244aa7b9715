#if os(Linux)
    /// The names a data key's item carries in the Secret Service, the same for libsecret's calls and the plain-session
    /// read so that both find the same item.
    enum SecretServiceItem {
        /// The schema's name; libsecret stores it as the item's `xdg:schema` attribute, so another application's
        /// item with the same attributes is never read as ours.
        static let schemaName = "org.stories.CredentialsDataKey"
        /// The `application` attribute; the other, `file`, is the credentials file's id.
        static let application = "stories-cli"
        /// The collection every item goes to: the user's default one (usually "login").
        static let collectionAlias = "default"
        /// The longest secret that can be a data key: 32 bytes are 44 characters of base64.
        static let longestSecret = 128

        /// The attributes that find the item of the file `fileID`.
        static func attributes(fileID: String) -> [(String, String)] {
            [("application", application), ("file", fileID)]
        }
    }
#endif
