import Foundation
import Glibc
import Testing
import TouchDeskDrawing
import TouchDeskFiles
import TouchDeskInterface
import TouchDeskModels
import TouchDeskTestSupport
@testable import AppPaintbrush
@testable import TouchDeskToolkit

/// Paintbrush's Save As, Open and Paste as a user meets them: dialogs driven by keys, files in a
/// sandboxed pictures folder, pixels on the canvas.
@Suite("Paintbrush files: Save As, Open, Paste")
struct PaintFilesTests {
    static let size = Size(640, 480)
    let sandbox = Sandbox()

    var pictures: String { sandbox.environment.picturesDirectory }

    func makeApp() -> PaintApp {
        mkdir(sandbox.dir.path, 0o700)
        mkdir(pictures, 0o700)
        let app = PaintApp(environment: sandbox.environment)
        app.layout(in: Self.size)
        _ = ImageSurface.render(size: Self.size) { app.draw($0) }
        return app
    }

    func press(_ app: PaintApp, _ name: String, control: Bool = false, shift: Bool = false) {
        _ = app.handle(.key(Key(name, control: control, shift: shift)))
    }

    func type(_ app: PaintApp, _ text: String) {
        for ch in text { _ = app.handle(.key(Key(String(ch), text: String(ch)))) }
    }

    /// Replaces the dialog's text as a user would: select all, then type.
    func retype(_ app: PaintApp, _ text: String) {
        press(app, "a", control: true)
        type(app, text)
    }

    func dab(_ app: PaintApp, _ color: PaintColor, at p: Point) {
        app.model.color = color.color
        app.tap(p)
    }

    /// A PNG file of `w`×`h` pixels, left half red and right half blue.
    func writePicture(_ name: String, width w: Double = 120, height h: Double = 80) throws -> String {
        let s = ImageSurface.render(size: Size(w, h)) { cr in
            cr.fill(Rect(x: 0, y: 0, width: w / 2, height: h), Color(1, 0, 0))
            cr.fill(Rect(x: w / 2, y: 0, width: w / 2, height: h), Color(0, 0, 1))
        }
        let path = sandbox.dir.appending(name)
        try ImageFile.writePNG(s, to: path)
        return path
    }

    func files(in dir: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
    }

    // MARK: - Save As

    @Test func saveAsWritesTheTypedNameAndCtrlSThenSavesThere() throws {
        let app = makeApp()
        dab(app, .red, at: Point(50, 50))
        press(app, "S", control: true, shift: true)
        let dialog = try #require(app.fileDialog)
        #expect(dialog.folderNote.contains("Pictures"))
        retype(app, "my picture")
        press(app, "Return")
        app.finishSavingAs()
        let path = pictures + "/my picture.png"
        #expect(app.fileDialog == nil)
        #expect(app.model.file == path)
        #expect(!app.hasUnsavedWork)
        let first = try #require(PixelImage(pngPath: path))
        #expect(first.width == Int(app.canvasRect.width))
        #expect(first.at(50, 50).isClose(to: .red))
        #expect(first.at(100, 50) == .black)

        // Ctrl+S now writes the same file, and no other.
        dab(app, .green, at: Point(100, 50))
        #expect(app.hasUnsavedWork)
        press(app, "s", control: true)
        app.finishSaving()
        #expect(files(in: pictures) == ["my picture.png"])
        let second = try #require(PixelImage(pngPath: path))
        #expect(second.at(100, 50).isClose(to: .green))
        #expect(app.toastMessage?.contains("my picture.png") == true)
    }

    @Test func saveAsOverAnExistingFileAsksAndEscKeepsTheOldFile() throws {
        let app = makeApp()
        let path = pictures + "/keep.png"
        try Data("the user's own file".utf8).write(to: URL(fileURLWithPath: path))
        dab(app, .blue, at: Point(30, 30))
        press(app, "S", control: true, shift: true)
        retype(app, "keep")
        press(app, "Return")
        let dialog = try #require(app.fileDialog)
        #expect(dialog.question?.path == path)
        // Esc answers "no": back to the name, the file untouched.
        press(app, "Escape")
        #expect(dialog.question == nil)
        #expect(app.fileDialog != nil)
        app.sandboxWait()
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "the user's own file")

