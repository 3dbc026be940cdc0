// A learner's edit of Say Hello: the constant lost its name.
func greeting(for name: String) -> String {
    let = "Hello, \(name)!"
    return "Hello"
}
