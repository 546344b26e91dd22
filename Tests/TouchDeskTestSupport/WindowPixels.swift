import CX11
import Foundation
import TouchDeskDrawing
import TouchDeskInterface

/// A window's pixels read straight from its X server (`XGetImage`, as `import -window` reads them),
/// into an image surface in this process: no tool started, no PNG written and decoded again for
/// every look. The end-to-end tests take thousands of screenshots; through ImageMagick's `import`
/// those were about an eighth of the phase's CPU (docs/testing.md).
enum WindowPixels {
    /// The pause between two looks while a test waits for the window to show something. A grab
    /// costs a few milliseconds now (`import` took about 0.15 s): looking every 30 ms, as before,
    /// would spend more of a loaded machine on looking than `import` did, starve the app under
    /// test, and let two looks agree while the app is still working through its input.
    static let interval: TimeInterval = 0.1

    /// Xlib set up once for this process: thread-safe connections (tests grab from several threads,
    /// each with a connection of its own), and errors that end a call instead of the process. A
    /// window that is gone or unmapped makes `XGetImage` fail (BadMatch, BadWindow), and an X
    /// server that dies under a grab loses the connection: Xlib's default handlers would end the
    /// whole test run for either; here the call fails and the grab says why.
    private static let setUp: Void = {
        XInitThreads()
        _ = XSetErrorHandler { _, _ in 0 }
        _ = XSetIOErrorHandler { _ in 0 }
    }()

    /// The pixels of `window` (a decimal or 0x-hex id, as xdotool and xwininfo print them) on
    /// `display`, as an opaque surface of the window's size.
    static func grab(display name: String, window: String) throws -> ImageSurface {
        _ = setUp
        let trimmed = window.trimmingCharacters(in: .whitespaces)
        guard let id = trimmed.hasPrefix("0x") ? UInt(trimmed.dropFirst(2), radix: 16) : UInt(trimmed) else {
            throw XSession.Failure("not a window id: \(window)")
        }
        guard let display = XOpenDisplay(name) else { throw XSession.Failure("cannot open X display \(name)") }
        // A lost connection must not end the process: the call that meets it fails instead.
        XSetIOErrorExitHandler(display, { _, _ in }, nil)
        defer { XCloseDisplay(display) }
        var attributes = XWindowAttributes()
        guard XGetWindowAttributes(display, Window(id), &attributes) != 0 else {
            throw XSession.Failure("window \(window) on \(name) is gone")
        }
        guard attributes.map_state == IsViewable else { throw XSession.Failure("window \(window) on \(name) is not shown") }
        let width = Int(attributes.width), height = Int(attributes.height)
        guard let image = XGetImage(display, Window(id), 0, 0, UInt32(width), UInt32(height), ~0, ZPixmap) else {
            throw XSession.Failure("XGetImage of window \(window) on \(name) failed")
        }
        defer { _ = image.pointee.f.destroy_image(image) }
        let i = image.pointee
        // Xvfb's 24-bit TrueColor screens: 32 bits a pixel, 0x00RRGGBB in this machine's byte
        // order, which is Cairo's RGB24 word.
        guard i.bits_per_pixel == 32, i.red_mask == 0xff0000, i.green_mask == 0xff00, i.blue_mask == 0xff,
              i.byte_order == LSBFirst, let data = i.data
        else {
            throw XSession.Failure("window \(window): pixels of an unexpected format (depth \(i.depth), \(i.bits_per_pixel) bits)")
        }
        let surface = ImageSurface(size: Size(Double(width), Double(height)), format: .rgb)
        surface.withPixels { base, stride in
            for y in 0..<height {
                (base + y * stride).copyMemory(from: data + y * Int(i.bytes_per_line), byteCount: width * 4)
            }
        }
        return surface
    }
}
