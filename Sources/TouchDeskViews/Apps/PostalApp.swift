import TouchDeskDrawing
import TouchDeskInterface
import TouchDeskModels

/// Postal Codes: type a code and see at once whether it is a valid US ZIP code or Canadian postal
/// code, and if not, why not.
///
/// The verdict comes from `PostalCode.validate`, a pure function with its own tests; this file
/// only shows it: a green tick and the kind of code, or a red cross and the reason.
public final class PostalApp: MiniApp {
    public nonisolated static let id = "postal"
    public nonisolated static let title = "Postal Codes"
    public nonisolated static let blurb = "Type a US ZIP code or a Canadian postal code: it says at once whether it is valid, and why not."

    let form = Form()
    let field: TextField
    public private(set) var verdict = PostalCode.Verdict.empty
    private var size = Size(0, 0)

    public init(environment: AppEnvironment) {
        field = TextField("code", placeholder: "e.g. 77335 or K7G 5T9", maxLength: 32, clipboard: environment.clipboard)
        form.add(field)
        form.addButton("clear", "Clear", shortcut: "Ctrl+L")
        form.setFocus("code")
    }

    public var text: String { field.text }

    public func layout(in size: Size) {
        self.size = size
        _ = form.controls.layoutToolbar(atBottomOf: size)
        let w = min(460, size.width - 32)
        field.frame = Rect(x: (size.width - w) / 2, y: 44, width: w, height: TextField.height)
    }

    public func handle(_ event: InputEvent) -> Bool {
        if case .key(let k) = event, k.is("l", control: true) { clear(); return true }
        switch form.handle(event) {
        case .activated("clear"): clear()
        case .edited: verdict = PostalCode.validate(field.text)
        case .submitted, .consumed, .activated: break
        case .ignored: return false
        }
        return true
    }

    private func clear() {
        field.setText("")
        verdict = .empty
        form.setFocus("code")
    }

    public func tick() -> Bool { form.tick() }

    public func draw(_ cr: CairoContext) {
        let prompt = "A US ZIP code or a Canadian postal code:"
        cr.text(prompt, x: field.frame.x, y: 24, size: Text.fittingSize(prompt, width: field.frame.width, size: 15),
                  color: Theme.dimText)
        field.isInvalid = { if case .invalid = verdict { return true } else { return false } }()
        form.draw(cr)
        let top = field.frame.maxY + 18
        let left = field.frame.x
        let width = field.frame.width
        switch verdict {
        case .empty:
            cr.text("Examples: 77335, 12345-6789, K7G 5T9", x: left, y: top + 12, size: 14, color: Theme.dimText)
        case .usZIP(let s):
            drawVerdict(cr, ok: true, headline: "Valid US ZIP code", detail: s.contains("-") ? "ZIP+4: \(s)" : "ZIP: \(s)",
                        left: left, top: top, width: width)
        case .canadian(let s):
            drawVerdict(cr, ok: true, headline: "Valid Canadian postal code", detail: s, left: left, top: top, width: width)
        case .invalid(let why):
            drawVerdict(cr, ok: false, headline: "Not a valid postal code", detail: why, left: left, top: top, width: width)
        }
    }

    private func drawVerdict(_ cr: CairoContext, ok: Bool, headline: String, detail: String, left: Double, top: Double, width: Double) {
        let c = Point(left + 14, top + 12)
        (ok ? Theme.success : Theme.error).set(cr)
        cr.circle(c, 13)
        cr.fill()
        Theme.text.set(cr)
        cr.setLineWidth(3)
        cr.setLineCap(.round)
        if ok {
            cr.moveTo(c.x - 6, c.y); cr.lineTo(c.x - 1.5, c.y + 5); cr.lineTo(c.x + 6.5, c.y - 5)
        } else {
            cr.moveTo(c.x - 5, c.y - 5); cr.lineTo(c.x + 5, c.y + 5)
            cr.moveTo(c.x + 5, c.y - 5); cr.lineTo(c.x - 5, c.y + 5)
        }
        cr.stroke()
        let textLeft = left + 36
        let textWidth = max(40, width - 36)
        cr.text(headline, x: textLeft, y: c.y, size: Text.fittingSize(headline, width: textWidth, size: 18, weight: .bold),
                  color: ok ? Theme.success : Theme.error, weight: .bold)
        var y = c.y + 28
        for line in Text.lines(detail, width: textWidth, size: 15) {
            cr.text(line, x: textLeft, y: y, size: 15)
            y += 20
        }
    }

    public static func drawIcon(_ cr: CairoContext, in r: Rect) {
        // An envelope with a stamp.
        let env = Rect(x: r.x + r.width * 0.08, y: r.y + r.height * 0.22, width: r.width * 0.84, height: r.height * 0.56)
        Color(hex: 0xf2e6c9).set(cr)
        cr.roundedRect(env, radius: r.width * 0.04)
        cr.fill()
        Color(hex: 0xb89a62).set(cr)
        cr.setLineWidth(max(1, r.width * 0.025))
        cr.moveTo(env.minX, env.minY); cr.lineTo(env.midX, env.midY); cr.lineTo(env.maxX, env.minY)
        cr.stroke()
        Theme.error.set(cr)
        cr.rectangle(Rect(x: env.maxX - r.width * 0.2, y: env.minY + r.height * 0.06, width: r.width * 0.14, height: r.height * 0.16))
        cr.fill()
    }
}
