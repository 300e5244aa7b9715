#if os(Linux)
    /// The libsecret functions (and the GLib hash table they take attributes in) that store, delete and check a data
    /// key, resolved from `libsecret-1.so.0`. libsecret, rather than D-Bus calls of our own, for everything but the
    /// read: it negotiates an encrypted session and handles the service's prompts as every desktop expects.
    struct LibSecretFunctions: Sendable {
        typealias ErrorOut = UnsafeMutablePointer<OpaquePointer?>
        typealias CString = UnsafePointer<CChar>

        let schemaNew: @convention(c) (CString?, Int32, OpaquePointer?) -> OpaquePointer?
        let schemaUnref: @convention(c) (OpaquePointer?) -> Void
        let passwordLookup:
            @convention(c) (OpaquePointer?, OpaquePointer?, OpaquePointer?, ErrorOut?) -> UnsafeMutablePointer<CChar>?
        let passwordStore:
            @convention(c) (
                OpaquePointer?, OpaquePointer?, CString?, CString?, CString?, OpaquePointer?, ErrorOut?
            ) -> Int32
        let passwordClear: @convention(c) (OpaquePointer?, OpaquePointer?, OpaquePointer?, ErrorOut?) -> Int32
        let passwordFree: @convention(c) (UnsafeMutablePointer<CChar>?) -> Void
        let serviceGet: @convention(c) (Int32, OpaquePointer?, ErrorOut?) -> OpaquePointer?
        let collectionForAlias:
            @convention(c) (OpaquePointer?, CString?, Int32, OpaquePointer?, ErrorOut?) -> OpaquePointer?
        let collectionLocked: @convention(c) (OpaquePointer?) -> Int32

        typealias StringHash = @convention(c) (UnsafeRawPointer?) -> UInt32
        typealias StringEqual = @convention(c) (UnsafeRawPointer?, UnsafeRawPointer?) -> Int32
        let hashTableNew: @convention(c) (StringHash?, StringEqual?) -> OpaquePointer?
        let hashTableInsert:
            @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Int32
        let hashTableUnref: @convention(c) (OpaquePointer?) -> Void
        /// `g_str_hash` and `g_str_equal`, for a table keyed by strings.
        let stringHash: StringHash
        let stringEqual: StringEqual

        /// Resolves every function from `library` (libsecret, which brings GLib with it).
        init(_ library: DynamicLibrary) throws(DynamicLibraryError) {
            schemaNew = try library.function("secret_schema_newv", as: type(of: schemaNew))
            schemaUnref = try library.function("secret_schema_unref", as: type(of: schemaUnref))
            passwordLookup = try library.function("secret_password_lookupv_sync", as: type(of: passwordLookup))
            passwordStore = try library.function("secret_password_storev_sync", as: type(of: passwordStore))
            passwordClear = try library.function("secret_password_clearv_sync", as: type(of: passwordClear))
            passwordFree = try library.function("secret_password_free", as: type(of: passwordFree))
            serviceGet = try library.function("secret_service_get_sync", as: type(of: serviceGet))
            collectionForAlias = try library.function(
                "secret_collection_for_alias_sync", as: type(of: collectionForAlias))
            collectionLocked = try library.function("secret_collection_get_locked", as: type(of: collectionLocked))
            hashTableNew = try library.function("g_hash_table_new", as: type(of: hashTableNew))
            hashTableInsert = try library.function("g_hash_table_insert", as: type(of: hashTableInsert))
            hashTableUnref = try library.function("g_hash_table_unref", as: type(of: hashTableUnref))
            stringHash = try library.function("g_str_hash", as: StringHash.self)
            stringEqual = try library.function("g_str_equal", as: StringEqual.self)
        }
    }
#endif
