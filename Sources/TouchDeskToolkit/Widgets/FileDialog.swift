import Foundation
import TouchDeskDrawing
import TouchDeskFiles
import TouchDeskInterface

/// TouchDesk's own file dialog, drawn like every other screen: places down the side (Home,
/// Desktop, Pictures, Downloads, Recent), the folder's entries with thumbnails of pictures,
/// sorting by name, date or size, a field for a name or a path (Tab completes it), and the
/// buttons. It reads folders through `FileChooser` and decides nothing about the file chosen: it
/// hands back the path, and its owner checks it, asks (`ask(_:about:)`) or shows why not
/// (`show(_:isError:)`).
///
/// Keys: ↑ ↓ PgUp PgDn move in the list, Enter opens a folder or chooses a file (or what the field
/// says), Backspace in the list (or in an empty field) goes up a folder, Tab completes the field
/// (and with nothing to complete, goes to the list), a letter typed in the list goes to the field,
/// Ctrl+H shows hidden files, Ctrl+G shows a grid of thumbnails (←, → then move across it),
/// Ctrl+1/2/3 sort, Alt+1… go to the places, Esc closes. Mouse: click selects, double-click opens,
/// the wheel scrolls.
public final class FileDialog {
    public enum Mode { case open, save }
    public enum Outcome: Equatable {
        /// The event was used (or ignored) and nothing was decided.
        case none
        /// Enter, the accept button or a double-click, with the chosen path (absolute, or "" when
        /// nothing was typed).
        case submitted(String)
        /// The yes button of a question, with the path it asked about.
        case confirmed(String)
        /// Esc or Cancel outside a question: the dialog should close.
        case cancelled
    }
    /// A question's two buttons.
    nonisolated public enum Answer: String, ControlID { case yes, no }

    nonisolated public enum Control: ControlID {
        case accept, cancel, parent, hidden, grid, sortName, sortDate, sortSize

        public var name: String { "\(self)" }
    }

    nonisolated public enum Place: ControlID {
        case place(Int)
        public var name: String { if case .place(let i) = self { "place.\(i)" } else { "" } }
    }

    public let mode: Mode
    public let title: String
    /// The names `FileChooser.standardPlaces` gives (TouchDeskFiles has no catalogue), listed for
    /// the catalogue: the buttons show `tr(name)`.
    static let placeNames = [translatable("Home"), translatable("Desktop"), translatable("Pictures"), translatable("Downloads"), translatable("Recent")]
    /// The line under the heading: the folder shown.
    public var folderNote: String { chooser.location == .recent ? tr("Recent files") : Paths.abbreviatingHome(chooser.folder, home: chooser.home) }
    public private(set) var chooser: FileChooser
    public let form = Form<Control>()
    public let field: TextField
    public let places = Controls<Place>()
    let questionControls = Controls<Answer>()
    /// The latest message (an error in red), shown under the list.
    public private(set) var message: String?
    public private(set) var messageIsError = false
    public private(set) var question: (text: String, path: String)?
    /// Set while the owner does the work (a save being written): input waits.
    public var busy: String?
    /// True when keys go to the list rather than the field.
    public private(set) var listHasFocus: Bool
    /// The first entry shown (in a grid, the first of its row).
    public private(set) var scrollTop = 0
    /// The files as a grid of thumbnails (Ctrl+G) rather than a list.
    public private(set) var isGrid = false
    /// Where the recent files come from (`RecentFiles`): read when Recent is chosen.
    public let recentList: String?
    let thumbnails: FileDialogThumbnails
    private var thumbnailsBusy = false

    private(set) var box = Rect.zero
    private(set) var listRect = Rect.zero
    private(set) var placesRect = Rect.zero
    private(set) var messageTop = 0.0
    private var area: Size?
    /// Ticks since the last click in the list, and the row it hit: two on one row are a double-click.
    private var sinceClick = 1000
    private var lastClickRow: Int?

