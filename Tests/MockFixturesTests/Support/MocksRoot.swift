import Foundation

/// The repository's `Mocks/` folder.
let mocksRoot: String = {
    var url = URL(fileURLWithPath: #filePath)
    while url.path != "/" {
        url.deleteLastPathComponent()
        if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) {
            return url.appendingPathComponent("Mocks").path
        }
    }
    return "Mocks"
}()
