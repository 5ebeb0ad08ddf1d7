#if canImport(UIKit) && !os(watchOS)
import Foundation
import ObjectiveC
import UIKit

/// The associated-object key; the address is what matters, never the contents.
nonisolated(unsafe) private let imageRequestKey = UnsafeMutableRawPointer.allocate(byteCount: 1, alignment: 1)

/// The URL a view last asked for and the task loading it.
@MainActor
private final class ImageRequest {
    var url: URL?
    var task: Task<Void, Never>?
}

extension UIImageView {
    /// Shows `placeholder`, then the image at `url` once loaded.
    ///
    /// Safe for reused table and collection view cells: only the most recently requested URL
    /// is ever applied, and the previous request's wait is cancelled (the shared download
    /// itself continues for other views). Passing `nil` just shows the placeholder.
    ///
    /// ```swift
    /// cell.avatarView.setImage(from: person.avatarURL, loader: .shared, placeholder: UIImage(systemName: "person"))
    /// ```
    public func setImage(from url: URL?, loader: ImageLoader = .shared, placeholder: UIImage? = nil) {
        let request = imageRequest
        request.task?.cancel()
        request.task = nil
        request.url = url
        image = placeholder
        guard let url else { return }
        request.task = Task { [weak self] in
            guard let loaded = try? await loader.image(from: url) else { return }
            guard let self, !Task.isCancelled, self.imageRequest.url == url else { return }
            self.image = loaded
        }
    }

    private var imageRequest: ImageRequest {
        if let existing = objc_getAssociatedObject(self, imageRequestKey) as? ImageRequest {
            return existing
        }
        let created = ImageRequest()
        objc_setAssociatedObject(self, imageRequestKey, created, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
        return created
    }
}
#endif