    /// A box lower than this packs tighter: lower rows and heading, smaller gaps.
    static let compactHeight = 480.0
    /// The list's row and header heights: rows of 12-point names with 15-point thumbnails, denser
    /// than a desktop file chooser's (28 rows in a 900 × 640 window, where GTK's shows 23; they
    /// were 9, then 15).
    public let rowHeight = 17.0
    private(set) var headerHeight = 18.0
    private(set) var isCompactLayout = false
    /// Heading and toggles on one line, the field with Cancel and the accept button on the next
    /// (false: the buttons along the bottom, in a narrow box).
    private(set) var isWideLayout = false
    /// The heading's line: its middle, and where its text must end.
    private(set) var headingY = 0.0
    private(set) var headingRight = 0.0
    /// The message or question's height: 0 with none, one line or two when it needs them.
    private(set) var messageHeight = 0.0
    public static let doubleClickTicks = 24

    /// - Parameters:
    ///   - accept: the accept button's label ("Save", "Open").
    ///   - yes: the question's yes button ("Replace", "Open") and its letter key.
    ///   - name: what the field starts with (Save: the suggested name).
    ///   - recentList: the desktop's `recently-used.xbel`, for the Recent place.
    ///   - thumbnailFolder: the thumbnails shared with the desktop (`~/.cache/thumbnails`); nil for none.
    public init(mode: Mode, title: String, accept: String, yes: (label: String, key: String), chooser: FileChooser,
                name: String = "", recentList: String?, clipboard: Clipboard?, thumbnailFolder: String? = SharedThumbnails.root()) {
        thumbnails = FileDialogThumbnails(sharedRoot: thumbnailFolder)
        self.mode = mode
        self.title = title
        self.chooser = chooser
        self.recentList = recentList
        field = TextField("path", text: name, placeholder: mode == .save ? translatable("File name") : translatable("Name or path; Tab completes"), maxLength: 4096, clipboard: clipboard)
        form.add(field)
        form.controls.add(.parent, "Up", key: .key("BackSpace", shown: "⌫"), also: [.alt("Up")], help: "Up to the folder above")
        form.controls.add(.hidden, "Hidden", key: .control("h"), kind: .toggle, help: "Show hidden files")
        form.controls.add(.grid, "Grid", key: .control("g"), kind: .toggle, help: "Show the files as a grid of thumbnails (again: a list)")
        form.controls.add(.sortName, "Name", key: .control("1"), help: "Sort by name (again: reverse)")
        form.controls.add(.sortDate, "Date", key: .control("2"), help: "Sort by date, newest first (again: reverse)")
        form.controls.add(.sortSize, "Size", key: .control("3"), help: "Sort by size, largest first (again: reverse)")
        form.addButton(.cancel, "Cancel", key: .key("Escape"))
        form.addButton(.accept, accept, key: .key("Return", "KP_Enter"))
        form.order = [.field("path")]
        for (i, p) in chooser.places.enumerated() {
            places.add(.place(i), tr(p.name), key: i < 9 ? .alt("\(i + 1)") : nil, help: tr("Go to {0}", tr(p.name)))
        }
        questionControls.add(.yes, yes.label, key: KeyChord([yes.key, "Return", "KP_Enter"], shown: yes.key.uppercased() + ", Enter"))
        questionControls.add(.no, "Cancel", key: .key("Escape", "c", "n"))
        listHasFocus = mode == .open
        form.setFocus(listHasFocus ? nil : .field("path"))
        field.isFocused = !listHasFocus
        if mode == .save { field.selectAll() }
        // A starting folder that cannot be listed: home, then the root.
        if case .folder(let start) = chooser.location {
            for folder in [start, chooser.home, "/"] {
                do { try self.chooser.open(folder: folder); break } catch {
                    if folder == start { message = error.description; messageIsError = true }
                }
            }
        }
        // Save: the file of that name, when it is here, is the selected row.
        if mode == .save, let i = self.chooser.shown.firstIndex(where: { $0.name == name }) { self.chooser.select(i) }
        syncControls()
    }

    // MARK: - Messages and questions

    /// Shows a message under the list (an error in red); the text stays for another try.
    public func show(_ text: String?, isError: Bool) {
        message = text
        messageIsError = isError
        field.isInvalid = isError && text != nil && !listHasFocus
        busy = nil
        relayout()
    }

    /// Asks `text` about `path`; the yes button confirms it, Esc goes back.
    public func ask(_ text: String, about path: String) {
        question = (text, path)
        busy = nil
        relayout()
    }

    private func relayout() { if let area { layout(in: area) } }

    // MARK: - Layout

