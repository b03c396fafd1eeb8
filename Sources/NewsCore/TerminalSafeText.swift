extension String {
    /// The text with everything a terminal would interpret removed: ESC/CSI/OSC/DCS sequences,
    /// other control characters and bidirectional overrides. Tabs and line breaks become spaces.
    /// Text from the network passes through this before it reaches any terminal.
    public var terminalSafe: String {
        if utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return self }
        var result = String.UnicodeScalarView()
        var scalars = unicodeScalars.makeIterator()
        var pending: Unicode.Scalar? = nil
        while let scalar = pending ?? scalars.next() {
            pending = nil
            switch scalar.value {
            case 0x1B:  // ESC: drop the whole sequence it starts
                pending = Self.skipEscapeSequence(&scalars)
            case 0x9B:  // CSI (C1)
                pending = Self.skipControlSequence(&scalars)
            case 0x90, 0x9D, 0x9E, 0x9F, 0x98:  // DCS, OSC, PM, APC, SOS (C1): skip to their terminator
                pending = Self.skipString(&scalars)
            case 0x09, 0x0A, 0x0D, 0x0B, 0x0C, 0x85, 0x2028, 0x2029:
                result.append(" ")
            case 0x00..<0x20, 0x7F..<0xA0:
                continue
            case 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0x061C:
                continue  // bidirectional marks, embeddings, overrides and isolates
            default:
                result.append(scalar)
            }
        }
        return String(result)
    }

    /// After ESC: skips a CSI (`ESC [`), a string sequence (`ESC ]`, `ESC P`, `ESC X`, `ESC ^`, `ESC _`)
    /// or a two-character escape. Returns a scalar read past the sequence that must still be handled.
    private static func skipEscapeSequence(_ scalars: inout String.UnicodeScalarView.Iterator) -> Unicode.Scalar? {
        guard let next = scalars.next() else { return nil }
        switch next {
        case "[":
            return skipControlSequence(&scalars)
        case "]", "P", "X", "^", "_":
            return skipString(&scalars)
        case " "..."/":
            // nF escape: intermediates, then one final character
            while let scalar = scalars.next() {
                if !(" "..."/").contains(scalar) { return nil }
            }
            return nil
        default:
            return next.value < 0x20 ? next : nil
        }
    }

    /// Skips parameters and intermediates of a control sequence, and its final byte.
    private static func skipControlSequence(_ scalars: inout String.UnicodeScalarView.Iterator) -> Unicode.Scalar? {
        while let scalar = scalars.next() {
            switch scalar.value {
            case 0x20...0x3F: continue
            case 0x40...0x7E: return nil
            default: return scalar
            }
        }
        return nil
    }

    /// Skips an OSC/DCS-style string up to BEL, ST (`ESC \`) or the C1 ST.
    private static func skipString(_ scalars: inout String.UnicodeScalarView.Iterator) -> Unicode.Scalar? {
        while let scalar = scalars.next() {
            switch scalar.value {
            case 0x07, 0x9C:
                return nil
            case 0x1B:
                guard let next = scalars.next() else { return nil }
                return next == "\\" ? nil : next
            default:
                continue
            }
        }
        return nil
    }
}
