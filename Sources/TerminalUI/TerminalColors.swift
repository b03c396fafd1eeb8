import CNcursesw

/// The colors of the terminal `TERM` names, for output that is not a curses screen (`show --image`).
public enum TerminalColors {
    /// The count its terminfo entry gives; 0 when `TERM` is unset or unknown, or the entry gives none.
    public static var terminfoCount: Int { Int(nyt_terminfo_color_count()) }
}
