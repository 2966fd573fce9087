"""Journeys through Resett in a real browser, checking every page reached."""
import os
import re
import time
import uuid

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import WebDriverWait

from pages import check_page, console_errors


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


def member(driver, server, email, role="member"):
    """A new account made by the operator's command (sign-ups from one address are limited to ten an hour, and
    the sign-up journey has its own tests), then signed in through the login form."""
    import subprocess
    from conftest import ROOT
    subprocess.run([os.path.join(ROOT, ".build", "debug", "resett"), "user", "create", "--tenant", "default", "--email", email,
                    "--role", role, "--password-stdin", "--db", os.environ["RESETT_TEST_DB"], "--root", ROOT],
                   input="a calm and steady passphrase\n", text=True, check=True, capture_output=True)
    driver.get(server + "/login")
    fill(driver, "email", email)
    fill(driver, "password", "a calm and steady passphrase")
    go(driver, driver.find_element(By.CSS_SELECTOR, "main form button[type=submit]"))
    assert driver.current_url == server + "/", driver.current_url


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
    assert browser.current_url == server + "/"
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


def play_tense_and_release(driver, server, check=None):
    """Emotion → list → intro → every step (with one Back) → Complete → rate 8 → success."""
    problems = []
    driver.get(server + "/")
    if check: problems += check(driver, "emotion-selector", server)
    go(driver, driver.find_element(By.CSS_SELECTOR, "a.emotion-card.emotion-stressed"))
    assert driver.find_element(By.TAG_NAME, "h1").text == "Stressed resets"
    if check: problems += check(driver, "stressed-resets", server)
    go(driver, driver.find_element(By.LINK_TEXT, "Full-Body Tense & Release"))
    if check: problems += check(driver, "reset-intro", server)
    go(driver, driver.find_element(By.CSS_SELECTOR, "main form button[type=submit]"))
    assert "Step 1 of 6" in driver.title
    go(driver, driver.find_element(By.LINK_TEXT, "Continue"))
    assert "Step 2 of 6" in driver.title
    if check: problems += check(driver, "reset-step", server)
    go(driver, driver.find_element(By.LINK_TEXT, "Back"))
    assert "Step 1 of 6" in driver.title
    for number in range(2, 7):
        go(driver, driver.find_element(By.LINK_TEXT, "Continue"))
        assert f"Step {number} of 6" in driver.title
    go(driver, driver.find_element(By.XPATH, "//button[normalize-space()='Complete reset']"))
    assert driver.find_element(By.TAG_NAME, "h1").text == "How do you feel now?"
    if check: problems += check(driver, "mood-rating", server)
    driver.find_element(By.CSS_SELECTOR, "label[for=mood-8]").click()
    go(driver, driver.find_element(By.XPATH, "//button[normalize-space()='Save how I feel']"))
    assert driver.find_element(By.TAG_NAME, "h1").text == "Well done"
    if check: problems += check(driver, "reset-result", server)
    return problems


def test_the_reset_journey(browser, server):
    member(browser, server, f"journey-{uuid.uuid4().hex[:8]}@example.com")
    problems = play_tense_and_release(browser, server, check=check_page)
    # The calendar shows today's reset.
    browser.get(server + "/calendar")
    assert "1 reset" in browser.page_source
    problems += check_page(browser, "calendar-month", server)
    go(browser, browser.find_element(By.CSS_SELECTOR, "td.today a"))
    assert "Full-Body Tense &amp; Release" in browser.page_source or "Full-Body Tense & Release" in browser.page_source
    problems += check_page(browser, "calendar-day", server)
    browser.get(server + "/calendar/year")
    problems += check_page(browser, "calendar-year", server)
    assert problems == [], "\n".join(problems)
    # The step heading takes focus so a screen reader announces each new step.
    browser.get(server + "/resets/stressed-grounding-walk")
    go(browser, browser.find_element(By.CSS_SELECTOR, "main form button[type=submit]"))
    assert browser.switch_to.active_element.tag_name == "h1"


def test_the_reset_journey_without_javascript(browser_without_javascript, server):
    driver = browser_without_javascript
    member(driver, server, f"journey-nojs-{uuid.uuid4().hex[:8]}@example.com")
    play_tense_and_release(driver, server)
    assert console_errors(driver) == []


