"""Issue 38, reminders: the settings page by keyboard (axe-clean at 320/375/1280 px in both themes) and without
JavaScript; the one-click "turn this off" page a reminder email links to is checked over sockets (ReminderTests)."""
import uuid

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from journeys import go, member, press
from pages import check_page


def test_reminders_are_chosen_by_keyboard(browser, server):
    member(browser, server, f"reminders-{uuid.uuid4().hex[:8]}@example.com")
    browser.get(server + "/account")
    go(browser, browser.find_element(By.PARTIAL_LINK_TEXT, "Reminders"))
    problems = check_page(browser, "account-reminders", server)
    switch = browser.find_element(By.ID, "checkIn")
    assert "check-in" in browser.find_element(By.CSS_SELECTOR, "label[for=checkIn]").text and "email" in switch.find_element(By.XPATH, "..").text
    switch.send_keys(" ")
    field = browser.find_element(By.ID, "checkInTime")
    assert field.get_attribute("type") == "time"
    browser.execute_script("arguments[0].value = '07:45'", field)
    press(browser, "Save reminders")
    assert "Your reminders have been saved." in browser.page_source
    assert browser.find_element(By.ID, "checkIn").is_selected()
    assert browser.find_element(By.ID, "checkInTime").get_attribute("value") == "07:45"
    # A problem comes back beside its field, with what was typed.
    browser.execute_script("document.getElementById('quietEnd').value = document.getElementById('quietStart').value")
    press(browser, "Save reminders")
    assert "Quiet hours need to start and end at different times." in browser.find_element(By.CSS_SELECTOR, ".error-summary").text
    problems += check_page(browser, "account-reminders-problem", server, expected_error_status=True)
    assert problems == [], "\n".join(problems)


def test_reminders_work_without_javascript(browser_without_javascript, server):
    driver = browser_without_javascript
    email = f"reminders-nojs-{uuid.uuid4().hex[:8]}@example.com"
    member(driver, server, email)
    driver.get(server + "/account/reminders")
    driver.find_element(By.ID, "setback").click()
    driver.find_element(By.ID, "digest").click()
    go(driver, driver.find_element(By.XPATH, "//button[normalize-space()='Save reminders']"))
    assert "Your reminders have been saved." in driver.page_source
    assert driver.find_element(By.ID, "setback").is_selected() and driver.find_element(By.ID, "digest").is_selected()
    assert not driver.find_element(By.ID, "checkIn").is_selected()
