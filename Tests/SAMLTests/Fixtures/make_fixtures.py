"""Writes the SAML Responses SAMLTests checks, signed by an identity provider key made here (and thrown away: only its
certificate is kept) with signxml, an implementation that is not ours. Run it again only to change a fixture:
    python3 Tests/SAMLTests/Fixtures/make_fixtures.py
Every fixture answers request "_request1" to https://resett.example/sso/saml/acs, issued at 2026-11-26T12:00:00Z."""
import datetime
import os

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import rsa
from cryptography.x509.oid import NameOID
from lxml import etree
from signxml import XMLSigner, methods

HERE = os.path.dirname(os.path.abspath(__file__))
ACS, SP, IDP = "https://resett.example/sso/saml/acs", "https://resett.example/sso/saml/metadata", "https://idp.uni.example.ac.uk/idp"


def key_and_certificate(name):
    key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    subject = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, name)])
    now = datetime.datetime(2026, 1, 1, tzinfo=datetime.timezone.utc)
    certificate = (x509.CertificateBuilder().subject_name(subject).issuer_name(subject).public_key(key.public_key())
                   .serial_number(x509.random_serial_number()).not_valid_before(now)
                   .not_valid_after(now + datetime.timedelta(days=3650)).sign(key, hashes.SHA256()))
    return key, certificate


def assertion(assertion_id="_assertion1", name_id="alex@uni.example.ac.uk", audience=SP, recipient=ACS, issuer=IDP,
              not_before="2026-11-26T11:59:00Z", not_on_or_after="2026-11-26T12:05:00Z", in_response_to="_request1"):
    return f"""<saml:Assertion xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="{assertion_id}" Version="2.0" IssueInstant="2026-11-26T12:00:00Z"><saml:Issuer>{issuer}</saml:Issuer><saml:Subject><saml:NameID Format="urn:oasis:names:tc:SAML:2.0:nameid-format:persistent">{name_id}</saml:NameID><saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData InResponseTo="{in_response_to}" NotOnOrAfter="{not_on_or_after}" Recipient="{recipient}"/></saml:SubjectConfirmation></saml:Subject><saml:Conditions NotBefore="{not_before}" NotOnOrAfter="{not_on_or_after}"><saml:AudienceRestriction><saml:Audience>{audience}</saml:Audience></saml:AudienceRestriction></saml:Conditions><saml:AuthnStatement AuthnInstant="2026-11-26T12:00:00Z"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement><saml:AttributeStatement><saml:Attribute Name="urn:oid:0.9.2342.19200300.100.1.3" FriendlyName="mail"><saml:AttributeValue>alex@uni.example.ac.uk</saml:AttributeValue></saml:Attribute></saml:AttributeStatement></saml:Assertion>"""


def signed(xml, key, certificate, algorithm="rsa-sha256", digest="sha256"):
    element = etree.fromstring(xml)
    # signxml refuses SHA-1 unless asked not to check: the sha1 fixture is there to be refused by us.
    class Signer(XMLSigner):
        def check_deprecated_methods(self):
            if not algorithm.endswith("sha1"):
                super().check_deprecated_methods()
    signer = Signer(method=methods.enveloped, signature_algorithm=algorithm, digest_algorithm=digest,
                    c14n_algorithm="http://www.w3.org/2001/10/xml-exc-c14n#")
    result = signer.sign(element, key=key, cert=[certificate], reference_uri="#" + element.get("ID"))
    return etree.tostring(result).decode()


def response(inner, destination=ACS, status="urn:oasis:names:tc:SAML:2.0:status:Success", in_response_to="_request1", doctype=""):
    return f"""<?xml version="1.0" encoding="UTF-8"?>{doctype}
<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="_response1" Version="2.0" IssueInstant="2026-11-26T12:00:00Z" Destination="{destination}" InResponseTo="{in_response_to}"><saml:Issuer>{IDP}</saml:Issuer><samlp:Status><samlp:StatusCode Value="{status}"/></samlp:Status>{inner}</samlp:Response>"""