def test_the_mood_scale_works_with_a_keyboard(browser, server):
    member(browser, server, f"keys-{uuid.uuid4().hex[:8]}@example.com")
    browser.get(server + "/resets/tired-blink-track")
    go(browser, browser.find_element(By.CSS_SELECTOR, "main form button[type=submit]"))
    WebDriverWait(browser, 10).until(EC.title_contains("Step 1 of"))
    go(browser, browser.find_element(By.XPATH, "//button[normalize-space()='Finish early']"))
    WebDriverWait(browser, 10).until(EC.presence_of_element_located((By.ID, "mood-1")))
    first = browser.find_element(By.ID, "mood-1")
    first.send_keys(" ")
    for _ in range(2):
        browser.switch_to.active_element.send_keys("\ue014")  # arrow right
    assert browser.find_element(By.ID, "mood-3").is_selected()
    old = browser.find_element(By.TAG_NAME, "html")
    browser.switch_to.active_element.send_keys("\ue007")  # Enter submits the form
    WebDriverWait(browser, 10).until(gone(old))
    WebDriverWait(browser, 10).until(EC.title_contains("Try another reset?"))


def pop_bubbles(driver, server, email):
    """Bubble Pop Calm: three bubbles popped, by click and by keyboard; focus stays in the field; then Done."""
    member(driver, server, email)
    driver.get(server + "/resets/anxiety-bubble-calm")
    go(driver, driver.find_element(By.CSS_SELECTOR, "main form button[type=submit]"))
    bubbles = driver.find_elements(By.CSS_SELECTOR, ".bubble")
    assert len(bubbles) == 12
    field = driver.find_element(By.CSS_SELECTOR, ".bubble-field").rect
    for bubble in bubbles:  # none is clipped: every bubble lies wholly inside its field
        box = bubble.rect
        assert box["x"] >= field["x"] - 1 and box["x"] + box["width"] <= field["x"] + field["width"] + 1
    bubbles[0].click()
    assert driver.find_elements(By.CSS_SELECTOR, ".bubble-input")[0].is_selected()
    return bubbles


def test_bubbles_pop_by_touch_and_keyboard(browser, server):
    pop_bubbles(browser, server, f"bubbles-{uuid.uuid4().hex[:8]}@example.com")
    inputs = browser.find_elements(By.CSS_SELECTOR, ".bubble-input")
    inputs[1].send_keys(" ")  # Space pops the focused bubble...
    assert inputs[1].is_selected()
    assert browser.switch_to.active_element == inputs[1], "focus stays on the popped bubble"
    browser.switch_to.active_element.send_keys("\t")  # ...and Tab goes on to the next bubble
    assert browser.switch_to.active_element == inputs[2]
    time.sleep(0.6)
    problems = check_page(browser, "bubble-pop-calm", server)
    assert problems == [], "\n".join(problems)
    go(browser, browser.find_element(By.XPATH, "//button[normalize-space()='Done']"))
    assert browser.find_element(By.TAG_NAME, "h1").text == "How do you feel now?"


def test_bubbles_pop_without_javascript(browser_without_javascript, server):
    driver = browser_without_javascript
    pop_bubbles(driver, server, f"bubbles-nojs-{uuid.uuid4().hex[:8]}@example.com")
    go(driver, driver.find_element(By.XPATH, "//button[normalize-space()='Done']"))
    assert driver.find_element(By.TAG_NAME, "h1").text == "How do you feel now?"


