@testable import EditRunModel
@testable import ShellModel
import TestSupport
import XCTest

/// The crashes a learner meets whose signal the runtime names
/// without saying what happened, read from what this machine's Swift 6.3
/// backtracer really wrote for a child built as Run Edited builds one
/// (`-Onone -gline-tables-only`, the session's `SWIFT_BACKTRACE`, the
/// crashed thread's registers on): `DispatchQueue.main.sync` on the main
/// thread, and endless recursion (its repeated frames cut here).
final class CrashWordsTests: XCTestCase {
    /// `greet("Ada")` at line 15 calls `DispatchQueue.main.sync { }` at line 5:
    /// libswiftDispatch's `sync` keeps no frame pointer, so `greet`'s frame is lost.
    static let deadlock = #"""

        *** Signal 4: Backtracing from 0x7f702b95e7d8... done ***

        *** Program crashed: Illegal instruction at 0x00007f702b95e7d8 ***

        Platform: x86_64 Linux (Debian GNU/Linux 12 (bookworm))

        Thread 0 "say" crashed:

          0               0x00007f702b95e7d8 __DISPATCH_WAIT_FOR_QUEUE__ + 344 in libdispatch.so
          1 [ra]          0x00007f702b95e2d3 _dispatch_sync_f_slow + 194 in libdispatch.so
          2 [ra]          0x00007f702c35bbe2 DispatchQueue.sync(execute:) + 145 in libswiftDispatch.so
          3 [ra]          0x000055c23a100747 static Main.main() + 230 in say at src/Plugin/SayHelloView.swift:15:9
          4 [ra] [system] 0x000055c23a1003b9 static Main.$main() + 8 in say at //<compiler-generated>
          5 [ra] [system] 0x000055c23a100769 main + 8 in say at src/Plugin/SayHelloView.swift
        ...


        Registers:

