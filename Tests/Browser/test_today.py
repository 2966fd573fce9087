"""The Today home and the You tab: a check-in in one tap on a face, the navigation's current tab, and the faces on
the check-in page."""
import uuid

from selenium.webdriver.common.by import By

from journeys import go, member
from pages import check_page


def test_today_checks_in_with_one_tap_and_keeps_the_words_already_given(browser, server):
    member(browser, server, f"today-{uuid.uuid4().hex[:8]}@example.com")
    problems = check_page(browser, "today", server)
    main = browser.find_element(By.TAG_NAME, "main").text
    assert any(greeting in main for greeting in ["Good morning", "Good afternoon", "Good evening", "Go gently"])
    assert "3 free resets left today" in main
    faces = browser.find_elements(By.CSS_SELECTOR, "form.quick-check-in button[name=rating]")
    assert [face.text for face in faces] == ["Horrible", "Bad", "Average", "Good", "Great"]
    assert all(face.find_elements(By.TAG_NAME, "svg") for face in faces)
    go(browser, faces[3])
    assert "/check-in" in browser.current_url and "Thank you for checking in." in browser.page_source
    assert browser.find_element(By.CSS_SELECTOR, "input[name=rating][value='4']").is_selected()
    # Words added on the check-in page survive another tap on a face (a second tab still showing the faces).
    browser.find_element(By.ID, "note").send_keys("Quiet walk at lunch")
    go(browser, browser.find_element(By.XPATH, "//button[normalize-space()='Save changes']"))
    browser.execute_script("""
        const form = document.createElement('form'); form.method = 'post'; form.action = '/check-in';
        const csrf = document.querySelector('input[name=_csrf]').cloneNode();
        const rating = document.createElement('input'); rating.name = 'rating'; rating.value = '5';
        form.append(csrf, rating); document.body.append(form); form.submit();""")
    browser.find_element(By.ID, "note")
    assert browser.find_element(By.ID, "note").get_attribute("value") == "Quiet walk at lunch"
    assert browser.find_element(By.CSS_SELECTOR, "input[name=rating][value='5']").is_selected()
    browser.get(server + "/")
    assert "You checked in: Great" in browser.find_element(By.TAG_NAME, "main").text
    assert not browser.find_elements(By.CSS_SELECTOR, "form.quick-check-in")
    assert problems == [], "\n".join(problems)


def test_the_you_tab_and_the_current_tab(browser, server):
    member(browser, server, f"you-{uuid.uuid4().hex[:8]}@example.com")
    for path, tab in [("/", "/"), ("/calendar", "/you"), ("/community", "/community"), ("/insights", "/you"),
                      ("/calendar/year", "/you"), ("/check-in", "/you"), ("/account", "/account")]:
        browser.get(server + path)
        nav = browser.find_element(By.CSS_SELECTOR, "nav.tab-bar")
        assert not nav.find_elements(By.XPATH, "ancestor::main")
        current = nav.find_elements(By.CSS_SELECTOR, "a[aria-current]")
        assert [link.get_attribute("pathname") for link in current] == [tab], path
    you = browser.find_element(By.XPATH, "//nav//a[normalize-space()='You']")
    go(browser, you)
    problems = check_page(browser, "you", server)
    links = {link.get_attribute("pathname") for link in browser.find_elements(By.CSS_SELECTOR, "main a")}
    assert {"/calendar", "/insights", "/insights/week", "/check-in"} <= links
    # The check-in page's five ratings are faces, each label holding its drawing and its word.
    browser.get(server + "/check-in")
    labels = browser.find_elements(By.CSS_SELECTOR, "label:has(input[name=rating])")
    assert [label.text for label in labels] == ["Horrible", "Bad", "Average", "Good", "Great"]
    assert all(label.find_elements(By.CSS_SELECTOR, "svg") for label in labels)
    assert problems == [], "\n".join(problems)


# Run in the page: boxes in <main> that scroll sideways, and whether the page itself does.
SIDEWAYS = """
const found = [];
if (document.scrollingElement.scrollWidth > window.innerWidth + 1) found.push('the page, by ' + (document.scrollingElement.scrollWidth - window.innerWidth) + 'px');
for (const box of document.querySelectorAll('main *')) {
  const style = getComputedStyle(box);
  if (['auto', 'scroll'].includes(style.overflowX) && box.scrollWidth > box.clientWidth + 1) found.push(box.tagName.toLowerCase() + '.' + box.className);
}
return found;
"""


def test_pages_fit_a_phone(browser, server):
    """The sizes the issue holds the pages to: nothing scrolls sideways at 320 px on the home, a feeling's list, the
    community and the year; the year is at most 1,800 px tall at 375 px, the crisis contacts admin page at most 2,500;
    sign-up names the organisation inside <main>."""
    browser.delete_all_cookies()
    browser.get(server + "/signup")
    assert "Resett" in browser.find_element(By.TAG_NAME, "main").text
    member(browser, server, f"admin-fit-{uuid.uuid4().hex[:8]}@example.com", role="admin")
    problems = []
    for path in ["/", "/emotions/anxious", "/community", "/calendar/year"]:
        browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 320, "height": 640, "deviceScaleFactor": 1, "mobile": True})
        browser.get(server + path)
        problems += [f"{path} at 320 px: {box} scrolls sideways" for box in browser.execute_script(SIDEWAYS)]
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 375, "height": 667, "deviceScaleFactor": 1, "mobile": True})
    for path, most in [("/calendar/year", 1800), ("/admin/crisis-contacts", 2500)]:
        browser.get(server + path)
        height = browser.execute_script("return document.documentElement.scrollHeight")
        if height > most:
            problems.append(f"{path} is {height}px tall at 375 px (at most {most})")
    browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    assert problems == [], "\n".join(problems)