    public func layout(in size: Size) {
        area = size
        let w = max(240, min(1000, size.width - 12)), h = max(220, min(760, size.height - 12))
        box = Rect(x: ((size.width - w) / 2).rounded(), y: ((size.height - h) / 2).rounded(), width: w, height: h)
        let inner = box.insetBy(8)
        isCompactLayout = h < Self.compactHeight
        headerHeight = isGrid ? 0 : 18
        // A message or question takes lines of its own under the list; the count of items sits on
        // the heading's line, so without one the list reaches down to the buttons.
        messageHeight = 0
        if let message {
            messageHeight = max(18, min(isCompactLayout ? 18 : 36, messageLayout(message, width: inner.width).height))
        }
        if let q = question {
            messageHeight = max(messageHeight, questionLayout(q.text, width: inner.width).height + 4)
        }
        let qRowsH = questionControls.layoutRows(in: Rect(x: inner.x, y: 0, width: inner.width, height: 0))
        var listBottom: Double
        if layoutInTwoRows(inner) {
            // As GTK's chooser's header bar: the heading and folder with the view's toggles on the
            // right, then the field with Cancel and the accept button; the list takes the rest.
            isWideLayout = true
            let rowH = ControlSizes.compactRowHeight
            var x = inner.maxX
            for id in Self.tools.reversed() {
                let cw = form.controls.preferredWidth(form.controls[id]!)
                x -= cw
                form.controls.place(id, at: Rect(x: x, y: inner.y, width: cw, height: rowH))
                x -= ControlSizes.gap
            }
            headingRight = x
            let fieldY = inner.y + rowH + 4
            x = inner.maxX
            for id in [Control.accept, .cancel] {
                let cw = form.controls.preferredWidth(form.controls[id]!)
                x -= cw
                form.controls.place(id, at: Rect(x: x, y: fieldY, width: cw, height: rowH))
                x -= ControlSizes.gap
            }
            field.frame = Rect(x: inner.x, y: fieldY, width: x - inner.x, height: rowH)
            headingY = inner.y + rowH / 2
            listBottom = inner.maxY - max(0, qRowsH + 4)
            if question == nil { listBottom = inner.maxY }
        } else {
            // Narrow: the heading and folder on one line, the field under them, the buttons along
            // the bottom (compact when that saves a row, as German's longer labels need).
            isWideLayout = false
            headingRight = inner.maxX
            headingY = inner.y + (isCompactLayout ? 10 : 12)
            field.frame = Rect(x: inner.x, y: inner.y + (isCompactLayout ? 24 : 28), width: inner.width, height: isCompactLayout ? 32 : 36)
            let buttonArea = Rect(x: inner.x, y: 0, width: inner.width, height: 0)
            form.controls.isCompact = w < 560
            var rowsH = form.controls.layoutRows(in: buttonArea)
            if !form.controls.isCompact && rowsH > ControlSizes.rowHeight {
                form.controls.isCompact = true
                let compact = form.controls.layoutRows(in: buttonArea)
                if compact < rowsH { rowsH = compact } else { form.controls.isCompact = false; rowsH = form.controls.layoutRows(in: buttonArea) }
            }
            let buttonsTop = inner.maxY - max(rowsH, qRowsH)
            _ = form.controls.layoutRows(in: Rect(x: inner.x, y: buttonsTop, width: inner.width, height: 0))
            listBottom = buttonsTop - 4
        }
        // The question's buttons along the bottom, its lines (or a message's) just above them.
        if question == nil {
            _ = questionControls.layoutRows(in: Rect(x: -10000, y: -10000, width: inner.width, height: 0))
            for id in [Answer.yes, .no] { questionControls.place(id, at: .zero) }
        } else {
            _ = questionControls.layoutRows(in: Rect(x: inner.x, y: inner.maxY - qRowsH, width: inner.width, height: 0))
            for c in form.controls.items { form.controls.place(c.id, at: .zero) }
            headingRight = inner.maxX
            listBottom = min(listBottom, inner.maxY - qRowsH - 4)
        }
        messageTop = listBottom - messageHeight
        let top = field.frame.maxY + (isCompactLayout ? 4 : 6)
        let listH = max(0, messageTop - (messageHeight > 0 ? 4 : 0) - top)
        let placesW = w < 480 ? 88.0 : min(150, (w * 0.2).rounded())
        placesRect = Rect(x: inner.x, y: top, width: placesW, height: listH)
        places.isCompact = true
        places.layoutColumns(in: Rect(x: placesRect.x, y: placesRect.y, width: placesW, height: 0), columns: 1, gap: 4)
        // Places that do not fit the column's height are not shown (their Alt keys still work).
        for c in places.items where c.frame.maxY > placesRect.maxY { places.place(c.id, at: .zero) }
        listRect = Rect(x: placesRect.maxX + 8, y: top, width: inner.maxX - placesRect.maxX - 8, height: listH)
        keepSelectionInView()
        requestThumbnails()
    }

