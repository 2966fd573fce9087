"""Quick exit and discreet mode (issue 37, first part) in a real browser: Shift pressed three times leaves (never while
typing), the button leaves and replaces the history entry, and discreet mode's pages are axe-clean with the member's
words hidden until shown and hidden again with Escape twice."""
import time
import uuid

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.support.ui import WebDriverWait

from journeys import go, member, press
from pages import check_page

EXIT = "https://www.bbc.co.uk/weather"


def shift_three_times(driver):
    for _ in range(3):
        ActionChains(driver).key_down(Keys.SHIFT).key_up(Keys.SHIFT).perform()
        time.sleep(0.1)


def test_shift_three_times_leaves_but_never_while_typing(browser, server):
    member(browser, server, f"exit-{uuid.uuid4().hex[:8]}@example.com")
    browser.get(server + "/glimmers")
    link = browser.find_element(By.LINK_TEXT, "Exit this page")
    assert link.get_attribute("href") == EXIT and link.get_attribute("rel") == "nofollow noreferrer"
    field = browser.find_element(By.ID, "text")
    field.click()
    field.send_keys("A quiet walk")
    shift_three_times(browser)
    time.sleep(0.5)
    assert browser.current_url == server + "/glimmers", "typing in a field never exits"
    browser.find_element(By.TAG_NAME, "h1").click()
    ActionChains(browser).key_down(Keys.SHIFT).key_up(Keys.SHIFT).perform()
    status = browser.find_element(By.CSS_SELECTOR, "[data-exit-status]")
    assert status.get_attribute("textContent") == "Shift, press 2 more times to exit."
    ActionChains(browser).key_down(Keys.SHIFT).key_up(Keys.SHIFT).perform()
    ActionChains(browser).key_down(Keys.SHIFT).key_up(Keys.SHIFT).perform()
    WebDriverWait(browser, 10).until(lambda d: d.current_url.startswith("https://www.bbc.co.uk") or "chrome-error" in d.current_url)
    # The page it left is not in the history: Back goes to the page before it.
    browser.back()
    WebDriverWait(browser, 10).until(lambda d: d.current_url.startswith(server))
    assert browser.current_url != server + "/glimmers"


def test_discreet_mode_hides_words_until_shown(browser, server):
    member(browser, server, f"discreet-{uuid.uuid4().hex[:8]}@example.com")
    browser.get(server + "/glimmers")
    browser.find_element(By.ID, "text").send_keys("Bread from the bakery")
    press(browser, "Keep it")
    browser.get(server + "/account/appearance")
    problems = check_page(browser, "appearance", server)
    browser.find_element(By.ID, "discreet").send_keys(Keys.SPACE)
    press(browser, "Save")
    assert browser.title == "Notes"
    browser.get(server + "/glimmers")
    assert browser.title == "Notes"
    block = browser.find_element(By.CSS_SELECTOR, "details.discreet")
    assert not block.get_attribute("open")
    assert "Bread from the bakery" not in browser.find_element(By.TAG_NAME, "main").text
    problems += check_page(browser, "glimmers-discreet", server)
    summary = block.find_element(By.TAG_NAME, "summary")
    summary.send_keys(Keys.ENTER)  # by keyboard
    assert block.get_attribute("open")
    assert "Bread from the bakery" in browser.find_element(By.TAG_NAME, "main").text
    body = browser.find_element(By.TAG_NAME, "body")
    body.send_keys(Keys.ESCAPE)
    body.send_keys(Keys.ESCAPE)
    assert not block.get_attribute("open"), "Escape twice hides everything again"
    browser.get(server + "/")
    problems += check_page(browser, "home-discreet", server)
    assert problems == [], "\n".join(problems)
