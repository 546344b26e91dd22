// Fuzz target: pasted and typed text in a field (TextEditor): any text and any edits keep the
// field within its length, with the caret and selection inside the text.
import TouchDeskModels

#if !TOUCHDESK_SEED_REPLAY  // the seeds replayed as a test link every target into one binary
@_cdecl("LLVMFuzzerTestOneInput")
#endif
public func fuzzText(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let first = bytes.first else { return 0 }
    var editor = TextEditor("", maxLength: Int(first % 64) + 1)
    // Pieces separated by 0xFF bytes; each piece's first byte says what to do with the rest.
    for piece in bytes.dropFirst().split(separator: 0xFF, omittingEmptySubsequences: false) {
        let op = piece.first ?? 0
        let text = String(decoding: piece.dropFirst(), as: UTF8.self)
        switch op % 8 {
        case 0, 1: editor.insert(text)
        case 2: editor.deleteBackward(word: op & 8 != 0)
        case 3: editor.deleteForward(word: op & 8 != 0)
        case 4: editor.moveLeft(word: op & 8 != 0, extend: op & 16 != 0)
        case 5: editor.moveRight(word: op & 8 != 0, extend: op & 16 != 0)
        case 6: editor.move(to: Int(piece.count) - 3, extend: op & 16 != 0)
        default: editor.selectAll()
        }
        let count = editor.text.count
        guard count <= editor.maxLength, editor.selection.lowerBound >= 0, editor.selection.upperBound <= count else {
            fatalError("field of \(count) characters (max \(editor.maxLength)), selection \(editor.selection)")
        }
        guard !editor.text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7f }) else {
            fatalError("a control character got into the field")
        }
    }
    return 0
}
