#if os(Linux)
    import Authorization
    import Glibc

    /// Checks, reads, stores and deletes data keys through libsecret, in its encrypted session.
    struct LibSecretCalls {
        let gio: GIOFunctions
        let secret: LibSecretFunctions
        let deadline: Duration

        /// `SECRET_SERVICE_NONE`, `SECRET_COLLECTION_NONE`, `SECRET_SCHEMA_NONE`.
        private static let noFlags: Int32 = 0

        /// Throws unless the Secret Service is reachable and its default collection exists and is unlocked (asking
        /// for a locked collection's items would prompt to unlock it, which no one may see).
        func check(cancellable: OpaquePointer?) throws(KeyringError) {
            var error: OpaquePointer?
            guard let service = secret.serviceGet(Self.noFlags, cancellable, &error) else {
                // Any failure to reach the service (no session bus, nothing owning its name) is "unavailable".
                throw failure(error, otherwise: .unavailable)
            }
            let collection = secret.collectionForAlias(
                service, SecretServiceItem.collectionAlias, Self.noFlags, cancellable, &error)
            gio.objectUnref(service)
            guard let collection else {
                if error != nil { throw failure(error, otherwise: .failed) }
                throw .unavailable(reason: "the Secret Service has no default collection")
            }
            let locked = secret.collectionLocked(collection) != 0
            gio.objectUnref(collection)
            if locked { throw .locked(collection: SecretServiceItem.collectionAlias) }
        }

        /// The secret stored for `fileID`.
        func lookup(fileID: String, cancellable: OpaquePointer?) throws(KeyringError) -> [UInt8] {
            try check(cancellable: cancellable)
            var error: OpaquePointer?
            let found = withSchemaAndAttributes(fileID: fileID) { schema, attributes in
                secret.passwordLookup(schema, attributes, cancellable, &error)
            }
            if error != nil { throw failure(error, otherwise: .failed) }
            guard let found else { throw .keyMissing(fileID: fileID) }
            // secret_password_free wipes the text before freeing it.
            defer { secret.passwordFree(found) }
            let length = strlen(found)
            guard length < SecretServiceItem.longestSecret else { throw .malformedKey(fileID: fileID) }
            return Array(UnsafeRawBufferPointer(start: found, count: length))
        }

        /// Stores `value` for `fileID` in the default collection under `label`, replacing any.
        func store(_ value: String, fileID: String, label: String, cancellable: OpaquePointer?) throws(KeyringError) {
            try check(cancellable: cancellable)
            var error: OpaquePointer?
            let stored = withSchemaAndAttributes(fileID: fileID) { schema, attributes in
                secret.passwordStore(
                    schema, attributes, SecretServiceItem.collectionAlias, label, value, cancellable, &error)
            }
            if stored == 0 { throw failure(error, otherwise: .failed) }
        }

        /// Deletes the secret stored for `fileID`; one that is not there is not an error.
        func clear(fileID: String, cancellable: OpaquePointer?) throws(KeyringError) {
            try check(cancellable: cancellable)
            var error: OpaquePointer?
            _ = withSchemaAndAttributes(fileID: fileID) { schema, attributes in
                secret.passwordClear(schema, attributes, cancellable, &error)
            }
            // FALSE without an error: there was nothing to delete.
            if error != nil { throw failure(error, otherwise: .failed) }
        }

        /// Calls `body` with the item's schema and the attributes of `fileID`'s item, both freed after.
        private func withSchemaAndAttributes<T>(
            fileID: String, _ body: (OpaquePointer?, OpaquePointer?) -> T
        ) -> T {
            // Every key and value must outlive the tables, which only point at them.
            let strings =
                [SecretServiceItem.schemaName]
                + SecretServiceItem.attributes(fileID: fileID).flatMap {
                    [$0.0, $0.1]
                }
            let copies = strings.map { strdup($0) }
            defer { copies.forEach { Glibc.free($0) } }
            let names = secret.hashTableNew(secret.stringHash, secret.stringEqual)
            let attributes = secret.hashTableNew(secret.stringHash, secret.stringEqual)
            defer {
                secret.hashTableUnref(names)
                secret.hashTableUnref(attributes)
            }
            for pair in stride(from: 1, to: copies.count, by: 2) {
                // The value of a schema's attribute is its type: SECRET_SCHEMA_ATTRIBUTE_STRING, 0.
                _ = secret.hashTableInsert(names, UnsafeMutableRawPointer(copies[pair]), nil)
                _ = secret.hashTableInsert(
                    attributes, UnsafeMutableRawPointer(copies[pair]), UnsafeMutableRawPointer(copies[pair + 1]))
            }
            let schema = secret.schemaNew(copies[0], Self.noFlags, names)
            defer { secret.schemaUnref(schema) }
            return body(schema, attributes)
        }

        private func failure(_ error: OpaquePointer?, otherwise: UnclassifiedKeyringFailure) -> KeyringError {
            let report =
                GLibErrorReport(taking: error, with: gio)
                ?? GLibErrorReport(domain: "stories-secret-service", message: "libsecret reported no error")
            return KeyringError(report, otherwise: otherwise, deadline: deadline)
        }
    }
#endif
