import TouchDeskDrawing
import Foundation
import TouchDeskInterface
import TouchDeskModels

/// Stick Man's pictures as drawings: every layer on the same 400 × 400 square, transparent except
/// the background, so any stack of them lines up. Stick Man draws them at the size and device
/// scale it shows them; `make-assets` writes them as the PNG files Adding Images loads.
///
/// The look is a felt-tip drawing: ink lines wobble a little (a seeded generator per picture, so a
/// run always draws the same lines) and go over twice, the second pass faint and slightly off.
/// "Left" and "right" are the viewer's: the left hand is on the left of the picture.
/// The figure's joints, shared by every layer.
public enum StickManArt {
    public static let ink = Color(hex: 0x2b2b3a)
    static let skin = Color(hex: 0xffd9a8)
    static let cheek = Color(hex: 0xff8fa3, alpha: 0.45)
    static let hatCrown = Color(hex: 0x3b2f6b)
    static let hatBand = Color(hex: 0xe2483d)
    public static let paper = Color(hex: 0xefe8d4)
    static let bob = Color(hex: 0xf5a623)

    public static let head = Point(200, 120)
    static let headRadius = 46.0
    public static let shoulder = Point(200, 196)
    static let hip = Point(200, 272)
    /// Where the left hand is when held out horizontally: the pendulum hangs from it.
    static let leftHandOut = Point(96, 198)
    static let pendulumLength = 96.0
    static let pendulumSwing = 0.5

    /// Draws `picture` on the 400 × 400 square at the origin (scale the context to draw it
    /// larger): vector strokes, so it is sharp at any size. The wobble is seeded by the
    /// picture's name, so every size and every run draws the same lines.
    public static func draw(_ picture: StickManPicture, in cr: CairoContext) {
        cr.save()
        var pen = Pen(cr, seed: picture.rawValue)
        draw(picture, &pen)
        cr.restore()
    }

    static func draw(_ picture: StickManPicture, _ pen: inout Pen) {
        switch picture {
        case .background: background(&pen)
        case .baseline:
            pen.line([Point(200, head.y + headRadius), shoulder, hip], width: 8)
            pen.blob(head, headRadius, fill: skin)
            // Three hairs that the hat hides.
            pen.line([Point(188, 76), Point(182, 58)], width: 5)
            pen.line([Point(200, 74), Point(201, 54)], width: 5)
            pen.line([Point(212, 76), Point(219, 59)], width: 5)
        case .legs:
            leg(&pen, knee: Point(176, 314), foot: Point(160, 356), toe: -1)
            leg(&pen, knee: Point(224, 314), foot: Point(240, 356), toe: 1)
        case .legsJumping:
            leg(&pen, knee: Point(160, 300), foot: Point(150, 336), toe: -1)
            leg(&pen, knee: Point(240, 300), foot: Point(250, 336), toe: 1)
        case .leftHandUp: arm(&pen, elbow: Point(154, 164), hand: Point(128, 116))
        case .leftHandDown: arm(&pen, elbow: Point(168, 236), hand: Point(150, 282))
        case .leftHandHorizontal: arm(&pen, elbow: Point(148, 194), hand: leftHandOut)
        case .rightHandUp: arm(&pen, elbow: Point(246, 164), hand: Point(272, 116))
        case .rightHandDown: arm(&pen, elbow: Point(232, 236), hand: Point(250, 282))
        case .rightHandHorizontal: arm(&pen, elbow: Point(252, 194), hand: Point(304, 198))
        case .eyes: eyes(&pen, look: 0)
        case .eyesLeft: eyes(&pen, look: -1)
        case .eyesRight: eyes(&pen, look: 1)
        case .happy:
            pen.blob(Point(168, 136), 9, fill: cheek, outline: false)
            pen.blob(Point(232, 136), 9, fill: cheek, outline: false)
            pen.arc(center: Point(200, 126), radius: 22, from: 0.18 * .pi, to: 0.82 * .pi, width: 5)
        case .sad:
            pen.arc(center: Point(200, 162), radius: 20, from: 1.22 * .pi, to: 1.78 * .pi, width: 5)
            // One tear.
            let tear = Color(hex: 0x5aa9e6)
            tear.set(pen.cr)
            pen.cr.moveTo(224, 128)
            pen.cr.curveTo(218, 140, 218, 146, 224, 147)
            pen.cr.curveTo(230, 146, 230, 140, 224, 128)
            pen.cr.fill()
        case .hat: hat(&pen)
        case .readThePaper: newspaper(&pen)
        case .pendulum1: pendulum(&pen, angle: pendulumSwing)
        case .pendulum2: pendulum(&pen, angle: -pendulumSwing)
        case .empty: break
        }
    }

