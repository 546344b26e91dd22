import TouchDeskDrawing
import TouchDeskInterface
import TouchDeskModels

/// Temperature: type a temperature in °F or °C and convert it the other way, with Kelvin, a
/// message and a picture for how it feels outside.
///
/// Enter in a field converts from that field; the arrow buttons do the same each way. Input that is
/// not a number, or is below absolute zero, turns its field red with the reason and converts
/// nothing. The pictures are the project's own (make-assets, assets/temperature/).
public final class TemperatureApp: MiniApp {
    public nonisolated static let id = "temperature"
    public nonisolated static let title = "Temperature"
    public nonisolated static let blurb = "Convert between Fahrenheit and Celsius (and Kelvin), with a picture of the weather it feels like."

    public private(set) var model = TemperatureModel()
    let form = Form()
    let fahrenheit: TextField
    let celsius: TextField
    let images: ImageStore
    private var size = Size(0, 0)
    private var pictureArea = Rect.zero

    public init(environment: AppEnvironment) {
        fahrenheit = TextField("fahrenheit", placeholder: "°F", maxLength: 24, clipboard: environment.clipboard)
        celsius = TextField("celsius", placeholder: "°C", maxLength: 24, clipboard: environment.clipboard)
        images = ImageStore(directory: environment.assetsDirectory.map { $0 + "/temperature" })
        form.add(fahrenheit)
        form.addButton("toCelsius", "→", shortcut: "Ctrl+R")
        form.addButton("toFahrenheit", "←", shortcut: "Ctrl+L")
        form.add(celsius)
        form.order = ["fahrenheit", "toCelsius", "toFahrenheit", "celsius"]
        form.setFocus("fahrenheit")
    }

    // MARK: - Layout

    public func layout(in size: Size) {
        self.size = size
        let margin = 16.0, gap = 8.0
        let c = form.controls
        let buttonW = max(c["toCelsius"].map { c.preferredWidth($0) } ?? 60, c["toFahrenheit"].map { c.preferredWidth($0) } ?? 60)
        let contentW = min(size.width - 2 * margin, 620)
        let left = (size.width - contentW) / 2
        let fieldW = max(60, (contentW - buttonW - 2 * gap) / 2)
        let y = 34.0
        fahrenheit.frame = Rect(x: left, y: y, width: fieldW, height: TextField.height)
        celsius.frame = Rect(x: left + contentW - fieldW, y: y, width: fieldW, height: TextField.height)
        let bx = left + fieldW + gap
        c.place("toCelsius", at: Rect(x: bx, y: y - 14, width: buttonW, height: 32))
        c.place("toFahrenheit", at: Rect(x: bx, y: y + 22, width: buttonW, height: 32))
        let pictureTop = y + TextField.height + 96
        pictureArea = Rect(x: margin, y: pictureTop, width: max(0, size.width - 2 * margin), height: max(0, size.height - pictureTop - 10))
    }

    // MARK: - Input

    public func handle(_ event: InputEvent) -> Bool {
        if case .key(let k) = event {
            if k.is("r", control: true) { convert(from: .fahrenheit); return true }
            if k.is("l", control: true) { convert(from: .celsius); return true }
        }
        switch form.handle(event) {
        case .activated("toCelsius"): convert(from: .fahrenheit)
        case .activated("toFahrenheit"): convert(from: .celsius)
        case .submitted(let id): convert(from: id == "celsius" ? .celsius : .fahrenheit)
        case .edited(let id):
            let scale: TemperatureScale = id == "celsius" ? .celsius : .fahrenheit
            model.setText(field(scale).text, for: scale)
            // Editing a red field is the fix under way: the red goes until the next conversion.
            model.clearError(for: scale)
        case .activated, .consumed: break
        case .ignored: return false
        }
        syncFields()
        return true
    }

    func field(_ scale: TemperatureScale) -> TextField { scale == .fahrenheit ? fahrenheit : celsius }

    private func convert(from scale: TemperatureScale) {
        model.setText(field(scale).text, for: scale)
        if model.convert(from: scale) {
            field(scale.other).setText(model.text(scale.other))
        }
        syncFields()
    }

    private func syncFields() {
        fahrenheit.isInvalid = model.error?.scale == .fahrenheit
        celsius.isInvalid = model.error?.scale == .celsius
    }

    public func tick() -> Bool { form.tick() }

    // MARK: - Drawing

    public func draw(_ cr: CairoContext) {
        for (scale, f) in [(TemperatureScale.fahrenheit, fahrenheit), (.celsius, celsius)] {
            let name = scale == .fahrenheit ? "Fahrenheit °F" : "Celsius °C"
            cr.text(name, x: f.frame.x + 2, y: 16, size: Text.fittingSize(name, width: f.frame.width, size: 15, weight: .bold),
                      color: Theme.dimText, weight: .bold)
        }
        form.draw(cr)
        let below = fahrenheit.frame.maxY + 16
        if let e = model.error {
            let f = field(e.scale)
            var y = below
            for line in Text.lines(e.message, width: f.frame.width, size: 13) {
                cr.text(line, x: f.frame.x + 2, y: y, size: 13, color: Theme.error, weight: .bold)
                y += 17
            }
        }
        guard let r = model.reading else {
            cr.text("Type a temperature and press Enter", x: size.width / 2, y: below + 50, size: 15,
                      color: Theme.dimText, align: .center)
            return
        }
        let summary = "\(Temperature.format(r.fahrenheit)) °F = \(Temperature.format(r.celsius)) °C = \(Temperature.format(r.kelvin)) K"
        cr.text(summary, x: size.width / 2, y: below + 32,
                  size: Text.fittingSize(summary, width: size.width - 24, size: 14), color: Theme.dimText, align: .center)
        let message = r.band.message
        cr.text(message, x: size.width / 2, y: below + 60,
                  size: Text.fittingSize(message, width: size.width - 24, size: 22, weight: .bold), weight: .bold, align: .center)
        if pictureArea.height > 20 {
            images.draw("\(r.band.picture)", in: pictureArea, cr)
        }
    }

    public static func drawIcon(_ cr: CairoContext, in r: Rect) {
        // A thermometer: a white tube with a red bulb and column.
        let cx = r.midX, w = r.width * 0.2
        Theme.text.set(cr)
        cr.roundedRect(Rect(x: cx - w / 2, y: r.y + r.height * 0.08, width: w, height: r.height * 0.7), radius: w / 2)
        cr.fill()
        cr.circle(Point(cx, r.y + r.height * 0.78), r.width * 0.17)
        cr.fill()
        Theme.error.set(cr)
        cr.circle(Point(cx, r.y + r.height * 0.78), r.width * 0.12)
        cr.fill()
        cr.rectangle(Rect(x: cx - w * 0.25, y: r.y + r.height * 0.35, width: w * 0.5, height: r.height * 0.4))
        cr.fill()
        Theme.dimText.set(cr)
        cr.setLineWidth(max(1, r.width * 0.02))
        for i in 0..<5 {
            let y = r.y + r.height * (0.18 + Double(i) * 0.11)
            cr.moveTo(cx + w / 2 + r.width * 0.04, y); cr.lineTo(cx + w / 2 + r.width * 0.14, y)
        }
        cr.stroke()
    }
}