def main():
    key, certificate = key_and_certificate("idp.uni.example.ac.uk")
    other_key, other_certificate = key_and_certificate("someone.else.example")
    pem = certificate.public_bytes(serialization.Encoding.PEM).decode()
    fixtures = {}
    good = signed(assertion(), key, certificate)
    fixtures["valid"] = response(good)
    fixtures["unsigned"] = response(assertion())
    fixtures["other-key"] = response(signed(assertion(), other_key, other_certificate))
    fixtures["sha1"] = response(signed(assertion(), key, certificate, "rsa-sha1", "sha1"))
    fixtures["expired"] = response(signed(assertion(not_on_or_after="2026-11-26T11:00:00Z", not_before="2026-11-26T10:55:00Z"), key, certificate))
    fixtures["not-yet"] = response(signed(assertion(not_before="2026-11-26T13:00:00Z", not_on_or_after="2026-11-26T13:05:00Z"), key, certificate))
    fixtures["wrong-audience"] = response(signed(assertion(audience="https://another-sp.example/metadata"), key, certificate))
    fixtures["wrong-recipient"] = response(signed(assertion(recipient="https://another-sp.example/acs"), key, certificate))
    fixtures["wrong-issuer"] = response(signed(assertion(issuer="https://idp.evil.example/idp"), key, certificate))
    fixtures["wrong-destination"] = response(good, destination="https://another-sp.example/acs")
    fixtures["not-success"] = response("", status="urn:oasis:names:tc:SAML:2.0:status:Requester")
    fixtures["unsolicited"] = response(signed(assertion(in_response_to="_someone-elses"), key, certificate), in_response_to="_someone-elses")
    fixtures["mismatched-request"] = response(good, in_response_to="_request2")
    # The comment-injection class (CVE-2017-11427 and kin): signed for "alex@uni.example.ac.uk.evil.example", a comment
    # added afterwards (exclusive canonicalisation drops comments, so the signature still verifies).
    evil = signed(assertion(name_id="alex@uni.example.ac.uk.evil.example"), key, certificate)
    fixtures["comment"] = response(evil.replace("alex@uni.example.ac.uk.evil.example", "alex@uni.example.ac.uk<!---->.evil.example"))
    # Signature wrapping: an unsigned assertion for someone else where the reader looks, the signed one tucked away.
    forged = assertion(assertion_id="_forged", name_id="admin@uni.example.ac.uk")
    fixtures["wrapped"] = response(forged.replace("</saml:Assertion>", "") + good + "</saml:Assertion>")
    # The forged assertion carries the genuine signature (still referring to the genuine assertion, now in Extensions).
    genuine_signature = good[good.index("<ds:Signature"):good.index("</ds:Signature>") + len("</ds:Signature>")]
    hidden = '<samlp:Extensions>' + good.replace(genuine_signature, "") + '</samlp:Extensions>'
    moved = forged.replace("<saml:Subject>", genuine_signature + "<saml:Subject>", 1)
    fixtures["wrapped-signature"] = response(hidden + moved).replace('<saml:Issuer>' + IDP + '</saml:Issuer><samlp:Status>', '<saml:Issuer>' + IDP + '</saml:Issuer>' + '<samlp:Status>')
    # The same ID twice: the reference could find either.
    fixtures["duplicate-id"] = response(good + assertion(name_id="admin@uni.example.ac.uk"))
    fixtures["xxe"] = response(good.replace("alex@uni.example.ac.uk</saml:NameID>", "&xxe;</saml:NameID>"),
                               doctype='<!DOCTYPE samlp:Response [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>')
    fixtures["two-assertions"] = response(good + signed(assertion(assertion_id="_assertion2"), key, certificate))
    for name, xml in fixtures.items():
        with open(os.path.join(HERE, name + ".xml"), "w") as out:
            out.write(xml)
    with open(os.path.join(HERE, "idp-certificate.pem"), "w") as out:
        out.write(pem)
    with open(os.path.join(HERE, "other-certificate.pem"), "w") as out:
        out.write(other_certificate.public_bytes(serialization.Encoding.PEM).decode())
    body = "".join(pem.strip().splitlines()[1:-1])
    with open(os.path.join(HERE, "idp-metadata.xml"), "w") as out:
        out.write(f"""<?xml version="1.0"?>
<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" xmlns:ds="http://www.w3.org/2000/09/xmldsig#" entityID="{IDP}">
  <md:IDPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">
    <md:KeyDescriptor use="signing"><ds:KeyInfo><ds:X509Data><ds:X509Certificate>
{body}
    </ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor>
    <md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" Location="https://idp.uni.example.ac.uk/idp/profile/SAML2/POST/SSO"/>
    <md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="https://idp.uni.example.ac.uk/idp/profile/SAML2/Redirect/SSO"/>
  </md:IDPSSODescriptor>
</md:EntityDescriptor>
""")


main()
