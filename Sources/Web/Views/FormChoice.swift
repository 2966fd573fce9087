/// One radio button or checkbox of a form: `<input value="{{value}}"{{#checked}} checked{{/checked}}> {{label}}`.
struct FormChoice {
    let value: String
    let label: String
    let checked: Bool
}
