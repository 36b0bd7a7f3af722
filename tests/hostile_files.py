"""A corpus of hostile files, generated in a temporary folder (none is stored in the repository).

Each case is (file name, what it is for: "matrix", "vector" or "session", a regex its refusal must
match). The loaders, the File actions and the export command are all run over the same corpus.
"""

from __future__ import annotations

import functools
import io
import json
import os
import socket
import struct
import zipfile
import zlib
from pathlib import Path

import numpy as np

from engine.setup.presets import load_preset
from engine.state.session import session_json


def load(path: Path, kind: str):
    """``path`` through the engine loader for ``kind`` (a vector of 4 values, as for the xian preset)."""
    from engine.files.io import load_matrix, vector_candidates
    from engine.state.session import read_session

    if kind == "matrix":
        return load_matrix(path)
    if kind == "vector":
        return vector_candidates(path, 4)
    return read_session(path)


def npy_header(shape, descr: str = "<f8") -> bytes:
    """An NPY 1.0 header declaring ``shape`` of ``descr``, whatever follows it."""
    text = f"{{'descr': '{descr}', 'fortran_order': False, 'shape': {tuple(shape)}, }}"
    text += " " * (63 - (10 + len(text)) % 64) + "\n"
    return b"\x93NUMPY\x01\x00" + struct.pack("<H", len(text)) + text.encode("latin1")


