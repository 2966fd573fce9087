"""Journeys through Resett in a real browser: public pages, signing up and in, and help."""
import uuid

from selenium.webdriver.common.by import By

from pages import autofill_valid, check_page, console_errors
from journeys import fill, go, press, sign_up


def test_public_pages_pass_every_check(browser, server):
    problems = []
    for name, path in [("home", "/"), ("sign-up", "/signup"), ("log-in", "/login"), ("forgotten-password", "/password/forgot"),
                       ("link-expired", "/login/link?token=" + "0" * 64),
                       ("help", "/help"), ("not-found", "/no/such/page")]:
        browser.get(server + path)
        problems += check_page(browser, name, server, expected_error_status=(name in ("not-found", "link-expired")))
    assert problems == [], "\n".join(problems)


def test_sign_up_and_account_pages(browser, server):
    email = f"browser-{uuid.uuid4().hex[:8]}@example.com"
    problems = []
    sign_up(browser, server, email, check=lambda name: problems.extend(check_page(browser, name, server)))
    # The first sign-in shows the welcome: three screens by keyboard, Finish saves the preferences and goes home.
    assert browser.current_url == server + "/welcome"
    for screen in (1, 2):
        assert f"{screen} of 3" in browser.page_source
        problems += check_page(browser, f"welcome-{screen}", server)
        go(browser, browser.find_element(By.LINK_TEXT, "Continue"))
    problems += check_page(browser, "welcome-3", server)
    browser.find_element(By.CSS_SELECTOR, "input[name=feelings][value=tired]").send_keys(" ")
    press(browser, "Finish")
    assert browser.current_url == server + "/?notice=welcome-saved"
    # The feeling chosen leads the home page's five.
    assert browser.find_elements(By.CSS_SELECTOR, ".emotion-grid a")[0].get_attribute("href").endswith("/emotions/tired")
    browser.get(server + "/account")
    assert email in browser.page_source
    problems += check_page(browser, "account", server)
    # A short list of settings pages, each its own page.
    for name, path in [("account-profile", "/account/profile"), ("account-security", "/account/security"),
                       ("account-appearance", "/account/appearance"), ("account-data", "/account/data"),
                       ("signed-in-devices", "/account/sessions"), ("account-subscription", "/account/subscription"),
                       ("paywall-with-resets-left", "/paywall")]:
        browser.get(server + path)
        problems += check_page(browser, name, server)
    assert problems == [], "\n".join(problems)


def test_a_failed_form_shows_a_summary_that_links_to_each_field(browser, server):
    browser.get(server + "/signup")
    fill(browser, "email", "not an email")
    fill(browser, "password", "short")
    go(browser, browser.find_element(By.CSS_SELECTOR, "main form button[type=submit]"))
    summary = browser.find_element(By.CSS_SELECTOR, ".error-summary")
    links = [a.get_attribute("href").split("#")[1] for a in summary.find_elements(By.TAG_NAME, "a")]
    assert links == ["email", "password"]
    # Focus moved to the summary, so a screen reader announces it.
    assert browser.switch_to.active_element == summary
    assert browser.find_element(By.ID, "email").get_attribute("value") == "not an email"
    assert browser.title.startswith("Error: ")
    problems = check_page(browser, "sign-up-with-errors", server, expected_error_status=True)
    assert problems == [], "\n".join(problems)


def test_keyboard_reaches_the_skip_link_and_help_first(browser, server):
    browser.get(server + "/")
    body = browser.find_element(By.TAG_NAME, "body")
    body.send_keys("\t")
    first = browser.switch_to.active_element
    assert first.text == "Skip to content"
    first.send_keys("\t")
    browser.switch_to.active_element.send_keys("\t")
    assert browser.switch_to.active_element.text == "Need help now?"


def test_help_works_and_stays_still_under_reduced_motion(browser, server):
    browser.get(server + "/help")
    orb = browser.find_element(By.CSS_SELECTOR, ".orb")
    assert browser.execute_script("return getComputedStyle(arguments[0]).animationName", orb) == "breathe"
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-reduced-motion", "value": "reduce"}]})
    browser.get(server + "/help")
    orb = browser.find_element(By.CSS_SELECTOR, ".orb")
    assert browser.execute_script("return getComputedStyle(arguments[0]).animationName", orb) == "none"
    assert browser.find_element(By.CSS_SELECTOR, ".breath-static").is_displayed()


def test_sign_up_and_log_in_without_javascript(browser_without_javascript, server):
    driver = browser_without_javascript
    email = f"nojs-{uuid.uuid4().hex[:8]}@example.com"
    sign_up(driver, server, email)
    # The welcome, once, and Skip works without script.
    assert driver.current_url == server + "/welcome"
    go(driver, driver.find_element(By.XPATH, "//button[normalize-space()='Skip']"))
    assert driver.current_url == server + "/"
    driver.get(server + "/account")
    go(driver, driver.find_element(By.XPATH, "//button[normalize-space()='Log out']"))
    driver.get(server + "/login")
    fill(driver, "email", email)
    fill(driver, "password", "a calm and steady passphrase")
    go(driver, driver.find_element(By.CSS_SELECTOR, "main form button[type=submit]"))
    assert driver.current_url == server + "/"
    driver.get(server + "/account")
    assert email in driver.page_source
    assert console_errors(driver) == []


def test_autofill_grammar():
    """Issue 65: the suite's own HTML check accepts the log-in page's "email webauthn" for the right reason (the
    standard's grammar), and refuses what the grammar does not allow."""
    for good in ["email webauthn", "username webauthn", "current-password", "section-a shipping work email", "off", "new-password"]:
        assert autofill_valid(good), good
    for bad in ["webauthn", "email email", "webauthn email", "work name", "passkey", "email webauthn webauthn", "on email", ""]:
        assert not autofill_valid(bad), bad
