#if os(Linux)
    import Authorization
    import Glibc

    /// The read every command on a sealed file makes, as GDBus's ordinary synchronous calls on a connection of its
    /// own, one after another: `ReadAlias`, `OpenSession("plain")`, `SearchItems`, `GetSecrets` (and, when nothing is
    /// found, the collection's `Locked` property).
    ///
    /// Why not libsecret here (it still stores, deletes and checks): its read makes about 23 D-Bus calls and
    /// negotiates a Diffie-Hellman session whose 1024-bit exponentiations are most of its time (measured
    /// when this read was written; docs/PERFORMANCE.md has what the keyring adds now). A plain session puts the key in the bus's messages unencrypted, so it is
    /// used only on a Unix socket to a bus daemon of this user: every process that could read those messages runs as
    /// this user or root and could ask the unlocked collection for the key itself. gh reads the same service the same
    /// way (go-keyring, a plain session over godbus). On any other bus the read goes through libsecret.
    ///
    /// The calls wait for each answer before the next: gnome-keyring-daemon registers a client from its main loop,
    /// and an `OpenSession` it handles before that aborts it (gnome-keyring issues 190 and 194); the answer to
    /// `ReadAlias` comes after the registration.
    struct PlainSessionRead {
        /// The item's secret, or the typed failure.
        typealias KeyRead = Result<[UInt8], KeyringError>

        /// What the read found.
        enum Outcome: Equatable {
            /// The item's secret, or the typed failure.
            case read(KeyRead)
            /// This read does not apply (not the user's own bus, or a service without plain sessions): use libsecret.
            case useLibSecret
        }

        let gio: GIOFunctions
        let deadline: Duration

        private static let service = "org.freedesktop.secrets"
        private static let servicePath = "/org/freedesktop/secrets"
        private static let serviceInterface = "org.freedesktop.Secret.Service"

        /// Whether libsecret itself would use the Secret Service (its `secret-backend.c`, on the safe side): in a
        /// Flatpak or Snap sandbox, or with `SECRET_BACKEND` set to another backend, it may keep items elsewhere, and
        /// there libsecret must read what libsecret stored.
        static func libSecretUsesService(environment: [String: String], sandboxed: Bool) -> Bool {
            if sandboxed || environment["SNAP_NAME"] != nil { return false }
            let backend = environment["SECRET_BACKEND"] ?? ""
            return backend.isEmpty || backend == "service"
        }

        /// Reads the data key of `fileID`, the calls cancelled through `cancellable` when the deadline passes.
        func read(fileID: String, cancellable: OpaquePointer?) -> Outcome {
            var error: OpaquePointer?
            guard let address = gio.addressForBus(Self.sessionBus, cancellable, &error) else {
                return .read(.failure(failure(error, otherwise: .unavailable)))
            }
            let addressText = String(cString: address)
            gio.free(address)
            // Every address GDBus may try must be a Unix socket; the peer's user is checked once connected.
            guard addressText.split(separator: ";").allSatisfy({ $0.hasPrefix("unix:") }) else { return .useLibSecret }
            guard
                let connection = addressText.withCString({
                    gio.connectionNewForAddress($0, Self.clientOfMessageBus, nil, cancellable, &error)
                })
            else {
                return .read(.failure(failure(error, otherwise: .unavailable)))
            }
            defer {
                // Leaving the bus ends the session: the service closes the sessions of a client that goes.
                _ = gio.connectionClose(connection, nil, nil)
                gio.objectUnref(connection)
            }
            guard busDaemonIsThisUser(connection) else { return .useLibSecret }
            return read(fileID: fileID, on: connection, cancellable: cancellable)
        }

        private func read(fileID: String, on connection: OpaquePointer, cancellable: OpaquePointer?) -> Outcome {
            let bus = Bus(gio: gio, connection: connection, cancellable: cancellable)
            var collection = ""
            var session = ""
            do {
                let alias = try bus.call(
                    Self.servicePath, Self.serviceInterface, "ReadAlias", [variant(SecretServiceItem.collectionAlias)],
                    replyType: "(o)")
                collection = alias.objectPath(0)
                let opened = try bus.call(
                    Self.servicePath, Self.serviceInterface, "OpenSession",
                    [variant("plain"), gio.variantNewVariant(variant(""))], replyType: "(vo)")
                session = opened.objectPath(1)
            } catch {
                // A service that offers no plain session: libsecret negotiates another.
                if error.report.domain == "g-dbus-error-quark" && error.report.code == 7 { return .useLibSecret }
                return .read(.failure(KeyringError(error.report, otherwise: .unavailable, deadline: deadline)))
            }
            do {
                var attributes = SecretServiceItem.attributes(fileID: fileID)
                attributes.append(("xdg:schema", SecretServiceItem.schemaName))
                let entries = attributes.map { gio.variantNewDictEntry(variant($0.0), variant($0.1)) }
                let found = try bus.call(
                    Self.servicePath, Self.serviceInterface, "SearchItems",
                    [entries.withUnsafeBufferPointer { gio.variantNewArray(nil, $0.baseAddress, $0.count) }],
                    replyType: "(aoao)")
                if let item = found.objectPaths(0).first {
                    return .read(try secret(of: item, session: session, bus: bus))
                }
                if let item = found.objectPaths(1).first {
                    // Reading it would mean unlocking it, which would prompt: report it instead.
                    return .read(.failure(.locked(collection: Self.collectionName(ofItem: item))))
                }
                return .read(.failure(try miss(collection: collection, bus: bus, fileID: fileID)))
            } catch {
                return .read(.failure(KeyringError(error.report, otherwise: .failed, deadline: deadline)))
            }
        }

        /// The secret `GetSecrets` returns for `item`.
        private func secret(of item: String, session: String, bus: Bus) throws(BusCallError) -> KeyRead {
            let items = [gio.variantNewObjectPath(item)]
            let secrets = try bus.call(
                Self.servicePath, Self.serviceInterface, "GetSecrets",
                [items.withUnsafeBufferPointer { gio.variantNewArray(nil, $0.baseAddress, 1) }, objectPath(session)],
                replyType: "(a{o(oayays)})")
            let dictionary = secrets.child(0)
            for index in 0..<dictionary.childCount {
                let entry = dictionary.child(index)
                guard entry.objectPath(0) == item else { continue }
                let bytes = entry.child(1).child(2).bytes
                guard bytes.count < SecretServiceItem.longestSecret, !bytes.contains(0) else {
                    return .failure(.failed(domain: "stories-secret-service", code: 1))
                }
                return .success(bytes)
            }
            // Locked between the search and the read.
            return .failure(.locked(collection: Self.collectionName(ofItem: item)))
        }

        /// No item matched: missing, unless the default collection is missing or locked (a locked collection may keep
        /// its items from a search, and a key reported missing would make a sign-in start the file over).
        private func miss(collection: String, bus: Bus, fileID: String) throws(BusCallError) -> KeyringError {
            guard collection != "/" else { return .unavailable(reason: "the Secret Service has no default collection") }
            let locked = try bus.call(
                collection, "org.freedesktop.DBus.Properties", "Get",
                [variant("org.freedesktop.Secret.Collection"), variant("Locked")], replyType: "(v)")
            let value = locked.child(0).unboxed
            if value.typeString == "b" && value.boolean { return .locked(collection: "default") }
            return .keyMissing(fileID: fileID)
        }

        /// The collection `item` is in (its path's segment after "collection/"), for a message.
        static func collectionName(ofItem item: String) -> String {
            let segments = item.split(separator: "/")
            guard let index = segments.firstIndex(of: "collection"), index + 1 < segments.count else {
                return "default"
            }
            return String(segments[index + 1])
        }

        /// Whether the other end of the connection's Unix socket, the bus daemon, runs as this process's user.
        private func busDaemonIsThisUser(_ connection: OpaquePointer) -> Bool {
            let descriptor = gio.socketDescriptor(gio.socketOfConnection(gio.connectionStream(connection)))
            guard descriptor >= 0 else { return false }
            var credentials = PeerCredentials()
            var length = socklen_t(MemoryLayout<PeerCredentials>.size)
            guard getsockopt(descriptor, SOL_SOCKET, SO_PEERCRED, &credentials, &length) == 0 else { return false }
            return credentials.uid == getuid()
        }

        private func failure(_ error: OpaquePointer?, otherwise: UnclassifiedKeyringFailure) -> KeyringError {
            let report =
                GLibErrorReport(taking: error, with: gio)
                ?? GLibErrorReport(domain: "stories-secret-service", message: "GLib reported no error")
            return KeyringError(report, otherwise: otherwise, deadline: deadline)
        }

        private func variant(_ text: String) -> OpaquePointer? { gio.variantNewString(text) }
        private func objectPath(_ path: String) -> OpaquePointer? { gio.variantNewObjectPath(path) }

        /// Linux's `struct ucred`, which Glibc's module does not export (it needs `_GNU_SOURCE`).
        private struct PeerCredentials {
            var pid: Int32 = 0
            var uid: UInt32 = 0
            var gid: UInt32 = 0
        }

        /// `G_BUS_TYPE_SESSION`.
        private static let sessionBus: Int32 = 2
        /// `G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT | G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION`: a client
        /// of a message bus, which authenticates and says Hello before the connection is returned.
        private static let clientOfMessageBus: UInt32 = 1 | 8
    }
#endif
