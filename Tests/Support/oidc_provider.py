"""A real OpenID Connect provider for the tests, built on Authlib (its PKCE helper) and joserfc (Authlib's JOSE, JWK and
JWT, as Authlib now ships it): discovery,
a JWK Set, an authorization endpoint that signs the chosen person straight in, and a token endpoint that checks the
client's secret, the redirect URI, the single-use code and the PKCE verifier before it issues an ID token.

It can also misbehave on purpose, one way at a time (POST /_control {"mode": …}), so the tests can prove Resett
refuses each bad ID token: wrong signature, unknown kid, wrong audience, wrong issuer, expired, a replayed nonce,
alg "none", a mismatched state; and rotate its signing key, as real providers do.

    python3 oidc_provider.py [--port 0]      prints "port=N" once it listens
"""
import argparse
import base64
import json
import secrets
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlencode, urlparse

from authlib.oauth2.rfc7636 import create_s256_code_challenge
from joserfc import jwt
from joserfc.jwk import RSAKey

CLIENT_ID = "resett-tests"
CLIENT_SECRET = "a long secret only the tests and Resett know"


def b64(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


class Provider:
    def __init__(self):
        self.lock = threading.Lock()
        self.keys = [RSAKey.generate_key(2048, parameters={"kid": "key-1"})]
        self.rogue = RSAKey.generate_key(2048, parameters={"kid": "key-1"})
        self.mode = "normal"
        self.user = {"sub": "person-1", "email": "sam@acme.example", "email_verified": True}
        self.codes = {}
        self.last_nonce = None
        self.jwks_fetches = 0
        self.token_requests = 0
        self.issuer = None

    def rotate(self):
        number = len(self.keys) + 1
        self.keys = [RSAKey.generate_key(2048, parameters={"kid": f"key-{number}"})]

    def jwks(self):
        return {"keys": [dict(key.as_dict(private=False), use="sig", alg="RS256") for key in self.keys]}

    def id_token(self, nonce):
        now = int(time.time())
        claims = {"iss": self.issuer, "aud": CLIENT_ID, "iat": now, "exp": now + 300, "nonce": nonce}
        claims.update(self.user)
        key, kid = self.keys[-1], self.keys[-1].kid
        mode = self.mode
        if mode == "wrong_audience":
            claims["aud"] = "someone-else"
        elif mode == "wrong_issuer":
            claims["iss"] = "https://impostor.example"
        elif mode == "expired":
            claims["iat"], claims["exp"] = now - 4000, now - 3600
        elif mode == "replayed_nonce":
            claims["nonce"] = self.last_nonce or "an-old-nonce"
        elif mode == "wrong_signature":
            key = self.rogue
        elif mode == "unknown_kid":
            key, kid = self.rogue, "key-nobody-published"
        if mode == "alg_none":
            header = b64(json.dumps({"alg": "none", "kid": kid}).encode())
            return header + "." + b64(json.dumps(claims).encode()) + "."
        return jwt.encode({"alg": "RS256", "kid": kid}, claims, key)


PROVIDER = Provider()


class Handler(BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def send_json(self, status, body):
        data = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        self.wfile.write(data)

    def form(self):
        length = int(self.headers.get("Content-Length") or 0)
        return {k: v[0] for k, v in parse_qs(self.rfile.read(length).decode()).items()}

    def do_GET(self):
        url = urlparse(self.path)
        query = {k: v[0] for k, v in parse_qs(url.query).items()}
        p = PROVIDER
        if url.path == "/.well-known/openid-configuration":
            return self.send_json(200, {
                "issuer": p.issuer, "authorization_endpoint": p.issuer + "/authorize", "token_endpoint": p.issuer + "/token",
                "jwks_uri": p.issuer + "/jwks", "response_types_supported": ["code"], "subject_types_supported": ["public"],
                "id_token_signing_alg_values_supported": ["RS256"], "code_challenge_methods_supported": ["S256"],
                "token_endpoint_auth_methods_supported": ["client_secret_basic", "client_secret_post"]})
        if url.path == "/jwks":
            with p.lock:
                p.jwks_fetches += 1
                return self.send_json(200, p.jwks())
        if url.path == "/_control":
            with p.lock:
                return self.send_json(200, {"mode": p.mode, "jwks_fetches": p.jwks_fetches, "token_requests": p.token_requests})
        if url.path == "/authorize":
            problems = [name for name in ("state", "nonce", "code_challenge", "redirect_uri") if not query.get(name)]
            if query.get("client_id") != CLIENT_ID or query.get("response_type") != "code" or problems \
                    or "openid" not in query.get("scope", "").split() or query.get("code_challenge_method") != "S256":
                return self.send_json(400, {"error": "invalid_request", "missing": problems})
            code = secrets.token_urlsafe(24)
            with p.lock:
                p.codes[code] = {"challenge": query["code_challenge"], "redirect_uri": query["redirect_uri"],
                                 "nonce": query["nonce"]}
                state = secrets.token_hex(32) if p.mode == "wrong_state" else query["state"]
            self.send_response(302)
            self.send_header("Location", query["redirect_uri"] + "?" + urlencode({"code": code, "state": state}))
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        self.send_json(404, {"error": "not_found"})

    def do_POST(self):
        url = urlparse(self.path)
        p = PROVIDER
        if url.path == "/_control":
            body = json.loads(self.rfile.read(int(self.headers.get("Content-Length") or 0)) or b"{}")
            with p.lock:
                if "mode" in body:
                    p.mode = body["mode"]
                if "user" in body:
                    p.user = body["user"]
                if body.get("rotate"):
                    p.rotate()
                return self.send_json(200, {"mode": p.mode})
        if url.path != "/token":
            return self.send_json(404, {"error": "not_found"})
        form = self.form()
        client_id, client_secret = form.get("client_id"), form.get("client_secret")
        authorization = self.headers.get("Authorization", "")
        if authorization.startswith("Basic "):
            from urllib.parse import unquote_plus
            user, _, password = base64.b64decode(authorization[6:]).decode().partition(":")
            client_id, client_secret = unquote_plus(user), unquote_plus(password)
        if client_id != CLIENT_ID or client_secret != CLIENT_SECRET:
            return self.send_json(401, {"error": "invalid_client"})
        with p.lock:
            p.token_requests += 1
            grant = p.codes.pop(form.get("code", ""), None)
        if form.get("grant_type") != "authorization_code" or grant is None or form.get("redirect_uri") != grant["redirect_uri"]:
            return self.send_json(400, {"error": "invalid_grant"})
        if create_s256_code_challenge(form.get("code_verifier", "")) != grant["challenge"]:
            return self.send_json(400, {"error": "invalid_grant", "error_description": "PKCE verifier does not match"})
        with p.lock:
            token = p.id_token(grant["nonce"])
            p.last_nonce = grant["nonce"]
        self.send_json(200, {"access_token": secrets.token_urlsafe(24), "token_type": "Bearer", "expires_in": 300,
                             "id_token": token})


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, default=0)
    arguments = parser.parse_args()
    server = ThreadingHTTPServer(("127.0.0.1", arguments.port), Handler)
    PROVIDER.issuer = f"http://127.0.0.1:{server.server_address[1]}"
    print(f"port={server.server_address[1]}", flush=True)
    server.serve_forever()


if __name__ == "__main__":
    sys.exit(main())