    /// The view's toggles, on the heading's line in the two-row layout.
    public static let tools: [Control] = [.parent, .hidden, .grid, .sortName, .sortDate, .sortSize]

    /// True when the compact toggles leave the heading and some of the folder room on their line
    /// (German's longer labels too, in a 900-point window), and the field keeps half the width
    /// beside Cancel and the accept button.
    private func layoutInTwoRows(_ inner: Rect) -> Bool {
        form.controls.isCompact = true
        let widths = { (ids: [Control]) in ids.map { self.form.controls.preferredWidth(self.form.controls[$0]!) + ControlSizes.gap }.reduce(0, +) }
        let headingW = Text.width(busy ?? title, size: 18, weight: .bold) + 16
        return inner.width - widths(Self.tools) >= headingW + 120 && inner.width - widths([.cancel, .accept]) >= inner.width / 2
    }

    /// Rows of the list (or of the grid) that fit.
    var visibleRows: Int { isGrid ? gridRows : max(1, Int((listRect.height - headerHeight) / rowHeight)) }

    /// Entries side by side: one in the list, as many cells as fit across in the grid.
    public var columns: Int { isGrid ? gridColumns : 1 }

    /// Entries on screen at once.
    var visibleCount: Int { visibleRows * columns }

    /// The last first entry scrolling can reach.
    private var lastScrollTop: Int {
        let rows = (chooser.shown.count + columns - 1) / columns
        return max(0, rows - visibleRows) * columns
    }

    private func keepSelectionInView() {
        if let s = chooser.selection {
            if s < scrollTop { scrollTop = s - s % columns }
            if s >= scrollTop + visibleCount { scrollTop = (s / columns - visibleRows + 1) * columns }
        }
        scrollTop = max(0, min(scrollTop - scrollTop % columns, lastScrollTop))
    }

    /// Scrolls by `rows` rows (of the list or the grid).
    private func scroll(rows: Int) {
        scrollTop = max(0, min(scrollTop + rows * columns, lastScrollTop))
        requestThumbnails()
    }

    /// The entries on screen now.
    var visibleEntries: [FolderEntry] {
        let shown = chooser.shown
        guard scrollTop < shown.count else { return [] }
        return Array(shown[scrollTop..<min(shown.count, scrollTop + visibleCount)])
    }

    private func requestThumbnails() { thumbnailsBusy = thumbnails.update(visible: visibleEntries) }

    /// Waits for the thumbnails of the rows on screen: for tests and screenshots.
    public func finishThumbnails() { thumbnails.finish(visible: visibleEntries) }

    /// Where entry `row` is drawn: its row of the list, or its cell of the grid.
    public func rowRect(_ row: Int) -> Rect {
        if isGrid { return cellRect(row) }
        return Rect(x: listRect.x, y: listRect.y + headerHeight + Double(row - scrollTop) * rowHeight, width: listRect.width, height: rowHeight)
    }

    private func syncControls() {
        form.controls.setOn(.hidden, chooser.showHidden)
        form.controls.setOn(.grid, isGrid)
        for (id, key) in [(Control.sortName, FileChooser.SortKey.name), (.sortDate, .modified), (.sortSize, .size)] {
            form.controls.setOn(id, chooser.sortKey == key)
        }
        var isRoot = false
        if case .folder(let f) = chooser.location { isRoot = f == "/" }
        form.controls.setEnabled(.parent, !isRoot)
        for (i, p) in chooser.places.enumerated() { places.setOn(.place(i), p.location == chooser.location) }
    }

    // MARK: - Moving around

    /// Shows `folder`, or says why not (staying where it was).
    public func go(to folder: String) {
        do {
            try chooser.open(folder: folder)
            show(nil, isError: false)
            scrollTop = 0
            afterMove()
        } catch {
            show(error.description, isError: true)
        }
    }

    private func goToPlace(_ i: Int) {
        guard chooser.places.indices.contains(i) else { return }
        switch chooser.places[i].location {
        case .folder(let f): go(to: f)
        case .recent: showRecent()
        }
    }

