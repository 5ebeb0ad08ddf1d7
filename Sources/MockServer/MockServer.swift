// The MockServer module: see docs/ARCHITECTURE.md.
import CMicroHTTPD
import MockFixtures
