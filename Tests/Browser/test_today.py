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
