#if os(Linux)
    /// The GLib, GObject and GIO functions the Secret Service calls use, resolved from `libgio-2.0.so.0` (which
    /// brings GLib and GObject with it). GLib objects are opaque pointers here: Swift only passes them back to GLib.
    ///
    /// The types follow GLib's headers for the platforms GLib supports: `gboolean` is `Int32`, `gsize` is `Int`
    /// (same width as `size_t`), `GQuark` is `UInt32`, and every `GError **` is a pointer to an opaque pointer.
    struct GIOFunctions: Sendable {
        typealias ErrorOut = UnsafeMutablePointer<OpaquePointer?>
        typealias CString = UnsafePointer<CChar>

        // GLib and GObject
        let cancellableNew: @convention(c) () -> OpaquePointer?
        let cancellableCancel: @convention(c) (OpaquePointer?) -> Void
        let objectUnref: @convention(c) (OpaquePointer?) -> Void
        let errorFree: @convention(c) (OpaquePointer?) -> Void
        let quarkToString: @convention(c) (UInt32) -> CString?
        let free: @convention(c) (UnsafeMutableRawPointer?) -> Void

        // GDBus
        let addressForBus: @convention(c) (Int32, OpaquePointer?, ErrorOut?) -> UnsafeMutablePointer<CChar>?
        let connectionNewForAddress:
            @convention(c) (CString?, UInt32, OpaquePointer?, OpaquePointer?, ErrorOut?) -> OpaquePointer?
        let connectionCall:
            @convention(c) (
                OpaquePointer?, CString?, CString?, CString?, CString?, OpaquePointer?, OpaquePointer?, UInt32, Int32,
                OpaquePointer?, ErrorOut?
            ) -> OpaquePointer?
        let connectionClose: @convention(c) (OpaquePointer?, OpaquePointer?, ErrorOut?) -> Int32
        let connectionStream: @convention(c) (OpaquePointer?) -> OpaquePointer?
        let socketOfConnection: @convention(c) (OpaquePointer?) -> OpaquePointer?
        let socketDescriptor: @convention(c) (OpaquePointer?) -> Int32
        let remoteErrorName: @convention(c) (OpaquePointer?) -> UnsafeMutablePointer<CChar>?

        // GVariant
        let variantNewString: @convention(c) (CString?) -> OpaquePointer?
        let variantNewObjectPath: @convention(c) (CString?) -> OpaquePointer?
        let variantNewVariant: @convention(c) (OpaquePointer?) -> OpaquePointer?
        let variantNewTuple: @convention(c) (UnsafePointer<OpaquePointer?>?, Int) -> OpaquePointer?
        let variantNewArray: @convention(c) (OpaquePointer?, UnsafePointer<OpaquePointer?>?, Int) -> OpaquePointer?
        let variantNewDictEntry: @convention(c) (OpaquePointer?, OpaquePointer?) -> OpaquePointer?
        let variantTypeString: @convention(c) (OpaquePointer?) -> CString?
        let variantChildCount: @convention(c) (OpaquePointer?) -> Int
        let variantChild: @convention(c) (OpaquePointer?, Int) -> OpaquePointer?
        let variantString: @convention(c) (OpaquePointer?, UnsafeMutablePointer<Int>?) -> CString?
        let variantVariant: @convention(c) (OpaquePointer?) -> OpaquePointer?
        let variantBoolean: @convention(c) (OpaquePointer?) -> Int32
        let variantFixedArray: @convention(c) (OpaquePointer?, UnsafeMutablePointer<Int>?, Int) -> UnsafeRawPointer?
        let variantUnref: @convention(c) (OpaquePointer?) -> Void

        /// Resolves every function from `library` (GIO, or a library that depends on it).
        init(_ library: DynamicLibrary) throws(DynamicLibraryError) {
            cancellableNew = try library.function("g_cancellable_new", as: type(of: cancellableNew))
            cancellableCancel = try library.function("g_cancellable_cancel", as: type(of: cancellableCancel))
            objectUnref = try library.function("g_object_unref", as: type(of: objectUnref))
            errorFree = try library.function("g_error_free", as: type(of: errorFree))
            quarkToString = try library.function("g_quark_to_string", as: type(of: quarkToString))
            free = try library.function("g_free", as: type(of: free))
            addressForBus = try library.function("g_dbus_address_get_for_bus_sync", as: type(of: addressForBus))
            connectionNewForAddress = try library.function(
                "g_dbus_connection_new_for_address_sync", as: type(of: connectionNewForAddress))
            connectionCall = try library.function("g_dbus_connection_call_sync", as: type(of: connectionCall))
            connectionClose = try library.function("g_dbus_connection_close_sync", as: type(of: connectionClose))
            connectionStream = try library.function("g_dbus_connection_get_stream", as: type(of: connectionStream))
            socketOfConnection = try library.function(
                "g_socket_connection_get_socket", as: type(of: socketOfConnection))
            socketDescriptor = try library.function("g_socket_get_fd", as: type(of: socketDescriptor))
            remoteErrorName = try library.function("g_dbus_error_get_remote_error", as: type(of: remoteErrorName))
            variantNewString = try library.function("g_variant_new_string", as: type(of: variantNewString))
            variantNewObjectPath = try library.function(
                "g_variant_new_object_path", as: type(of: variantNewObjectPath))
            variantNewVariant = try library.function("g_variant_new_variant", as: type(of: variantNewVariant))
            variantNewTuple = try library.function("g_variant_new_tuple", as: type(of: variantNewTuple))
            variantNewArray = try library.function("g_variant_new_array", as: type(of: variantNewArray))
            variantNewDictEntry = try library.function("g_variant_new_dict_entry", as: type(of: variantNewDictEntry))
            variantTypeString = try library.function("g_variant_get_type_string", as: type(of: variantTypeString))
            variantChildCount = try library.function("g_variant_n_children", as: type(of: variantChildCount))
            variantChild = try library.function("g_variant_get_child_value", as: type(of: variantChild))
            variantString = try library.function("g_variant_get_string", as: type(of: variantString))
            variantVariant = try library.function("g_variant_get_variant", as: type(of: variantVariant))
            variantBoolean = try library.function("g_variant_get_boolean", as: type(of: variantBoolean))
            variantFixedArray = try library.function("g_variant_get_fixed_array", as: type(of: variantFixedArray))
            variantUnref = try library.function("g_variant_unref", as: type(of: variantUnref))
        }
    }
#endif
