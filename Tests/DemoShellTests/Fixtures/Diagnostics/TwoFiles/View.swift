func show(_ counter: Counter) {
    print(counter.count)
}
