"""A tiny Gemma-style GGUF vocabulary (no weights), written with the gguf package: what the CI tests and the
reference script (which stores transformers' ids for it) both build the tokenizer from.

It has what Gemma 3's 262,144-token file has, small: control tokens (type 3), user-defined ones (type 4)
including tokens of spaces spelled with real spaces, the 256 byte tokens (type 6), ``▁``-words, single
digits, CJK pieces, no merges, and scores that run against the tokens' order (transformers ranks the
implied merges by position, not by score, so a builder that used the scores would give other ids).
"""

from __future__ import annotations

from pathlib import Path

CONTROL, NORMAL, USER_DEFINED, BYTE = 3, 1, 4, 6

_SPECIAL = [("<pad>", CONTROL), ("<eos>", CONTROL), ("<bos>", CONTROL), ("<unk>", CONTROL), ("<mask>", CONTROL),
            ("[multimodal]", USER_DEFINED), ("<start_of_turn>", CONTROL), ("<end_of_turn>", CONTROL),
            ("\n", USER_DEFINED), ("\n\n", USER_DEFINED), ("  ", USER_DEFINED), ("   ", USER_DEFINED),
            ("<table>", USER_DEFINED)]
_PIECES = (["▁", *"abcdehilnorstwxy", *"0123456789", *"今天西安的气怎么样我吃苹果", *"(),.:!"]
           + ["he", "ll", "hel", "hell", "hello", "▁w", "or", "wor", "▁wor", "ld", "▁world", "▁t", "he▁",
              "▁the", "th", "今天", "西安", "天气", "的天", "怎么", "怎么样", "苹果", "▁▁", "▁▁▁▁", "or▁", "lo"])

TEXTS = ["hello world", "hello  world", "  hello", "hello   ", "the the", "今天西安的天气怎么样", "我吃苹果", "12345",
         "hé", "<bos>hello", "<start_of_turn>hello<end_of_turn>", "a\n\nb", "<table>x", "😀", "wow!", "x,y:(z)",
         "[multimodal]", "\t"]


def gemma_style_tokens() -> list[tuple[str, int]]:
    """The vocabulary as (token, type), in the file's order."""
    tokens = list(_SPECIAL) + [(f"<0x{b:02X}>", BYTE) for b in range(256)]
    return tokens + [(piece, NORMAL) for piece in _PIECES]


def write_gemma_style_gguf(path: Path) -> Path:
    """A GGUF with Gemma 3's architecture name and tokenizer metadata and the tiny vocabulary, no tensors."""
    import gguf

    tokens = gemma_style_tokens()
    writer = gguf.GGUFWriter(str(path), "gemma3")
    writer.add_block_count(1)
    writer.add_context_length(32)
    writer.add_embedding_length(8)
    writer.add_feed_forward_length(16)
    writer.add_head_count(1)
    writer.add_head_count_kv(1)
    writer.add_key_length(8)
    writer.add_value_length(8)
    writer.add_layer_norm_rms_eps(1e-6)
    writer.add_tokenizer_model("llama")
    writer.add_tokenizer_pre("default")
    writer.add_token_list([token for token, _ in tokens])
    writer.add_token_scores([float(index) for index in range(len(tokens))])  # against the order, on purpose
    writer.add_token_types([kind for _, kind in tokens])
    writer.add_bos_token_id(2)
    writer.add_eos_token_id(1)
    writer.add_unk_token_id(3)
    writer.add_pad_token_id(0)
    writer.add_add_bos_token(True)
    writer.add_add_eos_token(False)
    writer.add_add_space_prefix(False)
    writer.write_header_to_file()
    writer.write_kv_data_to_file()
    writer.write_tensors_to_file()
    writer.close()
    return path
