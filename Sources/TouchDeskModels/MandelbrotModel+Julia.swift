/// Julia sets: J shows, in place of the Mandelbrot set, the Julia set of the point c under the
/// pointer, with the same zoom, palettes and saves; while J is held c follows the pointer over
/// the Mandelbrot view it was pressed on. J again goes back to that view. Julia views stay in
/// doubles (no perturbation for them): they zoom in to a width of 1e-9.

extension MandelbrotModel {
    /// Where a Julia set opens: |z| ≤ 2 holds all of it.
    public static let juliaStart = MandelbrotWindow(center: ComplexDecimal(0.0, 0.0), width: DecimalNumber(4))
    /// The narrowest Julia view.
    public static let juliaMinSpan = 1e-9

    /// The Mandelbrot view's point (fx, fy) widths from its centre (the one J was pressed on,
    /// while a Julia set is shown).
    public func mandelbrotPoint(atWidths fx: Double, _ fy: Double) -> ComplexDecimal {
        let w = juliaReturn ?? window
        return ComplexDecimal(w.center.x + DecimalNumber(fx) * w.width, w.center.y + DecimalNumber(fy) * w.width)
    }

    /// The Mandelbrot view (the one J was pressed on, while a Julia set is shown) and its
    /// journey: what is kept across restarts.
    public var mandelbrotView: (window: MandelbrotWindow, journey: [Int]?) {
        julia == nil ? (window, journey) : (juliaReturn ?? window, journeyBeforeJulia)
    }

    /// Shows the Julia set of c (from the Mandelbrot view, or another c while one is shown).
    public mutating func showJulia(_ c: ComplexDecimal) {
        if julia == nil {
            juliaReturn = window
            window = Self.juliaStart
            journeyBeforeJulia = journey
            journey = nil
        }
        julia = c
    }

    /// Back to the Mandelbrot view J was pressed on.
    public mutating func hideJulia() {
        guard julia != nil else { return }
        if let w = juliaReturn { window = w }
        journey = journeyBeforeJulia
        julia = nil
        juliaReturn = nil
        journeyBeforeJulia = nil
    }
}
