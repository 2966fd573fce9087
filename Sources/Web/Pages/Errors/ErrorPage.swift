/// `errors/error`: what went wrong in calm words (`ErrorPages`), never a stack trace.
struct ErrorPage: CompiledView {
    let status: Int
    let heading: String
    let message: String
    /// More about this case: how long to wait, or what to fix.
    let detail: String?
}
