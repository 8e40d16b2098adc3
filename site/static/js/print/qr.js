// QR codes (ISO/IEC 18004) for the worksheets: each task's link to its puzzle online, drawn as one SVG path.
// Byte mode, error correction level M, versions 1–10 (up to 213 bytes: any address of this site). Made in
// the browser because only the page knows the address the site is served from. Pure functions, tested
// with node --test against an independent encoder (segno) in tests/builder/test_qr_oracle.py.

/** Error-correction codewords per block and the number of blocks, level M, by version (index 0 unused). */
const ECC_PER_BLOCK = [0, 10, 16, 26, 18, 24, 16, 18, 22, 22, 26];
const BLOCKS = [0, 1, 1, 1, 2, 2, 4, 4, 4, 5, 5];
export const MAX_VERSION = 10;
const FORMAT_LEVEL_M = 0;

/** Modules that carry data or error correction in a symbol of ``version``. @param {number} version */
function rawModules(version) {
  let result = (16 * version + 128) * version + 64;
  if (version >= 2) {
    const align = Math.floor(version / 7) + 2;
    result -= (25 * align - 10) * align - 55;
    if (version >= 7) result -= 36;
  }
  return result;
}

/** Data codewords a symbol of ``version`` holds at level M. @param {number} version */
export function dataCapacity(version) {
  return Math.floor(rawModules(version) / 8) - ECC_PER_BLOCK[version] * BLOCKS[version];
}

/** GF(256) product, modulo x^8 + x^4 + x^3 + x^2 + 1. @param {number} x @param {number} y */
function multiply(x, y) {
  let z = 0;
  for (let i = 7; i >= 0; i -= 1) {
    z = (z << 1) ^ ((z >>> 7) * 0x11d);
    z ^= ((y >>> i) & 1) * x;
  }
  return z;
}

/** @param {number} degree */
function divisor(degree) {
  const result = new Array(degree).fill(0);
  result[degree - 1] = 1;
  let root = 1;
  for (let i = 0; i < degree; i += 1) {
    for (let j = 0; j < degree; j += 1) {
      result[j] = multiply(result[j], root);
      if (j + 1 < degree) result[j] ^= result[j + 1];
    }
    root = multiply(root, 0x02);
  }
  return result;
}

/** @param {number[]} data @param {number[]} generator */
function remainder(data, generator) {
  const result = new Array(generator.length).fill(0);
  for (const byte of data) {
    const factor = byte ^ /** @type {number} */ (result.shift());
    result.push(0);
    generator.forEach((coefficient, i) => {
      result[i] ^= multiply(coefficient, factor);
    });
  }
  return result;
}

/** The smallest version that holds ``length`` bytes, or 0. @param {number} length */
function versionFor(length) {
  for (let version = 1; version <= MAX_VERSION; version += 1) {
    const countBits = version < 10 ? 8 : 16;
    if (4 + countBits + 8 * length <= dataCapacity(version) * 8) return version;
  }
  return 0;
}

/** The data codewords: mode, count, the bytes, terminator and padding. @param {number[]} bytes @param {number} version */
function dataCodewords(bytes, version) {
  /** @type {number[]} */
  const bits = [];
  /** @param {number} value @param {number} length */
  const put = (value, length) => {
    for (let i = length - 1; i >= 0; i -= 1) bits.push((value >>> i) & 1);
  };
  put(0b0100, 4);
  put(bytes.length, version < 10 ? 8 : 16);
  for (const byte of bytes) put(byte, 8);
  const capacity = dataCapacity(version) * 8;
  put(0, Math.min(4, capacity - bits.length));
  put(0, (8 - (bits.length % 8)) % 8);
  for (let pad = 0xec; bits.length < capacity; pad ^= 0xec ^ 0x11) put(pad, 8);
  const words = [];
  for (let i = 0; i < bits.length; i += 8) words.push(bits.slice(i, i + 8).reduce((a, b) => (a << 1) | b, 0));
  return words;
}

/** The codewords in the order they are placed: blocks with their error correction, interleaved.
 * @param {number[]} data @param {number} version */
function interleaved(data, version) {
  const blocks = BLOCKS[version];
  const eccLength = ECC_PER_BLOCK[version];
  const raw = Math.floor(rawModules(version) / 8);
  const shortBlocks = blocks - (raw % blocks);
  const shortLength = Math.floor(raw / blocks);
  const generator = divisor(eccLength);
  /** @type {number[][]} */
  const all = [];
  for (let i = 0, k = 0; i < blocks; i += 1) {
    const block = data.slice(k, k + shortLength - eccLength + (i < shortBlocks ? 0 : 1));
    k += block.length;
    const ecc = remainder(block, generator);
    if (i < shortBlocks) block.push(0);
    all.push([...block, ...ecc]);
  }
  /** @type {number[]} */
  const result = [];
  for (let i = 0; i < all[0].length; i += 1) {
    all.forEach((block, j) => {
      if (i !== shortLength - eccLength || j >= shortBlocks) result.push(block[i]);
    });
  }
  return result;
}

