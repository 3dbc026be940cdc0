// One error in each of two files compiled together.
struct Counter {
    var value: Int = "zero"
}
