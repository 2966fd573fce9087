#if canImport(Glibc)
import Glibc
#endif
import CLinux

/// Why the server could not start listening.
public enum ServerError: Error, Sendable, CustomStringConvertible {
    case invalidAddress(String)
    case systemCall(String, errno: Int32)

    public var description: String {
        switch self {
        case .invalidAddress(let host): "not an IPv4 or IPv6 address: \(host)"
        case .systemCall(let call, let code): "\(call) failed: \(String(cString: strerror(code)))"
        }
    }
}

/// The few socket calls the server makes, in one place.
enum Socket {
    /// A non-blocking listening socket. It is shared by every event loop (see `EventLoop`); SO_REUSEPORT
    /// is deliberately not set, so a second server started by mistake on the same port fails to start
    /// instead of silently taking half of the connections.
    static func listen(host: String, port: Int, backlog: Int32) throws(ServerError) -> Int32 {
        var storage = sockaddr_storage()
        let length: socklen_t
        let family: Int32
        if var address = ipv4(host) {
            address.sin_port = in_port_t(UInt16(port).bigEndian)
            withUnsafeBytes(of: address) { source in
                withUnsafeMutableBytes(of: &storage) { $0.copyMemory(from: source) }
            }
            length = socklen_t(MemoryLayout<sockaddr_in>.size)
            family = AF_INET
        } else if var address = ipv6(host) {
            address.sin6_port = in_port_t(UInt16(port).bigEndian)
            withUnsafeBytes(of: address) { source in
                withUnsafeMutableBytes(of: &storage) { $0.copyMemory(from: source) }
            }
            length = socklen_t(MemoryLayout<sockaddr_in6>.size)
            family = AF_INET6
        } else {
            throw .invalidAddress(host)
        }

        let fd = socket(family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw .systemCall("socket", errno: errno) }
        var one: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        let bound = withUnsafePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
        }
        guard bound == 0 else {
            let code = errno
            close(fd)
            throw .systemCall("bind \(host):\(port)", errno: code)
        }
        guard Glibc.listen(fd, backlog) == 0 else {
            let code = errno
            close(fd)
            throw .systemCall("listen", errno: code)
        }
        return fd
    }

    /// The port a socket is bound to (for port 0).
    static func boundPort(_ fd: Int32) -> Int {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        _ = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        if Int32(storage.ss_family) == AF_INET6 {
            return withUnsafeBytes(of: storage) { Int(UInt16(bigEndian: $0.load(as: sockaddr_in6.self).sin6_port)) }
        }
        return withUnsafeBytes(of: storage) { Int(UInt16(bigEndian: $0.load(as: sockaddr_in.self).sin_port)) }
    }

    enum AcceptResult {
        case accepted(fd: Int32, peer: String)
        /// Nothing waiting (or the client gave up before we got to it).
        case none
        /// The process or system is out of file descriptors: accepting again at once would spin.
        case outOfDescriptors
    }

    /// Accepts one connection: its descriptor and the peer's address (for rate limits, never for logs).
    static func accept(_ listener: Int32) -> AcceptResult {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let fd = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                accept4(listener, $0, &length, Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue))
            }
        }
        guard fd >= 0 else {
            let code = errno
            return code == EMFILE || code == ENFILE || code == ENOBUFS || code == ENOMEM ? .outOfDescriptors : .none
        }
        var one: Int32 = 1
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        return .accepted(fd: fd, peer: address(of: storage))
    }

    private static func address(of storage: sockaddr_storage) -> String {
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        var copy = storage
        if Int32(storage.ss_family) == AF_INET6 {
            withUnsafePointer(to: &copy) {
                $0.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { address in
                    var raw = address.pointee.sin6_addr
                    _ = inet_ntop(AF_INET6, &raw, &text, socklen_t(text.count))
                }
            }
        } else {
            withUnsafePointer(to: &copy) {
                $0.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { address in
                    var raw = address.pointee.sin_addr
                    _ = inet_ntop(AF_INET, &raw, &text, socklen_t(text.count))
                }
            }
        }
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func ipv4(_ host: String) -> sockaddr_in? {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        let name = host == "localhost" ? "127.0.0.1" : host
        guard inet_pton(AF_INET, name, &address.sin_addr) == 1 else { return nil }
        return address
    }

    private static func ipv6(_ host: String) -> sockaddr_in6? {
        var address = sockaddr_in6()
        address.sin6_family = sa_family_t(AF_INET6)
        let name = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        guard inet_pton(AF_INET6, name, &address.sin6_addr) == 1 else { return nil }
        return address
    }
}
