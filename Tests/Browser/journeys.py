"""What the browser journeys share: moving through pages, filling fields, signing up and in."""
import os
import re
import time

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait



def gone(element):
    """A wait condition: the old page's element no longer belongs to the document. Chromium reports that
    either as a stale reference or, mid-navigation, as an inspector error; both mean the page changed."""
    def check(_):
        try:
            element.is_enabled()
            return False
        except Exception:
            return True
    return check


def go(driver, element):
    """Clicks something that loads a new page and waits until the new page has loaded. Like a person, it first
    scrolls the thing to the middle of the screen (on a phone the tab bar covers the bottom edge)."""
    old = driver.find_element(By.TAG_NAME, "html")
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
    element.click()
    WebDriverWait(driver, 15).until(gone(old))
    WebDriverWait(driver, 15).until(lambda d: d.execute_script("return document.readyState") == "complete")


def fill(driver, field_id, text):
    element = driver.find_element(By.ID, field_id)
    element.clear()
    element.send_keys(text)


def confirmation_path(email):
    """The /signup/confirm link mailed to `email`, from the server's outbox (written off the request path)."""
    outbox = os.environ["RESETT_TEST_OUTBOX"]
    deadline = time.time() + 10
    while time.time() < deadline:
        for name in sorted(os.listdir(outbox) if os.path.isdir(outbox) else [], reverse=True):
            with open(os.path.join(outbox, name), encoding="utf-8") as mail:
                text = mail.read()
            match = re.search(r"(/signup/confirm\?token=[0-9a-f]{64})", text)
            if f"To: {email}" in text and match:
                return match.group(1)
        time.sleep(0.1)
    raise AssertionError(f"no confirmation mail for {email}")


def sign_up(driver, server, email, check=None):
    """Signs up through the form and the mailed link; `check(name)` is called on each page on the way."""
    driver.get(server + "/signup")
    fill(driver, "email", email)
    fill(driver, "password", "a calm and steady passphrase")
    go(driver, driver.find_element(By.CSS_SELECTOR, "main form button[type=submit]"))
    assert "Check your email" in driver.page_source
    if check: check("sign-up-check-email")
    driver.get(server + confirmation_path(email))
    if check: check("sign-up-confirm")
    go(driver, driver.find_element(By.CSS_SELECTOR, "main form button[type=submit]"))


def member(driver, server, email, role="member", database=None):
    """A new account made by the operator's command (sign-ups from one address are limited to ten an hour, and
    the sign-up journey has its own tests), then signed in through the login form (the password's, not a single
    sign-on button above it). `database` defaults to the shared server's."""
    import subprocess
    from conftest import ROOT
    subprocess.run([os.path.join(ROOT, ".build", "debug", "resett"), "user", "create", "--tenant", "default", "--email", email,
                    "--role", role, "--password-stdin", "--db", database or os.environ["RESETT_TEST_DB"], "--root", ROOT],
                   input="a calm and steady passphrase\n", text=True, check=True, capture_output=True)
    driver.get(server + "/login")
    fill(driver, "email", email)
    fill(driver, "password", "a calm and steady passphrase")
    go(driver, driver.find_element(By.ID, "password").find_element(By.XPATH, "ancestor::form//button[@type='submit']"))
    # A new account's first sign-in shows the welcome once (its own journey tests it); these journeys start at home.
    assert driver.current_url == server + "/welcome", driver.current_url
    driver.get(server + "/")


def csrf(html):
    """The `_csrf` field of a page's form."""
    return re.search(r'name="_csrf" value="([^"]+)"', html).group(1)


def signed_in(server, database, email, role="member", password="a calm and steady passphrase"):
    """A `requests` session signed in through the log-in form, for an account the operator's command made."""
    import subprocess
    import requests
    from conftest import ROOT
    subprocess.run([os.path.join(ROOT, ".build", "debug", "resett"), "user", "create", "--tenant", "default", "--email", email,
                    "--role", role, "--password-stdin", "--db", database, "--root", ROOT],
                   input=password + "\n", text=True, check=True, capture_output=True)
    session = requests.Session()
    page = session.get(server + "/login")
    answer = session.post(server + "/login", data={"_csrf": csrf(page.text), "email": email, "password": password, "next": "/"},
                          allow_redirects=False)
    assert answer.status_code == 303, answer.text
    return session


def press(driver, button_text):
    """Submits with the keyboard: Enter on the named button, then waits for the next page."""
    old = driver.find_element(By.TAG_NAME, "html")
    driver.find_element(By.XPATH, f"//button[normalize-space()='{button_text}']").send_keys(Keys.ENTER)
    WebDriverWait(driver, 10).until(gone(old))


def small_png(path):
    """A real 96 × 32 PNG (an accent-coloured bar), written with zlib, so the browser can draw it."""
    import struct
    import zlib

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    rows = b"".join(b"\x00" + bytes([15, 122, 92, 255]) * 96 for _ in range(32))
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 96, 32, 8, 6, 0, 0, 0))
                + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))
