/// The fixture format in brief, shown by `mockserver --help`.
enum FixtureFormatHelp {
    static let text = """
        FIXTURE FORMAT
          ROOT/P.json answers /P and /P/; DIR/index.json answers /DIR and /DIR/;
          ROOT/index.json answers /. The query string never selects the file.
          A file holds a JSON array of entries (one object is a one-entry array):
            method          HTTP method, default GET (HEAD is answered like GET)
            status          100-599, default 200
            request         JSON the body must equal, or query parameters to require
                            (absent or {} matches anything)
            requestHeaders  headers that must be present with these exact values
            response        JSON sent back (absent or null: empty body)
            headers         extra response headers
            delay           milliseconds to wait before answering
            times           answer at most N matching requests, then the next
                            entry does (POST /__admin/reset counts again)
          The first matching entry wins; a constrained entry beats a wildcard one.
          Other files (png, txt, ...) are served as static files for GET and HEAD.
          GET /__admin/health answers {"status":"ok",...}; POST /__admin/reset
          restarts every "times" counter; POST /__admin/reload (or SIGHUP, or
          --watch) reads the fixtures again, without a restart.
          A request that matches nothing gets a 404 explaining the closest entries;
          a broken fixture file answers 500 naming its problems.

        EXAMPLES
          mockserver --root Mocks --port 0
          mockserver --root Mocks --watch
          mockserver validate --root Mocks
          mockserver healthcheck --url http://127.0.0.1:8080
          mockserver tls-cert --out certs
          mockserver --root Mocks --tls-cert certs/cert.pem --tls-key certs/key.pem
        """
}
