"""Issue 38, SAML 2.0 sign-in over real sockets, with Responses made by another implementation (signxml) for the
AuthnRequest the server actually sent: an admin pastes the IdP's metadata; the log-in page's button sends the browser
to the IdP by HTTP-Redirect; the IdP's Response, posted to our Assertion Consumer Service without a CSRF field, signs
that browser in (and only that browser: the sign-in's cookie must come back); a replayed, unsigned or foreign Response
signs nobody in. (The checks of every forged Response are in Tests/SAMLTests.)"""
import base64
import datetime
import os
import sys
import re
import urllib.parse
import uuid
import zlib

import pytest
import requests
from cryptography.hazmat.primitives import serialization
from lxml import etree
from signxml import XMLSigner, methods

from conftest import ROOT, start_resett
from journeys import csrf, signed_in

sys.path.insert(0, os.path.join(ROOT, "Tests", "Support"))
from saml_idp import signing_pair  # noqa: E402  (the identity provider's own helper)

IDP = "https://idp.uni.example.ac.uk/idp"
SSO = "https://idp.uni.example.ac.uk/idp/profile/SAML2/Redirect/SSO"


def metadata(certificate):
    body = "".join(certificate.public_bytes(serialization.Encoding.PEM).decode().strip().splitlines()[1:-1])
    return f"""<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" xmlns:ds="http://www.w3.org/2000/09/xmldsig#" entityID="{IDP}">
  <md:IDPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">
    <md:KeyDescriptor use="signing"><ds:KeyInfo><ds:X509Data><ds:X509Certificate>{body}</ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor>
    <md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="{SSO}"/>
  </md:IDPSSODescriptor>
</md:EntityDescriptor>"""


def stamp(moment):
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ")


def saml_response(key, certificate, request_id, acs, audience, name_id, email, sign=True):
    now = datetime.datetime.now(datetime.timezone.utc)
    until = stamp(now + datetime.timedelta(minutes=5))
    assertion = f"""<saml:Assertion xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="_{uuid.uuid4().hex}" Version="2.0" IssueInstant="{stamp(now)}"><saml:Issuer>{IDP}</saml:Issuer><saml:Subject><saml:NameID>{name_id}</saml:NameID><saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData InResponseTo="{request_id}" NotOnOrAfter="{until}" Recipient="{acs}"/></saml:SubjectConfirmation></saml:Subject><saml:Conditions NotBefore="{stamp(now - datetime.timedelta(minutes=1))}" NotOnOrAfter="{until}"><saml:AudienceRestriction><saml:Audience>{audience}</saml:Audience></saml:AudienceRestriction></saml:Conditions><saml:AttributeStatement><saml:Attribute Name="mail"><saml:AttributeValue>{email}</saml:AttributeValue></saml:Attribute></saml:AttributeStatement></saml:Assertion>"""
    if sign:
        element = etree.fromstring(assertion)
        signer = XMLSigner(method=methods.enveloped, signature_algorithm="rsa-sha256", digest_algorithm="sha256",
                           c14n_algorithm="http://www.w3.org/2001/10/xml-exc-c14n#")
        assertion = etree.tostring(signer.sign(element, key=key, cert=[certificate], reference_uri="#" + element.get("ID"))).decode()
    xml = f"""<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="_{uuid.uuid4().hex}" Version="2.0" IssueInstant="{stamp(now)}" Destination="{acs}" InResponseTo="{request_id}"><saml:Issuer>{IDP}</saml:Issuer><samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>{assertion}</samlp:Response>"""
    return base64.b64encode(xml.encode()).decode()


@pytest.fixture(scope="module")
def saml_server():
    running = start_resett(export=False)
    url, database = next(running)
    yield url, database
    next(running, None)


def begin(server):
    """A browser presses the log-in page's button: returns its session, our AuthnRequest's ID and the RelayState."""
    browser = requests.Session()
    page = browser.get(server + "/login").text
    action = re.search(r'<form method="post" action="(/login/sso/[0-9a-f]{32})"', page).group(1)
    answer = browser.post(server + action, data={"_csrf": csrf(page), "next": "/"}, allow_redirects=False)
    assert answer.status_code == 303, answer.text
    location = urllib.parse.urlparse(answer.headers["Location"])
    assert location.scheme + "://" + location.netloc + location.path == SSO
    query = urllib.parse.parse_qs(location.query)
    request = zlib.decompress(base64.b64decode(query["SAMLRequest"][0]), -15).decode()
    return browser, re.search(r' ID="([^"]+)"', request).group(1), query["RelayState"][0], request


