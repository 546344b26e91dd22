import Foundation
import TouchDeskDrawing
import TouchDeskInterface
import TouchDeskModels
import TouchDeskToolkit

/// Doubler: a number that starts at 1 and doubles with every press: 1, 2, 4, 8, …
///
/// The number is exact however large it grows (arbitrary precision): it fills the window while
/// short, then shrinks and wraps (between groups of three digits, set apart by thin spaces) to
/// fit, and says how many digits it has and which power of two it is (2 with a raised exponent).
/// Ctrl+C copies the number, digits only. Holding Space
/// auto-repeats, as any held key does, and so does holding the mouse button down on Double: it
/// doubles on the press, like the key, then repeats on the app's tick (`AutoRepeat`).
public final class DoublerApp: MiniApp {
    public nonisolated static let id = "doubler"
    public nonisolated static let title = "Doubler"
    public nonisolated static let blurb = "A number that doubles with every press, exactly, however big it gets: 2^70, 2^1000…"

    public private(set) var model = DoublerModel()
    enum Control: String, ControlID { case double, reset, copy }
    let form = Form<Control>()
    private var size = Size(0, 0)
    private var numberArea = Rect.zero
    /// The digits, computed once per value when drawn (turning 2^n into decimal costs more than
    /// drawing it, and a held key may double many times between frames).
    private var cachedDigits: (presses: Int, text: String) = (0, "1")
    private var digits: String {
        if cachedDigits.presses != model.presses { cachedDigits = (model.presses, model.decimal) }
        return cachedDigits.text
    }
    private var cachedLayout: (key: String, size: Double, lines: [String])?
    /// The mouse button held down on Double.
    public private(set) var repeater = AutoRepeat()
    let clipboard: Clipboard
    private var toast = Toast()

    public static let minimumFontSize = 11.0
    /// The largest the digits grow, however large the window: a short number fills a large
    /// window up to this.
    public static let maximumFontSize = 220.0
    /// U+2009 THIN SPACE: between groups of three digits, as typesetting does.
    static let groupSeparator: Character = "\u{2009}"

    public init(environment: AppEnvironment) {
        clipboard = environment.clipboard
        form.addButton(.double, "Double ×2", key: .key("space"), also: [.key("d"), .key("Return", "KP_Enter")])
        form.addButton(.reset, "Reset", key: .key("r"), help: "Back to 1")
        form.addButton(.copy, "Copy", key: .control("c"), help: "Copy the number (digits only)")
        form.controls.setEnabled(.reset, false)
    }

    public var widgets: [any WidgetGroup] { [form] }
    public var extraKeys: [KeyHelp] { [KeyHelp("Hold Space or the button", "Keep doubling")] }

    public func layout(in size: Size, scale: Double) {
        self.size = size
        let bar = form.controls.layoutToolbar(atBottomOf: size, centered: true)
        numberArea = Rect(x: 16, y: 16, width: max(0, size.width - 32), height: max(0, size.height - bar - 16 - 56))
        cachedLayout = nil
    }

    /// The digits in groups of three from the right, joined by thin spaces: 1 048 576.
    public static func grouped(_ digits: String) -> [String] {
        let chars = Array(digits)
        var groups: [String] = []
        var end = chars.count
        while end > 0 {
            let start = max(0, end - 3)
            groups.append(String(chars[start..<end]))
            end = start
        }
        return groups.reversed()
    }

