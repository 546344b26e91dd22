import TouchDeskInterface
/// The editing rules of a one-line text field: text, caret, selection, and what each key does.
///
/// Pure state, no drawing: positions count characters (grapheme clusters), so an accented letter
/// typed through a dead key or an emoji is one step for the caret and one Backspace.

public struct TextEditor: Equatable, Sendable {
    /// The text, one element per character the user sees.
    public private(set) var characters: [Character]
    /// Where typing goes: 0 … characters.count.
    public private(set) var caret: Int
    /// The other end of the selection; equal to `caret` when nothing is selected.
    public private(set) var anchor: Int
    /// The most characters the field holds; typing or pasting past it is cut short.
    public var maxLength: Int
    /// How many characters the last `insert` left out because the field was full (0 when none).
    public private(set) var droppedByLastInsert = 0
    /// The most Unicode scalars one character may carry: a letter with a few accents needs a
    /// handful; a "character" of thousands of combining marks would make every key slow.
    public static let maxScalarsPerCharacter = 16

    public init(_ text: String = "", maxLength: Int = 256) {
        self.maxLength = max(1, maxLength)
        characters = Self.cleaned(text, room: self.maxLength).characters
        caret = characters.count
        anchor = caret
        resegment()
    }

    public var text: String { String(characters) }
    public var selection: Range<Int> { min(caret, anchor)..<max(caret, anchor) }
    public var hasSelection: Bool { caret != anchor }
    public var selectedText: String { String(characters[selection]) }

    // MARK: - Changing the text

    /// Replaces the selection (or inserts at the caret) with `s`; line breaks and tabs become
    /// spaces, other control characters are dropped, and the length is capped at `maxLength`.
    /// Returns false when nothing changed.
    @discardableResult
    public mutating func insert(_ s: String) -> Bool {
        let r = selection
        let room = max(0, maxLength - (characters.count - r.count))
        let (piece, dropped) = Self.cleaned(s, room: room)
        droppedByLastInsert = dropped
        if piece.isEmpty && r.isEmpty { return false }
        characters.replaceSubrange(r, with: piece)
        caret = r.lowerBound + piece.count
        anchor = caret
        resegment()
        return true
    }

    /// Keeps one element per character of the text: an edit can bring together pieces that form
    /// one character (a letter, then a combining mark that stood alone), which the text then
    /// counts once. Found by fuzzing: the caret was left past the end of the text.
    private mutating func resegment() {
        let whole = Array(String(characters))
        guard whole.count != characters.count else { return }
        // Positions keep their place in the text's bytes, rounded down to a character boundary.
        func moved(_ position: Int) -> Int {
            let offset = characters[..<position].reduce(0) { $0 + $1.utf8.count }
            var bytes = 0, index = 0
            while index < whole.count, bytes + whole[index].utf8.count <= offset { bytes += whole[index].utf8.count; index += 1 }
            return index
        }
        let (c, a) = (moved(caret), moved(anchor))
        characters = whole.map(Self.bounded)
        caret = c; anchor = a
    }

