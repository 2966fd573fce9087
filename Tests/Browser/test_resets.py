"""The reset journey in a real browser: playing, rating, bubbles, the paywall and every step on a small phone."""
import os
import re
import time
import uuid

from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import WebDriverWait

from pages import check_page, console_errors
from journeys import fill, go, gone, member


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
    go(driver, driver.find_element(By.XPATH, "//button[normalize-space()='Finish']"))
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