    static func arm(_ pen: inout Pen, elbow: Point, hand: Point) {
        pen.line([shoulder, elbow, hand], width: 7)
        pen.blob(hand, 9, fill: skin, width: 4)
    }

    static func leg(_ pen: inout Pen, knee: Point, foot: Point, toe: Double) {
        pen.line([hip, knee, foot], width: 8)
        // A round shoe pointing outwards.
        ink.set(pen.cr)
        pen.cr.save()
        pen.cr.translate(foot.x + toe * 9, foot.y + 2)
        pen.cr.scale(1.7, 1)
        pen.cr.circle(.zero, 8)
        pen.cr.restore()
        pen.cr.fill()
    }

    static func eyes(_ pen: inout Pen, look: Double) {
        for x in [184.0, 216.0] {
            pen.blob(Point(x, 110), 10, fill: Color(1, 1, 1), width: 3.5)
            ink.set(pen.cr)
            pen.cr.circle(Point(x + look * 5, 111), 4.8)
            pen.cr.fill()
            Color(1, 1, 1).set(pen.cr)
            pen.cr.circle(Point(x + look * 5 + 1.6, 109), 1.4)
            pen.cr.fill()
        }
    }

    static func hat(_ pen: inout Pen) {
        let cr = pen.cr
        // The crown: slightly tapered, sitting on the head.
        cr.moveTo(158, 82)
        cr.lineTo(164, 22)
        cr.curveTo(185, 15, 215, 15, 236, 22)
        cr.lineTo(242, 82)
        cr.closePath()
        hatCrown.set(cr)
        cr.fillPreserve()
        ink.set(cr)
        cr.setLineWidth(4)
        cr.stroke()
        // The band.
        cr.moveTo(161, 58)
        cr.lineTo(239, 58)
        cr.lineTo(240, 72)
        cr.lineTo(160, 72)
        cr.closePath()
        hatBand.set(cr)
        cr.fill()
        // The brim.
        cr.save()
        cr.translate(200, 84)
        cr.scale(72, 9)
        cr.circle(.zero, 1)
        cr.restore()
        hatCrown.set(cr)
        cr.fillPreserve()
        ink.set(cr)
        cr.stroke()
        // A shine on the crown.
        Color(1, 1, 1, 0.35).set(cr)
        cr.setLineWidth(5)
        cr.setLineCap(.round)
        cr.moveTo(176, 30)
        cr.lineTo(173, 52)
        cr.stroke()
    }

    static func newspaper(_ pen: inout Pen) {
        let cr = pen.cr
        let sheet = Rect(x: 118, y: 176, width: 164, height: 116)
        cr.save()
        cr.translate(sheet.midX, sheet.midY)
        cr.rotate(-0.04)
        cr.translate(-sheet.midX, -sheet.midY)
        Color(0, 0, 0, 0.12).set(cr)
        cr.rectangle(Rect(x: sheet.x + 5, y: sheet.y + 5, width: sheet.width, height: sheet.height))
        cr.fill()
        paper.set(cr)
        cr.rectangle(sheet)
        cr.fill()
        pen.line([Point(sheet.minX, sheet.minY), Point(sheet.maxX, sheet.minY), Point(sheet.maxX, sheet.maxY),
                  Point(sheet.minX, sheet.maxY), Point(sheet.minX, sheet.minY)], width: 3.5)
        // The fold down the middle.
        Color(0, 0, 0, 0.18).set(cr)
        cr.setLineWidth(2)
        cr.moveTo(sheet.midX, sheet.minY + 3)
        cr.lineTo(sheet.midX, sheet.maxY - 3)
        cr.stroke()
        cr.text("DAILY BYTE", x: sheet.midX, y: sheet.minY + 17, size: 19, color: ink, weight: .bold, align: .center)
        cr.fill(Rect(x: sheet.minX + 10, y: sheet.minY + 31, width: sheet.width - 20, height: 3), ink)
        // A photo and columns of text.
        cr.fill(Rect(x: sheet.minX + 12, y: sheet.minY + 42, width: 54, height: 38), Color(hex: 0x9fb7c9))
        cr.fill(Rect(x: sheet.minX + 12, y: sheet.minY + 68, width: 54, height: 12), Color(hex: 0x8aa37a))
        let grey = Color(hex: 0x8d8a80)
        for row in 0..<7 {
            let y = sheet.minY + 44 + Double(row) * 9
            cr.fill(Rect(x: sheet.midX + 8, y: y, width: row == 6 ? 40 : 62, height: 3.5), grey)
            if row >= 5 { cr.fill(Rect(x: sheet.minX + 12, y: y + 2, width: 58, height: 3.5), grey) }
        }
        cr.restore()
        // The hands holding it.
        pen.blob(Point(sheet.minX + 2, sheet.midY + 4), 10, fill: skin, width: 4)
        pen.blob(Point(sheet.maxX - 2, sheet.midY - 2), 10, fill: skin, width: 4)
    }

