# Resett: two commands on a fresh Debian 12 machine with Swift 6.3: `make run` and `make test`.
SHELL := /bin/bash
SYSTEM_PACKAGES := libsqlite3-dev libssl-dev libargon2-dev libpq-dev libcurl4-openssl-dev libxml2-dev libxmlsec1-dev zlib1g-dev
DB ?= ./data/resett.sqlite
PORT ?= 8080
SWIFT_FLAGS ?=

.PHONY: run test setup browser-setup postgres-setup build migrate bench clean screenshots

# Installs the system libraries the build links against, with apt-get, when any is missing.
setup:
	@missing=""; for p in $(SYSTEM_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "Installing:$$missing"; \
	  if [ "$$(id -u)" = 0 ]; then apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=120 install -y -qq $$missing; \
	  elif command -v sudo >/dev/null; then sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=120 install -y -qq $$missing; \
	  else echo "Please install:$$missing (apt-get install$$missing)"; exit 1; fi; \
	fi

# The browser suite's tools: Chromium and its driver from Debian, Selenium, axe-core and pytest from PyPI; and aiosmtpd,
# the real SMTP server the mail tests send to.
BROWSER_PACKAGES := chromium chromium-driver fonts-noto-color-emoji openssl xmlsec1
browser-setup:
	@missing=""; for p in $(BROWSER_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "Installing:$$missing"; \
	  if [ "$$(id -u)" = 0 ]; then apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=120 install -y -qq $$missing; \
	  else sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=120 install -y -qq $$missing; fi; \
	fi
	@python3 -c "import selenium, axe_selenium_python, pytest, aiosmtpd, scim2_tester, scim2_client, httpx2, authlib, joserfc, requests, html5lib, fido2, http_ece, saml2, signxml" 2>/dev/null || python3 -m pip install -q -r Tests/Browser/requirements.txt

build: setup
	swift build $(SWIFT_FLAGS) --product resett

migrate: build
	.build/debug/resett migrate --db $(DB)

run: build
	.build/debug/resett migrate --db $(DB)
	@mkdir -p data && [ -f data/master.key ] || .build/debug/resett keys create --out data/master.key
	@[ -f data/push.key ] || .build/debug/resett keys push --out data/push.key
	.build/debug/resett serve --db $(DB) --port $(PORT) --data-key-file data/master.key --push-key-file data/push.key

# The server for the PostgreSQL pass of the tests (Debian's; the tests start their own throwaway cluster).
postgres-setup:
	@dpkg-query -W -f='$${Status}' postgresql 2>/dev/null | grep -q "install ok installed" || { \
	  echo "Installing: postgresql"; \
	  if [ "$$(id -u)" = 0 ]; then apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=120 install -y -qq postgresql; \
	  else sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=120 install -y -qq postgresql; fi; }

# A build with no warnings (any warning in our code fails CI); every Swift test on SQLite, then every one again on a
# throwaway PostgreSQL; fuzzing; the Dockerfile (scripts/check-dockerfile.sh, since no container engine runs here); the browser suite on SQLite and again on PostgreSQL. The PostgreSQL cluster is
# stopped and removed however the tests end.
test: setup browser-setup postgres-setup
	@mkdir -p .build && set -o pipefail && swift build --build-tests 2>&1 | tee .build/test-build.log
	@if grep -E ": warning:" .build/test-build.log | grep -v "/.build/checkouts/" | grep -E "/(Sources|Tests|Fuzz)/"; then \
	  echo "The build has warnings: CI treats them as errors."; exit 1; fi
	swift test --skip-build
	@folder=$$(mktemp -d /tmp/resett-postgres-XXXXXX); \
	trap 'scripts/test-postgres.sh stop '"$$folder" EXIT; \
	url=$$(scripts/test-postgres.sh start "$$folder") || exit 1; \
	echo "Running the Swift tests again on PostgreSQL ($$url)"; \
	RESETT_TEST_POSTGRES="$$url" swift test --skip-build && \
	bench/fuzz.sh 5 && \
	scripts/check-dockerfile.sh && \
	python3 -m pytest -q Tests/Browser && \
	echo "Running the browser suite again on PostgreSQL" && \
	RESETT_TEST_POSTGRES="$$url" python3 -m pytest -q Tests/Browser

# Every page (signed out, member, subscriber, moderator, admin; light and dark; 375 and 1280 px) with demo data,
# into .build/screenshots/pages/.
screenshots: build browser-setup
	python3 scripts/screenshots.py

bench: setup
	bench/run.sh

clean:
	rm -rf .build