    private func showRecent() {
        var paths: [String] = []
        var problem: String?
        if let recentList {
            do { paths = try RecentFiles.read(recentList).map(\.path) } catch { problem = error.description }
        }
        chooser.showRecent(paths)
        scrollTop = 0
        show(problem ?? (chooser.shown.isEmpty ? tr("No recent files yet") : nil), isError: problem != nil)
        afterMove()
    }

    private func goUp() {
        guard case .folder(let f) = chooser.location else { go(to: chooser.home); return }
        guard f != "/" else { return }
        go(to: Paths.folder(of: f))
    }

    private func afterMove() {
        keepSelectionInView()
        requestThumbnails()
        syncControls()
        selectionChanged()
    }

    /// Save: a file selected in the list gives its name to the field.
    private func selectionChanged() {
        guard mode == .save, listHasFocus, let e = chooser.selectedEntry, !e.isFolder else { return }
        field.setText(e.name)
    }

    /// Enter on the selected row: a folder opens, a file is chosen.
    private func activateSelection() -> Outcome {
        guard let e = chooser.selectedEntry else { return .none }
        if e.isFolder { go(to: e.path); return .none }
        if mode == .save { field.setText(e.name) }
        return .submitted(e.path)
    }

    /// Enter in the field: a folder named there opens; anything else is the answer.
    private func submitField() -> Outcome {
        let typed = field.text.trimmingCharacters(in: .whitespacesAndNewlines)
        if typed.isEmpty {
            if mode == .open, chooser.selectedEntry != nil { return activateSelection() }
            return .submitted("")
        }
        let path = chooser.resolve(typed)
        var st = stat()
        if Paths.withSystemPath(path, { stat($0, &st) }) == 0, st.st_mode & S_IFMT == S_IFDIR {
            go(to: path)
            if !(messageIsError) { field.setText("") }
            return .none
        }
        if typed.hasSuffix("/") {
            show(tr("{0} is not a folder here", Paths.shown(typed)), isError: true)
            return .none
        }
        return .submitted(path)
    }

    private func complete() {
        let c = chooser.complete(field.text)
        if let problem = c.problem { show(problem, isError: true); return }
        field.setText(c.text)
        if c.candidates.count > 1 {
            let list = c.candidates.prefix(12).map(Paths.shown).joined(separator: "  ")
            show(list + (c.candidates.count > 12 ? "  …" : ""), isError: false)
        } else {
            show(nil, isError: false)
        }
    }

    private func focusList(_ on: Bool) {
        listHasFocus = on
        form.setFocus(on ? nil : .field("path"))
        field.isFocused = !on
    }

    // MARK: - Input

    public func handle(_ event: InputEvent) -> Outcome {
        guard busy == nil else { return .none }
        if let q = question { return handleQuestion(event, path: q.path) }
        switch event {
        case .key(let k): return handleKey(k)
        case .scroll(let p, let dy):
            if listRect.contains(p) { scroll(rows: isGrid ? (dy > 0 ? 1 : -1) : (dy > 0 ? 3 : -3)) }
            return .none
        case .touchBegan(let p):
            if let outcome = click(at: p) { return outcome }
        default: break
        }
        switch places.handle(event) {
        case .activated(.place(let i)): goToPlace(i); return .none
        case .consumed, .changed, .stepped: return .none
        case .ignored: break
        }
        return formOutcome(form.handle(event), event)
    }

    private func click(at p: Point) -> Outcome? {
        guard listRect.contains(p) else {
            if field.frame.contains(p) { focusList(false) }
            return nil
        }
        guard let row = entry(at: p), row < chooser.shown.count else { return .none }
        focusList(true)
        let isDouble = sinceClick <= Self.doubleClickTicks && lastClickRow == row
        sinceClick = 0
        lastClickRow = row
        chooser.select(row)
        selectionChanged()
        if isDouble {
            lastClickRow = nil
            return activateSelection()
        }
        return .none
    }

