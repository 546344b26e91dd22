import Foundation
import Glibc
import Testing
@testable import TouchDeskDrawing
import TouchDeskFiles
import TouchDeskInterface
import TouchDeskTestSupport
@testable import AppPaintbrush
@testable import AppWebPages
@testable import TouchDeskToolkit

/// The file dialog as a user drives it, with keys and the mouse, on a real folder tree; drawn
/// at the smallest window (400×360) and a large one (1920×1080).
@Suite("File dialog: keys, mouse, thumbnails, places, sizes")
struct FileDialogTests {
    let sandbox = Sandbox()
    var pictures: String { sandbox.environment.picturesDirectory }

    /// Pictures holds red.png and blue.png (40×30), a folder "sub" with inner.png, a FIFO
    /// named pipe.png, a hidden .secret.png and notes.txt.
    func makeTree() throws {
        mkdir(sandbox.dir.path, 0o700)
        mkdir(sandbox.environment.homeDirectory, 0o700)
        mkdir(pictures, 0o700)
        mkdir(pictures + "/sub", 0o700)
        for (name, color) in [("red.png", Color(1, 0, 0)), ("blue.png", Color(0, 0, 1)), ("sub/inner.png", Color(0, 1, 0)), (".secret.png", Color(1, 1, 1))] {
            try ImageFile.writePNG(ImageSurface.render(size: Size(40, 30)) { $0.fill(Rect(x: 0, y: 0, width: 40, height: 30), color) }, to: pictures + "/" + name)
        }
        mkfifo(pictures + "/pipe.png", 0o600)
        FileManager.default.createFile(atPath: pictures + "/notes.txt", contents: Data("x".utf8))
    }

    func makeDialog(_ mode: FileDialog.Mode = .open, size: Size = Size(900, 640)) throws -> FileDialog {
        try makeTree()
        let env = sandbox.environment
        let chooser = FileChooser(home: env.homeDirectory, places: env.fileDialogPlaces, filter: .init("PNG pictures", extensions: ["png"]), start: pictures)
        let d = FileDialog(mode: mode, title: "Open", accept: "Open", yes: ("Open", "O"), chooser: chooser,
                           name: mode == .save ? "painting.png" : "", recentList: env.recentFilesPath, clipboard: nil,
                           thumbnailFolder: sandbox.dir.appending("cache/thumbnails"))
        d.layout(in: size)
        return d
    }

    func press(_ d: FileDialog, _ name: String, text: String = "", control: Bool = false, shift: Bool = false, alt: Bool = false) -> FileDialog.Outcome {
        d.handle(.key(Key(name, text: text, control: control, shift: shift, alt: alt)))
    }

    func type(_ d: FileDialog, _ s: String) {
        for ch in s { _ = press(d, String(ch), text: String(ch)) }
    }

    func rowCenter(_ d: FileDialog, _ row: Int) -> Point {
        Point(d.listRect.x + 80, d.listRect.y + d.headerHeight + (Double(row - d.scrollTop) + 0.5) * d.rowHeight)
    }

    @Test func arrowsAndEnterChooseAPictureAndBackspaceGoesUp() throws {
        let d = try makeDialog()
        #expect(d.chooser.shown.map(\.name) == ["sub", "blue.png", "pipe.png", "red.png"])
        #expect(d.listHasFocus)
        #expect(press(d, "Down") == .none)
        #expect(d.chooser.selectedEntry?.name == "blue.png")
        _ = press(d, "Down")
        _ = press(d, "Down")
        #expect(press(d, "Return") == .submitted(pictures + "/red.png"))
        // Into the folder and back: the folder left is selected.
        _ = press(d, "Home")
        _ = press(d, "Return")
        #expect(d.chooser.folder == pictures + "/sub")
        #expect(d.chooser.shown.map(\.name) == ["inner.png"])
        _ = press(d, "BackSpace")
        #expect(d.chooser.folder == pictures)
        #expect(d.chooser.selectedEntry?.name == "sub")
        #expect(press(d, "Escape") == .cancelled)
    }

