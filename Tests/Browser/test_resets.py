"""The reset journey in a real browser: playing, rating, bubbles, the paywall and every step on a small phone."""
import os
import re
import time
import uuid

from selenium.webdriver.common.action_chains import ActionChains
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
    # A small month is one link as big as the month: a tap on its squares opens the month, where each day opens.
    squares = browser.find_elements(By.CSS_SELECTOR, ".mini-month table")[-1]
    old = browser.find_element(By.TAG_NAME, "html")
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", squares)
    ActionChains(browser).move_to_element(squares).click().perform()
    WebDriverWait(browser, 15).until(gone(old))
    assert re.search(r"/calendar\?month=\d{4}-\d{2}$", browser.current_url), browser.current_url
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


def test_every_step_of_every_reset_fits_a_small_phone(browser, server):
    """At 375 x 667, on every step of all 20 resets (after the entrance animation): neither the page nor any box in it
    scrolls, every heading, paragraph and list item of the step is on screen and not cut off by an ancestor's
    overflow, Back (after the first step) and Continue (Finish on the last) are on screen and nothing covers them, and
    "Finish early" shows on every step but the last."""
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
        count = len(reset["steps"])
        for number in range(1, count + 1):
            browser.get(f"{server}/runs/{run}/steps/{number}")
            where = f"{reset['id']} step {number}"
            found = browser.execute_script(STEP_FITS, number, count)
            problems += [f"{where}: {problem}" for problem in found]
        go(browser, browser.find_element(By.CSS_SELECTOR, ".player-actions form button[type=submit]"))
    assert problems == [], "\n".join(problems)


# Run in the page: what on a player's step does not fit the screen (an empty list when everything does).
STEP_FITS = """
const [number, count] = arguments;
document.getAnimations().forEach(a => { if (a.effect.getComputedTiming().iterations !== Infinity) a.finish(); });
const problems = [], height = window.innerHeight, width = window.innerWidth;
const page = document.scrollingElement;
if (page.scrollHeight > height + 1) problems.push(`the page scrolls by ${page.scrollHeight - height}px`);
if (page.scrollWidth > width + 1) problems.push(`the page scrolls sideways by ${page.scrollWidth - width}px`);
if (document.querySelector('.site-header, .tab-bar, .site-footer')) problems.push('the site header or footer shows');
for (const box of document.querySelectorAll('main *')) {
  const style = getComputedStyle(box);
  if (['auto', 'scroll'].includes(style.overflowY) && box.scrollHeight > box.clientHeight + 1) problems.push(`a box scrolls (${box.className})`);
}
for (const text of document.querySelectorAll('main h1, main h2, main p, main li')) {
  const r = text.getBoundingClientRect();
  if (r.height === 0) continue;
  if (r.top < -1 || r.bottom > height + 1) problems.push(`off screen: "${text.textContent.trim().slice(0, 40)}"`);
  for (let a = text.parentElement; a && a !== document.body; a = a.parentElement) {
    const s = getComputedStyle(a), ar = a.getBoundingClientRect();
    if ((s.overflowY !== 'visible' || s.overflowX !== 'visible') && (r.top < ar.top - 1 || r.bottom > ar.bottom + 1))
      problems.push(`cut off: "${text.textContent.trim().slice(0, 40)}"`);
  }
}
const named = words => [...document.querySelectorAll('main a, main button')].find(e => words.includes(e.textContent.trim()));
const wanted = [number === count ? ['Finish', 'Done'] : ['Continue']];
if (number > 1) wanted.push(['Back']);
for (const words of wanted) {
  const button = named(words);
  if (!button) { problems.push(`no ${words.join(' or ')}`); continue; }
  const r = button.getBoundingClientRect();
  if (r.top < 0 || r.bottom > height || r.left < 0 || r.right > width) { problems.push(`${words[0]} is off screen`); continue; }
  if (r.height < 44) problems.push(`${words[0]} is ${r.height}px tall`);
  if (!button.contains(document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2))) problems.push(`${words[0]} is covered`);
}
if (!!document.querySelector('.player-close') !== (number < count)) problems.push('Finish early shown wrongly');
return problems;
"""