def test_the_paywall_and_a_test_mode_subscription(browser, server):
    member(browser, server, f"paywall-{uuid.uuid4().hex[:8]}@example.com")
    # Three resets, each taken past its first step (when a run starts to count).
    for reset in ["tired-blink-track", "tired-posture-ladder", "stressed-safety-scan"]:
        browser.get(server + "/resets/" + reset)
        go(browser, browser.find_element(By.CSS_SELECTOR, "main form button[type=submit]"))
        assert "Step 1 of" in browser.title
        go(browser, browser.find_element(By.LINK_TEXT, "Continue"))
    # The next intro says so, calmly, and offers the subscription instead of a Start that leads to the paywall.
    browser.get(server + "/resets/scattered-grid-focus")
    assert "You’ve used today’s free resets" in browser.page_source
    assert browser.find_elements(By.CSS_SELECTOR, "form.start-form") == []
    problems = check_page(browser, "reset-intro-none-left", server)
    go(browser, browser.find_element(By.LINK_TEXT, "About unlimited resets"))
    assert browser.current_url == server + "/paywall"
    assert browser.find_element(By.TAG_NAME, "h1").text == "You’ve used your 3 free resets today"
    subscribe = browser.find_element(By.XPATH, "//button[normalize-space()='Subscribe']")
    later = browser.find_element(By.LINK_TEXT, "Maybe later")
    assert abs(subscribe.size["height"] - later.size["height"]) <= 2 and abs(subscribe.size["width"] - later.size["width"]) <= 2
    problems += check_page(browser, "paywall", server)
    go(browser, subscribe)
    assert "Test mode." in browser.page_source
    problems += check_page(browser, "test-checkout", server)
    # Each field is checked, and each problem said once in the summary and once at its field.
    fill(browser, "card_number", "4242 4242 4242 4242")
    go(browser, browser.find_element(By.XPATH, "//button[starts-with(normalize-space(), 'Pay')]"))
    assert [a.text for a in browser.find_elements(By.CSS_SELECTOR, ".error-summary a")] == [
        "Enter the expiry date on the card as MM/YY, like 08/29, and not in the past.", "Enter the 3 or 4 digits on the back of the card."]
    assert browser.find_element(By.ID, "card_number").get_attribute("value") == "4242 4242 4242 4242"
    problems += check_page(browser, "test-checkout-with-errors", server, expected_error_status=True)
    fill(browser, "expiry", "12/30")
    fill(browser, "cvc", "123")
    go(browser, browser.find_element(By.XPATH, "//button[starts-with(normalize-space(), 'Pay')]"))
    assert browser.find_element(By.ID, "status-heading").text == "Active"
    problems += check_page(browser, "subscription", server)
    # A subscriber who opens the paywall is sent to their subscription.
    browser.get(server + "/paywall")
    assert browser.current_url == server + "/account/subscription"
    assert problems == [], "\n".join(problems)


def test_every_step_of_every_reset_keeps_its_action_on_a_small_phone(browser, server):
    """At 375 x 667, on every step of all 20 resets: the page itself never scrolls (a long step scrolls inside its
    card), the primary action is wholly on screen, and "Finish early" shows on every step but the last."""
    member(browser, server, f"player-{uuid.uuid4().hex[:8]}@example.com", role="moderator")  # no daily limit
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 375, "height": 667, "deviceScaleFactor": 1, "mobile": True})
    import json
    from conftest import ROOT
    with open(os.path.join(ROOT, "Content", "resets.json"), encoding="utf-8") as library:
        resets = json.load(library)["resets"]
    assert len(resets) == 20
    problems = []
    for reset in resets:
        browser.get(server + "/resets/" + reset["id"])
        go(browser, browser.find_element(By.CSS_SELECTOR, "form.start-form button[type=submit]"))
        run = re.search(r"/runs/([0-9a-f]{32})/steps/", browser.current_url).group(1)
        for number in range(1, len(reset["steps"]) + 1):
            browser.get(f"{server}/runs/{run}/steps/{number}")
            state = browser.execute_script("""
                const action = document.querySelector('.player-actions .player-primary').getBoundingClientRect();
                return {pageScrolls: document.documentElement.scrollHeight > window.innerHeight + 1,
                        actionTop: action.top, actionBottom: action.bottom, actionHeight: action.height,
                        height: window.innerHeight, finishEarly: !!document.querySelector('.player-close'),
                        header: !!document.querySelector('.site-header, .tab-bar, .site-footer')};""")
            where = f"{reset['id']} step {number}"
            if state["pageScrolls"]: problems.append(f"{where}: the page scrolls")
            if state["actionTop"] < 0 or state["actionBottom"] > state["height"]: problems.append(f"{where}: the action is off screen")
            if state["actionHeight"] < 56: problems.append(f"{where}: the action is {state['actionHeight']}px tall")
            if state["finishEarly"] != (number < len(reset["steps"])): problems.append(f"{where}: Finish early shown wrongly")
            if state["header"]: problems.append(f"{where}: the site header or footer shows during a reset")
        go(browser, browser.find_element(By.CSS_SELECTOR, ".player-actions form button[type=submit]"))
    assert problems == [], "\n".join(problems)


def resett(*arguments):
    """Runs the resett command against the browser suite's database."""
    import os
    import subprocess
    from conftest import ROOT
    subprocess.run([os.path.join(ROOT, ".build", "debug", "resett"), *arguments, "--db", os.environ["RESETT_TEST_DB"],
                    "--root", ROOT], check=True, capture_output=True)


