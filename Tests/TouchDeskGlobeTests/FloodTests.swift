import Testing
@testable import TouchDeskGlobe

/// A small synthetic world: every cell `land` metres, with the cells given overridden.
func grid(width: Int = 12, height: Int = 7, land: Int16 = 100, _ cells: [(Int, Int, Int16)]) -> ElevationGrid {
    var g = ElevationGrid(width: width, height: height, elevations: [Int16](repeating: land, count: width * height))
    for (r, c, e) in cells { g[r, c] = e }
    return g
}

@Suite("Priority-flood")
struct FloodTests {
    /// Ocean in columns 0–2 (deep), a 50 m ridge in column 4, a basin at 10 m behind it in 5–7.
    let ridgeWorld: ElevationGrid = {
        var cells: [(Int, Int, Int16)] = []
        for r in 0..<7 {
            for c in 0..<3 { cells.append((r, c, -2000)) }
            cells.append((r, 3, 20))
            cells.append((r, 4, 50))
            for c in 5..<8 { cells.append((r, c, 10)) }
        }
        return grid(cells)
    }()

    @Test func basinBehindARidgeFloodsWhenTheSeaReachesTheRidge() {
        let s = PriorityFlood.spillLevels(ridgeWorld)
        let basin = 3 * 12 + 6
        #expect(s[basin] == 50)
        #expect(!(Int(s[basin]) <= 49))
        #expect(Int(s[basin]) <= 50)
        // The ridge's sea side floods at its own height.
        #expect(s[3 * 12 + 3] == 20)
        // Ocean cells keep their depth.
        #expect(s[3 * 12 + 1] == -2000)
        // Land beyond the basin (100 m) floods at 100.
        #expect(s[3 * 12 + 9] == 100)
    }

    @Test func basinFloodsAt50NotAt49ThroughGlobeData() {
        let data = GlobeData.build(from: ridgeWorld)
        let basin = GeoPoint(latitude: data.latitude(row: 3), longitude: 6 * 30)
        #expect(!data.isUnderWater(basin, level: 49))
        #expect(data.isUnderWater(basin, level: 50))
        #expect(data.isUnderWater(GeoPoint(latitude: 0, longitude: 30), level: 0))
    }

    @Test func depressionBelowZeroIsNotOcean() {
        // A Dead Sea: −400 m inside 100 m land, no ocean path lower than 100 m.
        let g = grid([(3, 0, -3000), (3, 1, -3000), (3, 7, -400), (3, 8, -400)])
        let s = PriorityFlood.spillLevels(g)
        #expect(s[3 * 12 + 7] == 100)
        let data = GlobeData.build(from: g)
        #expect(!data.isUnderWater(GeoPoint(latitude: 0, longitude: 7 * 30), level: 1))
        #expect(data.isUnderWater(GeoPoint(latitude: 0, longitude: 7 * 30), level: 100))
    }

    @Test func floodConnectsAcrossTheDateLine() {
        // Ocean in column 1, a low channel in the last column, a basin in columns 9–10 that is
        // reached only through column 11 → column 0 → column 1 (a 60 m wall in column 8 and 2).
        var cells: [(Int, Int, Int16)] = []
        for r in 0..<7 {
            cells.append((r, 1, -3000)); cells.append((r, 0, 5)); cells.append((r, 11, 5))
            cells.append((r, 10, 3)); cells.append((r, 9, 3))
            cells.append((r, 2, 60)); cells.append((r, 8, 200))
        }
        // The poles are one point each: block them too, so the only way is the date line.
        let g = grid(land: 200, cells)
        let s = PriorityFlood.spillLevels(g)
        #expect(s[3 * 12 + 9] == 5)
        #expect(s[3 * 12 + 10] == 5)
    }

