# Rewrites the mdoc page swift-argument-parser's generate-manual plugin writes into one man(1) reads without
# a warning, with real sections. The plugin copies each help text as it is: an empty line becomes an
# "Empty input line" warning, indented lines are filled into paragraphs, and the Files, Environment, Exit
# status and Examples blocks of the program's own help stay plain text inside DESCRIPTION. Here:
# - an empty line in a help text becomes .Pp, a run of indented lines a literal display (.Bd -literal);
# - the blocks of the program's help headed "Files (…):", "Environment:", "Exit status:" and "Examples:"
#   become the sections FILES, ENVIRONMENT, EXIT STATUS (instead of the plugin's generic one) and
#   EXAMPLES, after DESCRIPTION, their "name  what" lines as tagged lists;
# - the synopsis names both forms: the reader with its options, and a command with its own.
# The plugin drops every character outside ASCII, so the help texts are ASCII (ManPageTests checks it).
# Usage: awk -f man-page.awk generated.1 > nytreader.1

BEGIN {
    order = "ENVIRONMENT|FILES|EXIT STATUS|EXAMPLES"
    tag["ENVIRONMENT"] = "Ev"
    tag["FILES"] = "Pa"
    tag["EXIT STATUS"] = ""
}

# A text line as mdoc reads it: one starting with a dot or an apostrophe would be a request.
function text(line) {
    if (line ~ /^[.']/) return "\\&" line
    return line
}

function close_literal() {
    if (literal) print ".Ed"
    literal = 0
}

# "XDG_CONFIG_HOME, XDG_DATA_HOME" as macro arguments: the commas set apart as punctuation.
function tag_words(words) {
    gsub(/, /, " , ", words)
    return words
}

# One captured section: its first paragraph, then its entries as a tagged list (Examples: a literal display).
function emit(name,    i, line, split_at, key, rest) {
    if (!(name in count)) return
    print ".Sh " (name ~ / / ? "\"" name "\"" : name)
    if (intro[name] != "") print text(intro[name] ".")
    if (name == "EXAMPLES") {
        print ".Bd -literal -offset indent"
        for (i = 1; i <= count[name]; i++) print entry[name, i]
        print ".Ed"
        return
    }
    print ".Bl -tag -width Ds"
    for (i = 1; i <= count[name]; i++) {
        line = entry[name, i]
        sub(/^ +/, "", line)
        split_at = match(line, /  +/)
        if (!split_at) split_at = index(line, " ")
        if (split_at) {
            key = substr(line, 1, split_at - 1)
            rest = substr(line, split_at)
            sub(/^ +/, "", rest)
        } else {
            key = line
            rest = ""
        }
        print ".It " (tag[name] == "" ? "" : tag[name] " ") tag_words(key)
        if (rest != "") print text(rest)
    }
    print ".El"
}

# The plugin's synopsis is replaced by this one.
/^\.Sh SYNOPSIS$/ {
    print
    print ".Nm"
    print ".Op Ar options"
    print ".Nm"
    print ".Ar command"
    print ".Op Ar options"
    in_synopsis = 1
    next
}
in_synopsis && /^\.Sh / { in_synopsis = 0 }
in_synopsis { next }

/^\.Sh DESCRIPTION$/ { print; root = 1; next }

# The plugin's generic EXIT STATUS (.Ex -std) gives way to the sections taken from the program's help.
/^\.Sh "EXIT STATUS"$/ {
    close_literal()
    n = split(order, names, "|")
    for (i = 1; i <= n; i++) emit(names[i])
    skip_generic = 1
    next
}
skip_generic && /^\.Ex / { next }
/^\.Sh / { skip_generic = 0 }

/^\./ {
    close_literal()
    after_paragraph = 0
    if (root && /^\.Bl /) { root = 0; capturing = "" }
    print
    next
}

# Text lines.
root && /^(Files|Environment|Exit status|Examples)( \(.*\))?:$/ {
    close_literal()
    heading = $0
    sub(/:$/, "", heading)
    detail = ""
    if (match(heading, / \(.*\)$/)) {
        detail = substr(heading, RSTART + 2, RLENGTH - 3)
        heading = substr(heading, 1, RSTART - 1)
    }
    capturing = toupper(heading)
    count[capturing] = 0
    intro[capturing] = detail
    next
}
capturing != "" && /^  / {
    line = substr($0, 3)
    # A line indented past the entries' keys goes on with the entry before it (one item, not a second tag).
    if (line ~ /^ / && count[capturing] > 0 && capturing != "EXAMPLES") {
        sub(/^ +/, "", line)
        entry[capturing, count[capturing]] = entry[capturing, count[capturing]] " " line
        next
    }
    count[capturing]++
    entry[capturing, count[capturing]] = line
    next
}
/^$/ {
    close_literal()
    if (capturing == "" && !after_paragraph) { print ".Pp"; after_paragraph = 1 }
    next
}
{
    after_paragraph = 0
    if (capturing != "" && !/^  /) capturing = ""
}
/^  / {
    if (!literal) print ".Bd -literal"
    literal = 1
    print
    next
}
{
    close_literal()
    print text($0)
}
