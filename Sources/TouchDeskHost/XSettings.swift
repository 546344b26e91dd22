import CX11
import Foundation
import TouchDeskFiles
import TouchDeskInterface
import TouchDeskModels

/// Follows the desktop's settings while the window is open: the XSETTINGS manager's
/// `_XSETTINGS_SETTINGS` (Xft/DPI, Net/ThemeName) and, where no manager runs, the root window's
/// `RESOURCE_MANAGER` (`Xft.dpi`, what `xrdb` sets).
///
/// The manager is whoever owns the selection `_XSETTINGS_S<screen>`; we watch its window for
/// PropertyNotify (a change) and DestroyNotify (it went away), and the root window for the
/// `MANAGER` client message a new manager sends, and for PropertyNotify of RESOURCE_MANAGER.
@MainActor
final class XSettingsWatcher {
    private let dpy: OpaquePointer
    private let root: Window
    private let selection, settingsAtom, manager, resourceManager: Atom
    /// The manager's window, 0 when there is none.
    private var owner: Window = 0
    private(set) var settings = DesktopSettings()
    /// The resource database's `Xft.dpi` as a scale, or nil.
    private var resourceScale: Double?

    init(dpy: OpaquePointer, screen: Int32) {
        self.dpy = dpy
        root = XRootWindow(dpy, screen)
        selection = XInternAtom(dpy, "_XSETTINGS_S\(screen)", 0)
        settingsAtom = XInternAtom(dpy, "_XSETTINGS_SETTINGS", 0)
        manager = XInternAtom(dpy, "MANAGER", 0)
        resourceManager = XInternAtom(dpy, "RESOURCE_MANAGER", 0)
        // StructureNotify on the root brings a new manager's MANAGER message; PropertyChange,
        // changes of RESOURCE_MANAGER.
        var attrs = XWindowAttributes()
        XGetWindowAttributes(dpy, root, &attrs)
        XSelectInput(dpy, root, attrs.your_event_mask | StructureNotifyMask | PropertyChangeMask)
        resourceScale = readResourceScale()
        findOwner()
    }

    /// Pixels per point: the manager's Xft/DPI, else the resource database's Xft.dpi, else 1.
    var scale: Double { settings.scale ?? resourceScale ?? 1 }

    /// Whether the event was about the desktop's settings (then the host need not look at it),
    /// and whether anything changed.
    enum Outcome { case notOurs, unchanged, changed }

    func handle(_ ev: XEvent) -> Outcome {
        switch ev.type {
        case PropertyNotify where owner != 0 && ev.xproperty.window == owner:
            guard ev.xproperty.atom == settingsAtom else { return .unchanged }
            return reread()
        case PropertyNotify where ev.xproperty.window == root:
            guard ev.xproperty.atom == resourceManager else { return .unchanged }
            let before = resourceScale
            resourceScale = readResourceScale()
            return before == resourceScale ? .unchanged : .changed
        case DestroyNotify where owner != 0 && ev.xdestroywindow.window == owner:
            // The manager went away (or crashed): its settings go with it, until a new one says MANAGER.
            owner = 0
            let before = settings
            settings = DesktopSettings()
            findOwner()
            return before == settings ? .unchanged : .changed
        case ClientMessage where ev.xclient.window == root && ev.xclient.message_type == manager:
            guard Atom(ev.xclient.data.l.1) == selection else { return .unchanged }
            findOwner()
            return reread()
        default:
            // Root and owner events we did not ask about (a ConfigureNotify of the root, say).
            if ev.xany.window == root || (owner != 0 && ev.xany.window == owner) { return .unchanged }
            return .notOurs
        }
    }

    /// Looks up the manager and starts watching its window. The server is grabbed so the owner
    /// cannot vanish between the lookup and the XSelectInput (XSETTINGS spec, "Client operation");
    /// if it is destroyed right after, the DestroyNotify comes.
    private func findOwner() {
        XGrabServer(dpy)
        owner = XGetSelectionOwner(dpy, selection)
        if owner != 0 { XSelectInput(dpy, owner, StructureNotifyMask | PropertyChangeMask) }
        XUngrabServer(dpy)
        XFlush(dpy)
        if owner != 0 { settings = read() }
    }

    private func reread() -> Outcome {
        let before = settings
        settings = owner != 0 ? read() : DesktopSettings()
        return before == settings ? .unchanged : .changed
    }

    /// The manager's blob; at most 1 MB (a desktop's settings are a few kB).
    private func read() -> DesktopSettings {
        guard let bytes = property(owner, settingsAtom, type: settingsAtom) else { return DesktopSettings() }
        let s = DesktopSettings.parse(bytes)
        if let problem = s.problem {
            warn(tr("the desktop's settings (XSETTINGS) are damaged: {0}", problem))
        }
        return s
    }

    /// `Xft.dpi` from the root window's RESOURCE_MANAGER, read fresh (XResourceManagerString
    /// keeps what the server had when the display was opened).
    private func readResourceScale() -> Double? {
        guard var bytes = property(root, resourceManager, type: Atom(XA_STRING)) else { return nil }
        bytes.append(0)
        return bytes.withUnsafeBufferPointer { buf -> Double? in
            XrmInitialize()
            guard let db = buf.baseAddress.flatMap({ XrmGetStringDatabase(UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self)) }) else { return nil }
            defer { XrmDestroyDatabase(db) }
            var type: UnsafeMutablePointer<CChar>?
            var value = XrmValue()
            guard XrmGetResource(db, "Xft.dpi", "Xft.Dpi", &type, &value) != 0, let addr = value.addr,
                  let dpi = Double(String(cString: addr).trimmingCharacters(in: .whitespaces)), dpi >= 48, dpi <= 480 else { return nil }
            return dpi / 96
        }
    }

    /// A format-8 property's bytes, or nil (missing, another type or format, larger than 1 MB).
    private func property(_ window: Window, _ atom: Atom, type: Atom) -> [UInt8]? {
        var actualType: Atom = 0
        var format: Int32 = 0
        var count: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        let maxLongs = 1 << 18
        guard XGetWindowProperty(dpy, window, atom, 0, maxLongs, 0, type, &actualType, &format, &count, &after, &data) == Success,
              let data else { return nil }
        defer { XFree(data) }
        guard actualType == type, format == 8, after == 0 else { return nil }
        return Array(UnsafeBufferPointer(start: data, count: Int(count)))
    }
}
