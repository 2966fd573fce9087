"""Setbacks (issue 35) in a real browser: the thirty-second log by keyboard, the saved page's help and recovery plan,
moving on, the patterns page, and the response templates with and without JavaScript. Every page is checked by axe
at 320, 375 and 1280 px in both themes."""
import uuid

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from journeys import go, member, press
from pages import check_page


def test_log_a_heavy_setback_by_keyboard_and_move_on(browser, server):
    member(browser, server, f"setback-{uuid.uuid4().hex[:8]}@example.com")
    problems = []
    # Found from the home page by its name.
    go(browser, browser.find_element(By.XPATH, "//main//a[normalize-space()='Setbacks']"))
    assert browser.current_url == server + "/setbacks"
    problems += check_page(browser, "setbacks", server)
    assert "Today’s small brave step" in browser.page_source
    go(browser, browser.find_element(By.XPATH, "//main//a[normalize-space()='Log a setback']"))
    problems += check_page(browser, "setback-log", server)
    # Keyboard only: Space chooses a radio, typing fills the note, Enter on the button logs it.
    kind = browser.find_element(By.ID, "kind-work")
    kind.send_keys(Keys.SPACE)
    assert kind.is_selected()
    assert browser.find_element(By.ID, "hurt-5").is_selected(), "the seed's slider starts in the middle"
    hurt = browser.find_element(By.ID, "hurt-9")
    hurt.send_keys(Keys.SPACE)
    assert hurt.is_selected()
    assert browser.find_element(By.CSS_SELECTOR, ".hurt-says-9").is_displayed()
    browser.find_element(By.ID, "note").send_keys("My idea was turned down in front of everyone")
    press(browser, "Log it")
    WebDriverWait(browser, 10).until(lambda d: "/setbacks/" in d.current_url)
    main = browser.find_element(By.TAG_NAME, "main")
    assert "Naming it is a brave first step" in browser.page_source
    assert "My idea was turned down in front of everyone" in main.text
    # A hurt of 9: help a person can act on at once comes before the plan.
    order = browser.execute_script("""
        const call = document.querySelector('main a[href^="tel:"]');
        const plan = document.getElementById('plan-heading');
        return call && plan ? (call.compareDocumentPosition(plan) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0 : null;""")
    assert order is True
    assert "A knock-back at work? It isn’t the whole story" in main.text
    assert "5-minute recovery plan" in main.text
    problems += check_page(browser, "setback-saved", server)
    press(browser, "I’ve moved on from this")
    main = browser.find_element(By.TAG_NAME, "main")
    assert "You moved on after less than an hour." in main.text
    assert not browser.find_elements(By.CSS_SELECTOR, "main a[href^='tel:']"), "moved on: the help steps back"
    # The list and the calendar's day show it.
    browser.get(server + "/setbacks")
    assert "Work · hurt 9" in browser.find_element(By.TAG_NAME, "main").text
    # Patterns: one setback is not enough to say anything.
    browser.get(server + "/setbacks/insights")
    assert "Not enough yet" in browser.find_element(By.TAG_NAME, "main").text
    problems += check_page(browser, "setback-insights", server)
    assert problems == [], "\n".join(problems)


def test_a_problem_keeps_what_was_typed_and_templates_work_without_javascript(browser_without_javascript, server):
    browser = browser_without_javascript
    member(browser, server, f"setback-nojs-{uuid.uuid4().hex[:8]}@example.com")
    problems = []
    browser.get(server + "/setbacks/new")
    browser.find_element(By.ID, "note").send_keys("Ghosted after the second date")
    go(browser, browser.find_element(By.XPATH, "//button[normalize-space()='Log it']"))
    assert "Choose what kind of setback it was." in browser.page_source
    assert browser.find_element(By.ID, "note").get_attribute("value") == "Ghosted after the second date"
    browser.find_element(By.CSS_SELECTOR, "label[for=kind-dating]").click()
    go(browser, browser.find_element(By.XPATH, "//button[normalize-space()='Log it']"))
    assert "Ghosted again? You’re not alone" in browser.page_source
    # Every template at once; one filled without script shows its finished text on the page.
    browser.get(server + "/setbacks/templates")
    cards = browser.find_elements(By.CSS_SELECTOR, ".template-card")
    assert len(cards) >= 8
    card = browser.find_element(By.ID, "template-following-up-after-silence")
    card.find_element(By.NAME, "name").send_keys("Sam")
    card.find_element(By.NAME, "position").send_keys("Data Analyst")
    card.find_element(By.NAME, "company").send_keys("Harbour & Co")
    go(browser, card.find_element(By.XPATH, ".//button[normalize-space()='Fill in']"))
    finished = browser.find_element(By.ID, "template-following-up-after-silence-finished")
    text = finished.get_attribute("value")
    assert text.startswith("Hi Sam, I wanted to follow up on my application for Data Analyst.") and "contribute to Harbour & Co." in text
    assert not browser.find_element(By.CSS_SELECTOR, "button[data-copy]").is_displayed(), "no script, no Copy button"


def test_the_error_page_and_the_templates_with_javascript(browser, server):
    member(browser, server, f"setback-js-{uuid.uuid4().hex[:8]}@example.com")
    browser.get(server + "/setbacks/new")
    browser.find_element(By.ID, "note").send_keys("Kept as typed")
    press(browser, "Log it")
    assert browser.title.startswith("Error: ")
    assert browser.switch_to.active_element.get_attribute("class") == "error-summary", "focus starts on the summary"
    assert browser.find_element(By.ID, "note").get_attribute("value") == "Kept as typed"
    problems = check_page(browser, "setback-log-error", server, expected_error_status=True)
    browser.get(server + "/setbacks/templates")
    problems += check_page(browser, "setback-templates", server)
    card = browser.find_element(By.ID, "template-promotion-went-elsewhere")
    card.find_element(By.NAME, "name").send_keys("Priya")
    card.find_element(By.NAME, "position").send_keys("Team Lead")
    go(browser, card.find_element(By.XPATH, ".//button[normalize-space()='Fill in']"))
    copy = browser.find_element(By.CSS_SELECTOR, "button[data-copy]")
    assert copy.is_displayed(), "with script, a Copy button"
    assert "Hi Priya, thank you for telling me about the decision on the Team Lead role." in \
        browser.find_element(By.ID, "template-promotion-went-elsewhere-finished").get_attribute("value")
    problems += check_page(browser, "setback-template-filled", server)
    assert problems == [], "\n".join(problems)
