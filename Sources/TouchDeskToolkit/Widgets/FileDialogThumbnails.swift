import Foundation
import TouchDeskDrawing
import TouchDeskFiles
import TouchDeskInterface

/// Small pictures of the PNG files the file dialog shows, made off the UI thread: one batch at a
/// time on a thread of its own (`BackgroundJob`), only for rows on screen, only from regular files
/// no larger than `maxFileBytes` (never a FIFO or device: `PictureReader` reads through `SafeFile`),
/// and at most `capacity` kept (the oldest go first). A picture that cannot be read gets no
/// thumbnail and is not tried again while the dialog is open. Thumbnails are shared with the
/// desktop's other programs (`SharedThumbnails`): one they made is used, and ours are left for them.
final class FileDialogThumbnails {
    /// Thumbnails are this many pixels on their longer side: the desktop's normal size, sharp in
    /// the grid's cells (about 110 points) at 1× and the list's rows at any scale.
    public nonisolated static let side = 128
    /// The most thumbnails kept (13 MB at most), and made per batch.
    static let capacity = 200
    static let batchSize = 8
    /// The largest file read for a thumbnail, and the largest picture decoded.
    public nonisolated static let maxFileBytes = 16 << 20
    public nonisolated static let maxPixels = 4096 * 4096

    /// A file as it was when its thumbnail was made: a changed file gets a new one.
    public struct Key: Hashable, Sendable {
        let path: String
        let modified: Double
        let size: Int64
    }

    private var made: [Key: ImageSurface] = [:]
    private var order: [Key] = []
    private var failed: Set<Key> = []
    private var job: BackgroundJob<[(Key, LoadedPicture?)]>?
    /// The shared thumbnail folder (`~/.cache/thumbnails`); nil to keep them to ourselves.
    let sharedRoot: String?

    public init(sharedRoot: String?) { self.sharedRoot = sharedRoot }

    func thumbnail(for entry: FolderEntry) -> ImageSurface? { made[Self.key(entry)] }

    public static func key(_ e: FolderEntry) -> Key { Key(path: e.path, modified: e.modified, size: e.size) }

    /// Whether a thumbnail is worth trying for `entry`.
    static func wants(_ e: FolderEntry) -> Bool {
        e.kind == .file && e.size > 0 && e.size <= Int64(maxFileBytes) && e.name.lowercased().hasSuffix(".png")
    }

    /// Picks up a finished batch and starts the next one for `visible` (the rows on screen, in
    /// order); true while a batch is being made.
    public func update(visible: [FolderEntry]) -> Bool {
        if let job, let results = job.value {
            self.job = nil
            for (key, picture) in results {
                guard let picture else { failed.insert(key); continue }
                made[key] = picture.surface
                order.append(key)
            }
            while order.count > Self.capacity { made[order.removeFirst()] = nil }
        }
        guard job == nil else { return true }
        let wanted = visible.filter { Self.wants($0) }.map(Self.key).filter { made[$0] == nil && !failed.contains($0) }
        guard !wanted.isEmpty else { return false }
        let batch = Array(wanted.prefix(Self.batchSize))
        let shared = sharedRoot
        job = BackgroundJob(name: "touchdesk-thumbnails") { batch.map { ($0, Self.make($0.path, shared: shared)) } }
        return true
    }

    /// Waits for the batch under way: for tests.
    public func finish(visible: [FolderEntry]) {
        while update(visible: visible) { _ = job?.wait() }
    }

    /// The shared thumbnail of `path` when a current one exists, else one made from the picture
    /// (and shared); shrunk to `side` (on the batch's thread).
    public nonisolated static func make(_ path: String, shared: String?) -> LoadedPicture? {
        var st = stat()
        guard Paths.withSystemPath(path, { stat($0, &st) }) == 0 else { return nil }
        let mtime = Int(st.st_mtim.tv_sec)
        let shares = shared.map { !SharedThumbnails.isInside(path, root: $0) } ?? false
        if shares, let root = shared {
            if let found = SharedThumbnails.cached(path, mtime: mtime, root: root) { return LoadedPicture(surface: shrink(found.surface, to: side)) }
            if SharedThumbnails.failed(path, mtime: mtime, root: root) { return nil }
        }
        guard case .success(let loaded) = PictureReader.read(path, scale: 1, limits: PictureReader.Limits(maxSide: 8192, maxPixels: maxPixels)) else {
            if shares, let root = shared { try? SharedThumbnails.recordFailure(of: path, mtime: mtime, root: root) }
            return nil
        }
        let normal = shrink(loaded.surface, to: SharedThumbnails.normalSide)
        // A thumbnail not written is only made again next time: nothing to tell the person.
        if shares, let root = shared { try? SharedThumbnails.write(normal, of: path, mtime: mtime, root: root) }
        return LoadedPicture(surface: shrink(normal, to: side))
    }

    /// `picture` at most `side` pixels on its longer side (never enlarged).
    nonisolated static func shrink(_ picture: ImageSurface, to side: Int) -> ImageSurface {
        let w = Double(picture.pixelWidth), h = Double(picture.pixelHeight)
        let k = min(1, Double(side) / max(w, h))
        guard k < 1 else { return picture }
        let thumb = ImageSurface(size: Size(max(1, (w * k).rounded()), max(1, (h * k).rounded())), scale: 1)
        thumb.draw { cr in cr.draw(picture, in: Rect(x: 0, y: 0, width: thumb.size.width, height: thumb.size.height)) }
        return thumb
    }
}
