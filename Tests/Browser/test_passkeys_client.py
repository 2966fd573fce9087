"""Issue 37: passkeys checked with an independent WebAuthn client, python-fido2 (Yubico's library, from PyPI): its
own CBOR, COSE keys and authenticator data, keys from `cryptography`, over real sockets against the real server.
ES256 and RS256 passkeys are added on the security page and sign in; a replay, another origin and another key are
refused. (The Chromium journey with its virtual authenticator is test_passkeys.py.)"""
import json
import os

import pytest
import requests
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec, padding, rsa
from fido2.cose import ES256, RS256
from fido2.utils import sha256, websafe_decode, websafe_encode
from fido2.webauthn import AttestationObject, AttestedCredentialData, AuthenticatorData, CollectedClientData

from journeys import csrf, signed_in

FLAGS = AuthenticatorData.FLAG.UP | AuthenticatorData.FLAG.UV | AuthenticatorData.FLAG.BE | AuthenticatorData.FLAG.BS


class Authenticator:
    """A passkey as python-fido2 builds one; what it sends is what a browser's navigator.credentials gives our script."""

    def __init__(self, algorithm, rp_id, origin):
        self.rp_id, self.origin, self.counter = rp_id, origin, 0
        self.credential_id = os.urandom(32)
        if algorithm == "ES256":
            self.key = ec.generate_private_key(ec.SECP256R1())
            self.cose = ES256.from_cryptography_key(self.key.public_key())
        else:
            self.key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
            self.cose = RS256.from_cryptography_key(self.key.public_key())
        self.user_handle = b""

    def sign(self, data):
        if isinstance(self.key, ec.EllipticCurvePrivateKey):
            return self.key.sign(data, ec.ECDSA(hashes.SHA256()))
        return self.key.sign(data, padding.PKCS1v15(), hashes.SHA256())

    def create(self, options):
        self.user_handle = websafe_decode(options["user"]["id"])
        client = CollectedClientData.create(type="webauthn.create", challenge=websafe_decode(options["challenge"]), origin=self.origin)
        credential = AttestedCredentialData.create(bytes(16), self.credential_id, self.cose)
        auth = AuthenticatorData.create(sha256(self.rp_id.encode()), FLAGS | AuthenticatorData.FLAG.AT, 0, credential)
        attestation = AttestationObject.create("none", auth, {})
        return self.json({"clientDataJSON": bytes(client), "attestationObject": bytes(attestation)})

    def get(self, options, origin=None):
        self.counter += 1
        client = CollectedClientData.create(type="webauthn.get", challenge=websafe_decode(options["challenge"]),
                                            origin=origin or self.origin)
        auth = AuthenticatorData.create(sha256(self.rp_id.encode()), FLAGS, self.counter)
        signature = self.sign(bytes(auth) + sha256(bytes(client)))
        return self.json({"clientDataJSON": bytes(client), "authenticatorData": bytes(auth), "signature": signature,
                          "userHandle": self.user_handle})

    def json(self, response):
        encoded = websafe_encode(self.credential_id)
        return json.dumps({"id": encoded, "rawId": encoded, "type": "public-key",
                           "response": {k: websafe_encode(v) for k, v in response.items()}})


def options(session, url, path, page):
    token = csrf(session.get(url + page).text)
    answer = session.post(url + path, data={"_csrf": token})
    assert answer.status_code == 200 and answer.headers["content-type"].startswith("application/json"), answer.text
    return answer.json()["publicKey"], token


def sign_in(url, authenticator, origin=None):
    visitor = requests.Session()
    publicKey, token = options(visitor, url, "/login/passkey/options", "/login")
    answer = visitor.post(url + "/login/passkey", data={"_csrf": token, "next": "/calendar", "credential": authenticator.get(publicKey, origin)},
                          allow_redirects=False)
    return visitor, answer


@pytest.mark.parametrize("algorithm", ["ES256", "RS256"])
def test_python_fido2_passkeys_register_and_sign_in(fixed_port_server, algorithm):
    url, database = fixed_port_server
    member = signed_in(url, database, f"fido2-{algorithm.lower()}@example.com")
    authenticator = Authenticator(algorithm, "localhost", url)
    publicKey, token = options(member, url, "/account/passkeys/options", "/account/security")
    assert publicKey["rp"]["id"] == "localhost" and publicKey["authenticatorSelection"]["userVerification"] == "required"
    assert {"type": "public-key", "alg": -7} in publicKey["pubKeyCredParams"] and publicKey["attestation"] == "none"
    added = member.post(url + "/account/passkeys", data={"_csrf": token, "name": f"fido2 {algorithm}", "credential": authenticator.create(publicKey)},
                        allow_redirects=False)
    assert added.status_code == 303, added.text
    assert f"fido2 {algorithm}" in member.get(url + "/account/security").text

    visitor, answer = sign_in(url, authenticator)
    assert answer.status_code == 303 and answer.headers["location"] == "/calendar", answer.text
    assert visitor.get(url + "/calendar", allow_redirects=False).status_code == 200

    # Another origin (the same host on another port), and the same answer twice: refused, and nobody is signed in.
    stranger, refused = sign_in(url, authenticator, origin="http://localhost:1")
    assert refused.status_code == 422 and "made for a different website" in refused.text
    assert stranger.get(url + "/calendar", allow_redirects=False).status_code == 303
    replayer = requests.Session()
    publicKey, token = options(replayer, url, "/login/passkey/options", "/login")
    signed = authenticator.get(publicKey)
    first = replayer.post(url + "/login/passkey", data={"_csrf": token, "credential": signed}, allow_redirects=False)
    assert first.status_code == 303
    again = requests.Session()
    again_token = csrf(again.get(url + "/login").text)
    second = again.post(url + "/login/passkey", data={"_csrf": again_token, "credential": signed}, allow_redirects=False)
    assert second.status_code in (409, 422) and "resett_session" not in second.cookies
    # A key the server has never seen, claiming this credential's id, does not sign in.
    impostor = Authenticator(algorithm, "localhost", url)
    impostor.credential_id, impostor.user_handle = authenticator.credential_id, authenticator.user_handle
    _, forged = sign_in(url, impostor)
    assert forged.status_code == 422
