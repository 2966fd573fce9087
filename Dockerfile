# Build with the Swift 6.3 image, run on slim Debian with only the runtime libraries.
FROM swift:6.3-bookworm AS build
RUN apt-get update && apt-get install -y --no-install-recommends libsqlite3-dev libssl-dev libargon2-dev libpq-dev \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY Package.swift ./
COPY Sources ./Sources
COPY Tests ./Tests
RUN swift build -c release --product resett --static-swift-stdlib \
    && cp "$(swift build -c release --show-bin-path)/resett" /usr/local/bin/resett

FROM debian:bookworm-slim
RUN apt-get update && apt-get install -y --no-install-recommends libsqlite3-0 libssl3 libargon2-1 libpq5 postgresql-client ca-certificates tzdata \
    && rm -rf /var/lib/apt/lists/* \
    && useradd --system --uid 10001 --home-dir /app --shell /usr/sbin/nologin resett \
    && mkdir -p /data && chown resett /data
WORKDIR /app
COPY --from=build /usr/local/bin/resett /usr/local/bin/resett
COPY Views ./Views
COPY Public ./Public
COPY Migrations ./Migrations
COPY Content ./Content
USER resett
VOLUME /data
EXPOSE 8080
STOPSIGNAL SIGTERM
CMD ["resett", "serve", "--host", "0.0.0.0", "--port", "8080", "--db", "/data/resett.sqlite", "--root", "/app"]
