/// What the apps that hold more than their state keep between visits and free when left (see
/// `MiniApp.visitMemory`), in one place so the decisions read side by side. The others keep only
/// their state (the default): a paint canvas, a maze, a converter's fields.
extension MapApp {
    public nonisolated static var visitMemory: VisitMemory {
        VisitMemory(shared: ["the place index (the mapped cache, one per process, shared with Sea Level)"],
                    kept: ["the world map and its levels of detail (Natural Earth)", "the search, the place chosen, the view"],
                    freed: ["the map picture and its stand-in", "GSHHG's coastline bins", "the relief's shading", "the label list"],
                    leavingDuringLoad: .stopsThenResumesOnceEnded)
    }
}

extension GlobeApp {
    public nonisolated static var visitMemory: VisitMemory {
        VisitMemory(shared: ["the place index (one per process, shared with Map Search)"],
                    kept: ["the relief (the mapped 47 MB cache: file pages the system may drop)", "the flooded places (kilobytes)", "the view, level and pin"],
                    freed: ["the globe picture (8 MB at 1920 × 1080)", "the renderer's per-pixel geometry", "a tilted picture being traced"],
                    leavingDuringLoad: .stopsThenResumesOnceEnded)
    }
}

extension MandelbrotApp {
    public nonisolated static var visitMemory: VisitMemory {
        VisitMemory(kept: ["the finished picture of the view (one surface)", "the view and palette"],
                    freed: ["the render's workers (cancelled; a big save asked for goes on)"],
                    leavingDuringLoad: .pausesThenRestarts)
    }
}

extension WebApp {
    public nonisolated static var visitMemory: VisitMemory {
        VisitMemory(kept: ["the page's address and history"],
                    freed: ["the page's work: a load under way is stopped, a stuck script's process ended (docs/web.md)"],
                    leavingDuringLoad: .stopsThenResumesOnceEnded)
    }
}
