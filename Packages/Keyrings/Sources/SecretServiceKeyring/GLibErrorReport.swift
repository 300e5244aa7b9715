#if os(Linux)
    import Authorization

    /// What a `GError` said, copied out of it: its domain, code and message, and for an error reply from a D-Bus peer
    /// the remote error's name. The messages of the calls made here never hold a secret.
    struct GLibErrorReport: Equatable {
        var domain: String
        var code: Int32
        var message: String
        var remoteName: String?

        /// Copies `error` (a `GError *`) and frees it; `nil` when there was none.
        init?(taking error: OpaquePointer?, with gio: GIOFunctions) {
            guard let error else { return nil }
            // GError's layout is GLib's stable ABI: { GQuark domain; gint code; gchar *message; }.
            let fields = UnsafeRawPointer(error)
            let quark = fields.load(fromByteOffset: 0, as: UInt32.self)
            code = fields.load(fromByteOffset: MemoryLayout<UInt32>.size, as: Int32.self)
            let text = fields.load(fromByteOffset: MemoryLayout<UnsafeRawPointer>.size, as: UnsafePointer<CChar>?.self)
            domain = gio.quarkToString(quark).map { String(cString: $0) } ?? ""
            message = text.map { String(cString: $0) } ?? ""
            if let name = gio.remoteErrorName(error) {
                remoteName = String(cString: name)
                gio.free(name)
            }
            gio.errorFree(error)
        }

        /// A report made here, for a failure GLib did not raise.
        init(domain: String, code: Int32 = 0, message: String) {
            self.domain = domain
            self.code = code
            self.message = message
        }
    }

    /// How a failure that is none of the known kinds is reported.
    enum UnclassifiedKeyringFailure {
        /// As `KeyringError.unavailable`: the call could not reach a usable Secret Service.
        case unavailable
        /// As `KeyringError.failed`, with the error's domain and code.
        case failed
    }

    extension KeyringError {
        /// The typed failure `report` describes. Only this backend cancels its calls, and only when `deadline` has
        /// passed, so a cancellation is a time-out.
        init(_ report: GLibErrorReport, otherwise: UnclassifiedKeyringFailure, deadline: Duration) {
            // GLib's error codes, as its headers number them (GIOErrorEnum, GDBusError) and libsecret's (SecretError).
            switch (report.domain, report.code, report.remoteName) {
            case ("g-io-error-quark", 19, _): self = .timedOut(deadline: deadline)
            case ("g-dbus-error-quark", 9, _), ("g-io-error-quark", 14, _): self = .denied
            case ("secret-error", 2, _), (_, _, "org.freedesktop.Secret.Error.IsLocked"):
                self = .locked(collection: "default")
            // ServiceUnknown, NameHasNoOwner, NoServer, SpawnServiceNotFound; a bus address that names no socket.
            case ("g-dbus-error-quark", 2, _), ("g-dbus-error-quark", 3, _), ("g-dbus-error-quark", 11, _),
                ("g-dbus-error-quark", 31, _), ("g-io-error-quark", 1, _):
                self = .unavailable(reason: report.message)
            default:
                switch otherwise {
                case .unavailable: self = .unavailable(reason: report.message)
                case .failed: self = .failed(domain: report.domain, code: report.code)
                }
            }
        }
    }
#endif
