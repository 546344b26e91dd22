import TouchDeskDrawing
import Foundation
import TouchDeskInterface
import TouchDeskModels

/// The Temperature app's six weather pictures, one per band: flat, friendly scenes in a few
/// colours, designed on a 480 × 270 canvas. Temperature draws them at the size and device scale
/// it shows them; `make-assets` also writes them as PNGs in assets/temperature/.
public enum WeatherScenes {
    /// The pictures' shape: 16:9.
    public static let aspect = 480.0 / 270.0

    /// Draws the scene for `band` filling `s` at the origin: vector shapes, sharp at any size.
    public static func draw(_ band: WeatherBand, _ cr: CairoContext, _ s: Size) {
        cr.save()
        cr.roundedRect(Rect(x: 0, y: 0, width: s.width, height: s.height), radius: 18)
        cr.clip()
        switch band {
        case .stayIndoors: desert(cr, s)
        case .hot: beach(cr, s)
        case .biking: bike(cr, s)
        case .chilly: autumn(cr, s)
        case .cold: snowyStreet(cr, s)
        case .freezing: penguins(cr, s)
        }
        cr.restore()
    }

    // MARK: - Helpers

    public static func sky(_ cr: CairoContext, _ s: Size, _ top: UInt32, _ bottom: UInt32) {
        cr.setLinearGradient(from: Point(0, 0), to: Point(0, s.height), stops: [(0, Color(hex: top)), (1, Color(hex: bottom))])
        cr.paint()
    }

    public static func sun(_ cr: CairoContext, _ c: Point, _ r: Double, rays: Bool) {
        Color(hex: 0xffd23f).set(cr)
        cr.circle(c, r)
        cr.fill()
        guard rays else { return }
        cr.setLineWidth(4)
        cr.setLineCap(.round)
        for i in 0..<10 {
            let a = Double(i) * .pi / 5
            cr.moveTo(c.x + cos(a) * (r + 8), c.y + sin(a) * (r + 8))
            cr.lineTo(c.x + cos(a) * (r + 20), c.y + sin(a) * (r + 20))
        }
        cr.stroke()
    }

    /// A filled hill: a wave across the picture from `y`, `amplitude` high.
    public static func hill(_ cr: CairoContext, _ s: Size, y: Double, amplitude: Double, phase: Double, _ color: UInt32) {
        Color(hex: color).set(cr)
        cr.moveTo(0, s.height)
        var x = 0.0
        while x <= s.width {
            cr.lineTo(x, y + sin(x / s.width * 2 * .pi + phase) * amplitude)
            x += 8
        }
        cr.lineTo(s.width, s.height)
        cr.closePath()
        cr.fill()
    }

    static func cloud(_ cr: CairoContext, _ c: Point, _ k: Double, _ color: UInt32 = 0xffffff) {
        Color(hex: color).set(cr)
        for (dx, dy, r) in [(-22.0, 4.0, 14.0), (0, -6, 20), (24, 2, 15), (8, 8, 14)] {
            cr.circle(Point(c.x + dx * k, c.y + dy * k), r * k)
            cr.fill()
        }
    }

    // MARK: - Scenes

    /// Above 110 °F: a blazing sun over dunes and a cactus.
    static func desert(_ cr: CairoContext, _ s: Size) {
        sky(cr, s, 0xff9a3c, 0xffe08a)
        sun(cr, Point(370, 70), 36, rays: true)
        hill(cr, s, y: 190, amplitude: 18, phase: 0.5, 0xe9b764)
        hill(cr, s, y: 222, amplitude: 12, phase: 2.4, 0xd99a48)
        // Cactus.
        Color(hex: 0x3f8f4f).set(cr)
        cr.roundedRect(Rect(x: 110, y: 110, width: 26, height: 110), radius: 13)
        cr.roundedRect(Rect(x: 80, y: 140, width: 18, height: 46), radius: 9)
        cr.roundedRect(Rect(x: 80, y: 170, width: 40, height: 16), radius: 8)
        cr.roundedRect(Rect(x: 148, y: 125, width: 18, height: 44), radius: 9)
        cr.roundedRect(Rect(x: 126, y: 153, width: 40, height: 16), radius: 8)
        cr.fill()
    }

