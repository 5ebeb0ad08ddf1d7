#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension SelfSignedCertificate {
    /// The file names ``write(toDirectory:overwrite:)`` uses inside the folder.
    public static let certificateFileName = "cert.pem"
    public static let privateKeyFileName = "key.pem"

    /// Writes `cert.pem` (mode 0644) and `key.pem` (mode 0600, readable by its owner only) into
    /// `directory`, creating it when missing. Existing files are kept and reported as
    /// ``TLSCertificateError/fileExists(_:)`` unless `overwrite` is true.
    ///
    /// ```swift
    /// let paths = try SelfSignedCertificate.generate(hosts: [.dns("localhost")]).write(toDirectory: "certs")
    /// // paths.certificate == "certs/cert.pem", paths.privateKey == "certs/key.pem"
    /// ```
    @discardableResult
    public func write(toDirectory directory: String, overwrite: Bool = false) throws(TLSCertificateError) -> (certificate: String, privateKey: String) {
        try Self.makeFolders(directory)
        let base = directory.hasSuffix("/") ? String(directory.dropLast()) : directory
        let certificatePath = base + "/" + Self.certificateFileName
        let keyPath = base + "/" + Self.privateKeyFileName
        if !overwrite {
            for path in [certificatePath, keyPath] where access(path, F_OK) == 0 {
                throw .fileExists(path)
            }
        }
        // The key first: a certificate is never left without its key.
        try replaceFile(at: keyPath, with: Array(privateKeyPEM.utf8), mode: 0o600)
        try replaceFile(at: certificatePath, with: Array(certificatePEM.utf8), mode: 0o644)
        return (certificatePath, keyPath)
    }

    /// `mkdir -p`: creates `directory` and its missing parents (mode 0755).
    ///
    /// Maps to `mkdir(2)` per path component; an existing folder is fine, an existing file is not.
    private static func makeFolders(_ directory: String) throws(TLSCertificateError) {
        var path = directory.hasPrefix("/") ? "" : "."
        for component in directory.split(separator: "/") {
            path += "/" + component
            if mkdir(path, 0o755) != 0, errno != EEXIST {
                throw .writeFailed(path: path, reason: "the folder cannot be created: \(String(cString: strerror(errno)))")
            }
        }
        var status = stat()
        guard stat(directory, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR else {
            throw .writeFailed(path: directory, reason: "it is not a folder")
        }
    }
}

/// Writes a temporary file with `mode` next to `path` and renames it over `path`, so a reader
/// never sees half a file and the key is never readable by others, not even for a moment.
///
/// Maps to `open(O_CREAT | O_EXCL | O_WRONLY, mode)`, `write`, `fchmod`, `close` and `rename`.
private func replaceFile(at path: String, with bytes: [UInt8], mode: mode_t) throws(TLSCertificateError) {
    let temporary = path + ".tmp-\(getpid())"
    let descriptor = open(temporary, O_CREAT | O_EXCL | O_WRONLY | O_TRUNC, mode)
    guard descriptor >= 0 else {
        throw .writeFailed(path: path, reason: String(cString: strerror(errno)))
    }
    var offset = 0
    var failure: Int32 = 0
    while offset < bytes.count {
        let written = bytes[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        if written < 0 {
            if errno == EINTR { continue }
            failure = errno
            break
        }
        offset += written
    }
    // The umask may have narrowed the mode given to open; the certificate must be readable.
    if failure == 0, fchmod(descriptor, mode) != 0 { failure = errno }
    close(descriptor)
    if failure == 0, rename(temporary, path) != 0 { failure = errno }
    if failure != 0 {
        unlink(temporary)
        throw .writeFailed(path: path, reason: String(cString: strerror(failure)))
    }
}