    @Test func poleRowJoinsAllLongitudes() {
        // Ocean only in column 0 next to the south pole row, which is low everywhere.
        var cells: [(Int, Int, Int16)] = [(1, 0, -3000)]
        for c in 0..<12 { cells.append((0, c, -50)) }
        cells.append((1, 6, -10))
        let s = PriorityFlood.spillLevels(grid(cells))
        #expect(s[1 * 12 + 6] == -10)
    }

    @Test func separateDeepLargeBasinIsOcean() {
        // The deepest basin (column 1) and a second deep wide basin walled off (a Black Sea).
        var cells: [(Int, Int, Int16)] = []
        for r in 1..<6 { cells.append((r, 1, -5000)); cells.append((r, 6, -2000)); cells.append((r, 7, -2000)) }
        let g = grid(cells)
        let mask = PriorityFlood.oceanMask(g, rule: .init(minimumDepth: -1000, minimumAreaShare: 0.01))
        #expect(mask[3 * 12 + 6] == 1)
        let strict = PriorityFlood.oceanMask(g, rule: .init(minimumDepth: -3000, minimumAreaShare: 0.01))
        #expect(strict[3 * 12 + 6] == 0)
    }

    @Test func landShareUnderWaterGrowsWithTheLevel() {
        let data = GlobeData.build(from: ridgeWorld)
        #expect(data.landShareUnderWater(level: 0) == 0)
        var last = 0.0
        for level in stride(from: 0, through: 200, by: 5) {
            let share = data.landShareUnderWater(level: level)
            #expect(share >= last)
            last = share
        }
        #expect(data.landShareUnderWater(level: 100) == 1)
    }
}

extension GlobeData {
    func latitude(row: Int) -> Double { -90 + Double(row) * 180 / Double(height - 1) }
}

@Suite("Fractional sea levels")
struct FractionalLevelTests {
    /// The ridge world of `FloodTests`: the ridge's sea side at 20 m, the basin behind it at 50.
    let data = GlobeData.build(from: FloodTests().ridgeWorld)

    @Test func aLevelBetweenWholeMetresFloodsWhatTheMetreBelowFloods() {
        let basin = GeoPoint(latitude: data.latitude(row: 3), longitude: 6 * 30)
        var m = GlobeModel()
        m.setLevel(49.99)
        #expect(m.level == 49.99 && m.gridLevel == 49)
        #expect(!data.isUnderWater(basin, level: m.gridLevel))
        m.setLevel(50)
        #expect(data.isUnderWater(basin, level: m.gridLevel))
        // Land at 20 m is dry at +19.9 m and under water at +20.3 m; the share of land follows.
        m.setLevel(19.9)
        #expect(m.gridLevel == 19)
        #expect(data.landShareUnderWater(level: m.gridLevel) == data.landShareUnderWater(level: 19))
        #expect(data.landShareUnderWater(level: SeaLevel.gridLevel(20.3)) > data.landShareUnderWater(level: SeaLevel.gridLevel(19.9)))
        // Below today: −0.5 m bares what −1 m bares (a cell at 0 m is dry at both).
        #expect(SeaLevel.gridLevel(-0.5) == -1)
        #expect(SeaLevel.gridLevel(-0.01) == -1)
        #expect(SeaLevel.gridLevel(0.77) == 0)
    }

    @Test func levelsKeepTheCentimetres() {
        #expect(SeaLevel.rounded(0.444) == 0.44)
        #expect(SeaLevel.rounded(20_000) == Double(SeaLevel.highest))
        #expect(SeaLevel.label(0.44) == "+0.44 m")
        #expect(SeaLevel.label(-0.1) == "\u{2212}0.1 m")
        #expect(SeaLevel.label(4.25) == "+4.25 m")
        #expect(SeaLevel.label(70) == "+70 m")
        #expect(SeaLevel.label(-11_000) == "\u{2212}11000 m")
        #expect(SeaLevel.Preset.low2100.metres == 0.44 && SeaLevel.Preset.high2100.likelyRange == 0.63...1.01)
    }
}