/** @param {number} version */
function alignmentPositions(version) {
  if (version === 1) return [];
  const count = Math.floor(version / 7) + 2;
  const size = version * 4 + 17;
  const step = Math.ceil((version * 4 + 4) / (count * 2 - 2)) * 2;
  const result = [6];
  for (let position = size - 7; result.length < count; position -= step) result.splice(1, 0, position);
  return result;
}

/** @type {((x: number, y: number) => boolean)[]} */
const MASKS = [
  (x, y) => (x + y) % 2 === 0,
  (x, y) => y % 2 === 0,
  (x) => x % 3 === 0,
  (x, y) => (x + y) % 3 === 0,
  (x, y) => (Math.floor(x / 3) + Math.floor(y / 2)) % 2 === 0,
  (x, y) => ((x * y) % 2) + ((x * y) % 3) === 0,
  (x, y) => (((x * y) % 2) + ((x * y) % 3)) % 2 === 0,
  (x, y) => (((x + y) % 2) + ((x * y) % 3)) % 2 === 0,
];

class Symbol {
  /** @param {number} version */
  constructor(version) {
    this.version = version;
    this.size = version * 4 + 17;
    /** @type {boolean[][]} */
    this.dark = Array.from({ length: this.size }, () => new Array(this.size).fill(false));
    /** @type {boolean[][]} */
    this.fixed = Array.from({ length: this.size }, () => new Array(this.size).fill(false));
  }

  /** @param {number} x @param {number} y @param {boolean} dark */
  set(x, y, dark) {
    this.dark[y][x] = dark;
    this.fixed[y][x] = true;
  }

  drawFunctionPatterns() {
    const { size } = this;
    for (let i = 0; i < size; i += 1) {
      this.set(6, i, i % 2 === 0);
      this.set(i, 6, i % 2 === 0);
    }
    for (const [cx, cy] of [[3, 3], [size - 4, 3], [3, size - 4]]) {
      for (let dy = -4; dy <= 4; dy += 1) {
        for (let dx = -4; dx <= 4; dx += 1) {
          const distance = Math.max(Math.abs(dx), Math.abs(dy));
          const [x, y] = [cx + dx, cy + dy];
          if (x >= 0 && x < size && y >= 0 && y < size) this.set(x, y, distance !== 2 && distance !== 4);
        }
      }
    }
    const positions = alignmentPositions(this.version);
    const last = positions.length - 1;
    positions.forEach((cx, i) => positions.forEach((cy, j) => {
      if ((i === 0 && j === 0) || (i === 0 && j === last) || (i === last && j === 0)) return;
      for (let dy = -2; dy <= 2; dy += 1) {
        for (let dx = -2; dx <= 2; dx += 1) this.set(cx + dx, cy + dy, Math.max(Math.abs(dx), Math.abs(dy)) !== 1);
      }
    }));
    this.drawFormat(0);
    if (this.version >= 7) {
      let rem = this.version;
      for (let i = 0; i < 12; i += 1) rem = (rem << 1) ^ ((rem >>> 11) * 0x1f25);
      const bits = (this.version << 12) | rem;
      for (let i = 0; i < 18; i += 1) {
        const dark = ((bits >>> i) & 1) === 1;
        const [a, b] = [size - 11 + (i % 3), Math.floor(i / 3)];
        this.set(a, b, dark);
        this.set(b, a, dark);
      }
    }
  }

  /** @param {number} mask */
  drawFormat(mask) {
    const { size } = this;
    const data = (FORMAT_LEVEL_M << 3) | mask;
    let rem = data;
    for (let i = 0; i < 10; i += 1) rem = (rem << 1) ^ ((rem >>> 9) * 0x537);
    const bits = ((data << 10) | rem) ^ 0x5412;
    const bit = (/** @type {number} */ i) => ((bits >>> i) & 1) === 1;
    for (let i = 0; i <= 5; i += 1) this.set(8, i, bit(i));
    this.set(8, 7, bit(6));
    this.set(8, 8, bit(7));
    this.set(7, 8, bit(8));
    for (let i = 9; i < 15; i += 1) this.set(14 - i, 8, bit(i));
    for (let i = 0; i < 8; i += 1) this.set(size - 1 - i, 8, bit(i));
    for (let i = 8; i < 15; i += 1) this.set(8, size - 15 + i, bit(i));
    this.set(8, size - 8, true);
  }

