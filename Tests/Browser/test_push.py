"""Issue 38, reminders on a member's devices (Web Push), checked by software that is not ours: a push service on this
machine receives what the server sends, decrypts it with `http_ece` (RFC 8291, aes128gcm) using the browser's private
key and secret, and verifies the VAPID token (RFC 8292) with `cryptography` against the key the page gave the browser.
A push service that says the subscription is gone (410) makes the server forget the device. Then the page itself in
Chromium: the devices card by keyboard, its "Allow notifications" button asking the browser only when pressed, and
without JavaScript a plain word instead of a button that cannot work."""
import base64
import http.server
import json
import os
import re
import threading
import time
import uuid

import http_ece
import pytest
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import start_resett
from journeys import csrf, go, member, signed_in
from pages import check_page


def b64(data):
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def unb64(text):
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


class PushService:
    """Keeps every message it is sent and answers with `status`."""

    def __init__(self):
        self.messages, self.status = [], 201
        service = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
                service.messages.append((self.path, dict(self.headers), body))
                self.send_response(service.status)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *arguments):
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.port = self.server.server_address[1]
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def wait_for(self, count, seconds=15):
        deadline = time.time() + seconds
        while len(self.messages) < count and time.time() < deadline:
            time.sleep(0.05)
        return self.messages


@pytest.fixture(scope="module")
def push_server():
    """A Resett that may send push messages to this machine's push service (http on loopback, for tests only)."""
    running = start_resett(extra_arguments=["--allow-loopback-push-service"], export=False)
    url, database = next(running)
    yield url, database
    next(running, None)


def verify_vapid(authorization, application_server_key, audience):
    """RFC 8292 §3: `vapid t=<JWT>, k=<our public key>`; the JWT is ES256 over header.claims, signed by that key."""
    match = re.fullmatch(r"vapid t=([\w-]+)\.([\w-]+)\.([\w-]+), k=([\w-]+)", authorization)
    assert match, authorization
    header, claims, signature, key = match.groups()
    assert key == application_server_key, "the key the page gave the browser to subscribe with"
    assert json.loads(unb64(header)) == {"alg": "ES256", "typ": "JWT"}
    public = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), unb64(key))
    raw = unb64(signature)
    assert len(raw) == 64
    der = encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big"))
    public.verify(der, f"{header}.{claims}".encode(), ec.ECDSA(hashes.SHA256()))  # raises if not ours
    body = json.loads(unb64(claims))
    assert body["aud"] == audience
    assert time.time() < body["exp"] <= time.time() + 24 * 3600
    assert body["sub"].startswith(("https://", "http://", "mailto:"))


def test_a_reminder_reaches_the_device_encrypted_and_signed_and_a_gone_device_is_forgotten(push_server):
    server, database = push_server
    service = PushService()
    session = signed_in(server, database, f"push-{uuid.uuid4().hex[:8]}@example.com")
    page = session.get(server + "/account/reminders").text
    application_server_key = re.search(r'data-push-key="([\w-]+)"', page).group(1)

    # What a browser's pushManager.subscribe() makes: its own P-256 key pair and a 16-byte secret.
    browser_key = ec.generate_private_key(ec.SECP256R1())
    secret = os.urandom(16)
    point = browser_key.public_key().public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
    endpoint = f"http://127.0.0.1:{service.port}/wpush/v2/{uuid.uuid4().hex}"
    added = session.post(server + "/account/reminders/devices", allow_redirects=False,
                         data={"_csrf": csrf(page), "endpoint": endpoint, "p256dh": b64(point), "auth": b64(secret)})
    assert added.status_code == 303 and added.headers["Location"] == "/account/reminders?notice=device-added"

    page = session.get(server + "/account/reminders").text
    assert "Send a test notification" in page
    sent = session.post(server + "/account/reminders/devices/test", data={"_csrf": csrf(page)}, allow_redirects=False)
    assert sent.status_code == 303
    path, headers, body = service.wait_for(1)[0]
    assert path == endpoint.split(str(service.port))[1]
    assert headers["Content-Encoding"] == "aes128gcm" and int(headers["TTL"]) > 0
    verify_vapid(headers["Authorization"], application_server_key, f"http://127.0.0.1:{service.port}")
    message = json.loads(http_ece.decrypt(body, private_key=browser_key, auth_secret=secret, version="aes128gcm"))
    assert message["title"] == "A gentle reminder from Resett", "and nothing more"
    assert message["url"].endswith("/account/reminders")
    assert b"Resett" not in body, "the push service cannot read it"

    # The push service says the subscription is gone: the device is forgotten.
    service.status = 410
    page = session.get(server + "/account/reminders").text
    session.post(server + "/account/reminders/devices/test", data={"_csrf": csrf(page)}, allow_redirects=False)
    service.wait_for(2)
    deadline = time.time() + 10
    while "No devices yet." not in session.get(server + "/account/reminders").text and time.time() < deadline:
        time.sleep(0.1)
    assert "No devices yet." in session.get(server + "/account/reminders").text


def test_the_devices_card_by_keyboard_asks_the_browser_only_when_pressed(browser, server):
    member(browser, server, f"devices-{uuid.uuid4().hex[:8]}@example.com")
    browser.get(server + "/account/reminders")
    assert browser.find_element(By.ID, "byEmail").is_selected(), "email is on until the member turns it off"
    allow = browser.find_element(By.XPATH, "//button[normalize-space()='Allow notifications on this device']")
    assert allow.is_displayed()
    assert not browser.find_element(By.CSS_SELECTOR, "[data-push-unsupported]").is_displayed()
    assert browser.execute_script("return Notification.permission") == "default", "nothing asked before the press"
    problems = check_page(browser, "account-reminders-devices", server)
    allow.send_keys(Keys.ENTER)
    # Headless Chromium has no push service to subscribe with: the member is told, kindly, and nothing else changes.
    status = browser.find_element(By.CSS_SELECTOR, "[data-push-status]")
    deadline = time.time() + 10
    while status.get_attribute("textContent") in ("", "Waiting for your browser…") and time.time() < deadline:
        time.sleep(0.1)
    assert "email reminders still work" in status.get_attribute("textContent").lower() or "turned off" in status.get_attribute("textContent")
    assert "No devices yet." in browser.page_source
    assert problems == [], "\n".join(problems)


def test_without_javascript_the_devices_card_says_what_notifications_need(browser_without_javascript, server):
    driver = browser_without_javascript
    member(driver, server, f"devices-nojs-{uuid.uuid4().hex[:8]}@example.com")
    driver.get(server + "/account/reminders")
    assert driver.find_element(By.CSS_SELECTOR, "[data-push-unsupported]").is_displayed()
    assert not driver.find_element(By.XPATH, "//button[normalize-space()='Allow notifications on this device']").is_displayed()
    # Email can be turned off and on again without a script.
    driver.find_element(By.ID, "byEmail").click()
    go(driver, driver.find_element(By.XPATH, "//button[normalize-space()='Save reminders']"))
    assert "Your reminders have been saved." in driver.page_source
    assert not driver.find_element(By.ID, "byEmail").is_selected()
