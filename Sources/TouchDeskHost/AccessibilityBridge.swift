import CAccessibility
import Foundation
import Glibc
import TouchDeskFiles
import TouchDeskInterface

/// The window's content for screen readers, over AT-SPI: the ATK bridge (at-spi2-core) speaks
/// the D-Bus protocol; our C objects (CAccessibility) hold what the content's accessible tree
/// says. The application object holds one window (frame) object, whose children are the tree.
///
/// Each update compares the new tree with the objects already made (by node id) and sets what
/// differs; the C setters emit the matching events (a state, a name, inserted text, a child
/// added), so a client's cache stays right and Orca speaks focus moves and live changes. What a
/// client asks (an action, new text, focus) is queued and carried out by `performRequests` as
/// the input a person would give. The bridge runs on the main thread through GLib's main
/// context, whose descriptors join the host's poll().
@MainActor
final class AccessibilityBridge {
    private struct Entry {
        let handle: Int32
        let kind: TdKind
        let object: OpaquePointer
        /// The plug a socket embeds (another process's tree), nil for our own objects.
        var plug: String? = nil

        func retire() { if plug != nil { td_socket_retire(object) } else { td_accessible_retire(object) } }
    }
    private struct Request {
        let handle: Int32
        let kind: Int32
        let index: Int32
        let text: String?
    }

    private let root: OpaquePointer
    private let window: OpaquePointer
    /// The window's last child: a notification shown anew with each live region's new text, which
    /// is how Orca 43 hears a change outside the focus (it does not follow object:announcement,
    /// which newer screen readers do, and speaks live regions only in web pages).
    private let notification: OpaquePointer
    private var entries: [String: Entry] = [:]
    private var ids: [Int32: String] = [:]
    private var nextHandle: Int32 = 3
    private var tree: [AccessibleNode] = []
    private var liveTexts: [String: String] = [:]
    private var focusedID: String?
    /// Each list's selected row, by id, at the last update.
    private var selectedRows: [String: String] = [:]
    private var isActive = false
    private var requests: [Request] = []
    /// When the tree was last read, and whether a throttled change is still to be read.
    private var lastUpdate = 0.0
    private var stale = false
    /// The GLib descriptors taken into the last poll.
    private var glib = GLibMainContextPoll()

    private init(root: OpaquePointer, window: OpaquePointer) {
        self.root = root
        self.window = window
        notification = td_accessible_new(TD_KIND_PLAIN, 0)
        td_accessible_set_role(notification, TD_ROLE_NOTIFICATION)
    }

    /// Starts the bridge, or returns nil when there is no accessibility bus (no D-Bus session,
    /// NO_AT_BRIDGE=1, at-spi not installed): then the window simply has no screen-reader view.
    /// Silent either way, unless TOUCHDESK_A11Y_DEBUG=1 asks why.
    static func start(applicationName: String) -> AccessibilityBridge? {
        let root = td_accessible_new(TD_KIND_PLAIN, 1)!
        td_accessible_set_role(root, TD_ROLE_APPLICATION)
        td_accessible_set_name(root, applicationName)
        let window = td_accessible_new(TD_KIND_WINDOW, 2)!
        td_accessible_set_role(window, TD_ROLE_FRAME)
        var children: [OpaquePointer?] = [window]
        td_accessible_set_children(root, &children, 1)
        let bridge = AccessibilityBridge(root: root, window: window)
        var why = [CChar](repeating: 0, count: 512)
        let started = X11Host.now()
        let debug = getenv("TOUCHDESK_A11Y_DEBUG").map { String(cString: $0) } == "1"
        let handler: TdRequestHandler = { context, handle, kind, index, text in
            guard let context else { return }
            let text = text.map { String(cString: $0) }
            MainActor.assumeIsolated {
                let bridge = Unmanaged<AccessibilityBridge>.fromOpaque(context).takeUnretainedValue()
                bridge.requests.append(Request(handle: handle, kind: kind, index: index, text: text))
            }
        }
        let rc = td_a11y_start(root, "1", handler, Unmanaged.passUnretained(bridge).toOpaque(), &why, Int32(why.count))
        let ms = String(format: "%.1f ms", (X11Host.now() - started) * 1000)
        guard rc == 0 else {
            if debug { warn(tr("accessibility off ({0}): ", ms) + String(decoding: why.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)) }
            td_accessible_retire(bridge.notification)
            td_accessible_retire(window)
            td_accessible_retire(root)
            return nil
        }
        if debug { warn(tr("accessibility on: the bridge started in {0}", ms)) }
        // The web helper, started later, offers its page's tree to ours (docs/accessibility.md).
        setenv("TOUCHDESK_WEB_ACCESSIBLE", "1", 1)
        // The bridge keeps `bridge` as the handler's context for the rest of the run.
        _ = Unmanaged.passRetained(bridge)
        return bridge
    }

