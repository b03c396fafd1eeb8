import Glibc

/// Reading the values of a parsed document: strings unescaped, numbers converted, keys compared, all from
/// the bytes the nodes point into.
extension JSONTape {
    /// The text of the string node at `position`. Escapes are decoded (a `\u` surrogate pair into one
    /// character, a lone surrogate into U+FFFD) and invalid UTF-8 becomes U+FFFD.
    func string(at position: Int) -> String {
        let node = nodes[position]
        let raw = bytes(of: node)
        guard node.escaped else { return String(decoding: raw, as: UTF8.self) }
        scratch.removeAll(keepingCapacity: true)
        _ = JSONEscape.decode(raw, into: &scratch)
        return String(decoding: scratch, as: UTF8.self)
    }

    /// The value of the member named `name` of the object at `position`, if it has one (the first, when a
    /// name is repeated).
    func member(_ name: String, in position: Int) -> Int? {
        var name = name
        return name.withUTF8 { name in
            nodes.withUnsafeBufferPointer { nodes in
                var key = position + 1
                let end = Int(nodes[position].next)
                while key < end {
                    let node = nodes[key]
                    if node.escaped {
                        if string(at: key).utf8.elementsEqual(name) { return key + 1 }
                    } else if Int(node.count) == name.count
                        && (name.isEmpty || memcmp(bytes(of: node).baseAddress!, name.baseAddress!, name.count) == 0)
                    {
                        return key + 1
                    }
                    key = Int(nodes[key + 1].next)
                }
                return nil
            }
        }
    }

    /// The number node at `position` as a `T`, when it is an integer that fits (`1e3` and `2.0` are
    /// integers, `2.5` is not).
    func integer<T: FixedWidthInteger>(at position: Int, as type: T.Type) -> T? {
        let raw = bytes(of: nodes[position])
        var index = 0
        let negative = raw[0] == UInt8(ascii: "-")
        if negative { index = 1 }
        var value: T = 0
        // A number with a fraction or an exponent is read as a Double, then taken when it is a whole `T`.
        let throughDouble = { self.floatingPoint(at: position).flatMap { T(exactly: $0) } }
        while index < raw.count {
            let digit = raw[index] &- UInt8(ascii: "0")
            guard digit < 10 else { return throughDouble() }
            let (shifted, overflow) = value.multipliedReportingOverflow(by: 10)
            let (next, overflowAgain) =
                negative
                ? shifted.subtractingReportingOverflow(T(digit)) : shifted.addingReportingOverflow(T(digit))
            guard !overflow, !overflowAgain else {
                // Too many digits for a `T`, unless an exponent follows (`1000000000000000000000e-10`).
                let rest = raw[index...]
                return rest.contains(UInt8(ascii: ".")) || rest.contains(UInt8(ascii: "e")) || rest.contains(UInt8(ascii: "E"))
                    ? throughDouble() : nil
            }
            value = next
            index += 1
        }
        return value
    }

    /// The number node at `position` as a `Double` (infinite when out of range).
    func floatingPoint(at position: Int) -> Double? {
        Double(string(ofNumberAt: position))
    }

    /// The digits of the number node at `position`, as they are written.
    func string(ofNumberAt position: Int) -> String {
        String(decoding: bytes(of: nodes[position]), as: UTF8.self)
    }

    /// The bytes a string node (between its quotes) or a number node stands for.
    func bytes(of node: Node) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(rebasing: bytes[Int(node.start)..<Int(node.start + node.count)])
    }
}
