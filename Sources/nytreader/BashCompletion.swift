/// The bash completion script swift-argument-parser writes, with what bash needs for this program's words:
/// - feed names hold colons (`popular:viewed:1`, `archive:2024-03`), and bash splits words at a colon (it
///   is in `COMP_WORDBREAKS`): `--feed popular:vi⇥` completed nothing. The words split there are joined
///   again before the script's function runs, and what it offers is cut to what bash puts after the
///   word's last colon (as bash-completion's `__ltrim_colon_completions` does, without needing it);
/// - `-o filenames` is asked only where the values are files (`--db`, `--api-key-file`): set for every
///   word, it made a command the name of a folder beside it (`confi⇥` → `config/`) and showed
///   `books/review` as `review`;
/// - the reader's own options complete without its command's name (`nytreader --section wo⇥`), as they
///   are given: the reader is the default command, whose options the script offered only after `read`;
/// - a value holding spaces (a search kept) is offered quoted, as one word.
enum BashCompletion {
    /// `script` with these changes; a script of another shape (another version of the parser) as it is.
    static func patched(_ script: String) -> String {
        guard [registration, addCompletions, addWord, subcommands, firstWord].allSatisfy(script.contains) else { return script }
        return
            script
            .replacing(addCompletions, with: addCompletions + fileNames)
            .replacing(addWord, with: quotedWord)
            .replacing(firstWord, with: firstWordOrNone)
            .replacing(subcommands, with: readerOptions)
            .replacing(registration, with: joiningColons)
    }

    /// The first word after the program's name; with `set -u`, a line of options alone has none.
    private static let firstWord = #"local -r subcommand="${unparsed_words[0]}""#
    private static let firstWordOrNone = #"local -r subcommand="${unparsed_words[0]-}""#

    /// Whether `text` is the bash script (what `--generate-completion-script bash` prints).
    static func isScript(_ text: String) -> Bool {
        text.hasPrefix("#!/bin/bash") && text.contains(registration)
    }

    private static let registration = "complete -o filenames -F _nytreader nytreader"

    private static let addCompletions = """
        __nytreader_add_completions() {

        """

    private static let fileNames = """
            [[ "${1}" == -[fd] ]] && compopt -o filenames 2>/dev/null

        """

    /// How `__nytreader_add_completions` adds a word; with `quotedWord`, a value holding spaces (a search
    /// kept: `climate change`) goes in as one word, as the shell must read it (`climate\ change`).
    private static let addWord = """
                COMPREPLY+=("${completion}")

        """

    private static let quotedWord = """
                [[ "${1}" == -[fd] ]] || printf -v completion %q "${completion}"
                COMPREPLY+=("${completion}")

        """

    /// The branch of `_nytreader` for a first word that names no command.
    private static let subcommands = """
            *)
                # Offer subcommand completions

        """

    private static let readerOptions = """
            *)
                if [[ "${COMP_WORDS[1]-}" == -* ]]; then
                    # The reader's own options: it is the command run without a name
                    COMPREPLY=()
                    unparsed_words=("${COMP_WORDS[@]:1:${COMP_CWORD}}")
                    _nytreader_read
                    return
                fi
                # Offer subcommand completions

        """

    private static let joiningColons = #"""
        # Feed names hold colons (popular:viewed:1), where bash splits words: completed joined again (up to
        # the cursor), and cut to what bash puts after the current word's last colon.
        _nytreader_joining_colons() {
            local -a joined=()
            local -i index cword=0 start=0
            for ((index = 0; index < ${#COMP_WORDS[@]}; index++)); do
                if ((index > 0)) && [[ "${COMP_WORDBREAKS}" == *:* ]] \
                    && [[ "${COMP_WORDS[index]}" == ":" || "${COMP_WORDS[index - 1]}" == ":" ]]; then
                    joined[${#joined[@]} - 1]+="${COMP_WORDS[index]}"
                else
                    joined+=("${COMP_WORDS[index]}")
                    ((index <= COMP_CWORD)) && start=index
                fi
                ((index == COMP_CWORD)) && cword=$((${#joined[@]} - 1))
            done
            ((cword > 0)) || { _nytreader "${@}"; return; }
            local current=""
            for ((index = start; index < COMP_CWORD; index++)); do
                current+="${COMP_WORDS[index]}"
            done
            # Just after a colon bash hands over an empty word, the colon being the word at the cursor.
            if [[ "${COMP_WORDS[COMP_CWORD]}" == ":" && -z "${2}" ]]; then current+=":"; else current+="${2}"; fi
            local -a COMP_WORDS=("${joined[@]}")
            local -i COMP_CWORD=${cword}
            _nytreader "${1}" "${current}" "${joined[cword - 1]}"
            if [[ "${current}" == *:* && "${COMP_WORDBREAKS}" == *:* ]]; then
                local -r before="${current%"${current##*:}"}"
                local -i reply
                for reply in "${!COMPREPLY[@]}"; do
                    COMPREPLY[reply]="${COMPREPLY[reply]#"${before}"}"
                done
            fi
        }

        complete -F _nytreader_joining_colons nytreader
        """#
}
