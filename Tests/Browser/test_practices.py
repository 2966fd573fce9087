"""Practices, glimmers and worry time (issue 36) in a real browser: a body practice through the player by keyboard,
a glimmer kept and a worry sorted, and, without JavaScript, the timer and an action ticked. Every page is checked by
axe at 320, 375 and 1280 px in both themes."""
import uuid

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from journeys import go, member, press
from pages import check_page


def test_a_practice_a_glimmer_and_a_worry_by_keyboard(browser, server):
    member(browser, server, f"practice-{uuid.uuid4().hex[:8]}@example.com")
    problems = []
    go(browser, browser.find_element(By.XPATH, "//main//a[normalize-space()='Practices']"))
    assert browser.current_url == server + "/practices"
    problems += check_page(browser, "practices", server)
    go(browser, browser.find_element(By.LINK_TEXT, "Humming"))
    problems += check_page(browser, "practice-humming", server)
    press(browser, "Start")
    assert "/steps/1" in browser.current_url
    problems += check_page(browser, "practice-step", server)
    # The step that counts a breath paces the orb, as the reset player does.
    assert browser.find_elements(By.CSS_SELECTOR, "[data-breath-in='4']")
    for _ in range(2):
        go(browser, browser.find_element(By.LINK_TEXT, "Continue"))
    press(browser, "Done")
    assert "Well done" in browser.page_source and "2 minutes of humming" in browser.page_source
    problems += check_page(browser, "practice-done", server)
    face = browser.find_element(By.ID, "mood_after-7")
    face.send_keys(Keys.SPACE)
    press(browser, "Save how I feel")
    assert "It’s kept with this practice." in browser.page_source

    browser.get(server + "/glimmers")
    problems += check_page(browser, "glimmers", server)
    browser.find_element(By.ID, "text").send_keys("The first warm coffee of the day")
    press(browser, "Keep it")
    assert "A small good moment, saved for later." in browser.page_source
    assert "The first warm coffee of the day" in browser.find_element(By.TAG_NAME, "main").text
    go(browser, browser.find_element(By.PARTIAL_LINK_TEXT, "The first warm coffee"))
    problems += check_page(browser, "glimmer", server)

    browser.get(server + "/worries")
    problems += check_page(browser, "worries", server)
    browser.find_element(By.ID, "text").send_keys("Whether the train will be late again")
    no = browser.find_element(By.CSS_SELECTOR, "input[name=answer][value=no]")
    no.send_keys(Keys.SPACE)
    assert no.is_selected()
    press(browser, "Write it down")
    assert "Parked for worry time. You can put it down until then." in browser.page_source
    go(browser, browser.find_element(By.PARTIAL_LINK_TEXT, "Whether the train"))
    problems += check_page(browser, "worry", server)
    assert problems == [], "\n".join(problems)


def test_the_timer_and_an_action_without_javascript(browser_without_javascript, server):
    browser = browser_without_javascript
    member(browser, server, f"practice-nojs-{uuid.uuid4().hex[:8]}@example.com")
    browser.get(server + "/practices/timer")
    browser.find_element(By.CSS_SELECTOR, "#minutes option[value='3']").click()
    browser.find_element(By.ID, "pace-5-5").click()
    go(browser, browser.find_element(By.XPATH, "//button[normalize-space()='Start']"))
    # textContent: the step card fades in, and a fading element's text is not "displayed" to WebDriver yet.
    main = browser.find_element(By.TAG_NAME, "main")
    assert "In for 5, out for 5, for 3 minutes" in main.get_attribute("textContent")
    assert not browser.find_element(By.CSS_SELECTOR, "[data-timer-seconds]").is_displayed(), "no count down without script"
    go(browser, browser.find_element(By.XPATH, "//button[normalize-space()='Done']"))
    assert "3 minutes of quiet breathing" in browser.page_source
    # A worry something can be done about becomes an action; ticked, it moves to Done.
    browser.get(server + "/worries")
    browser.find_element(By.ID, "text").send_keys("The report for Friday")
    browser.find_element(By.CSS_SELECTOR, "input[name=answer][value=yes]").click()
    browser.find_element(By.ID, "step").send_keys("Write the first heading")
    go(browser, browser.find_element(By.XPATH, "//button[normalize-space()='Write it down']"))
    assert browser.current_url == server + "/actions?notice=worry-action"
    go(browser, browser.find_element(By.CSS_SELECTOR, ".action-check"))
    done = browser.find_element(By.CSS_SELECTOR, ".action-list-done")
    assert "Write the first heading" in done.text