    @Test func aFIFOIsListedAndChoosingItGivesItsPathForTheOwnerToRefuse() throws {
        let d = try makeDialog()
        let pipe = try #require(d.chooser.shown.firstIndex { $0.name == "pipe.png" })
        _ = press(d, "Down")
        while d.chooser.selection != pipe { _ = press(d, "Down") }
        #expect(d.chooser.selectedEntry?.refusal?.contains("FIFO (named pipe)") == true)
        #expect(press(d, "Return") == .submitted(pictures + "/pipe.png"))
    }

    @Test func typingGoesToTheFieldTabCompletesAndAFolderTypedOpensIt() throws {
        let d = try makeDialog()
        type(d, "re")
        #expect(!d.listHasFocus)
        #expect(d.field.text == "re")
        _ = press(d, "Tab")
        #expect(d.field.text == "red.png")
        #expect(press(d, "Return") == .submitted(pictures + "/red.png"))
        // Several matches: the shared part, and the names listed under the list.
        d.field.setText("")
        type(d, "b")
        _ = press(d, "Tab")
        #expect(d.field.text == "blue.png")
        d.field.setText("s")
        _ = press(d, "Tab")
        #expect(d.field.text == "sub/")
        #expect(press(d, "Return") == .none)
        #expect(d.chooser.folder == pictures + "/sub")
        #expect(d.field.text == "")
        // Backspace in an empty field goes up.
        _ = press(d, "BackSpace")
        #expect(d.chooser.folder == pictures)
        d.field.setText("zzz")
        _ = press(d, "Tab")
        #expect(d.messageIsError && d.message?.contains("No name in") == true)
    }

    @Test func ctrlHShowsHiddenFilesAndCtrlKeysSort() throws {
        let d = try makeDialog()
        #expect(!d.chooser.shown.contains { $0.name == ".secret.png" })
        _ = press(d, "h", control: true)
        #expect(d.chooser.shown.contains { $0.name == ".secret.png" })
        _ = press(d, "3", control: true)
        #expect(d.chooser.sortKey == .size)
        _ = press(d, "3", control: true)
        #expect(d.chooser.isReversed)
        _ = press(d, "1", control: true)
        #expect(d.chooser.sortKey == .name && !d.chooser.isReversed)
    }

    @Test func clickSelectsDoubleClickOpensAndTheWheelScrolls() throws {
        let d = try makeDialog(size: Size(900, 640))
        for i in 0..<60 { FileManager.default.createFile(atPath: pictures + "/sub/p\(i).png", contents: Data()) }
        let red = try #require(d.chooser.shown.firstIndex { $0.name == "red.png" })
        let p = rowCenter(d, red)
        #expect(d.handle(.touchBegan(p)) == .none)
        _ = d.handle(.touchEnded(p))
        #expect(d.chooser.selectedEntry?.name == "red.png")
        for _ in 0..<5 { _ = d.tick() }
        #expect(d.handle(.touchBegan(p)) == .submitted(pictures + "/red.png"))
        // A slow second click is another single click.
        for _ in 0..<60 { _ = d.tick() }
        #expect(d.handle(.touchBegan(p)) == .none)
        // Double-click on the folder opens it; the wheel scrolls its 61 entries.
        let sub = rowCenter(d, 0)
        _ = d.handle(.touchBegan(sub))
        for _ in 0..<60 { _ = d.tick() }
        _ = d.handle(.touchBegan(sub))
        _ = d.handle(.touchBegan(sub))
        #expect(d.chooser.folder == pictures + "/sub")
        #expect(d.scrollTop == 0)
        _ = d.handle(.scroll(sub, dy: 1))
        #expect(d.scrollTop == 3)
        _ = d.handle(.scroll(sub, dy: -1))
        #expect(d.scrollTop == 0)
    }

