"""A real SAML 2.0 identity provider for the tests, built on pysaml2 (which signs with the xmlsec1 tool): its metadata
at /metadata, and a single sign-on service (HTTP-Redirect) that reads Resett's AuthnRequest, signs the chosen person
straight in, and answers with a signed Assertion by the HTTP-POST binding (a form the browser posts to Resett's
Assertion Consumer Service).

    python3 saml_idp.py --sp-metadata FILE [--port 0]    prints "port=N" once it listens
    POST /_control {"name_id": …, "mail": …}             who signs in next
"""
import argparse
import datetime
import json
import os
import sys
import tempfile
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlparse

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import rsa
from cryptography.x509.oid import NameOID
from saml2 import BINDING_HTTP_POST, BINDING_HTTP_REDIRECT
from saml2.config import IdPConfig
from saml2.metadata import create_metadata_string
from saml2.saml import NAMEID_FORMAT_PERSISTENT, NameID
from saml2.server import Server
from saml2.authn_context import PASSWORDPROTECTEDTRANSPORT

# RSA-SHA256 and SHA-256: Resett refuses SHA-1 signatures (pysaml2's default).
SHA256_SIGNATURE = "http://www.w3.org/2001/04/xmldsig-more#rsa-sha256"
SHA256_DIGEST = "http://www.w3.org/2001/04/xmlenc#sha256"


def signing_pair(common_name="saml-idp.test"):
    """An RSA key and a self-signed certificate for it, valid from yesterday for a month (test_saml.py uses it too)."""
    key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, common_name)])
    now = datetime.datetime.now(datetime.timezone.utc)
    certificate = (x509.CertificateBuilder().subject_name(name).issuer_name(name).public_key(key.public_key())
                   .serial_number(x509.random_serial_number()).not_valid_before(now - datetime.timedelta(days=1))
                   .not_valid_after(now + datetime.timedelta(days=30)).sign(key, hashes.SHA256()))
    return key, certificate


def key_and_certificate(folder):
    key, certificate = signing_pair()
    key_path, cert_path = os.path.join(folder, "idp.key"), os.path.join(folder, "idp.crt")
    with open(key_path, "wb") as out:
        out.write(key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.TraditionalOpenSSL, serialization.NoEncryption()))
    with open(cert_path, "wb") as out:
        out.write(certificate.public_bytes(serialization.Encoding.PEM))
    return key_path, cert_path


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--sp-metadata", required=True)
    arguments = parser.parse_args()
    folder = tempfile.mkdtemp(prefix="saml-idp-")
    key_path, cert_path = key_and_certificate(folder)
    state = {"name_id": "student-1", "mail": "student.1@uni.example.ac.uk"}
    lock = threading.Lock()

    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *arguments):
            pass

        def send(self, status, body, content_type="text/html; charset=utf-8"):
            data = body.encode()
            self.send_response(status)
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def do_GET(self):
            url = urlparse(self.path)
            if url.path == "/metadata":
                return self.send(200, create_metadata_string(None, config=self.server.idp.config, sign=False).decode(), "application/samlmetadata+xml")
            if url.path != "/sso":
                return self.send(404, "not found")
            query = parse_qs(url.query)
            idp = self.server.idp
            request = idp.parse_authn_request(query["SAMLRequest"][0], BINDING_HTTP_REDIRECT)
            arguments = idp.response_args(request.message, [BINDING_HTTP_POST])
            with lock:
                person = dict(state)
            response = idp.create_authn_response(
                identity={"mail": [person["mail"]]}, userid=person["name_id"],
                name_id=NameID(format=NAMEID_FORMAT_PERSISTENT, text=person["name_id"]),
                authn={"class_ref": PASSWORDPROTECTEDTRANSPORT, "authn_auth": idp.config.entityid},
                sign_assertion=True, sign_response=False, sign_alg=SHA256_SIGNATURE, digest_alg=SHA256_DIGEST, **arguments)
            binding = idp.apply_binding(BINDING_HTTP_POST, str(response), arguments["destination"],
                                        query.get("RelayState", [""])[0], response=True)
            return self.send(200, binding["data"])

        def do_POST(self):
            if self.path != "/_control":
                return self.send(404, "not found")
            body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", "0"))) or b"{}")
            with lock:
                state.update({key: body[key] for key in ("name_id", "mail") if key in body})
            return self.send(200, "{}", "application/json")

    server = ThreadingHTTPServer(("127.0.0.1", arguments.port), Handler)
    base = f"http://127.0.0.1:{server.server_address[1]}"
    config = IdPConfig()
    config.load({
        "entityid": base + "/idp",
        "service": {"idp": {
            "endpoints": {"single_sign_on_service": [(base + "/sso", BINDING_HTTP_REDIRECT)]},
            "name_id_format": [NAMEID_FORMAT_PERSISTENT],
            "sign_assertion": True, "sign_response": False, "want_authn_requests_signed": False,
            "policy": {"default": {"lifetime": {"minutes": 5}, "attribute_restrictions": None,
                                   "name_form": "urn:oasis:names:tc:SAML:2.0:attrname-format:basic"}},
        }},
        "key_file": key_path, "cert_file": cert_path,
        "metadata": {"local": [arguments.sp_metadata]},
        "xmlsec_binary": "/usr/bin/xmlsec1",
    })
    server.idp = Server(config=config)
    print(f"port={server.server_address[1]}", flush=True)
    server.serve_forever()


if __name__ == "__main__":
    sys.exit(main())
