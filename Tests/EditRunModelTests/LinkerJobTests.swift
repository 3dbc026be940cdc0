@testable import EditRunModel
@testable import ShellModel
import Foundation
import ShellBasics
import XCTest

/// The link without clang's start, without a display: clang's `-###` answer
/// read (real output of the toolchain's clang 21, its quoting included),
/// everything unexpected sending the link back to clang, and the command
/// kept with its build folders as placeholders.
final class LinkerJobTests: XCTestCase {
    /// The link job as the driver gives it (`DriverJobs`), its autolink entries a response file.
    private let job = [
        "/opt/swift/usr/bin/clang", "-shared", "-fuse-ld=lld", "-Xlinker", "--build-id", "-Xlinker", "-rpath",
        "-Xlinker",
        "/opt/swift/usr/lib/swift/linux", "/opt/swift/usr/lib/swift/linux/x86_64/swiftrt.o", "/tmp/lldcap/key 1/V.o",
        "/tmp/lldcap/model $2/M.o", "@/tmp/lldcap/key 1/V.autolink", "-L", "/opt/swift/usr/lib/swift/linux",
        "-lswiftCore",
        "--target=x86_64-unknown-linux-gnu", "-L", "/tmp/lldcap/sdk \"lib\"", "-lDemoKit", "-Xlinker", "-rpath",
        "-Xlinker",
        "/tmp/lldcap/sdk \"lib\"", "-o", "/tmp/lldcap/key 1/libV.so",
    ]

