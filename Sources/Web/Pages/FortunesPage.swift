/// `bench/fortunes`: the TechEmpower fortunes page, for the benchmark fixture (Sources/ResettBenchFixture), compiled
/// like every page of ours so the fixture measures the same template module.
public struct FortunesPage: CompiledView {
    public struct Fortune {
        let id: Int
        let message: String

        public init(id: Int, message: String) {
            self.id = id
            self.message = message
        }
    }

    let fortunes: [Fortune]

    public init(fortunes: [Fortune]) { self.fortunes = fortunes }

    /// The page's bytes.
    public var html: [UInt8] { fragment(capacity: 4096).bytes }
}
