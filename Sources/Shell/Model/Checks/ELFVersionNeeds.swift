import Glibc

/// The symbol versions a shared library needs from the libraries it links
/// against (its verneed table), read from the file without loading it.
///
/// Read as the dynamic loader reads it: through the program headers and
/// the dynamic segment (`DT_VERNEED`, `DT_VERNEEDNUM`, `DT_STRTAB`,
/// `DT_STRSZ`), not the section headers, which a library needs not have
/// and which may say something else. The file is the plugin author's, so
/// every count and offset is bounded and checked before it is used: a
/// truncated, garbage or hostile file gives `.notELF`, never a crash or a
/// long read.
public enum ELFVersionNeeds {
    public enum Problem: Error, Equatable, Sendable {
        /// The file cannot be opened or read (the system's reason).
        case unreadable(String)
        /// Not a 64-bit little-endian ELF shared library this reader understands.
        case notELF
    }

    /// At most this many program headers, dynamic entries, needed files and
    /// versions per file are read; a real library has a handful of each.
    static let maximumHeaders = 256, maximumDynamicEntries = 4096, maximumEntries = 1024
    /// Names longer than this are not version names.
    static let maximumNameLength = 256

    /// The version names `path` needs from the library whose file name is
    /// `library` (`libDemoKit.so`), in the file's order; empty when it needs
    /// none (it does not link that library, or was linked before that
    /// library had versions).
    public static func needs(of path: String, from library: String) -> Result<[String], Problem> {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return .failure(.unreadable(String(cString: strerror(errno)))) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return .failure(.unreadable(String(cString: strerror(errno)))) }
        guard (info.st_mode & S_IFMT) == S_IFREG else { return .failure(.notELF) }
        let file = File(fd: fd, size: UInt64(max(0, info.st_size)))
        guard let needs = file.needs() else { return .failure(.notELF) }
        return .success(needs.filter { $0.file == library || $0.file.hasSuffix("/" + library) }.flatMap(\.versions))
    }

    /// One library the file needs versions of (`vn_file`) and those versions.
    struct Need: Equatable {
        var file: String
        var versions: [String]
    }

    /// An open file, read only through `read(_:at:)`, which checks bounds.
    private struct File {
        let fd: Int32
        let size: UInt64

        /// `T` at `offset`, when the whole of it lies inside the file.
        func read<T>(_ type: T.Type, at offset: UInt64) -> T? {
            let count = UInt64(MemoryLayout<T>.size)
            guard offset <= size, count <= size - offset else { return nil }
            let value = UnsafeMutablePointer<T>.allocate(capacity: 1)
            defer { value.deallocate() }
            let got = pread(fd, value, Int(count), off_t(offset))
            guard got == Int(count) else { return nil }
            return value.pointee
        }

        /// The NUL-terminated string at `offset`, which must end before `end`.
        func string(at offset: UInt64, end: UInt64) -> String? {
            guard offset < end, end <= size else { return nil }
            let count = Int(min(UInt64(ELFVersionNeeds.maximumNameLength + 1), end - offset))
            var bytes = [UInt8](repeating: 0, count: count)
            let got = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress, count, off_t(offset)) }
            guard got > 0, let nul = bytes[..<got].firstIndex(of: 0) else { return nil }
            return String(decoding: bytes[..<nul], as: UTF8.self)
        }

        func needs() -> [Need]? {
            guard let header = read(Elf64_Ehdr.self, at: 0) else { return nil }
            let ident = withUnsafeBytes(of: header.e_ident) { Array($0) }
            guard ident[0] == 0x7F, ident[1] == 0x45, ident[2] == 0x4C, ident[3] == 0x46,  // \x7fELF
                ident[Int(EI_CLASS)] == UInt8(ELFCLASS64), ident[Int(EI_DATA)] == UInt8(ELFDATA2LSB),
                header.e_phentsize == UInt16(MemoryLayout<Elf64_Phdr>.size),
                header.e_phnum > 0, Int(header.e_phnum) <= ELFVersionNeeds.maximumHeaders
            else { return nil }
            var headers: [Elf64_Phdr] = []
            for index in 0..<UInt64(header.e_phnum) {
                let (offset, overflow) = header.e_phoff.addingReportingOverflow(index * UInt64(header.e_phentsize))
                guard !overflow, let programHeader = read(Elf64_Phdr.self, at: offset) else { return nil }
                headers.append(programHeader)
            }
            let loads = headers.filter { $0.p_type == UInt32(PT_LOAD) }
            // A library without a dynamic segment needs nothing.
            guard let dynamic = headers.first(where: { $0.p_type == UInt32(PT_DYNAMIC) }) else { return [] }
            var values: [Int64: UInt64] = [:]
            let entrySize = UInt64(MemoryLayout<Elf64_Dyn>.size)
            for index in 0..<min(dynamic.p_filesz / entrySize, UInt64(ELFVersionNeeds.maximumDynamicEntries)) {
                let (offset, overflow) = dynamic.p_offset.addingReportingOverflow(index * entrySize)
                guard !overflow, let entry = read(Elf64_Dyn.self, at: offset) else { return nil }
                if entry.d_tag == Int64(DT_NULL) { break }
                if values[entry.d_tag] == nil { values[entry.d_tag] = entry.d_un.d_val }
            }
            guard let verneed = values[Int64(DT_VERNEED)] else { return [] }  // no versions needed at all
            guard let count = values[Int64(DT_VERNEEDNUM)], count <= UInt64(ELFVersionNeeds.maximumEntries),
                let table = fileOffset(verneed, in: loads),
                let strings = values[Int64(DT_STRTAB)].flatMap({ fileOffset($0, in: loads) }),
                let stringsSize = values[Int64(DT_STRSZ)]
            else { return nil }
            let (stringsEnd, overflow) = strings.addingReportingOverflow(stringsSize)
            guard !overflow, stringsEnd <= size else { return nil }
            return readNeeds(at: table, count: count, strings: strings, stringsEnd: stringsEnd)
        }

        /// The verneed entries (`Elf64_Verneed`, each with its chain of
        /// `Elf64_Vernaux`); every link must move forward, so no chain loops.
        private func readNeeds(at table: UInt64, count: UInt64, strings: UInt64, stringsEnd: UInt64) -> [Need]? {
            func name(_ offset: UInt32) -> String? {
                let (at, overflow) = strings.addingReportingOverflow(UInt64(offset))
                return overflow ? nil : string(at: at, end: stringsEnd)
            }
            var needs: [Need] = []
            var offset = table
            for index in 0..<count {
                guard let need = read(Elf64_Verneed.self, at: offset), need.vn_version == 1,
                    UInt64(need.vn_cnt) <= UInt64(ELFVersionNeeds.maximumEntries),
                    let file = name(need.vn_file)
                else { return nil }
                var versions: [String] = []
                var auxOffset = offset
                var step = UInt64(need.vn_aux)
                for _ in 0..<need.vn_cnt {
                    let (next, overflow) = auxOffset.addingReportingOverflow(step)
                    guard step > 0, !overflow, let aux = read(Elf64_Vernaux.self, at: next),
                        let version = name(aux.vna_name)
                    else { return nil }
                    versions.append(version)
                    auxOffset = next
                    step = UInt64(aux.vna_next)
                }
                needs.append(Need(file: file, versions: versions))
                if index + 1 < count {
                    let (next, overflow) = offset.addingReportingOverflow(UInt64(need.vn_next))
                    guard need.vn_next > 0, !overflow else { return nil }
                    offset = next
                }
            }
            return needs
        }

        /// The file offset of virtual address `address`, inside a loaded segment's file bytes.
        private func fileOffset(_ address: UInt64, in loads: [Elf64_Phdr]) -> UInt64? {
            for load in loads where address >= load.p_vaddr && address - load.p_vaddr < load.p_filesz {
                let (offset, overflow) = load.p_offset.addingReportingOverflow(address - load.p_vaddr)
                return overflow || offset >= size ? nil : offset
            }
            return nil
        }
    }
}
