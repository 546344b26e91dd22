/// Turns the pieces of shore inside one GSHHG bin into rings that, filled together with the
/// even-odd rule, cover exactly the bin's dry ground.
///
/// GSHHG keeps dry ground on the left of every piece. A piece that crosses the bin enters by one
/// side and leaves by another; from where it leaves, going round the bin's edge counter-clockwise
/// (south side eastwards, east side northwards, …), the next entry met is the piece that continues
/// the same patch of dry ground, and so on until the walk meets its first piece again. Corners
/// passed on the way become points of the ring. A bin no piece crosses is dry or wet as a whole
/// (its corners' levels say which), and the closed rings inside it (islands, lakes, islands in
/// lakes) nest, so even-odd filling paints each at its right level. Dry rings of neighbouring
/// bins meet along shared edges and fill as one.
public enum ShoreAssembler {
    /// The rings for a bin of `size` degrees with south-west corner `sw`, whose corners (south-west,
    /// south-east, north-east, north-west) have `cornerLevels`.
    public static func rings(_ segments: [GSHHGFile.Segment], southWest sw: SIMD2<Double>, size: Double,
                             cornerLevels: [Int]) -> [[SIMD2<Double>]] {
        var rings: [[SIMD2<Double>]] = []
        let open = segments.indices.filter { segments[$0].entry < 4 && segments[$0].exit < 4 && segments[$0].points.count >= 2 }
        let corners = [sw, sw + SIMD2(size, 0), sw + SIMD2(size, size), sw + SIMD2(0, size)]
        if open.isEmpty {
            if (cornerLevels.max() ?? 0) % 2 == 1 { rings.append(corners) }
        } else {
            // Position round the edge, 0 ..< 4: south 0–1 eastwards, east 1–2 northwards, north 2–3
            // westwards, west 3–4 southwards. Corner k sits at k.
            func position(_ p: SIMD2<Double>, side: Int) -> Double {
                let u = min(1, max(0, (p.x - sw.x) / size)), v = min(1, max(0, (p.y - sw.y) / size))
                switch side {
                case 0: return u
                case 1: return 1 + v
                case 2: return 2 + (1 - u)
                default: return 3 + (1 - v)
                }
            }
            var entryAt: [Int: Double] = [:]
            for i in open { entryAt[i] = position(segments[i].points[0], side: segments[i].entry) }
            var unused = Set(open)
            while let startID = open.first(where: { unused.contains($0) }) {
                unused.remove(startID)
                var ring = segments[startID].points
                var current = startID
                // Each piece is used once, so a ring has at most as many steps as there are pieces.
                for _ in 0...open.count {
                    let s = segments[current]
                    let from = position(s.points[s.points.count - 1], side: s.exit)
                    // The nearest entry ahead, counter-clockwise: an unused piece or the ring's start.
                    var best = startID, bestDistance = Self.ahead(from, entryAt[startID] ?? 0)
                    for i in unused {
                        let d = Self.ahead(from, entryAt[i] ?? 0)
                        if d < bestDistance { best = i; bestDistance = d }
                    }
                    // The corners passed on the way.
                    var k = Int(from.rounded(.down)) + 1
                    while Double(k) <= from + bestDistance {
                        ring.append(corners[k % 4])
                        k += 1
                    }
                    if best == startID { break }
                    unused.remove(best)
                    ring += segments[best].points
                    current = best
                }
                if ring.count >= 3 { rings.append(ring) }
            }
        }
        for s in segments where !(s.entry < 4 && s.exit < 4) && s.points.count >= 3 { rings.append(s.points) }
        return rings
    }

    /// How far `to` lies ahead of `from` going counter-clockwise round the edge (0 ..< 4).
    static func ahead(_ from: Double, _ to: Double) -> Double {
        let d = to - from
        return d >= -1e-12 ? max(0, d) : d + 4
    }
}