def test_community_post_react_report_and_moderate(browser, server):
    author_email = f"author-{uuid.uuid4().hex[:8]}@example.com"
    member(browser, server, author_email)
    browser.get(server + "/community")
    # The feed comes first; "Share something" opens the form.
    assert not browser.find_element(By.ID, "body").is_displayed()
    browser.find_element(By.CSS_SELECTOR, "details.share > summary").click()
    Select = __import__("selenium.webdriver.support.ui", fromlist=["Select"]).Select
    Select(browser.find_element(By.ID, "topic")).select_by_visible_text("Wins")
    fill(browser, "body", "Went for a walk at lunch and it helped.")
    go(browser, browser.find_element(By.XPATH, "//button[normalize-space()='Share anonymously']"))
    assert "Thank you for sharing." in browser.page_source
    problems = check_page(browser, "community", server)
    browser.get(server + "/account")
    go(browser, browser.find_element(By.XPATH, "//button[normalize-space()='Log out']"))

    moderator_email = f"moderator-{uuid.uuid4().hex[:8]}@example.com"
    member(browser, server, moderator_email, role="moderator")
    browser.get(server + "/community")
    post = browser.find_element(By.XPATH, "//li[contains(@class,'post')][.//p[contains(., 'Went for a walk at lunch')]]")
    assert author_email not in browser.page_source
    go(browser, post.find_element(By.XPATH, ".//button[contains(., 'You got this')]"))
    post = browser.find_element(By.XPATH, "//li[contains(@class,'post')][.//p[contains(., 'Went for a walk at lunch')]]")
    assert post.find_element(By.XPATH, ".//button[contains(., 'You got this')]").get_attribute("aria-pressed") == "true"
    go(browser, post.find_element(By.LINK_TEXT, "Report"))
    problems += check_page(browser, "report-a-post", server)
    browser.find_element(By.ID, "reason-spam").click()
    go(browser, browser.find_element(By.XPATH, "//button[normalize-space()='Send report']"))
    browser.get(server + "/admin/moderation")
    assert "Went for a walk at lunch" in browser.page_source and "Member " in browser.page_source
    assert author_email not in browser.page_source
    problems += check_page(browser, "moderation", server)
    # The item's buttons share one form; Hide posts to its own action (formaction), without script too.
    go(browser, browser.find_element(By.XPATH, "//button[normalize-space()='Hide']"))
    browser.get(server + "/admin/audit")
    assert "Hid post" in browser.page_source and "Approved post" not in browser.page_source
    problems += check_page(browser, "moderation-audit", server)
    # As an admin: the members and settings pages.
    resett("user", "set-role", "--tenant", "default", "--email", moderator_email, "--role", "admin")
    browser.get(server + "/admin")
    problems += check_page(browser, "team-tools", server)
    browser.get(server + "/admin/members")
    assert moderator_email in browser.page_source
    problems += check_page(browser, "admin-members", server)
    browser.get(server + "/admin/settings")
    problems += check_page(browser, "admin-settings", server)
    # A post suggesting risk is held, and its author is shown help at once.
    browser.get(server + "/community")
    browser.find_element(By.CSS_SELECTOR, "details.share > summary").click()
    Select(browser.find_element(By.ID, "topic")).select_by_visible_text("Other")
    help_panel = browser.find_element(By.CSS_SELECTOR, "[data-compose-help]")
    assert not help_panel.is_displayed()
    fill(browser, "body", "Some days I feel I just want to die.")
    # With script, the contacts appear while the words are written, before anything is sent.
    WebDriverWait(browser, 5).until(lambda d: help_panel.is_displayed())
    assert help_panel.find_element(By.CSS_SELECTOR, "a[href='tel:116123']").is_displayed()
    problems += check_page(browser, "community-compose-help", server)
    go(browser, browser.find_element(By.XPATH, "//button[normalize-space()='Share anonymously']"))
    assert browser.find_element(By.TAG_NAME, "h1").text == "Thank you for telling us"
    problems += check_page(browser, "post-held", server)
    # The moderation queue puts it first; its page offers reaching out, escalating and notes.
    browser.get(server + "/admin/moderation")
    assert browser.find_element(By.TAG_NAME, "h2").text == "May be at risk"
    problems += check_page(browser, "moderation-at-risk", server)
    go(browser, browser.find_element(By.LINK_TEXT, "Open"))
    problems += check_page(browser, "moderation-post", server)
    go(browser, browser.find_element(By.XPATH, "//button[normalize-space()='Send privately']"))
    assert "Your message is on its way" in browser.page_source
    for name, path in [("crisis-contacts-admin", "/admin/crisis-contacts"), ("watched-words", "/admin/watched-words")]:
        browser.get(server + path)
        problems += check_page(browser, name, server)
    assert problems == [], "\n".join(problems)


