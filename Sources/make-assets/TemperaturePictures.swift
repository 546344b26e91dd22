import CX11Cairo
import Foundation
import TouchDeskModels
import TouchDeskViews

/// The Temperature app's six weather pictures, one per band: flat, friendly scenes in a few
/// colours, 480x270 each, in assets/temperature/.
let temperaturePictures: [Picture] = WeatherBand.allCases.map { band in
    Picture(path: "temperature/\(band.picture)", width: 480, height: 270) { cr, size in
        WeatherScenes.draw(band, cr, size)
    }
}

enum WeatherScenes {
    static func draw(_ band: WeatherBand, _ cr: CairoContext, _ s: Size) {
        cairo_save(cr)
        Draw.roundedRect(cr, Rect(x: 0, y: 0, width: s.width, height: s.height), radius: 18)
        cairo_clip(cr)
        switch band {
        case .stayIndoors: desert(cr, s)
        case .hot: beach(cr, s)
        case .biking: bike(cr, s)
        case .chilly: autumn(cr, s)
        case .cold: snowyStreet(cr, s)
        case .freezing: penguins(cr, s)
        }
        cairo_restore(cr)
    }

    // MARK: - Helpers

    static func sky(_ cr: CairoContext, _ s: Size, _ top: UInt32, _ bottom: UInt32) {
        let g = cairo_pattern_create_linear(0, 0, 0, s.height)!
        let a = Color(hex: top), b = Color(hex: bottom)
        cairo_pattern_add_color_stop_rgb(g, 0, a.r, a.g, a.b)
        cairo_pattern_add_color_stop_rgb(g, 1, b.r, b.g, b.b)
        cairo_set_source(cr, g)
        cairo_paint(cr)
        cairo_pattern_destroy(g)
    }

    static func sun(_ cr: CairoContext, _ c: Point, _ r: Double, rays: Bool) {
        Color(hex: 0xffd23f).set(cr)
        Draw.circle(cr, c, r)
        cairo_fill(cr)
        guard rays else { return }
        cairo_set_line_width(cr, 4)
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        for i in 0..<10 {
            let a = Double(i) * .pi / 5
            cairo_move_to(cr, c.x + cos(a) * (r + 8), c.y + sin(a) * (r + 8))
            cairo_line_to(cr, c.x + cos(a) * (r + 20), c.y + sin(a) * (r + 20))
        }
        cairo_stroke(cr)
    }

    /// A filled hill: a wave across the picture from `y`, `amplitude` high.
    static func hill(_ cr: CairoContext, _ s: Size, y: Double, amplitude: Double, phase: Double, _ color: UInt32) {
        Color(hex: color).set(cr)
        cairo_move_to(cr, 0, s.height)
        var x = 0.0
        while x <= s.width {
            cairo_line_to(cr, x, y + sin(x / s.width * 2 * .pi + phase) * amplitude)
            x += 8
        }
        cairo_line_to(cr, s.width, s.height)
        cairo_close_path(cr)
        cairo_fill(cr)
    }

