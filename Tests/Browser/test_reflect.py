"""Checking in and reflecting in a real browser, with a keyboard and without JavaScript."""
import uuid

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from pages import check_page, console_errors
from journeys import fill, go, gone, member


def test_checking_in_by_keyboard(browser, server):
    member(browser, server, f"check-in-{uuid.uuid4().hex[:8]}@example.com")
    # From the You tab.
    go(browser, browser.find_element(By.CSS_SELECTOR, "nav a[href='/you']"))
    go(browser, browser.find_element(By.CSS_SELECTOR, "main a[href='/check-in']"))
    problems = check_page(browser, "check-in", server)
    # Sent with nothing chosen: the summary links to the question, and the form is there to try again.
    go(browser, browser.find_element(By.XPATH, "//button[normalize-space()='Save check-in']"))
    assert "Choose how your day was" in browser.page_source
    problems += check_page(browser, "check-in-error", server, expected_error_status=True)
    great = browser.find_element(By.CSS_SELECTOR, "input[name=rating][value='5']")
    great.send_keys(" ")
    # The faces run from Horrible to Great: three to the left of Great is Bad.
    for _ in range(3):
        browser.switch_to.active_element.send_keys(Keys.ARROW_LEFT)
    assert browser.find_element(By.CSS_SELECTOR, "input[name=rating][value='2']").is_selected()
    browser.switch_to.active_element.send_keys(Keys.TAB)
    browser.switch_to.active_element.send_keys(" ")  # the first tag: Work
    assert browser.find_element(By.CSS_SELECTOR, "input[name=tags][value=work]").is_selected()
    browser.find_element(By.ID, "note").send_keys("A long day, but the walk home helped.")
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
    # The feeling is named, and its strength is eleven choices on one row, not a drop-down.
    assert "how strong is the upset right now?" in driver.find_element(By.TAG_NAME, "h1").text
    assert not driver.find_elements(By.TAG_NAME, "select")
    driver.find_element(By.CSS_SELECTOR, "label[for=intensity-7]").click()
    go(driver, driver.find_element(By.XPATH, "//button[normalize-space()='Start']"))
    fill(driver, "answer", "A hard conversation at work")
    go(driver, driver.find_element(By.XPATH, "//button[normalize-space()='Next']"))
    # The next question builds on the answer, shown above it, never pasted into it.
    assert driver.find_element(By.TAG_NAME, "h1").text == "What thought kept coming back about it?"
    assert "You wrote: “A hard conversation at work”" in driver.page_source
    # Leave, come back: the same question waits.
    driver.get(server + "/")
    driver.get(server + "/reflection")
    assert driver.find_element(By.TAG_NAME, "h1").text == "What thought kept coming back about it?"
    assert console_errors(driver) == []


def test_a_reflection_by_keyboard(browser, server):
    member(browser, server, f"reflect-keys-{uuid.uuid4().hex[:8]}@example.com")
    browser.get(server + "/check-in")
    browser.find_element(By.CSS_SELECTOR, "input[name=rating][value='5']").send_keys(" ")
    go(browser, browser.find_element(By.XPATH, "//button[normalize-space()='Save check-in']"))
    problems = check_page(browser, "check-in-reflect-offer", server)
    go(browser, browser.find_element(By.LINK_TEXT, "Reflect on today"))
    problems += check_page(browser, "reflection-before", server)
    # Eleven radios on one row: the keyboard moves along the scale.
    browser.find_element(By.ID, "intensity-0").send_keys(" ")
    for _ in range(4):
        browser.switch_to.active_element.send_keys(Keys.ARROW_RIGHT)
    assert browser.find_element(By.ID, "intensity-4").is_selected()
    rows = {round(label.rect["y"]) for label in browser.find_elements(By.CSS_SELECTOR, ".intensity-choice")}
    assert len(rows) == 1, rows
    old = browser.find_element(By.TAG_NAME, "html")
    browser.find_element(By.XPATH, "//button[normalize-space()='Start']").send_keys(Keys.ENTER)
    WebDriverWait(browser, 10).until(gone(old))
    answer = browser.find_element(By.ID, "answer")
    answer.send_keys("Lunch outside with a friend")
    problems += check_page(browser, "reflection-question", server)
    old = browser.find_element(By.TAG_NAME, "html")
    browser.find_element(By.XPATH, "//button[normalize-space()='Next']").send_keys(Keys.ENTER)
    WebDriverWait(browser, 10).until(gone(old))
    assert browser.find_element(By.TAG_NAME, "h1").text == "What did you do that helped it happen, even a little?"
    assert "Lunch outside with a friend" not in browser.find_element(By.TAG_NAME, "label").text
    for _ in range(2):
        old = browser.find_element(By.TAG_NAME, "html")
        browser.find_element(By.XPATH, "//button[normalize-space()='Next']").send_keys(Keys.ENTER)
        WebDriverWait(browser, 10).until(gone(old))
    browser.find_element(By.ID, "intensity-2").send_keys(" ")
    old = browser.find_element(By.TAG_NAME, "html")
    browser.find_element(By.XPATH, "//button[normalize-space()='Finish']").send_keys(Keys.ENTER)
    WebDriverWait(browser, 10).until(gone(old))
    assert "The feeling went from 4 to 2." in browser.page_source
    problems += check_page(browser, "reflection-done", server)
    assert problems == [], problems
