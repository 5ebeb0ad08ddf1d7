// ResonanceKitTesting: in-process fixture transport.
import ResonanceKit
import MockFixtures