    private func handleKey(_ k: Key) -> Outcome {
        if k.is("Escape") { return .cancelled }
        let page = max(1, visibleRows - 1) * columns
        var moves: [String: Int] = ["Up": -columns, "Down": columns, "KP_Up": -columns, "KP_Down": columns, "Prior": -page, "Next": page]
        // Across the grid's row, while the keys are the grid's (in the field they move the caret).
        if isGrid && listHasFocus { moves.merge(["Left": -1, "Right": 1, "KP_Left": -1, "KP_Right": 1]) { $1 } }
        if !k.control, !k.alt, let step = moves[k.name] {
            focusList(true)
            chooser.moveSelection(by: step)
            afterMove()
            return .none
        }
        if listHasFocus && !k.control && !k.alt {
            if k.is("Home") || k.is("End") {
                chooser.select(k.is("Home") ? 0 : chooser.shown.count - 1)
                afterMove()
                return .none
            }
            if k.is("Return") || k.is("KP_Enter") { return field.text.isEmpty || mode == .open ? activateSelection() : submitField() }
            if k.is("BackSpace") { goUp(); return .none }
            if k.is("Tab") || k.is("ISO_Left_Tab") { focusList(false); return .none }
            if !k.text.isEmpty, k.text.unicodeScalars.allSatisfy({ $0.value >= 0x20 }) {
                // Typing in the list goes to the field, as a file manager's location bar takes it.
                focusList(false)
                if mode == .open { field.setText("") } else { field.selectAll() }
                _ = field.handle(.key(k))
                return .none
            }
        }
        if !listHasFocus && !k.control && !k.alt {
            if k.is("Tab", shift: false) {
                if field.text.isEmpty { focusList(true) } else { complete() }
                return .none
            }
            if k.is("ISO_Left_Tab") || k.is("Tab", shift: true) { focusList(true); return .none }
            if k.is("BackSpace") && field.text.isEmpty { goUp(); return .none }
        }
        if k.alt && !k.control, let n = Int(k.name), (1...9).contains(n) { goToPlace(n - 1); return .none }
        if k.alt && k.is("Home") { go(to: chooser.home); return .none }
        if listHasFocus, k.is("BackSpace") || k.is("Return") { return .none }
        return formOutcome(form.handle(.key(k)), .key(k))
    }

    private func formOutcome(_ o: Form<Control>.Outcome, _ event: InputEvent) -> Outcome {
        switch o {
        case .activated(.accept), .submitted:
            return listHasFocus ? activateSelection() : submitField()
        case .activated(.cancel): return .cancelled
        case .activated(.parent): goUp()
        case .activated(.hidden):
            chooser.setShowHidden(!chooser.showHidden)
            afterMove()
        case .activated(.grid):
            isGrid.toggle()
            relayout()
            afterMove()
        case .activated(.sortName): chooser.sort(by: .name); afterMove()
        case .activated(.sortDate): chooser.sort(by: .modified); afterMove()
        case .activated(.sortSize): chooser.sort(by: .size); afterMove()
        case .edited:
            if messageIsError || message != nil { show(nil, isError: false) }
        case .stepped, .consumed, .ignored: break
        }
        return .none
    }

    private func handleQuestion(_ event: InputEvent, path: String) -> Outcome {
        func answer(_ yes: Bool) -> Outcome {
            question = nil
            relayout()
            return yes ? .confirmed(path) : .none
        }
        switch questionControls.handle(event) {
        case .activated(.yes): return answer(true)
        case .activated(.no): return answer(false)
        default: return .none
        }
    }

    /// One 1/60 s step: the caret, double-clicks, thumbnails; true while one of them needs more.
    public func tick() -> Bool {
        let blinking = form.tick()
        if sinceClick <= Self.doubleClickTicks { sinceClick += 1 }
        if thumbnailsBusy { requestThumbnails() }
        return blinking || thumbnailsBusy || sinceClick <= Self.doubleClickTicks
    }
}

extension FileDialog: WidgetGroup {
    public var controlRects: [ControlRect] {
        question == nil ? form.controlRects + places.controlRects : [ControlRect("path", field.frame)] + places.controlRects + questionControls.controlRects
    }

    public var keyHelp: [KeyHelp] {
        if question != nil { return questionControls.keyHelp }
        return [KeyHelp("↑, ↓, PgUp, PgDn", "Move in the list")] + (isGrid ? [KeyHelp("←, →", "Move across the grid")] : [])
            + [KeyHelp("Enter", "Open the folder, or choose the file"),
                KeyHelp("Tab", "Complete the name or path typed"), KeyHelp("Double-click", "Open")]
            + form.keyHelp + places.keyHelp
    }
}
