import TouchDeskDrawing
import Foundation
import Testing
import TouchDeskInterface
import TouchDeskModels
import TouchDeskTestSupport
@testable import AppTemperature
@testable import AppDoubler
@testable import AppPostalCodes
@testable import TouchDeskToolkit

/// The repository's assets folder, for apps that show the project's pictures.
let repositoryAssets = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("assets").path

func textAppEnvironment() -> AppEnvironment {
    AppEnvironment(picturesDirectory: NSTemporaryDirectory(), dataDirectory: NSTemporaryDirectory(),
                   homeDirectory: NSTemporaryDirectory(), assetsDirectory: repositoryAssets)
}

extension MiniApp {
    /// Types `s` one character per key press, as the host delivers typed text.
    func type(_ s: String) {
        for c in s { _ = handle(.key(Key(c == " " ? "space" : String(c), text: String(c)))) }
    }
}

/// Pixels that are clearly text-coloured (light) inside `r`.
func lightPixels(_ img: PixelImage, in r: Rect) -> Int {
    img.count(of: PixelColor(Theme.text), tolerance: 60, x: Int(r.x), y: Int(r.y), width: Int(r.width), height: Int(r.height))
}

@Suite("Text field widget")
struct TextFieldWidgetTests {
    @Test func clickFocusesAndShowsRingAndCaret() {
        let app = PostalApp(environment: textAppEnvironment())
        app.layout(in: Size(400, 316))
        app.form.setFocus(nil)
        let f = app.field.frame
        let before = frame(of: app, size: Size(400, 316))
        #expect(before.count(of: PixelColor(Theme.accent), tolerance: 20, x: Int(f.x), y: Int(f.y), width: Int(f.width), height: 4) == 0)
        app.tap(Point(f.midX, f.midY))
        #expect(app.field.isFocused)
        let after = frame(of: app, size: Size(400, 316))
        #expect(after.count(of: PixelColor(Theme.accent), tolerance: 20, x: Int(f.x), y: Int(f.y), width: Int(f.width), height: 4) > 50,
                "a focus ring along the top edge")
        #expect(app.field.caretVisible)
    }

    @Test func typedTextIsDrawnInsideTheField() {
        let app = PostalApp(environment: textAppEnvironment())
        app.layout(in: Size(400, 316))
        let f = app.field.frame
        let empty = lightPixels(frame(of: app, size: Size(400, 316)), in: f.insetBy(4))
        app.type("77335")
        #expect(app.text == "77335")
        let typed = lightPixels(frame(of: app, size: Size(400, 316)), in: f.insetBy(4))
        #expect(typed > empty + 60, "typed digits show (\(empty) → \(typed) light pixels)")
    }

    @Test func longTextScrollsSoTheCaretStaysVisible() {
        let app = PostalApp(environment: textAppEnvironment())
        app.layout(in: Size(400, 316))
        app.type(String(repeating: "8", count: 32))
        let f = app.field.frame
        let img = frame(of: app, size: Size(400, 316))
        // The caret sits at the right end, inside the field, and no digit spills past the border.
        #expect(lightPixels(img, in: Rect(x: f.maxX - 16, y: f.y + 6, width: 12, height: f.height - 12)) > 0)
        let clear = app.form.controls[.clear]!.frame
        #expect(lightPixels(img, in: Rect(x: f.maxX + 1, y: f.y, width: clear.x - f.maxX - 2, height: f.height)) == 0)
    }

    @Test func doubleClickSelectsAllAndSetsPrimary() {
        let env = textAppEnvironment()
        let app = PostalApp(environment: env)
        app.layout(in: Size(400, 316))
        app.type("K7G 5T9")
        let f = app.field.frame
        app.tap(Point(f.x + 20, f.midY))
        _ = app.tick()
        app.tap(Point(f.x + 20, f.midY))
        #expect(app.field.editor.selectedText == "K7G 5T9")
        #expect(env.clipboard.lastCopied(.primary) == "K7G 5T9")
        let img = frame(of: app, size: Size(400, 316))
        let sel = PixelColor(Theme.accent, alpha: 0.55, over: Color(hex: 0x12141a))
        #expect(img.count(of: sel, tolerance: 20, x: Int(f.x), y: Int(f.y) + 8, width: Int(f.width), height: Int(f.height) - 16) > 200,
                "the selection is highlighted")
    }

    @Test func clicksFarApartInTimeDoNotSelectAll() {
        let app = PostalApp(environment: textAppEnvironment())
        app.layout(in: Size(400, 316))
        app.type("12345")
        let f = app.field.frame
        app.tap(Point(f.x + 20, f.midY))
        for _ in 0..<60 { _ = app.tick() }
        app.tap(Point(f.x + 20, f.midY))
        #expect(!app.field.editor.hasSelection)
    }

    @Test func copyAndPasteGoThroughTheClipboardChannel() {
        let env = textAppEnvironment()
        let app = PostalApp(environment: env)
        app.layout(in: Size(400, 316))
        app.type("A2K 4L8")
        _ = env.clipboard.takeRequests()
        app.press("a", control: true)
        app.press("c", control: true)
        #expect(env.clipboard.takeRequests() == [.copy("A2K 4L8", to: .primary), .copy("A2K 4L8", to: .clipboard)])
        app.press("x", control: true)
        #expect(app.text == "")
        app.press("v", control: true)
        #expect(env.clipboard.takeRequests().last == .paste(from: .clipboard))
        _ = app.handle(.paste("M2N 6P8"))
        #expect(app.text == "M2N 6P8")
        #expect(app.verdict == .canadian("M2N 6P8"))
    }

    @Test func middleClickFocusesTheFieldAndAsksForPrimary() {
        let env = textAppEnvironment()
        let app = TemperatureApp(environment: env)
        app.layout(in: Size(400, 316))
        let c = app.celsius.frame
        _ = app.handle(.middleClick(Point(c.midX, c.midY)))
        #expect(app.celsius.isFocused && !app.fahrenheit.isFocused)
        #expect(env.clipboard.takeRequests() == [.paste(from: .primary)])
        _ = app.handle(.paste("21,5"))
        _ = app.press("Return")
        #expect(app.fahrenheit.text == "70.7")
    }

    @Test func caretBlinksThenStaysOnAndTheAppSleeps() {
        let app = PostalApp(environment: textAppEnvironment())
        app.layout(in: Size(400, 316))
        var seen = Set<Bool>()
        var ticks = 0
        while app.tick() && ticks < 10_000 { seen.insert(app.field.caretVisible); ticks += 1 }
        #expect(seen == [true, false], "it blinked")
        #expect(ticks < 1000, "the blinking stops, so an idle window sleeps (\(ticks) ticks)")
        #expect(app.field.caretVisible)
    }
}

