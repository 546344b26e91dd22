import Foundation
import Testing
import TouchDeskTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Maze in a real window: clicking a cell draws a block there, kept in maze.json.
@Suite(.serialized, .timeLimit(.minutes(1)))
struct MazeEndToEndTests {
    static let block = PixelColor(hex: 0x5b3a29)
    static func isFloor(_ c: PixelColor) -> Bool { c.isClose(to: PixelColor(hex: 0xe9e4d4), tolerance: 8) }
    static func isBlock(_ c: PixelColor) -> Bool { c.isClose(to: block, tolerance: 8) }

    @Test("Maze: clicking a cell draws a block in that cell only, and the layout is saved")
    func clickingACellDrawsABlock() async throws {
        let session = try await XSession(name: "maze-click")
        defer { session.close() }
        let app = try await session.launch(["maze", "--size", "800x600"])

        let start = try await app.screenshot("start")
        #expect(start.count(where: Self.isBlock) == 0, "blocks before any click in \(start.path)")
        // The maze is the big light square (its faint grid lines cut the floor into cells): the
        // box around all floor pixels is the maze.
        let floor = start.points(where: Self.isFloor)
        try #require(floor.count > 20000, "no maze floor in \(start.path)")
        let minX = floor.map(\.x).min()!, maxX = floor.map(\.x).max()!, minY = floor.map(\.y).min()!
        let maze = (x: minX, y: minY, width: maxX - minX + 1)
        let cell = Double(maze.width) / 12
        // Row 4, column 7 (0-based).
        let cx = Double(maze.x) + cell * 7.5, cy = Double(maze.y) + cell * 4.5
        try await app.click(cx, cy)
        try await app.moveMouse(5, 5)

        let shot = try await app.screenshot("block") { $0.count(where: Self.isBlock) > 0 }
        let blocks = shot.regions(where: Self.isBlock, minimumPixels: 50)
        #expect(blocks.count == 1, "expected one block, found \(blocks) in \(shot.path)")
        if let b = blocks.first {
            #expect(abs(Double(b.x) + Double(b.width) / 2 - cx) < 3 && abs(Double(b.y) + Double(b.height) / 2 - cy) < 3,
                    "the block \(b) is not centred on the clicked cell (\(cx), \(cy)) in \(shot.path)")
            #expect(abs(Double(b.width) - cell) < 3 && abs(Double(b.height) - cell) < 3, "the block \(b) is not one cell (\(cell)) in \(shot.path)")
        }
        let saved = session.home.appendingPathComponent(".local/share/touchdesk/maze.json")
        // The layout is written off the UI thread: give the writer a moment.
        struct Cell: Decodable, Equatable { var row: Int; var column: Int }
        struct Layout: Decodable { var blocks: [Cell] }
        var blocksSaved: [Cell] = []
        await wait(until: {
            if let data = try? Data(contentsOf: saved), let layout = try? JSONDecoder().decode(Layout.self, from: data) {
                blocksSaved = layout.blocks
            }
            return !blocksSaved.isEmpty
        }, timeout: 10, interval: 0.1)
        #expect(blocksSaved == [Cell(row: 4, column: 7)], "maze.json does not hold the one block: \(blocksSaved)")
    }

    @Test("Maze by keys: with Build on the arrows and Space stay the cell cursor's while a button holds the Tab ring; Goal is placed with the cursor and Enter")
    func buildAndPlaceByKeys() async throws {
        let session = try await XSession(name: "maze-keys")
        defer { session.close() }
        let app = try await session.launch(["maze", "--size", "800x600"])
        let saved = session.home.appendingPathComponent(".local/share/touchdesk/maze.json")
        struct Cell: Decodable, Equatable { var row: Int; var column: Int }
        struct Layout: Decodable { var blocks: [Cell]; var goal: Cell? }
        func layout(until done: (Layout) -> Bool) async -> Layout? {
            var last: Layout?
            _ = await wait(until: {
                last = (try? Data(contentsOf: saved)).flatMap { try? JSONDecoder().decode(Layout.self, from: $0) }
                return last.map(done) ?? false
            }, timeout: 5, interval: 0.1)
            return last
        }
        // Build on (the cursor on the start, row 0 column 0); Tab puts the ring on a button, whose
        // Space would press it and whose arrows would move the ring: they are the cursor's here.
        try await app.key("b", "Tab", "Right", "Right", "Down", "space")
        let built = await layout { !$0.blocks.isEmpty }
        #expect(built?.blocks == [Cell(row: 1, column: 2)], "blocks after B, Tab, Right, Right, Down, Space: \(built.map { "\($0.blocks)" } ?? "no maze.json")")
        // Build off; Goal (2) brings the cursor onto the goal (row 11, column 11); Left, Up, Enter put it there.
        try await app.key("b", "2", "Left", "Up", "Return")
        let placed = await layout { $0.goal == Cell(row: 10, column: 10) }
        #expect(placed?.goal == Cell(row: 10, column: 10), "the goal after 2, Left, Up, Enter: \(placed.map { "\($0.goal.map { "\($0)" } ?? "none")" } ?? "no maze.json")")
        #expect(placed?.blocks == [Cell(row: 1, column: 2)], "the block moved: \(placed.map { "\($0.blocks)" } ?? "")")
        #expect(app.isRunning)
    }
}
