// Warnings only: a deprecated call (which carries a category) and a `var` never mutated.
@available(*, deprecated, message: "use count(to:)")
func oldCount() {}

func run() {
    var total = 1
    print(total)
    oldCount()
}
