"""`make screenshots`: every page, as each kind of person sees it, in light and dark at 375 and 1280 px wide, into
.build/screenshots/pages/. A fresh database filled by `resett demo`, the built server, headless Chromium."""
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "Tests", "Browser"))
from selenium.webdriver.common.by import By  # noqa: E402

from conftest import ROOT, make_driver  # noqa: E402

OUT = os.path.join(ROOT, ".build", "screenshots", "pages")
PASSWORD = "a calm and steady passphrase"
WIDTHS = [375, 1280]
THEMES = ["light", "dark"]


def start_server(folder):
    binary = os.path.join(ROOT, ".build", "debug", "resett")
    database = os.path.join(folder, "resett.sqlite")
    subprocess.run([binary, "migrate", "--db", database, "--root", ROOT], check=True, capture_output=True)
    subprocess.run([binary, "demo", "--db", database, "--root", ROOT, "--password-stdin"], input=PASSWORD + "\n",
                   text=True, check=True, capture_output=True)
    key = os.path.join(folder, "master.key")
    subprocess.run([binary, "keys", "create", "--out", key], check=True, capture_output=True)
    push_key = os.path.join(folder, "push.key")
    subprocess.run([binary, "keys", "push", "--out", push_key], check=True, capture_output=True)
    process = subprocess.Popen([binary, "serve", "--port", "0", "--db", database, "--root", ROOT, "--data-key-file", key, "--push-key-file", push_key], cwd=folder,
                               stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True)
    deadline = time.time() + 60
    while time.time() < deadline:
        line = process.stderr.readline()
        match = re.search(r"url=http://localhost:(\d+)/", line or "")
        if match:
            # Keep reading the server's log, or a full pipe would stop it mid-write.
            threading.Thread(target=lambda: [None for _ in process.stderr], daemon=True).start()
            return process, f"http://localhost:{match.group(1)}"
        if not line:
            break
    process.kill()
    raise RuntimeError("resett did not start")


def submit(driver, selector="main form button[type=submit]"):
    """Presses the page's (first matching) submit button and gives the next page a moment."""
    driver.find_element(By.CSS_SELECTOR, selector).click()
    time.sleep(0.3)


def rate(driver, mood):
    """Chooses a mood on the rating page and sends it."""
    driver.find_element(By.CSS_SELECTOR, f"label[for=mood-{mood}]").click()
    submit(driver)


def shoot(driver, name):
    for width in WIDTHS:
        for theme in THEMES:
            driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                   {"width": width, "height": 667 if width < 600 else 900, "deviceScaleFactor": 1,
                                    "mobile": width < 600})
            driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                                   {"features": [{"name": "prefers-color-scheme", "value": theme}]})
            height = driver.execute_script("return document.documentElement.scrollHeight")
            driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                   {"width": width, "height": max(667 if width < 600 else 900, min(height, 4000)),
                                    "deviceScaleFactor": 1, "mobile": width < 600})
            driver.save_screenshot(os.path.join(OUT, f"{name}-{width}-{theme}.png"))


def log_in(driver, server, email):
    driver.delete_all_cookies()
    driver.get(server + "/login")
    driver.find_element(By.ID, "email").send_keys(email)
    driver.find_element(By.ID, "password").send_keys(PASSWORD)
    driver.find_element(By.CSS_SELECTOR, "main form button[type=submit]").click()
    time.sleep(0.5)


def first_link(driver, pattern):
    for link in driver.find_elements(By.CSS_SELECTOR, "a[href]"):
        href = link.get_attribute("href")
        if re.search(pattern, href or ""):
            return href
    return None


