#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A certificate chain and its private key, both PEM, checked to form a pair a TLS server can use.
///
/// Made only through the throwing initialisers, so holding one means GnuTLS (which libmicrohttpd
/// uses for HTTPS) accepted it.
///
/// ```swift
/// let identity = try TLSIdentity.load(certificateFile: "certs/cert.pem", privateKeyFile: "certs/key.pem")
/// print(identity.subjectAlternativeNames)   // [localhost, 127.0.0.1, ::1]
/// ```
public struct TLSIdentity: Sendable, Equatable {
    /// The certificate (first) and any intermediate certificates, PEM.
    public let certificatePEM: String
    /// The unencrypted private key, PEM.
    public let privateKeyPEM: String
    /// The DNS names and IP addresses the (first) certificate is valid for.
    public let subjectAlternativeNames: [CertificateHost]
    /// Validity of the (first) certificate, seconds since 1970.
    public let notBefore: Int
    public let notAfter: Int
    /// SHA-256 of the (first) certificate, `AB:CD:…`.
    public let sha256Fingerprint: String

    /// Checks PEM text; `certificateLabel` and `privateKeyLabel` name the inputs in errors.
    public init(
        certificatePEM: String,
        privateKeyPEM: String,
        certificateLabel: String = "the certificate",
        privateKeyLabel: String = "the private key"
    ) throws(TLSIdentityError) {
        let certificateBytes = Array(certificatePEM.utf8)
        let keyBytes = Array(privateKeyPEM.utf8)
        let certificate = try Self.parseCertificate(certificateBytes, label: certificateLabel)
        try Self.checkPrivateKey(keyBytes, text: privateKeyPEM, label: privateKeyLabel)
        do throws(GnuTLSFailure) {
            try CertificateCredentials().setKeyPair(certificatePEM: certificateBytes, privateKeyPEM: keyBytes)
        } catch {
            if error.code == CertificateCredentials.keyMismatchCode {
                throw .keyMismatch(certificateFile: certificateLabel, privateKeyFile: privateKeyLabel)
            }
            throw .unusable(certificateFile: certificateLabel, detail: error.message)
        }
        self.certificatePEM = certificatePEM
        self.privateKeyPEM = privateKeyPEM
        subjectAlternativeNames = certificate.subjectAlternativeNames
        notBefore = certificate.notBefore
        notAfter = certificate.notAfter
        sha256Fingerprint = (try? certificate.sha256Fingerprint()) ?? "?"
    }

    /// Reads and checks two PEM files (they may be the same file holding both blocks).
    public static func load(certificateFile: String, privateKeyFile: String) throws(TLSIdentityError) -> TLSIdentity {
        let certificate = try read(certificateFile, part: .certificate)
        let key = try read(privateKeyFile, part: .privateKey)
        return try TLSIdentity(certificatePEM: certificate, privateKeyPEM: key, certificateLabel: certificateFile, privateKeyLabel: privateKeyFile)
    }

    /// Whether the certificate's validity has ended at `now` (seconds since 1970; default: now).
    public func isExpired(at now: Int? = nil) -> Bool {
        (now ?? currentUnixTime()) > notAfter
    }

    /// Whether a client connecting to `host` would find it among the certificate's names.
    public func covers(host: String) -> Bool {
        subjectAlternativeNames.contains { $0.covers(host: host) }
    }

    private static func read(_ path: String, part: TLSIdentityError.Part) throws(TLSIdentityError) -> String {
        var isDirectory = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .unreadable(part, file: path, reason: "no such file")
        }
        guard !isDirectory else { throw .unreadable(part, file: path, reason: "it is a folder") }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .unreadable(part, file: path, reason: "permission denied or read error")
        }
        guard data.count <= 1 << 20 else { throw .unreadable(part, file: path, reason: "it is larger than 1 MiB, which no PEM file is") }
        return String(decoding: data, as: UTF8.self)
    }

    private static func parseCertificate(_ bytes: [UInt8], label: String) throws(TLSIdentityError) -> X509Certificate {
        let text = String(decoding: bytes, as: UTF8.self)
        if let missing = missingBlock(in: text, wanted: "-----BEGIN CERTIFICATE-----", other: "PRIVATE KEY-----", otherKind: "a private key") {
            throw .notACertificate(file: label, detail: missing)
        }
        do throws(GnuTLSFailure) {
            return try X509Certificate.importPEM(bytes)
        } catch {
            throw .notACertificate(file: label, detail: error.message)
        }
    }

    private static func checkPrivateKey(_ bytes: [UInt8], text: String, label: String) throws(TLSIdentityError) {
        if text.contains("-----BEGIN ENCRYPTED PRIVATE KEY-----") || text.contains("Proc-Type: 4,ENCRYPTED") {
            throw .encryptedPrivateKey(file: label)
        }
        if let missing = missingBlock(in: text, wanted: "PRIVATE KEY-----", other: "-----BEGIN CERTIFICATE-----", otherKind: "a certificate") {
            throw .notAPrivateKey(file: label, detail: missing)
        }
        do throws(GnuTLSFailure) {
            _ = try X509PrivateKey.importPEM(bytes)
        } catch {
            throw .notAPrivateKey(file: label, detail: error.message)
        }
    }

    /// Why `text` lacks the `wanted` PEM block (spotting swapped files), or nil when it has one.
    private static func missingBlock(in text: String, wanted: String, other: String, otherKind: String) -> String? {
        guard !text.contains(wanted) else { return nil }
        if text.contains(other) { return "it holds \(otherKind) instead (are the certificate and key swapped?)" }
        let marker = wanted.hasPrefix("-----") ? wanted : "-----BEGIN " + wanted
        return "there is no \(marker) line"
    }
}
