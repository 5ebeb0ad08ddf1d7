#if canImport(UIKit) || canImport(AppKit)
import Foundation

#if canImport(UIKit)
import UIKit

/// The platform's image type: `UIImage` where UIKit exists, otherwise `NSImage`.
public typealias PlatformImage = UIImage
#else
import AppKit

/// The platform's image type: `UIImage` where UIKit exists, otherwise `NSImage`.
public typealias PlatformImage = NSImage
#endif

/// Loads images through a ``DataLoader``, so each URL is downloaded once, cached by bytes,
/// and shared between concurrent callers.
///
/// ```swift
/// let image = try await ImageLoader.shared.image(from: avatarURL)
/// ```
public struct ImageLoader: Sendable {
    /// A loader on ``DataLoader/shared``.
    public static let shared = ImageLoader()

    /// Where the bytes come from and are cached.
    public let dataLoader: DataLoader

    public init(dataLoader: DataLoader = .shared) {
        self.dataLoader = dataLoader
    }

    /// The image at `url`.
    ///
    /// - Throws: ``DataLoaderError``, including ``DataLoaderError/undecodableImage(_:)``.
    public func image(from url: URL) async throws(DataLoaderError) -> sending PlatformImage {
        let data = try await dataLoader.data(from: url)
        guard let image = PlatformImage(data: data) else {
            throw .undecodableImage(url)
        }
        return image
    }
}
#endif
