"""sRGB colours as the press's CMYK: an ICC conversion, a total-ink cap, K-only neutral text.

The kit draws in sRGB; a print shop's press prints CMYK with a limit on the total ink a
spot may carry (DriveThruCards: 240 %, the sum of C, M, Y and K). Each colour goes
through littleCMS (Pillow's ImageCms) from sRGB into the output profile, relative
colorimetric; where the sum exceeds the limit, the grey that C, M and Y share is
replaced by K (grey component replacement) and what is still too much is taken off C,
M and Y in proportion, so dark colours stay dark and keep their hue. Neutral text is
set in K alone, at the K that matches its lightness: rich black text would show colour
fringes whenever the plates are a hair out of register.

The output profile is Ghostscript's SWOP profile (Artifex, from Debian's libgs-common,
AGPL): read at build time from the system, never copied into this repository.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import numpy as np
from PIL import Image, ImageCms

#: where Debian (and Ghostscript's own install) keep Artifex's SWOP CMYK profile
PROFILE_PATHS = (Path("/usr/share/color/icc/ghostscript/default_cmyk.icc"),
                 Path("/usr/share/ghostscript/iccprofiles/default_cmyk.icc"))
#: the registered printing condition the profile characterises (ICC registry name)
CONDITION = "CGATS TR 001"
CONDITION_INFO = "SWOP (Artifex default_cmyk.icc)"
#: the shop's limit is 240 %; one point is kept for the 8-bit rounding of a RIP or a proof
MAX_INK = 2.39
#: text whose channels differ by at most this much (0..1) is neutral: set in K alone
NEUTRAL_SPREAD = 0.1
DIGITS = 4  # decimals written into the PDF


def profile_path() -> Path:
    for path in PROFILE_PATHS:
        if path.is_file():
            return path
    raise FileNotFoundError("the CMYK output profile default_cmyk.icc was not found in "
                            + ", ".join(str(p.parent) for p in PROFILE_PATHS)
                            + " (Debian package libgs-common, installed with ghostscript)")


def cap_ink(cmyk: tuple[float, float, float, float], limit: float = MAX_INK) -> tuple[float, float, float, float]:
    """`cmyk` (0..1) with at most `limit` total ink: grey replaced by K first, then C, M, Y scaled."""
    c, m, y, k = cmyk
    total = c + m + y + k
    if total <= limit:
        return cmyk
    grey = min(c, m, y, 1.0 - k, (total - limit) / 2)  # moving g of each of C, M, Y to K saves 2g
    c, m, y, k = c - grey, m - grey, y - grey, k + grey
    rest = c + m + y
    if k + rest > limit:
        scale = max(0.0, limit - k) / rest
        c, m, y = c * scale, m * scale, y * scale
    # round down, so the written numbers never add up to more than the limit
    return tuple(math.floor(v * 10 ** DIGITS) / 10 ** DIGITS for v in (c, m, y, k))


def cap_ink_pixels(pixels: np.ndarray, limit: float = MAX_INK) -> np.ndarray:
    """`cap_ink` over an (n, 4) array of 8-bit CMYK pixels; rounded down, so no pixel exceeds `limit`."""
    c, m, y, k = (pixels.astype(np.float64) / 255).T
    total = c + m + y + k
    grey = np.where(total > limit, np.clip(np.minimum.reduce([c, m, y, 1.0 - k, (total - limit) / 2]), 0, None), 0.0)
    c, m, y, k = c - grey, m - grey, y - grey, k + grey
    rest = c + m + y
    over = (k + rest > limit) & (rest > 0)
    scale = np.where(over, np.maximum(0.0, limit - k) / np.where(rest > 0, rest, 1.0), 1.0)
    out = np.stack([c * scale, m * scale, y * scale, k], axis=1)
    return np.floor(out * 255 + 1e-9).clip(0, 255).astype(np.uint8)


@dataclass(frozen=True)
class Press:
    """Colour conversions into one CMYK output profile."""

    profile: Path

    def cmyk(self, rgb: tuple[float, float, float]) -> tuple[float, float, float, float]:
        """An sRGB fill or stroke colour (0..1) as press CMYK (0..1), total ink capped."""
        return cap_ink(_to_cmyk(self.profile, _byte(rgb)))

    def text_cmyk(self, rgb: tuple[float, float, float]) -> tuple[float, float, float, float]:
        """A text colour: neutral ones in K alone (lightness kept), others like any colour."""
        if max(rgb) - min(rgb) > NEUTRAL_SPREAD:
            return self.cmyk(rgb)
        return 0.0, 0.0, 0.0, _k_for_lightness(self.profile, _byte(rgb))

    def image_cmyk(self, image: Image.Image) -> Image.Image:
        """An sRGB picture as press CMYK, pixel by pixel, each pixel's total ink capped as `cmyk` caps a colour."""
        converted = ImageCms.applyTransform(image.convert("RGB"), _transforms(self.profile)[0])
        pixels = np.asarray(converted, dtype=np.uint8).reshape(-1, 4)
        return Image.frombytes("CMYK", image.size, cap_ink_pixels(pixels).tobytes())

    def icc(self) -> bytes:
        return self.profile.read_bytes()


def _byte(rgb) -> tuple[int, int, int]:
    return tuple(max(0, min(255, round(v * 255))) for v in rgb)


@lru_cache(maxsize=4)
def _transforms(profile: Path):
    srgb, lab, press = ImageCms.createProfile("sRGB"), ImageCms.createProfile("LAB"), ImageCms.getOpenProfile(str(profile))
    intent = ImageCms.Intent.RELATIVE_COLORIMETRIC
    return (ImageCms.buildTransform(srgb, press, "RGB", "CMYK", renderingIntent=intent),
            ImageCms.buildTransform(srgb, lab, "RGB", "LAB", renderingIntent=intent),
            ImageCms.buildTransform(press, lab, "CMYK", "LAB", renderingIntent=intent))


def _apply(transform, mode: str, value: tuple[int, ...]) -> tuple[int, ...]:
    return ImageCms.applyTransform(Image.new(mode, (1, 1), value), transform).getpixel((0, 0))


@lru_cache(maxsize=4096)
def _to_cmyk(profile: Path, rgb: tuple[int, int, int]) -> tuple[float, float, float, float]:
    return tuple(v / 255 for v in _apply(_transforms(profile)[0], "RGB", rgb))


@lru_cache(maxsize=4)
def _k_ramp(profile: Path) -> tuple[int, ...]:
    """L* (0..255) of K alone at 0..255, through the profile: falls as K rises."""
    to_lab = _transforms(profile)[2]
    return tuple(_apply(to_lab, "CMYK", (0, 0, 0, k))[0] for k in range(256))


@lru_cache(maxsize=1024)
def _k_for_lightness(profile: Path, rgb: tuple[int, int, int]) -> float:
    """The K whose lightness is closest to the sRGB colour's (100 % for anything darker than solid K)."""
    lightness = _apply(_transforms(profile)[1], "RGB", rgb)[0]
    ramp = _k_ramp(profile)
    best = min(range(256), key=lambda k: (abs(ramp[k] - lightness), k))
    return round(best / 255, DIGITS)
