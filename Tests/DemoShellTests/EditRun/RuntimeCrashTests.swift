@testable import EditRunModel
@testable import ShellModel
import Foundation
import TestSupport
import XCTest

/// Where an edited demo crashed, read from what this
/// machine's Swift 6.3 runtime and backtracer really wrote (captured from a
/// child built as Run Edited builds one: `-Onone -gline-tables-only`, the
/// backtracer on as the session turns it on), for each of the five crashes.
final class RuntimeCrashTests: XCTestCase {
    static let fatal = #"""
        SayHelloView/SayHelloView.swift:8: Fatal error: boom

        *** Signal 4: Backtracing from 0x7f30100f9361... done ***

        *** Program crashed: Illegal instruction at 0x00007f30100f9361 ***

        Platform: x86_64 Linux (Debian GNU/Linux 12 (bookworm))

        Thread 0 "say" crashed:

          0               0x00007f30100f9361 _assertionFailure(_:_:file:line:flags:) + 225 in libswiftCore.so
          1 [ra]          0x000055a69a6bd51e static Main.main() + 685 in say at src/Plugin/SayHelloView.swift:8:23
          2 [ra] [system] 0x000055a69a6bd249 static Main.$main() + 8 in say at //<compiler-generated>
          3 [ra] [system] 0x000055a69a6bdb79 main + 8 in say at src/Plugin/SayHelloView.swift
        ...

        Backtrace took 0.02s
        """#

    static let precondition = #"""
        SayHelloView/SayHelloView.swift:9: Precondition failed: too small

        *** Signal 4: Backtracing from 0x7f700e6f9361... done ***

        *** Program crashed: Illegal instruction at 0x00007f700e6f9361 ***

        Platform: x86_64 Linux (Debian GNU/Linux 12 (bookworm))

        Thread 0 "say" crashed:

          0               0x00007f700e6f9361 _assertionFailure(_:_:file:line:flags:) + 225 in libswiftCore.so
          1 [ra]          0x000055970108c60a static Main.main() + 921 in say at src/Plugin/SayHelloView.swift:9:30
          2 [ra] [system] 0x000055970108c249 static Main.$main() + 8 in say at //<compiler-generated>
          3 [ra] [system] 0x000055970108cb79 main + 8 in say at src/Plugin/SayHelloView.swift
        ...

        Backtrace took 0.04s
        """#

    static let index = #"""
        Swift/ContiguousArrayBuffer.swift:692: Fatal error: Index out of range

        *** Signal 4: Backtracing from 0x7fa2f056df7f... done ***

        *** Program crashed: Illegal instruction at 0x00007fa2f056df7f ***

        Platform: x86_64 Linux (Debian GNU/Linux 12 (bookworm))

        Thread 0 "say" crashed:

          0               0x00007fa2f056df7f closure #1 in closure #1 in _assertionFailure(_:_:file:line:flags:) + 623 in libswiftCore.so
          1 [ra]          0x00007fa2f06f961f _assertionFailure(_:_:file:line:flags:) + 302 in libswiftCore.so
          2 [ra]          0x00007fa2f0bfaf65 specialized Array.subscript.getter + 84 in libswiftSwiftOnoneSupport.so
          3 [ra]          0x000055b88df6270e static Main.main() + 1181 in say at src/Plugin/SayHelloView.swift:10:34
          4 [ra] [system] 0x000055b88df62249 static Main.$main() + 8 in say at //<compiler-generated>
          5 [ra] [system] 0x000055b88df62b79 main + 8 in say at src/Plugin/SayHelloView.swift
        ...

        Backtrace took 0.04s
        """#

    static let unwrap = #"""
        SayHelloView/SayHelloView.swift:11: Fatal error: Unexpectedly found nil while unwrapping an Optional value

        *** Signal 4: Backtracing from 0x7fee1136df7f... done ***

        *** Program crashed: Illegal instruction at 0x00007fee1136df7f ***

        Platform: x86_64 Linux (Debian GNU/Linux 12 (bookworm))

        Thread 0 "say" crashed:

