"""Installable and offline (issue 37) in Chromium: the service worker keeps the "Need help now?" flow and the offline
page; with the server gone, help and its crisis contacts still open, and a private page does not."""
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from conftest import make_driver, start_resett
from pages import check_page

KEPT = """
const done = arguments[arguments.length - 1];
navigator.serviceWorker.ready
  .then(() => caches.keys())
  .then((names) => Promise.all(names.map((name) => caches.open(name).then((cache) => cache.keys()))))
  .then((lists) => done(lists.flat().map((request) => new URL(request.url).pathname)))
  .catch((error) => done("error: " + error));
"""


def test_help_opens_offline_and_a_private_page_does_not():
    server_process = start_resett(export=False)
    server, _ = next(server_process)
    driver = make_driver()
    try:
        driver.get(server + "/help")
        assert driver.find_element(By.CSS_SELECTOR, "link[rel=manifest]").get_attribute("href") == server + "/manifest.webmanifest"
        problems = check_page(driver, "help", server)
        driver.set_script_timeout(30)
        kept = []
        WebDriverWait(driver, 30).until(lambda d: "/help/talk" in (kept := d.execute_async_script(KEPT)) and "/offline" in kept)
        assert not any(path.startswith(("/calendar", "/account", "/check-in")) for path in kept), kept
        driver.get(server + "/offline")
        problems += check_page(driver, "offline", server)
        # The server goes away: no connection at all.
        next(server_process, None)
        driver.get(server + "/help/talk")
        assert driver.find_elements(By.CSS_SELECTOR, "a[href^='tel:']"), "the crisis contacts' numbers open offline"
        driver.get(server + "/help/breathe")
        assert "breath" in driver.page_source.lower()
        driver.get(server + "/calendar")
        assert "You’re offline" in driver.page_source, "a private page is never kept: the offline page instead"
        assert problems == [], "\n".join(problems)
    finally:
        driver.quit()
        next(server_process, None)