    static func pendulum(_ pen: inout Pen, angle: Double) {
        let pivot = leftHandOut
        let bobCenter = Point(pivot.x + pendulumLength * sin(angle), pivot.y + pendulumLength * cos(angle))
        // A faint trail of the swing.
        Color(0.17, 0.17, 0.23, 0.18).set(pen.cr)
        pen.cr.setLineWidth(3)
        pen.cr.setDash([2, 7])
        pen.cr.arc(pivot.x, pivot.y, pendulumLength + 18, .pi / 2 - pendulumSwing, .pi / 2 + pendulumSwing)
        pen.cr.stroke()
        pen.cr.setDash([])
        pen.line([pivot, bobCenter], width: 3.5)
        pen.blob(bobCenter, 17, fill: bob, width: 4)
        Color(1, 1, 1, 0.5).set(pen.cr)
        pen.cr.circle(Point(bobCenter.x - 5, bobCenter.y - 6), 4.5)
        pen.cr.fill()
        // The pivot, held in the hand.
        ink.set(pen.cr)
        pen.cr.circle(pivot, 4)
        pen.cr.fill()
    }

    static func background(_ pen: inout Pen) {
        let cr = pen.cr
        cr.setLinearGradient(from: Point(0, 0), to: Point(0, 330), stops: [(0, Color(0.62, 0.85, 1.0)), (1, Color(0.9, 0.97, 1.0))])
        cr.rectangle(0, 0, 400, 400)
        cr.fill()
        // The sun with short rays.
        let sun = Point(338, 62)
        Color(hex: 0xffd84d).set(cr)
        cr.setLineWidth(5)
        cr.setLineCap(.round)
        for i in 0..<10 {
            let a = Double(i) * .pi / 5 + 0.2
            cr.moveTo(sun.x + 38 * cos(a), sun.y + 38 * sin(a))
            cr.lineTo(sun.x + 50 * cos(a), sun.y + 50 * sin(a))
        }
        cr.stroke()
        cr.circle(sun, 30)
        cr.fill()
        // Two clouds.
        for (c, k) in [(Point(70, 60), 1.0), (Point(300, 150), 0.7)] {
            Color(1, 1, 1, 0.92).set(cr)
            for (dx, dy, r) in [(-26.0, 6.0, 18.0), (0, -6, 24), (26, 4, 19), (8, 10, 18)] {
                cr.circle(Point(c.x + dx * k, c.y + dy * k), r * k)
            }
            cr.fill()
        }
        // Grass, hills and a few flowers.
        Color(hex: 0xa6dc8c).set(cr)
        cr.moveTo(0, 318)
        cr.curveTo(90, 286, 170, 300, 230, 318)
        cr.curveTo(290, 300, 350, 292, 400, 312)
        cr.lineTo(400, 400)
        cr.lineTo(0, 400)
        cr.closePath()
        cr.fill()
        Color(hex: 0x7cc96b).set(cr)
        cr.rectangle(0, 340, 400, 60)
        cr.fill()
        Color(hex: 0x5fae52).set(cr)
        cr.setLineWidth(2.5)
        for i in 0..<26 {
            let x = 8 + Double(i) * 15.3 + pen.jitter(4)
            let y = 352 + Double((i * 7) % 5) * 9
            cr.moveTo(x - 3, y)
            cr.lineTo(x, y - 8)
            cr.moveTo(x + 3, y)
            cr.lineTo(x + 5, y - 7)
        }
        cr.stroke()
        for (x, y, petal) in [(40.0, 372.0, 0xff8fb1), (330.0, 380.0, 0xffffff), (364.0, 356.0, 0xff8fb1), (88.0, 390.0, 0xffffff)] {
            Color(hex: UInt32(petal)).set(cr)
            for i in 0..<5 {
                let a = Double(i) * 2 * .pi / 5
                cr.circle(Point(x + 5 * cos(a), y + 5 * sin(a)), 4)
            }
            cr.fill()
            Color(hex: 0xffe066).set(cr)
            cr.circle(Point(x, y), 3)
            cr.fill()
        }
    }
}

/// A felt-tip pen: wobbly ink lines drawn twice, and outlined blobs.
struct Pen {
    public let cr: CairoContext
    private var rng: SplitMix64

