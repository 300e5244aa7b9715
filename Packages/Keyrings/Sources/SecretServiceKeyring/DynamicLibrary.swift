#if os(Linux)
    import Glibc

    /// A shared library opened at run time with `dlopen`, so that building needs none of its headers and a machine
    /// without it still runs every command that does not need it (as Chromium loads `libsecret-1.so.0`).
    ///
    /// It is never closed: GLib's libraries register types and threads that outlive any call, and unloading them is
    /// unsupported. `dlopen` counts references, so opening the same library again is cheap and returns the same one.
    ///
    /// `@unchecked Sendable`: `handle` is set once and only read, and `dlsym` may be called from any thread.
    struct DynamicLibrary: @unchecked Sendable {
        /// The file name it was opened by, for messages.
        let name: String
        private let handle: UnsafeMutableRawPointer

        /// Opens `name` (a soname such as `libsecret-1.so.0`, found as the dynamic linker finds libraries).
        init(name: String) throws(DynamicLibraryError) {
            guard let handle = dlopen(name, RTLD_NOW | RTLD_LOCAL) else {
                throw .notLoaded(library: name)
            }
            self.name = name
            self.handle = handle
        }

        /// The function `symbol` as `type`, searched in this library and the libraries it depends on.
        func function<Function>(_ symbol: String, as type: Function.Type) throws(DynamicLibraryError) -> Function {
            guard let address = dlsym(handle, symbol) else {
                throw .missingSymbol(library: name, symbol: symbol)
            }
            return unsafeBitCast(address, to: type)
        }
    }

    /// Why a library could not be used.
    enum DynamicLibraryError: Error, Equatable {
        /// `dlopen` found no such library (not installed), or could not load it.
        case notLoaded(library: String)
        /// The library has no `symbol`: a version too old for these calls.
        case missingSymbol(library: String, symbol: String)
    }
#endif