@functools.lru_cache(maxsize=4)  # built once per test process, whichever module asks first
def zip_bomb(inflated: int, declared: int | None = None) -> bytes:
    """An NPZ whose member ``matrix.npy`` inflates to ``inflated`` bytes of zeros (a few MB
    deflated per GiB); ``declared`` overwrites the size its headers declare (a lying archive)."""
    member = npy_header((inflated // 8,))
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    crc, chunk, left = zlib.crc32(member), bytes(1 << 22), inflated - len(member)
    body = [packer.compress(member)]
    while left > 0:
        piece = chunk[:min(left, len(chunk))]
        crc = zlib.crc32(piece, crc)
        body.append(packer.compress(piece))
        left -= len(piece)
    body.append(packer.flush())
    deflated = b"".join(body)
    size = inflated if declared is None else declared
    name = b"matrix.npy"
    extra = struct.pack("<HHQQ", 1, 16, size, len(deflated))  # zip64: sizes beyond 4 GiB
    local = struct.pack("<4sHHHHHIIIHH", b"PK\x03\x04", 45, 0, 8, 0, 0, crc, 0xFFFFFFFF, 0xFFFFFFFF,
                        len(name), len(extra)) + name + extra
    central = struct.pack("<4sHHHHHHIIIHHHHHII", b"PK\x01\x02", 45, 45, 0, 8, 0, 0, crc, 0xFFFFFFFF, 0xFFFFFFFF,
                          len(name), len(extra), 0, 0, 0, 0, 0) + name + extra
    offset = len(local) + len(deflated)
    end64 = struct.pack("<4sQHHIIQQQQ", b"PK\x06\x06", 44, 45, 45, 0, 0, 1, 1, len(central), offset)
    locator = struct.pack("<4sIQI", b"PK\x06\x07", 0, offset + len(central), 1)
    end = struct.pack("<4sHHHHIIH", b"PK\x05\x06", 0, 0, 1, 1, len(central), offset, 0)
    return local + deflated + central + end64 + locator + end


def safetensors_bytes(header, body: bytes = b"", length: int | None = None) -> bytes:
    raw = header if isinstance(header, bytes) else json.dumps(header).encode()
    return struct.pack("<Q", len(raw) if length is None else length) + raw + body


def _session_with(**fields) -> str:
    document = json.loads(session_json(load_preset("xian")))
    document["scenario"].update(fields)
    return json.dumps(document)


def _session_text_with(field: str, literal: str) -> str:
    """A session whose ``field`` is written as the raw JSON ``literal`` (json.dumps can't write 1e999)."""
    return _session_with(**{field: "@@"}).replace('"@@"', literal)


def build(folder: Path, bomb_bytes: int = 300 << 20) -> list[tuple[str, str, str]]:
    """Write the corpus into ``folder``; returns its cases."""
    folder = Path(folder)
    cases = []

    def add(name: str, kind: str, message: str, data: bytes | str | None = None):
        if data is not None:
            (folder / name).write_bytes(data.encode("utf-8") if isinstance(data, str) else data)
        cases.append((name, kind, message))

    for name, kind in (("fifo.csv", "matrix"), ("fifo.npz", "matrix"), ("fifo.safetensors", "vector"),
                       ("fifo.normscope.json", "session")):
        os.mkfifo(folder / name)
        add(name, kind, "pipe")
    for name, kind, device in (("zero.npy", "matrix", "/dev/zero"), ("random.csv", "matrix", "/dev/urandom"),
                               ("zero.normscope.json", "session", "/dev/zero"),
                               ("random.normscope.json", "session", "/dev/urandom")):
        os.symlink(device, folder / name)
        add(name, kind, "device")
    os.mkdir(folder / "folder.csv")
    add("folder.csv", "matrix", "folder")
    listener = socket.socket(socket.AF_UNIX)
    listener.bind(str(folder / "socket.csv"))
    listener.close()
    add("socket.csv", "matrix", "can't be read")
    add("missing.csv", "matrix", "can't be read")

    add("huge-shape.npy", "matrix", "100000 × 100000 array", npy_header((100000, 100000)) + bytes(64))
    add("lying-shape.npy", "matrix", "cut short", npy_header((64, 64)) + bytes(100))
    add("random-bytes.npy", "matrix", "not an NPY file", np.random.default_rng(1).bytes(4096))
    add("object.npy", "matrix", "Python objects", npy_header((2,), "|O") + bytes(16))
    add("negative.npy", "matrix", "not a valid .npy", npy_header((-1, 4)))
    add("zip-bomb.npz", "matrix", "inflates to more than", zip_bomb(bomb_bytes))
    add("lying-bomb.npz", "matrix", "not a valid .npz", zip_bomb(64 << 20, declared=4096))
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("matrix.npy", npy_header((100000, 100000)) + bytes(64))
    add("huge-member.npz", "matrix", "100000 × 100000 array", buffer.getvalue())
    add("cut.npz", "matrix", "not a valid .npz", buffer.getvalue()[:150])

    add("lying-length.safetensors", "vector", "header claims", safetensors_bytes({}, length=1 << 40))
    add("huge-shape.safetensors", "vector", "outside the file", safetensors_bytes(
        {"w": {"dtype": "F32", "shape": [100000, 100000], "data_offsets": [0, 40_000_000_000]}}, bytes(16)))
    add("wrong-size.safetensors", "vector", "declares", safetensors_bytes(
        {"w": {"dtype": "F32", "shape": [4], "data_offsets": [0, 8]}}, bytes(8)))
    add("deep.safetensors", "vector", "nested", safetensors_bytes(b"[" * 100_000))
    add("not-json.safetensors", "vector", "not valid JSON", safetensors_bytes(b"{garbage"))

    add("deep.normscope.json", "session", "nested 100000 levels", "[" * 100_000 + "]" * 100_000)
    add("deep-inside.normscope.json", "session", "nested", _session_with(name="x").replace(
        '"name": "x"', '"name": ' + "[" * 50_000 + "]" * 50_000))
    add("huge-int-matrix.normscope.json", "session", "digits", _session_text_with("matrix", "[[1" + "0" * 400 + "]]"))
    add("huge-int-eps.normscope.json", "session", "digits", _session_text_with("eps", "1" + "0" * 309))
    add("huge-int-v0.normscope.json", "session", "digits", _session_text_with("toy_v0", "1" + "0" * 5000))
    add("huge-int-elsewhere.normscope.json", "session", "digits", _session_text_with("extra", "9" * 100_000))
    add("overflow-matrix.normscope.json", "session", "too large to be finite",
        _session_text_with("matrix", "[[1e999, 2, 3, 4]]"))
    add("overflow-eps.normscope.json", "session", "too large to be finite", _session_text_with("eps", "1e999"))
    add("nan.normscope.json", "session", "NaN is not a finite", _session_text_with("toy_a", "NaN"))
    add("binary.normscope.json", "session", "not UTF-8", b"\xff\xfe\x00garbage")

    add("empty-cell.csv", "matrix", "line 1, column 2: empty cell", "1,,3\n4,5,6\n")
    add("hex.csv", "matrix", "line 1, column 1: “0x10”", "0x10,2\n3,4\n")
    add("arabic.csv", "matrix", "“١٢٣”", "١٢٣,1\n2,3\n")
    add("fullwidth.csv", "matrix", "“１e５”", "1,１e５\n2,3\n")
    add("underscore.csv", "matrix", "“1_000”", "1_000,2\n3,4\n")
    add("nan.csv", "matrix", "not a finite", "1,2\nnan,4\n")
    add("underflow.csv", "matrix", "too close to 0", "1,2\n1e-400,4\n")
    add("binary.csv", "matrix", "not UTF-8", np.random.default_rng(2).bytes(4096) + b"\xff")
    return cases