@Suite("Focus: Tab, Space and Enter")
struct FormFocusTests {
    @Test func tabWalksFieldsAndButtonsAndSpacePressesAButton() {
        let app = TemperatureApp(environment: textAppEnvironment())
        app.layout(in: Size(400, 316))
        #expect(app.form.focus == .field("fahrenheit"))
        app.type("212")
        app.press("Tab")
        #expect(app.form.focus == .control(.toCelsius))
        #expect(!app.fahrenheit.isFocused)
        let b = app.form.controls[.toCelsius]!.frame
        let img = frame(of: app, size: Size(400, 316))
        #expect(img.count(of: PixelColor(Theme.accent), tolerance: 20, x: Int(b.x), y: Int(b.y), width: Int(b.width), height: 3) > 20,
                "the focused button has a ring")
        _ = app.handle(.key(Key("space", text: " ")))
        #expect(app.celsius.text == "100.0")
        app.press("Tab"); app.press("Tab")
        #expect(app.form.focus == .field("celsius"))
        app.press("Tab", shift: true)
        #expect(app.form.focus == .control(.toFahrenheit))
        app.press("Tab")
        app.press("Tab")
        #expect(app.form.focus == .field("kelvin"))
        app.press("Tab")
        #expect(app.form.focus == .field("fahrenheit"), "focus wraps around")
    }

    @Test func clickingAButtonMovesTheFocusToIt() {
        let app = TemperatureApp(environment: textAppEnvironment())
        let size = Size(400, 316)
        app.layout(in: size)
        app.type("212")
        let b = app.form.controls[.toCelsius]!.frame
        let f = app.fahrenheit.frame
        app.tap(Point(b.midX, b.midY))
        #expect(app.celsius.text == "100.0", "the click converted")
        #expect(app.form.focus == .control(.toCelsius))
        #expect(!app.fahrenheit.isFocused && !app.fahrenheit.caretVisible, "the field gave up the focus and its caret")
        let img = frame(of: app, size: size)
        #expect(img.count(of: PixelColor(Theme.accent), tolerance: 20, x: Int(b.x), y: Int(b.y), width: Int(b.width), height: 3) > 20,
                "the clicked button has the focus ring")
        #expect(img.count(of: PixelColor(Theme.accent), tolerance: 20, x: Int(f.x), y: Int(f.y), width: Int(f.width), height: 4) == 0,
                "the field has none")
        // Typing no longer edits the field the user clicked away from; Space presses the button again.
        app.type("5")
        #expect(app.fahrenheit.text == "212")
        app.tap(Point(f.midX, f.midY))
        app.press("a", control: true)
        app.type("32")
        #expect(app.form.focus == .field("fahrenheit"))
        app.press("Tab")
        _ = app.handle(.key(Key("space", text: " ")))
        #expect(app.celsius.text == "0.0")
    }

    @Test func aDisabledButtonTakesNoFocusAndResetHandsItBack() {
        let app = DoublerApp(environment: textAppEnvironment())
        app.layout(in: Size(400, 316))
        let reset = app.form.controls[.reset]!.frame, double = app.form.controls[.double]!.frame
        app.tap(Point(reset.midX, reset.midY))
        #expect(app.form.focus == nil, "Reset is disabled at 1")
        app.tap(Point(double.midX, double.midY))
        app.tap(Point(double.midX, double.midY))
        #expect(app.form.focus == .control(.double) && app.model.presses == 2)
        app.tap(Point(reset.midX, reset.midY))
        #expect(app.model.presses == 0)
        // Reset disabled itself: the focus goes to Double, so Space keeps doubling.
        #expect(app.form.focus == .control(.double))
        _ = app.handle(.key(Key("space", text: " ")))
        #expect(app.model.presses == 1)
    }

    @Test func escapeIsLeftForTheShell() {
        let app = TemperatureApp(environment: textAppEnvironment())
        app.layout(in: Size(400, 316))
        #expect(!app.handle(.key(Key("Escape"))), "the host gives Escape no text")
    }
}

