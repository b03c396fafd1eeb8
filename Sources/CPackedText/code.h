#ifndef NYT_TEXT_CODE_H
#define NYT_TEXT_CODE_H

/// The Huffman code of packed text format 1: each byte value's code length in bits, 1 to 12 (code.c, made
/// by Tools/packed-text/make-code.py).
extern const unsigned char nyt_text_code_lengths[256];

#endif
