import Foundation
import Synchronization
import Testing
import TouchDeskFiles
import TouchDeskTestSupport
@testable import TouchDeskToolkit

/// The serial writer every save goes through: order, coalescing, errors, idle.
@Suite("BackgroundWriter: files written off the UI thread")
struct BackgroundWriterTests {
    @Test func writesAtomicallyAndReportsThePath() throws {
        let dir = TemporaryDirectory(prefix: "touchdesk-writer")
        let writer = BackgroundWriter()
        let path = dir.appending("state/a.json")
        let ticket = writer.write(Data("hello".utf8), to: path)
        writer.waitUntilIdle()
        #expect(ticket.outcome == .written(path))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "hello")
        #expect(writer.isIdle)
    }

    @Test func pendingWritesToOnePathCoalesceAndTheLastWins() throws {
        let dir = TemporaryDirectory(prefix: "touchdesk-writer")
        let writer = BackgroundWriter()
        // A slow first job holds the worker, so the next 300 to one path wait and replace each other.
        let gate = DispatchSemaphore(value: 0)
        let first = writer.submit(key: "gate") { gate.wait(); return "gate" }
        let path = dir.appending("b.json")
        let tickets = (0..<300).map { writer.write(Data("v\($0)".utf8), to: path) }
        gate.signal()
        writer.waitUntilIdle()
        #expect(first.outcome == .written("gate"))
        #expect(writer.jobsRun == 2)
        #expect(tickets.allSatisfy { $0.outcome == .written(path) })
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "v299")
    }

    @Test func jobsRunInOrderOneAtATime() {
        let writer = BackgroundWriter()
        let log = Mutex<[Int]>([])
        let running = Mutex(0)
        let overlap = Mutex(false)
        for i in 0..<20 {
            writer.submit(key: "job\(i)") {
                let n = running.withLock { $0 += 1; return $0 }
                if n > 1 { overlap.withLock { $0 = true } }
                usleep(500)
                log.withLock { $0.append(i) }
                running.withLock { $0 -= 1 }
                return "\(i)"
            }
        }
        writer.waitUntilIdle()
        #expect(log.withLock { $0 } == Array(0..<20))
        #expect(overlap.withLock { $0 } == false)
    }

    @Test func failuresCarryTheSystemsReason() {
        let dir = TemporaryDirectory(prefix: "touchdesk-writer")
        dir.makeFile("plain", contents: "x")
        let writer = BackgroundWriter()
        // A folder under a regular file cannot be made.
        let ticket = writer.write(Data("x".utf8), to: dir.appending("plain/sub/c.json"))
        writer.waitUntilIdle()
        guard case .failed(let why)? = ticket.outcome else { Issue.record("expected a failure, got \(String(describing: ticket.outcome))"); return }
        #expect(why.contains("not a directory") && why.contains("c.json"), "the system's reason and the file: \(why)")
    }
}