        // Asked again, R replaces it.
        press(app, "Return")
        #expect(dialog.question != nil)
        press(app, "r")
        app.finishSavingAs()
        #expect(app.fileDialog == nil)
        let saved = try #require(PixelImage(pngPath: path))
        #expect(saved.at(30, 30).isClose(to: .blue))
    }

    @Test func theQuestionIsDrawnWithItsButtonsAndKeys() throws {
        let app = makeApp()
        try Data("x".utf8).write(to: URL(fileURLWithPath: pictures + "/painting.png"))
        press(app, "S", control: true, shift: true)
        press(app, "Return") // the suggested name, painting.png, exists
        let rects = app.controlRects.map(\.id)
        #expect(rects.contains("yes") && rects.contains("no"))
        #expect(app.keyHelp.contains { $0.keys.hasPrefix("R") })
        let img = frame(of: app, size: Self.size)
        // The dialog's box covers the middle of the canvas: not black there any more.
        #expect(img.at(320, 240) != .black)
    }

    @Test(arguments: [
        ("", "Type a file name"),
        ("picture.jpg", "PNG"),
        ("no such folder/x.png", "does not exist"),
        ("fifo.png", "FIFO"),
        ("plainfile/x.png", "is not a folder"),
    ])
    func badNamesSayWhyAndLoseNothing(name: String, expected: String) throws {
        let app = makeApp()
        mkdir(pictures + "/sub", 0o700)
        mkfifo(pictures + "/fifo.png", 0o600)
        try Data("x".utf8).write(to: URL(fileURLWithPath: pictures + "/plainfile"))
        dab(app, .yellow, at: Point(60, 60))
        let before = files(in: pictures)
        press(app, "S", control: true, shift: true)
        retype(app, name)
        if name.isEmpty { press(app, "BackSpace") }
        press(app, "Return")
        let dialog = try #require(app.fileDialog)
        #expect(dialog.message?.contains(expected) == true, "\(dialog.message ?? "no message")")
        #expect(dialog.messageIsError)
        #expect(dialog.question == nil)
        app.sandboxWait()
        #expect(files(in: pictures) == before)
        #expect(PixelImage(surface: app.canvasSurface!).at(60, 60).isClose(to: .yellow))
        #expect(app.model.file == nil)
        // The name is still there to fix.
        if !name.isEmpty { #expect(dialog.field.text == name) }
        press(app, "Escape")
        #expect(app.fileDialog == nil)
    }

    @Test func aFolderTypedInSaveAsOrOpenOpensItInTheDialog() throws {
        let app = makeApp()
        mkdir(pictures + "/sub", 0o700)
        press(app, "S", control: true, shift: true)
        retype(app, "sub/")
        press(app, "Return")
        let dialog = try #require(app.fileDialog)
        #expect(dialog.chooser.folder == pictures + "/sub")
        #expect(dialog.question == nil && !dialog.messageIsError)
        #expect(files(in: pictures + "/sub").isEmpty)
        // A name typed now goes in that folder.
        type(app, "inside")
        press(app, "Return")
        app.finishSavingAs()
        #expect(files(in: pictures + "/sub") == ["inside.png"])
        #expect(app.model.file == pictures + "/sub/inside.png")
    }

    @Test(.disabled(if: geteuid() == 0, "root can write in a read-only folder: nothing to refuse"))
    func aSaveAsTheDiskRefusesShowsWhyInTheDialog() throws {
        let app = makeApp()
        let locked = pictures + "/locked"
        mkdir(locked, 0o500)
        defer { chmod(locked, 0o700) }
        press(app, "S", control: true, shift: true)
        retype(app, locked + "/x.png")
        press(app, "Return")
        let dialog = try #require(app.fileDialog)
        #expect(dialog.message?.contains("Cannot write in") == true)
        #expect(files(in: locked).isEmpty)
    }

    @Test(arguments: [Size(400, 360), Size(900, 640), Size(3840, 2160)])
    func theDialogFitsTheWindowWithNoOverlaps(size: Size) throws {
        let app = makeApp()
        app.layout(in: size)
        try Data("x".utf8).write(to: URL(fileURLWithPath: pictures + "/painting.png"))
        press(app, "S", control: true, shift: true)
        for step in ["name", "question"] {
            let rects = app.controlRects
            #expect(rects.count >= 3, "\(step): \(rects)")
            for r in rects {
                #expect(r.x >= 0 && r.y >= 0 && r.x + r.width <= size.width && r.y + r.height <= size.height, "\(step) at \(size): \(r)")
            }
            for (i, a) in rects.enumerated() {
                for b in rects[(i + 1)...] {
                    let apart = a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y
                    #expect(apart, "\(step): \(a.id) overlaps \(b.id)")
                }
            }
            let shot = render(size) { app.draw($0) }
            #expect(shot.status == nil)
            if step == "question", let d = app.fileDialog {
                // The question's lines have their own space, under the list, not over its last row.
                #expect(d.listRect.maxY <= d.messageTop && d.messageHeight >= 18, "at \(size): list to \(d.listRect.maxY), question from \(d.messageTop)")
            }
            press(app, "Return") // the suggested painting.png exists: the question comes next
        }
    }

    @Test func aPictureOpensAtItsOwnPixelsOnAHiDPIScreen() throws {
        let app = makeApp()
        app.layout(in: Self.size, scale: 2)
        let path = try writePicture("sharp.png", width: 200, height: 100)
        app.open(path: path)
        #expect(app.finishOpening() == nil)
        // 200×100 pixels at 2 pixels a point: 100×50 points, every pixel kept.
        #expect(app.model.documentSize == Size(100, 50))
        let c = PixelImage(surface: app.canvasSurface!)
        #expect(c.at(99, 10).isClose(to: .red) && c.at(100, 10).isClose(to: .blue))
        press(app, "s", control: true)
        app.finishSaving()
        let saved = try #require(PixelImage(pngPath: path))
        #expect(saved.width == 200 && saved.height == 100)
    }

    // MARK: - Open

    @Test func openReplacesTheCanvasAndUndoBringsThePaintingBack() throws {
        let app = makeApp()
        let path = try writePicture("photo.png")
        dab(app, .green, at: Point(200, 200))
        press(app, "o", control: true)
        retype(app, path)
        press(app, "Return")
        // Unsaved changes: asked first.
        let dialog = try #require(app.fileDialog)
        #expect(dialog.question?.path == path)
        press(app, "o")
        #expect(app.finishOpening() == nil)
        #expect(app.fileDialog == nil)
        #expect(app.model.documentSize == Size(120, 80))
        #expect(app.model.file == path)
        #expect(!app.hasUnsavedWork)
        var c = PixelImage(surface: app.canvasSurface!)
        #expect(c.at(10, 10).isClose(to: .red))
        #expect(c.at(110, 10).isClose(to: .blue))
        #expect(c.at(200, 200) == .black)
        // Outside the picture the window shows the background, not canvas.
        let shot = frame(of: app, size: Self.size)
        #expect(shot.at(300, 40).isClose(to: PixelColor(hex: 0x1b1d23), tolerance: 4))

        // Ctrl+S writes the picture back, at its own size.
        dab(app, .white, at: app.appPoint(Point(60, 40)))
        press(app, "s", control: true)
        app.finishSaving()
        let saved = try #require(PixelImage(pngPath: path))
        #expect(saved.width == 120 && saved.height == 80)
        #expect(saved.at(60, 40).isClose(to: .white))

        press(app, "z", control: true, shift: false) // the dab
        press(app, "z", control: true, shift: false) // the open
        c = PixelImage(surface: app.canvasSurface!)
        #expect(c.at(200, 200).isClose(to: .green))
        #expect(c.at(10, 10) == .black)
        #expect(app.model.documentSize == nil)
        #expect(app.model.file == nil)
        press(app, "z", control: true, shift: true)
        #expect(PixelImage(surface: app.canvasSurface!).at(10, 10).isClose(to: .red))
    }

    @Test func openingWithNothingUnsavedDoesNotAsk() throws {
        let app = makeApp()
        let path = try writePicture("quiet.png")
        press(app, "o", control: true)
        type(app, path)
        press(app, "Return")
        #expect(app.fileDialog?.question == nil)
        #expect(app.finishOpening() == nil)
        #expect(app.fileDialog == nil)
    }

    @Test func hostileFilesGiveAClearMessageAndLeaveTheCanvasAlone() throws {
        let app = makeApp()
        dab(app, .red, at: Point(20, 20))
        let dir = sandbox.dir.path
        mkfifo(dir + "/pipe.png", 0o600)
        try Data((0..<3000).map { UInt8(truncatingIfNeeded: $0 &* 7) }).write(to: URL(fileURLWithPath: dir + "/noise.png"))
        // A real PNG header claiming 100000×100000 pixels, and nothing after it.
        var huge = Data([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52])
        huge.append(contentsOf: [0x00, 0x01, 0x86, 0xa0, 0x00, 0x01, 0x86, 0xa0, 8, 2, 0, 0, 0, 0, 0, 0, 0])
        try huge.write(to: URL(fileURLWithPath: dir + "/huge.png"))
        // A good header with the picture data cut off.
        let good = try Data(contentsOf: URL(fileURLWithPath: try writePicture("good.png")))
        try good.prefix(good.count / 2).write(to: URL(fileURLWithPath: dir + "/cut.png"))
        symlink(dir + "/loop-b", dir + "/loop-a")
        symlink(dir + "/loop-a", dir + "/loop-b")
        let cases = [("missing.png", "no such file"), ("pipe.png", "FIFO"), ("noise.png", "not a PNG"),
                     ("huge.png", "100000×100000"), ("cut.png", "damaged"), ("loop-a", "symbolic links")]
        for (name, expected) in cases {
            app.files.closeDialog()
            press(app, "o", control: true)
            type(app, dir + "/" + name)
            press(app, "Return")
            if app.fileDialog?.question != nil { press(app, "o") }
            let problem = app.finishOpening()
            #expect(problem?.contains(expected) == true, "\(name): \(problem ?? "opened")")
            let dialog = try #require(app.fileDialog)
            #expect(dialog.messageIsError)
            #expect(PixelImage(surface: app.canvasSurface!).at(20, 20).isClose(to: .red))
            #expect(app.model.documentSize == nil)
        }
    }

    // MARK: - Paste

    @Test func ctrlVAsksForAPictureAndPastesItAsAnUndoableStep() throws {
        let app = makeApp()
        dab(app, .white, at: Point(300, 300))
        _ = app.environment.clipboard.takeRequests()
        press(app, "v", control: true)
        #expect(app.environment.clipboard.takeRequests() == [.pastePicture(from: .clipboard)])
        let png = try Data(contentsOf: URL(fileURLWithPath: try writePicture("clip.png", width: 60, height: 40)))
        _ = app.handle(.pastedPicture(.png([UInt8](png))))
        app.finishPasting()
        var c = PixelImage(surface: app.canvasSurface!)
        #expect(c.at(5, 5).isClose(to: .red))
        #expect(c.at(55, 35).isClose(to: .blue))
        #expect(c.at(70, 10) == .black)
        #expect(c.at(300, 300).isClose(to: .white))
        #expect(app.toastMessage?.contains("60×40") == true)
        #expect(app.hasUnsavedWork)

        press(app, "z", control: true, shift: false)
        c = PixelImage(surface: app.canvasSurface!)
        #expect(c.at(5, 5) == .black)
        #expect(c.at(300, 300).isClose(to: .white))
        press(app, "z", control: true, shift: true)
        #expect(PixelImage(surface: app.canvasSurface!).at(5, 5).isClose(to: .red))
    }

    @Test func aClipboardWithOnlyTextSaysSo() {
        let app = makeApp()
        press(app, "v", control: true)
        _ = app.handle(.pastedPicture(.unavailable("the clipboard holds only text, not a picture")))
        #expect(app.toastMessage?.contains("only text") == true)
        #expect(!app.model.canUndo)
    }

    @Test func aDamagedPictureFromTheClipboardIsRefused() {
        let app = makeApp()
        press(app, "v", control: true)
        _ = app.handle(.pastedPicture(.png([0x89, 0x50, 0x4e, 0x47, 1, 2, 3])))
        app.finishPasting()
        #expect(app.toastMessage?.contains("not a PNG") == true)
        #expect(!app.model.canUndo)
    }

    // MARK: - Kept across restarts

    @Test func aKeptCanvasArrivingAfterACommandLineOpenGoesUnderIt() throws {
        // The last run's painting, kept in the state folder.
        let earlier = makeApp()
        dab(earlier, .green, at: Point(300, 300))
        let state = try #require(earlier.saveState())
        // This run opens a picture first; the kept canvas is read back later.
        let app = makeApp()
        app.open(path: try writePicture("first.png"))
        #expect(app.finishOpening() == nil)
        try app.restore(try state.encode())
        var c = PixelImage(surface: app.canvasSurface!)
        #expect(c.at(10, 10).isClose(to: .red), "the opened picture stays on top")
        #expect(app.model.documentSize == Size(120, 80))
        press(app, "z", control: true, shift: false)
        c = PixelImage(surface: app.canvasSurface!)
        #expect(c.at(300, 300).isClose(to: .green), "undoing the open shows the kept painting")
        #expect(c.at(10, 10) == .black)
    }

    @Test func theOpenedPicturesSizeAndFileComeBackAfterARestart() throws {
        let app = makeApp()
        let path = try writePicture("kept.png")
        app.open(path: path)
        #expect(app.finishOpening() == nil)
        let state = try #require(app.saveState())
        let again = makeApp()
        try again.restore(try state.encode())
        #expect(again.model.documentSize == Size(120, 80))
        #expect(again.model.file == path)
        #expect(PixelImage(surface: again.canvasSurface!).at(10, 10).isClose(to: .red))
    }
}

extension PaintApp {
    /// Lets any write the writer took reach the disk (a refused save must not write late).
    func sandboxWait() { environment.writer.waitUntilIdle() }
}