    // MARK: - The tree

    /// Reads the content's tree and tells the bridge what changed. `force`: after input (read
    /// now); else, while animating, at most ten times a second, the rest read by `flush`.
    func update(_ content: WindowContent, title: String, pixels: (width: Int, height: Int), scale: Double, origin: () -> (Int32, Int32)?,
                force: Bool) {
        let now = X11Host.now()
        guard force || now - lastUpdate >= 0.1 else { stale = true; return }
        lastUpdate = now
        stale = false
        if force, let (x, y) = origin() { td_a11y_set_window_origin(x, y) }
        let nodes = content.accessibleTree
        td_accessible_set_name(window, title)
        td_accessible_set_extents(window, 0, 0, Int32(pixels.width), Int32(pixels.height))
        td_accessible_set_states(window, UInt32(UInt32(TD_STATE_ENABLED) | UInt32(TD_STATE_SHOWING)) | (isActive ? UInt32(UInt32(TD_STATE_ACTIVE)) : 0))
        var seen = Set<String>()
        let newFocus = nodes.lazy.flatMap(\.flattened).first { $0.states.contains(.focused) }?.id
        var announced: String?
        var children = nodes.map { sync($0, scale: scale, newFocus: newFocus, seen: &seen, announced: &announced) } + [notification]
        td_accessible_set_children(window, &children, Int32(children.count))
        if let announced {
            td_accessible_set_states(notification, 0)
            td_accessible_set_name(notification, announced)
            td_accessible_set_states(notification, UInt32(UInt32(TD_STATE_ENABLED) | UInt32(TD_STATE_SHOWING)))
        }
        for (id, entry) in entries where !seen.contains(id) {
            entries[id] = nil
            ids[entry.handle] = nil
            liveTexts[id] = nil
            entry.retire()
        }
        // The focus moves last, after the old holder has let it go, as toolkits report it.
        if newFocus != focusedID, let id = newFocus, let entry = entries[id], let node = nodes.lazy.compactMap({ $0.find(id) }).first {
            td_accessible_set_states(entry.object, Self.states(node, withFocus: true))
        }
        focusedID = newFocus
        announceActiveRows(nodes, focus: newFocus)
        tree = nodes
    }

    /// A list's selected row that moved while the focus is in the list or in an entry (the
    /// field whose suggestions it lists, whose focus stays there as Down and Up move the row)
    /// becomes the focused node's active descendant, which a screen reader speaks as a focus move.
    private func announceActiveRows(_ nodes: [AccessibleNode], focus: String?) {
        var selected: [String: String] = [:]
        for list in nodes.lazy.flatMap(\.flattened) where list.role == .list {
            if let row = list.children.first(where: { $0.states.contains(.selected) }) { selected[list.id] = row.id }
        }
        defer { selectedRows = selected }
        guard let focus, let holder = entries[focus], let focused = nodes.lazy.compactMap({ $0.find(focus) }).first else { return }
        for (list, row) in selected where selectedRows[list] != row && (focus == list || focused.role == .entry) {
            if let item = entries[row] { td_accessible_active_descendant(holder.object, item.object) }
        }
    }

    /// Reads a change that `update` put off, once the content stops animating.
    func flush(_ content: WindowContent, title: String, pixels: (width: Int, height: Int), scale: Double) {
        guard stale else { return }
        update(content, title: title, pixels: pixels, scale: scale, origin: { nil }, force: true)
    }

