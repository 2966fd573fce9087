"""Issue 17 in a real browser: an admin writes a reset of the organisation's own by keyboard, fixes what the editor
asks, previews it in the player, publishes it, and a member (without JavaScript) finds it and plays it."""
import uuid

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

import journeys
from pages import check_page


def test_an_admin_writes_previews_and_publishes_a_reset_that_a_member_then_plays(browser, server, browser_without_javascript):
    driver = browser
    name = f"Kettle Pause {uuid.uuid4().hex[:4]}"
    journeys.member(driver, server, f"own-resets-admin-{uuid.uuid4().hex[:8]}@example.com", role="admin")
    driver.get(server + "/admin/resets")
    problems = check_page(driver, "admin-resets-own", server)
    journeys.go(driver, driver.find_element(By.LINK_TEXT, "Write a reset"))
    assert driver.find_element(By.TAG_NAME, "h1").text == "Write a reset"
    problems += check_page(driver, "admin-reset-new", server)

    # Saved half-written: every problem is listed, each links to its field, and what was typed stays.
    journeys.fill(driver, "name", name)
    journeys.fill(driver, "step-1-title", "Fill the kettle")
    journeys.press(driver, "Save")
    assert "There is a problem" in driver.page_source
    assert driver.find_element(By.ID, "name").get_attribute("value") == name
    for message in ["Choose the feeling this reset is for.", "Please write a description.",
                    "Please write what to do in step 1."]:
        assert message in driver.page_source, message
    problems += check_page(driver, "admin-reset-errors", server, expected_error_status=True)

    Select(driver.find_element(By.ID, "emotion")).select_by_visible_text("Anxious")
    journeys.fill(driver, "description", "A slow minute while the kettle boils.")
    journeys.fill(driver, "science", "Attending to the senses draws attention away from worry.")
    journeys.fill(driver, "duration", "90")
    journeys.fill(driver, "step-1-lines", "Listen to the water.\nFeel your feet on the floor.")
    journeys.fill(driver, "step-2-title", "Warm hands")
    journeys.fill(driver, "step-2-lines", "Hold the mug in both hands.\nNotice its warmth.")
    # One more step than the page offered, without losing anything typed.
    journeys.press(driver, "Add another step")
    assert driver.find_element(By.ID, "step-2-title").get_attribute("value") == "Warm hands"
    journeys.fill(driver, "step-4-title", "Sip")
    journeys.fill(driver, "step-4-lines", "Take one slow sip.")
    journeys.press(driver, "Save")
    assert "Your reset has been saved as a draft." in driver.page_source
    assert "Draft: only admins can see it." in driver.page_source
    problems += check_page(driver, "admin-reset-saved", server)

    # The preview is the real player; finishing it comes back to the editor.
    journeys.go(driver, driver.find_element(By.LINK_TEXT, "Preview in the player"))
    assert "Step 1 of 3" in driver.title and "Fill the kettle" in driver.page_source
    problems += check_page(driver, "admin-reset-preview", server)
    journeys.go(driver, driver.find_element(By.LINK_TEXT, "Continue"))
    journeys.go(driver, driver.find_element(By.LINK_TEXT, "Continue"))
    assert "Step 3 of 3" in driver.title and "Sip" in driver.page_source
    journeys.go(driver, driver.find_element(By.XPATH, "//button[normalize-space()='Finish']"))
    assert driver.find_element(By.TAG_NAME, "h1").text == f"Edit “{name}”"
    journeys.press(driver, f"Publish “{name}”")
    assert "Published. Your members can find it under its feeling now." in driver.page_source

    # A member without JavaScript finds it first under Anxious, marked as the organisation's, and plays it through.
    person = browser_without_javascript
    journeys.member(person, server, f"own-resets-member-{uuid.uuid4().hex[:8]}@example.com")
    person.get(server + "/emotions/anxious")
    first = person.find_elements(By.CSS_SELECTOR, ".reset-card h2 a")[0]
    assert first.text == name
    assert person.find_elements(By.CSS_SELECTOR, ".reset-card .own-reset-tag")[0].text.startswith("From ")
    driver.get(server + "/emotions/anxious")
    problems += check_page(driver, "anxious-resets-with-own", server)
    journeys.go(person, first)
    journeys.go(person, person.find_element(By.CSS_SELECTOR, "main form button[type=submit]"))
    for number in (2, 3):
        journeys.go(person, person.find_element(By.LINK_TEXT, "Continue"))
        assert f"Step {number} of 3" in person.title
    journeys.go(person, person.find_element(By.XPATH, "//button[normalize-space()='Finish']"))
    assert person.find_element(By.TAG_NAME, "h1").text == "How do you feel now?"

    # Unpublished, it leaves the list at once.
    driver.get(server + "/admin/resets")
    journeys.go(driver, driver.find_element(By.LINK_TEXT, name))
    journeys.press(driver, f"Unpublish “{name}”")
    person.get(server + "/emotions/anxious")
    assert name not in person.page_source
    assert problems == [], "\n".join(problems)
