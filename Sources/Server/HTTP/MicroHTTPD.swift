internal import CMicroHTTPD

#if canImport(Glibc)
    import Glibc
#endif

/// The functions of libmicrohttpd, which is loaded when the first server starts rather
/// than linked: a build has no use for it, and loading it and the TLS libraries it
/// depends on would slow every start of foldmark (see `shim.h`).
enum MicroHTTPD {
    private struct Table: @unchecked Sendable {
        var functions: foldmark_mhd
    }

    private static let loaded: Result<Table, ServerError> = {
        withUnsafeTemporaryAllocation(of: foldmark_mhd.self, capacity: 1) { table in
            guard let pointer = table.baseAddress, foldmark_mhd_load(pointer) == 0 else {
                let reason = dlerror().map { String(cString: $0) } ?? "not found"
                return .failure(
                    ServerError(
                        "cannot load libmicrohttpd, which serves the preview (\(reason)); install libmicrohttpd12"))
            }
            return .success(Table(functions: pointer.pointee))
        }
    }()

    /// Loads the library, once; throws if it cannot be loaded.
    static func load() throws(ServerError) {
        if case .failure(let error) = loaded { throw error }
    }

    /// The functions, for a server that ``load()`` let start.
    static var functions: foldmark_mhd {
        guard case .success(let table) = loaded else {
            preconditionFailure("libmicrohttpd is called before a server started")
        }
        return table.functions
    }

    /// Calls `body` with a pointer to the functions, for the C wrappers of `shim.h`.
    static func withFunctions<T>(_ body: (UnsafePointer<foldmark_mhd>) -> T) -> T {
        withUnsafePointer(to: functions, body)
    }
}