  /** @param {number[]} codewords */
  drawCodewords(codewords) {
    const { size } = this;
    let i = 0;
    for (let right = size - 1; right >= 1; right -= 2) {
      if (right === 6) right = 5;
      for (let vert = 0; vert < size; vert += 1) {
        for (let j = 0; j < 2; j += 1) {
          const x = right - j;
          const upward = ((right + 1) & 2) === 0;
          const y = upward ? size - 1 - vert : vert;
          if (!this.fixed[y][x] && i < codewords.length * 8) {
            this.dark[y][x] = ((codewords[i >>> 3] >>> (7 - (i & 7))) & 1) === 1;
            i += 1;
          }
        }
      }
    }
  }

  /** @param {number} mask */
  applyMask(mask) {
    const test = MASKS[mask];
    for (let y = 0; y < this.size; y += 1) {
      for (let x = 0; x < this.size; x += 1) if (!this.fixed[y][x] && test(x, y)) this.dark[y][x] = !this.dark[y][x];
    }
  }

  /** The standard's penalty: long runs, 2×2 blocks, finder-like patterns, and imbalance of dark and light. */
  penalty() {
    const { size, dark } = this;
    let score = 0;
    const lines = [
      ...dark.map((row) => row),
      ...dark.map((_, x) => dark.map((row) => row[x])),
    ];
    const finder = [true, false, true, true, true, false, true];
    for (const line of lines) {
      let run = 1;
      for (let i = 1; i <= size; i += 1) {
        if (i < size && line[i] === line[i - 1]) run += 1;
        else {
          if (run >= 5) score += 3 + run - 5;
          run = 1;
        }
      }
      // a finder-like run (dark, light, dark×3, light, dark) with four light modules (or the edge) on a side
      const at = (/** @type {number} */ from) => {
        for (let i = from; i + 7 <= size; i += 1) if (finder.every((value, k) => line[i + k] === value)) return i;
        return -1;
      };
      for (let i = at(0); i !== -1;) {
        const lightBefore = !line.slice(Math.max(i - 4, 0), i).some(Boolean);
        const lightAfter = !line.slice(i + 7, Math.min(i + 11, size)).some(Boolean);
        const counted = lightBefore || lightAfter;
        if (counted) score += 40;
        i = at(i + (counted ? 7 : 4));
      }
    }
    for (let y = 0; y + 1 < size; y += 1) {
      for (let x = 0; x + 1 < size; x += 1) {
        const c = dark[y][x];
        if (c === dark[y][x + 1] && c === dark[y + 1][x] && c === dark[y + 1][x + 1]) score += 3;
      }
    }
    const darkCount = dark.reduce((sum, row) => sum + row.filter(Boolean).length, 0);
    const total = size * size;
    score += Math.floor(Math.abs(darkCount * 20 - total * 10) / total) * 10;
    return score;
  }
}

/**
 * The QR symbol of ``text`` (UTF-8, byte mode, level M): rows of modules, true for dark. ``mask`` forces
 * one mask pattern (0–7); by default the one with the least penalty is used.
 * @param {string} text @param {{mask?: number, version?: number}} [options]
 * @returns {boolean[][]}
 */
export function qrMatrix(text, { mask, version } = {}) {
  const bytes = [...new TextEncoder().encode(text)];
  const chosen = version || versionFor(bytes.length);
  if (!chosen || dataCapacity(chosen) * 8 < 4 + (chosen < 10 ? 8 : 16) + 8 * bytes.length) {
    throw new RangeError(`a QR code of version ${MAX_VERSION} or less cannot hold ${bytes.length} bytes`);
  }
  const codewords = interleaved(dataCodewords(bytes, chosen), chosen);
  const make = (/** @type {number} */ m) => {
    const symbol = new Symbol(chosen);
    symbol.drawFunctionPatterns();
    symbol.drawCodewords(codewords);
    symbol.applyMask(m);
    symbol.drawFormat(m);
    return symbol;
  };
  if (mask !== undefined) return make(mask).dark;
  let best = make(0);
  let bestScore = best.penalty();
  for (let m = 1; m < 8; m += 1) {
    const symbol = make(m);
    const score = symbol.penalty();
    if (score < bestScore) [best, bestScore] = [symbol, score];
  }
  return best.dark;
}

/**
 * The symbol as SVG markup: one path of unit squares and the quiet zone of four modules around it.
 * @param {boolean[][]} matrix @returns {string}
 */
export function qrPath(matrix) {
  let d = '';
  matrix.forEach((row, y) => row.forEach((dark, x) => {
    if (dark) d += `M${x + 4} ${y + 4}h1v1h-1z`;
  }));
  return d;
}
