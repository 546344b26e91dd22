import Foundation
import Glibc
import Testing
@testable import TouchDeskFiles
import TouchDeskTestSupport

/// The desktop's recent files list (`recently-used.xbel`) against the outside world: Python's XML
/// parser reads what we write with the spec's structure, a list written by GTK itself
/// (`Gtk.RecentManager` through python3-gi) keeps every entry through our merge and GTK reads ours
/// back; damaged, huge and non-regular lists are never replaced with less.
@Suite("Recent files: recently-used.xbel shared with GTK")
struct RecentFilesTests {
    static let python = "/usr/bin/python3"
    static let hasGtk = FileManager.default.fileExists(atPath: "/usr/lib/python3/dist-packages/gi")
        && FileManager.default.fileExists(atPath: "/usr/lib/x86_64-linux-gnu/girepository-1.0/Gtk-3.0.typelib")

    /// Runs a Python script with arguments; its standard output.
    func runPython(_ script: String, _ args: [String]) throws -> String {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: Self.python)
        p.arguments = ["-c", script] + args
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        let errors = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        try #require(p.terminationStatus == 0, "python failed: \(String(decoding: errors, as: UTF8.self))")
        return String(decoding: data, as: UTF8.self)
    }

    /// Python's ElementTree, with the spec's namespaces: one line per bookmark:
    /// href|mime|app:count:exec,… and the times' shapes checked.
    static let readWithElementTree = """
    import sys, re, xml.etree.ElementTree as ET
    ns = {'bookmark': 'http://www.freedesktop.org/standards/desktop-bookmarks', 'mime': 'http://www.freedesktop.org/standards/shared-mime-info'}
    root = ET.parse(sys.argv[1]).getroot()
    assert root.tag == 'xbel' and root.get('version') == '1.0'
    iso = re.compile(r'^\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d(\\.\\d+)?Z$')
    for b in root.findall('bookmark'):
        for t in ('added', 'modified', 'visited'):
            assert iso.match(b.get(t)), (t, b.get(t))
        md = b.find('info/metadata')
        assert md.get('owner') == 'http://freedesktop.org'
        mime = md.find('mime:mime-type', ns).get('type')
        apps = []
        for a in md.findall('bookmark:applications/bookmark:application', ns):
            # The spec's modified time, or the older form's timestamp (seconds).
            assert iso.match(a.get('modified') or '') or (a.get('timestamp') or '').isdigit(), a.attrib
            apps.append('%s:%s:%s' % (a.get('name'), a.get('count'), a.get('exec')))
        print('%s|%s|%s' % (b.get('href'), mime, ','.join(apps)))
    """

    /// GTK writes a list with two files, as eog and gimp would.
    static let writeWithGtk = """
    import sys, time, gi
    gi.require_version('Gtk', '3.0')
    from gi.repository import Gtk, GLib
    m = Gtk.RecentManager(filename=sys.argv[1])
    for uri, app, mime in [('file:///tmp/holiday%20photo.png', 'eog', 'image/png'), ('file:///tmp/drawing.xcf', 'gimp', 'image/x-xcf'),
                           ('file:///tmp/holiday%20photo.png', 'gimp', 'image/png')]:
        d = Gtk.RecentData()
        d.mime_type = mime; d.app_name = app; d.app_exec = app + ' %u'
        assert m.add_full(uri, d)
    ctx = GLib.MainContext.default()
    end = time.time() + 10
    import os
    while time.time() < end:
        ctx.iteration(False)
        if os.path.exists(sys.argv[1]) and b'gimp' in open(sys.argv[1], 'rb').read() and b'drawing' in open(sys.argv[1], 'rb').read():
            break
        time.sleep(0.02)
    """

    /// GTK reads a list: one line per item, uri and the applications that used it.
    static let readWithGtk = """
    import sys, gi
    gi.require_version('Gtk', '3.0')
    from gi.repository import Gtk
    m = Gtk.RecentManager(filename=sys.argv[1])
    for i in sorted(m.get_items(), key=lambda i: i.get_uri()):
        print('%s|%s|%s' % (i.get_uri(), i.get_mime_type(), ','.join(sorted(i.get_applications()))))
    """

    @Test func aNewListIsWhatPythonsXMLParserReadsWithTheSpecsStructure() throws {
        let dir = TemporaryDirectory(prefix: "touchdesk-recent")
        let list = dir.appending("share/recently-used.xbel")
        let added = try RecentFiles.add("/home/u/My Pictures/a&b <1>.png", mimeType: "image/png", application: "touchdesk",
                                        exec: "touchdesk %u", to: list, now: 1_700_000_000.25)
        #expect(added.note == nil)
        try RecentFiles.add("/home/u/My Pictures/a&b <1>.png", mimeType: "image/png", application: "touchdesk",
                            exec: "touchdesk %u", to: list, now: 1_700_000_100)
        let lines = try runPython(Self.readWithElementTree, [list]).split(separator: "\n")
        #expect(lines == ["file:///home/u/My%20Pictures/a&b%20%3C1%3E.png|image/png|touchdesk:2:'touchdesk %u'"])
        // Only the owner may read the list (it tells what someone worked on).
        var st = stat()
        stat(list, &st)
        #expect(st.st_mode & 0o777 == 0o600)
        let entries = try RecentFiles.read(list)
        #expect(entries.map(\.path) == ["/home/u/My Pictures/a&b <1>.png"])
        #expect(entries.first?.used == 1_700_000_100)
        #expect(dir.files(in: dir.appending("share")) == ["recently-used.xbel"])
    }

    @Test(.enabled(if: RecentFilesTests.hasGtk, "needs python3-gi and gir1.2-gtk-3.0 (scripts/test installs them)"))
    func aListGTKWroteKeepsEveryEntryThroughOurMergeAndGTKReadsOurs() throws {
        let dir = TemporaryDirectory(prefix: "touchdesk-recent-gtk")
        let list = dir.appending("recently-used.xbel")
        _ = try runPython(Self.writeWithGtk, [list])
        let gtkBefore = try runPython(Self.readWithGtk, [list])
        #expect(gtkBefore == "file:///tmp/drawing.xcf|image/x-xcf|gimp\nfile:///tmp/holiday%20photo.png|image/png|eog,gimp\n")
        let before = try runPython(Self.readWithElementTree, [list]).split(separator: "\n").sorted()
        // A file GTK already lists (its href escapes the space as GTK does) and a new one.
        try RecentFiles.add("/tmp/holiday photo.png", mimeType: "image/png", application: "touchdesk", exec: "touchdesk %u", to: list)
        try RecentFiles.add("/tmp/new mandelbrot.png", mimeType: "image/png", application: "touchdesk", exec: "touchdesk %u", to: list)
        let after = try runPython(Self.readWithElementTree, [list]).split(separator: "\n").sorted()
        let drawingApps = String(before[0].split(separator: "|")[2])
        let holidayApps = String(before[1].split(separator: "|")[2])
        let expected: [Substring] = [
            Substring("file:///tmp/drawing.xcf|image/x-xcf|" + drawingApps),
            Substring("file:///tmp/holiday%20photo.png|image/png|" + holidayApps + ",touchdesk:1:'touchdesk %u'"),
            "file:///tmp/new%20mandelbrot.png|image/png|touchdesk:1:'touchdesk %u'",
        ]
        #expect(after == expected)
        // GTK reads the merged list: its own entries and ours.
        #expect(try runPython(Self.readWithGtk, [list]) == """
            file:///tmp/drawing.xcf|image/x-xcf|gimp
            file:///tmp/holiday%20photo.png|image/png|eog,gimp,touchdesk
            file:///tmp/new%20mandelbrot.png|image/png|touchdesk

            """)
        // And what we read of it.
        #expect(Set(try RecentFiles.read(list).map(\.path)) == ["/tmp/drawing.xcf", "/tmp/holiday photo.png", "/tmp/new mandelbrot.png"])
    }

    /// GLib keeps what the spec defines (title, groups, the private flag, every program's entry and
    /// count). (GLib, and so every GTK program, refuses a list whose metadata of another owner
    /// holds elements: such a list is set aside whole, as a damaged one is, below.)
    @Test func whatTheSpecDefinesIsKeptAsGTKKeepsIt() throws {
        let dir = TemporaryDirectory(prefix: "touchdesk-recent-keep")
        let list = dir.appending("recently-used.xbel")
        let other = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!-- written by another program -->
        <xbel version="1.0" xmlns:bookmark="http://www.freedesktop.org/standards/desktop-bookmarks" xmlns:mime="http://www.freedesktop.org/standards/shared-mime-info">
          <bookmark href="https://example.org/page" added="2020-01-01T00:00:00Z" modified="2020-01-01T00:00:00Z" visited="2020-01-01T00:00:00Z">
            <title>A page &amp; more</title>
            <info>
              <metadata owner="http://freedesktop.org"><mime:mime-type type="text/html"/><bookmark:groups><bookmark:group>web</bookmark:group></bookmark:groups><bookmark:private/><bookmark:applications><bookmark:application name="firefox" exec="&apos;firefox %u&apos;" timestamp="1577836800" count="3"/></bookmark:applications></metadata>
            </info>
          </bookmark>
        </xbel>
        """
        try Data(other.utf8).write(to: URL(fileURLWithPath: list))
        try RecentFiles.add("/tmp/x.png", mimeType: "image/png", application: "touchdesk", exec: "touchdesk %u", to: list)
        let text = try String(contentsOfFile: list, encoding: .utf8)
        for kept in ["<title>A page &amp; more</title>", "<bookmark:group>web</bookmark:group>", "<bookmark:private/>",
                     "name=\"firefox\" exec=\"&apos;firefox %u&apos;\" modified=\"2020-01-01T00:00:00Z\" count=\"3\"",
                     "href=\"https://example.org/page\""] {
            #expect(text.contains(kept), "lost: \(kept)")
        }
        let lines = try runPython(Self.readWithElementTree, [list])
        #expect(lines.contains("file:///tmp/x.png|image/png|touchdesk:1:'touchdesk %u'"))
        // Only file:// entries are files to open.
        #expect(try RecentFiles.read(list).map(\.path) == ["/tmp/x.png"])
    }

    @Test func aDamagedListIsSetAsideWholeAndANewOneStarted() throws {
        let dir = TemporaryDirectory(prefix: "touchdesk-recent-bad")
        let list = dir.appending("recently-used.xbel")
        let damaged = "<?xml version=\"1.0\"?>\n<xbel version=\"1.0\">\n  <bookmark href=\"file:///a.png\">\n"
        try Data(damaged.utf8).write(to: URL(fileURLWithPath: list))
        #expect(throws: FileError.self) { try RecentFiles.read(list) }
        let added = try RecentFiles.add("/tmp/x.png", mimeType: "image/png", application: "touchdesk", exec: "touchdesk %u", to: list)
        let note = try #require(added.note)
        #expect(note.contains("is damaged ("))
        #expect(note.contains("bookmark"), "GLib's reason names the open element: \(note)")
        #expect(note.contains("kept as \(list).corrupt"))
        #expect(try String(contentsOfFile: list + ".corrupt", encoding: .utf8) == damaged)
        #expect(try RecentFiles.read(list).map(\.path) == ["/tmp/x.png"])
    }

    @Test func aHugeListOrAFIFOInItsPlaceIsLeftAloneWithAReason() throws {
        let dir = TemporaryDirectory(prefix: "touchdesk-recent-huge")
        let list = dir.appending("recently-used.xbel")
        let fd = open(list, O_WRONLY | O_CREAT, 0o600)
        ftruncate(fd, off_t(RecentFiles.maxBytes + 1))
        close(fd)
        do {
            try RecentFiles.add("/tmp/x.png", mimeType: "image/png", application: "touchdesk", exec: "x", to: list)
            Issue.record("a huge list was rewritten")
        } catch {
            #expect(error.description.contains("more than the 16 MB TouchDesk reads: it is left as it is"))
        }
        var st = stat()
        stat(list, &st)
        #expect(Int(st.st_size) == RecentFiles.maxBytes + 1)
        #expect(dir.files() == ["recently-used.xbel"])
        unlink(list)
        mkfifo(list, 0o600)
        let start = Date()
        #expect(throws: FileError.self) { try RecentFiles.add("/tmp/x.png", mimeType: "image/png", application: "touchdesk", exec: "x", to: list) }
        // A hang guard, not a speed: an open that waited for a writer would never return; the
        // bound is far above any load.
        #expect(Date().timeIntervalSince(start) < 60)
        stat(list, &st)
        #expect(st.st_mode & S_IFMT == S_IFIFO)
    }

    @Test func urisKeepEveryByteOfAPath() {
        let odd = Paths.string(fromSystem: Array("/tmp/ä b%c#?".utf8) + [0xff] + Array(".png".utf8))
        let uri = RecentFiles.uri(forPath: odd)
        #expect(uri == "file:///tmp/%C3%A4%20b%25c%23%3F%FF.png")
        #expect(RecentFiles.path(fromURI: uri) == odd)
        #expect(RecentFiles.path(fromURI: "file://localhost/tmp/a.png") == "/tmp/a.png")
        #expect(RecentFiles.path(fromURI: "https://example.org/a.png") == nil)
        #expect(RecentFiles.path(fromURI: "file:///tmp/%00x") == nil)
    }

    @Test func timesGoThroughGLibToTheMicrosecond() throws {
        let dir = TemporaryDirectory(prefix: "touchdesk-recent-times")
        let list = dir.appending("recently-used.xbel")
        try RecentFiles.add("/tmp/x.png", mimeType: "image/png", application: "touchdesk", exec: "touchdesk %u", to: list, now: 1_700_000_000.5)
        let text = try String(contentsOfFile: list, encoding: .utf8)
        #expect(text.contains("added=\"2023-11-14T22:13:20.500000Z\""), "\(text)")
        #expect(try RecentFiles.read(list).first?.used == 1_700_000_000.5)
    }

    /// Mutated lists: GLib's reader either refuses them (we set them aside) or reads them, and
    /// what it reads it writes back and reads again with the same entries.
    @Test func mutatedListsAreReadOrRefusedNeverLost() throws {
        let sample = "<?xml version=\"1.0\"?><xbel version=\"1.0\"><bookmark href=\"file:///a%20b.png\" added=\"2020-01-01T00:00:00Z\"><info><metadata owner=\"http://freedesktop.org\"><mime:mime-type type=\"image/png\"/></metadata></info></bookmark><!-- c --></xbel>"
        let dir = TemporaryDirectory(prefix: "touchdesk-recent-fuzz")
        let list = dir.appending("recently-used.xbel")
        var f = Fuzz("xbel")
        var read = 0
        for _ in 0..<Fuzz.rounds(500) {
            let bytes = f.chance(0.5) ? Array(f.mutate(sample, edits: 4).utf8) : f.mutate(bytes: Array(sample.utf8), edits: 6)
            try Data(bytes).write(to: URL(fileURLWithPath: list))
            guard let entries = try? RecentFiles.read(list) else { continue }
            read += 1
            let file = BookmarkFile()
            #expect(file.load(bytes) == nil, "seed \(f.seed)")
            let again = BookmarkFile()
            #expect(again.load(file.data()) == nil, "seed \(f.seed)")
            #expect(again.entries().sorted { $0.path < $1.path } == entries.sorted { $0.path < $1.path }, "seed \(f.seed)")
        }
        #expect(read > 0, "some mutations still parse")
    }
}
