import CXMLSec
import Foundation

/// A parsed XML document (libxml2 through our CXMLSec surface), read-only: no network, DTDs or entities, a DOCTYPE
/// refused, and each element's `ID` registered, refusing a document where two elements share one, so a signature's
/// reference finds one element only.
final class SAMLXML {
    let document: OpaquePointer

    init?(_ bytes: [UInt8]) {
        guard bytes.count <= 1_048_576,
              let document = bytes.withUnsafeBufferPointer({ $0.withMemoryRebound(to: CChar.self) { resett_xml_parse($0.baseAddress, Int32($0.count)) } })
        else { return nil }
        self.document = document
    }

    deinit { resett_xml_free(document) }

    var root: SAMLElement { SAMLElement(node: resett_xml_root(document), owner: self) }

    /// Whether `signature` verifies over `element` with `certificate` (PEM): libxmlsec1 decides.
    func verifies(_ signature: SAMLElement, over element: SAMLElement, certificate: String) -> Bool {
        let bytes = Array(certificate.utf8)
        return bytes.withUnsafeBufferPointer {
            resett_xml_verify(document, signature.node, element.node, $0.baseAddress, Int32($0.count)) == 1
        }
    }
}

/// One element of a `SAMLXML`, kept alive by it.
struct SAMLElement {
    let node: UnsafeRawPointer
    let owner: SAMLXML

    enum Namespace: String {
        case protocol_ = "urn:oasis:names:tc:SAML:2.0:protocol"
        case assertion = "urn:oasis:names:tc:SAML:2.0:assertion"
        case signature = "http://www.w3.org/2000/09/xmldsig#"
        case metadata = "urn:oasis:names:tc:SAML:2.0:metadata"
    }

    var name: String { String(cString: resett_xml_name(node)) }
    var namespace: String { String(cString: resett_xml_namespace(node)) }

    func `is`(_ name: String, in namespace: Namespace) -> Bool { self.name == name && self.namespace == namespace.rawValue }

    /// Child elements, in order.
    var children: [SAMLElement] {
        var found: [SAMLElement] = []
        var current = resett_xml_first_child(node)
        while let child = current, found.count < 1000 {
            found.append(SAMLElement(node: child, owner: owner))
            current = resett_xml_next(child)
        }
        return found
    }

    func children(_ name: String, in namespace: Namespace) -> [SAMLElement] { children.filter { $0.is(name, in: namespace) } }

    /// The one child by that name; nil when there is none or more than one (an ambiguous document is not read).
    func child(_ name: String, in namespace: Namespace) -> SAMLElement? {
        let found = children(name, in: namespace)
        return found.count == 1 ? found[0] : nil
    }

    func attribute(_ name: String) -> String? {
        guard let value = resett_xml_attribute(node, name) else { return nil }
        defer { resett_xml_free_string(value) }
        return String(cString: value)
    }

    /// All the element's text, comments left out: a NameID of `a@x.org<!---->.evil.org` reads as the whole
    /// `a@x.org.evil.org` (the 2018 comment-injection class read only the first text node).
    var text: String {
        guard let content = resett_xml_text(node) else { return "" }
        defer { resett_xml_free_string(content) }
        return String(cString: content).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
