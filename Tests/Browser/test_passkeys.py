"""Issue 37: passkeys and the app lock in Chromium, with its virtual authenticator (the DevTools protocol's
WebAuthn.addVirtualAuthenticator, through Selenium): a passkey added on the security page, used to sign in from the
log-in page's button, and to open the app lock; every page on the way axe-clean at 320/375/1280 px in both themes."""
import os
import sqlite3
import subprocess
import uuid

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.virtual_authenticator import Protocol, Transport, VirtualAuthenticatorOptions
from selenium.webdriver.support.ui import WebDriverWait

from conftest import ROOT, make_driver
from journeys import fill, go
from pages import check_page

PASSWORD = "a calm and steady passphrase"


def run_sql(database, sql):
    """An operator's change straight in the database (the app lock's clock cannot be moved from a browser)."""
    if database.startswith("postgres"):
        subprocess.run(["psql", database, "-q", "-c", sql], check=True, capture_output=True)
    else:
        with sqlite3.connect(database) as connection:
            connection.execute(sql)


@pytest.fixture()
def passkey_browser():
    driver = make_driver()
    options = VirtualAuthenticatorOptions()
    options.protocol, options.transport = Protocol.CTAP2, Transport.INTERNAL
    options.has_resident_key = options.has_user_verification = options.is_user_verified = True
    options.is_user_consenting = True
    driver.add_virtual_authenticator(options)
    yield driver
    driver.quit()


def test_a_passkey_is_added_signs_in_and_opens_the_app_lock(passkey_browser, fixed_port_server):
    driver, (url, database) = passkey_browser, fixed_port_server
    email = f"passkey-{uuid.uuid4().hex[:8]}@example.com"
    subprocess.run([os.path.join(ROOT, ".build", "debug", "resett"), "user", "create", "--tenant", "default", "--email", email,
                    "--password-stdin", "--db", database, "--root", ROOT], input=PASSWORD + "\n", text=True, check=True, capture_output=True)
    driver.get(url + "/login")
    problems = check_page(driver, "passkey-login", url)
    fill(driver, "email", email)
    fill(driver, "password", PASSWORD)
    go(driver, driver.find_element(By.CSS_SELECTOR, "main form button[type=submit]"))

    driver.get(url + "/account/security")
    problems += check_page(driver, "passkey-security-empty", url)
    fill(driver, "passkey", "This laptop")
    go(driver, driver.find_element(By.XPATH, "//button[normalize-space()='Add a passkey']"))
    assert driver.current_url == url + "/account/security?notice=passkey-added", driver.current_url
    assert "This laptop" in driver.find_element(By.CSS_SELECTOR, ".passkey-list").text
    assert len(driver.get_credentials()) == 1 and driver.get_credentials()[0].is_resident_credential
    problems += check_page(driver, "passkey-security", url)

    # Signed out, the passkey alone signs in: no email, no password. The log-in page asks the browser for passkeys to
    # offer in the email field's autofill (conditional mediation); Chromium's virtual authenticator answers that at
    # once, as a person choosing their passkey from the list would. (The button's own request is the one the unlock
    # page makes, below.)
    driver.get(url + "/account")
    go(driver, driver.find_element(By.XPATH, "//button[normalize-space()='Log out']"))
    driver.get(url + "/login?next=%2Fcalendar")
    WebDriverWait(driver, 15).until(lambda d: d.current_url == url + "/calendar")
    assert driver.find_element(By.TAG_NAME, "h1").text

    # The app lock: five minutes, then (the clock moved by closing the lock in the database) the calendar asks to unlock.
    driver.get(url + "/account/security")
    driver.find_element(By.CSS_SELECTOR, "input[name=minutes][value='5']").click()
    go(driver, driver.find_element(By.XPATH, "//button[normalize-space()='Save app lock']"))
    run_sql(database, "UPDATE sessions SET locked = 1")
    driver.get(url + "/calendar")
    assert driver.current_url.startswith(url + "/unlock?next="), driver.current_url
    problems += check_page(driver, "passkey-unlock", url)
    driver.get(url + "/community")
    assert driver.current_url == url + "/community", "the community stays open"
    driver.get(url + "/calendar")
    go(driver, driver.find_element(By.XPATH, "//button[normalize-space()='Unlock with a passkey']"))
    assert driver.current_url == url + "/calendar", driver.current_url

    # Issue 65: minutes later (the proof made old in the database), adding another passkey asks first who it is.
    run_sql(database, "UPDATE sessions SET proven_at = 1")
    driver.get(url + "/account/security")
    assert not driver.find_elements(By.CSS_SELECTOR, "form[data-passkey=register]")
    go(driver, driver.find_element(By.XPATH, "//a[normalize-space()='Add a passkey']"))
    assert "for=passkey" in driver.current_url, driver.current_url
    problems += check_page(driver, "passkey-confirm", url)
    fill(driver, "password", PASSWORD)
    go(driver, driver.find_element(By.XPATH, "//button[normalize-space()='Confirm']"))
    assert driver.current_url == url + "/account/security", driver.current_url
    assert driver.find_elements(By.CSS_SELECTOR, "form[data-passkey=register]")

    # A form refused while locked: the unlock page carries what was typed, and gives it back after the unlock.
    driver.get(url + "/check-in")
    run_sql(database, "UPDATE sessions SET locked = 1")
    driver.execute_script("document.querySelector('form.check-in textarea[name=note]').value = 'Typed before it locked';"
                          "const r = document.createElement('input'); r.type = 'hidden'; r.name = 'rating'; r.value = '9';"
                          "document.querySelector('form.check-in').appendChild(r); document.querySelector('form.check-in').submit();")
    WebDriverWait(driver, 10).until(lambda d: "Welcome back" in d.page_source)
    problems += check_page(driver, "passkey-unlock-carrying", url)
    fill(driver, "password", PASSWORD)
    go(driver, driver.find_element(By.XPATH, "//button[normalize-space()='Unlock']"))
    assert "Save what you wrote" in driver.page_source
    problems += check_page(driver, "passkey-carry-on", url)
    assert problems == [], "\n".join(problems)


def test_without_script_the_passkey_button_says_what_it_needs(browser_without_javascript, browser, fixed_port_server):
    driver, (url, _) = browser_without_javascript, fixed_port_server
    driver.get(url + "/login")
    go(driver, driver.find_element(By.XPATH, "//button[normalize-space()='Sign in with a passkey']"))
    assert "Passkeys need JavaScript" in driver.find_element(By.CSS_SELECTOR, ".error-summary").text
    # The same refusal in a browser with script (something unreadable sent), checked with axe.
    browser.get(url + "/login")
    browser.execute_script("document.querySelector('form[data-passkey] input[name=credential]').value = 'not a credential'")
    go(browser, browser.find_element(By.XPATH, "//button[normalize-space()='Sign in with a passkey']"))
    assert "Passkeys need JavaScript" in browser.find_element(By.CSS_SELECTOR, ".error-summary").text
    problems = check_page(browser, "passkey-refused", url, expected_error_status=True)
    assert problems == [], "\n".join(problems)
