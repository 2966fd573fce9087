import Foundation
import Glibc
@testable import OpenIDConnect
@testable import Outbound
import Testing
@testable import Web

/// Issue 32, finding 1: an organisation admin's issuer (and what its discovery names) never makes the server connect to
/// a loopback, private, link-local or otherwise non-public address, in any spelling, and the page says nothing about
/// what is there.
@Suite("Outbound calls reach public addresses only")
struct OutboundAddressTests {
    /// A listener on 127.0.0.1 that counts the connections it is offered.
    final class Listener: @unchecked Sendable {
        let fd: Int32
        let port: Int
        init() throws {
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            _ = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) } }
            listen(fd, 64)
            _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) } }
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            self.fd = fd
            port = Int(UInt16(bigEndian: address.sin_port))
        }
        /// Connections waiting to be accepted (each accepted and closed).
        func connections() -> Int {
            var count = 0
            while case let client = accept(fd, nil, nil), client >= 0 { close(client); count += 1 }
            return count
        }
        deinit { close(fd) }
    }

    @Test(arguments: [
        "127.0.0.1", "[::1]", "0x7f.1", "2130706433", "[::ffff:127.0.0.1]", "[::ffff:7f00:1]", "127.1", "0177.0.0.1", "0.0.0.0",
        "10.0.0.1", "172.16.5.4", "192.168.1.1", "169.254.169.254", "100.64.0.1", "[fe80::1]", "[fc00::1]", "[fd12:3456::1]",
        "[64:ff9b::7f00:1]", "[2002:7f00:1::]", "[::]", "*", "localhost", "metadata", "224.0.0.1", "255.255.255.255",
    ])
    func anIssuerAtANonPublicAddressIsRefusedBeforeAnyConnection(host: String) throws {
        let listener = try Listener()
        let http = OutboundHTTP()
        let hostPort = host == "*" ? host : host + ":\(listener.port)"
        // Foundation may refuse to parse some spellings at all, which refuses them too.
        guard let url = URL(string: "https://\(hostPort)/.well-known/openid-configuration?a=b") else { return }
        #expect(!http.permits(url), "\(host)")
        #expect(throws: OutboundHTTP.Failure.self) { try http.get(url) }
        #expect(listener.connections() == 0, "\(host): nothing connected")
    }

    @Test func aNameThatResolvesToANonPublicAddressIsRefusedAtTheAddressUsed() throws {
        let listener = try Listener()
        var http = OutboundHTTP()
        // As a DNS server under an attacker's control would answer: a public-looking name, a loopback address.
        http.fixedResolutions = ["idp.example.com:\(listener.port):127.0.0.1"]
        let url = try #require(URL(string: "https://idp.example.com:\(listener.port)/.well-known/openid-configuration"))
        #expect(http.permits(url), "the name itself is fine")
        #expect(throws: OutboundHTTP.Failure(description: "the address is not a public one")) { try http.get(url) }
        #expect(listener.connections() == 0)
        http.fixedResolutions = ["idp.example.com:\(listener.port):::ffff:127.0.0.1"]
        #expect(throws: OutboundHTTP.Failure.self) { try http.get(url) }
        #expect(listener.connections() == 0)
    }

    @Test func publicAddressesAndNamesArePermitted() throws {
        for host in ["login.example.com", "8.8.8.8", "[2606:4700:4700::1111]", "idp.example.co.uk:8443"] {
            #expect(OutboundHTTP().permits(try #require(URL(string: "https://\(host)/x"))), "\(host)")
        }
        #expect(OutboundAddress.permits([1, 1, 1, 1]) && !OutboundAddress.permits([127, 0, 0, 1]))
        #expect(OutboundAddress.permits([127, 0, 0, 1], allowsLoopback: true) && !OutboundAddress.permits([10, 0, 0, 1], allowsLoopback: true),
                "the operator's test switch allows loopback only")
    }

    @Test(arguments: ["authorization_endpoint", "token_endpoint", "jwks_uri"])
    func discoveryNamingANonPublicEndpointIsRefused(endpoint: String) throws {
        let http = OutboundHTTP()
        for bad in ["https://*/", "https://10.0.0.1/x", "https://169.254.169.254/latest/meta-data", "https://[::1]/x", "https://2130706433/x",
                    "http://login.example.com/x"] {
            var object = ["issuer": "https://login.example.com", "authorization_endpoint": "https://login.example.com/authorize",
                          "token_endpoint": "https://login.example.com/token", "jwks_uri": "https://login.example.com/keys"]
            object[endpoint] = bad
            let json = Array(try JSONSerialization.data(withJSONObject: object))
            #expect(throws: ProviderMetadata.Problem.endpointNotAllowed(endpoint)) {
                try ProviderMetadata(json: json, expectedIssuer: "https://login.example.com", http: http)
            }
        }
    }

    @Test func theAdminSeesOneMessageWhateverIsAtTheAddress() throws {
        let app = try RunningApp()
        let admin = try AdminTests().admin(app)
        let listener = try Listener()
        for issuer in ["https://127.0.0.1:\(listener.port)/tenant?x=1", "https://0x7f.1:\(listener.port)", "https://[::ffff:127.0.0.1]:\(listener.port)",
                       "https://192.168.0.1:\(listener.port)"] {
            let answer = try admin.post("/admin/single-sign-on", [("display_name", "Acme"), ("issuer", issuer), ("client_id", "id"),
                                                                  ("client_secret", "secret"), ("domains", "")])
            #expect(answer.status == 422 || answer.status == 409, "\(issuer): \(answer.status)")
            #expect(answer.text.contains("issuer"), "\(issuer)")
            #expect(!answer.text.contains("answered") && !answer.text.contains("JSON") && !answer.text.contains("reached"), "no oracle: \(issuer)")
        }
        #expect(listener.connections() == 0)
    }
}