def test_the_crisis_flow_without_javascript(browser_without_javascript, server):
    driver = browser_without_javascript
    driver.get(server + "/help")
    go(driver, driver.find_element(By.LINK_TEXT, "I’m ready for the next step"))
    choices = driver.find_elements(By.CSS_SELECTOR, ".help-choices a")
    assert [c.find_element(By.CSS_SELECTOR, ".help-choice-label").text for c in choices] == [
        "Talk to someone now", "Breathe for two minutes", "A grounding reset", "I’m safe for now"]
    # Each choice is a large target.
    assert all(c.size["height"] >= 56 for c in choices)
    go(driver, choices[0])
    assert driver.find_element(By.CSS_SELECTOR, "a[href='tel:999']").is_displayed()
    assert driver.find_element(By.CSS_SELECTOR, "a[href='sms:85258?&body=SHOUT']").is_displayed()
    go(driver, driver.find_element(By.LINK_TEXT, "Other things that might help"))
    go(driver, driver.find_element(By.XPATH, "//a[contains(., 'I’m safe for now')]"))
    assert driver.current_url == server + "/"


def test_the_crisis_pages_and_their_choices_by_keyboard(browser, server):
    problems = []
    for name, path in [("help-breathe-first", "/help"), ("help-choices", "/help/now"), ("help-talk", "/help/talk"),
                       ("help-breathe", "/help/breathe"), ("help-ground", "/help/ground")]:
        browser.get(server + path)
        problems += check_page(browser, name, server)
    assert problems == [], "\n".join(problems)
    browser.get(server + "/help/now")
    body = browser.find_element(By.TAG_NAME, "body")
    labels = []
    body.send_keys("\t")
    for _ in range(30):
        active = browser.switch_to.active_element
        if "help-choice" in (active.get_attribute("class") or ""):
            labels.append(active.find_element(By.CSS_SELECTOR, ".help-choice-label").text)
        active.send_keys("\t")
    assert labels[:4] == ["Talk to someone now", "Breathe for two minutes", "A grounding reset", "I’m safe for now"]
    active = browser.find_element(By.XPATH, "//a[contains(., 'Talk to someone now')]")
    active.send_keys(Keys.ENTER)
    WebDriverWait(browser, 10).until(lambda d: "/help/talk" in d.current_url)


