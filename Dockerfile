# Build with the Swift 6.3 image, run on slim Debian with only the runtime libraries.
# scripts/check-dockerfile.sh (part of `make test`) builds the build stage's COPY lines in a clean folder and checks the
# run stage's packages against every library the binary links, since no container engine runs where the tests do.
FROM swift:6.3-bookworm AS build
RUN apt-get update && apt-get install -y --no-install-recommends libsqlite3-dev libssl-dev libargon2-dev libpq-dev libcurl4-openssl-dev libxml2-dev libxmlsec1-dev zlib1g-dev \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY Package.swift ./
COPY Sources ./Sources
COPY Tests ./Tests
COPY Fuzz ./Fuzz
COPY Plugins ./Plugins
# The page templates are compiled into the binary (Plugins/CompileViews), so the run stage needs no copy.
COPY Views ./Views
RUN swift build -c release --product resett --static-swift-stdlib \
    && cp "$(swift build -c release --show-bin-path)/resett" /usr/local/bin/resett

FROM debian:bookworm-slim
RUN apt-get update && apt-get install -y --no-install-recommends libsqlite3-0 libssl3 libargon2-1 libpq5 libcurl4 libxml2 libxmlsec1 libxmlsec1-openssl zlib1g postgresql-client ca-certificates tzdata \
    && rm -rf /var/lib/apt/lists/* \
    && useradd --system --uid 10001 --home-dir /app --shell /usr/sbin/nologin resett \
    && mkdir -p /data && chown resett /data
WORKDIR /app
COPY --from=build /usr/local/bin/resett /usr/local/bin/resett
COPY Public ./Public
COPY Migrations ./Migrations
COPY Content ./Content
USER resett
VOLUME /data
EXPOSE 8080
STOPSIGNAL SIGTERM
# The master key comes from a mounted secret file (see the README's Docker section), never from the image or its
# environment. `migrate` is idempotent, so the first start creates the database and later starts apply new migrations.
CMD ["sh", "-c", "resett migrate --db /data/resett.sqlite --root /app && exec resett serve --host 0.0.0.0 --port 8080 --db /data/resett.sqlite --root /app --data-key-file /run/secrets/resett-master-key"]