        rax 0x0000000000000000  0
        rdx 0x00007ffe0fd007b0  13 00 00 00 00 00 00 00 00 00 00 10 00 00 00 00  ················
        rcx 0xff80002040000000  18410715415203282944
        rbx 0x0000000800000000  34359738368
        rsi 0x00007ffe0fd007b0  13 00 00 00 00 00 00 00 00 00 00 10 00 00 00 00  ················
        rdi 0x0000000000000000  0
        rbp 0x00007ffe0fd007a0  50 08 d0 0f fe 7f 00 00 d3 e2 95 2b 70 7f 00 00  P·Ð·þ···Óâ·+p···
        rsp 0x00007ffe0fd00770  62 29 00 00 00 00 00 00 68 57 31 2c 70 7f 00 00  b)······hW1,p···
         r8 0x00007f702b9864c0  30 4c 97 2b 70 7f 00 00 ff ff ff 7f ff ff ff 7f  0L·+p···ÿÿÿ·ÿÿÿ·
         r9 0x0000000000000013  19
        r10 0x00007f702b92c448  6b 0c 00 00 12 00 0c 00 80 d0 02 00 00 00 00 00  k········Ð······
        r11 0x00007f702b958080  48 8b 56 10 48 8b 05 2d df 02 00 48 3b 10 74 07  H·V·H··-ß··H;·t·
        r12 0x001ffe1000002962  9005068950972770
        r13 0x00007f702b9864c0  30 4c 97 2b 70 7f 00 00 ff ff ff 7f ff ff ff 7f  0L·+p···ÿÿÿ·ÿÿÿ·
        r14 0x00007f702b9864c0  30 4c 97 2b 70 7f 00 00 ff ff ff 7f ff ff ff 7f  0L·+p···ÿÿÿ·ÿÿÿ·
        r15 0x0000002000000000  137438953472
        rip 0x00007f702b95e7d8  0f 0b 49 89 c5 e8 0e f5 ff ff 4c 89 e8 e9 21 ff  ··I·Åè·õÿÿL·èé!ÿ

        rflags 0x0000000000010246  ZF PF

        cs 0x0033  fs 0x0000  gs 0x0000

        Backtrace took 0.03s
        """#

    /// `count(_:)` calls itself at line 9 until the stack's guard page.
    static let overflow = #"""

        *** Signal 11: Backtracing from 0x5635e3f0f617... done ***

        *** Program crashed: Bad pointer dereference at 0x00007ffd785c1ff8 ***

        Platform: x86_64 Linux (Debian GNU/Linux 12 (bookworm))

        Thread 0 "say" crashed:

             0               0x00005635e3f0f617 count(_:) + 23 in say at src/Plugin/SayHelloView.swift:8
             1 [ra]          0x00005635e3f0f63b count(_:) + 58 in say at src/Plugin/SayHelloView.swift:9:5
             2 [ra]          0x00005635e3f0f63b count(_:) + 58 in say at src/Plugin/SayHelloView.swift:9:5
             3 [ra]          0x00005635e3f0f63b count(_:) + 58 in say at src/Plugin/SayHelloView.swift:9:5
           ...
        174668 [ra]          0x00005635e3f0f63b count(_:) + 58 in say at src/Plugin/SayHelloView.swift:9:5
        174669 [ra]          0x00005635e3f0f63b count(_:) + 58 in say at src/Plugin/SayHelloView.swift:9:5
        174670 [ra]          0x00005635e3f0f6af static Main.main() + 78 in say at src/Plugin/SayHelloView.swift:14:52
        174671 [ra] [system] 0x00005635e3f0f3b9 static Main.$main() + 8 in say at //<compiler-generated>
        174672 [ra] [system] 0x00005635e3f0f769 main + 8 in say at src/Plugin/SayHelloView.swift
           ...


        Registers:

        rax 0x00007ffd785c2000  00 00 00 00 00 00 00 00 4d aa 02 00 00 00 00 00  ········Mª······
        rdx 0x00007ffd78dc1018  40 1a dc 78 fd 7f 00 00 46 1a dc 78 fd 7f 00 00  @·Üxý···F·Üxý···
        rcx 0x00000000000000ff  255
        rbx 0x0000000000000008  8
        rsi 0x00007ffd785c2018  00 00 00 00 00 00 00 00 50 20 5c 78 fd 7f 00 00  ········P \xý···
        rdi 0x0000000000000000  0
        rbp 0x00007ffd785c2020  50 20 5c 78 fd 7f 00 00 3b f6 f0 e3 35 56 00 00  P \xý···;öðã5V··
        rsp 0x00007ffd785c2000  00 00 00 00 00 00 00 00 4d aa 02 00 00 00 00 00  ········Mª······
         r8 0x0000000000000002  2
         r9 0x000000005c05dd44  1543888196
        r10 0x00007f34a6db5000  d8 7c 00 00 1a 00 10 00 40 c8 09 00 00 00 00 00  Ø|······@È······
        r11 0x00007f34a6f0c040  62 e2 7d 48 7a c6 48 89 f8 48 83 fa 40 72 31 48  bâ}HzÆH·øH·ú@r1H
        r12 0x0000000000000000  0
        r13 0x00007ffd78dc1030  48 1a dc 78 fd 7f 00 00 e3 1a dc 78 fd 7f 00 00  H·Üxý···ã·Üxý···
        r14 0x00005635e3f10cf0  00 00 00 00 00 00 00 00 b8 79 7e a7 34 7f 00 00  ········¸y~§4···
        r15 0x00007f34a7a2d020  e0 e2 a2 a7 34 7f 00 00 11 00 00 00 00 00 00 00  àâ¢§4···········
        rip 0x00005635e3f0f617  e8 a4 f9 ff ff 48 8b 7d e8 48 89 7d f8 48 ff c7  è¤ùÿÿH·}èH·}øHÿÇ

        rflags 0x0000000000010246  ZF PF

        cs 0x0033  fs 0x0000  gs 0x0000

        Backtrace took 0.27s
        """#

    static let deadlockSource = """
        import Dispatch

        func greet(_ name: String) {
            print("Hello, \\(name)!")
            DispatchQueue.main.sync { }
        }
        """

    private let files = ["Model/SayHelloModel.swift", "Plugin/SayHelloView.swift"]

    private func reader(_ text: String, texts: [String: String] = [:], pieces: Int = 1) -> RuntimeCrashReader {
        .fed(text, files: files, texts: texts, pieces: pieces)
    }

    private let mainDeadlock = "Deadlock: DispatchQueue.main.sync called on the main thread, which waits for itself"

    func testAMainQueueSyncOnTheMainThreadIsADeadlockAtItsLine() {
        let read = reader(Self.deadlock, texts: ["Plugin/SayHelloView.swift": Self.deadlockSource], pieces: 9)
        XCTAssertEqual(read.reason, mainDeadlock, "not \"Illegal instruction at 0x…\"")
        XCTAssertEqual(
            read.crash,
            RuntimeCrash(relativePath: "Plugin/SayHelloView.swift", line: 5, column: 0, message: mainDeadlock),
            "the line of the demo's one main.sync, not its caller's call (line 15) the backtracer is left with")
    }

    func testADeadlockWithoutOneMainSyncInTheDemoIsAtItsFirstFrame() {
        let twice = Self.deadlockSource + "\nfunc again() { DispatchQueue.main.sync { } }\n"
        let commented = Self.deadlockSource.replacingOccurrences(
            of: "DispatchQueue.main", with: "// DispatchQueue.main")
        for texts in [[:], ["Plugin/SayHelloView.swift": twice], ["Plugin/SayHelloView.swift": commented]] {
            XCTAssertEqual(
                reader(Self.deadlock, texts: texts).crash,
                RuntimeCrash(relativePath: "Plugin/SayHelloView.swift", line: 15, column: 9, message: mainDeadlock),
                "\(texts)")
        }
    }

    func testASyncOntoItsOwnQueueOffTheMainThreadIsADeadlockToo() {
        let elsewhere = Self.deadlock.replacingOccurrences(
            of: "Thread 0 \"say\" crashed:", with: "Thread 3 \"worker\" crashed:")
        XCTAssertEqual(
            reader(elsewhere).reason,
            "Deadlock: DispatchQueue.sync called on the queue it already runs on, which waits for itself")
    }

    func testEndlessRecursionIsAStackOverflowAtItsCall() {
        let read = reader(Self.overflow, pieces: 11)
        XCTAssertEqual(
            read.crash,
            RuntimeCrash(
                relativePath: "Plugin/SayHelloView.swift", line: 9, column: 5,
                message: "Stack overflow (endless recursion?)"))
    }

    func testABadPointerAwayFromTheStackIsSaidAsTheBacktracerSaysIt() {
        let heap = Self.overflow.replacingOccurrences(
            of: "Bad pointer dereference at 0x00007ffd785c1ff8",
            with: "Bad pointer dereference at 0x0000000000000010")
        XCTAssertEqual(reader(heap).reason, "Bad pointer dereference at 0x0000000000000010")
        let noRegisters = Self.overflow.components(separatedBy: "Registers:")[0]
        XCTAssertEqual(
            reader(noRegisters).reason, "Bad pointer dereference at 0x00007ffd785c1ff8", "no stack pointer: no guess")
    }

    func testAFatalErrorKeepsTheRuntimesWords() {
        // A fatal error traps too ("Illegal instruction"), in the runtime, never in libdispatch's wait.
        var read = RuntimeCrashReader(files: files)
        read.add(RuntimeCrashTests.index)
        XCTAssertEqual(read.reason, "Fatal error: Index out of range")
    }
}