    static func cloud(_ cr: CairoContext, _ c: Point, _ k: Double, _ color: UInt32 = 0xffffff) {
        Color(hex: color).set(cr)
        for (dx, dy, r) in [(-22.0, 4.0, 14.0), (0, -6, 20), (24, 2, 15), (8, 8, 14)] {
            Draw.circle(cr, Point(c.x + dx * k, c.y + dy * k), r * k)
            cairo_fill(cr)
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
        Draw.roundedRect(cr, Rect(x: 110, y: 110, width: 26, height: 110), radius: 13)
        Draw.roundedRect(cr, Rect(x: 80, y: 140, width: 18, height: 46), radius: 9)
        Draw.roundedRect(cr, Rect(x: 80, y: 170, width: 40, height: 16), radius: 8)
        Draw.roundedRect(cr, Rect(x: 148, y: 125, width: 18, height: 44), radius: 9)
        Draw.roundedRect(cr, Rect(x: 126, y: 153, width: 40, height: 16), radius: 8)
        cairo_fill(cr)
    }

    /// Above 80 °F: sea, sand, a parasol.
    static func beach(_ cr: CairoContext, _ s: Size) {
        sky(cr, s, 0x4fb3ff, 0xbfe6ff)
        sun(cr, Point(80, 60), 28, rays: true)
        cloud(cr, Point(330, 60), 1.1)
        Color(hex: 0x1f7fd1).set(cr)
        Draw.rect(cr, Rect(x: 0, y: 150, width: s.width, height: 60))
        cairo_fill(cr)
        Color(hex: 0xffffff, alpha: 0.6).set(cr)
        cairo_set_line_width(cr, 3)
        for i in 0..<6 {
            let x = 30 + Double(i) * 80
            cairo_move_to(cr, x, 170); cairo_curve_to(cr, x + 10, 164, x + 20, 164, x + 30, 170)
        }
        cairo_stroke(cr)
        hill(cr, s, y: 205, amplitude: 6, phase: 1, 0xf3d48f)
        // Parasol: pole and a striped canopy.
        Color(hex: 0x6b4b2a).set(cr)
        Draw.rect(cr, Rect(x: 318, y: 130, width: 5, height: 110))
        cairo_fill(cr)
        for i in 0..<4 {
            Color(hex: i % 2 == 0 ? 0xd9485b : 0xffffff).set(cr)
            let a0 = Double.pi + Double(i) * .pi / 4, a1 = a0 + .pi / 4
            cairo_move_to(cr, 320, 132)
            cairo_arc(cr, 320, 132, 70, a0, a1)
            cairo_close_path(cr)
            cairo_fill(cr)
        }
        // Towel.
        Color(hex: 0x3aa66b).set(cr)
        Draw.rect(cr, Rect(x: 160, y: 228, width: 90, height: 22))
        cairo_fill(cr)
    }

    /// Above 70 °F: a bicycle on a path through green hills.
    static func bike(_ cr: CairoContext, _ s: Size) {
        sky(cr, s, 0x7cc8ff, 0xdff3ff)
        sun(cr, Point(400, 55), 24, rays: false)
        cloud(cr, Point(120, 55), 0.9)
        hill(cr, s, y: 160, amplitude: 22, phase: 0, 0x78c06a)
        hill(cr, s, y: 200, amplitude: 10, phase: 2, 0x5aa64f)
        Color(hex: 0xc9b38a).set(cr)
        Draw.rect(cr, Rect(x: 0, y: 232, width: s.width, height: 16))
        cairo_fill(cr)
        // Bicycle: two wheels, a frame, a seat and handlebars.
        let back = Point(190, 206), front = Point(290, 206), r = 26.0
        Color(hex: 0x262932).set(cr)
        cairo_set_line_width(cr, 5)
        Draw.circle(cr, back, r); Draw.circle(cr, front, r)
        cairo_stroke(cr)
        Color(hex: 0xd9485b).set(cr)
        cairo_set_line_width(cr, 6)
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        let crank = Point(235, 206), seat = Point(222, 166), head = Point(278, 166)
        cairo_move_to(cr, back.x, back.y); cairo_line_to(cr, crank.x, crank.y); cairo_line_to(cr, head.x, head.y)
        cairo_line_to(cr, seat.x, seat.y); cairo_close_path(cr)
        cairo_move_to(cr, seat.x, seat.y); cairo_line_to(cr, crank.x, crank.y)
        cairo_move_to(cr, head.x, head.y); cairo_line_to(cr, front.x, front.y)
        cairo_stroke(cr)
        Color(hex: 0x262932).set(cr)
        Draw.roundedRect(cr, Rect(x: seat.x - 14, y: seat.y - 8, width: 26, height: 7), radius: 3)
        cairo_fill(cr)
        cairo_set_line_width(cr, 5)
        cairo_move_to(cr, head.x, head.y); cairo_line_to(cr, head.x + 4, head.y - 14); cairo_line_to(cr, head.x + 18, head.y - 16)
        cairo_stroke(cr)
    }

    /// Above 50 °F: a tree losing its leaves under a grey-blue sky.
    static func autumn(_ cr: CairoContext, _ s: Size) {
        sky(cr, s, 0x9bb3c9, 0xe6d8c3)
        cloud(cr, Point(360, 60), 1.2, 0xf0f0f0)
        hill(cr, s, y: 225, amplitude: 6, phase: 0.3, 0x9c7a4a)
        // Trunk and branches.
        Color(hex: 0x5b3a22).set(cr)
        Draw.rect(cr, Rect(x: 150, y: 120, width: 22, height: 115))
        cairo_fill(cr)
        cairo_set_line_width(cr, 8)
        cairo_move_to(cr, 161, 150); cairo_line_to(cr, 120, 110)
        cairo_move_to(cr, 161, 140); cairo_line_to(cr, 205, 100)
        cairo_stroke(cr)
        // Crown and falling leaves in orange, red and yellow.
        let colors: [UInt32] = [0xe8772e, 0xc9412b, 0xf2b33d]
        var rng = SceneRandom(seed: 50)
        for i in 0..<26 {
            colors[i % 3].color.set(cr)
            Draw.circle(cr, Point(161 + rng.next(-70, 70), 85 + rng.next(-40, 35)), rng.next(16, 26))
            cairo_fill(cr)
        }
        for i in 0..<14 {
            colors[i % 3].color.set(cr)
            let c = Point(rng.next(230, 460), rng.next(110, 240))
            cairo_save(cr)
            cairo_translate(cr, c.x, c.y)
            cairo_rotate(cr, rng.next(0, 3))
            cairo_scale(cr, 1, 0.55)
            Draw.circle(cr, .zero, 9)
            cairo_fill(cr)
            cairo_restore(cr)
        }
    }

    /// Above 32 °F: a street of houses with snow on the roofs, a lamp post, falling snow.
    static func snowyStreet(_ cr: CairoContext, _ s: Size) {
        sky(cr, s, 0x4b5d7a, 0xa9b8cc)
        Color(hex: 0xf4f7fb).set(cr)
        Draw.rect(cr, Rect(x: 0, y: 220, width: s.width, height: 50))
        cairo_fill(cr)
        let houses: [(Double, Double, UInt32)] = [(40, 110, 0xb5523b), (170, 95, 0x3d6fa8), (300, 115, 0x7b5ea7)]
        for (x, w, c) in houses {
            let top = 220 - w
            c.color.set(cr)
            Draw.rect(cr, Rect(x: x, y: top, width: w, height: w))
            cairo_fill(cr)
            // Snowy roof.
            Color(hex: 0xffffff).set(cr)
            cairo_move_to(cr, x - 10, top); cairo_line_to(cr, x + w / 2, top - 45); cairo_line_to(cr, x + w + 10, top)
            cairo_close_path(cr)
            cairo_fill(cr)
            // Lit windows and a door.
            Color(hex: 0xffd970).set(cr)
            Draw.rect(cr, Rect(x: x + 14, y: top + 20, width: 22, height: 22))
            Draw.rect(cr, Rect(x: x + w - 36, y: top + 20, width: 22, height: 22))
            cairo_fill(cr)
            Color(hex: 0x3b2a1e).set(cr)
            Draw.rect(cr, Rect(x: x + w / 2 - 11, y: 220 - 40, width: 22, height: 40))
            cairo_fill(cr)
        }
        // Lamp post.
        Color(hex: 0x262932).set(cr)
        Draw.rect(cr, Rect(x: 436, y: 120, width: 6, height: 100))
        cairo_fill(cr)
        Color(hex: 0xffe7a0).set(cr)
        Draw.circle(cr, Point(439, 116), 10)
        cairo_fill(cr)
        var rng = SceneRandom(seed: 32)
        Color(hex: 0xffffff, alpha: 0.9).set(cr)
        for _ in 0..<70 {
            Draw.circle(cr, Point(rng.next(0, 480), rng.next(0, 215)), rng.next(1.5, 3.5))
            cairo_fill(cr)
        }
    }

    /// 32 °F and below: penguins on the ice.
    static func penguins(_ cr: CairoContext, _ s: Size) {
        sky(cr, s, 0x8fd3f4, 0xe8f7ff)
        Color(hex: 0xffffff).set(cr)
        cairo_move_to(cr, 300, 200); cairo_line_to(cr, 360, 90); cairo_line_to(cr, 420, 200)
        cairo_close_path(cr)
        cairo_fill(cr)
        Color(hex: 0xd6eefa).set(cr)
        cairo_move_to(cr, 360, 90); cairo_line_to(cr, 420, 200); cairo_line_to(cr, 370, 200)
        cairo_close_path(cr)
        cairo_fill(cr)
        Color(hex: 0xf4fbff).set(cr)
        Draw.rect(cr, Rect(x: 0, y: 200, width: s.width, height: 70))
        cairo_fill(cr)
        for (x, k) in [(110.0, 1.0), (200.0, 0.8), (270.0, 0.6)] {
            penguin(cr, Point(x, 205), k)
        }
    }

    static func penguin(_ cr: CairoContext, _ feet: Point, _ k: Double) {
        cairo_save(cr)
        cairo_translate(cr, feet.x, feet.y)
        cairo_scale(cr, k, k)
        Color(hex: 0x1e2230).set(cr)
        cairo_save(cr); cairo_scale(cr, 1, 1.5); Draw.circle(cr, Point(0, -40), 30); cairo_restore(cr)
        cairo_fill(cr)
        Draw.circle(cr, Point(0, -108), 22)
        cairo_fill(cr)
        Color(hex: 0xffffff).set(cr)
        cairo_save(cr); cairo_scale(cr, 1, 1.5); Draw.circle(cr, Point(0, -36), 20); cairo_restore(cr)
        cairo_fill(cr)
        Draw.circle(cr, Point(-8, -110), 5); Draw.circle(cr, Point(8, -110), 5)
        cairo_fill(cr)
        Color(hex: 0x1e2230).set(cr)
        Draw.circle(cr, Point(-7, -110), 2.5); Draw.circle(cr, Point(7, -110), 2.5)
        cairo_fill(cr)
        Color(hex: 0xf29b30).set(cr)
        cairo_move_to(cr, -6, -102); cairo_line_to(cr, 6, -102); cairo_line_to(cr, 0, -94)
        cairo_close_path(cr)
        Draw.roundedRect(cr, Rect(x: -20, y: -6, width: 16, height: 7), radius: 3)
        Draw.roundedRect(cr, Rect(x: 4, y: -6, width: 16, height: 7), radius: 3)
        cairo_fill(cr)
        cairo_restore(cr)
    }
}

/// A tiny seeded generator so the scattered leaves and snow come out the same on every run.
struct SceneRandom {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next(_ lo: Double, _ hi: Double) -> Double {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return lo + Double(state >> 11) / Double(1 << 53) * (hi - lo)
    }
}

extension UInt32 {
    var color: Color { Color(hex: self) }
}
