import TouchDeskInterface
import Foundation

/// SpaceBalls: balls of radius 15 flying in a black box with perfectly elastic walls.
///
/// The seed swapped the two velocities on contact, which is right only for head-on impacts (its
/// stated future work). Here two touching balls exchange the components of their velocities along
/// the line of centres and keep the tangential ones: the elastic collision of equal masses, which
/// conserves momentum and kinetic energy for any angle. Overlapping balls are pushed apart along
/// that line, half each, so they never overlap or stick. Positions in points, velocities in points
/// per tick; 1 to 50 balls.
public struct SpaceBallsModel: Equatable, Sendable {
    public static let radius = 15.0
    public static let ballRange = 1...50
    /// Starting speeds, points per tick.
    static let speedRange = 1.5...4.0

    public struct Ball: Equatable, Sendable {
        public var position: Point
        public var vx: Double
        public var vy: Double
        public init(position: Point, vx: Double, vy: Double) { self.position = position; self.vx = vx; self.vy = vy }
    }

    public private(set) var size: Size
    public var balls: [Ball]
    public var isRunning = false
    /// Gravity on: every ball falls at `gravityPull` points per tick², and the floor bounces it back.
    public var gravity = false
    public static let gravityPull = 0.12
    /// The fastest a thrown ball leaves the hand, points per tick.
    public static let maxThrowSpeed = 30.0
    /// The model's own random generator (SplitMix64), so a seed gives the same balls every time.
    private var rng: SplitMix64

    public init(size: Size, count: Int = 2, seed: UInt64 = 0x5ba11) {
        self.size = Size(max(size.width, 4 * Self.radius), max(size.height, 4 * Self.radius))
        rng = SplitMix64(seed: seed)
        balls = []
        for _ in 0..<min(max(count, Self.ballRange.lowerBound), Self.ballRange.upperBound) { addBall() }
    }

    /// A model with exactly these balls (for tests and the like), without random placement.
    public init(size: Size, balls: [Ball]) {
        self.size = size
        self.balls = balls
        rng = SplitMix64(seed: 1)
    }

    private mutating func random() -> Double { rng.unit() }

    /// Adds one ball in a free spot with a random direction; false at 50 balls.
    @discardableResult
    public mutating func addBall() -> Bool {
        guard balls.count < Self.ballRange.upperBound else { return false }
        let r = Self.radius
        var spot = Point(size.width / 2, size.height / 2)
        // Random spots first; a full box falls back to the freest of many tries.
        var bestGap = -Double.infinity
        for _ in 0..<200 {
            let p = Point(r + random() * max(0, size.width - 2 * r), r + random() * max(0, size.height - 2 * r))
            let gap = balls.map { $0.position.distance(to: p) - 2 * r }.min() ?? .infinity
            if gap > bestGap { bestGap = gap; spot = p }
            if gap > 2 { break }
        }
        let angle = random() * 2 * .pi
        let speed = Self.speedRange.lowerBound + random() * (Self.speedRange.upperBound - Self.speedRange.lowerBound)
        balls.append(Ball(position: spot, vx: speed * cos(angle), vy: speed * sin(angle)))
        separateAll()
        return true
    }

    /// Adds a ball centred at `p` (kept inside the box), at rest; false at 50 balls. Balls it
    /// lands on are pushed aside.
    @discardableResult
    public mutating func addBall(at p: Point, vx: Double = 0, vy: Double = 0) -> Bool {
        guard balls.count < Self.ballRange.upperBound else { return false }
        balls.append(Ball(position: p, vx: vx, vy: vy))
        clamp(balls.count - 1)
        separateAll()
        return true
    }

    /// The ball under `p` (the topmost, that is the newest, when they touch), if any.
    public func ball(at p: Point) -> Int? {
        balls.indices.last { balls[$0].position.distance(to: p) <= Self.radius }
    }

    /// Holds ball `i` at `p` (kept inside the box), at rest: a ball being dragged.
    public mutating func hold(_ i: Int, at p: Point) {
        guard balls.indices.contains(i) else { return }
        balls[i].position = p
        balls[i].vx = 0; balls[i].vy = 0
        clamp(i)
    }

    /// Lets ball `i` go with velocity (vx, vy) in points per tick, no faster than `maxThrowSpeed`.
    public mutating func throwBall(_ i: Int, vx: Double, vy: Double) {
        guard balls.indices.contains(i), vx.isFinite, vy.isFinite else { return }
        let speed = (vx * vx + vy * vy).squareRoot()
        let k = speed > Self.maxThrowSpeed ? Self.maxThrowSpeed / speed : 1
        balls[i].vx = vx * k; balls[i].vy = vy * k
    }

