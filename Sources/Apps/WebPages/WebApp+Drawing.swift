import TouchDeskDrawing
import TouchDeskInterface
import TouchDeskModels
import TouchDeskWeb
import TouchDeskToolkit

/// Drawing Web Pages: the toolbar, the load's progress, both views (each the engine's latest frame
/// 1:1 in device pixels, or why there is none), the find bar, the status line and the menu.
extension WebApp {
    public func draw(_ cr: CairoContext) {
        form.draw(cr)
        drawProgress(cr)
        drawView(cr, .asIs)
        drawView(cr, .fit)
        findBar.draw(cr)
        drawStatus(cr)
        menu.draw(cr)
        files.draw(cr, in: size)
    }

    func drawView(_ cr: CairoContext, _ pane: WebPagesModel.Pane) {
        let label = pane == .asIs ? model.asIsLabel : model.fitLabel
        let active = pane == activePane
        let name = pane == .asIs ? tr("As the page is") : tr("Scaled to fit")
        var detail = ""
        if let contentSize = page.contentSize, page.stoppedReason == nil, pane == .asIs || !page.shownOnce {
            let fitWidth = pageRect(.fit).width - 20
            let scale = min(1, fitWidth / Double(max(contentSize.width, Int(pageRect(.asIs).width))))
            detail = pane == .asIs ? "\(contentSize.width) × \(contentSize.height) px, 1:1" + (link.zoom != 1 ? ", zoom \(Int((link.zoom * 100).rounded())) %" : "")
                                   : "\(Int((scale * 100).rounded())) %"
        }
        let nameWidth = Text.width(name, size: Theme.TextSize.label, weight: .bold)
        cr.text(name, x: label.x + 2, y: label.midY - 2, size: Theme.TextSize.label, color: active ? Theme.text : Theme.dimText, weight: .bold)
        if !detail.isEmpty, Text.width(detail, size: Theme.TextSize.caption) <= label.width - nameWidth - 16 {
            cr.text(detail, x: label.x + nameWidth + 12, y: label.midY - 2, size: Theme.TextSize.caption, color: Theme.dimText)
        }
        let r = pageRect(pane)
        cr.saved {
            cr.clip(to: r)
            if let stoppedReason = page.stoppedReason {
                drawNote(cr, in: r, tr("This page stopped working"), stoppedReason + " " + tr("Reload (F5) to try again."))
            } else if pane == .fit, page.shownOnce {
                drawNote(cr, in: r, tr("Too big to show twice"), tr("Shown as it is only: a second copy would take too much memory."))
            } else if let frame = engine?.frames[index(pane)] {
                cr.fill(r, Color(1, 1, 1))
                // The frame's size in points: at scale 2 its device pixels land 1:1 on the window's.
                cr.draw(frame, in: Rect(x: r.x, y: r.y, width: frame.size.width, height: frame.size.height))
            } else {
                cr.fill(r, Theme.well)
                cr.text(page.isLoading || engine != nil ? tr("Loading…") : tr("No page"), x: r.midX, y: r.midY, size: Theme.TextSize.body,
                        color: Theme.dimText, align: .center)
            }
        }
        // The outline as four thin boxes: a stroked rectangle would be rasterised over its whole area.
        // Thick while the page holds the keyboard (the keyboard's ring is on it).
        let color = active ? Theme.accent : Theme.controlHover
        let t = active && pageHoldsKeyboard ? 3.0 : 1.0
        let box = Rect(x: r.x - t, y: r.y - t, width: r.width + 2 * t, height: r.height + 2 * t)
        cr.fill(Rect(x: box.x, y: box.y, width: box.width, height: t), color)
        cr.fill(Rect(x: box.x, y: box.maxY - t, width: box.width, height: t), color)
        cr.fill(Rect(x: box.x, y: box.y, width: t, height: box.height), color)
        cr.fill(Rect(x: box.maxX - t, y: box.y, width: t, height: box.height), color)
    }

    /// A view with no page to show: a headline and why, centred.
    private func drawNote(_ cr: CairoContext, in r: Rect, _ headline: String, _ why: String) {
        cr.fill(r, Theme.well)
        cr.text(headline, x: r.midX, y: r.midY - 14, size: Theme.TextSize.body, color: Theme.text, weight: .bold, align: .center)
        let l = Text.layout(why, font: Font(size: Theme.TextSize.caption), width: r.width - 24, ellipsis: .end)
        cr.draw(l, x: r.midX - l.width / 2, y: r.midY + 4, color: Theme.dimText)
    }

    func drawProgress(_ cr: CairoContext) {
        guard page.isLoading else { return }
        cr.fill(progressBar, Theme.control)
        cr.fill(Rect(x: progressBar.x, y: progressBar.y, width: progressBar.width * max(0.05, page.progress),
                     height: progressBar.height), Theme.accent)
    }

    func drawStatus(_ cr: CairoContext) {
        let r = Rect(x: 8, y: size.height - Self.statusHeight, width: size.width - 16, height: Self.statusHeight)
        let l = Text.layout(page.statusText, font: Font(size: Theme.TextSize.caption), width: r.width, ellipsis: .middle)
        cr.draw(l, x: r.x, y: r.midY - l.height / 2, color: page.statusIsError ? Theme.error : Theme.dimText)
    }
}
