/// Boards the 64-bit form cannot hold (3 × 3, 5 × 5, 6 × 6, or a 4 × 4 with
/// a tile above 2^15), searched on `Board` itself: slower per node than
/// table look-ups, but allocation-free, and held to the same time budget.
extension Board {
    /// The board after sliding toward `direction` (the same board when
    /// nothing moves): `slid(_:)` without the tiles' motions.
    @inline(__always)
    func engineMoved(_ direction: Direction) -> Board {
        var result = Board(size: size)
        let n = size
        for line in 0..<n {
            let (start, step) = self.line(line, toward: direction)
            var written = 0
            var mergeable = false
            for k in 0..<n {
                let e = cells[start + k * step]
                if e == 0 { continue }
                if mergeable, result.cells[start + (written - 1) * step] == e {
                    result.cells[start + (written - 1) * step] = e + 1
                    mergeable = false
                } else {
                    result.cells[start + written * step] = e
                    written += 1
                    mergeable = true
                }
            }
        }
        return result
    }

    /// The heuristic: every row's and every column's score.
    func engineEvaluated(_ scorer: LineScorer) -> Float {
        let n = size
        var score: Float = 0
        var line = InlineArray<6, UInt8>(repeating: 0)
        for i in 0..<n {
            for k in 0..<n { line[k] = cells[i * n + k] }
            score += line.span.withUnsafeBufferPointer { scorer.score(UnsafeBufferPointer(rebasing: $0[0..<n])) }
            for k in 0..<n { line[k] = cells[k * n + i] }
            score += line.span.withUnsafeBufferPointer { scorer.score(UnsafeBufferPointer(rebasing: $0[0..<n])) }
        }
        return score
    }

    /// A 64-bit digest of the cells, for the transposition table.
    var engineHash: UInt64 {
        var h: UInt64 = UInt64(size) &* 0x9E37_79B9_7F4A_7C15
        for i in 0..<cellCount { h = (h ^ UInt64(cells[i])) &* 0x0000_0100_0000_01B3 }
        return h ^ (h >> 29)
    }
}
