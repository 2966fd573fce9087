import Foundation
import PackagePlugin

/// Compiles the page templates of `Views/` into Swift at build time (see Sources/ViewCompiler): a generated file per
/// template, holding the render function of each that names its view model on its first line (`{{! view: TypeName }}`).
/// Every template is an input of every page, since a page's partials and layout are compiled into it.
@main
struct CompileViews: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let views = context.package.directoryURL.appending(path: "Views")
        guard FileManager.default.fileExists(atPath: views.path()) else { throw Missing.views(views.path()) }
        let output = context.pluginWorkDirectoryURL.appending(path: "CompiledViews")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        // Every template is an input and has an output (a partial's or a layout's says so and holds nothing), and the
        // compiler finds the pages itself: SwiftPM keeps this plugin's commands until the target's files change, so a
        // list of pages fixed here would miss a template that starts naming its view model.
        var templates: [String] = []
        let enumerator = FileManager.default.enumerator(atPath: views.path())
        while let relative = enumerator?.nextObject() as? String {
            if relative.hasSuffix(".mustache") { templates.append(relative) }
        }
        templates.sort()
        guard !templates.isEmpty else { return [] }
        let outputs = templates.map { relative in
            output.appending(path: "View+" + String(relative.dropLast(".mustache".count)).replacingOccurrences(of: "/", with: "_") + ".swift")
        }
        return [.buildCommand(displayName: "Compiling the views",
                              executable: try context.tool(named: "ViewCompiler").url,
                              arguments: [views.path(), output.path()],
                              inputFiles: templates.map { views.appending(path: $0) }, outputFiles: outputs)]
    }
}

enum Missing: Error, CustomStringConvertible {
    case views(String)
    var description: String {
        switch self { case .views(let path): "the page templates are compiled at build time, and there are none at \(path)" }
    }
}
