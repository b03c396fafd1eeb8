import CPicture

/// Draws pixels into a box of cells through libchafa (loaded on the first picture): as character cells
/// with colors, or as the escapes of a graphics protocol. The picture keeps its aspect and fits the box,
/// covering all of its width or all of its height.
public struct PictureRenderer: Hashable, Sendable {
    /// The largest box drawn, each way.
    public static let maximumCells = 1000

    /// The size of a cell on this terminal.
    public var cellSize: CellSize
    /// The colors of pictures drawn in symbols.
    public var symbolColors: SymbolColors

    public init(cellSize: CellSize = .fallback, symbolColors: SymbolColors = .truecolor) {
        self.cellSize = cellSize
        self.symbolColors = symbolColors
    }

    /// The pixel box to decode a picture for (`PictureDecoder.decode(_:fitting:)`) before drawing it into
    /// `box`: the box's pixels for a graphics protocol; for symbols, enough for libchafa's 8 × 8 samples
    /// of a cell in both directions.
    public func decodingTarget(for box: CellBox, as graphicsProtocol: PictureProtocol) -> PixelSize {
        let width = box.columns * cellSize.width
        let height = box.rows * cellSize.height
        guard graphicsProtocol == .symbols else { return PixelSize(width: width, height: height) }
        let sampling = Double(Self.symbolSamples) / Double(min(cellSize.width, cellSize.height))
        return PixelSize(
            width: Int((Double(width) * sampling).rounded(.up)), height: Int((Double(height) * sampling).rounded(.up)))
    }

    /// Decodes `bytes` at the size `box` needs and draws them.
    public func render(
        encoded bytes: [UInt8], decoder: PictureDecoder = PictureDecoder(), in box: CellBox,
        as graphicsProtocol: PictureProtocol
    ) throws(PictureError) -> RenderedPicture {
        try checkBox(box)
        let pixels = try decoder.decode(bytes, fitting: decodingTarget(for: box, as: graphicsProtocol))
        return try render(pixels, in: box, as: graphicsProtocol)
    }

    /// Draws `pixels` into `box`.
    public func render(
        _ pixels: PicturePixels, in box: CellBox, as graphicsProtocol: PictureProtocol
    ) throws(PictureError) -> RenderedPicture {
        try checkBox(box)
        let fitted = box.fitting(pixels.size, cell: cellSize)
        var canvas = nyt_picture_canvas(
            mode: mode(graphicsProtocol), columns: Int32(fitted.columns), rows: Int32(fitted.rows),
            cell_width: Int32(cellSize.width), cell_height: Int32(cellSize.height))
        var message = [CChar](repeating: 0, count: 200)
        if graphicsProtocol == .symbols {
            var cells = [nyt_picture_cell](repeating: nyt_picture_cell(), count: fitted.columns * fitted.rows)
            let status = pixels.rgba.withUnsafeBufferPointer { rgba in
                nyt_picture_render(
                    rgba.baseAddress, UInt32(pixels.size.width), UInt32(pixels.size.height), &canvas, &cells, nil,
                    &message, message.count)
            }
            guard status == NYT_PICTURE_OK else { throw PictureError(status: status, message: Self.text(message)) }
            return .symbols(SymbolPicture(box: fitted, cells: cells.map(cell)))
        }
        var escapes = nyt_picture_escapes()
        let status = pixels.rgba.withUnsafeBufferPointer { rgba in
            nyt_picture_render(
                rgba.baseAddress, UInt32(pixels.size.width), UInt32(pixels.size.height), &canvas, nil, &escapes,
                &message, message.count)
        }
        defer { nyt_picture_escapes_free(&escapes) }
        guard status == NYT_PICTURE_OK else { throw PictureError(status: status, message: Self.text(message)) }
        let bytes =
            escapes.bytes.map { start in
                [UInt8](UnsafeRawBufferPointer(start: start, count: escapes.length))
            } ?? []
        return .graphics(GraphicsPicture(graphicsProtocol: graphicsProtocol, box: fitted, escapes: bytes))
    }

    /// libchafa samples each cell as 8 × 8 pixels when it picks a symbol.
    private static let symbolSamples = 8

    private func checkBox(_ box: CellBox) throws(PictureError) {
        guard (1...Self.maximumCells).contains(box.columns), (1...Self.maximumCells).contains(box.rows) else {
            throw .outOfRange("a picture box of \(box)")
        }
    }

    private func mode(_ graphicsProtocol: PictureProtocol) -> nyt_picture_mode {
        switch graphicsProtocol {
        case .symbols:
            switch symbolColors {
            case .truecolor: NYT_PICTURE_SYMBOLS_TRUECOLOR
            case .palette: NYT_PICTURE_SYMBOLS_PALETTE
            case .sixteen: NYT_PICTURE_SYMBOLS_16
            case .eight: NYT_PICTURE_SYMBOLS_8
            }
        case .sixel: NYT_PICTURE_SIXEL
        case .kitty: NYT_PICTURE_KITTY
        case .iterm: NYT_PICTURE_ITERM
        }
    }

    private func cell(_ drawn: nyt_picture_cell) -> PictureCell {
        // A wide symbol's right half comes back as 0; the symbols used are all one column wide.
        let character = Unicode.Scalar(drawn.character).flatMap { $0.value >= 0x20 ? $0 : nil } ?? " "
        return PictureCell(
            character: character, foreground: color(drawn.foreground), background: color(drawn.background))
    }

    private func color(_ value: Int32) -> PictureColor {
        guard value >= 0 else { return .terminalDefault }
        switch symbolColors {
        case .truecolor:
            return .rgb(
                red: UInt8(truncatingIfNeeded: value >> 16), green: UInt8(truncatingIfNeeded: value >> 8),
                blue: UInt8(truncatingIfNeeded: value))
        case .palette, .sixteen, .eight:
            return .palette(UInt8(truncatingIfNeeded: value))
        }
    }

    private static func text(_ message: [CChar]) -> String {
        String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