    /// Above 80 °F: sea, sand, a parasol.
    public static func beach(_ cr: CairoContext, _ s: Size) {
        sky(cr, s, 0x4fb3ff, 0xbfe6ff)
        sun(cr, Point(80, 60), 28, rays: true)
        cloud(cr, Point(330, 60), 1.1)
        Color(hex: 0x1f7fd1).set(cr)
        cr.rectangle(Rect(x: 0, y: 150, width: s.width, height: 60))
        cr.fill()
        Color(hex: 0xffffff, alpha: 0.6).set(cr)
        cr.setLineWidth(3)
        for i in 0..<6 {
            let x = 30 + Double(i) * 80
            cr.moveTo(x, 170); cr.curveTo(x + 10, 164, x + 20, 164, x + 30, 170)
        }
        cr.stroke()
        hill(cr, s, y: 205, amplitude: 6, phase: 1, 0xf3d48f)
        // Parasol: pole and a striped canopy.
        Color(hex: 0x6b4b2a).set(cr)
        cr.rectangle(Rect(x: 318, y: 130, width: 5, height: 110))
        cr.fill()
        for i in 0..<4 {
            Color(hex: i % 2 == 0 ? 0xd9485b : 0xffffff).set(cr)
            let a0 = Double.pi + Double(i) * .pi / 4, a1 = a0 + .pi / 4
            cr.moveTo(320, 132)
            cr.arc(320, 132, 70, a0, a1)
            cr.closePath()
            cr.fill()
        }
        // Towel.
        Color(hex: 0x3aa66b).set(cr)
        cr.rectangle(Rect(x: 160, y: 228, width: 90, height: 22))
        cr.fill()
    }

    /// Above 70 °F: a bicycle on a path through green hills.
    static func bike(_ cr: CairoContext, _ s: Size) {
        sky(cr, s, 0x7cc8ff, 0xdff3ff)
        sun(cr, Point(400, 55), 24, rays: false)
        cloud(cr, Point(120, 55), 0.9)
        hill(cr, s, y: 160, amplitude: 22, phase: 0, 0x78c06a)
        hill(cr, s, y: 200, amplitude: 10, phase: 2, 0x5aa64f)
        Color(hex: 0xc9b38a).set(cr)
        cr.rectangle(Rect(x: 0, y: 232, width: s.width, height: 16))
        cr.fill()
        // Bicycle: two wheels, a frame, a seat and handlebars.
        let back = Point(190, 206), front = Point(290, 206), r = 26.0
        Color(hex: 0x262932).set(cr)
        cr.setLineWidth(5)
        cr.circle(back, r); cr.circle(front, r)
        cr.stroke()
        Color(hex: 0xd9485b).set(cr)
        cr.setLineWidth(6)
        cr.setLineJoin(.round)
        let crank = Point(235, 206), seat = Point(222, 166), head = Point(278, 166)
        cr.moveTo(back.x, back.y); cr.lineTo(crank.x, crank.y); cr.lineTo(head.x, head.y)
        cr.lineTo(seat.x, seat.y); cr.closePath()
        cr.moveTo(seat.x, seat.y); cr.lineTo(crank.x, crank.y)
        cr.moveTo(head.x, head.y); cr.lineTo(front.x, front.y)
        cr.stroke()
        Color(hex: 0x262932).set(cr)
        cr.roundedRect(Rect(x: seat.x - 14, y: seat.y - 8, width: 26, height: 7), radius: 3)
        cr.fill()
        cr.setLineWidth(5)
        cr.moveTo(head.x, head.y); cr.lineTo(head.x + 4, head.y - 14); cr.lineTo(head.x + 18, head.y - 16)
        cr.stroke()
    }

