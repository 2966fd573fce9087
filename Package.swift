// swift-tools-version:6.2
import PackageDescription

// Layers, one way only: HTTPServer and Storage know nothing of ours; UseCases builds on Storage; Web builds on
// HTTPServer and UseCases; the `resett` executable wires them together. Handlers and views never import GRDB.
let package = Package(
    name: "Resett",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "resett", targets: ["resett"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache.git", from: "2.1.1"),
        .package(url: "https://github.com/apple/swift-metrics.git", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.1"),
        .package(url: "https://github.com/vapor/jwt-kit.git", from: "5.8.0"),
    ],
    targets: [
        .systemLibrary(name: "CLinux", path: "Sources/CLinux"),
        .systemLibrary(name: "CArgon2", path: "Sources/CArgon2", providers: [.apt(["libargon2-dev"])]),
        .systemLibrary(name: "CCrypto", path: "Sources/CCrypto", providers: [.apt(["libssl-dev"])]),
        // libpq, libcurl and libxmlsec1 are opened at their first use, not at start (Sources/CLazyLibrary): most
        // installations never load libpq or libxmlsec1, nor the thirty-odd libraries the three bring.
        .target(name: "CLazyLibrary"),
        .target(name: "CPostgres", dependencies: ["CLazyLibrary"]),
        .target(name: "CCurl", dependencies: ["CLazyLibrary"]),
        // libxml2 and libxmlsec1 behind a C surface of our own (their headers bring ICU's, which clash with Foundation's).
        .target(
            name: "CXMLSec",
            dependencies: ["CLazyLibrary"],
            cSettings: [
                .unsafeFlags(["-I/usr/include/xmlsec1", "-I/usr/include/libxml2"]),
                // As `pkg-config --cflags xmlsec1-openssl` says Debian's library was built.
                .define("XMLSEC_CRYPTO_OPENSSL", to: "1"), .define("XMLSEC_NO_CRYPTO_DYNAMIC_LOADING", to: "1"),
                .define("XMLSEC_NO_SIZE_T"), .define("XMLSEC_NO_GOST", to: "1"), .define("XMLSEC_NO_GOST2012", to: "1"),
                .define("XMLSEC_OPENSSL3_ENGINES", to: "1"), .define("__XMLSEC_FUNCTION__", to: "__func__"),
            ]
        ),
        .systemLibrary(name: "CZlib", path: "Sources/CZlib", providers: [.apt(["zlib1g-dev"])]),
        .systemLibrary(name: "CSQLite", path: "Sources/CSQLite", providers: [.apt(["libsqlite3-dev"])]),
        // Mail over SMTP with libcurl; knows nothing of ours, like HTTPServer.
        .target(name: "SMTP", dependencies: ["CCurl"]),
        .target(name: "Domain"),
        // Calls to other servers on someone's say-so (an identity provider, a push service): public addresses only, by
        // libcurl, with deadlines. Knows nothing of ours, like SMTP.
        .target(name: "Outbound", dependencies: ["CCurl"]),
        // OpenID Connect relying party: discovery, PKCE and ID-token checks (JOSE by vapor/jwt-kit), HTTP by Outbound.
        .target(
            name: "OpenIDConnect",
            dependencies: ["Outbound", "Cryptography", .product(name: "JWTKit", package: "jwt-kit")]
        ),
        // SAML 2.0 service provider: IdP metadata, the AuthnRequest (HTTP-Redirect) and the Response's checks, with XML
        // signatures verified by libxmlsec1. Knows nothing of ours.
        .target(name: "SAML", dependencies: ["CXMLSec", "CZlib", "Cryptography"]),
        // Web Push: RFC 8291 message encryption and RFC 8292 VAPID tokens, with libcrypto's ECDH, HKDF, AES-GCM and
        // ECDSA. Knows nothing of ours.
        .target(name: "WebPush", dependencies: ["CCrypto", "Cryptography"]),
        // WebAuthn relying party: CBOR, authenticator data, COSE keys and signatures (libcrypto). Knows nothing of ours.
        .target(name: "WebAuthn", dependencies: ["CCrypto", "Cryptography"]),
        // Named so as not to shadow Apple's Security framework, which swift-certificates (under jwt-kit) looks for.
        .target(name: "Cryptography", dependencies: ["CArgon2", "CCrypto"]),
        .target(
            name: "HTTPServer",
            dependencies: ["CLinux", .product(name: "Logging", package: "swift-log")]
        ),
        .target(
            name: "Storage",
            dependencies: [
                "Domain",
                "CPostgres",
                "CSQLite",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
            ]
        ),
        // Use cases: one type per area, each method taking the request's scope, enforcing its rules and running
        // one transaction. Handlers call these, never Storage.
        .target(
            name: "UseCases",
            dependencies: ["Domain", "Cryptography", "Storage", "SMTP", "Outbound", "OpenIDConnect", "WebAuthn", "WebPush", "SAML", .product(name: "Logging", package: "swift-log"),
                           .product(name: "CoreMetrics", package: "swift-metrics")]
        ),
        // Turns each page template of Views/ into a Swift function over its view model (the CompileViews plugin runs it).
        .executableTarget(name: "ViewCompiler"),
        .plugin(name: "CompileViews", capability: .buildTool(), dependencies: ["ViewCompiler"]),
        .target(
            name: "Web",
            dependencies: [
                "HTTPServer",
                "Domain",
                "Cryptography",
                "UseCases",
                "Outbound",
                "OpenIDConnect",
                "WebPush",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
            ],
            // Storage is not a dependency, and with member import visibility nothing declared in it can be used here
            // even though UseCases brings it into the build: the web talks to use cases only.
            swiftSettings: [.enableUpcomingFeature("MemberImportVisibility")],
            plugins: ["CompileViews"]
        ),
        .executableTarget(
            name: "resett",
            dependencies: [
                "HTTPServer",
                "Domain",
                "Cryptography",
                "Storage",
                "UseCases",
                "Web",
                "WebPush",
                "SMTP",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // The benchmark fixture: our own server, template and database modules serving the
        // TechEmpower-style routes exactly as ../shared/peers/hb-peer does (see bench/).
        .executableTarget(
            name: "ResettBenchFixture",
            dependencies: ["HTTPServer", "Storage", "Web", .product(name: "Logging", package: "swift-log")]
        ),
        // Fuzzing (bench/fuzz.sh): what each target does with an input, and one libFuzzer executable per target.
        .target(name: "FuzzTargets", dependencies: ["HTTPServer", "Web", "Domain", "UseCases", "Storage", "WebAuthn", "SAML"], path: "Fuzz/FuzzTargets"),
        .executableTarget(name: "FuzzRequestDecoder", dependencies: ["FuzzTargets"], path: "Fuzz/FuzzRequestDecoder"),
        .executableTarget(name: "FuzzFormDecoding", dependencies: ["FuzzTargets"], path: "Fuzz/FuzzFormDecoding"),
        .executableTarget(name: "FuzzCookies", dependencies: ["FuzzTargets"], path: "Fuzz/FuzzCookies"),
        .executableTarget(name: "FuzzWebhookSignature", dependencies: ["FuzzTargets"], path: "Fuzz/FuzzWebhookSignature"),
        .executableTarget(name: "FuzzHostAndAddresses", dependencies: ["FuzzTargets"], path: "Fuzz/FuzzHostAndAddresses"),
        .executableTarget(name: "FuzzSCIM", dependencies: ["FuzzTargets"], path: "Fuzz/FuzzSCIM"),
        .executableTarget(name: "FuzzWebAuthn", dependencies: ["FuzzTargets"], path: "Fuzz/FuzzWebAuthn"),
        .executableTarget(name: "FuzzSAML", dependencies: ["FuzzTargets"], path: "Fuzz/FuzzSAML"),
        .testTarget(name: "HTTPServerTests", dependencies: ["HTTPServer"]),
        // SAML's checks against Responses signed by another implementation (Fixtures/make_fixtures.py, signxml).
        .testTarget(name: "SAMLTests", dependencies: ["SAML"], exclude: ["Fixtures"]),
        .testTarget(name: "SecurityTests", dependencies: ["Cryptography", "Domain", "WebAuthn", "WebPush"]),  // and Domain arithmetic
        // The use cases' rules in process: a real database, no sockets, no pages.
        .testTarget(name: "UseCasesTests", dependencies: ["UseCases", "Storage", "Domain"]),
        .testTarget(
            name: "WebTests",
            dependencies: ["Web", "HTTPServer", "Storage", "Domain", "UseCases", "FuzzTargets", .product(name: "Mustache", package: "swift-mustache"),
                           .product(name: "GRDB", package: "GRDB.swift")]
        ),
        .testTarget(
            name: "EndToEndTests",
            dependencies: ["Web", "HTTPServer", "Storage", "Domain", "Cryptography", "UseCases", "SMTP", "Outbound", "OpenIDConnect",
                           "WebAuthn", "WebPush", .product(name: "Logging", package: "swift-log")]
        ),
    ]
)
