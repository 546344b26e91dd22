/// Rows of a comma-separated file as the data packages write it: fields in double quotes may
/// hold commas, line breaks and doubled quotes; the first row names the columns.
struct CSVRows {
    /// Each row as its fields, the header row left out, with the header's column numbers.
    static func parse(_ bytes: [UInt8]) -> (columns: [String: Int], rows: [[String]]) {
        var rows: [[String]] = []
        var row: [String] = []
        var field: [UInt8] = []
        var quoted = false
        var i = 0
        func endField() {
            row.append(String(decoding: field, as: UTF8.self))
            field.removeAll(keepingCapacity: true)
        }
        while i < bytes.count {
            let b = bytes[i]
            if quoted {
                if b == 0x22 {
                    if i + 1 < bytes.count && bytes[i + 1] == 0x22 { field.append(0x22); i += 1 } else { quoted = false }
                } else {
                    field.append(b)
                }
            } else if b == 0x22 && field.isEmpty {
                quoted = true
            } else if b == 0x2C {
                endField()
            } else if b == 0x0A {
                endField()
                rows.append(row)
                row.removeAll(keepingCapacity: true)
            } else if b != 0x0D {
                field.append(b)
            }
            i += 1
        }
        if !field.isEmpty || !row.isEmpty {
            endField()
            rows.append(row)
        }
        guard let header = rows.first else { return ([:], []) }
        var columns: [String: Int] = [:]
        for (n, name) in header.enumerated() { columns[name] = n }
        return (columns, Array(rows.dropFirst()))
    }
}
