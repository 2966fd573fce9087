"""Issue 17: single sign-on with OpenID Connect, against a real provider started here (Tests/Support/oidc_provider.py,
built on Authlib and joserfc) and a Resett of its own, over real sockets: the code flow with PKCE (the provider refuses
a wrong verifier), state and nonce; an account made at the first sign-in and found again by the provider's subject;
every bad ID token refused with nothing signed in; key rotation; the "single sign-on only" rule; the admin page's
checks; and another organisation's provider meaning nothing. One journey in Chromium, whose Content-Security-Policy
must let the button's form lead to the provider."""
import os
import re
import subprocess
import sys
import time
import uuid
from urllib.parse import urlparse

import pytest
import requests
from selenium.webdriver.common.by import By

from conftest import OUTBOXES, ROOT, free_port, start_resett
from journeys import csrf, signed_in
from pages import check_page

PASSWORD = "a calm and steady passphrase"
SECRET = "a long secret only the tests and Resett know"


@pytest.fixture(scope="module")
def provider():
    process = subprocess.Popen([sys.executable, os.path.join(ROOT, "Tests", "Support", "oidc_provider.py"), "--port", "0"],
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    line = process.stdout.readline()
    assert line.startswith("port="), line
    yield f"http://127.0.0.1:{int(line.strip()[5:])}"
    process.terminate()
    process.wait(timeout=10)


@pytest.fixture(scope="module")
def sso(provider):
    """A Resett whose default organisation signs in with the provider (client id and secret as the provider has them)."""
    # A fixed port, so the callback URL built from configuration (registered with the provider) names it.
    running = start_resett(["--allow-loopback-identity-provider"], export=False, port=free_port())
    url, database = next(running)
    admin = signed_in(url, database, f"admin-{uuid.uuid4().hex[:6]}@example.com", "admin")
    response = save_settings(admin, url, issuer=provider)
    assert response.status_code == 303, response.text
    yield url, database, admin
    next(running, None)


def resett(database, *arguments, stdin=None):
    return subprocess.run([os.path.join(ROOT, ".build", "debug", "resett"), *arguments, "--db", database, "--root", ROOT],
                          input=stdin, text=True, check=True, capture_output=True).stdout


def save_settings(admin, server, issuer, client_id="resett-tests", secret=SECRET, domains="", required=False, name="Acme"):
    page = admin.get(server + "/admin/single-sign-on")
    form = {"_csrf": csrf(page.text), "display_name": name, "issuer": issuer, "client_id": client_id, "client_secret": secret,
            "domains": domains}
    if required:
        form["required"] = "on"
    return admin.post(server + "/admin/single-sign-on", data=form, allow_redirects=False)


def control(provider, **body):
    requests.post(provider + "/_control", json=body).raise_for_status()


def sign_in_through(server, provider, session=None):
    """Presses "Continue with Acme" on the log-in page and follows the provider back. Returns the callback's answer."""
    session = session or requests.Session()
    page = session.get(server + "/login")
    action = re.search(r'action="(/login/sso/[0-9a-f]{32})"', page.text).group(1)
    start = session.post(server + action, data={"_csrf": csrf(page.text), "next": "/"}, allow_redirects=False)
    assert start.status_code == 303, start.text
    authorize = start.headers["Location"]
    assert authorize.startswith(provider + "/authorize?"), authorize
    back = requests.get(authorize, allow_redirects=False)
    assert back.status_code == 302, back.text
    callback = back.headers["Location"]
    assert callback.startswith(server + "/login/sso/callback?"), callback
    return session.get(callback, allow_redirects=False), session, callback


def has_session(response):
    return re.search(r"resett_session=[^;]+", response.headers.get("Set-Cookie", "")) is not None


def connect_with_password(server, answer, session, password=PASSWORD):
    """Issue 65: a sign-in that named an account with a password of its own asks its owner for that password first."""
    assert answer.status_code == 200 and "You already have an account" in answer.text and not has_session(answer), answer.text
    token = re.search(r'name="token" value="([0-9a-f]{64})"', answer.text).group(1)
    return session.post(server + "/login/sso/connect", data={"_csrf": csrf(answer.text), "token": token, "password": password},
                        allow_redirects=False)


def mail_to(server, address, pattern):
    """The newest mail to `address` in the server's outbox that matches `pattern`, and the match."""
    outbox = OUTBOXES[server]
    deadline = time.time() + 10
    while time.time() < deadline:
        for name in sorted(os.listdir(outbox) if os.path.isdir(outbox) else [], reverse=True):
            if not name.endswith(".eml"):
                continue  # a mail still being written, under a name of its own until it is whole
            with open(os.path.join(outbox, name), encoding="utf-8") as mail:
                text = mail.read()
            match = re.search(pattern, text)
            if f"To: {address}" in text and match:
                return text, match
        time.sleep(0.1)
    raise AssertionError(f"no mail to {address} matching {pattern}")


def test_a_person_signs_in_with_the_provider_and_is_found_again_by_their_subject(sso, provider):
    server, database, admin = sso
    control(provider, mode="normal", user={"sub": "person-first", "email": "first@acme.example", "email_verified": True})
    answer, session, _ = sign_in_through(server, provider)
    # A new account made by the sign-on: its first sign-in shows the welcome, as every new account's does.
    assert answer.status_code == 303 and answer.headers["Location"] == "/welcome" and has_session(answer), answer.text
    assert "Log out" in session.get(server + "/account").text
    # Their email changes at the provider: the same subject finds the same account (one link, not two), and goes home.
    control(provider, user={"sub": "person-first", "email": "first.renamed@acme.example", "email_verified": True})
    again, _, _ = sign_in_through(server, provider)
    assert again.status_code == 303 and again.headers["Location"] == "/" and has_session(again)
    assert "1 account has signed in with it" in admin.get(server + "/admin/single-sign-on").text
    # An account that already has the verified address is linked, not duplicated, once its owner confirms it.
    existing = f"existing-{uuid.uuid4().hex[:6]}@acme.example"
    resett(database, "user", "create", "--tenant", "default", "--email", existing, "--password-stdin", stdin=PASSWORD + "\n")
    control(provider, user={"sub": "person-existing", "email": existing, "email_verified": True})
    linked = connect_with_password(server, *sign_in_through(server, provider)[:2])
    assert linked.status_code == 303 and has_session(linked)
    assert "2 accounts have signed in with it" in admin.get(server + "/admin/single-sign-on").text


@pytest.mark.parametrize("mode, reference", [
    ("wrong_signature", "signature did not verify"),
    ("unknown_kid", "unknown signing key (kid)"),
    ("wrong_audience", "wrong audience"),
    ("wrong_issuer", "wrong issuer"),
    ("expired", "ID token refused: expired"),
    ("replayed_nonce", "nonce did not match"),
    ("alg_none", "algorithm not allowed"),
])
def test_every_bad_id_token_is_refused_and_signs_nobody_in(sso, provider, mode, reference):
    server, _, _ = sso
    control(provider, mode="normal", user={"sub": "person-" + mode, "email": f"{mode}@acme.example", "email_verified": True})
    if mode == "replayed_nonce":
        first, _, _ = sign_in_through(server, provider)  # a nonce the provider can replay
        assert first.status_code == 303
    control(provider, mode=mode)
    answer, session, _ = sign_in_through(server, provider)
    control(provider, mode="normal")
    assert answer.status_code == 401, (answer.status_code, answer.text[:500])
    assert reference in answer.text
    assert "We couldn’t sign you in" in answer.text
    assert not has_session(answer)
    assert session.get(server + "/account", allow_redirects=False).status_code == 303  # still signed out


def test_a_mismatched_or_replayed_state_is_refused(sso, provider):
    server, _, _ = sso
    control(provider, mode="wrong_state", user={"sub": "person-state", "email": "state@acme.example", "email_verified": True})
    answer, _, _ = sign_in_through(server, provider)
    control(provider, mode="normal")
    assert answer.status_code == 400 and "the state did not match" in answer.text and not has_session(answer)
    # A good callback works once; the same URL again (same state, same code) finds no sign-in under way.
    good, session, callback = sign_in_through(server, provider)
    assert good.status_code == 303 and has_session(good)
    again = requests.get(callback, cookies={"resett_sign_on": parse_state(callback)}, allow_redirects=False)
    assert again.status_code == 400 and "no sign-in under way" in again.text and not has_session(again)
    # Someone else's browser, handed a callback link (login CSRF), has no matching cookie; the browser that began the
    # sign-in can still finish it.
    owner = requests.Session()
    page = owner.get(server + "/login")
    action = re.search(r'action="(/login/sso/[0-9a-f]{32})"', page.text).group(1)
    start = owner.post(server + action, data={"_csrf": csrf(page.text), "next": "/"}, allow_redirects=False)
    handed = requests.get(start.headers["Location"], allow_redirects=False).headers["Location"]
    stranger = requests.get(handed, allow_redirects=False)
    assert stranger.status_code == 400 and "the state did not match" in stranger.text and not has_session(stranger)
    finished = owner.get(handed, allow_redirects=False)
    assert finished.status_code == 303 and has_session(finished)


def parse_state(url):
    return re.search(r"state=([0-9a-f]{64})", url).group(1)


def test_the_provider_rotating_its_key_is_followed(sso, provider):
    server, _, _ = sso
    control(provider, mode="normal", user={"sub": "person-rotate", "email": "rotate@acme.example", "email_verified": True})
    before, _, _ = sign_in_through(server, provider)
    assert before.status_code == 303
    fetches = requests.get(provider + "/_control").json()["jwks_fetches"]
    control(provider, rotate=True)
    time.sleep(5.5)  # Resett fetches the key set again at most every 5 seconds
    after, _, _ = sign_in_through(server, provider)
    assert after.status_code == 303 and has_session(after), after.text[:500]
    assert requests.get(provider + "/_control").json()["jwks_fetches"] == fetches + 1


def test_an_unverified_or_foreign_email_makes_no_account(sso, provider):
    server, _, admin = sso
    control(provider, mode="normal", user={"sub": "person-unverified", "email": "unverified@acme.example", "email_verified": False})
    answer, _, _ = sign_in_through(server, provider)
    assert answer.status_code == 403 and "did not verify the email" in answer.text and not has_session(answer)
    assert save_settings(admin, server, issuer=provider, secret="", domains="acme.example").status_code == 303
    control(provider, user={"sub": "person-elsewhere", "email": "someone@elsewhere.example", "email_verified": True})
    foreign, _, _ = sign_in_through(server, provider)
    assert foreign.status_code == 403 and "not at an allowed domain" in foreign.text and not has_session(foreign)
    # Without email_verified (as Entra ID sends), an address at an allowed domain is trusted.
    control(provider, user={"sub": "person-entra", "email": "entra@acme.example"})
    entra, _, _ = sign_in_through(server, provider)
    assert entra.status_code == 303 and has_session(entra)
    assert save_settings(admin, server, issuer=provider, secret="", domains="").status_code == 303


def test_single_sign_on_only_keeps_members_off_passwords_but_not_admins(sso, provider):
    server, database, admin = sso
    member_email = f"member-{uuid.uuid4().hex[:6]}@example.com"
    resett(database, "user", "create", "--tenant", "default", "--email", member_email, "--password-stdin", stdin=PASSWORD + "\n")
    assert save_settings(admin, server, issuer=provider, secret="", required=True).status_code == 303
    try:
        session = requests.Session()
        page = session.get(server + "/login")
        refused = session.post(server + "/login", data={"_csrf": csrf(page.text), "email": member_email, "password": PASSWORD, "next": "/"},
                               allow_redirects=False)
        assert refused.status_code == 403 and "Continue with" in refused.text and not has_session(refused)
        sign_up = requests.get(server + "/signup")
        assert sign_up.status_code == 403 and "Continue with Acme" in sign_up.text
        # The page's policy lets only its own form and the provider's sign-in take a form.
        assert f"form-action 'self' {provider}" in sign_up.headers["Content-Security-Policy"]
        admin_email = f"admin2-{uuid.uuid4().hex[:6]}@example.com"
        assert signed_in(server, database, admin_email, "admin")  # break-glass: an admin's password still works
    finally:
        assert save_settings(admin, server, issuer=provider, secret="", required=False).status_code == 303


def test_the_settings_page_checks_what_an_admin_types_and_is_theirs_alone(sso, provider):
    server, database, admin = sso
    bad = save_settings(admin, server, issuer="http://login.example.com", secret="")
    assert bad.status_code == 422 and "https address" in bad.text and 'value="http://login.example.com"' in bad.text
    unreachable = save_settings(admin, server, issuer="http://127.0.0.1:9", secret="")
    assert unreachable.status_code == 422 and "could not be reached or did not answer as an OpenID provider" in unreachable.text
    # What was saved before is still there, secret included (a sign-in still works).
    control(provider, mode="normal", user={"sub": "person-after", "email": "after@acme.example", "email_verified": True})
    works, _, _ = sign_in_through(server, provider)
    assert works.status_code == 303
    page = admin.get(server + "/admin/single-sign-on").text
    assert SECRET not in page
    # Not an admin: the page does not exist. No CSRF token: refused.
    member = signed_in(server, database, f"plain-{uuid.uuid4().hex[:6]}@example.com")
    assert member.get(server + "/admin/single-sign-on", allow_redirects=False).status_code == 404
    assert admin.post(server + "/admin/single-sign-on", data={"issuer": provider}, allow_redirects=False).status_code == 403


def test_another_organisations_provider_means_nothing_here(sso, provider):
    server, database, _ = sso
    port = urlparse(server).port
    resett(database, "tenant", "create", "--slug", "other", "--name", "Other Org")
    session = requests.Session()
    host = {"Host": f"other.localhost:{port}"}
    page = session.get(f"http://127.0.0.1:{port}/login", headers=host)
    assert page.status_code == 200 and "Continue with" not in page.text
    default_login = requests.get(server + "/login").text
    provider_id = re.search(r'action="/login/sso/([0-9a-f]{32})"', default_login).group(1)
    answer = session.post(f"http://127.0.0.1:{port}/login/sso/{provider_id}", data={"_csrf": csrf(page.text), "next": "/"},
                          headers=host, allow_redirects=False)
    assert answer.status_code == 404


def test_a_person_signs_in_with_the_button_in_a_browser(sso, provider, browser):
    server, _, _ = sso
    control(provider, mode="normal", user={"sub": "person-browser", "email": "browser@acme.example", "email_verified": True})
    browser.get(server + "/login")
    problems = check_page(browser, "log-in-with-single-sign-on", server)
    button = browser.find_element(By.XPATH, "//button[normalize-space()='Continue with Acme']")
    button.send_keys("\n")  # by keyboard
    deadline = time.time() + 15
    # A new account, made by the sign-on: its first sign-in shows the welcome, as any new account's does.
    while time.time() < deadline and browser.current_url != server + "/welcome":
        time.sleep(0.1)
    assert browser.current_url == server + "/welcome", browser.current_url
    assert problems == [], "\n".join(problems)


def save_joining(admin, server, rule, domains=""):
    page = admin.get(server + "/admin/joining")
    return admin.post(server + "/admin/joining", data={"_csrf": csrf(page.text), "rule": rule, "domains": domains}, allow_redirects=False)


def test_who_may_join_holds_for_a_first_sign_in_with_the_provider(sso, provider):
    """Issue 32, finding 5: "invitations only" and the organisation's domains hold for single sign-on's first sign-in too,
    even when the provider's own domain list is empty; someone who already has an account still signs in."""
    server, database, admin = sso
    existing = f"already-{uuid.uuid4().hex[:6]}@example.com"
    resett(database, "user", "create", "--tenant", "default", "--email", existing, "--password-stdin", stdin=PASSWORD + "\n")
    assert save_joining(admin, server, "invitations").status_code == 303
    try:
        control(provider, mode="normal", user={"sub": f"new-{uuid.uuid4().hex[:6]}", "email": "stranger@gmail.example", "email_verified": True})
        refused, _, _ = sign_in_through(server, provider)
        assert refused.status_code == 403 and "invitation" in refused.text and not has_session(refused), refused.text
        control(provider, user={"sub": f"old-{uuid.uuid4().hex[:6]}", "email": existing, "email_verified": True})
        linked = connect_with_password(server, *sign_in_through(server, provider)[:2])
        assert linked.status_code == 303 and has_session(linked)
        assert save_joining(admin, server, "domains", "acme.example").status_code == 303
        control(provider, user={"sub": f"other-{uuid.uuid4().hex[:6]}", "email": "someone@gmail.example", "email_verified": True})
        foreign, _, _ = sign_in_through(server, provider)
        assert foreign.status_code == 403 and not has_session(foreign)
        control(provider, user={"sub": f"staff-{uuid.uuid4().hex[:6]}", "email": f"staff-{uuid.uuid4().hex[:6]}@acme.example", "email_verified": True})
        admitted, _, _ = sign_in_through(server, provider)
        assert admitted.status_code == 303 and has_session(admitted)
    finally:
        assert save_joining(admin, server, "open").status_code == 303


def test_the_organisations_provider_cannot_take_over_a_members_account(sso, provider):
    """Issue 65, finding 4: a provider (which the organisation's admin configures) asserting an existing member's email
    links nothing and signs nobody in until the account's owner confirms: with their password, or the link mailed to
    them. The page's token is not the mailed one; the owner is told once it is linked; the audit never names them."""
    server, database, admin = sso
    control(provider, mode="normal")
    owner = f"owner-{uuid.uuid4().hex[:6]}@acme.example"
    resett(database, "user", "create", "--tenant", "default", "--email", owner, "--password-stdin", stdin=PASSWORD + "\n")
    control(provider, user={"sub": f"taker-{uuid.uuid4().hex[:6]}", "email": owner, "email_verified": True})
    answer, session, _ = sign_in_through(server, provider)
    assert answer.status_code == 200 and not has_session(answer) and "You already have an account" in answer.text
    assert session.get(server + "/account/export.json", allow_redirects=False).status_code == 303, "not signed in"
    page_token = re.search(r'name="token" value="([0-9a-f]{64})"', answer.text).group(1)
    wrong = connect_with_password(server, answer, session, password="the admin's guess")
    assert wrong.status_code == 422 and not has_session(wrong) and "the password of the account here" in wrong.text
    # The page's token is not a link: as one it connects nothing.
    assert session.get(server + "/login/sso/connect?token=" + page_token).status_code == 404
    assert session.post(server + "/login/sso/connect", data={"_csrf": csrf(answer.text), "token": page_token},
                        allow_redirects=False).status_code == 422
    # The owner's mail: one tap connects and signs them in.
    mail, match = mail_to(server, owner, r"(/login/sso/connect\?token=([0-9a-f]{64}))")
    assert "Connect your Resett account to Acme?" in mail and match.group(2) != page_token
    browser = requests.Session()
    confirm = browser.get(server + match.group(1))
    assert confirm.status_code == 200 and "Connect and sign in" in confirm.text
    done = browser.post(server + "/login/sso/connect", data={"_csrf": csrf(confirm.text), "token": match.group(2)}, allow_redirects=False)
    assert done.status_code == 303 and has_session(done)
    told, _ = mail_to(server, owner, r"is now connected to its sign-in")
    assert "reset your password" in told
    # Once only; then the provider signs them in directly.
    assert requests.get(server + match.group(1)).status_code == 404
    direct, _, _ = sign_in_through(server, provider)
    assert direct.status_code == 303 and has_session(direct)
    audit = admin.get(server + "/admin/audit").text
    assert "Connected an account to single sign-on" in audit and owner not in audit