def test_checking_in_by_keyboard(browser, server):
    member(browser, server, f"check-in-{uuid.uuid4().hex[:8]}@example.com")
    # One tap from the home page.
    go(browser, browser.find_element(By.LINK_TEXT, "How has today been? Check in"))
    problems = check_page(browser, "check-in", server)
    # Sent with nothing chosen: the summary links to the question, and the form is there to try again.
    go(browser, browser.find_element(By.XPATH, "//button[normalize-space()='Save check-in']"))
    assert "Choose how your day was" in browser.page_source
    problems += check_page(browser, "check-in-error", server, expected_error_status=True)
    great = browser.find_element(By.CSS_SELECTOR, "input[name=rating][value='5']")
    great.send_keys(" ")
    for _ in range(3):
        browser.switch_to.active_element.send_keys(Keys.ARROW_DOWN)
    assert browser.find_element(By.CSS_SELECTOR, "input[name=rating][value='2']").is_selected()
    browser.switch_to.active_element.send_keys(Keys.TAB)
    assert browser.switch_to.active_element.get_attribute("id") == "note"
    browser.switch_to.active_element.send_keys("A long day, but the walk home helped.")
    browser.switch_to.active_element.send_keys(Keys.TAB)
    browser.switch_to.active_element.send_keys(" ")  # the first tag: Work
    assert browser.find_element(By.CSS_SELECTOR, "input[name=tags][value=work]").is_selected()
    button = browser.find_element(By.XPATH, "//button[normalize-space()='Save check-in']")
    old = browser.find_element(By.TAG_NAME, "html")
    button.send_keys(Keys.ENTER)
    WebDriverWait(browser, 10).until(gone(old))
    assert "Thank you for checking in." in browser.page_source
    assert browser.find_element(By.ID, "note").get_attribute("value") == "A long day, but the walk home helped."
    assert browser.find_element(By.CSS_SELECTOR, "input[name=rating][value='2']").is_selected()
    problems += check_page(browser, "check-in-saved", server)
    go(browser, browser.find_element(By.LINK_TEXT, "Your insights"))
    assert "Not enough yet" in browser.page_source
    problems += check_page(browser, "insights", server)
    go(browser, browser.find_element(By.LINK_TEXT, "Your week"))
    fill(browser, "intention", "Walk at lunch twice")
    go(browser, browser.find_element(By.XPATH, "//button[normalize-space()='Save intention']"))
    assert "Your intention has been saved." in browser.page_source
    problems += check_page(browser, "digest", server)
    # The report to share: chosen, shown, and on paper only the report itself.
    browser.get(server + "/account")
    go(browser, browser.find_element(By.PARTIAL_LINK_TEXT, "A report to share"))
    browser.find_element(By.CSS_SELECTOR, "input[name=include][value=notes]").click()
    go(browser, browser.find_element(By.XPATH, "//button[normalize-space()='Show the report']"))
    assert "A long day, but the walk home helped." in browser.page_source
    problems += check_page(browser, "report", server)
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
    try:
        assert not browser.find_element(By.CSS_SELECTOR, ".site-header").is_displayed()
        assert not browser.find_element(By.CSS_SELECTOR, ".report-form").is_displayed()
        assert browser.find_element(By.CSS_SELECTOR, ".report").is_displayed()
    finally:
        browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": ""})
    assert problems == [], problems


def test_checking_in_without_javascript(browser_without_javascript, server):
    driver = browser_without_javascript
    member(driver, server, f"check-in-nojs-{uuid.uuid4().hex[:8]}@example.com")
    driver.get(server + "/check-in")
    fill(driver, "note", "Nothing chosen yet")
    go(driver, driver.find_element(By.XPATH, "//button[normalize-space()='Save check-in']"))
    # The problem is named at the top and at the field; what was typed is still there.
    assert "There is a problem" in driver.page_source and "Choose how your day was" in driver.page_source
    assert driver.find_element(By.ID, "note").get_attribute("value") == "Nothing chosen yet"
    driver.find_element(By.XPATH, "//label[contains(., 'Good')]").click()
    go(driver, driver.find_element(By.XPATH, "//button[normalize-space()='Save check-in']"))
    assert "Thank you for checking in." in driver.page_source
    assert driver.find_element(By.ID, "note").get_attribute("value") == "Nothing chosen yet"
    # The refused form's own 422 is the one message the console may hold.
    assert [error for error in console_errors(driver) if "status of 422" not in error["message"]] == []


def test_a_reflection_one_step_a_page_without_javascript(browser_without_javascript, server):
    driver = browser_without_javascript
    member(driver, server, f"reflect-nojs-{uuid.uuid4().hex[:8]}@example.com")
    driver.get(server + "/check-in")
    driver.find_element(By.XPATH, "//label[contains(., 'Bad')]").click()
    go(driver, driver.find_element(By.XPATH, "//button[normalize-space()='Save check-in']"))
    go(driver, driver.find_element(By.LINK_TEXT, "Reflect on today"))
    from selenium.webdriver.support.ui import Select
    Select(driver.find_element(By.ID, "intensity")).select_by_value("7")
    go(driver, driver.find_element(By.XPATH, "//button[normalize-space()='Start']"))
    fill(driver, "answer", "A hard conversation at work")
    go(driver, driver.find_element(By.XPATH, "//button[normalize-space()='Next']"))
    assert "about “A hard conversation at work”?" in driver.page_source
    # Leave, come back: the same question waits.
    driver.get(server + "/")
    driver.get(server + "/reflection")
    assert "about “A hard conversation at work”?" in driver.page_source
    assert console_errors(driver) == []


