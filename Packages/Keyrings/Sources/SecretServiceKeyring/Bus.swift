#if os(Linux)
    /// Method calls to the Secret Service on one GDBus connection, each waited for before the next.
    struct Bus {
        let gio: GIOFunctions
        let connection: OpaquePointer
        let cancellable: OpaquePointer?

        /// `G_DBUS_CALL_FLAGS_NONE`, and GDBus's default timeout: the keyring's own deadline cancels a call sooner.
        private static let noFlags: UInt32 = 0
        private static let defaultTimeout: Int32 = -1

        /// Calls `method` with `arguments` (floating GVariants, which the call consumes) and returns the reply's body,
        /// which must be of `replyType`.
        func call(
            _ path: String, _ interface: String, _ method: String, _ arguments: [OpaquePointer?], replyType: String
        ) throws(BusCallError) -> Variant {
            let parameters = arguments.withUnsafeBufferPointer { gio.variantNewTuple($0.baseAddress, $0.count) }
            var error: OpaquePointer?
            let reply = gio.connectionCall(
                connection, "org.freedesktop.secrets", path, interface, method, parameters, nil, Self.noFlags,
                Self.defaultTimeout, cancellable, &error)
            guard let reply else {
                throw BusCallError(
                    report: GLibErrorReport(taking: error, with: gio)
                        ?? GLibErrorReport(domain: "stories-secret-service", message: "\(method) failed"))
            }
            let body = Variant(gio: gio, owning: reply)
            guard body.typeString == replyType else {
                throw BusCallError(
                    report: GLibErrorReport(
                        domain: "stories-secret-service", code: 2,
                        message: "\(method) answered \(body.typeString), not \(replyType)"))
            }
            return body
        }
    }

    /// A call that failed: what GLib, or the reply's unexpected type, said.
    struct BusCallError: Error {
        let report: GLibErrorReport
    }

    /// A GVariant this side holds a reference to, released when the last copy goes.
    final class Variant {
        private let gio: GIOFunctions
        private let pointer: OpaquePointer

        init(gio: GIOFunctions, owning pointer: OpaquePointer) {
            self.gio = gio
            self.pointer = pointer
        }

        deinit { gio.variantUnref(pointer) }

        /// The GVariant type, e.g. `(o)`.
        var typeString: String { gio.variantTypeString(pointer).map { String(cString: $0) } ?? "" }

        var childCount: Int { gio.variantChildCount(pointer) }

        /// Child `index` of a container the caller knows the type of (checked against the reply type before).
        func child(_ index: Int) -> Variant {
            // A container's child of a checked type always exists; GLib returns a new reference.
            Variant(gio: gio, owning: gio.variantChild(pointer, index)!)
        }

        /// The value inside a variant (`v`).
        var unboxed: Variant { Variant(gio: gio, owning: gio.variantVariant(pointer)!) }

        /// The text of a string or object path.
        var string: String { gio.variantString(pointer, nil).map { String(cString: $0) } ?? "" }

        var boolean: Bool { gio.variantBoolean(pointer) != 0 }

        /// The bytes of a byte array (`ay`).
        var bytes: [UInt8] {
            var count = 0
            guard let start = gio.variantFixedArray(pointer, &count, 1), count > 0 else { return [] }
            return Array(UnsafeRawBufferPointer(start: start, count: count))
        }

        /// Child `index`, an object path.
        func objectPath(_ index: Int) -> String { child(index).string }

        /// Child `index`, an array of object paths.
        func objectPaths(_ index: Int) -> [String] {
            let array = child(index)
            return (0..<array.childCount).map { array.child($0).string }
        }
    }
#endif
