/// The error a result holds, if it failed: tests compare it directly.
extension Result {
    package var failure: Failure? { if case .failure(let failure) = self { failure } else { nil } }
}
