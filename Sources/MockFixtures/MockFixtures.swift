// The MockFixtures module: see docs/ARCHITECTURE.md.