@Suite("Temperature app")
struct TemperatureAppTests {
    /// Balanced at every size: the three fields in one row, equally wide and equally apart, the
    /// block centred in the window (°F had stood alone on the left of °C over K).
    @Test(arguments: [Size(400, 316), Size(900, 596), Size(1920, 1036)])
    func theThreeFieldsAreEquallySpacedAndCentred(size: Size) {
        let app = TemperatureApp(environment: textAppEnvironment())
        app.layout(in: size)
        let (f, c, k) = (app.fahrenheit.frame, app.celsius.frame, app.kelvin.frame)
        #expect(f.y == c.y && c.y == k.y && f.width == c.width && c.width == k.width, "°F \(f), °C \(c), K \(k)")
        #expect(abs((c.x - f.maxX) - (k.x - c.maxX)) <= 1, "gaps \(c.x - f.maxX) and \(k.x - c.maxX)")
        #expect(abs((f.x + k.maxX) / 2 - size.width / 2) <= 1, "the block \(f.x)…\(k.maxX) in \(size.width)")
        // The arrows stand between °F and °C.
        for id in [TemperatureApp.Control.toCelsius, .toFahrenheit] {
            let b = app.form.controls[id]!.frame
            #expect(b.x >= f.maxX && b.maxX <= c.x, "\(id) at \(b)")
        }
    }