    private func sync(_ node: AccessibleNode, scale: Double, newFocus: String?, seen: inout Set<String>, announced: inout String?) -> OpaquePointer? {
        seen.insert(node.id)
        if let plug = node.embeddedPlug {
            // Another process's tree: a socket, made again only when the plug changes.
            if let e = entries[node.id], e.plug == plug { td_accessible_set_name(e.object, node.name); return e.object }
            if let old = entries[node.id] { ids[old.handle] = nil; old.retire() }
            let socket = td_socket_new(plug, node.name)!
            entries[node.id] = Entry(handle: nextHandle, kind: TD_KIND_PLAIN, object: socket, plug: plug)
            ids[nextHandle] = node.id
            nextHandle += 1
            return socket
        }
        let kind = node.text != nil ? TD_KIND_TEXT : (node.value != nil ? TD_KIND_VALUE : TD_KIND_PLAIN)
        let object: OpaquePointer
        if let e = entries[node.id], e.kind == kind, e.plug == nil {
            object = e.object
        } else {
            if let old = entries[node.id] { ids[old.handle] = nil; old.retire() }
            object = td_accessible_new(kind, nextHandle)!
            entries[node.id] = Entry(handle: nextHandle, kind: kind, object: object)
            ids[nextHandle] = node.id
            nextHandle += 1
        }
        td_accessible_set_role(object, Self.role(node.role))
        td_accessible_set_name(object, node.name)
        td_accessible_set_description(object, node.description)
        td_accessible_set_extents(object, Int32((node.frame.x * scale).rounded()), Int32((node.frame.y * scale).rounded()),
                                  Int32((node.frame.width * scale).rounded()), Int32((node.frame.height * scale).rounded()))
        Self.setActions(object, node)
        if let t = node.text {
            td_accessible_set_live(object, node.isLive ? "polite" : nil)
            td_accessible_set_text(object, t.text, Int32(t.caret), Int32(t.selection.lowerBound), Int32(t.selection.upperBound))
        }
        if let v = node.value {
            td_accessible_set_value(object, v.value, v.range.lowerBound, v.range.upperBound, v.step)
        }
        // A node keeps its focus here only if it already had it (see `update`).
        td_accessible_set_states(object, Self.states(node, withFocus: node.id == focusedID && node.id == newFocus))
        var children = node.children.map { sync($0, scale: scale, newFocus: newFocus, seen: &seen, announced: &announced) }
        td_accessible_set_children(object, &children, Int32(children.count))
        if node.isLive, let text = node.text?.text {
            if let before = liveTexts[node.id], before != text, !text.isEmpty {
                td_accessible_announce(object, text)
                announced = text
            }
            liveTexts[node.id] = text
        }
        return object
    }

    private static func setActions(_ object: OpaquePointer, _ node: AccessibleNode) {
        let names = node.actions.map { strdup($0.name) }
        let descriptions = node.actions.map { strdup($0.description) }
        // AT-SPI's "mnemonic;sequence;shortcut": each action's own key, else the node's for the first.
        let keybindings = node.actions.enumerated().map { i, a in
            let key = a.keybinding.isEmpty && i == 0 ? node.shortcut : a.keybinding
            return strdup(key.isEmpty ? "" : ";;" + key)
        }
        defer { (names + descriptions + keybindings).forEach { free($0) } }
        names.map { UnsafePointer($0) }.withUnsafeBufferPointer { n in
            descriptions.map { UnsafePointer($0) }.withUnsafeBufferPointer { d in
                keybindings.map { UnsafePointer($0) }.withUnsafeBufferPointer { k in
                    td_accessible_set_actions(object, n.baseAddress, d.baseAddress, k.baseAddress, Int32(node.actions.count))
                }
            }
        }
    }

