# mockserver: a tiny mock REST server serving a folder of JSON fixtures.
#   docker build -t mockserver .
#   docker run -d -p 8080:8080 -v "$PWD/Mocks:/mocks:ro" mockserver

# Build stage: the Swift toolchain and libmicrohttpd's headers (GnuTLS's with them, zlib's) live only here.
FROM swift:6.3-bookworm AS build
RUN apt-get update \
 && apt-get install -y --no-install-recommends libmicrohttpd-dev zlib1g-dev ca-certificates \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /src
# Manifest first, so dependency resolution is cached while sources change.
COPY Package.swift ./
RUN swift package resolve
COPY CMicroHTTPD CMicroHTTPD
COPY CGnuTLS CGnuTLS
COPY CZlib CZlib
COPY Sources Sources
COPY Tests Tests
# --static-swift-stdlib: the runtime stage needs no Swift libraries at all.
RUN swift build -c release --product mockserver --static-swift-stdlib \
 && install -D -m 0755 "$(swift build -c release --show-bin-path)/mockserver" /out/mockserver \
 && strip /out/mockserver

# Runtime stage: Debian slim, libmicrohttpd, the binary and the example fixtures. No compilers, no shell tools added.
FROM debian:bookworm-slim
RUN apt-get update \
 && apt-get install -y --no-install-recommends libmicrohttpd12 \
 && rm -rf /var/lib/apt/lists/* /var/cache/apt/* /var/log/apt/* /var/log/dpkg.log \
 && useradd --uid 10001 --user-group --no-create-home --shell /usr/sbin/nologin mockserver
COPY --from=build /out/mockserver /usr/local/bin/mockserver
# The certificate authorities that HTTPS upstreams (record, proxy) are verified against, where
# GnuTLS looks for them: one 0.2 MB file instead of the ca-certificates package, which pulls in openssl.
COPY --from=build /etc/ssl/certs/ca-certificates.crt /etc/ssl/certs/ca-certificates.crt
COPY Mocks /mocks
USER mockserver
EXPOSE 8080
# `mockserver healthcheck` speaks HTTP itself: the image needs no curl or shell for this.
HEALTHCHECK --interval=5s --timeout=3s --start-period=1s --retries=3 \
  CMD ["mockserver", "healthcheck", "--url", "http://127.0.0.1:8080"]
ENTRYPOINT ["mockserver"]
CMD ["--root", "/mocks", "--host", "0.0.0.0", "--port", "8080"]