    @Test func ctrlGShowsAGridOfThumbnailsMovedInByArrowsAndClicks() throws {
        let d = try makeDialog(size: Size(900, 596))
        for i in 0..<40 {
            try ImageFile.writePNG(ImageSurface.render(size: Size(40, 30)) { $0.fill(Rect(x: 0, y: 0, width: 40, height: 30), Color(0, 1, 0)) },
                                   to: pictures + "/sub/g\(i).png")
        }
        _ = press(d, "g", control: true)
        #expect(d.isGrid && d.columns >= 4 && d.visibleRows >= 3, "\(d.columns) × \(d.visibleRows) cells")
        d.finishThumbnails()
        // The pictures' own colours fill their cells' thumbnails.
        let img = PixelImage(surface: ImageSurface.render(size: Size(900, 596)) { d.draw($0, in: Rect(x: 0, y: 0, width: 900, height: 596)) })
        for (name, color) in [("red.png", PixelColor.red), ("blue.png", .blue)] {
            let i = try #require(d.chooser.shown.firstIndex { $0.name == name })
            let cell = d.rowRect(i)
            #expect(img.at(cell.midX, cell.y + 40).isClose(to: color), "\(name) in cell \(cell): \(img.at(cell.midX, cell.y + 40))")
        }
        // A click on a cell selects it, a second opens the folder; the arrows go across a row and down a whole row.
        _ = d.handle(.touchBegan(Point(d.rowRect(0).midX, d.rowRect(0).midY)))
        #expect(d.chooser.selection == 0)
        _ = d.handle(.touchBegan(Point(d.rowRect(0).midX, d.rowRect(0).midY)))
        #expect(d.chooser.folder == pictures + "/sub")
        _ = press(d, "Home")
        _ = press(d, "Right")
        #expect(d.chooser.selection == 1)
        _ = press(d, "Down")
        #expect(d.chooser.selection == 1 + d.columns)
        _ = press(d, "Left")
        #expect(d.chooser.selection == d.columns)
        _ = press(d, "Up")
        #expect(d.chooser.selection == 0)
        // 41 entries: End scrolls whole rows, the last cell in view; the wheel goes a row at a time.
        _ = press(d, "End")
        #expect(d.chooser.selection == 40 && d.scrollTop % d.columns == 0 && d.visibleEntries.last?.name == d.chooser.selectedEntry?.name)
        _ = press(d, "Home")
        _ = d.handle(.scroll(Point(d.listRect.midX, d.listRect.midY), dy: 1))
        #expect(d.scrollTop == d.columns)
        // Ctrl+G again: the list, as before.
        _ = press(d, "g", control: true)
        #expect(!d.isGrid && d.columns == 1 && d.visibleRows >= 27)
    }

    @Test func placesGoToTheirFoldersAndRecentListsTheDesktopsRecentFiles() throws {
        let d = try makeDialog()
        #expect(d.chooser.places.map(\.name) == ["Home", "Pictures", "Recent"])
        _ = press(d, "1", alt: true)
        #expect(d.chooser.folder == sandbox.environment.homeDirectory)
        try RecentFiles.add(pictures + "/blue.png", mimeType: "image/png", application: "eog", exec: "'eog %u'", to: sandbox.environment.recentFilesPath)
        _ = press(d, "3", alt: true)
        #expect(d.chooser.location == .recent)
        #expect(d.chooser.shown.map(\.path) == [pictures + "/blue.png"])
        #expect(press(d, "Return") == .submitted(pictures + "/blue.png"))
    }