    public init(_ cr: CairoContext, seed: String) {
        self.cr = cr
        // FNV-1a of the picture's name: the same wobble every run (Swift's hashValue is not stable).
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in seed.utf8 { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
        rng = SplitMix64(seed: h)
        cr.setLineCap(.round)
        cr.setLineJoin(.round)
    }

    /// A number in −amount…amount.
    mutating func jitter(_ amount: Double) -> Double {
        return (rng.unit() * 2 - 1) * amount
    }

    /// An ink line through `points`: ends exactly on them (so layers join up), wobbling between.
    public mutating func line(_ points: [Point], width: Double) {
        guard points.count >= 2 else { return }
        for pass in 0..<2 {
            var path: [Point] = [points[0]]
            for (a, b) in zip(points, points.dropFirst()) {
                let len = a.distance(to: b)
                let steps = max(2, Int(len / 18))
                let nx = -(b.y - a.y) / max(len, 1), ny = (b.x - a.x) / max(len, 1)
                for s in 1...steps {
                    let t = Double(s) / Double(steps)
                    let off = s == steps ? 0 : jitter(pass == 0 ? 1.3 : 2.2)
                    path.append(Point(a.x + (b.x - a.x) * t + nx * off, a.y + (b.y - a.y) * t + ny * off))
                }
            }
            (pass == 0 ? StickManArt.ink : StickManArt.ink.with(alpha: 0.3)).set(cr)
            cr.setLineWidth(pass == 0 ? width : width * 0.45)
            cr.moveTo(path[0].x, path[0].y)
            for p in path.dropFirst() { cr.lineTo(p.x, p.y) }
            cr.stroke()
        }
    }

    /// A filled circle with a slightly uneven ink outline.
    mutating func blob(_ c: Point, _ r: Double, fill: Color, width: Double = 6, outline: Bool = true) {
        fill.set(cr)
        cr.circle(c, r)
        cr.fill()
        guard outline else { return }
        for pass in 0..<2 {
            let n = 28
            let start = jitter(0.3)
            for i in 0...n {
                let a = start + Double(i) / Double(n) * 2 * .pi + (pass == 1 ? 0.15 : 0)
                let rr = r + (i == n ? 0 : jitter(pass == 0 ? 0.7 : 1.3))
                let p = Point(c.x + rr * cos(a), c.y + rr * sin(a))
                if i == 0 { cr.moveTo(p.x, p.y) } else { cr.lineTo(p.x, p.y) }
            }
            cr.closePath()
            (pass == 0 ? StickManArt.ink : StickManArt.ink.with(alpha: 0.3)).set(cr)
            cr.setLineWidth(pass == 0 ? width : width * 0.45)
            cr.stroke()
        }
    }

    mutating func arc(center: Point, radius: Double, from a0: Double, to a1: Double, width: Double) {
        let n = 10
        line((0...n).map { i in
            let a = a0 + (a1 - a0) * Double(i) / Double(n)
            return Point(center.x + radius * cos(a), center.y + radius * sin(a))
        }, width: width)
    }
}

extension StickManArt {
    /// Stick Man in his hat on grass, small: his tile, and the composite on Adding Images' tile.
    public static func icon(_ cr: CairoContext, in r: Rect) {
        Color(hex: 0xbfe6ff).set(cr)
        cr.roundedRect(r, radius: r.width * 0.12)
        cr.fill()
        cr.fill(Rect(x: r.x, y: r.y + r.height * 0.82, width: r.width, height: r.height * 0.18), Color(hex: 0x7cc96b))
        func p(_ x: Double, _ y: Double) -> (Double, Double) { (r.x + r.width * x, r.y + r.height * y) }
        let ink = Color(hex: 0x2b2b3a)
        cr.setLineCap(.round)
        cr.setLineJoin(.round)
        cr.setLineWidth(max(1.5, r.width * 0.035))
        ink.set(cr)
        for path in [[p(0.5, 0.42), p(0.5, 0.66)], [p(0.5, 0.66), p(0.4, 0.86)], [p(0.5, 0.66), p(0.6, 0.86)],
                     [p(0.5, 0.48), p(0.34, 0.34)], [p(0.5, 0.48), p(0.66, 0.34)]] {
            cr.moveTo(path[0].0, path[0].1)
            cr.lineTo(path[1].0, path[1].1)
        }
        cr.stroke()
        let head = p(0.5, 0.3)
        Color(hex: 0xffd9a8).set(cr)
        cr.circle(Point(head.0, head.1), r.width * 0.12)
        cr.fillPreserve()
        ink.set(cr)
        cr.stroke()
        // His hat.
        Color(hex: 0x3b2f6b).set(cr)
        cr.rectangle(Rect(x: r.x + r.width * 0.41, y: r.y + r.height * 0.06, width: r.width * 0.18, height: r.height * 0.12))
        cr.rectangle(Rect(x: r.x + r.width * 0.35, y: r.y + r.height * 0.17, width: r.width * 0.3, height: r.height * 0.03))
        cr.fill()
    }
}
