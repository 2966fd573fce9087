/// A compiled page with a form: `partials/error-summary.mustache` lists its `errors`, and each field shows its own
/// message (`error_<field>`, a property of the page that reads `errors[field]`).
protocol FormPage: CompiledView {
    var errors: FormErrors { get }
}

extension FormPage {
    var hasErrors: Bool { !errors.isEmpty }
}

func viewSection(_ errors: FormErrors) -> ViewList<FormErrors.Item> { viewSection(errors.summary) }