          0               0x00007fee1136df7f closure #1 in closure #1 in _assertionFailure(_:_:file:line:flags:) + 623 in libswiftCore.so
          1 [ra]          0x00007fee114f961f _assertionFailure(_:_:file:line:flags:) + 302 in libswiftCore.so
          2 [ra]          0x0000563e9fb028cb static Main.main() + 1626 in say at src/Plugin/SayHelloView.swift:11:37
          3 [ra] [system] 0x0000563e9fb02249 static Main.$main() + 8 in say at //<compiler-generated>
          4 [ra] [system] 0x0000563e9fb02b79 main + 8 in say at src/Plugin/SayHelloView.swift
        ...

        Backtrace took 0.06s
        """#

    static let divide = #"""
        Swift/IntegerTypes.swift:9012: Fatal error: Division by zero

        *** Signal 4: Backtracing from 0x7f8cc976df7f... done ***

        *** Program crashed: Illegal instruction at 0x00007f8cc976df7f ***

        Platform: x86_64 Linux (Debian GNU/Linux 12 (bookworm))

        Thread 0 "say" crashed:

          0               0x00007f8cc976df7f closure #1 in closure #1 in _assertionFailure(_:_:file:line:flags:) + 623 in libswiftCore.so
          1 [ra]          0x00007f8cc98f961f _assertionFailure(_:_:file:line:flags:) + 302 in libswiftCore.so
          2 [ra]          0x000055f232ab4a91 static Main.main() + 2080 in say at src/Plugin/SayHelloView.swift:12:33
          3 [ra] [system] 0x000055f232ab4249 static Main.$main() + 8 in say at //<compiler-generated>
          4 [ra] [system] 0x000055f232ab4b79 main + 8 in say at src/Plugin/SayHelloView.swift
        ...

        Backtrace took 0.04s
        """#

    /// The edited Say Hello itself (`fatalError("boom")` in its Greet handler),
    /// as the session's child wrote it: GTK's threads, DemoKit's frames.
    static let editedChild = #"""
        SayHello/SayHelloView.swift:60: Fatal error: boom
        swift-runtime: failed to suspend thread 23284 while processing a crash; backtraces will be missing information

        *** Signal 4: Backtracing from 0x7f6cf84f9361... done ***

        *** Program crashed: Illegal instruction at 0x00007f6cf84f9361 ***

        Platform: x86_64 Linux (Debian GNU/Linux 12 (bookworm))

        Thread 0 "demo-shell" crashed:

          0               0x00007f6cf84f9361 _assertionFailure(_:_:file:line:flags:) + 225 in libswiftCore.so
          1 [ra]          0x00007f6cf71713c7 SayHelloView.greet() + 118 in libSayHello.so at /tmp/demo-shell-edits-GcHNaQ/demo-shell/edits/say-hello/build/4c5c09174115a370/src/Plugin/SayHelloView.swift:60:9
          2 [ra]          0x00007f6cf7170fc6 closure #2 in SayHelloView.init(host:) + 53 in libSayHello.so at /tmp/demo-shell-edits-GcHNaQ/demo-shell/edits/say-hello/build/4c5c09174115a370/src/Plugin/SayHelloView.swift:52:53
          3 [ra]          0x00007f6cf804d7d1 closure #1 in SignalEmitter.on(_:_:) + 128 in libDemoKit.so at /work/wt-crashline/Sources/DemoKit/Sources/Gtk/GObject/Signals.swift:175:13
        ...

        Backtrace took 0.23s

