/// Every string of the index in one UTF-8 buffer, addressed by number.
struct StringTable: Sendable {
    /// String `i` is `bytes[starts[i]..<starts[i + 1]]`.
    let starts: [UInt32]
    let bytes: [UInt8]

    /// The id that means "no string".
    static let none = UInt32.max

    subscript(id: UInt32) -> String {
        let i = Int(id)
        return String(decoding: bytes[Int(starts[i])..<Int(starts[i + 1])], as: UTF8.self)
    }

    func optional(_ id: UInt32) -> String? {
        id == Self.none ? nil : self[id]
    }

    /// Collects strings while an index is built, storing each distinct string once.
    struct Builder {
        private var ids: [String: UInt32] = [:]
        private var starts: [UInt32] = [0]
        private var bytes: [UInt8] = []

        /// A string already added, read back while building: made again from its bytes, so the
        /// builder holds no second copy of every string (the half-million alternate names kept
        /// their `String`s alive to the build's peak through such a list: 20 MB and more).
        func peek(_ id: UInt32) -> String {
            guard id != StringTable.none else { return "" }
            let i = Int(id)
            return bytes.withUnsafeBufferPointer { b in
                String(decoding: UnsafeBufferPointer(rebasing: b[Int(starts[i])..<Int(starts[i + 1])]), as: UTF8.self)
            }
        }

        /// Adds `text` without looking for an equal string: for the half-million alternate names,
        /// where hashing every one costs more than the few repeats save.
        mutating func append(_ text: String) -> UInt32 {
            let id = UInt32(starts.count - 1)
            bytes.append(contentsOf: text.utf8)
            starts.append(UInt32(bytes.count))
            return id
        }

        mutating func id(_ text: String) -> UInt32 {
            if let known = ids[text] { return known }
            let id = UInt32(starts.count - 1)
            bytes.append(contentsOf: text.utf8)
            starts.append(UInt32(bytes.count))
            ids[text] = id
            return id
        }

        func build() -> StringTable {
            StringTable(starts: starts, bytes: bytes)
        }
    }
}