    @Test func picturesGetThumbnailsMadeOffTheUIThread() throws {
        let d = try makeDialog()
        d.finishThumbnails()
        let img = PixelImage(surface: ImageSurface.render(size: Size(900, 640)) { d.draw($0, in: Rect(x: 0, y: 0, width: 900, height: 640)) })
        for (name, color) in [("red.png", PixelColor.red), ("blue.png", .blue)] {
            let row = try #require(d.chooser.shown.firstIndex { $0.name == name })
            let c = Point(d.listRect.x + 8 + (d.rowHeight - 2) / 2, d.listRect.y + d.headerHeight + (Double(row) + 0.5) * d.rowHeight)
            #expect(img.at(c.x, c.y).isClose(to: color), "\(name) at \(c): \(img.at(c.x, c.y))")
        }
        // No thumbnail is tried for the FIFO (it is never opened).
        let pipe = try #require(d.chooser.shown.first { $0.name == "pipe.png" })
        #expect(!FileDialogThumbnails.wants(pipe))
        #expect(d.thumbnails.thumbnail(for: pipe) == nil)
    }

    /// 900 × 596 is what a 900 × 640 window leaves under its bar, where GTK's chooser (a window of
    /// its own) lists 23 files (the issue counted 27); this list showed 9 there, then 15.
    @Test(arguments: [Size(400, 360), Size(900, 596), Size(1920, 1080)])
    func theDialogFitsTheWindowWithNoOverlapsAndShowsRows(size: Size) throws {
        for mode in [FileDialog.Mode.open, .save] {
            let d = try makeDialog(mode, size: size)
            let rects = d.controlRects
            #expect(rects.contains { $0.id == "path" } && rects.contains { $0.id == "accept" } && rects.contains { $0.id == "cancel" })
            for r in rects {
                #expect(r.x >= 0 && r.y >= 0 && r.x + r.width <= size.width && r.y + r.height <= size.height, "\(size): \(r)")
                let l = d.listRect
                let apart = r.x + r.width <= l.x || l.maxX <= r.x || r.y + r.height <= l.y || l.maxY <= r.y
                #expect(apart, "\(r.id) overlaps the list at \(size)")
            }
            for (i, a) in rects.enumerated() {
                for b in rects[(i + 1)...] {
                    let apart = a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y
                    #expect(apart, "\(a.id) overlaps \(b.id) at \(size)")
                }
            }
            let rows = [360.0: 9, 596: 27, 1080: 37][size.height] ?? 1
            #expect(d.visibleRows >= rows, "\(d.visibleRows) rows at \(size)")
            #expect(d.listRect.maxX <= size.width && d.listRect.maxY <= size.height)
            let shot = render(size) { d.draw($0, in: Rect(x: 0, y: 0, width: size.width, height: size.height)) }
            #expect(shot.status == nil)
            try? FileManager.default.removeItem(atPath: sandbox.dir.path)
        }
    }

    /// A 900 × 640 window (900 × 596 under its bar): at least 27 files are on screen at once, as
    /// many as GTK's chooser was counted showing at that size, each with its thumbnail and its name
    /// in 12-point type (9-point type or more everywhere in the dialog, at 400 × 360 too).
    @Test func theListShowsAtLeast27FilesWithThumbnailsInA900By640Window() throws {
        let size = Size(900, 596)
        let d = try makeDialog(size: size)
        mkdir(pictures + "/many", 0o700)
        for i in 0..<60 {
            try ImageFile.writePNG(ImageSurface.render(size: Size(40, 30)) { $0.fill(Rect(x: 0, y: 0, width: 40, height: 30), Color(1, 0, 0)) },
                                   to: pictures + "/many/p\(i < 10 ? "0" : "")\(i).png")
        }
        d.go(to: pictures + "/many")
        d.finishThumbnails()
        var drawn: [(text: String, font: Font)] = []
        let img = PixelImage(surface: ImageSurface.render(size: size) { cr in
            drawn = cr.recordingText { d.draw(cr, in: Rect(x: 0, y: 0, width: size.width, height: size.height)) }
        })
        let names = drawn.filter { $0.text.hasPrefix("p") && $0.text.hasSuffix(".png") }
        #expect(names.count >= 27, "\(names.count) files drawn")
        #expect(names.allSatisfy { $0.font.size >= 9 }, "\(names.map(\.font.size))")
        // Every one of them whole inside the list, its thumbnail red on the screen.
        for row in 0..<names.count {
            let r = d.rowRect(row)
            #expect(r.maxY <= d.listRect.maxY, "row \(row) at \(r) runs past the list \(d.listRect)")
            let thumb = Point(r.x + 8 + (d.rowHeight - 2) / 2, r.midY)
            #expect(img.at(thumb.x, thumb.y).isClose(to: .red, tolerance: 8), "row \(row)'s thumbnail at \(thumb): \(img.at(thumb.x, thumb.y))")
        }
        // Nothing in the dialog shrinks below 9 points, here or in the smallest window.
        for small in [size, Size(400, 316)] {
            d.layout(in: small)
            _ = ImageSurface.render(size: small) { cr in drawn = cr.recordingText { d.draw(cr, in: Rect(x: 0, y: 0, width: small.width, height: small.height)) } }
            #expect(drawn.filter { $0.font.size < 9 }.isEmpty, "\(small): \(drawn.filter { $0.font.size < 9 }.map { "\($0.text) at \($0.font.size)" })")
        }
    }