    /// Above 50 °F: a tree losing its leaves under a grey-blue sky.
    static func autumn(_ cr: CairoContext, _ s: Size) {
        sky(cr, s, 0x9bb3c9, 0xe6d8c3)
        cloud(cr, Point(360, 60), 1.2, 0xf0f0f0)
        hill(cr, s, y: 225, amplitude: 6, phase: 0.3, 0x9c7a4a)
        // Trunk and branches.
        Color(hex: 0x5b3a22).set(cr)
        cr.rectangle(Rect(x: 150, y: 120, width: 22, height: 115))
        cr.fill()
        cr.setLineWidth(8)
        cr.moveTo(161, 150); cr.lineTo(120, 110)
        cr.moveTo(161, 140); cr.lineTo(205, 100)
        cr.stroke()
        // Crown and falling leaves in orange, red and yellow.
        let colors: [UInt32] = [0xe8772e, 0xc9412b, 0xf2b33d]
        var rng = SceneRandom(seed: 50)
        for i in 0..<26 {
            colors[i % 3].color.set(cr)
            cr.circle(Point(161 + rng.next(-70, 70), 85 + rng.next(-40, 35)), rng.next(16, 26))
            cr.fill()
        }
        for i in 0..<14 {
            colors[i % 3].color.set(cr)
            let c = Point(rng.next(230, 460), rng.next(110, 240))
            cr.save()
            cr.translate(c.x, c.y)
            cr.rotate(rng.next(0, 3))
            cr.scale(1, 0.55)
            cr.circle(.zero, 9)
            cr.fill()
            cr.restore()
        }
    }

    /// Above 32 °F: a street of houses with snow on the roofs, a lamp post, falling snow.
    static func snowyStreet(_ cr: CairoContext, _ s: Size) {
        sky(cr, s, 0x4b5d7a, 0xa9b8cc)
        Color(hex: 0xf4f7fb).set(cr)
        cr.rectangle(Rect(x: 0, y: 220, width: s.width, height: 50))
        cr.fill()
        let houses: [(Double, Double, UInt32)] = [(40, 110, 0xb5523b), (170, 95, 0x3d6fa8), (300, 115, 0x7b5ea7)]
        for (x, w, c) in houses {
            let top = 220 - w
            c.color.set(cr)
            cr.rectangle(Rect(x: x, y: top, width: w, height: w))
            cr.fill()
            // Snowy roof.
            Color(hex: 0xffffff).set(cr)
            cr.moveTo(x - 10, top); cr.lineTo(x + w / 2, top - 45); cr.lineTo(x + w + 10, top)
            cr.closePath()
            cr.fill()
            // Lit windows and a door.
            Color(hex: 0xffd970).set(cr)
            cr.rectangle(Rect(x: x + 14, y: top + 20, width: 22, height: 22))
            cr.rectangle(Rect(x: x + w - 36, y: top + 20, width: 22, height: 22))
            cr.fill()
            Color(hex: 0x3b2a1e).set(cr)
            cr.rectangle(Rect(x: x + w / 2 - 11, y: 220 - 40, width: 22, height: 40))
            cr.fill()
        }
        // Lamp post.
        Color(hex: 0x262932).set(cr)
        cr.rectangle(Rect(x: 436, y: 120, width: 6, height: 100))
        cr.fill()
        Color(hex: 0xffe7a0).set(cr)
        cr.circle(Point(439, 116), 10)
        cr.fill()
        var rng = SceneRandom(seed: 32)
        Color(hex: 0xffffff, alpha: 0.9).set(cr)
        for _ in 0..<70 {
            cr.circle(Point(rng.next(0, 480), rng.next(0, 215)), rng.next(1.5, 3.5))
            cr.fill()
        }
    }

