import TouchDeskInterface
import TouchDeskToolkit

extension WebApp {
    /// For a screen reader: the page as WebKit describes it (its links, headings and text),
    /// joined to our tree where the as-is view shows: the web helper offers it under a plug id
    /// once TouchDesk has an accessibility bus (docs/accessibility.md).
    public var accessibleContent: [AccessibleNode] {
        guard let plug = page.accessiblePlug else { return [] }
        var node = AccessibleNode(id: "page", role: .panel, name: page.title.isEmpty ? tr("Page") : page.title, frame: pageRect(.asIs))
        node.embeddedPlug = plug
        return [node]
    }
}
