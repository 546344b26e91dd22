/// Where a scrollbar's thumb sits on its track: its length shows how much of the content is in
/// view (never shorter than `minimum`, so it can still be grabbed), its offset how far the view
/// is scrolled. Web Pages' and Paintbrush's scrollbars both place theirs here.
public enum ScrollThumb {
    /// The thumb's offset along a track of `track` points and its length, or nil when nothing
    /// scrolls (`limit`, the furthest scroll, is 0).
    public static func place(track: Double, visible: Double, content: Double, scroll: Double, limit: Double,
                             minimum: Double) -> (offset: Double, length: Double)? {
        guard limit > 0, content > 0, track > 0 else { return nil }
        let length = min(track, max(minimum, track * visible / content))
        return ((track - length) * scroll / limit, length)
    }
}