def main():
    os.makedirs(OUT, exist_ok=True)
    folder = tempfile.mkdtemp(prefix="resett-screenshots-")
    process, server = start_server(folder)
    driver = make_driver()
    try:
        for name, path in [("signed-out-home", "/"), ("signed-out-reset-list", "/emotions/stressed"),
                           ("signed-out-reset-intro", "/resets/stressed-tense-release"), ("offline", "/offline"), ("log-in", "/login"),
                           ("sign-up", "/signup"), ("help", "/help"), ("help-now", "/help/now"), ("help-talk", "/help/talk"),
                           ("help-breathe", "/help/breathe"), ("help-ground", "/help/ground"), ("not-found", "/no/such/page")]:
            driver.get(server + path)
            shoot(driver, name)

        log_in(driver, server, "member@demo.example")
        for name, path in [("member-home", "/"), ("member-reset-list", "/emotions/anxious"),
                           ("member-reset-intro", "/resets/anxiety-calm-corridor"), ("member-calendar", "/calendar"),
                           ("member-calendar-year", "/calendar/year"), ("member-community", "/community"), ("member-check-in", "/check-in"), ("member-insights", "/insights"), ("member-setbacks", "/setbacks"), ("member-setback-new", "/setbacks/new"), ("member-setback-templates", "/setbacks/templates"), ("member-setback-insights", "/setbacks/insights"), ("member-welcome", "/welcome"), ("member-welcome-privacy", "/welcome?screen=2"), ("member-welcome-preferences", "/welcome?screen=3"), ("member-practices", "/practices"), ("member-practice-container", "/practices/container"), ("member-practice-timer", "/practices/timer"), ("member-glimmers", "/glimmers"), ("member-worries", "/worries"), ("member-actions", "/actions"), ("member-digest", "/insights/week"), ("member-report", "/account/report?show=1&include=check-ins&include=resets&include=insights"),
                           ("member-account", "/account"), ("member-account-profile", "/account/profile"),
                           ("member-account-security", "/account/security"), ("member-account-appearance", "/account/appearance"),
                           ("member-account-data", "/account/data"), ("member-devices", "/account/sessions"),
                           ("member-reminders", "/account/reminders"), ("member-unlock", "/unlock?next=/calendar"),
                           ("member-confirm-for-passkey", "/unlock?next=%2Faccount%2Fsecurity&for=passkey"),
                           ("member-subscription", "/account/subscription"), ("member-paywall", "/paywall")]:
            driver.get(server + path)
            shoot(driver, name)
        driver.get(server + "/you")
        shoot(driver, "member-you")
        # A post's report page, from the feed.
        driver.get(server + "/community")
        report = first_link(driver, r"/community/posts/[0-9a-f]{32}/report$")
        if report:
            driver.get(report)
            shoot(driver, "member-report-post")
        # Today's check-in in one tap on a face, then the guided reflection it offers: the feeling, then a question.
        driver.get(server + "/")
        submit(driver, "form.quick-check-in button[value='2']")
        shoot(driver, "member-check-in-saved")
        driver.get(server + "/reflection")
        shoot(driver, "member-reflection-feeling")
        driver.find_element(By.CSS_SELECTOR, "label[for=intensity-7]").click()
        submit(driver)
        driver.find_element(By.ID, "answer").send_keys("A tense meeting about the deadline")
        submit(driver)
        shoot(driver, "member-reflection-question")
        day = first_link(driver.get(server + "/calendar") or driver, r"/calendar/\d{4}-\d{2}-\d{2}$")
        if day:
            driver.get(day)
            shoot(driver, "member-calendar-day")
        # A reset from start to finish: intro, a step, the last step, the mood, the result.
        driver.get(server + "/resets/stressed-tense-release")
        submit(driver, "form.start-form button[type=submit]")
        shoot(driver, "member-player-first-step")
        run = re.search(r"/runs/([0-9a-f]{32})/", driver.current_url).group(1)
        driver.get(f"{server}/runs/{run}/steps/4")
        shoot(driver, "member-player-middle-step")
        driver.get(f"{server}/runs/{run}/steps/6")
        shoot(driver, "member-player-last-step")
        submit(driver, ".player-actions button[type=submit]")
        shoot(driver, "member-mood")
        rate(driver, 7)
        shoot(driver, "member-result")
        driver.get(server + "/resets/anxiety-bubble-calm")
        submit(driver, "form.start-form button[type=submit]")
        for bubble in driver.find_elements(By.CSS_SELECTOR, ".bubble")[:3]:
            bubble.click()
        time.sleep(0.6)
        shoot(driver, "member-bubbles")
        submit(driver, ".player-actions button[type=submit]")
        rate(driver, 3)
        shoot(driver, "member-result-low")
        # The third reset of the day: the next intro says so and offers the subscription.
        driver.get(server + "/resets/tired-blink-track")
        submit(driver, "form.start-form button[type=submit]")
        driver.get(driver.current_url.replace("/steps/1", "/steps/2"))
        driver.get(server + "/resets/tired-posture-ladder")
        shoot(driver, "member-intro-none-left")

        log_in(driver, server, "subscriber@demo.example")
        for name, path in [("subscriber-subscription", "/account/subscription"), ("subscriber-home", "/")]:
            driver.get(server + path)
            shoot(driver, name)

        log_in(driver, server, "moderator@demo.example")
        for name, path in [("moderator-team", "/admin"), ("moderator-queue", "/admin/moderation"), ("moderator-audit", "/admin/audit"),
                           ("moderator-community", "/community")]:
            driver.get(server + path)
            shoot(driver, name)
        driver.get(server + "/admin/moderation")
        post = first_link(driver, r"/admin/moderation/posts/[0-9a-f]{32}$")
        if post:
            driver.get(post)
            shoot(driver, "moderator-post")

        log_in(driver, server, "admin@demo.example")
        for name, path in [("admin-team", "/admin"), ("admin-members", "/admin/members"), ("admin-settings", "/admin/settings"),
                           ("admin-crisis-contacts", "/admin/crisis-contacts"), ("admin-watched-words", "/admin/watched-words"), ("admin-check-in-tags", "/admin/check-in-tags"), ("admin-organisation-insights", "/admin/insights"), ("admin-joining", "/admin/joining"), ("admin-resets", "/admin/resets"), ("admin-logo", "/admin/logo"),
                           ("admin-single-sign-on", "/admin/single-sign-on"), ("admin-own-reset-editor", "/admin/own-resets/new")]:
            driver.get(server + path)
            shoot(driver, name)
    finally:
        driver.quit()
        process.send_signal(signal.SIGTERM)
        process.wait(timeout=20)
        shutil.rmtree(folder, ignore_errors=True)
    print(f"Screenshots in {OUT}")


if __name__ == "__main__":
    main()