    /// Removes the newest ball; false at one ball.
    @discardableResult
    public mutating func removeBall() -> Bool {
        guard balls.count > Self.ballRange.lowerBound else { return false }
        balls.removeLast()
        return true
    }

    public mutating func resize(to newSize: Size) {
        size = Size(max(newSize.width, 4 * Self.radius), max(newSize.height, 4 * Self.radius))
        for i in balls.indices { clamp(i) }
        separateAll()
    }

    // MARK: - Motion

    /// One tick: move, bounce off the walls, then collide every touching pair.
    public mutating func step() {
        for i in balls.indices {
            if gravity { balls[i].vy += Self.gravityPull }
            balls[i].position.x += balls[i].vx
            balls[i].position.y += balls[i].vy
            let r = Self.radius
            if balls[i].position.x < r { balls[i].position.x = 2 * r - balls[i].position.x; balls[i].vx = abs(balls[i].vx) }
            if balls[i].position.x > size.width - r { balls[i].position.x = 2 * (size.width - r) - balls[i].position.x; balls[i].vx = -abs(balls[i].vx) }
            if balls[i].position.y < r { balls[i].position.y = 2 * r - balls[i].position.y; balls[i].vy = abs(balls[i].vy) }
            if balls[i].position.y > size.height - r { balls[i].position.y = 2 * (size.height - r) - balls[i].position.y; balls[i].vy = -abs(balls[i].vy) }
            clamp(i)
        }
        for i in balls.indices {
            for j in balls.indices where j > i { collide(i, j) }
        }
        // In a crowd, pushing one pair apart can press another together: settle them.
        separateAll()
    }

    /// The elastic collision of balls i and j, if they touch and approach each other.
    public mutating func collide(_ i: Int, _ j: Int) {
        var dx = balls[j].position.x - balls[i].position.x
        var dy = balls[j].position.y - balls[i].position.y
        var d = (dx * dx + dy * dy).squareRoot()
        let minD = 2 * Self.radius
        guard d < minD else { return }
        if d < 1e-9 { dx = 1; dy = 0; d = 1 } // the same spot: any line will do
        let nx = dx / d, ny = dy / d
        // Only approaching balls exchange velocity: separating ones that still overlap (after a
        // push) must not be turned back into each other, which is how the seed's balls stuck.
        let vi = balls[i].vx * nx + balls[i].vy * ny
        let vj = balls[j].vx * nx + balls[j].vy * ny
        if vi - vj > 0 {
            let exchange = vj - vi
            balls[i].vx += exchange * nx; balls[i].vy += exchange * ny
            balls[j].vx -= exchange * nx; balls[j].vy -= exchange * ny
        }
        separate(i, j, nx: nx, ny: ny, overlap: minD - min(d, minD))
    }

    private mutating func separate(_ i: Int, _ j: Int, nx: Double, ny: Double, overlap: Double) {
        guard overlap > 0 else { return }
        let half = overlap / 2
        balls[i].position.x -= half * nx; balls[i].position.y -= half * ny
        balls[j].position.x += half * nx; balls[j].position.y += half * ny
        clamp(i); clamp(j)
    }

    /// Pushes overlapping balls apart (no velocity change), a few rounds.
    mutating func separateAll() {
        for _ in 0..<20 {
            var moved = false
            for i in balls.indices {
                for j in balls.indices where j > i {
                    let dx = balls[j].position.x - balls[i].position.x
                    let dy = balls[j].position.y - balls[i].position.y
                    let d = (dx * dx + dy * dy).squareRoot()
                    if d < 2 * Self.radius - 1e-9 {
                        // Two balls on the same spot: any line will do.
                        let (nx, ny) = d < 1e-9 ? (1.0, 0.0) : (dx / d, dy / d)
                        separate(i, j, nx: nx, ny: ny, overlap: 2 * Self.radius - d)
                        moved = true
                    }
                }
            }
            if !moved { return }
        }
    }

    private mutating func clamp(_ i: Int) {
        let r = Self.radius
        balls[i].position.x = min(max(balls[i].position.x, r), size.width - r)
        balls[i].position.y = min(max(balls[i].position.y, r), size.height - r)
    }

    // MARK: - Measures

    public var kineticEnergy: Double { balls.reduce(0) { $0 + 0.5 * ($1.vx * $1.vx + $1.vy * $1.vy) } }
    public var momentum: (x: Double, y: Double) { (balls.reduce(0) { $0 + $1.vx }, balls.reduce(0) { $0 + $1.vy }) }

    /// The largest overlap between two balls, in points (0 when none overlap).
    public var worstOverlap: Double {
        var worst = 0.0
        for i in balls.indices {
            for j in balls.indices where j > i {
                worst = max(worst, 2 * Self.radius - balls[i].position.distance(to: balls[j].position))
            }
        }
        return worst
    }
}