        """#

    private let files = ["Model/SayHelloModel.swift", "Plugin/SayHelloPlugin.swift", "Plugin/SayHelloView.swift"]

    private func crash(in text: String, pieces: Int = 1) -> RuntimeCrash? {
        RuntimeCrashReader.fed(text, files: files, pieces: pieces).crash
    }

    func testAFatalErrorIsAtItsLine() {
        XCTAssertEqual(
            crash(in: Self.fatal),
            RuntimeCrash(relativePath: "Plugin/SayHelloView.swift", line: 8, column: 0, message: "Fatal error: boom"))
    }

    func testAFailedPreconditionIsAtItsLine() {
        XCTAssertEqual(
            crash(in: Self.precondition, pieces: 7),
            RuntimeCrash(
                relativePath: "Plugin/SayHelloView.swift", line: 9, column: 0, message: "Precondition failed: too small"
            ))
    }

    func testAnIndexOutOfRangeIsAtTheDemosFrameNotTheStandardLibrarys() {
        XCTAssertEqual(
            crash(in: Self.index, pieces: 13),
            RuntimeCrash(
                relativePath: "Plugin/SayHelloView.swift", line: 10, column: 34,
                message: "Fatal error: Index out of range"))
    }

    func testAForceUnwrapOfNilIsAtItsLine() {
        XCTAssertEqual(
            crash(in: Self.unwrap),
            RuntimeCrash(
                relativePath: "Plugin/SayHelloView.swift", line: 11, column: 0,
                message: "Fatal error: Unexpectedly found nil while unwrapping an Optional value"))
    }

    func testADivisionByZeroIsAtTheDemosFrame() {
        XCTAssertEqual(
            crash(in: Self.divide, pieces: 3),
            RuntimeCrash(
                relativePath: "Plugin/SayHelloView.swift", line: 12, column: 33,
                message: "Fatal error: Division by zero"))
    }

    func testTheReasonIsTheRuntimesLineNotTheBacktracesLast() {
        var reader = RuntimeCrashReader(files: files)
        reader.add(Self.precondition)
        XCTAssertEqual(reader.reason, "Precondition failed: too small")
        var elsewhere = RuntimeCrashReader(files: ["Plugin/OtherView.swift"])
        elsewhere.add(Self.index)
        XCTAssertNil(elsewhere.crash, "no line of this demo")
        XCTAssertEqual(elsewhere.reason, "Fatal error: Index out of range", "but still the reason")
    }

    func testTheEditedChildsReportIsAtTheLineOfGreet() {
        XCTAssertEqual(
            crash(in: Self.editedChild, pieces: 5),
            RuntimeCrash(relativePath: "Plugin/SayHelloView.swift", line: 60, column: 0, message: "Fatal error: boom"))
        // Without the runtime's place (a module's file name that is not the demo's), the frame says it.
        let moved = Self.editedChild.replacingOccurrences(
            of: "SayHello/SayHelloView.swift:60:", with: "Swift/Other.swift:1:")
        XCTAssertEqual(
            crash(in: moved),
            RuntimeCrash(relativePath: "Plugin/SayHelloView.swift", line: 60, column: 9, message: "Fatal error: boom"))
    }

    func testTheStandardLibrarysFileAloneIsNoPlaceInTheDemo() {
        // The backtracer off: only the runtime's line, which names the stdlib's file.
        XCTAssertNil(crash(in: "Swift/ContiguousArrayBuffer.swift:692: Fatal error: Index out of range\n"))
        XCTAssertNil(crash(in: "some output\nno crash here\n"))
    }

    func testAFileIDNamesTheDemosFileByItsName() {
        // The model's file, from its module's #fileID; the text without a final newline still counts.
        XCTAssertEqual(
            crash(in: "SayHelloModel/SayHelloModel.swift:62: Fatal error: boom"),
            RuntimeCrash(relativePath: "Model/SayHelloModel.swift", line: 62, column: 0, message: "Fatal error: boom"))
    }

    func testASignalWithoutTheRuntimesWordsIsAtTheDemosFrame() {
        let text = """
            *** Program crashed: Bad pointer dereference at 0x0000000000000000 ***

              0 0x00005634 static SayHelloView.open() + 12 in libSayHello.so at /cache/abc/src/Plugin/SayHelloView.swift:31:9
            """
        XCTAssertEqual(
            crash(in: text),
            RuntimeCrash(
                relativePath: "Plugin/SayHelloView.swift", line: 31, column: 9,
                message: "Bad pointer dereference at 0x0000000000000000"))
    }
}
