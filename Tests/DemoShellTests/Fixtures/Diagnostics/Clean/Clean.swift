// No diagnostics at all.
func double(_ value: Int) -> Int {
    value * 2
}