def test_a_reflection_by_keyboard(browser, server):
    member(browser, server, f"reflect-keys-{uuid.uuid4().hex[:8]}@example.com")
    browser.get(server + "/check-in")
    browser.find_element(By.CSS_SELECTOR, "input[name=rating][value='5']").send_keys(" ")
    go(browser, browser.find_element(By.XPATH, "//button[normalize-space()='Save check-in']"))
    problems = check_page(browser, "check-in-reflect-offer", server)
    go(browser, browser.find_element(By.LINK_TEXT, "Reflect on today"))
    problems += check_page(browser, "reflection-before", server)
    select = browser.find_element(By.ID, "intensity")
    select.send_keys("4")
    assert select.get_attribute("value") == "4"
    old = browser.find_element(By.TAG_NAME, "html")
    browser.find_element(By.XPATH, "//button[normalize-space()='Start']").send_keys(Keys.ENTER)
    WebDriverWait(browser, 10).until(gone(old))
    answer = browser.find_element(By.ID, "answer")
    answer.send_keys("Lunch outside with a friend")
    problems += check_page(browser, "reflection-question", server)
    old = browser.find_element(By.TAG_NAME, "html")
    browser.find_element(By.XPATH, "//button[normalize-space()='Next']").send_keys(Keys.ENTER)
    WebDriverWait(browser, 10).until(gone(old))
    assert "helped “Lunch outside with a friend” happen?" in browser.page_source
    for _ in range(2):
        old = browser.find_element(By.TAG_NAME, "html")
        browser.find_element(By.XPATH, "//button[normalize-space()='Next']").send_keys(Keys.ENTER)
        WebDriverWait(browser, 10).until(gone(old))
    browser.find_element(By.ID, "intensity").send_keys("2")
    old = browser.find_element(By.TAG_NAME, "html")
    browser.find_element(By.XPATH, "//button[normalize-space()='Finish']").send_keys(Keys.ENTER)
    WebDriverWait(browser, 10).until(gone(old))
    assert "The feeling went from 4 to 2." in browser.page_source
    problems += check_page(browser, "reflection-done", server)
    assert problems == [], problems


def press(driver, button_text):
    """Submits with the keyboard: Enter on the named button, then waits for the next page."""
    old = driver.find_element(By.TAG_NAME, "html")
    driver.find_element(By.XPATH, f"//button[normalize-space()='{button_text}']").send_keys(Keys.ENTER)
    WebDriverWait(driver, 10).until(gone(old))


def test_an_admin_adds_a_check_in_tag_that_a_member_then_chooses_by_keyboard(browser, server):
    driver = browser
    label = f"Shift {uuid.uuid4().hex[:6]}"
    member(driver, server, f"tags-admin-{uuid.uuid4().hex[:8]}@example.com", role="admin")
    driver.get(server + "/admin")
    go(driver, driver.find_element(By.PARTIAL_LINK_TEXT, "Check-in tags"))
    problems = check_page(driver, "admin-check-in-tags", server)
    # A standard tag's name is refused, with the reason at the field and what was typed kept.
    driver.find_element(By.ID, "label").send_keys("Sleep")
    press(driver, "Add tag")
    assert "There is already a tag called Sleep." in driver.page_source
    assert driver.find_element(By.ID, "label").get_attribute("value") == "Sleep"
    problems += check_page(driver, "admin-check-in-tags-refused", server, expected_error_status=True)
    fill(driver, "label", label)
    press(driver, "Add tag")
    assert "The check-in tags have been saved." in driver.page_source and f"Remove “{label}”" in driver.page_source
    driver.get(server + "/account")
    go(driver, driver.find_element(By.XPATH, "//button[normalize-space()='Log out']"))
    member(driver, server, f"tags-member-{uuid.uuid4().hex[:8]}@example.com")
    driver.get(server + "/check-in")
    driver.find_element(By.CSS_SELECTOR, "input[name=rating][value='4']").send_keys(" ")
    driver.find_element(By.XPATH, f"//label[contains(., '{label}')]/input").send_keys(" ")
    press(driver, "Save check-in")
    checked = driver.find_element(By.XPATH, f"//label[contains(., '{label}')]/input")
    assert checked.get_attribute("checked") is not None
    problems += check_page(driver, "check-in-with-own-tag", server)
    assert problems == [], problems


