/// What one load may cost. Tests shorten these; the app uses `standard`.
public struct LoadLimits: Sendable, Equatable {
    /// Whole-transfer time limit per resource, seconds.
    public var timeout: Double
    public var maxBytes: Int
    public var maxRedirects: Int
    /// Pictures wider or taller than this are refused.
    public var maxImageSide: Int

    public init(timeout: Double = 15, maxBytes: Int = 20 * 1024 * 1024, maxRedirects: Int = 10, maxImageSide: Int = 4096) {
        self.timeout = timeout
        self.maxBytes = maxBytes
        self.maxRedirects = maxRedirects
        self.maxImageSide = maxImageSide
    }

    /// 15 s, 20 MB per resource, 10 redirects, pictures up to 4096×4096.
    public static let standard = LoadLimits()
}
