/// A 64-bit hash of a file's bytes, eight at a time, to tell whether a file made again is
/// the one already in place without reading that file. (``StableHash`` goes a byte at a
/// time, fine for names, slow for the megabytes of the search index.)
struct ContentHash {
    private(set) var value: UInt64 = 0x243F_6A88_85A3_08D3

    /// Adds `bytes`, and their count, so that where one part ends and the next starts counts.
    mutating func combine(_ bytes: UnsafeBufferPointer<UInt8>) {
        var hash = value
        let raw = UnsafeRawBufferPointer(bytes)
        var offset = 0
        while offset + 8 <= raw.count {
            hash = mix(hash ^ raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            offset += 8
        }
        var last: UInt64 = 0
        while offset < raw.count {
            last = last << 8 | UInt64(raw[offset])
            offset += 1
        }
        value = mix(mix(hash ^ last) ^ UInt64(bytes.count))
    }

    @inline(__always)
    private func mix(_ value: UInt64) -> UInt64 {
        var value = value &* 0x9E37_79B9_7F4A_7C15
        value ^= value >> 31
        return value
    }
}