    private static func states(_ node: AccessibleNode, withFocus: Bool) -> UInt32 {
        let s = node.states
        var bits: UInt32 = 0
        let map: [(AccessibleNode.States, UInt32)] = [
            (.enabled, UInt32(TD_STATE_ENABLED)), (.focusable, UInt32(TD_STATE_FOCUSABLE)), (.pressed, UInt32(TD_STATE_PRESSED)),
            (.checkable, UInt32(TD_STATE_CHECKABLE)), (.checked, UInt32(TD_STATE_CHECKED)), (.selectable, UInt32(TD_STATE_SELECTABLE)),
            (.selected, UInt32(TD_STATE_SELECTED)), (.editable, UInt32(TD_STATE_EDITABLE)), (.showing, UInt32(TD_STATE_SHOWING)),
            (.invalid, UInt32(TD_STATE_INVALID_ENTRY)),
        ]
        for (state, bit) in map where s.contains(state) { bits |= bit }
        if withFocus && s.contains(.focused) { bits |= UInt32(UInt32(TD_STATE_FOCUSED)) }
        if node.role == .entry { bits |= UInt32(UInt32(TD_STATE_SINGLE_LINE)) }
        if node.role == .slider { bits |= UInt32(UInt32(TD_STATE_HORIZONTAL)) }
        return bits
    }

    private static func role(_ r: AccessibleNode.Role) -> TdRole {
        switch r {
        case .panel: TD_ROLE_PANEL
        case .toolBar: TD_ROLE_TOOL_BAR
        case .pushButton: TD_ROLE_PUSH_BUTTON
        case .toggleButton: TD_ROLE_TOGGLE_BUTTON
        case .slider: TD_ROLE_SLIDER
        case .entry: TD_ROLE_ENTRY
        case .list: TD_ROLE_LIST
        case .listItem: TD_ROLE_LIST_ITEM
        case .link: TD_ROLE_LINK
        case .image: TD_ROLE_IMAGE
        case .canvas: TD_ROLE_CANVAS
        case .label: TD_ROLE_LABEL
        case .statusBar: TD_ROLE_STATUS_BAR
        case .dialog: TD_ROLE_DIALOG
        }
    }

    /// A key press or release offered to the screen reader before the app sees it, as toolkits
    /// do through ATK's key snooping (how Orca hears keys on X11, and takes its own commands):
    /// true when it consumed the key, which the app then does not handle.
    func offerKey(press: Bool, state: UInt32, keysym: UInt32, name: String, typed: String, keycode: UInt32, time: UInt32) -> Bool {
        td_a11y_key_event(press ? 1 : 0, state, keysym, typed, name, keycode, time) != 0
    }

    /// The X window gained or lost the keyboard focus: window:activate or window:deactivate.
    /// `settling`: the window had the focus as the bridge started; its activation waits half a
    /// second, until the bridge has registered with the registry (sent at once, it can be lost).
    func windowActivated(_ active: Bool, settling: Bool = false) {
        guard active != isActive else { return }
        isActive = active
        if active && settling { td_accessible_window_activate_later(window, 500) } else { td_accessible_window_activated(window, active ? 1 : 0) }
    }

    // MARK: - Requests

    /// Carries out what clients asked since the last turn, as input; true if there was any.
    func performRequests(_ content: WindowContent) -> Bool {
        guard !requests.isEmpty else { return false }
        let queue = requests
        requests.removeAll()
        for r in queue {
            guard let id = ids[r.handle], let node = tree.lazy.compactMap({ $0.find(id) }).first else { continue }
            switch Int(r.kind) {
            case Int(TD_REQUEST_ACTION.rawValue):
                guard node.actions.indices.contains(Int(r.index)) else { continue }
                for e in node.actions[Int(r.index)].input { content.handle(e) }
            case Int(TD_REQUEST_SET_TEXT.rawValue):
                content.performAccessible(.setText(r.text ?? ""), on: id)
            case Int(TD_REQUEST_FOCUS.rawValue):
                content.performAccessible(.focus, on: id)
            case Int(TD_REQUEST_SET_VALUE.rawValue):
                guard let v = r.text.flatMap(Double.init), v.isFinite else { continue }
                content.performAccessible(.setValue(v), on: id)
            default:
                break
            }
        }
        return true
    }

    // MARK: - The main context in the host's poll()

    /// Adds GLib's descriptors to `fds` and lowers `timeout` (ms, -1 for none) to its own.
    func prepare(_ fds: inout [pollfd], timeout: inout Int32) { glib.prepare(&fds, timeout: &timeout) }

    /// Hands the poll's results to GLib, which dispatches the bridge's D-Bus traffic.
    func dispatch(_ fds: [pollfd]) { glib.dispatch(fds) }
}
