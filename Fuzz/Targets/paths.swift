// Fuzz target: file names from the system (any bytes) → Swift strings → back to the same bytes.
@testable import TouchDeskFiles

#if !TOUCHDESK_SEED_REPLAY  // the seeds replayed as a test link every target into one binary
@_cdecl("LLVMFuzzerTestOneInput")
#endif
public func fuzzPaths(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let text = Paths.string(fromSystem: bytes)
    // Lossless: the system call gets exactly the bytes the name had.
    guard Paths.systemBytes(text) == bytes else { fatalError("bytes changed on the way through: \(bytes)") }
    // What a person reads holds no escape scalar.
    guard !Paths.shown(text).unicodeScalars.contains(where: { Paths.escapedByte($0) != nil }) else { fatalError("escape shown: \(bytes)") }
    // Folder and name split the path without losing any of it.
    let folder = Paths.folder(of: text), name = Paths.name(of: text)
    if text.contains("/") && folder != "/" && Paths.systemBytes(folder + "/" + name) != bytes { fatalError("split lost bytes: \(bytes)") }
    // The clean-up's reading of a temporary file's name never traps, and finds a writer only in ours.
    let parsed = StaleFiles.writer(of: bytes)
    if parsed.pid != nil && !bytes.starts(with: [UInt8(ascii: ".")]) { fatalError("a pid in a name not ours: \(bytes)") }
    return 0
}
