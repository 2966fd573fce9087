"""The community and the crisis pages in a real browser."""
import uuid

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from pages import check_page
from journeys import fill, go, member


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
