import TouchDeskInterface
/// How the Mandelbrot explorer turns escape counts into colours (P cycles through them).
public enum MandelbrotPaletteKind: String, CaseIterable, Sendable {
    /// The seed's blue–yellow–red, spread over the range of counts on screen: the default look,
    /// which keeps deep views and high limits from washing out into one colour.
    case range
    /// The seed's colours by the histogram of counts on screen: each colour covers about as many
    /// pixels, so a few extreme pixels cannot flatten the rest.
    case histogram
    /// A palette that repeats every `period` iterations, whatever the range on screen.
    case cyclic

    /// The name the window shows.
    public var title: String {
        switch self {
        case .range: translatable("range colours")
        case .histogram: translatable("histogram colours")
        case .cyclic: translatable("cyclic colours")
        }
    }

    /// The next one for P.
    public var next: MandelbrotPaletteKind {
        let all = Self.allCases
        return all[(all.firstIndex(of: self)! + 1) % all.count]
    }
}
