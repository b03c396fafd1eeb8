/// The RGB colors of xterm's 256-color palette: 0–15 its standard and bright colors, 16–231 the
/// 6 × 6 × 6 color cube, 232–255 the gray ramp. A direct-color terminal takes a color number as an RGB
/// value (8 would be almost black, 0x000008): the reader's palette numbers are sent as these instead.
enum XtermPalette {
    private static let standard: [Int] = [
        0x000000, 0xCD0000, 0x00CD00, 0xCDCD00, 0x0000EE, 0xCD00CD, 0x00CDCD, 0xE5E5E5,
        0x7F7F7F, 0xFF0000, 0x00FF00, 0xFFFF00, 0x5C5CFF, 0xFF00FF, 0x00FFFF, 0xFFFFFF,
    ]
    private static let cubeLevels = [0x00, 0x5F, 0x87, 0xAF, 0xD7, 0xFF]

    /// The 0xRRGGBB of palette color `index` (0…255); nil outside it.
    static func rgb(_ index: Int) -> Int? {
        switch index {
        case 0..<16:
            return standard[index]
        case 16..<232:
            let cube = index - 16
            return cubeLevels[cube / 36] << 16 | cubeLevels[cube / 6 % 6] << 8 | cubeLevels[cube % 6]
        case 232..<256:
            let level = 8 + (index - 232) * 10
            return level << 16 | level << 8 | level
        default:
            return nil
        }
    }
}