    /// The characters of `s` a field may hold, at most `room` of them, and how many were left out:
    /// line breaks and tabs become spaces, other control characters are dropped.
    static func cleaned(_ s: String, room: Int) -> (characters: [Character], dropped: Int) {
        var cleaned: [Character] = []
        var dropped = 0
        for c in s {
            if cleaned.count == room { dropped += 1; continue }
            if c == "\n" || c == "\r\n" || c == "\r" || c == "\t" { cleaned.append(" "); continue }
            if c.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7f }) { continue }
            cleaned.append(bounded(c))
        }
        return (cleaned, dropped)
    }

    /// `c` with combining marks beyond `maxScalarsPerCharacter` left out.
    static func bounded(_ c: Character) -> Character {
        let scalars = c.unicodeScalars
        guard scalars.count > maxScalarsPerCharacter else { return c }
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars.prefix(maxScalarsPerCharacter))
        return Character(String(view))
    }

    /// Replaces the whole text (cleaned as `insert` cleans it) and puts the caret at its end.
    public mutating func setText(_ s: String) {
        characters = Self.cleaned(s, room: maxLength).characters
        caret = characters.count
        anchor = caret
        resegment()
    }

    /// Backspace: deletes the selection, else the character before the caret (`word`: the word).
    @discardableResult
    public mutating func deleteBackward(word: Bool = false) -> Bool {
        if hasSelection { return insert("") }
        guard caret > 0 else { return false }
        let from = word ? wordStart(before: caret) : caret - 1
        characters.removeSubrange(from..<caret)
        caret = from; anchor = from
        resegment()
        return true
    }

    /// Delete: deletes the selection, else the character after the caret (`word`: the word).
    @discardableResult
    public mutating func deleteForward(word: Bool = false) -> Bool {
        if hasSelection { return insert("") }
        guard caret < characters.count else { return false }
        let to = word ? wordEnd(after: caret) : caret + 1
        characters.removeSubrange(caret..<to)
        resegment()
        return true
    }

    // MARK: - Moving

    /// Moves the caret to `position` (clamped); with `extend` the anchor stays, selecting between.
    public mutating func move(to position: Int, extend: Bool = false) {
        caret = min(max(0, position), characters.count)
        if !extend { anchor = caret }
    }

    /// Left: one character (or one word) back; without `extend`, a selection collapses to its start.
    public mutating func moveLeft(word: Bool = false, extend: Bool = false) {
        if hasSelection && !extend && !word { move(to: selection.lowerBound); return }
        move(to: word ? wordStart(before: caret) : caret - 1, extend: extend)
    }

    /// Right: one character (or one word) on; without `extend`, a selection collapses to its end.
    public mutating func moveRight(word: Bool = false, extend: Bool = false) {
        if hasSelection && !extend && !word { move(to: selection.upperBound); return }
        move(to: word ? wordEnd(after: caret) : caret + 1, extend: extend)
    }

    public mutating func moveHome(extend: Bool = false) { move(to: 0, extend: extend) }
    public mutating func moveEnd(extend: Bool = false) { move(to: characters.count, extend: extend) }

    public mutating func selectAll() {
        anchor = 0
        caret = characters.count
    }

    /// Letters, digits and underscore make words for Ctrl+Left/Right and Ctrl+Backspace.
    func isWordCharacter(_ c: Character) -> Bool { c.isLetter || c.isNumber || c == "_" }

    /// The start of the word before `i`: skip spaces/punctuation back, then word characters.
    public func wordStart(before i: Int) -> Int {
        var j = i
        while j > 0 && !isWordCharacter(characters[j - 1]) { j -= 1 }
        while j > 0 && isWordCharacter(characters[j - 1]) { j -= 1 }
        return j
    }

    /// The end of the word after `i`: skip spaces/punctuation on, then word characters.
    public func wordEnd(after i: Int) -> Int {
        var j = i
        while j < characters.count && !isWordCharacter(characters[j]) { j += 1 }
        while j < characters.count && isWordCharacter(characters[j]) { j += 1 }
        return j
    }

    // MARK: - Keys

    /// What a key did to the field, so the widget knows what to tell the app or the host.
    public enum KeyOutcome: Equatable, Sendable {
        /// The key is not an editing key (Tab, Escape, F-keys…): someone else may use it.
        case unhandled
        /// The caret or selection moved; the text is the same.
        case moved
        /// The text changed.
        case edited
        /// Enter: the user asks to act on the text.
        case submit
        /// Ctrl+C: put this text on the clipboard.
        case copy(String)
        /// Ctrl+X: the selection was removed; put this text on the clipboard.
        case cut(String)
        /// Ctrl+V: ask for the clipboard's text.
        case paste
        /// An editing key that changed nothing (Backspace at the start…): used, but no news.
        case none
    }

    /// Applies one key press with the usual desktop meanings (Ctrl moves by words, Shift extends).
    public mutating func apply(_ key: Key) -> KeyOutcome {
        let ctrl = key.control, shift = key.shift
        switch key.name {
        case "Left", "KP_Left": moveLeft(word: ctrl, extend: shift); return .moved
        case "Right", "KP_Right": moveRight(word: ctrl, extend: shift); return .moved
        case "Home", "KP_Home", "Up", "KP_Up": moveHome(extend: shift); return .moved
        case "End", "KP_End", "Down", "KP_Down": moveEnd(extend: shift); return .moved
        case "BackSpace": return deleteBackward(word: ctrl) ? .edited : .none
        case "Delete", "KP_Delete": return deleteForward(word: ctrl) ? .edited : .none
        case "Return", "KP_Enter": return .submit
        default: break
        }
        if ctrl && !key.alt {
            switch key.name.lowercased() {
            case "a": selectAll(); return .moved
            case "c": return hasSelection ? .copy(selectedText) : .none
            case "x":
                guard hasSelection else { return .none }
                let s = selectedText
                insert("")
                return .cut(s)
            case "v": return .paste
            default: return .unhandled
            }
        }
        guard !key.text.isEmpty else { return .unhandled }
        return insert(key.text) ? .edited : .none
    }
}
