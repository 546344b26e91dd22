// Fuzz target: `user-dirs.dirs` (where XDG_PICTURES_DIR says pictures go): any text gives an
// absolute path the system calls can take (no NUL byte to cut it short), or none.
import TouchDeskFiles

#if !TOUCHDESK_SEED_REPLAY  // the seeds replayed as a test link every target into one binary
@_cdecl("LLVMFuzzerTestOneInput")
#endif
public func fuzzUserDirs(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    for (name, folder) in UserDirs.parse(text, home: "/home/fuzz") {
        guard folder.hasPrefix("/"), !folder.utf8.contains(0), !folder.contains("\n") else {
            fatalError("user-dirs.dirs \(Array(text.utf8)) gave the \(name) folder \(Array(folder.utf8))")
        }
    }
    return 0
}