    @Test func enterInFahrenheitConvertsAndShowsThePicture() {
        let app = TemperatureApp(environment: textAppEnvironment())
        let size = Size(400, 316)
        app.layout(in: size)
        let blank = frame(of: app, size: size)
        app.type("36")
        app.press("Return")
        #expect(app.celsius.text == "2.2")
        #expect(app.model.reading?.band.message == "Definitely cold")
        let img = frame(of: app, size: size)
        // The snowy street: its white snow band and blue-grey sky fill the picture's area.
        let p = WeatherScenes.fitted(in: app.pictureArea)
        #expect(p.height > 40, "room for the picture at 400 × 316: \(p)")
        let bg = PixelColor(Theme.background)
        let area = Int(p.width * p.height)
        #expect(blank.count(of: bg, tolerance: 4, x: Int(p.x), y: Int(p.y), width: Int(p.width), height: Int(p.height)) > area * 9 / 10)
        #expect(img.count(of: bg, tolerance: 4, x: Int(p.x), y: Int(p.y), width: Int(p.width), height: Int(p.height)) < area * 7 / 10,
                "a picture is drawn")
    }

    @Test func invalidInputTurnsTheFieldRedAndClearsTheOthers() {
        let app = TemperatureApp(environment: textAppEnvironment())
        let size = Size(400, 316)
        app.layout(in: size)
        app.type("50")
        app.press("Return")
        #expect(app.celsius.text == "10.0")
        app.press("a", control: true)
        app.type("abc")
        app.press("Return")
        #expect(app.fahrenheit.isInvalid)
        #expect(app.celsius.text == "" && app.kelvin.text == "" && app.model.reading == nil)
        #expect(app.model.error?.message == "Enter a number, like 36 or -4.5")
        let f = app.fahrenheit.frame
        let img = frame(of: app, size: size)
        #expect(img.count(of: PixelColor(Theme.error), tolerance: 20, x: Int(f.x), y: Int(f.y), width: Int(f.width), height: 4) > 50,
                "red border")
        let k = app.kelvin.frame
        #expect(img.count(of: PixelColor(Theme.error), tolerance: 40, x: 0, y: Int(k.maxY) + 4, width: 400, height: 30) > 30,
                "red message under the fields")
    }

    @Test func celsiusToFahrenheitByButtonAndBelowAbsoluteZero() {
        let app = TemperatureApp(environment: textAppEnvironment())
        app.layout(in: Size(400, 316))
        let c = app.celsius.frame
        app.tap(Point(c.midX, c.midY))
        app.type("-300")
        let b = app.form.controls[.toFahrenheit]!.frame
        app.tap(Point(b.midX, b.midY))
        #expect(app.model.error?.message == "Below absolute zero")
        #expect(app.fahrenheit.text == "")
        // The click gave the button the focus: back into the field to fix the value.
        app.tap(Point(c.midX, c.midY))
        app.press("a", control: true)
        app.type("37")
        app.tap(Point(b.midX, b.midY))
        #expect(app.fahrenheit.text == "98.6")
        #expect(app.model.reading?.band == .hot)
    }

    @Test("every size down to the minimum keeps fields, buttons and picture apart", arguments: [Size(400, 316), Size(900, 596), Size(1600, 1000)])
    func layoutFits(_ size: Size) {
        let app = TemperatureApp(environment: textAppEnvironment())
        app.layout(in: size)
        let frames = [app.fahrenheit.frame, app.celsius.frame, app.form.controls[.toCelsius]!.frame, app.form.controls[.toFahrenheit]!.frame]
        for (i, a) in frames.enumerated() {
            #expect(Rect(x: 0, y: 0, width: size.width, height: size.height).contains(a))
            for b in frames[(i + 1)...] { #expect(!a.intersects(b), "\(a) overlaps \(b)") }
        }
    }
}