    @Test func paintbrushOpenAndSaveAsAddRecentFiles() throws {
        try makeTree()
        let app = PaintApp(environment: sandbox.environment)
        app.layout(in: Size(640, 480))
        _ = ImageSurface.render(size: Size(640, 480)) { app.draw($0) }
        _ = app.handle(.key(Key("o", control: true)))
        let dialog = try #require(app.fileDialog)
        #expect(dialog.mode == .open)
        while dialog.chooser.selectedEntry?.name != "red.png" { _ = app.handle(.key(Key("Down"))) }
        _ = app.handle(.key(Key("Return")))
        #expect(app.finishOpening() == nil)
        #expect(app.model.documentSize == Size(40, 30))
        app.environment.writer.waitUntilIdle()
        #expect(try RecentFiles.read(sandbox.environment.recentFilesPath).map(\.path) == [pictures + "/red.png"])
        _ = app.handle(.key(Key("S", control: true, shift: true)))
        let save = try #require(app.fileDialog)
        #expect(save.mode == .save && save.chooser.folder == pictures)
        _ = app.handle(.key(Key("a", control: true)))
        for ch in "copy" { _ = app.handle(.key(Key(String(ch), text: String(ch)))) }
        _ = app.handle(.key(Key("Return")))
        app.finishSavingAs()
        #expect(FileManager.default.fileExists(atPath: pictures + "/copy.png"))
        #expect(Set(try RecentFiles.read(sandbox.environment.recentFilesPath).map(\.path)) == [pictures + "/red.png", pictures + "/copy.png"])
    }

    @Test func webPagesCtrlOListsWebPagesAndRefusesAFIFOInTheDialog() throws {
        try makeTree()
        let home = sandbox.environment.homeDirectory
        FileManager.default.createFile(atPath: home + "/page.html", contents: Data("<p>hi</p>".utf8))
        mkfifo(home + "/pipe.html", 0o600)
        let app = WebApp(environment: sandbox.environment)
        #expect(app.handle(.key(Key("o", control: true))))
        let d = try #require(app.openFileDialog)
        #expect(d.chooser.folder == home)
        #expect(d.chooser.shown.filter { !$0.isFolder }.map(\.name) == ["page.html", "pipe.html"])
        while d.chooser.selectedEntry?.name != "pipe.html" { _ = app.handle(.key(Key("Down"))) }
        _ = app.handle(.key(Key("Return")))
        #expect(app.openFileDialog != nil)
        #expect(d.messageIsError && d.message?.contains("FIFO (named pipe)") == true)
        #expect(app.currentAddress == nil)
        _ = app.handle(.key(Key("Escape")))
        #expect(app.openFileDialog == nil)
    }
}
