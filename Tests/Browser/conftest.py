"""Real-browser tests: the built `resett` binary on a free port with a fresh database, driven by headless
Chromium through Selenium, with axe-core (from axe-selenium-python) for accessibility."""
import os
import re
import shutil
import signal
import socket
import subprocess
import tempfile
import threading
import time

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
SCREENSHOTS = os.path.join(ROOT, ".build", "screenshots")


@pytest.fixture(scope="session")
def server():
    """Starts `resett serve` on a free port; yields its base URL."""
    running = start_resett()
    url, _ = next(running)
    yield url
    next(running, None)


# Each running server's outbox, by its base URL, for tests whose server does not export RESETT_TEST_OUTBOX.
OUTBOXES = {}


def start_resett(extra_arguments=(), export=True, port=0):
    """A `resett serve` of its own (database, outbox, key) on a free port: yields its base URL and database, then
    stops it."""
    folder = tempfile.mkdtemp(prefix="resett-browser-")
    binary = os.path.join(ROOT, ".build", "debug", "resett")
    database, outbox = os.path.join(folder, "resett.sqlite"), os.path.join(folder, "outbox")
    postgres = os.environ.get("RESETT_TEST_POSTGRES")
    if postgres:
        # The PostgreSQL pass: a schema of its own on the test server; mail lands in data/outbox under the
        # server's working folder.
        schema = "browser_" + os.path.basename(folder).replace("-", "_").lower()
        subprocess.run(["psql", postgres, "-q", "-c", f"CREATE SCHEMA {schema}"], check=True)
        database = postgres + ("&" if "?" in postgres else "?") + "options=-csearch_path%3D" + schema
        outbox = os.path.join(folder, "data", "outbox")
    key = os.path.join(folder, "master.key")
    subprocess.run([binary, "keys", "create", "--out", key], check=True, capture_output=True)
    push_key = os.path.join(folder, "push.key")
    subprocess.run([binary, "keys", "push", "--out", push_key], check=True, capture_output=True)
    process = subprocess.Popen(
        [binary, "serve", "--port", str(port), "--db", database, "--root", ROOT, "--data-key-file", key, "--push-key-file", push_key, *extra_arguments], cwd=folder,
        stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True)
    port = None
    deadline = time.time() + 60
    while port is None and time.time() < deadline:
        line = process.stderr.readline()
        if not line:
            break
        match = re.search(r"url=http://localhost:(\d+)/", line)
        if match:
            port = int(match.group(1))
    if port is None:
        process.kill()
        raise RuntimeError("resett did not start")
    # Keep reading the server's log, or a full pipe would stop it mid-write (and then stop it answering).
    threading.Thread(target=lambda: [None for _ in process.stderr], daemon=True).start()
    # Tests that need an operator's command (say, making a moderator) find the database here.
    if export:
        os.environ["RESETT_TEST_DB"] = database
        os.environ["RESETT_TEST_OUTBOX"] = outbox
    OUTBOXES[f"http://localhost:{port}"] = outbox
    yield f"http://localhost:{port}", database
    process.send_signal(signal.SIGTERM)
    process.wait(timeout=20)
    shutil.rmtree(folder, ignore_errors=True)


def free_port():
    """A port nobody is using now, for a server whose absolute URLs (built from configuration) must name its port."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture(scope="module")
def fixed_port_server():
    """A server of its own on a port fixed before it starts: passkeys are checked against the origin built from
    configuration, port included. Yields its base URL and database."""
    running = start_resett(export=False, port=free_port())
    url, database = next(running)
    yield url, database
    next(running, None)


def make_driver(javascript=True):
    options = Options()
    options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
    for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                     "--window-size=1280,900", "--lang=en-GB"]:
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL", "performance": "ALL"})
    if not javascript:
        options.add_experimental_option("prefs", {"profile.managed_default_content_settings.javascript": 2})
    driver = webdriver.Chrome(service=Service(shutil.which("chromedriver") or "/usr/bin/chromedriver"), options=options)
    driver.set_page_load_timeout(30)
    return driver


@pytest.fixture()
def browser():
    driver = make_driver()
    yield driver
    driver.quit()


@pytest.fixture()
def browser_without_javascript():
    driver = make_driver(javascript=False)
    yield driver
    driver.quit()
