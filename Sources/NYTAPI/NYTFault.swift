/// The body the NYT's gateway sends with 401 and 429: `{"fault": {"faultstring": …, "detail": {"errorcode": …}}}`.
public struct NYTFault: Decodable, Hashable, Sendable {
    public let message: String
    public let code: String

    enum CodingKeys: String, CodingKey {
        case fault
    }

    enum FaultKeys: String, CodingKey {
        case faultstring
        case detail
    }

    enum DetailKeys: String, CodingKey {
        case errorcode
    }

    public init(from decoder: any Decoder) throws {
        let fault = try decoder.container(keyedBy: CodingKeys.self).nestedContainer(keyedBy: FaultKeys.self, forKey: .fault)
        message = fault.lenientString(.faultstring)
        let detail = try? fault.nestedContainer(keyedBy: DetailKeys.self, forKey: .detail)
        code = detail?.lenientString(.errorcode) ?? ""
    }
}