@Suite("Doubler app")
struct DoublerAppTests {
    @Test func spaceDoublesAndResetGoesBack() {
        let app = DoublerApp(environment: textAppEnvironment())
        app.layout(in: Size(400, 316))
        for _ in 0..<70 { _ = app.handle(.key(Key("space", text: " "))) }
        #expect(app.model.decimal == "1180591620717411303424")
        let r = app.form.controls[.reset]!.frame
        app.tap(Point(r.midX, r.midY))
        #expect(app.model.decimal == "1")
    }

    @Test func holdingTheMouseOnDoubleRepeatsLikeAHeldKey() {
        let app = DoublerApp(environment: textAppEnvironment())
        app.layout(in: Size(400, 316))
        let b = app.form.controls[.double]!.frame
        _ = app.handle(.touchBegan(b.center))
        #expect(app.model.presses == 1, "it doubles on the press, as the key does")
        for _ in 0..<23 { #expect(app.tick(), "the window keeps ticking while the button is held") }
        #expect(app.model.presses == 1, "no repeat before 0.4 s")
        _ = app.tick()
        #expect(app.model.presses == 2, "the first repeat at 0.4 s")
        for _ in 0..<60 { _ = app.tick() }
        #expect(app.model.presses == 17, "then 15 a second")
        // Sliding off the button pauses the repeat; back on, it goes on.
        _ = app.handle(.touchMoved(Point(b.midX, b.y - 40)))
        for _ in 0..<60 { _ = app.tick() }
        #expect(app.model.presses == 17)
        _ = app.handle(.touchMoved(b.center))
        for _ in 0..<4 { _ = app.tick() }
        #expect(app.model.presses == 18)
        _ = app.handle(.touchEnded(b.center))
        #expect(app.model.presses == 18, "the release adds nothing")
        #expect(!app.tick(), "released: the window stops ticking")
        for _ in 0..<60 { _ = app.tick() }
        #expect(app.model.presses == 18)
        #expect(app.model.decimal == "262144")
    }

    @Test func aClickDoublesOnceEvenWhenReleasedOffTheButton() {
        let app = DoublerApp(environment: textAppEnvironment())
        app.layout(in: Size(400, 316))
        let b = app.form.controls[.double]!.frame
        app.tap(b.center)
        #expect(app.model.presses == 1)
        _ = app.handle(.touchBegan(b.center))
        _ = app.handle(.touchMoved(Point(b.midX, b.y - 40)))
        _ = app.handle(.touchEnded(Point(b.midX, b.y - 40)))
        #expect(app.model.presses == 2)
        #expect(!app.tick())
    }

    @Test("huge numbers shrink and wrap but stay above the buttons", arguments: [70, 1000, 5000])
    func numberFits(_ presses: Int) {
        let app = DoublerApp(environment: textAppEnvironment())
        let size = Size(400, 316)
        app.layout(in: size)
        for _ in 0..<presses { _ = app.handle(.key(Key("d", text: "d"))) }
        let img = frame(of: app, size: size)
        let bar = app.form.controls[.double]!.frame
        let (fontSize, lines) = app.numberLayout()
        #expect(lines.allSatisfy { Text.width($0, size: fontSize, weight: .bold) <= size.width - 32 + 0.5 })
        #expect(lightPixels(img, in: Rect(x: 0, y: 0, width: 400, height: 200)) > 100, "digits are drawn")
        // Nothing light between the info line and the buttons.
        let gapTop = app.numberLayout().lines.isEmpty ? 0 : bar.minY - 12
        #expect(lightPixels(img, in: Rect(x: 0, y: gapTop, width: 400, height: 6)) == 0)
        let digitsShown = lines.joined().filter(\.isNumber)
        if presses == 5000 { #expect(digitsShown.count < app.model.digitCount, "only the first digits fit") }
        else { #expect(String(digitsShown) == app.model.decimal) }
        // Lines break between groups of three, set apart by thin spaces.
        #expect(lines.dropFirst().allSatisfy { $0.split(separator: DoublerApp.groupSeparator).allSatisfy { $0.count == 3 } })
    }

    @Test func digitsAreGroupedInThreesAndThePowerIsASuperscript() {
        #expect(DoublerApp.grouped("1180591620717411303424") == ["1", "180", "591", "620", "717", "411", "303", "424"])
        #expect(DoublerApp.grouped("1024") == ["1", "024"] && DoublerApp.grouped("512") == ["512"] && DoublerApp.grouped("1") == ["1"])
        #expect(DoublerApp.superscript(63) == "⁶³" && DoublerApp.superscript(1000) == "¹⁰⁰⁰")
    }

    @Test func ctrlCCopiesTheDigitsOnly() {
        let env = textAppEnvironment()
        let app = DoublerApp(environment: env)
        app.layout(in: Size(900, 596))
        for _ in 0..<20 { _ = app.handle(.key(Key("d", text: "d"))) }
        #expect(app.handle(.key(Key("c", control: true))))
        #expect(env.clipboard.lastCopied(.clipboard) == "1048576")
    }

    @Test("a short number grows with the window")
    func shortNumberGrows() {
        let small = DoublerApp(environment: textAppEnvironment()), large = DoublerApp(environment: textAppEnvironment())
        small.layout(in: Size(400, 316))
        large.layout(in: Size(1920, 1036))
        #expect(large.numberLayout().size > small.numberLayout().size && large.numberLayout().size >= 200, "\(large.numberLayout().size) vs \(small.numberLayout().size)")
    }
}

@Suite("Postal Codes app")
struct PostalAppTests {
    @Test func validAndInvalidShowTickOrCross() {
        let app = PostalApp(environment: textAppEnvironment())
        let size = Size(400, 316)
        app.layout(in: size)
        app.type("k7g 5t9")
        #expect(app.verdict == .canadian("K7G 5T9"))
        let f = app.field.frame
        let tickArea = (x: Int(f.x), y: Int(f.maxY) + 12, width: 30, height: 30)
        let ok = frame(of: app, size: size)
        #expect(ok.count(of: PixelColor(Theme.success), tolerance: 20, x: tickArea.x, y: tickArea.y, width: tickArea.width, height: tickArea.height) > 200)
        app.press("BackSpace")
        app.type("D")
        guard case .invalid(let why) = app.verdict else { Issue.record("K7G 5TD accepted"); return }
        #expect(why.contains("6 must be a digit"))
        let bad = frame(of: app, size: size)
        #expect(bad.count(of: PixelColor(Theme.error), tolerance: 20, x: tickArea.x, y: tickArea.y, width: tickArea.width, height: tickArea.height) > 200)
        #expect(app.field.isInvalid)
        app.press("l", control: true)
        #expect(app.text == "" && app.verdict == .empty)
    }
}

@Suite("Text field: a paste cut to the field's length")
struct TextFieldPasteNoteTests {
    @Test func theNoteShowsAndGoesAway() {
        let field = TextField("f", maxLength: 8, clipboard: nil)
        field.frame = Rect(x: 10, y: 10, width: 200, height: TextField.height)
        _ = field.handle(.touchBegan(Point(20, 20)))
        _ = field.handle(.touchEnded(Point(20, 20)))
        #expect(field.handle(.paste("0123456789abcdef")) == .edited)
        #expect(field.text == "01234567")
        #expect(field.notice?.contains("8 characters") == true)
        for _ in 0..<(6 * 60) { _ = field.tick() }
        #expect(field.notice == nil)
    }
}
