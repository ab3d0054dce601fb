import FoldmarkTestSupport
import Foundation
import Renderer
import Testing

/// Runs every case of the official Mustache spec's required modules, read at test time from
/// the `mustache` folder that ``SpecData`` finds. Lambdas, dynamic names and inheritance
/// (the optional `~` modules) are not supported, so they are not run.
@Suite struct MustacheSpecTests {
    /// One test of a spec file: a template, its data and partials, and the exact output.
    struct Case: Sendable, CustomTestStringConvertible {
        var module: String
        var name: String
        var template: String
        var data: TemplateValue
        var partials: [String: String]
        var expected: String

        var testDescription: String { "\(module): \(name)" }
    }

    static let modules = ["interpolation", "sections", "inverted", "partials", "comments", "delimiters"]

    static let specDirectory = SpecData.find("mustache")

    static let isSpecAvailable = specDirectory != nil

    static let cases: [Case] = modules.flatMap { (try? loadCases(module: $0)) ?? [] }

    // Skipped, not failed, where no spec folder holds it (e.g. a lone clone of the package).
    @Test(
        .enabled(if: isSpecAvailable, Comment(rawValue: SpecData.absence(of: "mustache"))),
        arguments: cases
    )
    func specCase(_ specCase: Case) throws {
        let template = try Template(specCase.template, partials: specCase.partials)
        #expect(template.render(specCase.data) == specCase.expected)
    }

    @Test(
        .enabled(if: isSpecAvailable, Comment(rawValue: SpecData.absence(of: "mustache"))),
        arguments: modules
    )
    func specFileLoads(_ module: String) throws {
        let cases = try Self.loadCases(module: module)
        #expect(!cases.isEmpty)
    }

    static func loadCases(module: String) throws -> [Case] {
        guard let specDirectory else { return [] }
        let url = specDirectory.appendingPathComponent("\(module).json")
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: url))
        guard let file = json as? [String: Any], let tests = file["tests"] as? [[String: Any]] else {
            throw CocoaError(.fileReadCorruptFile)
        }
        return tests.map { test in
            Case(
                module: module,
                name: test["name"] as? String ?? "?",
                template: test["template"] as? String ?? "",
                data: templateValue(fromJSON: test["data"] ?? NSNull()),
                partials: test["partials"] as? [String: String] ?? [:],
                expected: test["expected"] as? String ?? ""
            )
        }
    }

    /// Converts what `JSONSerialization` returns. Booleans arrive as `NSNumber`s too, told
    /// apart by their `char` type encoding.
    static func templateValue(fromJSON json: Any) -> TemplateValue {
        switch json {
        case let text as String:
            return .string(text)
        case let number as NSNumber:
            if String(cString: number.objCType) == "c" { return .bool(number.boolValue) }
            return .number(number.doubleValue)
        case let items as [Any]:
            return .list(items.map(templateValue(fromJSON:)))
        case let fields as [String: Any]:
            return .object(TemplateObject(fields.map { ($0.key, templateValue(fromJSON: $0.value)) }))
        default:
            return .null
        }
    }
}
