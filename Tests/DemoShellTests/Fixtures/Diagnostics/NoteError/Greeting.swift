// Assigning to a `let`: an error with a note pointing at the declaration.
func greet() {
    let name = "World"
    name = "Swift"
    print("Hello, \(name)!")
}
