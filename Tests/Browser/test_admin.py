"""An organisation's admins in a real browser: check-in tags, the report, joining and the logo."""
import uuid

from selenium.webdriver.common.by import By

from pages import check_page
from journeys import fill, go, member, press, small_png


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
