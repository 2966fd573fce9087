import HTTPServer

/// Who is asking, for rate limits. Behind a reverse proxy every connection comes from the proxy, so its
/// `X-Forwarded-For` is read, right to left, skipping proxies we trust; the first other address is the client.
/// From anyone else the header is ignored: a client could write anything there.
enum ClientAddress {
    static func resolve(peer: String, forwardedFor: [String], trustedProxies: [IPAddressRange]) -> String {
        guard !trustedProxies.isEmpty, trustedProxies.contains(where: { $0.contains(peer) }) else { return peer }
        let hops = forwardedFor.joined(separator: ",").split(separator: ",").suffix(32)
        for hop in hops.reversed() {
            let address = String(hop.trimmingOWS())
            guard IPAddressRange.bytes(of: address) != nil else { return peer }  // garbage: trust nothing further left
            if !trustedProxies.contains(where: { $0.contains(address) }) { return address }
        }
        return peer
    }
}