def test_saml_sign_in_from_metadata_to_a_signed_in_browser(saml_server):
    server, database = saml_server
    key, certificate = signing_pair("idp.uni.example.ac.uk")
    admin = signed_in(server, database, f"saml-admin-{uuid.uuid4().hex[:6]}@example.com", role="admin")
    page = admin.get(server + "/admin/single-sign-on").text
    assert "Or use SAML 2.0" in page and "/sso/saml/metadata" in page
    refused = admin.post(server + "/admin/single-sign-on/saml", data={"_csrf": csrf(page), "saml_display_name": "University",
                                                                    "metadata": "<!DOCTYPE x><x/>"}, allow_redirects=False)
    assert refused.status_code == 422 and "isn’t metadata we can read" in refused.text
    saved = admin.post(server + "/admin/single-sign-on/saml", data={"_csrf": csrf(page), "saml_display_name": "University",
                                                                  "metadata": metadata(certificate)}, allow_redirects=False)
    assert saved.status_code == 303, saved.text
    assert f"In use with <strong>{IDP}</strong>" in admin.get(server + "/admin/single-sign-on").text

    ours = requests.get(server + "/sso/saml/metadata")
    assert ours.status_code == 200 and ours.headers["Content-Type"].startswith("application/samlmetadata+xml")
    entity_id = re.search(r'entityID="([^"]+)"', ours.text).group(1)
    acs = re.search(r'AssertionConsumerService [^>]*Location="([^"]+)"', ours.text).group(1)
    assert entity_id.endswith("/sso/saml/metadata") and acs.endswith("/sso/saml/acs")

    browser, request_id, relay_state, request = begin(server)
    assert f'AssertionConsumerServiceURL="{acs}"' in request and entity_id in request
    response = saml_response(key, certificate, request_id, acs, entity_id, "student-8841", "student.8841@uni.example.ac.uk")
    # The IdP's page posts the form in the browser: a cross-site POST, so no cookie and no CSRF field.
    idp_post = requests.post(server + "/sso/saml/acs", data={"SAMLResponse": response, "RelayState": relay_state}, allow_redirects=False)
    assert idp_post.status_code == 303 and idp_post.headers["Location"] == "/login/sso/callback?state=" + relay_state
    # Someone else's browser following it (no sign-in cookie) is not signed in: a Response cannot be planted.
    planted = requests.get(server + idp_post.headers["Location"], allow_redirects=False)
    assert planted.status_code == 400
    # Replayed, it is refused (the Assertion is spent).
    replayed = requests.post(server + "/sso/saml/acs", data={"SAMLResponse": response, "RelayState": relay_state}, allow_redirects=False)
    assert replayed.status_code == 401 and "couldn’t confirm who you are" in replayed.text

    # A fresh sign-in, finished in the browser that began it.
    browser, request_id, relay_state, _ = begin(server)
    response = saml_response(key, certificate, request_id, acs, entity_id, "student-8841", "student.8841@uni.example.ac.uk")
    idp_post = requests.post(server + "/sso/saml/acs", data={"SAMLResponse": response, "RelayState": relay_state}, allow_redirects=False)
    finished = browser.get(server + idp_post.headers["Location"], allow_redirects=False)
    assert finished.status_code == 303, finished.text
    assert "student.8841@uni.example.ac.uk" in browser.get(server + "/account/profile").text

    # The IdP (which an admin configures) asserting a staff member's address does not take over their account.
    staff_email = f"saml-staff-{uuid.uuid4().hex[:6]}@example.com"
    signed_in(server, database, staff_email, role="admin")
    browser, request_id, relay_state, _ = begin(server)
    takeover = saml_response(key, certificate, request_id, acs, entity_id, "someone-else", staff_email)
    idp_post = requests.post(server + "/sso/saml/acs", data={"SAMLResponse": takeover, "RelayState": relay_state}, allow_redirects=False)
    refused = browser.get(server + idp_post.headers["Location"], allow_redirects=False)
    assert refused.status_code == 403 and "staff account" in refused.text
    assert "resett_session=" not in refused.headers.get("Set-Cookie", "").replace("resett_session=;", "")

    # Unsigned, or for another service provider: nobody is signed in.
    for unsigned, audience in [(True, entity_id), (False, "https://another-sp.example/metadata")]:
        browser, request_id, relay_state, _ = begin(server)
        bad = saml_response(key, certificate, request_id, acs, audience, "admin", "admin@uni.example.ac.uk", sign=not unsigned)
        answer = requests.post(server + "/sso/saml/acs", data={"SAMLResponse": bad, "RelayState": relay_state}, allow_redirects=False)
        assert answer.status_code == 401


