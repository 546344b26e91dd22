import TouchDeskInterface

/// Pictures on the Paintbrush canvas: pasted from the clipboard or opened from a file. The model
/// records where a picture goes and how large it is; its pixels stay in the view, under the
/// picture's `id`, for as long as an action in the history or the redo stack names it.

/// A picture placed on the canvas, in points.
public struct PlacedPicture: Equatable, Sendable {
    public var id: Int
    public var origin: Point
    public var size: Size

    public init(id: Int, origin: Point, size: Size) {
        self.id = id
        self.origin = origin
        self.size = size
    }
}

extension PaintModel {
    /// Pastes a picture of `size` points with its top-left corner at `origin`, as one undoable
    /// step; returns its id, under which the view keeps its pixels.
    @discardableResult
    public mutating func paste(size: Size, at origin: Point = .zero) -> Int {
        if current != nil { endStroke(at: nil) }
        let picture = PlacedPicture(id: takePictureID(), origin: origin, size: size)
        record(.paste(picture))
        changes.append(.apply(.paste(picture)))
        return picture.id
    }

    /// Opens a picture of `size` points read from `file`: it replaces the canvas, which takes its
    /// size, and Ctrl+S then writes to `file`. One undoable step: undo brings back the canvas, its
    /// size and the file it was saved to.
    @discardableResult
    public mutating func open(size: Size, file: String) -> Int {
        if current != nil { endStroke(at: nil) }
        let picture = PlacedPicture(id: takePictureID(), origin: .zero, size: size)
        let action = PaintAction.open(picture, file: file, previousFile: self.file)
        record(action)
        self.file = file
        changes.append(.apply(action))
        return picture.id
    }

    /// Save As: Ctrl+S writes to `file` from now on (not an edit, so not undone).
    public mutating func setFile(_ file: String?) { self.file = file }

    /// The size of the picture being edited: that of the last picture opened, if the undo history
    /// holds one, else that of the base; nil: as large as the window shows.
    public var documentSize: Size? {
        for action in history.reversed() {
            if case .open(let p, _, _) = action { return p.size }
        }
        return baseDocumentSize
    }

    /// Starts a new history over a picture the view already holds (one restored from the state
    /// folder): no undo, no redo; brush settings stay.
    public mutating func restart(documentSize: Size?, file: String?) {
        history = []
        redoStack = []
        current = nil
        changes = []
        baseDocumentSize = documentSize
        self.file = file
    }

    /// Puts a picture of `documentSize` under the history (one restored after a picture was
    /// already opened over it).
    public mutating func setBase(documentSize: Size?) { baseDocumentSize = documentSize }

    /// The ids of the pictures an action in the history or the redo stack still names: the view
    /// may let go of any other.
    public var pictureIDsInUse: Set<Int> {
        var ids = Set<Int>()
        for action in history + redoStack {
            switch action {
            case .paste(let p), .open(let p, _, _): ids.insert(p.id)
            case .stroke, .clear: break
            }
        }
        return ids
    }

    private mutating func takePictureID() -> Int {
        defer { nextPictureID += 1 }
        return nextPictureID
    }
}