    /// What `/opt/swift/usr/bin/clang` printed (stdout and stderr) for `LinkerJob.question(job)`.
    private let answer = #"""
        clang version 21.0.0 (https://github.com/swiftlang/llvm-project.git 11673e6660b2d0a5f9f99b1c7b773f4c2f6df1b0)
        Target: x86_64-unknown-linux-gnu
        Thread model: posix
        InstalledDir: /opt/swift/usr/bin
         "/opt/swift/usr/bin/ld.lld" "--hash-style=gnu" "--eh-frame-hdr" "-m" "elf_x86_64" "-shared" "-o" "/tmp/lldcap/key 1/libV.so" "/lib/x86_64-linux-gnu/crti.o" "/usr/lib/gcc/x86_64-linux-gnu/12/crtbeginS.o" "-L/opt/swift/usr/lib/swift/linux" "-L/tmp/lldcap/sdk \"lib\"" "-L/usr/lib/gcc/x86_64-linux-gnu/12" "-L/usr/lib/gcc/x86_64-linux-gnu/12/../../../../lib64" "-L/lib/x86_64-linux-gnu" "-L/lib/../lib64" "-L/usr/lib/x86_64-linux-gnu" "-L/usr/lib64" "-L/lib" "-L/usr/lib" "--build-id" "-rpath" "/opt/swift/usr/lib/swift/linux" "/opt/swift/usr/lib/swift/linux/x86_64/swiftrt.o" "/tmp/lldcap/key 1/V.o" "/tmp/lldcap/model \$2/M.o" "@/tmp/lldcap/key 1/V.autolink" "-lswiftCore" "-lDemoKit" "-rpath" "/tmp/lldcap/sdk \"lib\"" "-lgcc" "--as-needed" "-lgcc_s" "--no-as-needed" "-lc" "-lgcc" "--as-needed" "-lgcc_s" "--no-as-needed" "/usr/lib/gcc/x86_64-linux-gnu/12/crtendS.o" "/lib/x86_64-linux-gnu/crtn.o"

        """#

    private var commandLine: Substring { answer.split(separator: "\n")[4] }

    private func parse(_ output: String, temporary: [String] = ["/tmp"]) -> [String]? {
        LinkerJob.parse(output, job: job, temporaryDirectories: temporary)
    }

    func testClangsAnswerIsReadWithItsQuoting() throws {
        let question = try XCTUnwrap(LinkerJob.question(job))
        XCTAssertEqual(question.last, "-###")
        XCTAssertTrue(
            question.contains("-Wl,@/tmp/lldcap/key 1/V.autolink"),
            "the response file handed to the linker, not read by clang into the command")
        XCTAssertFalse(question.contains("@/tmp/lldcap/key 1/V.autolink"))
        XCTAssertEqual(Array(question.dropLast()).filter { !$0.hasPrefix("-Wl,@") }, job.filter { !$0.hasPrefix("@") })

        let command = try XCTUnwrap(parse(answer))
        XCTAssertEqual(command.count, 42)
        XCTAssertEqual(command.first, "/opt/swift/usr/bin/ld.lld")
        XCTAssertEqual(
            Array(command[5...7]), ["-shared", "-o", "/tmp/lldcap/key 1/libV.so"], "a space inside the quotes")
        XCTAssertTrue(command.contains("-L/tmp/lldcap/sdk \"lib\""), "\\\" is a quote")
        XCTAssertTrue(command.contains("/tmp/lldcap/model $2/M.o"), "\\$ is a dollar")
        XCTAssertEqual(
            LinkerJob.quotedWords(#" "a\\b" "" "c""#), ["a\\b", "", "c"], "\\\\ is a backslash; an empty word")
        XCTAssertEqual(
            command.filter { $0.hasPrefix("@") }, ["@/tmp/lldcap/key 1/V.autolink"], "the response file, in its place")
        XCTAssertEqual(command.last, "/lib/x86_64-linux-gnu/crtn.o")
    }

    func testAnythingUnexpectedRunsClang() throws {
        XCTAssertNotNil(parse(answer), "the real answer is read")
        XCTAssertNil(parse(answer + commandLine + "\n"), "two commands")
        XCTAssertNil(
            parse(answer.replacingOccurrences(of: "/opt/swift/usr/bin/ld.lld", with: "/usr/bin/objcopy")),
            "a tool that is no linker")
        XCTAssertNil(
            parse(answer.replacingOccurrences(of: "\"/opt/swift/usr/bin/ld.lld\"", with: "\"ld.lld\"")),
            "a linker by a relative name")
        XCTAssertNil(parse(answer.replacingOccurrences(of: "\"-shared\"", with: "-shared")), "a word without quotes")
        XCTAssertNil(parse(answer.replacingOccurrences(of: "\"-shared\"", with: "'-shared'")), "single quotes")
        XCTAssertNil(
            parse(answer.replacingOccurrences(of: "\"-shared\"", with: "\"-sha\\red\"")), "an escape clang never writes"
        )
        XCTAssertNil(parse(answer.replacingOccurrences(of: "\"-shared\"", with: "\"-shared\"  ")), "two spaces")
        XCTAssertNil(parse(answer.replacingOccurrences(of: "/crtn.o\"", with: "/crtn.o")), "a quote left open")
        XCTAssertNil(
            parse("clang: warning: argument unused during compilation: '-O'\n" + answer), "a warning clang would print")
        XCTAssertNil(parse(" (in-process)\n" + answer), "a line clang writes for a job it runs itself")
        XCTAssertNil(
            parse(answer.replacingOccurrences(of: "\"-shared\"", with: "\"-shared\" \"/tmp/libV-3f2a1b.o\"")),
            "a temporary file clang would write")
        XCTAssertNil(
            parse(
                answer.replacingOccurrences(of: "\"-shared\"", with: "\"-shared\" \"/var/tmp/x/cc-3f2a1b.o\""),
                temporary: ["/var/tmp/x", "/tmp"]),
            "in $TMPDIR")
        XCTAssertNotNil(
            parse(answer, temporary: ["/tmp/lldcap"]), "the job's own files in the temporary folder are its own")
        XCTAssertNil(
            parse(answer.replacingOccurrences(of: "\"@/tmp/lldcap/key 1/V.autolink\"", with: "\"-lswiftCore\"")),
            "the response file read into the command by clang")
        XCTAssertNil(
            parse(answer.replacingOccurrences(of: "\"-shared\"", with: "\"-shared\" \"@/tmp/lldcap/key 1/other.rsp\"")),
            "a response file the job has not")
        XCTAssertNil(parse("clang version 21.0.0\n"), "no command")
        XCTAssertNil(parse(""))
        XCTAssertNil(LinkerJob.question(["/tc/clang", "@/b/a,b/V.autolink"]), "a comma -Wl, would split at")

        XCTAssertTrue(LinkerJob.passesThrough(responseFile: "-lswiftCore\n-lgtk-3\n-lstdc++\n-lswift_Concurrency\n"))
        XCTAssertTrue(LinkerJob.passesThrough(responseFile: ""))
        XCTAssertFalse(LinkerJob.passesThrough(responseFile: "-lswiftCore\n-Xlinker\n"), "not a library")
        XCTAssertFalse(LinkerJob.passesThrough(responseFile: "-lfoo bar\n"), "split apart by the linker")
        XCTAssertFalse(LinkerJob.passesThrough(responseFile: "-l'foo'\n"), "quoted")
        XCTAssertFalse(LinkerJob.passesThrough(responseFile: "-l\n"))
    }

    func testClangMissingOrANonLinkerFileIsRunAsItIs() throws {
        let folder = try XCTUnwrap(FileSystem.makeTemporaryDirectory("linker-job-XXXXXX"))
        defer { FileSystem.removeTree(folder) }
        let clang = FileSystem.join(folder, "clang")
        XCTAssertFalse(LinkerJob.asksClang([clang, "-shared"]), "clang missing")
        try FileSystem.writeAtomically("#!/bin/sh\n", to: clang)
        XCTAssertFalse(LinkerJob.asksClang([clang, "-shared"]), "a clang that cannot run")
        chmod(clang, 0o755)
        XCTAssertTrue(LinkerJob.asksClang([clang, "-shared"]))
        let frontend = FileSystem.join(folder, "swift-frontend")
        try FileSystem.writeAtomically("#!/bin/sh\n", to: frontend)
        chmod(frontend, 0o755)
        XCTAssertFalse(LinkerJob.asksClang([frontend, "-c"]), "not clang")

        let start = FileSystem.join(folder, "crtbeginS.o"), entries = FileSystem.join(folder, "V.autolink")
        try FileSystem.writeAtomically("", to: start)
        try FileSystem.writeAtomically("-lswiftCore\n", to: entries)
        let command = ["/tc/ld.lld", "-o", FileSystem.join(folder, "libV.so"), start, "@" + entries]
        XCTAssertTrue(LinkerJob.startFilesExist(command))
        XCTAssertTrue(LinkerJob.readsResponseFilesAsClang(command))
        try FileSystem.writeAtomically("-lswiftCore\n-Wl,--whole-archive\n", to: entries)
        XCTAssertFalse(LinkerJob.readsResponseFilesAsClang(command), "entries clang would read otherwise")
        XCTAssertFalse(LinkerJob.readsResponseFilesAsClang(command + ["@" + FileSystem.join(folder, "gone")]))
        XCTAssertTrue(FileSystem.remove(start))
        XCTAssertFalse(LinkerJob.startFilesExist(command), "a start file gone (a new GCC): clang is asked again")
    }

    func testTheCommandIsKeptForOtherBuildsOfTheSameShape() throws {
        let command = try XCTUnwrap(parse(answer))
        let folders = ["/tmp/lldcap/key 1", "/tmp/lldcap/model $2"]
        let kept = try XCTUnwrap(DriverJobs(jobs: [command]).templated(folders).encoded)
        XCTAssertFalse(
            kept.contains("/tmp/lldcap/key 1") || kept.contains("model $2"), "the build folders are placeholders")
        XCTAssertTrue(kept.contains("arg /opt/swift/usr/bin/ld.lld\n"), "the kept job names the linker")
        let read = try XCTUnwrap(DriverJobs(encoded: kept))
        let next = read.filled(["/tmp/other/key 2", "/tmp/other/model-3"]).jobs
        XCTAssertEqual(next.count, 1)
        XCTAssertEqual(Array(next[0][6...7]), ["-o", "/tmp/other/key 2/libV.so"])
        XCTAssertTrue(next[0].contains("@/tmp/other/key 2/V.autolink"))
        XCTAssertTrue(next[0].contains("/tmp/other/model-3/M.o"))
        XCTAssertTrue(next[0].contains("-L/tmp/lldcap/sdk \"lib\""), "what is not a build folder stays")
        XCTAssertEqual(read.filled(folders).jobs, [command])

        let key = LinkerJob.key(clangFile: "c", workingDirectory: "/w", job: job, folders: folders)
        let otherJob = DriverJobs(jobs: [job]).templated(folders).filled(["/tmp/other/key 2", "/tmp/other/model-3"])
            .jobs[0]
        XCTAssertEqual(
            LinkerJob.key(
                clangFile: "c", workingDirectory: "/w", job: otherJob,
                folders: ["/tmp/other/key 2", "/tmp/other/model-3"]),
            key, "another build of the same shape")
        XCTAssertNotEqual(
            LinkerJob.key(clangFile: "d", workingDirectory: "/w", job: job, folders: folders), key, "another clang")
        XCTAssertNotEqual(
            LinkerJob.key(clangFile: "c", workingDirectory: "/w", job: job + ["-lgmp"], folders: folders), key)
        XCTAssertNotEqual(
            DriverJobs.key(compilerFile: "c", workingDirectory: "/w", arguments: job, folders: folders), key,
            "apart from the driver's jobs in the same cache")
    }
}
