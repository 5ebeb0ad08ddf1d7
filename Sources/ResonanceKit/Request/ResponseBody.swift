import Foundation

/// Turns a response body into the requested type, including the cases JSON decoding
/// alone cannot handle: raw `Data`, ``EmptyResponse`` and empty bodies.
enum ResponseBody {
    static func decode<Value: Decodable>(_ type: Value.Type, from data: Data, using decoder: JSONDecoder) throws -> Value {
        if let raw = data as? Value {
            return raw
        }
        if Value.self == EmptyResponse.self, let empty = EmptyResponse() as? Value {
            return empty
        }
        if isBlank(data), let emptyType = Value.self as? any EmptyBodyRepresentable.Type,
           let empty = emptyType.emptyBodyValue as? Value {
            return empty
        }
        return try decoder.decode(Value.self, from: data)
    }

    /// Empty or whitespace only: what servers send for "no content".
    static func isBlank(_ data: Data) -> Bool {
        data.allSatisfy { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
    }
}