    /// 32 °F and below: penguins on the ice.
    static func penguins(_ cr: CairoContext, _ s: Size) {
        sky(cr, s, 0x8fd3f4, 0xe8f7ff)
        Color(hex: 0xffffff).set(cr)
        cr.moveTo(300, 200); cr.lineTo(360, 90); cr.lineTo(420, 200)
        cr.closePath()
        cr.fill()
        Color(hex: 0xd6eefa).set(cr)
        cr.moveTo(360, 90); cr.lineTo(420, 200); cr.lineTo(370, 200)
        cr.closePath()
        cr.fill()
        Color(hex: 0xf4fbff).set(cr)
        cr.rectangle(Rect(x: 0, y: 200, width: s.width, height: 70))
        cr.fill()
        for (x, k) in [(110.0, 1.0), (200.0, 0.8), (270.0, 0.6)] {
            penguin(cr, Point(x, 205), k)
        }
    }

    static func penguin(_ cr: CairoContext, _ feet: Point, _ k: Double) {
        cr.save()
        cr.translate(feet.x, feet.y)
        cr.scale(k, k)
        Color(hex: 0x1e2230).set(cr)
        cr.save(); cr.scale(1, 1.5); cr.circle(Point(0, -40), 30); cr.restore()
        cr.fill()
        cr.circle(Point(0, -108), 22)
        cr.fill()
        Color(hex: 0xffffff).set(cr)
        cr.save(); cr.scale(1, 1.5); cr.circle(Point(0, -36), 20); cr.restore()
        cr.fill()
        cr.circle(Point(-8, -110), 5); cr.circle(Point(8, -110), 5)
        cr.fill()
        Color(hex: 0x1e2230).set(cr)
        cr.circle(Point(-7, -110), 2.5); cr.circle(Point(7, -110), 2.5)
        cr.fill()
        Color(hex: 0xf29b30).set(cr)
        cr.moveTo(-6, -102); cr.lineTo(6, -102); cr.lineTo(0, -94)
        cr.closePath()
        cr.roundedRect(Rect(x: -20, y: -6, width: 16, height: 7), radius: 3)
        cr.roundedRect(Rect(x: 4, y: -6, width: 16, height: 7), radius: 3)
        cr.fill()
        cr.restore()
    }
}

/// A tiny seeded generator so the scattered leaves and snow come out the same on every run.
struct SceneRandom {
    public var state: UInt64
    public init(seed: UInt64) { state = seed }
    public mutating func next(_ lo: Double, _ hi: Double) -> Double {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return lo + Double(state >> 11) / Double(1 << 53) * (hi - lo)
    }
}

extension UInt32 {
    public var color: Color { Color(hex: self) }
}

extension WeatherScenes {
    /// What the scene for `band` shows, in words: its description for a screen reader.
    public static func describe(_ band: WeatherBand) -> String {
        switch band {
        case .stayIndoors: tr("A blazing sun over dunes and a cactus")
        case .hot: tr("Sea, sand and a parasol")
        case .biking: tr("A bicycle on a path through green hills")
        case .chilly: tr("A tree losing its leaves under a grey-blue sky")
        case .cold: tr("A street of houses with snow on the roofs, a lamp post and falling snow")
        case .freezing: tr("Penguins on the ice")
        }
    }

    /// The scene for `band` fitted into `rect` keeping its 16:9 shape, centred.
    public static func draw(_ band: WeatherBand, in rect: Rect, _ cr: CairoContext) {
        let fit = fitted(in: rect)
        guard fit.width > 0, fit.height > 0 else { return }
        cr.save()
        cr.translate(fit.x, fit.y)
        cr.scale(fit.width / 480, fit.height / 270)
        draw(band, cr, Size(480, 270))
        cr.restore()
    }

    /// Where a scene goes in `rect`: the largest 16:9 rectangle, centred.
    public static func fitted(in rect: Rect) -> Rect {
        let w = min(rect.width, rect.height * aspect), h = w / aspect
        return Rect(x: rect.midX - w / 2, y: rect.midY - h / 2, width: max(0, w), height: max(0, h))
    }
}