def test_an_admin_reads_the_organisation_report_and_chooses_the_smallest_group_by_keyboard(browser, server):
    driver = browser
    member(driver, server, f"report-admin-{uuid.uuid4().hex[:8]}@example.com", role="admin")
    driver.get(server + "/admin")
    go(driver, driver.find_element(By.PARTIAL_LINK_TEXT, "How Resett is used"))
    assert driver.find_element(By.TAG_NAME, "h1").text == "How Resett is used"
    problems = check_page(driver, "admin-organisation-insights", server)
    size = driver.find_element(By.ID, "size")
    size.clear()
    size.send_keys("3")
    press(driver, "Save")
    assert "Groups smaller than 5 are never shown" in driver.page_source
    assert driver.find_element(By.ID, "size").get_attribute("value") == "3"
    problems += check_page(driver, "admin-organisation-insights-refused", server, expected_error_status=True)
    size = driver.find_element(By.ID, "size")
    size.clear()
    size.send_keys("12")
    press(driver, "Save")
    assert "The smallest group has been saved." in driver.page_source and "fewer than 12 people" in driver.page_source
    # The resets page: hide one by keyboard, then show it again.
    driver.get(server + "/admin")
    go(driver, driver.find_element(By.CSS_SELECTOR, "main a[href='/admin/resets']"))
    problems += check_page(driver, "admin-resets", server)
    press(driver, "Hide “Grounding Walk”")
    assert "The resets your members see have been saved." in driver.page_source
    press(driver, "Show “Grounding Walk”")
    assert problems == [], problems


def test_joining_by_invitation_only_and_a_link_that_lets_someone_in_by_keyboard(browser, server, browser_without_javascript):
    driver = browser
    member(driver, server, f"joining-admin-{uuid.uuid4().hex[:8]}@example.com", role="admin")
    driver.get(server + "/admin")
    go(driver, driver.find_element(By.PARTIAL_LINK_TEXT, "Who may join"))
    problems = check_page(driver, "admin-joining", server)
    driver.find_element(By.CSS_SELECTOR, "input[name=rule][value='invitations']").send_keys(" ")
    press(driver, "Save")
    assert "Who may join has been saved." in driver.page_source
    driver.find_element(By.ID, "label").send_keys("Welcome week")
    press(driver, "Make a link")
    link = driver.find_element(By.ID, "created-link").get_attribute("value")
    assert "/signup?invitation=" in link
    problems += check_page(driver, "admin-joining-link", server)
    # Someone without the link is told kindly; with it, they can sign up (no JavaScript needed).
    visitor = browser_without_javascript
    visitor.get(server + "/signup")
    assert "is by invitation" in visitor.page_source
    visitor.get(server + "/signup?invitation=" + link.split("invitation=")[1])
    assert visitor.find_element(By.NAME, "invitation").get_attribute("value") == link.split("invitation=")[1]
    # Open again for the journeys that follow.
    driver.get(server + "/admin/joining")
    driver.find_element(By.CSS_SELECTOR, "input[name=rule][value='open']").send_keys(" ")
    press(driver, "Save")
    assert problems == [], problems


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


def test_an_admin_uploads_a_logo_by_keyboard_and_the_header_shows_it(browser, server, tmp_path):
    driver = browser
    member(driver, server, f"logo-admin-{uuid.uuid4().hex[:8]}@example.com", role="admin")
    driver.get(server + "/admin")
    go(driver, driver.find_element(By.PARTIAL_LINK_TEXT, "Logo"))
    problems = check_page(driver, "admin-logo", server)
    svg = tmp_path / "logo.svg"
    svg.write_text('<svg xmlns="http://www.w3.org/2000/svg"></svg>')
    driver.find_element(By.ID, "logo").send_keys(str(svg))
    press(driver, "Upload")
    assert "SVG files can carry scripts" in driver.page_source
    problems += check_page(driver, "admin-logo-refused", server, expected_error_status=True)
    png = tmp_path / "logo.png"
    small_png(png)
    driver.find_element(By.ID, "logo").send_keys(str(png))
    press(driver, "Upload")
    assert "The logo has been saved." in driver.page_source
    logo = driver.find_element(By.CSS_SELECTOR, "header .site-logo")
    assert driver.execute_script("return arguments[0].complete && arguments[0].naturalWidth", logo) == 96
    problems += check_page(driver, "admin-logo-saved", server)
    # Removed again, so the journeys that follow see the plain header.
    press(driver, "Remove the logo")
    assert driver.find_elements(By.CSS_SELECTOR, "header .site-logo") == []
    assert problems == [], problems