    /// `n` in superscript digits: 2⁶³.
    static func superscript(_ n: Int) -> String {
        let sup: [Character] = ["⁰", "¹", "²", "³", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹"]
        return String(String(n).map { $0.wholeNumberValue.map { sup[$0] } ?? $0 })
    }

    private func copyNumber() {
        clipboard.copy(digits, to: .clipboard)
        toast.show(trn("Copied {0} digit", "Copied {0} digits", digits.count, NumberStyle.current.integer(digits.count)), isError: false, seconds: 2)
    }

    public func handle(_ event: InputEvent) -> Bool {
        let outcome = form.handle(event)
        switch event {
        case .touchBegan where form.controls.pressed == .double:
            activate(.double)
            repeater.press()
            return true
        case .touchEnded where repeater.isHeld:
            // It doubled on the press already: the release that ends a click adds nothing.
            repeater.release()
            return true
        default: break
        }
        switch outcome {
        case .activated(let id): activate(id)
        case .stepped, .consumed, .edited, .submitted: break
        case .ignored: return false
        }
        return true
    }

    private func activate(_ id: Control) {
        switch id {
        case .double: model.double()
        case .reset: model.reset()
        case .copy: copyNumber(); return
        }
        form.controls.setEnabled(.reset, model.presses > 0)
        // A disabled button cannot be pressed: leave the focus where Space still does something.
        if form.focus == .control(.reset) && model.presses == 0 { form.setFocus(.control(.double)) }
    }

    /// Ticks only while the mouse button is held on Double; the pause while the pointer is off the
    /// button (the button no longer looks pressed) is `AutoRepeat`'s.
    public func tick() -> Bool {
        let onButton = form.controls.pressed == .double && form.controls.hovered == .double
        if repeater.tick(active: onButton) { activate(.double) }
        let toastShowing = toast.tick()
        return repeater.isHeld || toastShowing
    }

    /// The largest font size at which the digits, wrapped into lines, fit the area; at the
    /// smallest size the lines that do not fit are left out and said so.
    func numberLayout() -> (size: Double, lines: [String]) {
        let key = "\(model.presses)/\(numberArea.width)/\(numberArea.height)"
        if let c = cachedLayout, c.key == key { return (c.size, c.lines) }
        var s = max(Self.minimumFontSize, min(Self.maximumFontSize, numberArea.height / 1.2))
        var result: (Double, [String]) = (Self.minimumFontSize, [])
        let groups = Self.grouped(digits)
        while true {
            let digitW = Text.width("0", size: s, weight: .bold)
            let gapW = Text.width(String(Self.groupSeparator), size: s, weight: .bold)
            // Whole groups per line (a line may start with the short first group).
            let perLine = max(1, Int((numberArea.width + gapW) / (3 * digitW + gapW)))
            let lineCount = (groups.count + perLine - 1) / perLine
            let fits = Double(lineCount) * s * 1.2 <= numberArea.height
                && (groups.count > 1 || Text.width(digits, size: s, weight: .bold) <= numberArea.width)
            if fits || s <= Self.minimumFontSize {
                let maxLines = max(1, Int(numberArea.height / (s * 1.2)))
                var lines: [String] = []
                var i = 0
                while i < groups.count && lines.count < maxLines {
                    lines.append(groups[i..<min(groups.count, i + perLine)].joined(separator: String(Self.groupSeparator)))
                    i += perLine
                }
                result = (s, lines)
                break
            }
            s = max(Self.minimumFontSize, (s * 0.85).rounded(.down))
        }
        cachedLayout = (key, result.0, result.1)
        return result
    }

    public func draw(_ cr: CairoContext) {
        let (fontSize, lines) = numberLayout()
        let lineH = fontSize * 1.2
        let shownDigits = lines.reduce(0) { $0 + $1.filter(\.isNumber).count }
        var y = numberArea.midY - Double(lines.count - 1) * lineH / 2
        for line in lines {
            cr.text(line, x: numberArea.midX, y: y, size: fontSize, weight: .bold, align: .center)
            y += lineH
        }
        let count = digits.count
        let n = NumberStyle.current
        var info = trn("{0} digit", "{0} digits", count, n.integer(count)) + " · 2\(Self.superscript(model.presses))"
        if shownDigits < digits.count { info += " · " + tr("first {0} digits shown", n.integer(shownDigits)) }
        cr.text(info, x: size.width / 2, y: numberArea.maxY + 28,
                  size: Text.fittingSize(info, width: size.width - 24, size: Theme.TextSize.headline), color: Theme.accent, align: .center)
        form.draw(cr)
        toast.draw(cr, in: numberArea)
    }

    public var appToast: Toast? { toast }

    /// For a screen reader: the number, announced at each doubling (in full while short, else
    /// by its size), and the app's message.
    public var accessibleContent: [AccessibleNode] {
        let count = digits.count
        let said = count <= 30 ? digits : "a number of \(count) digits"
        return [AccessibleNode(id: "number", role: .label, name: tr("Number"), frame: numberArea,
                               text: AccessibleNode.TextState("\(said), 2 to the power \(model.presses)"), isLive: true)]
    }

    public static func drawIcon(_ cr: CairoContext, in r: Rect) {
        Theme.accent.set(cr)
        cr.roundedRect(r.insetBy(r.width * 0.08), radius: r.width * 0.18)
        cr.fill()
        cr.text("×2", x: r.midX, y: r.midY, size: r.width * 0.42, weight: .bold, align: .center)
    }
}

// MARK: - Kept across restarts

extension DoublerApp: @MainActor StatefulApp {
    public nonisolated static let stateFileName = "doubler.json"

    nonisolated struct Kept: Codable, Hashable, Sendable {
        /// How many times it doubled: the value is 2^presses.
        var presses: Int?
    }

    /// Beyond this the digits alone would take longer to show than anyone waits.
    static let maxKeptPresses = 1 << 20

    public func saveState() -> AppState? { AppState(json: Kept(presses: model.presses)) }

    public func restore(_ data: Data) throws {
        let kept = try decodeState(Kept.self, from: data)
        let n = kept.presses ?? 0
        guard (0...Self.maxKeptPresses).contains(n) else { throw StateError("\(n) doublings is outside 0…\(Self.maxKeptPresses)") }
        model = DoublerModel(presses: n)
        form.controls.setEnabled(.reset, n > 0)
    }
}
