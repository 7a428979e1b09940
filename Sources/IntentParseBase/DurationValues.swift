extension Duration {
    /// The duration in seconds, milliseconds and microseconds, as a `Double`.
    package var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
    package var milliseconds: Double { Double(components.seconds) * 1e3 + Double(components.attoseconds) / 1e15 }
    package var microseconds: Double { Double(components.seconds) * 1e6 + Double(components.attoseconds) / 1e12 }
}