@pytest.fixture(scope="module")
def university():
    """A Resett on a fixed port (our entity id and ACS are built from configuration) and a pysaml2 identity provider
    (Tests/Support/saml_idp.py) that knows Resett from its metadata; an admin gives Resett the IdP's metadata address."""
    import os
    import subprocess
    import sys
    import tempfile
    from conftest import ROOT, free_port
    running = start_resett(["--allow-loopback-identity-provider"], export=False, port=free_port())
    server, database = next(running)
    sp_metadata = os.path.join(tempfile.mkdtemp(prefix="saml-sp-"), "sp.xml")
    with open(sp_metadata, "w") as out:
        out.write(requests.get(server + "/sso/saml/metadata").text)
    idp = subprocess.Popen([sys.executable, os.path.join(ROOT, "Tests", "Support", "saml_idp.py"), "--sp-metadata", sp_metadata],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    idp_url = "http://127.0.0.1:" + idp.stdout.readline().strip().split("=")[1]
    admin = signed_in(server, database, f"uni-admin-{uuid.uuid4().hex[:6]}@example.com", role="admin")
    page = admin.get(server + "/admin/single-sign-on").text
    saved = admin.post(server + "/admin/single-sign-on/saml", data={"_csrf": csrf(page), "saml_display_name": "University of Example",
                                                                  "metadata_url": idp_url + "/metadata"}, allow_redirects=False)
    assert saved.status_code == 303, saved.text
    yield server, idp_url, admin, database
    idp.terminate()
    idp.wait(timeout=10)
    next(running, None)


def test_a_student_signs_in_in_chromium_through_the_universitys_identity_provider(university, browser):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import WebDriverWait
    from pages import check_page
    server, idp_url, admin, _ = university
    requests.post(idp_url + "/_control", json={"name_id": "s-20417", "mail": "s.20417@uni.example.ac.uk"}).raise_for_status()
    browser.get(server + "/login")
    problems = check_page(browser, "login-saml", server)
    button = browser.find_element(By.XPATH, "//button[contains(normalize-space(), 'Continue with University of Example')]")
    button.send_keys(Keys.ENTER)
    # The IdP's page posts its signed Response back to us; the callback signs this browser in (a new account's welcome).
    WebDriverWait(browser, 20).until(lambda driver: driver.current_url.startswith(server) and "/sso/saml/acs" not in driver.current_url
                                     and "/login" not in driver.current_url.replace("/login/sso/callback", "/callback"))
    assert browser.current_url in (server + "/welcome", server + "/"), browser.find_element(By.TAG_NAME, "main").text
    browser.get(server + "/account/profile")
    assert "s.20417@uni.example.ac.uk" in browser.page_source
    assert "1 account has signed in with it" in admin.get(server + "/admin/single-sign-on").text
    assert problems == [], "\n".join(problems)


def test_the_admin_page_offers_saml_and_shows_what_to_give_the_identity_provider(university, browser):
    from selenium.webdriver.common.by import By
    from journeys import member
    from pages import check_page
    server, idp_url, _, database = university
    member(browser, server, f"uni-admin-page-{uuid.uuid4().hex[:6]}@example.com", role="admin", database=database)
    browser.get(server + "/admin/single-sign-on")
    assert browser.find_element(By.ID, "saml-metadata-url").get_attribute("value") == server + "/sso/saml/metadata"
    assert browser.find_element(By.ID, "saml-acs-url").get_attribute("value") == server + "/sso/saml/acs"
    assert "In use with" in browser.find_element(By.ID, "saml-heading").find_element(By.XPATH, "..").text
    problems = check_page(browser, "admin-single-sign-on-saml", server)
    assert problems == [], "\n".join(problems)
