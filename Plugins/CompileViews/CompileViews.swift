import Foundation
import PackagePlugin

/// Compiles the page templates of `Views/` into Swift at build time (see Sources/ViewCompiler): one generated file
/// per template that names its view model on its first line (`{{! view: TypeName }}`). Every template is an input of
/// every page, since a page's partials and layout are compiled into it.
@main
struct CompileViews: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let views = context.package.directoryURL.appending(path: "Views")
        guard FileManager.default.fileExists(atPath: views.path()) else { throw Missing.views(views.path()) }
        let output = context.pluginWorkDirectoryURL.appending(path: "CompiledViews")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        var all: [URL] = [], pages: [String] = []
        let enumerator = FileManager.default.enumerator(atPath: views.path())
        while let relative = enumerator?.nextObject() as? String {
            guard relative.hasSuffix(".mustache") else { continue }
            let file = views.appending(path: relative)
            all.append(file)
            let text = try String(contentsOf: file, encoding: .utf8)
            if text.hasPrefix("{{! view:") || text.hasPrefix("{{!view:") { pages.append(relative) }
        }
        pages.sort()
        guard !pages.isEmpty else { return [] }
        let outputs = pages.map { relative in
            output.appending(path: "View+" + String(relative.dropLast(".mustache".count)).replacingOccurrences(of: "/", with: "_") + ".swift")
        }
        return [.buildCommand(displayName: "Compiling \(pages.count) views",
                              executable: try context.tool(named: "ViewCompiler").url,
                              arguments: [views.path(), output.path()] + pages,
                              inputFiles: all, outputFiles: outputs)]
    }
}

enum Missing: Error, CustomStringConvertible {
    case views(String)
    var description: String {
        switch self { case .views(let path): "the page templates are compiled at build time, and there are none at \(path)" }
    }
}
