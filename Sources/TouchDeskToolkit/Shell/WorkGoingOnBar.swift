import TouchDeskDrawing
import TouchDeskInterface

/// The work that goes on in apps that are not shown (a big Mandelbrot save, a painting being
/// written), drawn in the window's bar beside the buttons on the left: each piece's name with its
/// share done, and a thin bar filling as it goes. Only what the person started shows here;
/// everything else stops when its app is left (see `MiniApp.workGoingOn`).
enum WorkGoingOnBar {
    public static let textSize = Theme.TextSize.caption
    public static let gap = 14.0

    /// What each piece says: "Mandelbrot 7680×4320 42 %", or its name alone when it cannot tell.
    public static func label(_ work: WorkGoingOn) -> String {
        guard let p = work.progress else { return work.name + "…" }
        return work.name + " \(Int((min(max(p, 0), 1) * 100).rounded(.down))) %"
    }

    /// The width the pieces take, gaps included.
    public static func width(_ work: [WorkGoingOn]) -> Double {
        work.map { Text.width(label($0), size: textSize) }.reduce(0) { $0 + $1 + gap }
    }

    /// Draws the pieces from `x`, in a bar `height` tall, within `maxWidth` (pieces that do not
    /// fit are left out, the first kept).
    public static func draw(_ cr: CairoContext, _ work: [WorkGoingOn], x: Double, height: Double, maxWidth: Double) {
        var left = x
        for piece in work {
            let text = label(piece)
            let w = Text.width(text, size: textSize)
            guard left + w <= x + maxWidth || left == x else { break }
            cr.text(text, x: left, y: height / 2 - 4, size: textSize, color: Theme.text)
            let track = Rect(x: left, y: height / 2 + 8, width: w, height: 3)
            cr.fill(track, Theme.control)
            if let p = piece.progress {
                cr.fill(Rect(x: track.x, y: track.y, width: track.width * min(max(p, 0), 1), height: track.height), Theme.success)
            }
            left += w + gap
        }
    }
}
